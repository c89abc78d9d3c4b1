"""Figures of one n-gram: its gates over all occurrences against the layer's (shares per bin, and
densities on a log scale), and layer against layer, from `probe.runs.queries.ngram_occurrences`."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pyarrow as pa
import pyarrow.compute as pc

from .labels import plain
from .shapes import figure, line_label, vertical_line

BINS = np.linspace(0, 1, 21)


def ngram_gate_figure(occurrences: pa.Table, histogram: pa.Table, layer: int, label: str) -> go.Figure:
    """The share of the n-gram's occurrences per gate bin next to the share of all the layer's
    positions (`probe.gate_histogram`, branch mean), so it shows where it stands."""
    label = plain(label)
    gates = occurrences.column("gate").to_numpy()
    counts, _ = np.histogram(gates, BINS)
    rows = histogram.filter(pc.and_(pc.equal(histogram.column("layer"), layer), pc.equal(histogram.column("branch"), -1)))
    # the stored bins are finer: add them up into these, each by its centre (a lower edge of 0.15 lies
    # below np.linspace's 0.15000000000000002 and would fall into the bin before)
    stored_centres = (rows.column("bin_lo").to_numpy() + rows.column("bin_hi").to_numpy()) / 2
    everyone, _ = np.histogram(stored_centres, BINS, weights=rows.column("count").to_numpy().astype(float))
    centres = (BINS[:-1] + BINS[1:]) / 2
    bars = {
        "type": "bar",
        "x": centres,
        "y": counts / max(counts.sum(), 1),
        "width": 0.05,
        "name": f"{label} ({len(gates):,} occurrences)",
    }
    layer_line = {
        "type": "scatter",
        "x": centres,
        "y": everyone / max(everyone.sum(), 1),
        "mode": "lines+markers",
        "name": f"all positions, layer {layer}",
    }
    layout = {
        "title": {"text": f"Gate of {label} at layer {layer} over all its occurrences", "x": 0, "xanchor": "left"},
        "xaxis": {"title": {"text": "branch-mean gate (0..1, bins of 0.05)"}, "range": [0, 1]},
        "yaxis": {"title": {"text": "share of occurrences"}, "tickformat": ".0%"},
    }
    return figure([bars, layer_line], layout)


def layer_gate_density(histogram: pa.Table, layer: int) -> tuple[np.ndarray, np.ndarray]:
    """The stored histogram's bin edges and the layer's density per unit gate in each bin
    (branch mean; integrates to 1 over [0, 1])."""
    rows = histogram.filter(pc.and_(pc.equal(histogram.column("layer"), layer), pc.equal(histogram.column("branch"), -1)))
    if rows.num_rows == 0:
        raise ValueError(
            f"the gate histogram has no layer {layer}: use one of {sorted(set(histogram.column('layer').to_pylist()))}"
        )
    width = float(rows.column("bin_hi")[0].as_py() - rows.column("bin_lo")[0].as_py())
    edges = np.linspace(0, 1, round(1 / width) + 1)
    counts = np.zeros(len(edges) - 1)
    np.add.at(counts, rows.column("bin").to_numpy(), rows.column("count").to_numpy())
    return edges, counts / max(counts.sum(), 1) / width


def ngram_gate_density_figure(occurrences: pa.Table, histogram: pa.Table, layer: int, label: str) -> go.Figure:
    """The density of the n-gram's gates (per unit gate, area 1) against the layer's, on the
    stored histogram's bins and a log scale, so a thin tail reads as well as the bulk; dashed
    lines at both means."""
    label = plain(label)
    edges, everyone = layer_gate_density(histogram, layer)
    gates = occurrences.column("gate").to_numpy()
    width = edges[1] - edges[0]
    counts, _ = np.histogram(gates, edges)
    own = counts / max(counts.sum(), 1) / width
    centres = (edges[:-1] + edges[1:]) / 2
    layer_mean = float((centres * everyone * width).sum())  # from the bins: exact to half a bin
    steps = [
        {
            "type": "scatter",
            "x": edges,
            "y": np.r_[own, own[-1]],
            "line": {"shape": "hv"},
            "name": f"{label} ({len(gates):,} occurrences)",
        },
        {
            "type": "scatter",
            "x": edges,
            "y": np.r_[everyone, everyone[-1]],
            "line": {"shape": "hv"},
            "name": f"all positions, layer {layer}",
        },
    ]
    means = ((gates.mean(), "#636efa", "its mean"), (layer_mean, "#ef553b", "layer's mean"))
    layout = {
        "title": {"text": f"Density of {label}'s gate against layer {layer}'s", "x": 0, "xanchor": "left"},
        "xaxis": {"title": {"text": f"branch-mean gate (0..1, bins of {width:.2f})"}, "range": [0, 1]},
        "yaxis": {"title": {"text": "density per unit gate (log)"}, "type": "log"},
        "shapes": [vertical_line(x, colour, "dash") for x, colour, _ in means],
        "annotations": [line_label(x, f"{name} {x:.3f}") for x, _, name in means],
    }
    return figure(steps, layout)


def layer_vs_layer_figure(occurrences: pa.Table, x_layer: int, y_layer: int, label: str) -> go.Figure:
    """Each occurrence's gate at one Engram layer against another, with the diagonal."""
    label = plain(label)
    x, y = occurrences.column(f"gate_{x_layer}").to_numpy(), occurrences.column(f"gate_{y_layer}").to_numpy()
    doc_ids, positions = occurrences.column("doc_id").to_pylist(), occurrences.column("position").to_pylist()
    places = [f"{plain(d)} @ {plain(p)}" for d, p in zip(doc_ids, positions)]
    occurrences_drawn = {
        "type": "scatter",
        "x": x,
        "y": y,
        "mode": "markers",
        "marker": {"opacity": 0.6},
        "text": places,
        "name": "occurrence",
        "hovertemplate": "%{text}<br>layer " + f"{x_layer}: " + "%{x:.3f}<br>layer " + f"{y_layer}: " + "%{y:.3f}<extra></extra>",
    }
    diagonal = {
        "type": "scatter",
        "x": [0, 1],
        "y": [0, 1],
        "mode": "lines",
        "line": {"dash": "dash", "color": "grey"},
        "name": "equal gates",
    }
    layout = {
        "title": {"text": f"{label}: gate at layer {y_layer} against layer {x_layer}, per occurrence", "x": 0, "xanchor": "left"},
        "xaxis": {"title": {"text": f"gate at layer {x_layer}"}, "range": [0, 1]},
        "yaxis": {"title": {"text": f"gate at layer {y_layer}"}, "range": [0, 1]},
    }
    return figure([occurrences_drawn, diagonal], layout)
