"""Figures of the categorizer over a run: enrichment with intervals, label shares per group."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pyarrow as pa

from .labels import plain


def enrichment_figure(
    enrichment_table: pa.Table, title: str = "Enrichment among top-gated positions", estimate: str | None = None
) -> go.Figure:
    """Bars of the enrichment ratio per label (one bar group per layer when the table has a
    `layer` column), with the bootstrap 95% interval as error bars and a reference line at 1.
    `estimate` is `corrected` (for the categorizer's errors; the default where the table has
    corrected figures) or `raw`. A table with a `domain` column shows its rows over every
    domain (null `domain`)."""
    columns = set(enrichment_table.column_names)
    if estimate is None:
        corrected = enrichment_table.column("corrected_ratio") if "corrected_ratio" in columns else None
        estimate = "corrected" if corrected is not None and corrected.null_count < len(corrected) else "raw"
    if estimate not in ("raw", "corrected"):
        raise ValueError(f"estimate={estimate!r}: use raw or corrected")
    prefix = "corrected_" if estimate == "corrected" else ""
    missing = {"label", f"{prefix}ratio", f"{prefix}lo", f"{prefix}hi"} - columns
    if missing:
        raise KeyError(f"the enrichment table lacks {sorted(missing)}; it has {enrichment_table.column_names}")
    data = over_every_domain(enrichment_table).to_pydict()
    data = {**data, "ratio": data[f"{prefix}ratio"], "lo": data[f"{prefix}lo"], "hi": data[f"{prefix}hi"]}
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
        yaxis_title=("corrected " if prefix else "") + "P(label | top-gated) / P(label | random)",
        legend_title="Engram layer",
    )
    return figure


def label_share_figure(enrichment_table: pa.Table) -> go.Figure:
    """Share of each label among the top-gated and the random positions, per layer: the
    distributions whose ratio the enrichment figure shows (raw counts, no smoothing), over
    every domain."""
    data = over_every_domain(enrichment_table).to_pydict()
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


def over_every_domain(enrichment_table: pa.Table) -> pa.Table:
    """The rows over every domain (null `domain`) of a table with per-domain rows; any other
    table as it is."""
    if "domain" not in enrichment_table.column_names:
        return enrichment_table
    return enrichment_table.filter(enrichment_table.column("domain").is_null())
