"""Figures of the categorizer over a run: enrichment with intervals, label shares per group."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pyarrow as pa

from ..categorize.enrichment import interval_reasons
from .labels import plain

NO_INTERVAL = "no interval"  # the mark on a bar whose ratio has no interval: a count, not a finding


def enrichment_figure(
    enrichment_table: pa.Table, title: str = "Enrichment among top-gated positions", estimate: str | None = None
) -> go.Figure:
    """Bars of the enrichment ratio per label (one bar group per layer when the table has a
    `layer` column), with the bootstrap 95% interval as error bars and a reference line at 1.
    A ratio without an interval is drawn faint and hatched, marked "no interval", its reason
    (`interval_reasons`) on hover: a ratio that cannot be told from chance is not a finding.
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
    shown = over_every_domain(enrichment_table)
    reasons = interval_reasons(shown, estimate)
    data = shown.to_pydict()
    data = {**data, "ratio": data[f"{prefix}ratio"], "lo": data[f"{prefix}lo"], "hi": data[f"{prefix}hi"]}
    layers = data.get("layer", [None] * len(data["label"]))
    figure = go.Figure()
    for layer in dict.fromkeys(layers):
        rows = [i for i, value in enumerate(layers) if value == layer]
        ratio = np.array([data["ratio"][i] for i in rows])
        missing = [reasons[i] is not None for i in rows]
        figure.add_bar(
            name="all positions" if layer is None else f"layer {plain(layer)}",
            x=[plain(data["label"][i]) for i in rows],
            y=ratio,
            text=[NO_INTERVAL if m else "" for m in missing],
            textposition="outside",
            marker={"opacity": [0.35 if m else 1.0 for m in missing], "pattern": {"shape": ["/" if m else "" for m in missing]}},
            customdata=[
                plain(f"{NO_INTERVAL}: {reasons[i]}")
                if reasons[i]
                else f"95% interval [{data['lo'][i]:.2f}, {data['hi'][i]:.2f}]"
                for i in rows
            ],
            hovertemplate="%{x}: %{y:.2f}<br>%{customdata}<extra>%{fullData.name}</extra>",
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


def enrichment_title(enrichment_table: pa.Table, estimate: str) -> str:
    """The enrichment figure's title, promising only what it draws: "95% intervals" where every
    ratio has one, which ones lack it where some do, and why where none does."""
    reasons = [r for r in interval_reasons(over_every_domain(enrichment_table), estimate)]
    title = f"Enrichment ({estimate}): P(label | top-gated) / P(label | random)"
    lacking = [r for r in reasons if r is not None]
    if not lacking:
        return f"{title}, 95% intervals"
    if len(lacking) == len(reasons):
        common = max(set(lacking), key=lacking.count)
        return f"{title}: no intervals<br><sup>{plain(common)}</sup>"
    return f"{title}, 95% intervals where drawn<br><sup>{len(lacking)} of {len(reasons)} ratios have none (hatched)</sup>"


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
