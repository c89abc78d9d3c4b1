"""One n-gram as a feature, from its occurrences (`queries.ngram_occurrences`): its occurrences
binned by gate quantile and paged, the mean gate by what surrounds it (preceding and following
token, document, domain) with an interval, and its hash neighbours, the n-grams of the run that
share one of its embedding-table rows.

Rows: an Engram layer hashes the n-gram of order n ending at a position into one row of each of
its K order-n heads (`engram_model.addressing`, heads order-major: order n is heads
(n-2)K .. (n-1)K-1). Every head has a table of its own, so two n-grams share a row only in a head of
their common order. A run made with `engram-probe run --record-rows` holds the rows (`rows`
column); any other is addressed again here by the model that made it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pyarrow as pa

from .store import connect, has_gate_column, read_manifest

DOCUMENT_START, DOCUMENT_END = "(document start)", "(document end)"


def quantile_bins(gates, parts: int = 10) -> dict[str, np.ndarray]:
    """Indices into `gates` per bin: "top" (every occurrence, highest gate first), then `parts`
    bins of equal rank ranges from the highest ("90–100th percentile" for deciles) to the lowest,
    each highest first, then "bottom" (every occurrence, lowest first). Bins are by rank, not
    by gate value, so each holds n/parts occurrences even where gates tie; a tie keeps the
    order the occurrences come in."""
    gates = np.asarray(gates, dtype=float)
    if parts < 1:
        raise ValueError(f"parts={parts}: bin into at least 1 part")
    ranked = np.argsort(-gates, kind="stable")  # highest first
    n = len(ranked)
    bins = {"top": ranked}
    for k in range(parts):  # k = 0 is the highest part
        high, low = 100 - k * 100 // parts, 100 - (k + 1) * 100 // parts
        bins[f"{low}–{high}th percentile"] = ranked[n * k // parts : n * (k + 1) // parts]
    bins["bottom"] = ranked[::-1]
    return bins


def page_count(n: int, per_page: int) -> int:
    """Pages of `per_page` that `n` items fill (one page, empty, for none)."""
    if per_page < 1:
        raise ValueError(f"per_page={per_page}: show at least 1 item a page")
    return max(1, -(-n // per_page))


def page_slice(n: int, page: int, per_page: int) -> slice:
    """Items of page `page` (1-based) of `n` items, `per_page` a page."""
    pages = page_count(n, per_page)
    if not 1 <= page <= pages:
        raise ValueError(f"page {page}: there are pages 1 to {pages}")
    return slice((page - 1) * per_page, min(page * per_page, n))


def surrounding_tokens(positions: Sequence[int], contexts: Sequence[Sequence[dict]], order: int) -> tuple[list[str], list[str]]:
    """The token just before each occurrence's n-gram (of `order` tokens ending at its position)
    and the token just after it, from `queries.token_contexts` rows ({position, token, ...});
    DOCUMENT_START / DOCUMENT_END where the document has none."""
    preceding, following = [], []
    for position, context in zip(positions, contexts, strict=True):
        tokens = {t["position"]: t["token"] for t in context}
        preceding.append(tokens.get(position - order, DOCUMENT_START))
        following.append(tokens.get(position + 1, DOCUMENT_END))
    return preceding, following


def context_breakdown(
    keys: Sequence, gates, name: str, min_count: int = 1, z: float = 1.96, expected_share: dict | None = None
) -> pa.Table:
    """Per distinct key (a preceding token, a document…): `count`, `share` of all occurrences,
    `mean_gate` and a normal-approximation interval `low`..`high` = mean ± z·s/√count (s the
    sample standard deviation; no interval for a single occurrence). Keys seen fewer than
    `min_count` times are left out (shares stay of all occurrences); most frequent first. With
    `expected_share` ({key: share}, e.g. a domain's share of the run's tokens) it is a column too."""
    gates = np.asarray(gates, dtype=float)
    if len(keys) != len(gates):
        raise ValueError(f"{len(keys)} keys for {len(gates)} gates: give one key per occurrence")
    names, which = np.unique(np.asarray(keys, dtype=object).astype(str), return_inverse=True)
    counts = np.bincount(which, minlength=len(names))
    sums = np.bincount(which, weights=gates, minlength=len(names))
    means = sums / np.maximum(counts, 1)
    squares = np.bincount(which, weights=(gates - means[which]) ** 2, minlength=len(names))
    with np.errstate(invalid="ignore", divide="ignore"):
        spread = np.where(counts > 1, z * np.sqrt(squares / (counts - 1) / counts), np.nan)
    kept = np.flatnonzero(counts >= min_count)
    kept = kept[np.lexsort((names[kept], -counts[kept]))]  # most frequent first, ties by name
    columns = {
        name: pa.array(names[kept].tolist(), pa.string()),
        "count": pa.array(counts[kept], pa.int64()),
        "share": pa.array(counts[kept] / max(len(gates), 1)),
        "mean_gate": pa.array(means[kept]),
        "low": pa.array(means[kept] - spread[kept], from_pandas=True),  # NaN -> null: no interval
        "high": pa.array(means[kept] + spread[kept], from_pandas=True),
    }
    if expected_share is not None:
        columns["expected_share"] = pa.array([expected_share.get(key) for key in names[kept].tolist()], pa.float64())
    return pa.table(columns)


def order_heads(order: int, heads_per_order: int) -> slice:
    """The columns of a position's row ids `[(N-1)*K]` that belong to the heads of `order`."""
    if order < 2:
        raise ValueError(f"order {order}: n-grams start at order 2")
    return slice((order - 2) * heads_per_order, (order - 1) * heads_per_order)


def layer_position_rows(
    run_dir: str | Path, layer: int, order: int, address: Callable[[np.ndarray], np.ndarray] | None = None
) -> pa.Table:
    """Every position of `layer`: `ngram` (its n-gram of `order`), `gate` (branch mean) and
    `rows`, the row ids of the order's K heads. Read from the run's `rows` column when it was
    recorded; else `address(token_ids) -> [T, (N-1)*K]` (a document's raw ids from its first
    token, as the scan addressed them) computes them, by default the run's own model
    (`run_model_address`, which imports torch and loads the model)."""
    engram = read_manifest(Path(run_dir))["config"]["engram"]
    if order not in range(2, engram["max_ngram"] + 1):
        raise ValueError(f"order {order}: this run records n-grams of orders 2 to {engram['max_ngram']}")
    heads = order_heads(order, engram["heads_per_order"])
    with connect(run_dir) as con:
        recorded = has_gate_column(con, "rows")
        table = con.sql(
            f"""SELECT doc_id, position, token_id, ngram_{int(order)} AS ngram, gate_mean AS gate
                {", rows" if recorded else ""} FROM gates WHERE layer = ? ORDER BY doc_id, position""",
            params=[layer],
        ).to_arrow_table()
    if recorded:
        column = table.column("rows").combine_chunks()
        rows = column.flatten().to_numpy().reshape(len(table), -1)
    else:
        address = address or run_model_address(run_dir, layer)
        doc_ids = table.column("doc_id").to_numpy(zero_copy_only=False)
        ids = table.column("token_id").to_numpy()
        starts = np.flatnonzero(np.r_[True, doc_ids[1:] != doc_ids[:-1]])  # each document's first row
        rows = np.concatenate([address(ids[a:b]) for a, b in zip(starts, np.r_[starts[1:], len(ids)])]) if len(ids) else ids
        rows = rows.reshape(len(table), -1)
    kept = rows[:, heads].astype(np.int64)
    return pa.table(
        {
            "ngram": table.column("ngram"),
            "gate": table.column("gate"),
            "rows": pa.FixedSizeListArray.from_arrays(pa.array(kept.reshape(-1)), kept.shape[1]),
        }
    )


def run_model_address(run_dir: str | Path, layer: int) -> Callable[[np.ndarray], np.ndarray]:
    """`address(token_ids)`: the row ids `[T, (N-1)*K]` the run's own model (`load_run_model`)
    gives a document's raw token ids at `layer`, addressed from the document's start."""
    from .model import load_run_model

    return model_address(load_run_model(run_dir), layer)


def model_address(model, layer: int) -> Callable[[np.ndarray], np.ndarray]:
    """`address(token_ids)` of a model already open (an app shares one per run): the row ids
    `[T, (N-1)*K]` it gives a document's raw token ids at `layer`, addressed from its start."""
    import torch

    return lambda ids: model.engram_rows_numpy(torch.as_tensor(np.asarray(ids, dtype=np.int64))[None])[layer][0]


def hash_neighbours(positions: pa.Table, ngram: str, min_count: int = 1) -> pa.Table:
    """The n-grams that share a row with `ngram` in one of its heads, from `layer_position_rows`:
    per (head, row, n-gram) on that row, itself included (`is_target`), `count` (its positions),
    `share_of_row` (of all positions reading the row), `mean_gate`, `gate_vs_target` (its mean
    gate minus `ngram`'s on the row) and `favoured` (the highest mean gate on the row among the
    n-grams shown). N-grams seen fewer than `min_count` times are left out, `ngram` never.
    Heads and rows in order; on a row, most positions first. Empty when `ngram` does not occur."""
    texts = positions.column("ngram").to_numpy(zero_copy_only=False).astype(str)
    gates = positions.column("gate").to_numpy().astype(float)
    rows = positions.column("rows").combine_chunks().flatten().to_numpy().reshape(len(positions), -1)
    target = texts == ngram
    found = []
    for head in range(rows.shape[1]):
        for row in np.unique(rows[target, head]):
            on_row = np.flatnonzero(rows[:, head] == row)
            names, which = np.unique(texts[on_row], return_inverse=True)
            counts = np.bincount(which)
            means = np.bincount(which, weights=gates[on_row]) / counts
            shown = np.flatnonzero((counts >= min_count) | (names == ngram))
            shown = shown[np.lexsort((names[shown], -counts[shown]))]
            own = means[names == ngram][0]
            for k in shown:
                found.append(
                    {
                        "head": head,
                        "row": int(row),
                        "ngram": str(names[k]),
                        "count": int(counts[k]),
                        "share_of_row": counts[k] / len(on_row),
                        "mean_gate": float(means[k]),
                        "gate_vs_target": float(means[k] - own),
                        "favoured": bool(means[k] == means[shown].max()),
                        "is_target": bool(names[k] == ngram),
                    }
                )
    schema = pa.schema(
        [("head", pa.int64()), ("row", pa.int64()), ("ngram", pa.string()), ("count", pa.int64()), ("share_of_row", pa.float64()),
         ("mean_gate", pa.float64()), ("gate_vs_target", pa.float64()), ("favoured", pa.bool_()), ("is_target", pa.bool_())]
    )  # fmt: skip
    return pa.Table.from_pylist(found, schema)


def has_recorded_rows(run_dir: str | Path) -> bool:
    """Whether the run holds its row ids (`engram-probe run --record-rows`): its hash neighbours
    are then read, not addressed again by the model."""
    with connect(run_dir) as con:
        return has_gate_column(con, "rows")
