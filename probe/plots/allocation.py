"""The allocation sweep's figure: validation loss against rho, every run, the seed means with
their intervals, and the quadratic fit with its optimum."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go


def allocation_figure(rows: Sequence[dict], curve: Sequence[dict], fit: dict, interval: dict) -> go.Figure:
    fig = go.Figure()
    fig.add_scatter(
        x=[row["rho"] for row in rows],
        y=[row["loss_overall"] for row in rows],
        mode="markers",
        marker={"color": "rgba(90, 90, 90, 0.45)", "size": 7},
        name="one run (seed)",
    )
    seeded = [point for point in curve if point["ci_low"] is not None]
    fig.add_scatter(
        x=[point["rho"] for point in seeded],
        y=[point["mean"] for point in seeded],
        error_y={"type": "data", "array": [point["ci_high"] - point["mean"] for point in seeded]},
        mode="markers",
        marker={"color": "#d62728", "size": 10, "symbol": "diamond"},
        name="mean of seeds, 95% t interval",
    )
    grid = np.linspace(min(row["rho"] for row in rows), max(row["rho"] for row in rows), 100)
    fig.add_scatter(
        x=grid, y=np.polyval(fit["coefficients"], grid), mode="lines", line={"color": "#1f77b4"}, name="quadratic fit"
    )
    fig.add_vrect(
        x0=interval["optimum_low"],
        x1=interval["optimum_high"],
        fillcolor="#1f77b4",
        opacity=0.12,
        line_width=0,
        annotation_text=f"optimum {fit['optimum']:.2f} (95% bootstrap "
                        f"{interval['optimum_low']:.2f}-{interval['optimum_high']:.2f})",
        annotation_position="top left",
    )
    fig.add_vrect(
        x0=0.75,
        x1=0.80,
        fillcolor="#2ca02c",
        opacity=0.15,
        line_width=0,
        annotation_text="paper 75-80%",
        annotation_position="bottom right",
    )
    fig.update_layout(
        title="Validation loss against rho, the share of the sparse budget in routed experts (1 = pure MoE)",
        xaxis_title="rho (routed experts' share of the sparse parameters)",
        yaxis_title="validation loss (nats/token)",
        template="plotly_white",
        width=900,
        height=520,
        legend={"orientation": "h", "y": -0.2},
    )
    return fig
