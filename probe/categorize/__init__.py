"""Retrieval categorizer: which kind of text an Engram n-gram is (names, code, relational
phrasing, boilerplate or other), how well it agrees with hand labels, and how much more often
each kind appears among top-gated positions than at random ones.

The learned model (`model.py`: logistic regression over character n-grams, context, script,
word frequencies and the rules' verdicts, with calibrated probabilities) is the default of
`categorize_many`, `categorize_table` and `categorize_run`; `categorizer="rules"` chooses the
hand-written rules (`rules.py`), whose one-item function is `categorize`.

    from probe.categorize import categorize_many
    categorize_many([" the Great"], ["Alexander"], [" was a king of Macedon"])[0].label  # 'names'
"""

from .batch import categorize_many, categorize_table
from .enrichment import enrichment, layer_enrichment
from .evaluate import (
    EvaluationReport,
    confusion_matrix,
    evaluate,
    load_eval_set,
    report_from_confusion,
)
from .rules import LABELS, PRECEDENCE, Categorization, categorize


def label_token(text: str, left: str, right: str) -> str:
    """The rules' label of one token's text in its context: the labeller the depth analyses
    give `probe.batching.read_chunks` to group positions by kind of text."""
    return categorize(text, left, right).label


__all__ = [
    "LABELS",
    "PRECEDENCE",
    "Categorization",
    "EvaluationReport",
    "categorize",
    "categorize_many",
    "categorize_table",
    "confusion_matrix",
    "enrichment",
    "enrichment_figure",
    "evaluate",
    "label_token",
    "layer_enrichment",
    "load_eval_set",
    "report_from_confusion",
]


def __getattr__(name: str):
    if name == "enrichment_figure":  # kept here too, the figure of `layer_enrichment`'s table; plotly loads on use
        from ..plots.categories import enrichment_figure

        return enrichment_figure
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
