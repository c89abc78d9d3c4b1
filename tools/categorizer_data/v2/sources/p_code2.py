PASSAGES = []
def P(genre, text, picks):
    PASSAGES.append({'genre': genre, 'text': text, 'picks': picks})

P('code-php', r'''<?php
/**
 * Plugin Name: Simple Store Locator
 * Description: Shows a searchable map of your shop locations.
 * Version: 2.1.3
 * Author: Greenleaf Web Studio
 * License: GPL-2.0-or-later
 */

if ( ! defined( 'ABSPATH' ) ) {
    exit; // Exit if accessed directly.
}

function ssl_enqueue_assets() {
    // Only load the map script on pages that actually use the shortcode.
    if ( has_shortcode( get_post()->post_content ?? '', 'store_locator' ) ) {
        wp_enqueue_script( 'ssl-map', plugins_url( 'js/map.js', __FILE__ ), array(), '2.1.3', true );
    }
}
add_action( 'wp_enqueue_scripts', 'ssl_enqueue_assets' );''', [
    ('<?php\n', False), (' Plugin Name:', False), (' Shows a searchable map', True), (' Greenleaf Web Studio', True),
    (' License: GPL', False), (" defined( 'ABSPATH'", False), (' Exit if accessed directly', True),
    (' pages that actually use', True), ("'js/map.js'", False),
])

P('code-sql', r'''-- Monthly revenue per country, excluding test accounts.
-- Owner: data-eng@corp  |  Last reviewed: 2026-01-12
WITH paid AS (
    SELECT o.customer_id,
           date_trunc('month', o.created_at) AS month,
           SUM(o.amount_cents) / 100.0       AS revenue
    FROM orders o
    JOIN customers c ON c.id = o.customer_id
    WHERE o.status = 'paid'
      AND c.email NOT LIKE '%@example.com'   -- internal testers
    GROUP BY 1, 2
)
SELECT c.country, p.month, SUM(p.revenue) AS revenue
FROM paid p
JOIN customers c ON c.id = p.customer_id
GROUP BY c.country, p.month
ORDER BY p.month DESC, revenue DESC;''', [
    (' Monthly revenue per country', True), (' excluding test accounts', True), ('Owner: data', True),
    ("date_trunc('month'", False), ('    JOIN customers c', False), (" NOT LIKE '%", False), (' internal testers', True),
    ('ORDER BY p.', False),
])

P('code-shell', r'''#!/usr/bin/env bash
# backup.sh - nightly Postgres dump to S3
# Usage: ./backup.sh [database]   (defaults to "shop")
set -euo pipefail

DB="${1:-shop}"
STAMP="$(date +%Y-%m-%d_%H%M)"
OUT="/var/backups/${DB}_${STAMP}.sql.gz"

echo "Dumping ${DB} to ${OUT}..."
pg_dump --no-owner "$DB" | gzip -9 > "$OUT"

# keep two weeks of local copies, the bucket has its own lifecycle rule
find /var/backups -name '*.sql.gz' -mtime +14 -delete

aws s3 cp "$OUT" "s3://acme-db-backups/${DB}/" --only-show-errors
echo "Done."''', [
    ('#!/usr/bin/env', False), (' nightly Postgres dump', True), ('# Usage: ./', False), ('set -euo pipefail', False),
    ('echo "Dumping', False), (' keep two weeks of', True), (' has its own lifecycle', True), (' --only-show-errors', False),
    (' "Done.', True),
])

P('code-haskell', r'''{-# LANGUAGE OverloadedStrings #-}
-- |
-- Module      : Data.Inventory.Parse
-- Description : Parser for the warehouse CSV export
-- Copyright   : (c) Jonas Berg, 2024
-- License     : BSD-3-Clause
module Data.Inventory.Parse (parseRow, Row(..)) where

import qualified Data.Text as T

-- | One line of the export. The quantity column is sometimes empty,
-- in which case we treat it as zero.
data Row = Row { sku :: T.Text, qty :: Int } deriving (Show, Eq)

parseRow :: T.Text -> Either String Row
parseRow line = case T.splitOn "," line of
  [s, q] -> Right (Row s (if T.null q then 0 else read (T.unpack q)))
  _      -> Left ("bad row: " <> T.unpack line)''', [
    ('{-# LANGUAGE', False), (' Module      :', False), (' Jonas Berg', True), (' License     : BSD', False),
    (' The quantity column is', True), (' we treat it as zero', True), (' deriving (Show', False),
    ('Either String Row', False), ('"bad row: "', True),
])

P('code-kotlin', r'''package com.example.weather.ui

import androidx.compose.material3.Text
import androidx.compose.runtime.Composable

/**
 * Shows the current temperature for a city.
 *
 * @param city the display name, e.g. "Lisbon"
 * @param celsius temperature, or null while loading
 */
@Composable
fun TemperatureCard(city: String, celsius: Double?) {
    val label = celsius?.let { "%.1f °C".format(it) } ?: "Loading…"
    // TODO(anna): switch to Fahrenheit for US locales
    Text(text = "$city: $label")
}''', [
    ('package com.example', False), ('import androidx.compose', False), (' Shows the current temperature', True),
    (' @param city', False), (' e.g. "Lisbon"', True), ('@Composable\n', False), (' switch to Fahrenheit', True),
    (' for US locales', True), ('"$city:', False),
])

P('code-swift', r'''//
//  ProfileViewController.swift
//  Trailhead
//
//  Created by Sofia Marquez on 3/11/25.
//  Copyright © 2025 Trailhead Labs. All rights reserved.
//

import UIKit

final class ProfileViewController: UIViewController {

    @IBOutlet private weak var nameLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        // The avatar is downloaded lazily, so show the initials first.
        nameLabel.text = NSLocalizedString("profile.loading", comment: "Shown while the profile loads")
    }
}''', [
    ('  ProfileViewController.swift', True), ('  Created by Sofia', False), (' Trailhead Labs. All', True),
    ('import UIKit', False), (' @IBOutlet private', False), (' is downloaded lazily', True), (' show the initials first', True),
    ('NSLocalizedString("', False), ('"Shown while the profile', True),
])

P('code-r', r'''#' Summarise penguin body mass by species and island
#'
#' @param df A data frame like `palmerpenguins::penguins`.
#' @return A tibble with one row per species/island pair.
#' @export
summarise_mass <- function(df) {
  df |>
    dplyr::filter(!is.na(body_mass_g)) |>
    dplyr::group_by(species, island) |>
    dplyr::summarise(mean_mass = mean(body_mass_g), n = dplyr::n(), .groups = "drop")
}

# Biscoe Island has the heaviest birds on average (Gentoo live there)
library(ggplot2)
ggplot(summarise_mass(penguins), aes(island, mean_mass, fill = species)) + geom_col()''', [
    (" Summarise penguin body", True), ("#' @param df", False), (' `palmerpenguins::', False), ("#' @return", False),
    (' <- function(df', False), ('dplyr::group_by(', False), (' Biscoe Island has', True), (' (Gentoo live there', True),
    ('library(ggplot', False),
])

P('code-html-css', r'''<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Contact us | Fernhill Dental Practice</title>
  <style>
    /* brand green, agreed with the designer in May */
    .btn-primary { background: #2e7d5b; border-radius: 4px; }
  </style>
</head>
<body>
  <nav><a href="/">Home</a> <a href="/services">Services</a> <a href="/contact" aria-current="page">Contact</a></nav>
  <h1>Book an appointment</h1>
  <p>Call us on 01632 960 214 or use the form below.</p>
  <footer>&copy; 2026 Fernhill Dental Practice &middot; <a href="/privacy">Privacy policy</a></footer>
</body>
</html>''', [
    ('<!DOCTYPE html', False), ('  <meta charset', False), ('Contact us | Fern', True), (' agreed with the designer', True),
    (' border-radius: 4', False), ('>Services</a>', True), ('Book an appointment', True), (' use the form below', False),
    ('&copy; 2026', False), ('>Privacy policy<', True),
])

P('code-lua', r'''-- init.lua: Neovim configuration
-- Author: Kenji Sato <kenji@example.jp>

local opt = vim.opt
opt.number = true
opt.expandtab = true
opt.shiftwidth = 2

-- Bootstrap lazy.nvim if it is not installed yet
local lazypath = vim.fn.stdpath("data") .. "/lazy/lazy.nvim"
if not vim.loop.fs_stat(lazypath) then
  vim.fn.system({ "git", "clone", "--filter=blob:none",
    "https://github.com/folke/lazy.nvim.git", lazypath })
end

require("lazy").setup({
  { "nvim-treesitter/nvim-treesitter", build = ":TSUpdate" }, -- better syntax highlighting
})''', [
    (' Neovim configuration', True), (' Kenji Sato', True, 0, '!'), ('local opt = vim', False), (' Bootstrap lazy.nvim', True),
    (' is not installed yet', True), ('stdpath("data")', False), (' "--filter=blob', False), (' better syntax highlighting', True),
    ('require("lazy")', False),
])

# second passages for each code genre
P('code-python', r'''>>> import pandas as pd
>>> df = pd.read_csv("sales.csv")
>>> df.groupby("region")["total"].sum()
region
East     10230.5
West      8844.0
Name: total, dtype: float64
>>> df.loc[df.total > 500].shape
(17, 6)
>>> df["date"] = pd.to_datetime(df["date"], dayfirst=True)
>>> df.head(2)
         date region   total  units
0  2026-01-03   East  612.50     14
1  2026-01-03   West   88.00      2
>>> # West looks low because the Bristol store was closed in January''', [
    ('>>> import pandas', False), ('pd.read_csv("', False), ('East     1023', True), ('Name: total, dtype', True), (' because the Bristol store', True, 0, '!'), ('pd.to_datetime(', False),
])
P('code-javascript', r'''{
  "name": "@acme/checkout-widget",
  "version": "3.2.0",
  "description": "Drop-in checkout button for Acme Pay merchants",
  "main": "dist/index.js",
  "scripts": {
    "build": "rollup -c",
    "test": "vitest run"
  },
  "author": "Acme Payments Ltd",
  "license": "MIT",
  "dependencies": {
    "preact": "^10.19.0"
  }
}''', [
    ('"@acme/checkout', False), ('"Drop-in checkout button', True), (' Acme Pay merchants', True), ('"rollup -c"', False),
    ('"Acme Payments Ltd"', True), ('"license": "MIT', False),
])
P('code-typescript', r'''// Route handler for /api/users/[id] (Next.js App Router)
import { NextResponse } from "next/server";

export async function GET(_req: Request, { params }: { params: { id: string } }) {
  const user = await db.user.findUnique({ where: { id: params.id } });
  if (!user) {
    return NextResponse.json({ error: "User not found" }, { status: 404 });
  }
  return NextResponse.json(user);
}''', [
    ('// Route handler for', True), (' (Next.js App Router', True), ('await db.user', False), ('"User not found"', True),
    ('{ status: 404', False),
])
P('code-java', r'''@RestController
@RequestMapping("/api/v1/invoices")
public class InvoiceController {

    /** Returns 404 if the invoice belongs to another customer, never 403,
     *  so that invoice numbers cannot be enumerated. */
    @GetMapping("/{id}")
    public ResponseEntity<InvoiceDto> get(@PathVariable long id, Principal principal) {
        return service.find(id, principal.getName())
                .map(ResponseEntity::ok)
                .orElseGet(() -> ResponseEntity.notFound().build());
    }
}''', [
    ('@RequestMapping("/', False), (' Returns 404 if the', True), (' belongs to another customer', True),
    (' cannot be enumerated', True), ('@PathVariable long', False),
])
P('code-c', r'''$ gcc -Wall -O2 -o ring_test ring.c ring_test.c
ring.c: In function 'ring_push':
ring.c:21:16: error: 'EAGAIN' undeclared (first use in this function)
   21 |         return -EAGAIN;
      |                ^~~~~~
ring.c:21:16: note: each undeclared identifier is reported only once for each function it appears in''', [
    ('$ gcc -Wall', False), (" In function 'ring", True), (' undeclared (first use', True), (' is reported only once', True), ('note: each', False),
])
P('code-cpp', r'''int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " <mesh.obj>\n";
    return 1;
  }
  auto mesh = lumen::load_obj(argv[1]);  // throws on malformed input
  std::cout << "Loaded " << mesh.vertex_count() << " vertices\n";
  // Keep the window open until the user presses a key (Windows double-click runs)
  std::cin.get();
  return 0;
}''', [
    ('int main(int argc', False), ('std::cerr << "', False), ('"usage: "', True), (' throws on malformed input', True),
    (' << " vertices', True),
])
P('code-rust', r'''[package]
name = "tinykv"
version = "0.3.1"
edition = "2021"
authors = ["Ines Duarte <ines@example.pt>"]
description = "A tiny append-only key-value store"
license = "MIT OR Apache-2.0"

[dependencies]
thiserror = "1.0"
serde = { version = "1", features = ["derive"] }

[dev-dependencies]
tempfile = "3"

[profile.release]
lto = true   # smaller binary, slower link''', [
    ('[package]\n', False), ('"Ines Duarte', True), ('"A tiny append-only', True), ('"MIT OR Apache', False),
    ('features = ["derive', False),
])
P('code-go', r'''$ go test ./... -run TestAllow -v
=== RUN   TestAllow
    limiter_test.go:28: expected 5 allowed events, got 4
--- FAIL: TestAllow (0.00s)
FAIL
FAIL	github.com/acme/ratelimit	0.012s
$ git log -1 --oneline
9f3c2ab (HEAD -> main) limiter: refill before checking tokens
$ go vet ./...
# github.com/acme/ratelimit
./limiter.go:41:2: unreachable code''', [
    ('$ go test ./', False), ('=== RUN ', False), (' expected 5 allowed events', True), ('--- FAIL:', False),
])
P('code-ruby', r'''source "https://rubygems.org"

ruby "3.3.0"

gem "rails", "~> 7.1"
gem "pg", "~> 1.5"
# Use Puma as the app server
gem "puma", ">= 5.0"

group :development, :test do
  gem "rspec-rails"
  gem "debug", platforms: %i[mri windows]
end

group :production do
  # Sentry for error reporting (account owned by ops@)
  gem "sentry-ruby"
end''', [
    ('source "https://', False), ('gem "rails",', False), (' Use Puma as the', True), (' Sentry for error reporting', True), (' (account owned by', True), (' the app server', True),
    ('group :development', False),
])
P('code-php', r'''<?php

namespace App\Http\Controllers;

use App\Models\Booking;
use Illuminate\Http\Request;

class BookingController extends Controller
{
    public function store(Request $request)
    {
        $data = $request->validate([
            'email' => 'required|email',
            'date'  => 'required|date|after:today',
        ]);
        // Guests may only hold one booking per day
        return Booking::create($data);
    }
}''', [
    ('namespace App\\Http', False), ('use Illuminate\\', False), (' extends Controller', False), ("'required|email'", False),
    (' may only hold one', True),
])
P('code-sql', r'''CREATE TABLE authors (
    id          SERIAL PRIMARY KEY,
    full_name   TEXT NOT NULL,
    born_in     TEXT,              -- city of birth, free text
    publisher_id INTEGER REFERENCES publishers(id) ON DELETE SET NULL
);

INSERT INTO authors (full_name, born_in) VALUES ('Chinua Achebe', 'Ogidi');''', [
    ('CREATE TABLE authors', False), (' SERIAL PRIMARY KEY', False), (' city of birth', True), (' REFERENCES publishers(', False),
    ("'Chinua Achebe'", True),
])
P('code-shell', r'''$ docker ps --format '{{.Names}}\t{{.Status}}'
web-1	Up 3 hours
db-1	Up 3 hours (healthy)
$ docker logs --tail 2 web-1
[2026-03-04 10:12:01] INFO  Listening on 0.0.0.0:8000
[2026-03-04 10:12:09] WARN  Slow request: GET /reports took 2.4s
$ docker compose restart web
[+] Restarting 1/1
 ✔ Container web-1  Started''', [
    ('$ docker ps', False), (' Container web-1', True), ('\tUp 3 hours', True), (' Listening on 0.', True), (' Slow request: GET', True),
])
P('code-haskell', r'''ghci> :t foldr
foldr :: Foldable t => (a -> b -> b) -> b -> t a -> b
ghci> foldr (\x acc -> x + acc) 0 [1..10]
55
ghci> map toUpper "hello"
<interactive>:3:5: error: Variable not in scope: toUpper :: Char -> b
ghci> import Data.Char (toUpper)
ghci> map toUpper "hello"
"HELLO"
ghci> length "hello"
5
ghci> :q
Leaving GHCi.''', [
    ('ghci> :t', False), (' Foldable t =>', False), (' [1..10]', False), (' Variable not in scope', True),
])
P('code-kotlin', r'''plugins {
    id("com.android.application")
    kotlin("android")
}

android {
    namespace = "com.example.weather"
    compileSdk = 34
    defaultConfig {
        minSdk = 24  // Android 7.0, covers about 97% of devices
    }
}

dependencies {
    implementation(platform("androidx.compose:compose-bom:2024.02.00"))
    // pinned until the Material 3 date picker bug is fixed upstream
    implementation("androidx.compose.material3:material3:1.2.0")
}''', [
    ('plugins {\n', False), ('id("com.android', False), ('    compileSdk = 34', False), (' covers about 97%', True),
    (' Android 7.0', True), (' Material 3 date picker', True), (' is fixed upstream', True),
])
P('code-swift', r'''enum NetworkError: Error, LocalizedError {
    case offline
    case server(status: Int)

    /// A message suitable for showing to the user.
    var errorDescription: String? {
        switch self {
        case .offline: return "You appear to be offline."
        case .server(let status): return "Server error (\(status)). Please try again."
        }
    }
}''', [
    ('enum NetworkError:', False), (' suitable for showing to', True), ('    var errorDescription', False),
    ('"You appear to be', True), ('case .server(let', False),
])
P('code-r', r'''> model <- lm(mpg ~ wt + hp, data = mtcars)
> summary(model)$r.squared
[1] 0.8267855
> t.test(extra ~ group, data = sleep)

	Welch Two Sample t-test

data:  extra by group
t = -1.8608, df = 17.776, p-value = 0.07939
alternative hypothesis: true difference in means between group 1 and group 2 is not equal to 0
95 percent confidence interval:
 -3.3654832  0.2054832''', [
    ('> model <- lm', False), (' data = mtcars', False), ('[1] 0.82', True), ('	Welch Two Sample', True),
    (' p-value = 0.', True), (' true difference in means', True), ('95 percent confidence', True),
])
P('code-html-css', r'''@media (max-width: 600px) {
  /* stack the pricing cards on phones */
  .pricing { display: flex; flex-direction: column; gap: 1rem; }
  .pricing .card h2::after { content: " / month"; }
}

:root {
  --brand: #ff6a00;  /* Sunset Orange from the style guide */
  --font-body: "Source Sans 3", system-ui, sans-serif;
}

a:hover, a:focus-visible { text-decoration: underline; }''', [
    ('@media (max-width', False), (' stack the pricing cards', True), (' flex-direction: column', False),
    ('content: " / month"', True), (' Sunset Orange from', True),
])
P('code-lua', r'''-- A simple enemy that walks back and forth (LÖVE 11.x)
local Enemy = {}
Enemy.__index = Enemy

function Enemy.new(x, y)
  return setmetatable({ x = x, y = y, speed = 60, dir = 1 }, Enemy)
end

function Enemy:update(dt)
  self.x = self.x + self.speed * self.dir * dt
  if self.x > 400 or self.x < 0 then self.dir = -self.dir end -- turn around at the walls
end''', [
    (' walks back and forth', True), (' (LÖVE 11', True), ('Enemy.__index', False), ('return setmetatable({', False),
    (' turn around at the', True), ('function Enemy:update', False),
])
