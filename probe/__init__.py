"""Instrumentation for Engram models: one batching layer, gate recorders, run store,
aggregations, categorizer, layer similarity, logit lens, Engram ablations and their reports.

The public names below are imported from their modules on first use (PEP 562): the command
line imports this package first, and a command that only reads a run must not pay for torch.
"""

import sys
import types

from engram_model.lazy import lazy_exports

# public name -> the module that defines it
_EXPORTS = {
    "engram_ablation": "analyses.ablation",
    "document_trace": "runs.aggregate",
    "gate_histogram": "runs.aggregate",
    "ngram_stats": "runs.aggregate",
    "top_ngrams": "runs.aggregate",
    "Categorization": "categorize",
    "categorize": "categorize",
    "categorize_many": "categorize",
    "enrichment": "categorize",
    "layer_enrichment": "categorize",
    "categorize_run": "categorize.run",
    "logit_lens": "analyses.lens",
    "suffix_ngram_texts": "runs.ngrams",
    "GateScan": "runs.scan",
    "ProbeOptions": "runs.scan",
    "probe_corpus": "runs.scan",
    "GateRecorder": "runs.recorder",
    "ablation_report": "analyses.reports",
    "lens_report": "analyses.reports",
    "read_corpus": "analyses.reports",
    "similarity_report": "analyses.reports",
    "write_report": "analyses.reports",
    "RecordOptions": "runs.recorder",
    "RunError": "runs.store",
    "connect": "runs.store",
    "MinibatchCKA": "analyses.similarity",
    "alignment_index": "analyses.similarity",
    "linear_cka": "analyses.similarity",
    "model_similarity": "analyses.similarity",
    "rbf_cka": "analyses.similarity",
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)


class _Package(types.ModuleType):
    """`probe.categorize` is the function, as it is in `__all__`; importing the subpackage
    `probe.categorize` would otherwise bind the subpackage to that name on this module."""

    def __setattr__(self, name: str, value) -> None:
        if name in _EXPORTS and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
