"""Corpora: reading documents (shared by training and probing) and building the default one."""

from .build import BuildReport, CorpusBuildError, Item, Source, SourceUnavailable, build_corpus, default_corpus_path, split_of
from .read import Document, ReadReport, iter_documents
from .sources import default_sources, ensure_default_corpus, ensure_heldout_corpus, heldout_sources
from .tokenizer_training import TokenizerReport, train_tokenizer

__all__ = [
    "BuildReport",
    "CorpusBuildError",
    "Document",
    "Item",
    "ReadReport",
    "Source",
    "SourceUnavailable",
    "TokenizerReport",
    "build_corpus",
    "default_corpus_path",
    "default_sources",
    "ensure_default_corpus",
    "ensure_heldout_corpus",
    "heldout_sources",
    "iter_documents",
    "split_of",
    "train_tokenizer",
]
