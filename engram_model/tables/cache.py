"""The hot-row cache in front of an offloaded tier, and the row counts that choose its hot set."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np
import torch

from .codec import TableError
from .tiers import CACHE_POLICIES, OffloadedTable, ResidentTable, _check_rows, gather_unique


@dataclass
class CacheStats:
    """Counters of one layer's hot-row cache. `unique` rows are looked up once per read;
    `requests` counts them with their repeats inside the step."""

    requests: int = 0
    unique: int = 0
    hits: int = 0
    misses: int = 0
    evictions: int = 0
    bytes_from_cache: int = 0
    bytes_from_backing: int = 0

    @property
    def hit_rate(self) -> float:
        """Hits over unique rows looked up (a repeat inside one read is free either way)."""
        return self.hits / self.unique if self.unique else 0.0


class CachedTable:
    """A hot-row cache, in the fast tier, in front of an offloaded table. Rows are held
    decoded, so a hit costs one device copy and no read or decode.

    policy "static": the offline-LFU hot set, `hot_rows` in priority order (most requested
    first, from `hot_set`); loaded once, never evicted. policy "lru": misses are admitted,
    evicting the least recently used rows; rows read in the current step are never evicted.
    """

    def __init__(self, backing: OffloadedTable, capacity: int, policy: str = "lru", hot_rows: np.ndarray | None = None):
        if policy not in CACHE_POLICIES:
            raise TableError(f"cache policy {policy!r} is unknown; choose one of {', '.join(CACHE_POLICIES)}")
        if capacity < 1:
            raise TableError(f"cache capacity={capacity} rows must be >= 1")
        if isinstance(backing, (ResidentTable, CachedTable)):
            raise TableError("a row cache sits in front of an offloaded tier (host or mmap), not a resident or cached one")
        if policy == "static" and hot_rows is None:
            raise TableError("the static policy needs hot_rows: measure them on a corpus with hot_set(row_counts(...))")
        self.backing, self.capacity, self.policy = backing, capacity, policy
        self.num_rows, self.row_dim, self.row_format = backing.num_rows, backing.row_dim, backing.row_format
        self.codec, self.device = backing.codec, backing.device
        self.row_bytes = backing.row_bytes
        self.stats = CacheStats()
        self._lock = threading.Lock()  # prefetch workers and direct gathers may meet here
        self.values = torch.empty(capacity, self.row_dim, dtype=self.codec.value_dtype, device=self.device)
        if policy == "static":
            keys = np.unique(np.asarray(hot_rows, dtype=np.int64)[:capacity])  # top `capacity`, then sorted
            _check_rows(keys, self.num_rows, "hot_rows")
            self._keys = keys  # sorted row ids; row keys[i] lives in slot i
            self.values[: len(keys)] = backing.read_rows(keys)
            if self.device.type == "cuda":  # filled on this stream; later reads come from the prefetch stream
                torch.cuda.current_stream(self.device).synchronize()
        else:
            self._slot_of: dict[int, int] = {}
            self._slot_row = np.full(capacity, -1, dtype=np.int64)
            self._last_use = np.zeros(capacity, dtype=np.int64)
            self._clock = 0

    def _lookup(self, rows: np.ndarray) -> np.ndarray:
        """Slot of each row, -1 for a miss."""
        if self.policy == "static":
            if not len(self._keys):
                return np.full(len(rows), -1, dtype=np.int64)
            at = np.minimum(np.searchsorted(self._keys, rows), len(self._keys) - 1)
            return np.where(self._keys[at] == rows, at, -1)
        get = self._slot_of.get
        return np.fromiter((get(r, -1) for r in rows.tolist()), dtype=np.int64, count=len(rows))

    def read_rows(self, rows: np.ndarray, requested: int | None = None) -> torch.Tensor:
        _check_rows(rows, self.num_rows, self)
        with self._lock:
            slots = self._lookup(rows)
            hit = slots >= 0
            misses = rows[~hit]
            fetched = self.backing.read_rows(misses)  # [misses, row_dim]
            out = torch.empty(len(rows), self.row_dim, dtype=self.values.dtype, device=self.device)
            hit_t = torch.from_numpy(hit).to(self.device)
            out[hit_t] = self.values[torch.from_numpy(slots[hit]).to(self.device)]
            out[~hit_t] = fetched
            if self.policy == "lru":
                self._admit(misses, fetched, slots[hit])
            n_hit = int(hit.sum())
            s = self.stats
            s.requests += len(rows) if requested is None else requested
            s.unique += len(rows)
            s.hits += n_hit
            s.misses += len(misses)
            s.bytes_from_cache += n_hit * self.values.element_size() * self.row_dim
            s.bytes_from_backing += len(misses) * self.backing.row_bytes
        return out

    def _admit(self, rows: np.ndarray, values: torch.Tensor, used: np.ndarray) -> None:
        self._clock += 1
        self._last_use[used] = self._clock
        free = np.flatnonzero(self._slot_row < 0)
        n = min(len(rows), self.capacity)
        if len(free) < n:  # evict the least recently used rows not read in this step
            older = np.flatnonzero((self._slot_row >= 0) & (self._last_use < self._clock))
            k = min(n - len(free), len(older))
            victims = older[np.argpartition(self._last_use[older], k - 1)[:k]] if k else older[:0]
            for row in self._slot_row[victims].tolist():
                del self._slot_of[row]
            self.stats.evictions += len(victims)
            free = np.concatenate([free, victims])
            n = len(free)
        slots = free[:n]
        self._slot_row[slots] = rows[:n]
        self._last_use[slots] = self._clock
        self._slot_of.update(zip(rows[:n].tolist(), slots.tolist()))
        self.values[torch.from_numpy(slots).to(self.device)] = values[:n]

    def gather(self, flat_rows: torch.Tensor) -> torch.Tensor:
        return gather_unique(self, flat_rows)

    def __repr__(self) -> str:
        return f"CachedTable({self.policy}, {self.capacity} rows, in front of {self.backing!r})"


# --- row statistics ------------------------------------------------------------------------


def row_counts(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct row ids (sorted) and how often each was requested."""
    return np.unique(np.asarray(rows, dtype=np.int64).ravel(), return_counts=True)


def hot_set(rows: np.ndarray, counts: np.ndarray, capacity: int | None = None) -> np.ndarray:
    """The offline-LFU hot set: row ids by descending count (ties: lower id first), at most
    `capacity` of them."""
    order = np.lexsort((rows, -counts))
    return rows[order[:capacity]] if capacity is not None else rows[order]
