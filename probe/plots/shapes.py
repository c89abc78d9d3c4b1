"""Figures built from plain dicts: plotly checks a figure given whole once, where `add_scatter`,
`update_layout` and `add_vrect` check and copy it again at each call (some milliseconds each, on
every rerun of a page). The shapes are those `add_vrect` and `add_vline` draw."""

from __future__ import annotations

import plotly.graph_objects as go


def figure(traces: list[dict], layout: dict) -> go.Figure:
    """A figure of `traces` (each a dict with its "type") and `layout`, checked by plotly once."""
    return go.Figure({"data": traces, "layout": layout})


def vertical_band(x0: float, x1: float, colour: str, opacity: float) -> dict:
    """A shaded band from x0 to x1 over the plot's whole height, as `add_vrect(..., line_width=0)` draws it."""
    return {
        "type": "rect",
        "x0": x0,
        "x1": x1,
        "xref": "x",
        "y0": 0,
        "y1": 1,
        "yref": "y domain",
        "fillcolor": colour,
        "opacity": opacity,
        "line": {"width": 0},
    }


def vertical_line(x: float, colour: str, dash: str) -> dict:
    """A line at x over the plot's whole height, as `add_vline` draws it."""
    return {
        "type": "line",
        "x0": x,
        "x1": x,
        "xref": "x",
        "y0": 0,
        "y1": 1,
        "yref": "y domain",
        "line": {"color": colour, "dash": dash},
    }


def line_label(x: float, text: str) -> dict:
    """The label `add_vline(..., annotation_text=text)` puts at the top right of its line."""
    return {
        "text": text,
        "x": x,
        "xref": "x",
        "y": 1,
        "yref": "y domain",
        "xanchor": "left",
        "yanchor": "top",
        "showarrow": False,
    }
