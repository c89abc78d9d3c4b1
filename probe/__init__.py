"""Instrumentation for Engram models: one batching layer, gate recorders, run store,
aggregations, categorizer, layer similarity, logit lens, Engram ablations and their reports.

The public names below are imported from their modules on first use (PEP 562): the command
line imports this package first, and a command that only reads a run must not pay for torch.
"""

import sys
import types

from engram_model._lazy import lazy_exports

# public name -> the module that defines it
_EXPORTS = {
    "engram_ablation": "ablation",
    "document_trace": "aggregate",
    "gate_histogram": "aggregate",
    "ngram_stats": "aggregate",
    "top_ngrams": "aggregate",
    "Categorization": "categorize",
    "categorize": "categorize",
    "categorize_many": "categorize",
    "enrichment": "categorize",
    "layer_enrichment": "categorize",
    "categorize_run": "categorize.run",
    "logit_lens": "lens",
    "suffix_ngram_texts": "ngrams",
    "GateScan": "probing",
    "ProbeOptions": "probing",
    "probe_corpus": "probing",
    "GateRecorder": "recorder",
    "ablation_report": "reports",
    "lens_report": "reports",
    "read_corpus": "reports",
    "similarity_report": "reports",
    "write_report": "reports",
    "RecordOptions": "recorder",
    "RunError": "runstore",
    "connect": "runstore",
    "MinibatchCKA": "similarity",
    "alignment_index": "similarity",
    "linear_cka": "similarity",
    "model_similarity": "similarity",
    "rbf_cka": "similarity",
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
