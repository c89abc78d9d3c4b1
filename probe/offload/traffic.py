"""Exact Engram traffic of a model on real text, without its weights.

Row ids depend only on token ids (spec §2): a model's `TableAddressing` (its tokenizer, the
ids its hash reads, its addresser) -> row ids per layer and hash head. From those this module
counts what a server would read: rows requested and distinct per step (prefill steps of
B x T tokens, decode steps of B tokens), per n-gram order and per head; reuse intervals; and
the hit rate of a cache against its capacity for a static hot set, LRU and the offline
optimum (Belady). Plain functions over numpy arrays; `engram-probe offload traffic` drives them.

A step needs the text to fill it: a prefill shape or decode batch longer than the corpus is a
ValueError (`check_steps`), never a step left out. A figure the text cannot give (a Zipf fit of
too few repeated rows, reuse intervals of rows never reused) is None, so the report is strict
JSON (no NaN).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import heapq
import math
import mmap
import os
from collections import OrderedDict
from pathlib import Path

import numpy as np

from engram_model.addressing import TableAddressing
from engram_model.config import EngramConfig
from engram_model.tables import row_counts

from .rowstats import head_row_stats, hit_rate_curve, zipf_fit

GIB = 2**30
MAX_CAPACITY_GIB = 2**20  # a cache of a PiB: beyond every table; past it the row counts leave int64
# The highest order's heads are nearly all distinct on real text; below this share of distinct
# rows among its requests a text is degenerate (one token repeated hashes to a handful of rows)
DEGENERATE_DISTINCT_RATIO = 0.05


# --- addressing ----------------------------------------------------------------------------


def document_rows(addressing: TableAddressing, documents: list[np.ndarray], chunk: int = 65536) -> dict[int, np.ndarray]:
    """Row ids `{layer: [tokens, heads]}` of documents of hashed ids laid end to end; each
    document starts from the empty history (pad, or Qwen's end-of-text), as a request does."""
    per_document = [addressing.sequence_rows(ids, chunk) for ids in documents]
    return {layer: np.concatenate([rows[layer] for rows in per_document]) for layer in addressing.layers}


def global_rows(addressing: TableAddressing, rows: dict[int, np.ndarray]) -> np.ndarray:
    """`[tokens, layers * heads]` ids in one space: each head's rows offset past every earlier
    head's and layer's, so equal ids mean the same stored row."""
    parts, base = [], 0
    for layer in addressing.layers:
        parts.append(rows[layer] + addressing.head_offsets(layer) + base)
        base += int(addressing.head_rows(layer).sum())
    return np.concatenate(parts, axis=1)


def head_orders(config: EngramConfig) -> np.ndarray:
    """The n-gram order of each head, order-major as the row ids come out."""
    return np.repeat(np.array(list(config.orders)), config.heads_per_order)


# --- per-step counts -----------------------------------------------------------------------


def distinct_per_group(steps: np.ndarray) -> np.ndarray:
    """`[steps, requests, columns]` -> distinct ids per step and column `[steps, columns]`."""
    ordered = np.sort(steps, axis=1)
    return 1 + (np.diff(ordered, axis=1) != 0).sum(axis=1)


def stretches(rows: np.ndarray, batch: int) -> np.ndarray:
    """`[B, tokens // B, columns]`: the text cut into B consecutive stretches, one per
    sequence of a batch, so a batch's sequences come from different parts of the corpus."""
    stretch = len(rows) // batch
    return rows[: batch * stretch].reshape(batch, stretch, rows.shape[1])


def prefill_steps(rows: np.ndarray, batch: int, seq_len: int) -> np.ndarray:
    """`[steps, B*T, columns]`: each step prefills B prompts of T tokens, one from each
    stretch, window after window."""
    per_stretch = stretches(rows, batch)
    steps = per_stretch.shape[1] // seq_len
    windows = per_stretch[:, : steps * seq_len].reshape(batch, steps, seq_len, rows.shape[1])
    return windows.transpose(1, 0, 2, 3).reshape(steps, batch * seq_len, rows.shape[1])


def decode_steps(rows: np.ndarray, batch: int, max_steps: int) -> np.ndarray:
    """`[steps, B, columns]`: B sequences (one per stretch) decoding side by side, one token
    each per step."""
    per_stretch = stretches(rows, batch)
    return per_stretch[:, :max_steps].transpose(1, 0, 2)


def step_traffic(steps: np.ndarray, config: EngramConfig, layers: int, bytes_per_row: int) -> dict:
    """Mean rows requested and distinct per step, in total, per n-gram order and per head
    (`[layer][head]`), and the steps too degenerate to benchmark on."""
    distinct = distinct_per_group(steps)  # [steps, layers * heads]
    heads = config.n_heads
    orders = np.tile(head_orders(config), layers)
    top = orders == config.max_ngram
    top_ratio = distinct[:, top].sum(axis=1) / (steps.shape[1] * top.sum())
    total = distinct.sum(axis=1)
    return {
        "steps": int(steps.shape[0]),
        "requested_per_step": int(steps.shape[1] * steps.shape[2]),
        "distinct_per_step": float(total.mean()),
        "distinct_per_step_max": int(total.max()),
        "distinct_ratio": float(total.mean() / (steps.shape[1] * steps.shape[2])),
        "distinct_bytes_per_step": float(total.mean() * bytes_per_row),
        "distinct_per_order": {str(n): float(distinct[:, orders == n].sum(axis=1).mean()) for n in config.orders},
        "distinct_per_head": distinct.mean(axis=0).reshape(layers, heads).round(1).tolist(),
        "degenerate_steps": int((top_ratio < DEGENERATE_DISTINCT_RATIO).sum()),
    }


# --- reuse and caches ----------------------------------------------------------------------


def previous_use(trace: np.ndarray) -> np.ndarray:
    """For each request, the index of the previous request of the same row, or -1."""
    order = np.argsort(trace, kind="stable")
    ordered = trace[order]
    repeat = np.flatnonzero(ordered[1:] == ordered[:-1]) + 1
    previous = np.full(len(trace), -1, dtype=np.int64)
    previous[order[repeat]] = order[repeat - 1]
    return previous


def next_use(trace: np.ndarray) -> np.ndarray:
    """For each request, the index of the next request of the same row, or len(trace)."""
    previous = previous_use(trace)
    following = np.full(len(trace), len(trace), dtype=np.int64)
    reused = previous >= 0
    following[previous[reused]] = np.flatnonzero(reused)
    return following


def reuse_intervals(rows: np.ndarray, config: EngramConfig, layers: int) -> dict:
    """Tokens between two requests of the same row, per n-gram order: quantiles over the
    repeated requests and the share of requests that are a row's first."""
    orders = np.tile(head_orders(config), layers)
    out = {}
    for n in config.orders:
        trace = rows[:, orders == n].ravel()  # token-major: request i belongs to token i // columns
        columns = int((orders == n).sum())
        previous = previous_use(trace)
        reused = previous >= 0
        gaps = np.flatnonzero(reused) // columns - previous[reused] // columns
        quantiles = np.percentile(gaps, [10, 50, 90, 99]).tolist() if gaps.size else [None] * 4  # None: no row reused
        out[str(n)] = {
            "first_use_share": float(1 - reused.mean()),
            **{f"p{q}_tokens": v for q, v in zip((10, 50, 90, 99), quantiles)},
        }
    return out


def lru_hits(trace, capacity: int) -> int:
    """Hits of a least-recently-used cache of `capacity` rows on the request stream."""
    cache: OrderedDict[int, None] = OrderedDict()
    hits = 0
    for row in np.asarray(trace).tolist():
        if row in cache:
            hits += 1
            cache.move_to_end(row)
        else:
            cache[row] = None
            if len(cache) > capacity:
                cache.popitem(last=False)
    return hits


def belady_hits(trace, capacity: int) -> int:
    """Hits of the offline optimum (Belady's MIN with bypass): on a miss into a full cache the
    row among the cached ones and the new one whose next request is farthest is dropped."""
    trace = np.asarray(trace)
    following = next_use(trace).tolist()
    cache: dict[int, int] = {}  # row -> index of its next request
    farthest: list[tuple[int, int]] = []  # max-heap of (-next request, row); stale entries skipped
    hits = 0
    for row, upcoming in zip(trace.tolist(), following):
        if row in cache:
            hits += 1
        elif len(cache) >= capacity:
            while -farthest[0][0] != cache.get(farthest[0][1]):
                heapq.heappop(farthest)
            if -farthest[0][0] <= upcoming:
                continue  # the new row is needed last: serve it without caching it
            del cache[heapq.heappop(farthest)[1]]
        cache[row] = upcoming
        heapq.heappush(farthest, (-upcoming, row))
    return hits


def serving_trace(rows: np.ndarray, batch: int, max_tokens: int) -> np.ndarray:
    """The request stream of B sequences decoding side by side, step by step, every layer's
    and head's row of a token in turn: what a cache in front of the table sees."""
    steps = decode_steps(rows, batch, max(1, max_tokens // batch))
    return steps.reshape(-1)


def hit_rates(trace: np.ndarray, capacities_rows: list[int]) -> dict:
    """Hit rate of a static hot set (the trace's own most requested rows: an upper bound for
    a hot set counted on other text), LRU and Belady, for each capacity."""
    _, counts = row_counts(trace)
    requests = max(1, len(trace))
    return {
        "static": [float(r) for r in hit_rate_curve(counts, capacities_rows)],
        "lru": [lru_hits(trace, c) / requests for c in capacities_rows],
        "belady": [belady_hits(trace, c) / requests for c in capacities_rows],
        "compulsory_miss": len(counts) / requests,
    }


# --- the report ----------------------------------------------------------------------------


def finite(value: float) -> float | None:
    """A figure for the report: None where it is NaN or infinite (a fit of too few points)."""
    return float(value) if math.isfinite(value) else None


def check_steps(tokens: int, prefill_shapes, decode_batches, cache_batch: int) -> None:
    """A ValueError naming the first step the text cannot fill: a prefill step of B x T tokens
    needs B * T of them, a decode step of B sequences B, the cache's trace `cache_batch`."""
    for batch, seq_len in prefill_shapes:
        if batch * seq_len > tokens:
            raise ValueError(
                f"prefill {batch}x{seq_len} needs {batch * seq_len:,} tokens a step and the corpus has {tokens:,}; "
                f"give shapes of at most {tokens:,} tokens or a larger corpus"
            )
    for batch in decode_batches:
        if batch > tokens:
            raise ValueError(
                f"decode batch {batch:,} needs a token for each of its sequences and the corpus has {tokens:,}; "
                f"give batches of at most {tokens:,} or a larger corpus"
            )
    if cache_batch > tokens:
        raise ValueError(
            f"cache batch {cache_batch:,} needs a token for each of its sequences and the corpus has {tokens:,}; "
            f"give at most {tokens:,} or a larger corpus"
        )


def page_cache_state(paths: list[Path]) -> dict:
    """Share of the files' pages in the page cache before they are read (mincore): a cold
    read and a warm one time differently, so a result says which it was."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.mincore.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_ubyte))
    total = resident = 0
    for path in paths:
        size = path.stat().st_size
        if size == 0:
            continue
        pages = (size + mmap.PAGESIZE - 1) // mmap.PAGESIZE
        vector = (ctypes.c_ubyte * pages)()
        # a private mapping: writable so ctypes can take its address, never written, so
        # mincore reports the file's own page-cache pages
        with open(path, "rb") as handle, mmap.mmap(handle.fileno(), size, access=mmap.ACCESS_COPY) as mapped:
            start = ctypes.c_char.from_buffer(mapped)
            failed = libc.mincore(ctypes.addressof(start), size, vector)
            del start  # the mapping cannot close while ctypes holds it
        if failed:
            return {"files": len(paths), "resident_share": None, "error": os.strerror(ctypes.get_errno())}
        total += pages
        resident += sum(v & 1 for v in vector)
    return {"files": len(paths), "pages": total, "resident_share": resident / total if total else 1.0}


def mo_messages(data: bytes) -> list[str]:
    """The translated strings of a gettext .mo catalog (GNU format: magic, revision, count,
    offset of the original and of the translation tables of (length, offset) pairs); plural
    forms split on NUL; the header entry (empty original) skipped."""
    import struct

    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
    if order is None:
        return []
    count, originals, translations = struct.unpack(order + "3I", data[8:20])
    out = []
    for i in range(count):
        original_length = struct.unpack(order + "I", data[originals + 8 * i : originals + 8 * i + 4])[0]
        length, offset = struct.unpack(order + "2I", data[translations + 8 * i : translations + 8 * i + 8])
        if original_length == 0:
            continue
        text = data[offset : offset + length].decode("utf-8", errors="replace")
        out.extend(part for part in text.split("\0") if part.strip())
    return out


def locale_documents(root: Path = Path("/usr/share/locale"), chars_per_language: int = 8000) -> list[tuple[str, str]]:
    """Multilingual text on any Linux machine: the translated messages of the gettext
    catalogs under `root`, one document per language `(language, text)`, the first
    `chars_per_language` characters of each so no language dominates."""
    by_language: dict[str, list[str]] = {}
    for catalog in sorted(root.glob("*/LC_MESSAGES/*.mo")):
        by_language.setdefault(catalog.parts[-3], []).extend(mo_messages(catalog.read_bytes()))
    return [(language, "\n".join(texts)[:chars_per_language]) for language, texts in sorted(by_language.items()) if texts]


def hygiene(rows: np.ndarray, tokens: np.ndarray, config: EngramConfig, layers: int) -> dict:
    """Flags for inputs that make traffic figures meaningless: few distinct tokens, or the
    highest order's rows repeating (a prompt of one token hashes to a handful of rows)."""
    orders = np.tile(head_orders(config), layers)
    top = rows[:, orders == config.max_ngram]
    top_ratio = float(np.mean([len(np.unique(top[:, h])) / len(top) for h in range(top.shape[1])])) if len(top) else 0.0
    token_ratio = len(np.unique(tokens)) / max(1, len(tokens))
    warnings = []
    if top_ratio < DEGENERATE_DISTINCT_RATIO:
        warnings.append(
            f"degenerate input: only {top_ratio:.1%} of the {config.max_ngram}-gram heads' requests are distinct rows "
            f"(real text: most); distinct-row and hit-rate figures of this text do not describe real traffic"
        )
    return {
        "top_order_distinct_ratio": top_ratio,
        "distinct_token_ratio": token_ratio,
        "degenerate": bool(warnings),
        "warnings": warnings,
    }


def traffic_report(
    addressing: TableAddressing,
    documents: list[np.ndarray],
    prefill_shapes: list[tuple[int, int]],
    decode_batches: list[int],
    capacities_gib: list[float],
    cache_batch: int = 64,
    cache_tokens: int = 20_000,
    decode_max_steps: int = 256,
) -> dict:
    """Every traffic figure of documents of hashed ids (`addressing.hashed`) under `addressing`'s
    model, rows of `addressing.row_bytes` as the model stores them. A step longer than the
    documents is a ValueError (`check_steps`)."""
    config = addressing.addresser.config
    layers = len(config.layers)
    check_steps(sum(len(d) for d in documents), prefill_shapes, decode_batches, cache_batch)
    if not all(isinstance(g, (int, float)) and 0 < g <= MAX_CAPACITY_GIB for g in capacities_gib):
        raise ValueError(f"capacities {list(capacities_gib)} must each be above 0 and at most {MAX_CAPACITY_GIB:,} GiB")
    per_layer = document_rows(addressing, documents)
    rows = global_rows(addressing, per_layer)
    bytes_per_row = addressing.row_bytes
    # the rows the heads address (a stored table may pad past them)
    table_rows = {str(layer): int(addressing.head_rows(layer).sum()) for layer in config.layers}
    tokens = np.concatenate(documents)

    prefill = [
        {"batch": batch, "seq_len": seq_len, **step_traffic(prefill_steps(rows, batch, seq_len), config, layers, bytes_per_row)}
        for batch, seq_len in prefill_shapes
    ]
    decode = [
        {"batch": batch, **step_traffic(decode_steps(rows, batch, decode_max_steps), config, layers, bytes_per_row)}
        for batch in decode_batches
    ]

    heads = {}
    orders = head_orders(config)
    for layer, layer_rows in per_layer.items():
        stats = head_row_stats(layer_rows)
        heads[str(layer)] = [
            {"order": int(orders[s["head"]]), **s, "zipf_exponent": finite(s["zipf_exponent"]), "zipf_r2": finite(s["zipf_r2"])}
            for s in stats
        ]

    trace = serving_trace(rows, cache_batch, cache_tokens)
    capacities_rows = [max(1, int(g * GIB // bytes_per_row)) for g in capacities_gib]
    footprint = len(np.unique(trace))
    _, counts = row_counts(rows)
    fit = zipf_fit(counts)
    return {
        "tokens": len(tokens),
        "documents": len(documents),
        "layers": list(config.layers),
        "heads_per_layer": config.n_heads,
        "orders": list(config.orders),
        "row_bytes": bytes_per_row,
        "rows_per_token": layers * config.n_heads,
        "bytes_per_token": layers * config.n_heads * bytes_per_row,
        "table_rows": table_rows,
        "table_gib": sum(table_rows.values()) * bytes_per_row / GIB,
        "distinct_rows": len(counts),
        "zipf_exponent": finite(fit.exponent),
        "zipf_r2": finite(fit.r2),
        "prefill": prefill,
        "decode": decode,
        "heads": heads,
        "reuse": reuse_intervals(rows, config, layers),
        "cache": {
            "trace": f"{cache_batch} sequences decoding side by side, {len(trace) // (layers * config.n_heads)} tokens",
            "requests": len(trace),
            "footprint_gib": footprint * bytes_per_row / GIB,
            "capacities_gib": list(capacities_gib),
            "capacities_rows": capacities_rows,
            **hit_rates(trace, capacities_rows),
        },
        "hygiene": hygiene(rows, tokens, config, layers),
    }
