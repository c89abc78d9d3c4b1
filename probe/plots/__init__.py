"""Plotly figures of the probing analyses: plain functions from result tables and dicts to
figures, shared by the gate browser (`apps/`) and the notebooks (`analyses/`)."""

from .categories import enrichment_figure, label_share_figure
from .gates import gate_histogram_figure, gate_trace_figure
from .offload import hit_rate_figure, tier_ratio_figure
from .similarity import ablation_bars, alignment_curve, cka_heatmap, generation_bars, lens_curves
from .tokens import colour_bar_html, shaded_text_html

__all__ = [
    "ablation_bars",
    "alignment_curve",
    "cka_heatmap",
    "colour_bar_html",
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
