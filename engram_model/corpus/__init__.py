"""Corpora: reading documents (shared by training and probing) and building the default one."""

from .read import Document, ReadReport, iter_documents

__all__ = ["Document", "ReadReport", "iter_documents"]
