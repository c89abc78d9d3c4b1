"""Figures of the depth analyses: CKA heatmap, soft alignment a_j, logit-lens KL, Engram ablation.

Each takes the dict the analysis writes (`similarity.json`, `lens.json`, `ablation.json`; see
`probe.cli.analysis`) and returns a plotly figure.
"""

from __future__ import annotations

import plotly.graph_objects as go

CONDITION_NAMES = {
    "off": "Engram off",
    "off_pinned": "off, experts pinned",
    "off_prefill": "off in prefill only",
    "off_decode": "off in decode only",
}


def _model_name(model: dict) -> str:
    return model.get("name", "model")


def cka_heatmap(result: dict) -> go.Figure:
    """Linear minibatch CKA, model a's layers (y) against model b's (x)."""
    a, b = _model_name(result["a"]), _model_name(result["b"])
    figure = go.Figure(
        go.Heatmap(
            z=result["cka"],
            x=result["layers_b"],
            y=result["layers_a"],
            zmin=0,
            zmax=1,
            colorscale="Viridis",
            colorbar={"title": "CKA"},
            hovertemplate=f"{a} layer %{{y}}<br>{b} layer %{{x}}<br>CKA %{{z:.3f}}<extra></extra>",
        )
    )
    figure.update_layout(
        title=f"Linear minibatch CKA ({result['positions']['rule']} positions, n={result['positions']['count']:,})",
        xaxis_title=f"{b} layer",
        yaxis_title=f"{a} layer",
        yaxis={"autorange": "reversed"},
    )
    return figure


def alignment_curve(result: dict) -> go.Figure:
    """a_j against j with the diagonal: above it, a's layer j resembles a deeper layer of b."""
    a, b = _model_name(result["a"]), _model_name(result["b"])
    layers, a_j = result["layers_a"], result["alignment"]["a_j"]
    figure = go.Figure(
        [
            go.Scatter(x=layers, y=a_j, mode="lines+markers", name=f"a_j ({a} vs {b})"),
            go.Scatter(x=layers, y=layers, mode="lines", name="a_j = j", line={"dash": "dash", "color": "grey"}),
        ]
    )
    figure.update_layout(
        title=f"Soft alignment: CKA-weighted mean index of the top-{result['alignment']['k']} most similar {b} layers",
        xaxis_title=f"{a} layer j",
        yaxis_title=f"a_j ({b} layer)",
    )
    return figure


def lens_curves(result: dict) -> go.Figure:
    """Mean KL(final || layer) per layer, one curve per model, with standard-error bars."""
    figure = go.Figure()
    for entry in result["models"]:
        labels = ["embed" if layer == -1 else str(layer) for layer in entry["layers"]]
        figure.add_trace(
            go.Scatter(
                x=labels,
                y=entry["kl"],
                error_y={"type": "data", "array": entry["kl_sem"]},
                mode="lines+markers",
                name=_model_name(entry["model"]),
            )
        )
    figure.update_layout(
        title=f"Logit lens ({result['positions']['rule']} positions, n={result['positions']['count']:,})",
        xaxis_title="layer (residual after the block)",
        xaxis_type="category",  # "embed" then block numbers; a numeric axis would drop "embed"
        yaxis_title="KL(final || layer), nats",
    )
    return figure


def ablation_bars(result: dict, by: str = "domain") -> go.Figure:
    """Loss change (nats/token) from switching Engram off, per corpus domain or per category
    of the predicted token; one bar per condition."""
    if by not in ("domain", "category"):
        raise ValueError(f"by={by!r}: use domain or category")
    groups = result[f"by_{by}"]
    conditions = [c for c in ("off", "off_pinned") if c in result["overall"]["loss"]]
    figure = go.Figure(
        [
            go.Bar(
                x=[g[by] for g in groups],
                y=[g["delta"][c] for g in groups],
                name=CONDITION_NAMES[c],
                customdata=[[g["tokens"], g["loss"]["on"], g["loss"][c]] for g in groups],
                hovertemplate="%{x}: %{customdata[0]:,} tokens<br>loss %{customdata[1]:.3f} -> %{customdata[2]:.3f}<extra></extra>",
            )
            for c in conditions
        ]
    )
    figure.update_layout(
        title=f"Engram off ({result['mode']} zeroed): loss change per {by}",
        xaxis_title=by,
        yaxis_title="loss change, nats/token",
        barmode="group",
    )
    return figure


def generation_bars(result: dict) -> go.Figure:
    """Continuation loss with Engram on, off, off only in prefill, off only in decode."""
    loss = result["generation"]["loss"]
    names = ["on", *CONDITION_NAMES]
    shown = [c for c in names if c in loss]
    figure = go.Figure(go.Bar(x=[CONDITION_NAMES.get(c, "Engram on") for c in shown], y=[loss[c] for c in shown]))
    figure.update_layout(
        title=f"Teacher-forced continuation after {result['generation']['prefill_fraction']:.0%} of each chunk as prompt",
        yaxis_title="loss, nats/token",
    )
    return figure
