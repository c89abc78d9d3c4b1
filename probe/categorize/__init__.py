"""Retrieval categorizer: which kind of text an Engram n-gram is (names, code, relational
phrasing, boilerplate or other), how well the rules agree with hand labels, and how much more
often each kind appears among top-gated positions than at random ones."""

from .batch import categorize_many, categorize_table
from .rules import LABELS, PRECEDENCE, Categorization, categorize

__all__ = ["LABELS", "PRECEDENCE", "Categorization", "categorize", "categorize_many", "categorize_table"]
