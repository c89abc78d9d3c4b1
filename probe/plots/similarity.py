"""Figures of the depth analyses: CKA heatmap, soft alignment a_j, logit-lens KL, Engram ablation.

Each takes the dict the analysis writes (`similarity.json`, `lens.json`, `ablation.json`; see
`probe.analyses.reports`) and returns a plotly figure.
"""

from __future__ import annotations

import plotly.graph_objects as go

from .labels import plain

CONDITION_NAMES = {
    "off": "Engram off",
    "off_pinned": "off, experts pinned",
    "off_prefill": "off in prefill only",
    "off_decode": "off in decode only",
}


def _model_name(model: dict) -> str:
    return plain(model.get("name", "model"))


def _layer_labels(model: dict, layers: list[int]) -> list[str]:
    """Axis labels with the model's Engram layers marked: '3 ◆Engram'."""
    engram = set(model.get("engram_layers", []))
    return [f"{plain(layer)} ◆Engram" if layer in engram else plain(layer) for layer in layers]


def title(text: str, subtitle: str | None = None) -> dict:
    """A left-aligned title that wraps a long subtitle onto a second line instead of being cut off."""
    return {"text": text + (f"<br><sup>{subtitle}</sup>" if subtitle else ""), "x": 0, "xanchor": "left"}


def cka_heatmap(result: dict) -> go.Figure:
    """Linear minibatch CKA, model a's layers (y) against model b's (x): every layer labelled,
    each cell's value written in it, and the Engram layers marked on both axes."""
    a, b = _model_name(result["a"]), _model_name(result["b"])
    figure = go.Figure(
        go.Heatmap(
            z=result["cka"],
            x=_layer_labels(result["b"], result["layers_b"]),
            y=_layer_labels(result["a"], result["layers_a"]),
            zmin=0,
            zmax=1,
            colorscale="Viridis",
            colorbar={"title": "CKA (0..1)"},
            texttemplate="%{z:.2f}",
            hovertemplate=f"{a} layer %{{y}}<br>{b} layer %{{x}}<br>CKA %{{z:.3f}}<extra></extra>",
        )
    )
    figure.update_layout(
        title=title(
            f"Linear minibatch CKA: {a} against {b}",
            f"{plain(result['positions']['rule'])} positions, n={result['positions']['count']:,}; ◆ marks an Engram layer",
        ),
        xaxis={"title": f"{b} layer (residual after the block)", "type": "category"},
        yaxis={"title": f"{a} layer", "type": "category", "autorange": "reversed"},
        margin={"t": 80},
    )
    return figure


def alignment_curve(result: dict) -> go.Figure:
    """a_j against j with the diagonal: above it, a's layer j resembles a deeper layer of b."""
    a, b = _model_name(result["a"]), _model_name(result["b"])
    layers, a_j = result["layers_a"], result["alignment"]["a_j"]
    low, high = result["alignment"].get("a_j_low"), result["alignment"].get("a_j_high")
    error = None
    if low is not None and high is not None:  # older results have no interval
        error = {
            "type": "data",
            "symmetric": False,
            "array": [h - v for h, v in zip(high, a_j)],
            "arrayminus": [v - lo for v, lo in zip(a_j, low)],
        }
    figure = go.Figure(
        [
            go.Scatter(
                x=layers,
                y=a_j,
                error_y=error,
                mode="lines+markers",
                name=f"a_j ({a} vs {b})" + (", 95% bootstrap" if error else ""),
            ),
            go.Scatter(x=layers, y=layers, mode="lines", name="a_j = j", line={"dash": "dash", "color": "grey"}),
        ]
    )
    figure.update_layout(
        title=title(
            f"Soft alignment a_j of {a} to {b}",
            f"CKA-weighted mean index of the top-{plain(result['alignment']['k'])} most similar {b} layers",
        ),
        xaxis_title=f"{a} layer j",
        yaxis_title=f"a_j ({b} layer)",
    )
    return figure


def lens_curves(result: dict) -> go.Figure:
    """Mean KL(final || layer) per layer, one curve per model, with standard-error bars, on a
    log axis: the embedding's KL is tens of times the blocks', which a linear axis flattens."""
    figure = go.Figure()
    for entry in result["models"]:
        labels = ["embed" if layer == -1 else plain(layer) for layer in entry["layers"]]
        figure.add_trace(
            go.Scatter(
                x=labels,
                y=entry["kl"],
                error_y={"type": "data", "array": entry["kl_sem"], "thickness": 1.5, "width": 6},
                mode="lines+markers",
                name=_model_name(entry["model"]),
                hovertemplate="layer %{x}: %{y:.3f} ± %{error_y.array:.3f} nats<extra></extra>",
            )
        )
    figure.update_layout(
        title=title(
            "Logit lens: how far each layer's prediction is from the final one",
            f"{plain(result['positions']['rule'])} positions, n={result['positions']['count']:,}; bars: ±1 standard error",
        ),
        xaxis_title="layer (residual after the block)",
        xaxis_type="category",  # "embed" then block numbers; a numeric axis would drop "embed"
        yaxis={"title": "KL(final || layer), nats (log scale)", "type": "log"},
        margin={"t": 80},
    )
    return figure


def ablation_interval_reason(group: dict, condition: str = "off") -> str | None:
    """Why an ablation group (overall, a domain, a category, the continuation) has no interval of
    its loss change under `condition`, in words; None where it has one."""
    if "delta_ci" not in group:
        return "this file predates them; run ablate again"
    if group["delta_ci"].get(condition) is not None:
        return None
    documents = group.get("documents")
    if documents is not None and documents < 2:
        return f"its tokens come from {documents} document: a bootstrap over documents has nothing to resample"
    return "too few documents or tokens to resample"


def _error_bars(groups: list[dict], conditions: list[str]) -> dict | None:
    """Plotly `error_y` for one bar per (group, condition): the 95% bootstrap interval of the
    group's loss change (`delta_ci`), drawn around the change itself, so a bar of the loss
    under a condition carries its change's interval too; none on a bar whose group has no
    interval (`ablation_interval_reason`). None when no group has one."""
    intervals = [group.get("delta_ci", {}).get(c) for group, c in zip(groups, conditions)]
    if all(interval is None for interval in intervals):
        return None
    deltas = [group["delta"][c] for group, c in zip(groups, conditions)]
    return {
        "type": "data",
        "symmetric": False,
        "array": [None if i is None else i[1] - delta for i, delta in zip(intervals, deltas)],
        "arrayminus": [None if i is None else delta - i[0] for i, delta in zip(intervals, deltas)],
    }


def _interval_note(groups: list[dict], conditions: list[str], drawn: str) -> str:
    """A subtitle saying which bars carry an interval and, for those without, why."""
    reasons = [ablation_interval_reason(g, c) for g, c in zip(groups, conditions) if c != "on"]
    lacking = [r for r in reasons if r is not None]
    if not lacking:
        return drawn
    common = max(set(lacking), key=lacking.count)
    if len(lacking) == len(reasons):
        return f"no intervals: {common}"
    return f"{drawn}, where drawn ({len(lacking)} of {len(reasons)} bars have none: {common})"


def ablation_bars(result: dict, by: str = "domain") -> go.Figure:
    """Loss change (nats/token) from switching Engram off, per corpus domain or per category
    of the predicted token; one bar per condition, with its 95% interval where the file has
    standard errors, and each group's token count on the axis."""
    if by not in ("domain", "category"):
        raise ValueError(f"by={by!r}: use domain or category")
    groups = result[f"by_{by}"]
    conditions = [c for c in ("off", "off_pinned") if c in result["overall"]["loss"]]
    errors = {c: _error_bars(groups, [c] * len(groups)) for c in conditions}
    figure = go.Figure(
        [
            go.Bar(
                x=[f"{plain(g[by])}<br>{g['tokens']:,} tokens" for g in groups],
                y=[g["delta"][c] for g in groups],
                error_y=errors[c],
                name=CONDITION_NAMES[c],
                customdata=[[g["tokens"], g["loss"]["on"], g["loss"][c]] for g in groups],
                hovertemplate="%{x}<br>loss %{customdata[1]:.3f} -> %{customdata[2]:.3f} nats/token<extra></extra>",
            )
            for c in conditions
        ]
    )
    figure.update_layout(
        title=title(
            f"Engram off ({plain(result['mode'])} zeroed): loss change per {by}",
            _interval_note(
                [g for g in groups for _ in conditions],
                [c for _ in groups for c in conditions],
                "bars: 95% bootstrap intervals over documents",
            ),
        ),
        xaxis_title=by,
        yaxis_title="loss change, nats/token",
        barmode="group",
        margin={"t": 80},
    )
    return figure


def generation_bars(result: dict) -> go.Figure:
    """Continuation loss with Engram on, off, off only in prefill, off only in decode; each bar
    off gets the 95% interval of its change from on where the file has it."""
    generation = result["generation"]
    loss = generation["loss"]
    shown = [c for c in ["on", *CONDITION_NAMES] if c in loss]
    errors = _error_bars([generation] * len(shown), shown)
    figure = go.Figure(
        go.Bar(
            x=[CONDITION_NAMES.get(c, "Engram on") for c in shown],
            y=[loss[c] for c in shown],
            error_y=errors,
            text=[f"{loss[c]:.3f}" for c in shown],
            textposition="outside",
        )
    )
    figure.update_layout(
        title=title(
            f"Teacher-forced continuation after {generation['prefill_fraction']:.0%} of each chunk as prompt",
            f"{generation['tokens']:,} continuation tokens; "
            + _interval_note(
                [generation] * len(shown), shown, "bars: 95% bootstrap interval (over documents) of the change from on"
            ),
        ),
        yaxis_title="loss, nats/token",
        margin={"t": 80},
    )
    return figure
