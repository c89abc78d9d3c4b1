"""Plotly figures of the probing analyses: plain functions from result tables and dicts to
figures, shared by the gate browser (`apps/`) and the notebooks (`analyses/`)."""

from .categories import enrichment_figure, label_share_figure
from .gates import gate_histogram_figure, gate_trace_figure
from .offload import hit_rate_figure, tier_ratio_figure
from .similarity import ablation_bars, alignment_curve, cka_heatmap, generation_bars, lens_curves
from .tokens import colour_bar_html, shaded_text_html


def draw_each_once() -> None:
    """Draw the gate browser's gate and n-gram figures once, on tiny tables, and serialize them:
    plotly imports the class and validators of each part of a figure (a bar, an axis, a shape)
    on its first use, a tenth of a second that the server spends before its first page
    (`engram-probe app`), not in the first pages that draw them."""
    import plotly.io as pio
    import pyarrow as pa

    from .ngrams import layer_vs_layer_figure, ngram_gate_density_figure, ngram_gate_figure

    histogram = pa.table(
        {"layer": [0, 0], "branch": [-1, -1], "bin": [0, 1], "bin_lo": [0.0, 0.5], "bin_hi": [0.5, 1.0], "count": [1, 1]}
    )
    trace = pa.table({"layer": [0], "position": [0], "token": ["a"], "gate_mean": [0.5]})
    occurrences = pa.table({"gate": [0.5], "gate_0": [0.5], "doc_id": ["a"], "position": [0]})
    for figure in (
        gate_histogram_figure(histogram, selected=(0.0, 0.5)),
        gate_trace_figure(trace, window=(0, 1), selected=0),
        ngram_gate_figure(occurrences, histogram, 0, "a"),
        ngram_gate_density_figure(occurrences, histogram, 0, "a"),
        layer_vs_layer_figure(occurrences, 0, 0, "a"),
    ):
        pio.to_json(figure, validate=False)  # as st.plotly_chart sends it


__all__ = [
    "ablation_bars",
    "alignment_curve",
    "cka_heatmap",
    "colour_bar_html",
    "draw_each_once",
    "enrichment_figure",
    "gate_histogram_figure",
    "gate_trace_figure",
    "generation_bars",
    "hit_rate_figure",
    "label_share_figure",
    "lens_curves",
    "shaded_text_html",
    "tier_ratio_figure",
]
