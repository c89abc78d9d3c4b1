"""Figures of offloaded tables: tier throughput against resident, static-cache hit rates.

`tier_ratio_figure` takes the offload benchmark's JSON (`benchmarks/bench_offload.py`,
`engram-probe offload bench`); `hit_rate_figure` takes the row statistics of
`engram-probe offload rowstats --json` or `probe.offload.rowstats.run_row_stats`. The traffic figures
take `engram-probe offload traffic`'s traffic.json, `pareto_figure` the plan.json of
`engram-probe offload plan`.
"""

from __future__ import annotations

import itertools

import plotly.graph_objects as go

from .labels import plain

# curves that lie on top of each other stay apart by dash and marker, not only by colour
LINE_STYLES = [
    {"line_dash": dash, "marker_symbol": symbol}
    for dash, symbol in zip(
        itertools.cycle(("solid", "dash", "dot", "dashdot")), ("circle", "square", "diamond", "triangle-up", "x", "cross")
    )
]


def tier_ratio_figure(result: dict) -> go.Figure:
    """Tokens/s of every tier and cache variant relative to `resident`, measured side by side,
    one bar group per (model, page cache, workload)."""
    figure = go.Figure()
    setups = [
        (plain(f"{model} {cache} {workload}"), variants)
        for model, runs in result["models"].items()
        for cache in ("warm", "cold")
        for workload, variants in runs.get(cache, {}).items()
        if workload in ("prefill", "decode")
    ]
    for name, variants in setups:
        shown = [v for v in variants.values() if v["name"] != "resident"]
        figure.add_bar(
            name=name,
            x=[plain(v["name"].removeprefix("cold ")) for v in shown],
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
    for (layer, stats), style in zip(report["layers"].items(), itertools.cycle(LINE_STYLES)):
        sizes = sorted(stats["hit_rate_curve"], key=int)
        figure.add_scatter(
            x=[int(s) for s in sizes],
            y=[stats["hit_rate_curve"][s] for s in sizes],
            mode="lines+markers",
            **style,
            name=f"layer {plain(layer)} ({stats['unique']:,} distinct rows)",
            hovertemplate="top %{x:,} rows: %{y:.1%} of requests<extra></extra>",
        )
    figure.update_layout(
        title=f"Static hot-row cache hit rate ({report['tokens']:,} tokens)",
        xaxis={"title": "cache size (rows per layer)", "type": "log"},
        yaxis={"title": "hit rate", "tickformat": ".0%", "range": [0, 1]},
    )
    return figure


ORDER_COLOURS = {"2": "#1f77b4", "3": "#ff7f0e", "4": "#2ca02c"}


def step_rows_figure(traffic: dict) -> go.Figure:
    """Distinct rows a decode step reads against its batch size, per n-gram order, beside
    the rows it requests: where dedupe saves reads and where it does not."""
    figure = go.Figure()
    decode = traffic["decode"]
    batches = [s["batch"] for s in decode]
    figure.add_scatter(
        x=batches, y=[s["requested_per_step"] for s in decode], name="requested (all orders)", line_dash="dash", line_color="gray"
    )
    figure.add_scatter(x=batches, y=[s["distinct_per_step"] for s in decode], name="distinct (all orders)", line_color="black")
    for order in map(str, traffic["orders"]):
        figure.add_scatter(
            x=batches, y=[s["distinct_per_order"][order] for s in decode], name=f"distinct, {plain(order)}-gram heads",
            line_color=ORDER_COLOURS.get(order),
        )  # fmt: skip
    figure.update_layout(
        title=f"Rows per decode step ({plain(traffic['model'])}, {traffic['tokens']:,} tokens of {plain(traffic['corpus'])})",
        xaxis={"title": "batch size (sequences)", "type": "log"},
        yaxis={"title": "rows per step", "type": "log"},
    )
    return figure


def head_rows_figure(traffic: dict) -> go.Figure:
    """Distinct rows per hash head in the largest measured prefill step, coloured by n-gram
    order: a tensor-parallel rank reads the sum of its heads."""
    step = max(traffic["prefill"], key=lambda s: s["requested_per_step"])
    heads = traffic["heads_per_layer"]
    per_order = heads // len(traffic["orders"])
    figure = go.Figure()
    for layer, counts in zip(traffic["layers"], step["distinct_per_head"]):
        orders = [str(traffic["orders"][h // per_order]) for h in range(heads)]
        figure.add_bar(
            x=[f"L{plain(layer)} {plain(o)}-gram h{h % per_order}" for h, o in enumerate(orders)], y=counts,
            marker_color=[ORDER_COLOURS.get(o) for o in orders], name=f"layer {plain(layer)}", showlegend=False,
        )  # fmt: skip
    figure.update_layout(
        title=f"Distinct rows per head, prefill {step['batch']}x{step['seq_len']} "
              f"({step['requested_per_step'] // (heads * len(traffic['layers'])):,} requests per head)",
        xaxis_title="layer, order, head",
        yaxis_title="distinct rows per step",
    )
    return figure


def capacity_hit_rate_figure(traffic: dict) -> go.Figure:
    """Hit rate against cache capacity in GiB: a static hot set (preloaded with the trace's
    own top rows), LRU and the offline optimum (Belady), the last two starting empty."""
    cache = traffic["cache"]
    figure = go.Figure()
    policies = (("static", "static hot set (preloaded)"), ("lru", "LRU"), ("belady", "Belady (offline optimum)"))
    for (policy, name), style in zip(policies, itertools.cycle(LINE_STYLES)):
        figure.add_scatter(x=cache["capacities_gib"], y=cache[policy], mode="lines+markers", name=name, **style)
    figure.add_hline(
        y=1 - cache["compulsory_miss"], line_dash="dot", line_color="gray", annotation_text="no compulsory misses left"
    )
    figure.update_layout(
        title=f"Hit rate against capacity ({plain(cache['trace'])})",
        xaxis={"title": "cache capacity (GiB)", "type": "log"},
        yaxis={"title": "hit rate", "tickformat": ".0%", "range": [0, 1]},
    )
    return figure


def pareto_figure(plan: dict) -> go.Figure:
    """Tokens/s per user against tokens/s per GPU for each placement across batch sizes: the
    serving pareto of the offload plan."""
    figure = go.Figure()
    for option in dict.fromkeys(p["option"] for p in plan["projections"]):
        points = [p for p in plan["projections"] if p["option"] == option]
        figure.add_scatter(
            x=[p["tokens_per_s_per_gpu"] for p in points], y=[p["tokens_per_s_per_user"] for p in points], mode="lines+markers",
            name=f"{plain(option)} (frees {points[0]['hbm_freed_gib_per_gpu']:.0f} GiB HBM/GPU)",
            text=[f"batch {plain(p['batch'])}" for p in points],
            hovertemplate="%{text}: %{x:,.0f} tok/s/GPU, %{y:,.1f} tok/s/user<extra></extra>",
        )  # fmt: skip
    figure.update_layout(
        title=f"Projected decode pareto on {plain(plan['profile'])}",
        xaxis={"title": "tokens/s per GPU", "type": "log"},
        yaxis={"title": "tokens/s per user", "type": "log"},
    )
    return figure
