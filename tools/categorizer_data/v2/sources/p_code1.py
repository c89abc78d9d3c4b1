PASSAGES = []
def P(genre, text, picks):
    PASSAGES.append({'genre': genre, 'text': text, 'picks': picks})

P('code-python', r'''# SPDX-License-Identifier: MIT
# Copyright (c) 2025 Halden Robotics AB
"""Utilities for reading calibration files from the arm controller."""

from __future__ import annotations

import json
from pathlib import Path


def load_calibration(path: str | Path) -> dict[str, float]:
    """Load joint offsets from a JSON calibration file.

    Args:
        path: Location of the file written by the controller.

    Returns:
        A mapping from joint name to offset in radians.
    """
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    # older firmware wrote degrees, convert if the flag is missing
    if not data.get("radians", False):
        return {k: v * 3.14159 / 180 for k, v in data["offsets"].items()}
    return data["offsets"]''', [
    ('# SPDX-License', False), (' Halden Robotics', True), (' Utilities for reading', True), ('from __future__', False),
    ('    Args:\n', False), (' written by the controller', True), ('    Returns:', False), ('encoding="utf', False),
    (' older firmware wrote', True), (' convert if the flag', True), ('.items()}', False),
])

P('code-javascript', r'''/**
 * Debounce a function so it only runs after `wait` ms of silence.
 * @param {Function} fn - the function to wrap
 * @param {number} wait - delay in milliseconds
 * @returns {Function}
 */
export function debounce(fn, wait = 250) {
  let timer = null;
  return function (...args) {
    clearTimeout(timer);
    timer = setTimeout(() => fn.apply(this, args), wait);
  };
}

// Hide the cookie banner once the user has accepted it.
document.querySelector('#accept-cookies')?.addEventListener('click', () => {
  localStorage.setItem('cookiesAccepted', 'yes');
  document.getElementById('cookie-banner').hidden = true;
});''', [
    (' Debounce a function', True), (' @param {Function', False), (' @returns {', False), ('export function deb', False),
    ('  let timer =', False), ('fn.apply(this', False), (' Hide the cookie banner', True), (' once the user has', True),
    ("'#accept-cookies", False),
])

P('code-typescript', r'''import { Injectable } from '@angular/core';
import { HttpClient, HttpParams } from '@angular/common/http';
import { Observable } from 'rxjs';

export interface Order {
  id: string;
  customerName: string;
  total: number;
  status: 'pending' | 'shipped' | 'cancelled';
}

/** Talks to the orders service. Every call is scoped to the current tenant. */
@Injectable({ providedIn: 'root' })
export class OrderService {
  constructor(private http: HttpClient) {}

  list(page = 1): Observable<Order[]> {
    const params = new HttpParams().set('page', String(page));
    return this.http.get<Order[]>('/api/orders', { params });
  }
}''', [
    ("import { Injectable", False), (" '@angular/core", False), ('  customerName:', False), (" 'pending' |", False),
    (' Talks to the orders', True), (' is scoped to the', True), ("providedIn: 'root", False), ('Observable<Order[]>', False),
])

P('code-java', r'''/*
 * Copyright 2024 The Apache Software Foundation.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 */
package org.example.inventory.service;

import java.util.List;
import java.util.Optional;

/**
 * Looks up stock levels for a warehouse.
 *
 * @author Maria Gonzalez
 * @since 1.4
 */
public class StockService {

    private final StockRepository repository;

    public Optional<Integer> levelFor(String sku) {
        // SKUs are stored upper-case in the legacy database
        return repository.findBySku(sku.toUpperCase()).map(Stock::getQuantity);
    }
}''', [
    (' The Apache Software', True), (' Licensed under the', False), (' in compliance with the', False),
    ('package org.example', False), (' Looks up stock levels', True), (' @author Maria', True),
    ('    private final', False), (' are stored upper-case', True), ('Stock::getQuantity', False),
])

P('code-c', r'''/* ring.c - fixed-size ring buffer for the UART driver
 *
 * This file is part of the Tern RTOS project and is distributed
 * under the terms of the GNU General Public License v2.
 */
#include <stdint.h>
#include <string.h>
#include "ring.h"

/* Returns the number of bytes that can be read without blocking. */
size_t ring_available(const struct ring *r)
{
    return (r->head - r->tail) & (RING_SIZE - 1);
}

int ring_push(struct ring *r, uint8_t byte)
{
    if (ring_available(r) == RING_SIZE - 1)
        return -EAGAIN;   /* full: the caller should retry later */
    r->buf[r->head++ & (RING_SIZE - 1)] = byte;
    return 0;
}''', [
    (' fixed-size ring buffer', True), (' is part of the Tern', False), (' GNU General Public', True),
    ('#include <stdint', False), (' Returns the number of', True), (' without blocking', True),
    ('(r->head -', False), (' return -EAGAIN', False), (' the caller should retry', True),
])

P('code-cpp', r'''// Copyright (c) 2023 Lumen Graphics. All rights reserved.
// Use of this source code is governed by a BSD-style license that can be
// found in the LICENSE file.

#pragma once
#include <memory>
#include <vector>

namespace lumen {

// A Mesh owns its vertex buffer; copying is disabled on purpose because
// GPU handles cannot be shared between two owners.
class Mesh {
 public:
  explicit Mesh(std::vector<float> vertices);
  Mesh(const Mesh&) = delete;
  Mesh& operator=(const Mesh&) = delete;

  std::size_t vertex_count() const { return vertices_.size() / 3; }

 private:
  std::vector<float> vertices_;
};

}  // namespace lumen''', [
    ('// Copyright (c) 2023', False), (' Lumen Graphics', True), (' is governed by a BSD', False), ('#pragma once', False),
    (' owns its vertex buffer', True), (' cannot be shared between', True), (' = delete;', False),
    ('std::size_t vertex', False), ('}  // namespace', False),
])

P('code-rust', r'''//! A tiny key-value store backed by a single append-only log file.
//!
//! # Examples
//!
//! ```
//! let mut db = Kv::open("data.log")?;
//! db.set("name", "Ada")?;
//! ```

use std::collections::HashMap;
use std::fs::{File, OpenOptions};

/// Errors returned by [`Kv`].
#[derive(Debug, thiserror::Error)]
pub enum KvError {
    #[error("key not found: {0}")]
    NotFound(String),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl Kv {
    /// Opens the log at `path`, creating it if it does not exist.
    pub fn open(path: &str) -> Result<Self, KvError> {''', [
    (' A tiny key-value store', True), (' backed by a single', True), ('//! # Examples', False), ('use std::collections', False),
    ('#[derive(Debug', False), ('"key not found:', True), ('    Io(#[from', False), (' creating it if it', True),
    ('Result<Self, Kv', False),
])

P('code-go', r'''// Package ratelimit implements a token-bucket rate limiter.
//
// Deprecated: use golang.org/x/time/rate instead.
package ratelimit

import (
	"sync"
	"time"
)

// Limiter allows up to Burst events at once and refills at Rate per second.
type Limiter struct {
	mu     sync.Mutex
	tokens float64
	last   time.Time
}

// Allow reports whether an event may happen now.
func (l *Limiter) Allow() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tokens < 1 {
		return false
	}
	l.tokens--
	return true
}''', [
    ('// Package ratelimit', False), (' implements a token', True), ('Deprecated: use', False), (' golang.org/x', False),
    (' refills at Rate per', True), ('\tmu     sync', False), (' reports whether an event', True), ('	defer l.mu', False),
    ('func (l *Lim', False),
])

P('code-ruby', r'''# frozen_string_literal: true

# Sends the weekly digest to every subscriber who has opted in.
# Scheduled by config/schedule.rb every Monday at 07:00 UTC.
class WeeklyDigestJob < ApplicationJob
  queue_as :mailers

  def perform
    User.where(digest_opt_in: true).find_each do |user|
      DigestMailer.with(user: user).weekly.deliver_later
    end
  rescue Net::SMTPServerBusy => e
    Rails.logger.warn("SMTP busy, retrying: #{e.message}")
    retry_job wait: 10.minutes
  end
end''', [
    ('# frozen_string', False), (' Sends the weekly digest', True), (' who has opted in', True), (' config/schedule.rb', True),
    ('  queue_as :', False), ('.find_each do |', False), ('"SMTP busy, retrying', True), (' wait: 10.minutes', False),
])
