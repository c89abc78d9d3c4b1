"""How much more often each kind of text appears among top-gated positions than at random ones,
with intervals that resample documents and, optionally, a correction for the categorizer's errors.

For a label L, enrichment is P(L | top) / P(L | random). Proportions are smoothed by adding
half a count to every label (`SMOOTHING`, the Jeffreys prior), so a label absent from one
group gives a finite ratio instead of 0 or infinity, and a label absent from both groups of one
size gives 1.

**Document-level (cluster) bootstrap.** Positions of one document are not independent draws
(a licence file gives a run of boilerplate positions), so the 95% interval is a percentile
bootstrap over documents: each replicate draws, within each group and independently of the
other group, as many documents as the group has, with replacement, and takes all of their
positions in that group. Without document ids every position is its own document, which is
the old position bootstrap. It is one matrix product per group: replicate weights
[n_boot, documents] times per-document label counts [documents, labels].

**Misclassification correction.** The categorizer's label is wrong some of the time, so the
observed shares q are not the true shares p: q = C^T p, where C[i, j] = P(predicted j | true i)
is measured on a hand-labelled test set (`confusion` counts, rows true, columns predicted).
The corrected shares are the maximum-likelihood p on the probability simplex, found by EM
(the iterative Bayesian unfolding of misclassified proportions):

    p_i <- p_i * sum_j C[i, j] * q_j / (C^T p)_j          from p = uniform

Why this estimator: the log-likelihood sum_j n_j log (C^T p)_j is concave in p, so EM reaches
the global maximum; its multiplicative steps keep p a distribution (never a negative share,
as inverting C gives when sampling noise puts q outside C's image); where the inversion
C^-T q is a valid distribution it is exactly that; it weighs each predicted label by its
count, as the multinomial likelihood does, where least squares on the simplex weighs all
labels alike; and it is a few lines of numpy, vectorised over replicates. The corrected
counts p * n are smoothed like the raw ones, so an identity C gives corrected == raw.

The interval of the corrected ratio is a joint bootstrap: each replicate resamples the
documents (as above) and the test items: every true class's row of the confusion counts is
drawn again, multinomially at its own size, so C's sampling uncertainty enters the interval.

**Undefined intervals.** Where the bootstrap cannot measure the uncertainty the interval is
undefined (lo and hi null), never a zero-width [x, x]: a label with a count of 0 in either group
(resampling a group that lacks the label never draws it, so that group's uncertainty is left
out: with 0/1 against 0/1 every resample gives 1.00), a group of fewer than `MIN_GROUP` items or
`MIN_GROUP` documents, and any interval whose resamples all agree. The same rules hold for the
corrected interval, which is also undefined where the corrected count of the label (p * n) is
below `SMOOTHING` in either group: there the half count added to every label, not the data,
sets the ratio (a label corrected to nothing in both groups of sizes n_top and n_random gets
(n_random + L/2) / (n_top + L/2), which is 1 only for groups of one size).

A conclusion is `enriched` (interval above 1), `depleted` (below 1) or `no clear difference`
(containing 1), null without an interval; `flips` marks a label whose raw and corrected
conclusions differ (null where either is undefined).
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
MIN_GROUP = 2  # items (and documents) a group needs for a bootstrap to resample anything but itself
EM_TOLERANCE = 1e-10  # a row's EM stops once no share of it moves by more than this in an iteration
EM_MAX_STEPS = 1000  # accelerated iterations: most rows settle within tens, a few at the simplex's edge take hundreds
SHRINK_FLOOR = 1e-3  # the most one accelerated step may shrink a share by
ENRICHED, DEPLETED, UNCLEAR = "enriched", "depleted", "no clear difference"


def enrichment(
    labels_top: Sequence[str],
    labels_random: Sequence[str],
    n_boot: int = 1000,
    seed: int | Sequence[int] = 0,
    labels: Sequence[str] = LABELS,
    docs_top: Sequence[object] | None = None,
    docs_random: Sequence[object] | None = None,
    confusion: np.ndarray | None = None,
) -> pa.Table:
    """One row per label: counts, smoothed proportions in each group, their ratio and its
    bootstrap interval [lo, hi] (null where it cannot be computed: see the module). Both groups
    need at least one item.

    `docs_top`/`docs_random` (the document of each item, given together) make the bootstrap
    resample documents and add `docs_top`, `docs_random` (documents per group). `confusion`
    (counts [true, predicted] in `labels` order, measured on labelled test items) adds the
    corrected shares, ratio and joint-bootstrap interval, each interval's conclusion and
    `flips`."""
    labels = tuple(labels)
    if n_boot < 1:
        raise ValueError(f"n_boot must be at least 1, got {n_boot}")
    if (docs_top is None) != (docs_random is None):
        raise ValueError("give docs_top and docs_random together (the document of every item of both groups), or neither")
    top = _label_indices(labels_top, labels, "labels_top")
    random = _label_indices(labels_random, labels, "labels_random")
    doc_top = _document_indices(docs_top, len(top), "docs_top")
    doc_random = _document_indices(docs_random, len(random), "docs_random")
    rng = np.random.default_rng(seed)
    count_top, count_random = (np.bincount(index, minlength=len(labels)) for index in (top, random))
    boot_top = cluster_bootstrap_counts(top, doc_top, len(labels), n_boot, rng)
    boot_random = cluster_bootstrap_counts(random, doc_random, len(labels), n_boot, rng)

    enough = min(len(top), len(random), doc_top.max() + 1, doc_random.max() + 1) >= MIN_GROUP
    seen = (count_top > 0) & (count_random > 0) & enough
    ratio = _smoothed(count_top) / _smoothed(count_random)
    lo, hi, defined = _interval(_smoothed(boot_top) / _smoothed(boot_random), seen)
    columns = {
        "label": pa.array(labels, type=pa.string()),
        "n_top": pa.array(np.full(len(labels), len(top)), type=pa.int64()),
        "n_random": pa.array(np.full(len(labels), len(random)), type=pa.int64()),
        "count_top": pa.array(count_top, type=pa.int64()),
        "count_random": pa.array(count_random, type=pa.int64()),
        "p_top": pa.array(_smoothed(count_top)),
        "p_random": pa.array(_smoothed(count_random)),
        "ratio": pa.array(ratio),
        "lo": pa.array(lo, mask=~defined, type=pa.float64()),
        "hi": pa.array(hi, mask=~defined, type=pa.float64()),
    }
    if docs_top is not None:
        columns["docs_top"] = pa.array(np.full(len(labels), doc_top.max() + 1), type=pa.int64())
        columns["docs_random"] = pa.array(np.full(len(labels), doc_random.max() + 1), type=pa.int64())
    if confusion is None:
        return pa.table(columns)

    # both groups corrected in one call, each replicate's two groups with that replicate's C
    fixed_counts = corrected_counts(np.stack([count_top, count_random]), confusion_rates(confusion, labels))
    fixed_top, fixed_random = _smoothed(fixed_counts)
    boot_rates = resample_confusion(confusion, n_boot, rng)
    boot_top, boot_random = _smoothed(corrected_counts(np.stack([boot_top, boot_random]), boot_rates))
    boot_corrected = boot_top / boot_random
    # a label corrected to (nearly) nothing in a group has a ratio the smoothing sets, not the data
    corrected_lo, corrected_hi, corrected_defined = _interval(boot_corrected, seen & (fixed_counts >= SMOOTHING).all(axis=0))
    conclusion = _conclusions(lo, hi, defined)
    corrected_conclusion = _conclusions(corrected_lo, corrected_hi, corrected_defined)
    both = defined & corrected_defined
    return pa.table(
        {
            **columns,
            "corrected_p_top": pa.array(fixed_top),
            "corrected_p_random": pa.array(fixed_random),
            "corrected_ratio": pa.array(fixed_top / fixed_random),
            "corrected_lo": pa.array(corrected_lo, mask=~corrected_defined, type=pa.float64()),
            "corrected_hi": pa.array(corrected_hi, mask=~corrected_defined, type=pa.float64()),
            "conclusion": pa.array(conclusion, type=pa.string()),
            "corrected_conclusion": pa.array(corrected_conclusion, type=pa.string()),
            "flips": pa.array(np.array(conclusion) != np.array(corrected_conclusion), mask=~both, type=pa.bool_()),
        }
    )


def interval_reasons(table: pa.Table, estimate: str = "raw") -> list[str | None]:
    """Per row of an `enrichment` table, in words, why its interval (`lo`/`hi`, or with
    `estimate="corrected"` `corrected_lo`/`corrected_hi`) is undefined, None where it is
    defined: the rules of the module, most basic first (one document; too few positions; a
    label absent from a group; a correction that leaves none of it; resamples that all agree).
    Works on a table written before this function (from its counts and documents columns)."""
    if estimate not in ("raw", "corrected"):
        raise ValueError(f"estimate={estimate!r}: use raw or corrected")
    prefix = "corrected_" if estimate == "corrected" else ""
    data = table.to_pydict()
    rows = table.num_rows
    reasons: list[str | None] = []
    for i in range(rows):
        if data[f"{prefix}lo"][i] is not None and data[f"{prefix}hi"][i] is not None:
            reasons.append(None)
            continue
        reason = None
        for group, said in (("top", "top-gated"), ("random", "random")):
            documents = data.get(f"docs_{group}", [None] * rows)[i]
            items = data[f"n_{group}"][i]
            if documents is not None and documents < MIN_GROUP:
                reason = (
                    f"the {said} positions come from {documents} document{'s' if documents != 1 else ''}: "
                    "a bootstrap over documents has nothing to resample (probe more documents)"
                )
            elif items < MIN_GROUP:
                reason = f"{items} {said} position{'s' if items != 1 else ''}: too few to resample (a larger --top-fraction)"
            if reason:
                break
        if reason is None:
            absent = [said for group, said in (("top", "top-gated"), ("random", "random")) if data[f"count_{group}"][i] == 0]
            if absent:
                reason = f"the label is absent from the {' and the '.join(absent)} positions: resampling cannot vary a count of 0"
        if reason is None and prefix:
            n_top, n_random = data["n_top"][i], data["n_random"][i]
            # the corrected count of the label, p * n, from the smoothed shares (inverting `_smoothed`)
            labels = len(set(data["label"]))
            fixed = [
                data[f"corrected_p_{g}"][i] * (n + SMOOTHING * labels) - SMOOTHING
                for g, n in (("top", n_top), ("random", n_random))
                if data.get(f"corrected_p_{g}", [None] * rows)[i] is not None
            ]
            if any(count < SMOOTHING for count in fixed):
                reason = (
                    "the correction leaves (nearly) none of this label in a group: the smoothing, not the data, sets the ratio"
                )
        reasons.append(reason or "every resample gave the same ratio: the bootstrap cannot measure its uncertainty")
    return reasons


def cluster_bootstrap_counts(
    label_index: np.ndarray, doc_index: np.ndarray, n_labels: int, n_boot: int, rng: np.random.Generator
) -> np.ndarray:
    """Label counts [n_boot, n_labels] of `n_boot` document-level resamples: each draws the
    group's D documents (`doc_index` in 0..D-1, one per item) D times with replacement and adds
    up their items' labels (`label_index`)."""
    n_docs = int(doc_index.max()) + 1
    if n_docs == len(doc_index):  # one item per document: the same distribution, drawn per label instead of per item
        counts = np.bincount(label_index, minlength=n_labels)
        return rng.multinomial(n_docs, counts / n_docs, size=n_boot)
    per_doc = np.zeros((n_docs, n_labels), dtype=np.int64)
    np.add.at(per_doc, (doc_index, label_index), 1)
    # how often each replicate drew each document [n_boot, documents]: one bincount over all the draws,
    # many times faster than numpy's multinomial, which draws a binomial per document
    draws = rng.integers(n_docs, size=(n_boot, n_docs)) + n_docs * np.arange(n_boot)[:, None]
    times_drawn = np.bincount(draws.reshape(-1), minlength=n_boot * n_docs).reshape(n_boot, n_docs)
    return times_drawn @ per_doc


def confusion_rates(confusion: np.ndarray, labels: Sequence[str] = LABELS) -> np.ndarray:
    """C[i, j] = P(predicted j | true i) from counts [true, predicted]; every true label needs
    at least one labelled item."""
    counts = np.asarray(confusion, dtype=float)
    if counts.shape != (len(labels), len(labels)) or (counts < 0).any():
        raise ValueError(
            f"confusion must be non-negative counts of shape ({len(labels)}, {len(labels)}) [true, predicted] in the "
            f"order {list(labels)}; got shape {counts.shape}"
        )
    items = counts.sum(axis=1, keepdims=True)
    empty = [label for label, n in zip(labels, items[:, 0]) if n == 0]
    if empty:
        raise ValueError(f"confusion has no labelled item of true label(s) {empty}: their error rates are unknown")
    return counts / items


def resample_confusion(confusion: np.ndarray, n_boot: int, rng: np.random.Generator) -> np.ndarray:
    """Rates [n_boot, true, predicted] of `n_boot` resamples of the test items: each true
    label's row of counts drawn again, multinomially at its own size."""
    rates = confusion_rates(confusion, tuple(range(len(confusion))))
    items = np.asarray(confusion).sum(axis=1).astype(np.int64)
    resampled = rng.multinomial(items, rates, size=(n_boot, len(items)))  # row i at size items[i]
    return resampled / items[:, None]


def correct_shares(observed: np.ndarray, rates: np.ndarray) -> np.ndarray:
    """The true shares p [..., L] that best explain the observed shares (or counts) [..., L]
    through misclassification rates [..., L, L] (q = C^T p): the maximum-likelihood p on the
    simplex, by EM from the uniform distribution (see the module). Leading axes broadcast.

    EM alone creeps when a share's maximum is on the simplex's edge (a thousand steps and
    more), so it is accelerated by SQUAREM (Varadhan and Roland 2008): two EM steps, an
    extrapolation along them, one EM step from there. An extrapolation that lowers the
    likelihood is replaced by the two plain EM steps, so every iteration climbs and the fixed
    point is EM's own."""
    observed = np.asarray(observed, dtype=float)
    rates = np.asarray(rates, dtype=float)
    n_labels = observed.shape[-1]
    shape = np.broadcast_shapes(observed.shape, rates.shape[:-1])
    q = np.broadcast_to(observed / observed.sum(axis=-1, keepdims=True), shape).reshape(-1, n_labels)
    rates = np.broadcast_to(rates, (*shape, n_labels)).reshape(-1, n_labels, n_labels)
    p = np.full(q.shape, 1.0 / n_labels)
    active = np.arange(len(q))  # the rows still moving: most settle in a few steps, a few take hundreds
    for _ in range(EM_MAX_STEPS):
        if not active.size:
            break
        updated = _squarem_step(p[active], q[active], rates[active])
        moved = np.abs(updated - p[active]).max(axis=-1)
        p[active] = updated
        active = active[moved >= EM_TOLERANCE]
    return p.reshape(shape)


def _squarem_step(p: np.ndarray, q: np.ndarray, rates: np.ndarray) -> np.ndarray:
    """One accelerated EM iteration over rows [rows, L] (see `correct_shares`)."""

    def predicted(p):  # C^T p, the shares p would be observed as
        return np.einsum("bi,bij->bj", p, rates)

    def em_step(p):
        # a label the test items never predicted but the run shows has no explanation: it carries no weight
        share = predicted(p)
        weight = np.divide(q, share, out=np.zeros_like(share), where=share > 0)
        updated = p * np.einsum("bij,bj->bi", rates, weight)
        return updated / updated.sum(axis=-1, keepdims=True)

    def log_likelihood(p):
        share = predicted(p)
        return np.where(q > 0, q * np.log(np.where(share > 0, share, 1.0)), 0.0).sum(axis=-1)

    once = em_step(p)
    twice = em_step(once)
    step, bend = once - p, twice - 2 * once + p
    length = np.sqrt((step**2).sum(-1, keepdims=True) / np.maximum((bend**2).sum(-1, keepdims=True), 1e-300))
    length = np.maximum(length, 1.0)  # at least the plain two steps
    # a share the extrapolation drives below zero is floored at a thousandth of its value instead:
    # still positive, so EM can raise it again, and a share whose maximum is 0 gets there in a few steps
    jumped = np.maximum(p + 2 * length * step + length**2 * bend, p * SHRINK_FLOOR)
    jumped /= jumped.sum(axis=-1, keepdims=True)
    plain = ~(log_likelihood(jumped) >= log_likelihood(twice))
    return em_step(np.where(plain[:, None], twice, jumped))


def corrected_counts(counts: np.ndarray, rates: np.ndarray) -> np.ndarray:
    """Counts [..., L] with their shares corrected for misclassification, the total kept."""
    counts = np.asarray(counts, dtype=float)
    return correct_shares(counts, rates) * counts.sum(axis=-1, keepdims=True)


def conclusion_of(lo: float | None, hi: float | None) -> str | None:
    """`enriched` (interval above 1), `depleted` (below 1), `no clear difference`, or None
    without an interval."""
    if lo is None or hi is None:
        return None
    return ENRICHED if lo > 1 else DEPLETED if hi < 1 else UNCLEAR


def _conclusions(lo: np.ndarray, hi: np.ndarray, defined: np.ndarray) -> list[str | None]:
    return [conclusion_of(a, b) if ok else None for a, b, ok in zip(lo.tolist(), hi.tolist(), defined)]


def _interval(boot_ratio: np.ndarray, seen: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Percentile interval of the replicates [n_boot, L] and where it is defined."""
    lo, hi = np.percentile(boot_ratio, INTERVAL, axis=0)
    return lo, hi, seen & (hi > lo)


def _label_indices(values: Sequence[str], labels: tuple[str, ...], name: str) -> np.ndarray:
    index = {label: i for i, label in enumerate(labels)}
    unknown = [value for value in values if value not in index]
    if unknown:
        raise ValueError(f"{name} contains {unknown[0]!r}, which is not one of {list(labels)}")
    if len(values) == 0:
        raise ValueError(f"{name} is empty: enrichment needs at least one item in each group")
    return np.array([index[value] for value in values], dtype=np.int64)


def _document_indices(docs: Sequence[object] | None, n_items: int, name: str) -> np.ndarray:
    """Each item's document as 0..D-1; without documents, every item is its own."""
    if docs is None:
        return np.arange(n_items)
    if len(docs) != n_items:
        raise ValueError(f"{name} has {len(docs)} entries but its group has {n_items} labels")
    return np.unique(np.asarray(docs, dtype=object).astype(str), return_inverse=True)[1].reshape(-1)


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
    doc_col: str | None = None,
    domain_col: str | None = None,
    confusion: np.ndarray | None = None,
) -> pa.Table:
    """Enrichment rows per Engram layer: (layer, label, n_top, n_random, count_top,
    count_random, p_top, p_random, ratio, lo, hi), plus the columns `enrichment` adds for
    `doc_col` (documents, bootstrap over them) and `confusion` (corrected figures).

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

    With `domain_col`, the rows gain a `domain` column: null for all positions, then one
    set of rows per domain from the same two samples split by their domain (P(label | top,
    domain) / P(label | random, domain)); a domain absent from either group at a layer has no
    rows there.
    """
    _require(table, {"gate_col": gate_col, "layer_col": layer_col})
    _require(table, {name: column for name, column in (("doc_col", doc_col), ("domain_col", domain_col)) if column})
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
        picked = np.concatenate([top_rows, random_rows])
        kept = np.array([label is not None for label in labels], dtype=bool)
        in_top = np.arange(len(picked)) < k
        values = {
            "label": np.array(labels, dtype=object),
            "doc": _column_of(table, doc_col, picked),
            "domain": _column_of(table, domain_col, picked),
        }
        boot_seed = int(rng.integers(2**32))
        scopes = [(None, kept)] if domain_col is None else _domain_scopes(values["domain"], kept)
        for scope_index, (domain, members) in enumerate(scopes):
            top_members, random_members = members & in_top, members & ~in_top
            if not top_members.any() or not random_members.any():
                continue
            rows_table = enrichment(
                values["label"][top_members].tolist(),
                values["label"][random_members].tolist(),
                n_boot=n_boot,
                seed=[boot_seed, scope_index],
                docs_top=None if doc_col is None else values["doc"][top_members].tolist(),
                docs_random=None if doc_col is None else values["doc"][random_members].tolist(),
                confusion=confusion,
            )
            if domain_col is not None:
                rows_table = rows_table.add_column(0, "domain", pa.array([domain] * rows_table.num_rows, type=pa.string()))
            pieces.append(rows_table.add_column(0, "layer", pa.array(np.full(rows_table.num_rows, layer))))
    if not pieces:
        raise ValueError(f"no row has a usable gate in column {gate_col!r}")
    return pa.concat_tables(pieces)


def _domain_scopes(domains: np.ndarray, kept: np.ndarray) -> list[tuple[str | None, np.ndarray]]:
    """(None: every domain, every kept item), then (domain, its kept items) per domain, sorted."""
    as_text = domains.astype(str)
    return [(None, kept)] + [(name, kept & (as_text == name)) for name in sorted(set(as_text))]


def _column_of(table: pa.Table, column: str | None, rows: np.ndarray) -> np.ndarray | None:
    return None if column is None else np.array(table.column(column).take(pa.array(rows)).to_pylist(), dtype=object)


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
