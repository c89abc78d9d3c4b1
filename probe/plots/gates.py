"""Figures of a run's gates: histograms per layer, a document's gate trace, shaded text."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pyarrow as pa
import pyarrow.compute as pc

from .labels import plain
from .shapes import figure, vertical_band, vertical_line

TRACE_POINTS = 400  # points per line of a long document's gate trace


def gate_histogram_figure(histogram: pa.Table, branch: int = -1, selected: tuple[float, float] | None = None) -> go.Figure:
    """Distribution of gate values per Engram layer for one branch (-1: the mean over
    branches), from `probe.gate_histogram`'s table, as the share of positions per bin.
    `selected` shades a gate range [low, high], and a drag then selects a box (a new range)."""
    data = histogram.filter(pc.equal(histogram.column("branch"), branch)).to_pydict()
    lines = []
    for layer in sorted(set(data["layer"])):
        rows = [i for i, value in enumerate(data["layer"]) if value == layer]
        total = sum(data["count"][i] for i in rows)
        lines.append(
            {
                "type": "scatter",
                "x": [(data["bin_lo"][i] + data["bin_hi"][i]) / 2 for i in rows],
                "y": [data["count"][i] / total for i in rows],
                "mode": "lines+markers",
                "name": f"layer {plain(layer)}",
                "customdata": [[data["bin_lo"][i], data["bin_hi"][i], data["count"][i]] for i in rows],
                "hovertemplate": "gate %{customdata[0]:.2f}-%{customdata[1]:.2f}: %{y:.2%} (%{customdata[2]:,})<extra></extra>",
            }
        )
    what = "mean over branches" if branch == -1 else f"branch {branch}"
    layout = {
        "title": {"text": f"Gate values ({what})"},
        "xaxis": {"title": {"text": "gate"}, "range": [0, 1]},  # the whole range a gate can take, wherever a run's gates lie
        "yaxis": {"title": {"text": "share of positions"}, "tickformat": ".0%"},
    }
    if selected is not None:
        layout["shapes"] = [vertical_band(*selected, "#1f4fd6", 0.12)]
        layout["dragmode"] = "select"
    return figure(lines, layout)


def selected_gate_range(selection: dict, bins: int) -> tuple[float, float] | None:
    """The gate range [low, high] chosen on `gate_histogram_figure` (a plotly selection, as
    Streamlit's `on_select` reports it): a box's horizontal extent widened to whole bins of
    `bins` over [0, 1], else the span of the clicked bins; None when nothing is selected."""
    boxes = selection.get("box") or []
    if boxes:
        x0, x1 = sorted(boxes[0]["x"])
        low, high = np.floor(max(x0, 0.0) * bins) / bins, np.ceil(min(x1, 1.0) * bins) / bins
        return (float(low), float(max(high, low + 1 / bins))) if low < 1 else (1 - 1 / bins, 1.0)
    edges = [point["customdata"][:2] for point in selection.get("points") or [] if point.get("customdata")]
    if edges:
        return float(min(lo for lo, _ in edges)), float(max(hi for _, hi in edges))
    return None


def rolling_mean(values, width: int) -> np.ndarray:
    """The mean of each value and the `width - 1` before it (fewer at the start): a trace over
    thousands of positions, drawn raw, is a solid band."""
    values = np.asarray(values, dtype=float)
    if width < 1:
        raise ValueError(f"width={width}: use 1 or more")
    sums = np.cumsum(np.concatenate([[0.0], values]))
    lows = np.maximum(np.arange(1, len(values) + 1) - width, 0)
    return (sums[1:] - sums[lows]) / (np.arange(1, len(values) + 1) - lows)


def gate_trace_figure(
    trace: pa.Table, value: str = "gate_mean", window: tuple[int, int] | None = None, selected: int | None = None
) -> go.Figure:
    """A document's gate along its positions, one line per Engram layer, from
    `probe.document_trace` (all layers); `value` is gate_mean, gate_max or gate_bN. Up to 200
    positions the line is the raw gates, each point hovering its token; over more, each point is
    the rolling mean of the 1/100 of the positions that end there (the raw gates would be a
    solid band), drawn at no more than TRACE_POINTS points, so a long document's figure stays some
    tens of kilobytes. `window` shades the positions shown as text, `selected` marks one."""
    # columns as arrays, not Python lists: a long document has tens of thousands of rows
    layers, position = trace.column("layer").to_numpy(), trace.column("position").to_numpy()
    gates = _gate_column(trace, value)
    positions = int(position.max(initial=-1)) + 1
    width = max(positions // 100, 1) if positions > 200 else 1
    lines = []
    for layer in np.unique(layers):
        rows = layers == layer
        x, y = position[rows], rolling_mean(gates[rows], width)
        if width == 1:
            tokens = [plain(repr(t)[1:-1]) for t in trace.column("token").filter(pa.array(rows)).to_pylist()]
            hover = {"text": tokens, "hovertemplate": "position %{x}: %{text}<br>gate %{y:.3f}<extra></extra>"}
        else:
            drawn = np.unique(np.linspace(0, len(x) - 1, min(len(x), TRACE_POINTS)).round().astype(int))  # first and last kept
            x, y = x[drawn], y[drawn]
            hover = {
                "customdata": np.maximum(x - width + 1, 0),
                "hovertemplate": "positions %{customdata}–%{x}<br>mean gate %{y:.3f}<extra></extra>",
            }
        lines.append({"type": "scatter", "x": x, "y": y, "mode": "lines", "name": f"layer {plain(layer)}", **hover})
    marks = []
    if window is not None:
        marks.append(vertical_band(window[0], window[1] - 1, "#1f4fd6", 0.08))
    if selected is not None:
        marks.append(vertical_line(selected, "#1f4fd6", "dot"))
    smoothed = f", rolling mean over {width} tokens" if width > 1 else ""
    layout = {
        "title": {"text": f"Gate along the document ({value.removeprefix('gate_')}{smoothed})", "x": 0, "xanchor": "left"},
        "xaxis": {"title": {"text": "token position"}},
        "yaxis": {"title": {"text": "gate (0..1)"}, "range": [0, 1]},
        "margin": {"t": 60},
    }
    if marks:
        layout["shapes"] = marks
    return figure(lines, layout)


def _gate_column(trace: pa.Table, value: str) -> np.ndarray:
    if value.startswith("gate_b"):
        return pc.list_element(trace.column("gates"), int(value[len("gate_b") :])).to_numpy()
    return trace.column(value).to_numpy()
