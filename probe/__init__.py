"""Instrumentation for Engram models: gate recorders, categorizer, similarity and lenses."""

from .ngrams import suffix_ngram_texts

__all__ = ["suffix_ngram_texts"]
