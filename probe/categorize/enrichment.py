"""How much more often each kind of text appears among top-gated positions than at random ones.

For a label L, enrichment is P(L | top) / P(L | random). Proportions are smoothed by adding
half a count to every label (`SMOOTHING`, the Jeffreys prior), so a label absent from one
group gives a finite ratio instead of 0 or infinity, and a label absent from both gives 1.
The 95% interval is a percentile bootstrap: each group is resampled independently, with
replacement and at its own size, `n_boot` times, and the smoothed ratio recomputed.

Where the bootstrap cannot measure the uncertainty the interval is undefined (lo and hi null),
never a zero-width [x, x]: a label with a count of 0 in either group (resampling a group that
lacks the label never draws it, so that group's uncertainty is left out: with 0/1 against 0/1
every resample gives 1.00), a group of fewer than `MIN_GROUP` items, and any interval whose
resamples all agree.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pyarrow as pa

from .batch import categorize_many
from .rules import LABELS

SMOOTHING = 0.5
INTERVAL = (2.5, 97.5)
MIN_GROUP = 2  # items a group needs for a bootstrap to resample anything but itself


def enrichment(
    labels_top: Sequence[str],
    labels_random: Sequence[str],
    n_boot: int = 1000,
    seed: int = 0,
    labels: Sequence[str] = LABELS,
) -> pa.Table:
    """One row per label: counts, smoothed proportions in each group, their ratio and its
    bootstrap interval [lo, hi] (null where it cannot be computed: see the module). Both groups
    need at least one item."""
    labels = tuple(labels)
    top = _counts(labels_top, labels, "labels_top")
    random = _counts(labels_random, labels, "labels_random")
    if n_boot < 1:
        raise ValueError(f"n_boot must be at least 1, got {n_boot}")
    rng = np.random.default_rng(seed)
    ratio = _smoothed(top) / _smoothed(random)
    boot_top = rng.multinomial(top.sum(), top / top.sum(), size=n_boot)
    boot_random = rng.multinomial(random.sum(), random / random.sum(), size=n_boot)
    boot_ratio = _smoothed(boot_top) / _smoothed(boot_random)
    lo, hi = np.percentile(boot_ratio, INTERVAL, axis=0)
    defined = (top > 0) & (random > 0) & (min(top.sum(), random.sum()) >= MIN_GROUP) & (hi > lo)
    return pa.table(
        {
            "label": pa.array(labels, type=pa.string()),
            "n_top": pa.array(np.full(len(labels), top.sum()), type=pa.int64()),
            "n_random": pa.array(np.full(len(labels), random.sum()), type=pa.int64()),
            "count_top": pa.array(top, type=pa.int64()),
            "count_random": pa.array(random, type=pa.int64()),
            "p_top": pa.array(_smoothed(top)),
            "p_random": pa.array(_smoothed(random)),
            "ratio": pa.array(ratio),
            "lo": pa.array(lo, mask=~defined, type=pa.float64()),
            "hi": pa.array(hi, mask=~defined, type=pa.float64()),
        }
    )


def _counts(values: Sequence[str], labels: tuple[str, ...], name: str) -> np.ndarray:
    index = {label: i for i, label in enumerate(labels)}
    counts = np.zeros(len(labels), dtype=np.int64)
    for value in values:
        if value not in index:
            raise ValueError(f"{name} contains {value!r}, which is not one of {list(labels)}")
        counts[index[value]] += 1
    if counts.sum() == 0:
        raise ValueError(f"{name} is empty: enrichment needs at least one item in each group")
    return counts


def _smoothed(counts: np.ndarray) -> np.ndarray:
    """Add-half proportions along the last axis."""
    counts = np.asarray(counts, dtype=float)
    return (counts + SMOOTHING) / (counts.sum(axis=-1, keepdims=True) + SMOOTHING * counts.shape[-1])


def layer_enrichment(
    table: pa.Table,
    gate_col: str = "gate",
    layer_col: str = "layer",
    label_col: str = "label",
    top_fraction: float = 0.01,
    top_k: int | None = None,
    n_random: int | None = None,
    n_boot: int = 1000,
    seed: int = 0,
    ngram_col: str = "ngram",
    left_col: str = "left_context",
    right_col: str = "right_context",
    label_rows: Callable[[np.ndarray, np.ndarray], list[str]] | None = None,
) -> pa.Table:
    """Enrichment rows per Engram layer: (layer, label, n_top, n_random, count_top,
    count_random, p_top, p_random, ratio, lo, hi).

    Expected schema: one row per (position, layer) with a numeric `gate_col` (the gate value
    of that position at that layer; rows with a null or NaN gate are dropped) and an integer
    `layer_col`. Labels come from `label_col` when the table has it; otherwise the selected
    rows (and only those) are categorized from `ngram_col`, `left_col` and `right_col` (the
    n-gram surface text and the text before and after it; the context columns may be absent).
    `label_rows(top_rows, random_rows)`, when given, labels rows by index instead (top rows
    first): a run directory's texts live beside its gates, so they are fetched only for the
    rows selected here. A label of None (a position the categorizer was not confident about)
    leaves that row out of its group.

    Per layer, the top group is the `top_k` rows with the largest gates (default: the top
    `top_fraction` of that layer's rows, at least one; ties broken by row order) and the
    random group is `n_random` rows (default: as many as the top group) drawn uniformly
    without replacement from all of the layer's rows, with a generator seeded by (seed,
    layer) so results do not depend on which other layers are present.
    """
    _require(table, {"gate_col": gate_col, "layer_col": layer_col})
    if label_rows is None and label_col not in table.column_names:
        _require(table, {"ngram_col": ngram_col})
    if top_k is None and not 0 < top_fraction <= 1:
        raise ValueError(f"top_fraction must be in (0, 1], got {top_fraction}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be at least 1, got {top_k}")

    gates = table.column(gate_col).to_numpy(zero_copy_only=False).astype(float)
    layers = np.asarray(table.column(layer_col).to_numpy(zero_copy_only=False))
    valid = ~np.isnan(gates)
    pieces = []
    for layer in np.unique(layers[valid]):
        rows = np.flatnonzero(valid & (layers == layer))
        k = min(len(rows), top_k if top_k is not None else max(1, math.ceil(top_fraction * len(rows))))
        order = np.lexsort((rows, -gates[rows]))  # largest gate first, then row order
        top_rows = rows[order[:k]]
        rng = np.random.default_rng([seed, int(layer)])
        random_rows = rng.choice(rows, size=min(len(rows), n_random or k), replace=False)
        if label_rows is not None:
            labels = label_rows(top_rows, random_rows)
        else:
            labels = _labels_of(table, np.concatenate([top_rows, random_rows]), label_col, ngram_col, left_col, right_col)
        top_labels = [label for label in labels[:k] if label is not None]
        random_labels = [label for label in labels[k:] if label is not None]
        rows_table = enrichment(top_labels, random_labels, n_boot=n_boot, seed=int(rng.integers(2**32)))
        pieces.append(rows_table.add_column(0, "layer", pa.array(np.full(rows_table.num_rows, layer))))
    if not pieces:
        raise ValueError(f"no row has a usable gate in column {gate_col!r}")
    return pa.concat_tables(pieces)


def _labels_of(table: pa.Table, rows: np.ndarray, label_col: str, ngram_col: str, left_col: str, right_col: str) -> list[str]:
    """Labels of the given rows: read from `label_col` if present, else categorized."""
    indices = pa.array(rows, type=pa.int64())
    if label_col in table.column_names:
        return table.column(label_col).take(indices).to_pylist()

    def texts(column: str) -> list[str | None] | None:
        return table.column(column).take(indices).to_pylist() if column in table.column_names else None

    return [result.label for result in categorize_many(texts(ngram_col), texts(left_col), texts(right_col))]


def _require(table: pa.Table, columns: dict[str, str]) -> None:
    for role, column in columns.items():
        if column not in table.column_names:
            raise KeyError(f"{role}={column!r} is not a column of the table; it has {table.column_names}")
