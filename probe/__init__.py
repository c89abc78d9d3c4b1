"""Instrumentation for Engram models: gate recorders, run store, aggregations, categorizer."""

from .aggregate import document_trace, gate_histogram, ngram_stats, top_ngrams
from .categorize import (
    Categorization,
    categorize,
    categorize_many,
    enrichment,
    layer_enrichment,
)
from .categorize.run import categorize_run
from .ngrams import suffix_ngram_texts
from .probing import GateScan, ProbeOptions, probe_corpus
from .recorder import GateRecorder, RecordOptions
from .runstore import RunError, connect

__all__ = [
    "Categorization",
    "GateRecorder",
    "GateScan",
    "ProbeOptions",
    "RecordOptions",
    "RunError",
    "categorize",
    "categorize_many",
    "categorize_run",
    "connect",
    "document_trace",
    "enrichment",
    "gate_histogram",
    "layer_enrichment",
    "ngram_stats",
    "probe_corpus",
    "suffix_ngram_texts",
    "top_ngrams",
]
