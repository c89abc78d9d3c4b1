"""Figures of offloaded tables: tier throughput against resident, static-cache hit rates.

`tier_ratio_figure` takes the offload benchmark's JSON (`benchmarks/bench_offload.py`,
`engram-probe offload bench`); `hit_rate_figure` takes the row statistics of
`engram-probe offload rowstats --json` or `probe.browse.run_row_stats`.
"""

from __future__ import annotations

import plotly.graph_objects as go


def tier_ratio_figure(result: dict) -> go.Figure:
    """Tokens/s of every tier and cache variant relative to `resident`, measured side by side,
    one bar group per (model, page cache, workload)."""
    figure = go.Figure()
    setups = [
        (f"{model} {cache} {workload}", variants)
        for model, runs in result["models"].items()
        for cache in ("warm", "cold")
        for workload, variants in runs.get(cache, {}).items()
        if workload in ("prefill", "decode")
    ]
    for name, variants in setups:
        shown = [v for v in variants.values() if v["name"] != "resident"]
        figure.add_bar(
            name=name,
            x=[v["name"].removeprefix("cold ") for v in shown],
            y=[v["ratio_to_resident"] for v in shown],
            customdata=[[v["tokens_per_s"], v.get("cache_hit_rate")] for v in shown],
            hovertemplate="%{x}: %{y:.3f}x resident<br>%{customdata[0]:,.0f} tokens/s<extra>" + name + "</extra>",
        )
    figure.add_hline(y=1.0, line_dash="dash", line_color="gray")
    figure.update_layout(
        title="Throughput relative to resident tables (median of bracketed rounds)",
        barmode="group",
        xaxis_title="tier and options",
        yaxis_title="tokens/s ÷ resident",
        legend_title="model, page cache, workload",
    )
    return figure


def hit_rate_figure(report: dict) -> go.Figure:
    """Share of row requests a static cache of the N most requested rows serves, against N,
    one curve per Engram layer (offline LFU on the counted text: an upper bound elsewhere)."""
    figure = go.Figure()
    for layer, stats in report["layers"].items():
        sizes = sorted(stats["hit_rate_curve"], key=int)
        figure.add_scatter(
            x=[int(s) for s in sizes],
            y=[stats["hit_rate_curve"][s] for s in sizes],
            mode="lines+markers",
            name=f"layer {layer} ({stats['unique']:,} distinct rows)",
            hovertemplate="top %{x:,} rows: %{y:.1%} of requests<extra></extra>",
        )
    figure.update_layout(
        title=f"Static hot-row cache hit rate ({report['tokens']:,} tokens)",
        xaxis={"title": "cache size (rows per layer)", "type": "log"},
        yaxis={"title": "hit rate", "tickformat": ".0%", "range": [0, 1]},
    )
    return figure
