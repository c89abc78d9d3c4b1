"""Figures of one n-gram: its gates over all occurrences against the layer's, and layer against
layer, from `probe.runs.queries.ngram_occurrences`."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pyarrow as pa
import pyarrow.compute as pc

from .labels import plain

BINS = np.linspace(0, 1, 21)


def ngram_gate_figure(occurrences: pa.Table, histogram: pa.Table, layer: int, label: str) -> go.Figure:
    """The share of the n-gram's occurrences per gate bin next to the share of all the layer's
    positions (`probe.gate_histogram`, branch mean), so it shows where it stands."""
    label = plain(label)
    gates = occurrences.column("gate").to_numpy()
    counts, _ = np.histogram(gates, BINS)
    rows = histogram.filter(pc.and_(pc.equal(histogram.column("layer"), layer), pc.equal(histogram.column("branch"), -1)))
    everyone, _ = np.histogram(
        rows.column("bin_lo").to_numpy(), BINS, weights=rows.column("count").to_numpy().astype(float)
    )  # the stored bins are finer: add them up into these
    centres = (BINS[:-1] + BINS[1:]) / 2
    figure = go.Figure(
        [
            go.Bar(x=centres, y=counts / max(counts.sum(), 1), width=0.05, name=f"{label} ({len(gates):,} occurrences)"),
            go.Scatter(
                x=centres, y=everyone / max(everyone.sum(), 1), mode="lines+markers", name=f"all positions, layer {layer}"
            ),
        ]
    )
    figure.update_layout(
        title={"text": f"Gate of {label} at layer {layer} over all its occurrences", "x": 0, "xanchor": "left"},
        xaxis_title="branch-mean gate (0..1, bins of 0.05)",
        yaxis_title="share of occurrences",
        yaxis_tickformat=".0%",
        xaxis_range=[0, 1],
    )
    return figure


def layer_vs_layer_figure(occurrences: pa.Table, x_layer: int, y_layer: int, label: str) -> go.Figure:
    """Each occurrence's gate at one Engram layer against another, with the diagonal."""
    label = plain(label)
    x, y = occurrences.column(f"gate_{x_layer}").to_numpy(), occurrences.column(f"gate_{y_layer}").to_numpy()
    doc_ids, positions = occurrences.column("doc_id").to_pylist(), occurrences.column("position").to_pylist()
    places = [f"{plain(d)} @ {plain(p)}" for d, p in zip(doc_ids, positions)]
    figure = go.Figure(
        [
            go.Scatter(
                x=x,
                y=y,
                mode="markers",
                marker={"opacity": 0.6},
                text=places,
                name="occurrence",
                hovertemplate="%{text}<br>layer "
                + f"{x_layer}: "
                + "%{x:.3f}<br>layer "
                + f"{y_layer}: "
                + "%{y:.3f}<extra></extra>",
            ),
            go.Scatter(x=[0, 1], y=[0, 1], mode="lines", line={"dash": "dash", "color": "grey"}, name="equal gates"),
        ]
    )
    figure.update_layout(
        title={"text": f"{label}: gate at layer {y_layer} against layer {x_layer}, per occurrence", "x": 0, "xanchor": "left"},
        xaxis_title=f"gate at layer {x_layer}",
        yaxis_title=f"gate at layer {y_layer}",
        xaxis_range=[0, 1],
        yaxis_range=[0, 1],
    )
    return figure
