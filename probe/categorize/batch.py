"""Categorizing many n-grams: parallel sequences, or the rows of a pyarrow table.

Repeated (n-gram, context) windows are categorized once: the rules' `categorize` memoises on
the n-gram and its truncated contexts, and the model scores each distinct window of a call
once, so a table in which the same retrieval recurs pays for it once.

Two categorizers (`CATEGORIZERS`): `model`, the learned one (`model.py`) and the default,
and `rules`, the hand-written ones it reads as features. The model is the rules' equal on the
default corpus's own text and far better on genres and languages they were not written for
(docs/guides/categorizer.md).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa

from . import model, rules
from .rules import LABELS, Categorization


def rules_many(
    ngrams: Sequence[object], left_contexts: Sequence[object], right_contexts: Sequence[object]
) -> list[Categorization]:
    """`rules.categorize` over parallel sequences (its memo pays for a repeated window once)."""
    return [rules.categorize(ngram, left, right) for ngram, left, right in zip(ngrams, left_contexts, right_contexts)]


# name -> the categorizer over parallel sequences; the model scores a whole call in one numpy pass
CATEGORIZERS = {"rules": rules_many, "model": model.categorize_many}
DEFAULT_CATEGORIZER = "model"


def categorizer_named(name: str):
    """`rules_many` or `model.categorize_many` by name."""
    if name not in CATEGORIZERS:
        raise ValueError(f"categorizer={name!r}: use one of {sorted(CATEGORIZERS)}")
    return CATEGORIZERS[name]


def categorize_many(
    ngrams: Sequence[str | None],
    left_contexts: Sequence[str | None] | None = None,
    right_contexts: Sequence[str | None] | None = None,
    categorizer: str = DEFAULT_CATEGORIZER,
) -> list[Categorization]:
    """Categorize parallel sequences (contexts default to empty; None reads as ""), by the
    learned `model` (the default) or the `rules`."""
    categorize_all = categorizer_named(categorizer)
    n = len(ngrams)
    lefts = [""] * n if left_contexts is None else left_contexts
    rights = [""] * n if right_contexts is None else right_contexts
    for name, values in (("left_contexts", lefts), ("right_contexts", rights)):
        if len(values) != n:
            raise ValueError(f"{name} has {len(values)} entries but ngrams has {n}")
    return categorize_all(ngrams, lefts, rights)


def categorize_table(
    table: pa.Table,
    ngram_col: str = "ngram",
    left_col: str | None = "left_context",
    right_col: str | None = "right_context",
    categorizer: str = DEFAULT_CATEGORIZER,
) -> pa.Table:
    """`table` with a `label` column (string) and one float32 column `score_<label>` per label
    appended. `left_col`/`right_col` may be None for a table without that context; null cells
    read as empty text."""
    for role, column in (("ngram_col", ngram_col), ("left_col", left_col), ("right_col", right_col)):
        if column is not None and column not in table.column_names:
            raise KeyError(f"{role}={column!r} is not a column of the table; it has {table.column_names}")
    taken = [name for name in ("label", *(f"score_{label}" for label in LABELS)) if name in table.column_names]
    if taken:
        raise ValueError(f"the table already has column(s) {taken}; drop or rename them before categorizing")

    def texts(column: str | None) -> list[str | None] | None:
        return None if column is None else table.column(column).to_pylist()

    results = categorize_many(texts(ngram_col), texts(left_col), texts(right_col), categorizer)
    scores = np.array([[result.scores[label] for label in LABELS] for result in results], dtype=np.float32)
    scores = scores.reshape(len(results), len(LABELS))
    table = table.append_column("label", pa.array([result.label for result in results], type=pa.string()))
    for index, label in enumerate(LABELS):
        table = table.append_column(f"score_{label}", pa.array(scores[:, index]))
    return table
