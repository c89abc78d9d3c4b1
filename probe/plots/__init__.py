"""Plotly figures of the probing analyses: plain functions from result tables and dicts to figures."""
