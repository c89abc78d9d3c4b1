"""Instrumentation for Engram models: gate recorders, run store, aggregations, categorizer,
layer similarity, logit lens and Engram ablations."""

from .ablation import engram_ablation
from .aggregate import document_trace, gate_histogram, ngram_stats, top_ngrams
from .categorize import (
    Categorization,
    categorize,
    categorize_many,
    enrichment,
    layer_enrichment,
)
from .categorize.run import categorize_run
from .lens import logit_lens
from .ngrams import suffix_ngram_texts
from .probing import GateScan, ProbeOptions, probe_corpus
from .recorder import GateRecorder, RecordOptions
from .runstore import RunError, connect
from .similarity import MinibatchCKA, alignment_index, linear_cka, model_similarity, rbf_cka

__all__ = [
    "Categorization",
    "GateRecorder",
    "GateScan",
    "MinibatchCKA",
    "ProbeOptions",
    "RecordOptions",
    "RunError",
    "alignment_index",
    "categorize",
    "categorize_many",
    "categorize_run",
    "connect",
    "document_trace",
    "engram_ablation",
    "enrichment",
    "gate_histogram",
    "layer_enrichment",
    "linear_cka",
    "logit_lens",
    "model_similarity",
    "ngram_stats",
    "probe_corpus",
    "rbf_cka",
    "suffix_ngram_texts",
    "top_ngrams",
]
