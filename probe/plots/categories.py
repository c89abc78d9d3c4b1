"""Figures of the categorizer over a run: enrichment with intervals, label shares per group."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pyarrow as pa

from .labels import plain


def enrichment_figure(enrichment_table: pa.Table, title: str = "Enrichment among top-gated positions") -> go.Figure:
    """Bars of the enrichment ratio per label (one bar group per layer when the table has a
    `layer` column), with the bootstrap 95% interval as error bars and a reference line at 1."""
    missing = {"label", "ratio", "lo", "hi"} - set(enrichment_table.column_names)
    if missing:
        raise KeyError(f"the enrichment table lacks {sorted(missing)}; it has {enrichment_table.column_names}")
    data = enrichment_table.to_pydict()
    layers = data.get("layer", [None] * len(data["label"]))
    figure = go.Figure()
    for layer in dict.fromkeys(layers):
        rows = [i for i, value in enumerate(layers) if value == layer]
        ratio = np.array([data["ratio"][i] for i in rows])
        figure.add_bar(
            name="all positions" if layer is None else f"layer {plain(layer)}",
            x=[plain(data["label"][i]) for i in rows],
            y=ratio,
            error_y={
                "type": "data",
                "symmetric": False,
                # an undefined interval (null) draws no error bar
                "array": np.array([data["hi"][i] for i in rows], dtype=float) - ratio,
                "arrayminus": ratio - np.array([data["lo"][i] for i in rows], dtype=float),
            },
        )
    figure.add_hline(y=1.0, line_dash="dash", line_color="gray")
    figure.update_layout(
        title=title,
        barmode="group",
        xaxis_title="kind of text",
        yaxis_title="P(label | top-gated) / P(label | random)",
        legend_title="Engram layer",
    )
    return figure


def label_share_figure(enrichment_table: pa.Table) -> go.Figure:
    """Share of each label among the top-gated and the random positions, per layer: the
    distributions whose ratio the enrichment figure shows (raw counts, no smoothing)."""
    data = enrichment_table.to_pydict()
    figure = go.Figure()
    labels = list(dict.fromkeys(data["label"]))
    for label in labels:
        rows = [i for i, value in enumerate(data["label"]) if value == label]
        x = [[f"layer {plain(data['layer'][i])}" for i in rows for _ in (0, 1)], ["top", "random"] * len(rows)]
        shares = [data[f"count_{g}"][i] / data[f"n_{g}"][i] for i in rows for g in ("top", "random")]
        counts = [f"{data[f'count_{g}'][i]}/{data[f'n_{g}'][i]}" for i in rows for g in ("top", "random")]
        figure.add_bar(
            name=plain(label),
            x=x,
            y=shares,
            customdata=counts,
            hovertemplate=f"{plain(label)}: %{{y:.1%}} (%{{customdata}})<extra></extra>",
        )
    figure.update_layout(
        title="Kinds of text among top-gated and random positions",
        barmode="stack",
        yaxis_title="share of positions",
        yaxis_tickformat=".0%",
        legend_title="label",
    )
    return figure
