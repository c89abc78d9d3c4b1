"""Token views: a gate's colour on an absolute or a percentile scale, its colour bar with the
layer's quartiles, and shaded text where whitespace tokens stay visible and each token shows its
value on hover. Every shaded text in the browser and the notebooks goes through `shades` and
`colours`, so a gate has one colour on every page for a scale and layer.

A gate's percentile is read from the run's gate histogram (`probe.gate_histogram`), so the
colour says where a token stands among all of its layer's positions: where the median gate is
about 0.5, 0.8 and 0.95 look alike on the absolute scale but not on this one.
"""

from __future__ import annotations

import html

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

SCALES = ("absolute", "percentile")
DEFAULT_SCALE = "percentile"  # what every page shades by until the reader picks another (`apps/colour.py`)
# a sequential scale that stays readable under black text at its low end and white at its top
# (matplotlib's "YlOrRd" at 0, 0.25, 0.5, 0.75, 1)
STOPS = np.array([[255, 255, 204], [254, 217, 118], [253, 141, 60], [227, 26, 28], [128, 0, 38]], dtype=float)
DARK_FROM = 0.6  # from here on the background is dark enough that the text turns white
VISIBLE = {"\n": "↵", " ": "␣", "\t": "⇥"}  # whitespace-only tokens are 7% of positions; they get a glyph


def histogram_cdf(histogram: pa.Table, layer: int, branch: int = -1) -> tuple[np.ndarray, np.ndarray]:
    """The gate's cumulative distribution at `layer` (branch -1: the mean over branches) from
    `probe.gate_histogram`'s table, as (bin edges, share of positions at or below each edge)."""
    rows = histogram.filter(pc.and_(pc.equal(histogram.column("layer"), layer), pc.equal(histogram.column("branch"), branch)))
    if rows.num_rows == 0:
        raise ValueError(f"the gate histogram has no rows for layer {layer}, branch {branch}")
    rows = rows.sort_by("bin_lo")
    counts = rows.column("count").to_numpy().astype(float)
    edges = np.concatenate([[rows.column("bin_lo")[0].as_py()], rows.column("bin_hi").to_numpy()])
    return edges, np.concatenate([[0.0], np.cumsum(counts) / counts.sum()])


def percentiles(values, cdf: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Each gate's share of the layer's positions at or below it (0..1), linear within a bin."""
    edges, shares = cdf
    return np.interp(np.asarray(values, dtype=float), edges, shares)


def quantiles(cdf: tuple[np.ndarray, np.ndarray], shares=(0.25, 0.5, 0.75)) -> np.ndarray:
    """The gates below which `shares` of the layer's positions lie (inverse of `percentiles`)."""
    edges, cumulative = cdf
    # flat stretches of the CDF (empty bins) would make np.interp's x non-increasing: keep the first of each
    keep = np.concatenate([[True], np.diff(cumulative) > 0])
    return np.interp(shares, cumulative[keep], edges[keep])


def colours(shades) -> list[str]:
    """CSS colours for values in [0, 1] (a gate, or its percentile) on the sequential scale."""
    shades = np.clip(np.nan_to_num(np.asarray(shades, dtype=float)), 0.0, 1.0) * (len(STOPS) - 1)
    low = np.minimum(shades.astype(int), len(STOPS) - 2)
    rgb = STOPS[low] + (STOPS[low + 1] - STOPS[low]) * (shades - low)[:, None]
    return [f"#{r:02x}{g:02x}{b:02x}" for r, g, b in np.rint(rgb).astype(int)]


def shades(gates, scale: str, cdf: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """What the colour encodes: the gate itself (absolute) or its percentile in the layer."""
    if scale not in SCALES:
        raise ValueError(f"scale={scale!r}: use one of {', '.join(SCALES)}")
    return np.asarray(gates, dtype=float) if scale == "absolute" else percentiles(gates, cdf)


def visible(token: str) -> str:
    """The token as shown: whitespace replaced by a glyph per character, newlines kept after
    their glyph so the text keeps its lines."""
    if token.strip():
        return token
    return "".join(VISIBLE.get(c, "·") + ("\n" if c == "\n" else "") for c in token)


def colour_bar_html(scale: str, cdf: tuple[np.ndarray, np.ndarray], what: str = "gate") -> str:
    """A horizontal colour bar for the scale with the layer's quartiles marked on it."""
    q1, median, q3 = quantiles(cdf)
    stops = ", ".join(f"{c} {100 * i / (len(STOPS) - 1):.0f}%" for i, c in enumerate(colours(np.linspace(0, 1, len(STOPS)))))
    if scale == "absolute":
        marks = [(q, f"{name} {q:.2f}") for q, name in ((q1, "Q1"), (median, "median"), (q3, "Q3"))]
        ends = ("0", "1")
    else:
        marks = [(0.25, f"Q1 = {q1:.2f}"), (0.5, f"median = {median:.2f}"), (0.75, f"Q3 = {q3:.2f}")]
        ends = ("0th percentile", "100th")
    ticks = "".join(
        f'<span style="position:absolute;left:{100 * x:.1f}%;top:0;height:18px;border-left:2px solid #222"></span>'
        f'<span style="position:absolute;left:{100 * x:.1f}%;top:19px;transform:translateX(-50%);font-size:11px">{label}</span>'
        for x, label in marks
    )
    return (
        f'<div class="gate-colour-bar" style="font-size:12px;margin:4px 0 22px 0">'
        f"<b>{html.escape(what)}, {scale} scale</b>"
        f'<div style="display:flex;align-items:center;gap:6px"><span>{ends[0]}</span>'
        f'<div style="position:relative;flex:1;height:18px;background:linear-gradient(to right, {stops});border:1px solid #999">'
        f"{ticks}</div><span>{ends[1]}</span></div></div>"
    )


def shaded_text_html(
    tokens: list[str],
    gates: list[float],
    selected: int | None = None,
    marked: set[int] = frozenset(),
    *,
    scale: str = "absolute",
    cdf: tuple[np.ndarray, np.ndarray] | None = None,
    what: str = "gate",
) -> str:
    """Static HTML of tokens on their colours with a border between tokens and whitespace shown:
    the colour encodes the gate on `scale` (the percentile scale needs the layer's `cdf`, which
    also puts the percentile in the hover text), `selected` (an index into tokens) is outlined
    and `marked` ones underlined. Each token holds its value as hidden text that
    `SHADED_TEXT_CSS` shows on hover (plain HTML: no title or data attributes, no script).
    Used where a short context is shown, under its `colour_bar_html`; the document viewer's
    interactive view is `apps/token_view.py`."""
    if len(tokens) != len(gates):
        raise ValueError(f"{len(tokens)} tokens but {len(gates)} gates: pass one gate per token")
    if scale == "percentile" and cdf is None:
        raise ValueError("scale='percentile' needs the layer's cdf: pass cdf=histogram_cdf(histogram, layer, branch)")
    gates = np.asarray(gates, dtype=float)
    shown = shades(gates, scale, cdf)
    ranks = None if cdf is None else percentiles(gates, cdf)
    spans = []
    for i, (token, background) in enumerate(zip(tokens, colours(shown))):
        text_colour = "white" if shown[i] >= DARK_FROM else "black"
        style = f"background:{background};color:{text_colour};border:1px solid #0002;border-radius:2px"
        if i == selected:
            style += ";outline:2px solid #1f4fd6;outline-offset:1px"
        if i in marked:
            style += ";text-decoration:underline 2px"
        value = f"{what} {gates[i]:.3f}" + ("" if ranks is None else f" (percentile {100 * ranks[i]:.0f})")
        # hidden by its own style, so the text reads right even where SHADED_TEXT_CSS is not loaded (a notebook)
        spans.append(
            f'<span class="gate-tok" style="{style}">{html.escape(visible(token))}'
            f'<span class="gate-tok-value" style="display:none">{html.escape(value)}</span></span>'
        )
    return f'<div class="gate-text" style="white-space:pre-wrap;font-family:monospace;line-height:1.7">{"".join(spans)}</div>'


# shows a shaded token's value on hover at once (the browser's own tooltip needs a title attribute and waits);
# `!important` beats the value's inline display:none
SHADED_TEXT_CSS = """
.gate-tok { position: relative; }
.gate-tok:hover { outline: 2px solid #333; z-index: 3; }
.gate-tok:hover .gate-tok-value { display: block !important; position: absolute; left: 0; top: 1.7em; z-index: 4;
    width: max-content; white-space: nowrap; background: #fff; color: #111; border: 1px solid #888; border-radius: 4px;
    padding: 2px 6px; font-family: sans-serif; font-size: 12px; line-height: 1.4; text-decoration: none;
    box-shadow: 0 2px 6px #0004; pointer-events: none; }
"""


GATES = ("gate_mean", "gate_max")  # besides one branch's, gate_bN


def gate_value(row: dict, gate: str) -> float:
    """The gate a token is shaded by: `gate_mean`, `gate_max` or one branch's, `gate_bN`."""
    if gate.startswith("gate_b"):
        return row["gates"][int(gate.removeprefix("gate_b"))]
    if gate not in GATES:
        raise ValueError(f"gate={gate!r}: use gate_mean, gate_max or gate_bN for branch N")
    return row[gate]


def token_view_data(rows: list[dict], gate: str, scale: str, cdf, order: int, selected: int | None = None, matched=()) -> dict:
    """What the document viewer's token view draws for consecutive tokens (`probe.document_trace`
    rows at one layer, with `category` from `probe.runs.queries.token_categories`): shown text,
    colour, whether the text turns white, the gate, its percentile, category, branch gates and
    `order`-gram of each token; `selected` is a position, `matched` indices into `rows` (a
    search's hits)."""
    gates = np.array([gate_value(row, gate) for row in rows], dtype=float)
    shown = shades(gates, scale, cdf)
    return {
        "start": rows[0]["position"] if rows else 0,
        "selected": selected,
        "matched": sorted(matched),
        "what": gate.removeprefix("gate_").replace("b", "branch ", 1) + " gate",
        "order": order,
        "text": [visible(row["token"]) for row in rows],
        "space": [not row["token"].strip() for row in rows],
        "colour": colours(shown),
        "dark": (shown >= DARK_FROM).tolist(),
        "gate": np.round(gates, 4).tolist(),
        "percentile": np.round(percentiles(gates, cdf), 3).tolist(),
        "category": [row.get("category", "") for row in rows],
        "branches": [[round(g, 3) for g in row["gates"]] for row in rows],
        "ngram": [row[f"ngram_{order}"] for row in rows],
    }
