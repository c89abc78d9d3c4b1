"""Row statistics for probing the tables: Zipf fits and hit rates against cache size, plain
functions over arrays of row ids and counts, and the same statistics of a run recorded with
`--record-rows` (`run_row_stats`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..runs.store import connect, has_gate_column
from .formats import CACHE_SIZES


@dataclass(frozen=True)
class ZipfFit:
    """count(rank) ~ C * rank^-exponent, fitted by least squares in log-log space."""

    exponent: float
    r2: float
    ranks_fitted: int


def zipf_fit(counts: np.ndarray, min_count: int = 2) -> ZipfFit:
    """Fit the rank-frequency law over the rows seen at least `min_count` times (the tail of
    rows seen once is flat by construction and would dominate an unweighted fit)."""
    sorted_counts = np.sort(np.asarray(counts, dtype=np.float64))[::-1]
    sorted_counts = sorted_counts[sorted_counts >= min_count]
    if len(sorted_counts) < 3:
        return ZipfFit(float("nan"), float("nan"), len(sorted_counts))
    x = np.log(np.arange(1, len(sorted_counts) + 1))
    y = np.log(sorted_counts)
    slope, intercept = np.polyfit(x, y, 1)
    residual = y - (slope * x + intercept)
    total = ((y - y.mean()) ** 2).sum()
    return ZipfFit(float(-slope), float(1 - (residual**2).sum() / total) if total else 1.0, len(sorted_counts))


def hit_rate_curve(counts: np.ndarray, sizes) -> np.ndarray:
    """Share of requests a static cache of the `size` most requested rows serves, for each
    size: the offline-LFU hit rate on the corpus the counts came from (an upper bound for a
    hot set measured on other text)."""
    cumulative = np.concatenate([[0], np.cumsum(np.sort(np.asarray(counts))[::-1])])
    sizes = np.minimum(np.asarray(sizes, dtype=np.int64), len(counts))
    return cumulative[sizes] / max(1, cumulative[-1])


def hit_rate(hot: np.ndarray, rows: np.ndarray) -> float:
    """Share of the requests in `rows` that the hot set `hot` serves (e.g. on held-out text)."""
    rows = np.asarray(rows).ravel()
    return float(np.isin(rows, hot).mean()) if rows.size else 0.0


def head_row_stats(rows: np.ndarray, sizes=(64, 256, 1024, 4096)) -> list[dict]:
    """Per-head statistics of per-head row ids `[..., H]`: requests, distinct rows, Zipf fit,
    share of requests the top-`size` rows serve."""
    from engram_model.tables import row_counts  # imports torch: the gate browser reads the other statistics without it

    rows = np.asarray(rows).reshape(-1, np.shape(rows)[-1])
    out = []
    for head in range(rows.shape[1]):
        _, counts = row_counts(rows[:, head])
        fit = zipf_fit(counts)
        curve = hit_rate_curve(counts, sizes)
        out.append(
            {
                "head": head,
                "requests": int(rows.shape[0]),
                "unique": int(len(counts)),
                "zipf_exponent": fit.exponent,
                "zipf_r2": fit.r2,
                **{f"top_{size}_share": float(rate) for size, rate in zip(sizes, curve)},
            }
        )
    return out


ROWSTATS_CACHE_SIZES = (256, 1024, 4096, 16384, 65536)  # rows per layer of the static caches on the hit-rate curve


def text_row_stats(
    addressing, text: str, *, source: str, cache_sizes=ROWSTATS_CACHE_SIZES, capacity: int = 65536
) -> tuple[dict, dict[str, np.ndarray]]:
    """The rows a model's Engram layers request for `text`, by its `TableAddressing` (read as one
    continuous stream from a document's start, so n-grams cross chunk edges; the model's own
    convention decides where history stops), as `engram-probe offload rowstats` reports them:
    per layer the requests, distinct rows, Zipf fit and static-cache hit-rate curve, per hash
    head the same, and each layer's hot set (its `capacity` most requested rows, most requested
    first) as `TierOptions(hot_rows=...)` takes it. Returns (report, hot sets)."""
    from engram_model.tables import hot_set, row_counts

    ids = addressing.encode(text)
    if not len(ids):
        raise ValueError(f"{source} has no tokens")
    rows = addressing.sequence_rows(addressing.hashed(ids))
    report = {"model": addressing.name, "text": source, "tokens": len(ids), "layers": {}}
    hot = {}
    for layer, layer_rows in rows.items():  # [T, H]
        flat, counts = row_counts(layer_rows + addressing.head_offsets(layer))
        hot[str(layer)] = hot_set(flat, counts, capacity)
        fit = zipf_fit(counts)
        report["layers"][str(layer)] = {
            "requests": int(layer_rows.size),
            "unique": len(flat),
            "table_rows": int(addressing.stored_rows[layer]),
            "zipf_exponent": fit.exponent,
            "zipf_r2": fit.r2,
            "hit_rate_curve": {str(s): float(r) for s, r in zip(cache_sizes, hit_rate_curve(counts, cache_sizes))},
            "heads": head_row_stats(layer_rows, sizes=tuple(cache_sizes[:3])),
        }
    return report, hot


def run_row_stats(run_dir: str | Path, sizes: tuple[int, ...] = CACHE_SIZES) -> dict | None:
    """The row requests of a run recorded with `--record-rows`, in `engram-probe offload
    rowstats`'s layout: per layer requests, distinct (head, row) pairs, Zipf fit and the
    static-cache hit-rate curve over `sizes`. None when the run did not record rows."""
    with connect(run_dir) as con:
        if not has_gate_column(con, "rows"):
            return None
        [(tokens,)] = con.sql("SELECT count(*) FROM gates WHERE layer = (SELECT min(layer) FROM gates)").fetchall()
        counts = con.sql("""
            SELECT layer, count(*) AS requests FROM (
                SELECT layer, unnest(range(len(rows::BIGINT[]))) AS head, unnest(rows::BIGINT[]) AS row_id FROM gates)
            GROUP BY layer, head, row_id
        """).to_arrow_table()
    report = {"model": "this run", "text": f"the run's {tokens:,} tokens", "tokens": tokens, "layers": {}}
    layers = counts.column("layer").to_numpy()
    requests = counts.column("requests").to_numpy()
    for layer in np.unique(layers):
        layer_counts = requests[layers == layer]
        fit = zipf_fit(layer_counts)
        report["layers"][str(layer)] = {
            "requests": int(layer_counts.sum()),
            "unique": len(layer_counts),
            "zipf_exponent": fit.exponent,
            "zipf_r2": fit.r2,
            "hit_rate_curve": {str(s): float(r) for s, r in zip(sizes, hit_rate_curve(layer_counts, sizes))},
        }
    return report
