"""Figures of a run's gates: histograms per layer, a document's gate trace, shaded text."""

from __future__ import annotations

import html

import plotly.graph_objects as go
import pyarrow as pa
import pyarrow.compute as pc


def gate_histogram_figure(histogram: pa.Table, branch: int = -1) -> go.Figure:
    """Distribution of gate values per Engram layer for one branch (-1: the mean over
    branches), from `probe.gate_histogram`'s table, as the share of positions per bin."""
    data = histogram.filter(pc.equal(histogram.column("branch"), branch)).to_pydict()
    figure = go.Figure()
    for layer in sorted(set(data["layer"])):
        rows = [i for i, value in enumerate(data["layer"]) if value == layer]
        total = sum(data["count"][i] for i in rows)
        figure.add_scatter(
            x=[(data["bin_lo"][i] + data["bin_hi"][i]) / 2 for i in rows],
            y=[data["count"][i] / total for i in rows],
            mode="lines+markers",
            name=f"layer {layer}",
            customdata=[[data["bin_lo"][i], data["bin_hi"][i], data["count"][i]] for i in rows],
            hovertemplate="gate %{customdata[0]:.2f}-%{customdata[1]:.2f}: %{y:.2%} (%{customdata[2]:,})<extra></extra>",
        )
    what = "mean over branches" if branch == -1 else f"branch {branch}"
    figure.update_layout(
        title=f"Gate values ({what})", xaxis_title="gate", yaxis_title="share of positions", yaxis_tickformat=".0%"
    )
    return figure


def gate_trace_figure(trace: pa.Table, value: str = "gate_mean") -> go.Figure:
    """A document's gate along its positions, one line per Engram layer, from
    `probe.document_trace` (all layers); `value` is gate_mean, gate_max or gate_bN."""
    data = trace.to_pydict()
    figure = go.Figure()
    for layer in sorted(set(data["layer"])):
        rows = [i for i, value in enumerate(data["layer"]) if value == layer]
        figure.add_scatter(
            x=[data["position"][i] for i in rows],
            y=[_gate(data, i, value) for i in rows],
            mode="lines",
            name=f"layer {layer}",
            text=[repr(data["token"][i])[1:-1] for i in rows],
            hovertemplate="position %{x}: %{text}<br>gate %{y:.3f}<extra></extra>",
        )
    figure.update_layout(
        title=f"Gate along the document ({value})", xaxis_title="token position", yaxis_title="gate", yaxis_range=[0, 1]
    )
    return figure


def _gate(data: dict, row: int, value: str) -> float:
    if value.startswith("gate_b"):
        return data["gates"][row][int(value[len("gate_b") :])]
    return data[value][row]


def shaded_text_html(tokens: list[str], gates: list[float], titles: list[str] | None = None, selected: int | None = None) -> str:
    """HTML of tokens shaded white (gate 0) to red (gate 1), as `engram-probe show` does in a
    terminal; `titles` become hover tooltips, `selected` (an index into tokens) is outlined."""
    spans = []
    for i, (token, gate) in enumerate(zip(tokens, gates)):
        shade = int(255 * (1 - min(max(gate, 0.0), 1.0)))
        style = f"background:rgb(255,{shade},{shade});color:black"
        if i == selected:
            style += ";outline:2px solid #1f4fd6"
        title = f' title="{html.escape(titles[i])}"' if titles else ""
        spans.append(f'<span style="{style}"{title}>{html.escape(token)}</span>')
    return '<div style="white-space:pre-wrap;font-family:monospace;line-height:1.6">' + "".join(spans) + "</div>"
