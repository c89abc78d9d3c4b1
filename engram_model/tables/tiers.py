"""Tiers: where an Engram layer's rows live. Every tier implements one operation: gather
rows by id.

    resident   a Parameter on the compute device (the reference, trainable)
    host       encoded rows in CPU memory, pinned on CUDA
    mmap       rows read from the file on demand: memory-mapped with random-access advice, or
               the alternative reader, explicit preads on worker threads

A layer's (N-1)*K per-head tables are one flat `[total_rows, head_dim]` table; head h starts
at `offsets[h]`, so a per-head row id r reads flat row `offsets[h] + r`. Rows come out of
every tier bit-identical for the same row format, so logits do not depend on where the table
lives.

Non-finite rows (NaN or infinite values: a NaN FP8 code 0x7F/0xFF, an E8M0 scale 0xFF, a
scale that overflows, an IEEE NaN or infinity) are refused with a TableError naming the
layer's table and the row. The resident tier checks the whole table at load (it reads it
whole anyway). The host and mmap tiers check rows on gather, every time a row is read from
the tier (a hot-row cache admits only checked rows): scanning a memory-mapped 189 GiB table at
load would read all of it, so a corrupt row is found when a token first addresses it. The
check is a bit test on the encoded bytes on the host (`RowCodec.nonfinite_rows`), before they
move to the device: no decode and no device synchronisation.
"""

from __future__ import annotations

import mmap
import os
import re
import threading
import weakref
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

from .codec import RowCodec, TableError
from .file import RowArray, ShardedTables, TableFile, _pread_exact, array_views

TableSource = TableFile | ShardedTables  # where tiers find a table's rows


def head_offsets(primes_per_order: list[list[int]]) -> np.ndarray:
    """Start of each head's rows in the flat table, order-major like the row ids."""
    sizes = [p for order in primes_per_order for p in order]
    return np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)


class RowTable(Protocol):
    """What the Engram module and the prefetcher need from a table tier."""

    num_rows: int
    row_dim: int
    row_format: str
    row_bytes: int  # bytes one row costs to read from this tier

    def gather(self, flat_rows: torch.Tensor) -> torch.Tensor:
        """flat_rows: int64 of any shape -> `[*shape, row_dim]` on the compute device."""
        ...

    def read_rows(self, rows: np.ndarray, requested: int | None = None) -> torch.Tensor:
        """rows: sorted unique int64 `[U]` -> `[U, row_dim]` on the compute device. `requested`
        is how many row requests they stand for before deduplication (counters only)."""
        ...


def _check_rows(rows: np.ndarray, num_rows: int, where: object) -> None:
    if rows.size and (rows[0] < 0 or rows[-1] >= num_rows):
        raise IndexError(f"{where}: row ids {rows[0]}..{rows[-1]} lie outside the table's {num_rows} rows")


class ResidentTable(nn.Module):
    """The table as a parameter on the compute device: the reference tier, and trainable.
    An fp8 table is held dequantised (float32) and re-quantised to the same bytes on save."""

    def __init__(
        self,
        num_rows: int,
        row_dim: int,
        init_std: float | None = 0.02,
        sparse_grad: bool = False,
        row_format: str = "fp32",
        split_scales: bool = False,
    ):
        super().__init__()
        self.num_rows, self.row_dim = num_rows, row_dim
        self.codec = RowCodec(row_format, row_dim, split_scales)
        self.row_format = row_format
        self.sparse_grad = sparse_grad  # sparse gradients keep Adam's work proportional to rows touched
        weight = torch.empty(num_rows, row_dim, dtype=self.codec.value_dtype)
        if init_std is not None:  # None: the caller fills it (loading), so a huge table is not initialised twice
            weight.normal_(std=init_std)
        self.weight = nn.Parameter(weight)
        self.label = "resident table"

    @property
    def row_bytes(self) -> int:
        return self.row_dim * self.weight.element_size()

    @classmethod
    def from_file(cls, table_file: TableSource, key: str, device: str | torch.device = "cpu") -> ResidentTable:
        entry = table_file.entries[key]
        table = cls(
            entry.num_rows, entry.codec.row_dim, init_std=None, row_format=entry.codec.name, split_scales=entry.codec.split_scales
        )
        if entry.codec.name == "fp8_e4m3":  # dequantise chunk by chunk instead of holding the bytes too
            chunk = max(1, (64 << 20) // entry.codec.row_bytes)
            for start in range(0, entry.num_rows, chunk):
                raw = np.empty((min(chunk, entry.num_rows - start), entry.codec.row_bytes), dtype=np.uint8)
                table_file.read_into(key, start, raw)
                table.weight.data[start : start + len(raw)] = entry.codec.decode(torch.from_numpy(raw))
        else:  # the file's bytes are the parameter's bytes: read them straight in
            table_file.read_into(key, 0, table.weight.data.view(torch.uint8).numpy())
        table.label = table_label(table_file, key)
        table.check_finite()
        return table.to(device)

    def check_finite(self) -> None:
        """Refuse a table holding a NaN or an infinity, naming the first such row (in chunks, so
        the check never holds a mask of the whole table)."""
        chunk = max(1, (64 << 20) // max(1, self.row_dim * 4))
        with torch.no_grad():
            for start in range(0, self.num_rows, chunk):
                finite = torch.isfinite(self.weight[start : start + chunk]).all(dim=1)
                if not bool(finite.all()):
                    row = start + int(torch.argmin(finite.int()))
                    values = self.weight[row].float()
                    at = int(torch.argmin(torch.isfinite(values).int()))
                    value = "NaN" if values[at].isnan() else "-infinity" if values[at] < 0 else "infinity"
                    raise TableError(
                        f"{self.label}: row {row} is not finite ({value} at value {at}): the table is corrupt; "
                        "restore the file or re-save the checkpoint"
                    )

    def gather(self, flat_rows: torch.Tensor) -> torch.Tensor:
        return F.embedding(flat_rows, self.weight, sparse=self.sparse_grad)

    def read_rows(self, rows: np.ndarray, requested: int | None = None) -> torch.Tensor:
        _check_rows(rows, self.num_rows, "resident table")
        return F.embedding(torch.from_numpy(rows).to(self.weight.device), self.weight)


class OffloadedTable:
    """Encoded rows off the compute device: gather the requested rows' bytes, move them to the
    device (through a pinned staging ring on CUDA), then decode there. Subclasses provide
    `read_raw`; the rest is shared."""

    def __init__(self, num_rows: int, codec: RowCodec, device: str | torch.device):
        self.num_rows, self.row_dim, self.codec = num_rows, codec.row_dim, codec
        self.row_format, self.row_bytes = codec.name, codec.row_bytes
        self.device = torch.device(device)
        self._ring = PinnedRing(codec.row_bytes) if self.device.type == "cuda" else None
        self.label = f"{type(self).__name__}"  # which table, for errors; open_table names the layer and file

    def check_finite(self, rows: np.ndarray, raw: np.ndarray) -> None:
        """Refuse rows whose bytes decode to a NaN or an infinity (see the module docstring)."""
        bad = self.codec.nonfinite_rows(raw)
        if bad.size:
            more = f" (and {bad.size - 1} more of the {len(rows)} rows read)" if bad.size > 1 else ""
            raise TableError(
                f"{self.label}: row {int(rows[bad[0]])} is not finite ({self.codec.why_nonfinite(raw, int(bad[0]))}){more}: "
                "the table is corrupt; restore the file or re-save the checkpoint"
            )

    def read_raw(self, rows: np.ndarray, out: np.ndarray) -> None:
        """Write rows' encoded bytes (sorted unique int64 `[U]`) into `out` `uint8 [U, row_bytes]`."""
        raise NotImplementedError

    def read_range(self, start: int, stop: int) -> np.ndarray:
        """Encoded rows `start..stop` as `uint8 [n, row_bytes]` (saving streams tables this way)."""
        out = np.empty((stop - start, self.row_bytes), dtype=np.uint8)
        self.read_raw(np.arange(start, stop, dtype=np.int64), out)
        return out

    def read_rows(self, rows: np.ndarray, requested: int | None = None) -> torch.Tensor:
        _check_rows(rows, self.num_rows, self)
        if self._ring is None:
            raw = np.empty((len(rows), self.row_bytes), dtype=np.uint8)
            self.read_raw(rows, raw)
            self.check_finite(rows, raw)
            return self.codec.decode(torch.from_numpy(raw))
        # CUDA: stage into a pinned slot, copy asynchronously on the caller's current stream
        # (the prefetcher's side stream), and decode on the device after the copy
        slot, staged = self._ring.acquire(len(rows))
        try:
            self.read_raw(rows, staged.numpy())
            self.check_finite(rows, staged.numpy())
            on_device = staged.to(self.device, non_blocking=True)
        finally:
            self._ring.release(slot)
        return self.codec.decode(on_device)

    def gather(self, flat_rows: torch.Tensor) -> torch.Tensor:
        return gather_unique(self, flat_rows)


def gather_unique(table: RowTable, flat_rows: torch.Tensor) -> torch.Tensor:
    """Gather through `read_rows`: read each distinct row once, in sorted order (sequential
    I/O where rows are adjacent), then expand back to the requested shape."""
    unique, inverse = np.unique(flat_rows.detach().cpu().numpy().ravel(), return_inverse=True)
    values = table.read_rows(unique, requested=flat_rows.numel())  # [U, row_dim]
    return values[torch.from_numpy(inverse).to(values.device)].view(*flat_rows.shape, table.row_dim)


class PinnedRing:
    """Pinned host buffers reused round-robin for host-to-device copies (CUDA only).

    A slot is refilled only after the copy that last read it has finished (its event), and only
    one thread fills a slot at a time (its lock), so the copy engine never reads a buffer the
    CPU is rewriting. Slots grow to the largest step seen and are then reused without
    re-pinning, which is slow.
    """

    def __init__(self, row_bytes: int, slots: int = 4):
        self.row_bytes = row_bytes
        self._buffers: list[torch.Tensor | None] = [None] * slots
        self._events: list[torch.cuda.Event | None] = [None] * slots
        self._locks = [threading.Lock() for _ in range(slots)]
        self._next, self._next_lock = 0, threading.Lock()

    def acquire(self, n_rows: int) -> tuple[int, torch.Tensor]:
        with self._next_lock:
            slot, self._next = self._next, (self._next + 1) % len(self._buffers)
        self._locks[slot].acquire()
        if self._events[slot] is not None:
            self._events[slot].synchronize()  # the previous copy out of this slot has finished
        buffer = self._buffers[slot]
        if buffer is None or buffer.shape[0] < n_rows:
            size = max(n_rows, 2 * (0 if buffer is None else buffer.shape[0]))
            buffer = self._buffers[slot] = torch.empty((size, self.row_bytes), dtype=torch.uint8, pin_memory=True)
        return slot, buffer[:n_rows]

    def release(self, slot: int) -> None:
        """Call after issuing the copy out of the slot, on the stream that copies."""
        event = torch.cuda.Event()
        event.record(torch.cuda.current_stream())
        self._events[slot] = event
        self._locks[slot].release()


class HostTable(OffloadedTable):
    """Encoded rows in CPU memory (pinned when the compute device is CUDA): one array of
    records, or a V4.1 table's codes and scales as the two arrays they are stored as."""

    def __init__(self, raw: torch.Tensor, codec: RowCodec, device: str | torch.device = "cpu"):
        super().__init__(raw.shape[0], codec, device)
        if raw.dtype != torch.uint8 or raw.shape[1:] != (codec.row_bytes,):
            raise TableError(f"host table bytes must be uint8 [rows, {codec.row_bytes}], got {raw.dtype} {tuple(raw.shape)}")
        self.storage = raw.pin_memory() if self.device.type == "cuda" and not raw.is_pinned() else raw
        self._arrays = array_views(self.storage.numpy(), codec.array_widths)

    @classmethod
    def from_file(cls, table_file: TableSource, key: str, device: str | torch.device = "cpu") -> HostTable:
        entry = table_file.entries[key]
        pin = torch.device(device).type == "cuda"
        raw = torch.empty((entry.num_rows, entry.codec.row_bytes), dtype=torch.uint8, pin_memory=pin)
        table_file.read_into(key, 0, raw.numpy())
        return cls(raw, entry.codec, device)

    @classmethod
    def from_values(cls, values: torch.Tensor, row_format: str, device: str | torch.device = "cpu") -> HostTable:
        codec = RowCodec(row_format, values.shape[1])
        return cls(codec.encode(values), codec, device)

    def read_raw(self, rows: np.ndarray, out: np.ndarray) -> None:
        for array, view in zip(self._arrays, array_views(out, self.codec.array_widths)):
            np.take(array, rows, axis=0, out=view)

    def __repr__(self) -> str:
        return f"HostTable({self.num_rows} x {self.row_format}[{self.row_dim}])"


class _MappedRows:
    """One stored array of rows, memory-mapped read-only with random-access advice."""

    def __init__(self, array: RowArray, num_rows: int):
        self.path = array.path
        self._fd = os.open(self.path, os.O_RDONLY)  # kept open to check the file's size before each gather
        self._closer = weakref.finalize(self, os.close, self._fd)
        nbytes = num_rows * array.width
        self.file_bytes = array.offset + nbytes  # the least size that still holds every row
        self._start = array.offset - array.offset % mmap.ALLOCATIONGRANULARITY  # mmap offsets are page-aligned
        self._map = mmap.mmap(self._fd, self.file_bytes - self._start, access=mmap.ACCESS_READ, offset=self._start)
        self._map.madvise(mmap.MADV_RANDOM)
        self.rows = np.frombuffer(self._map, dtype=np.uint8, count=nbytes, offset=array.offset - self._start)
        self.rows = self.rows.reshape(num_rows, array.width)

    def check_not_truncated(self, key: str) -> None:
        """A mapped page whose file was cut short raises SIGBUS on access, which kills the
        process; one fstat per gather turns that into an error naming the file. A truncation
        between this check and the copy still faults: a mapping cannot close that race (the
        pread reader can), so serve files that may change under a running process with
        reader="pread"."""
        size = os.fstat(self._fd).st_size
        if size < self.file_bytes:
            raise TableError(
                f"{self.path} shrank to {size} bytes while mapped; table {key} needs {self.file_bytes}: "
                "the file was truncated or rewritten in place; restore it and load the checkpoint again"
            )

    def drop_page_cache(self) -> None:
        self._map.madvise(mmap.MADV_DONTNEED)
        os.posix_fadvise(self._fd, self._start, len(self._map), os.POSIX_FADV_DONTNEED)


class MmapTable(OffloadedTable):
    """The table file memory-mapped read-only, with random-access advice so a row fault reads
    its page and not a readahead window. Pages stay in the kernel's page cache, not in this
    process's memory: resident memory grows with the rows touched, not the table.

    A thread blocks on one page fault at a time, so a large read is split over `io_threads`
    threads (numpy's take releases the GIL): cold pages then arrive several at a time, while
    a warm read stays a plain memory copy."""

    PARALLEL_ROWS = 1024  # below this a read is not worth handing to other threads

    def __init__(self, table_file: TableSource, key: str, device: str | torch.device = "cpu", io_threads: int = 1):
        entry = table_file.entries[key]
        super().__init__(entry.num_rows, entry.codec, device)
        if io_threads < 1:
            raise TableError(f"io_threads={io_threads} must be >= 1")
        self.io_threads = io_threads
        self._pool = ThreadPoolExecutor(io_threads, thread_name_prefix="engram-mmap") if io_threads > 1 else None
        self.path, self.key, self._file = table_file.path, key, table_file
        self._maps = [_MappedRows(array, entry.num_rows) for array in entry.arrays]

    def read_raw(self, rows: np.ndarray, out: np.ndarray) -> None:
        for mapped in self._maps:
            mapped.check_not_truncated(self.key)
        views = array_views(out, self.codec.array_widths)
        if self._pool is None or len(rows) < self.PARALLEL_ROWS:
            for mapped, view in zip(self._maps, views):
                np.take(mapped.rows, rows, axis=0, out=view)  # touches only these rows' pages
            return
        bounds = np.linspace(0, len(rows), self.io_threads + 1).astype(int)
        parts = [(a, b) for a, b in zip(bounds[:-1], bounds[1:]) if b > a]
        jobs = [(m.rows, rows[a:b], 0, view[a:b]) for m, view in zip(self._maps, views) for a, b in parts]
        for future in [self._pool.submit(np.take, *job) for job in jobs]:
            future.result()

    def read_range(self, start: int, stop: int) -> np.ndarray:
        # read, not fault in: a table streamed out whole must not pass through this mapping
        out = np.empty((stop - start, self.row_bytes), dtype=np.uint8)
        self._file.read_into(self.key, start, out)
        return out

    def drop_page_cache(self) -> None:
        """Unmap this table's pages from the process and ask the kernel to evict them from the
        page cache, so the next reads come from disk (no root needed; dirty pages stay)."""
        for mapped in self._maps:
            mapped.drop_page_cache()

    def __repr__(self) -> str:
        return (
            f"MmapTable({self.path}:{self.key}, {self.num_rows} x {self.row_format}[{self.row_dim}], {self.io_threads} threads)"
        )


class PreadTable(OffloadedTable):
    """The table file read with explicit `os.pread` calls on worker threads: runs of adjacent
    rows become one read, and the threads keep several reads in flight, which a page-faulting
    mmap cannot (one fault at a time per thread)."""

    def __init__(self, table_file: TableSource, key: str, device: str | torch.device = "cpu", io_threads: int = 4):
        entry = table_file.entries[key]
        super().__init__(entry.num_rows, entry.codec, device)
        if io_threads < 1:
            raise TableError(f"io_threads={io_threads} must be >= 1")
        self.path, self.key, self._file, self._arrays = table_file.path, key, table_file, entry.arrays
        self._fds = {path: os.open(path, os.O_RDONLY) for path in {array.path for array in entry.arrays}}
        self._closers = [weakref.finalize(self, os.close, fd) for fd in self._fds.values()]
        for fd in self._fds.values():
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_RANDOM)
        self.io_threads = io_threads
        self._pool = ThreadPoolExecutor(io_threads, thread_name_prefix="engram-pread") if io_threads > 1 else None

    def read_raw(self, rows: np.ndarray, out: np.ndarray) -> None:
        if not len(rows):
            return
        # runs of consecutive rows: [first row, count, position in out]
        breaks = np.flatnonzero(np.diff(rows) != 1) + 1
        starts = np.concatenate([[0], breaks])
        counts = np.diff(np.concatenate([starts, [len(rows)]]))
        runs = list(zip(rows[starts].tolist(), counts.tolist(), starts.tolist()))
        buffers = [memoryview(view).cast("B") for view in array_views(out, self.codec.array_widths)]
        if self._pool is None or len(runs) < 4 * self.io_threads:
            for array, buffer in zip(self._arrays, buffers):
                self._read_runs(array, buffer, runs)
            return
        jobs = [(a, b, runs[i :: self.io_threads]) for a, b in zip(self._arrays, buffers) for i in range(self.io_threads)]
        for future in [self._pool.submit(self._read_runs, *job) for job in jobs]:
            future.result()  # re-raises a worker's read error

    def _read_runs(self, array: RowArray, buffer: memoryview, runs: list[tuple[int, int, int]]) -> None:
        fd, size = self._fds[array.path], array.width
        for row, count, at in runs:
            _pread_exact(fd, buffer[at * size : (at + count) * size], array.offset + row * size, array.path)

    def read_range(self, start: int, stop: int) -> np.ndarray:
        out = np.empty((stop - start, self.row_bytes), dtype=np.uint8)
        self._file.read_into(self.key, start, out)
        return out

    def drop_page_cache(self) -> None:
        for fd in self._fds.values():
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
        for closer in self._closers:
            closer()

    def __repr__(self) -> str:
        return (
            f"PreadTable({self.path}:{self.key}, {self.num_rows} x {self.row_format}[{self.row_dim}], {self.io_threads} threads)"
        )


TIERS = ("resident", "host", "mmap")
READERS = ("mmap", "pread")
CACHE_POLICIES = ("lru", "static")


@dataclass(frozen=True)
class TierOptions:
    """Where each Engram table lives and how its rows are read, checked once, when made.

    tier: `resident` (parameters on the device, trainable), `host` (encoded rows in CPU memory,
    pinned for CUDA) or `mmap` (the table file itself, read row by row on demand: `reader`
    "mmap" memory-maps it, "pread" reads explicitly; either on `io_threads` threads).
    cache_rows: a hot-row cache per layer in front of an offloaded tier, `cache_policy` "lru" or
    "static" (offline LFU over `hot_rows` {layer: flat row ids, most requested first}).
    prefetch: gather each step's rows ahead of the layers that read them (`Prefetcher`).
    """

    tier: str = "resident"
    reader: str = "mmap"
    io_threads: int = 4
    cache_rows: int = 0
    cache_policy: str = "lru"
    hot_rows: Mapping[int, np.ndarray] | None = field(default=None, repr=False)
    prefetch: bool = False

    def __post_init__(self) -> None:
        if self.tier not in TIERS:
            raise TableError(f"tier={self.tier!r} is not a table tier; choose one of {', '.join(TIERS)}")
        if self.reader not in READERS:
            raise TableError(f"reader={self.reader!r} is not a reader of the mmap tier; choose one of {', '.join(READERS)}")
        if type(self.io_threads) is not int or self.io_threads < 1:
            raise TableError(f"io_threads={self.io_threads!r} must be a whole number >= 1")
        if type(self.cache_rows) is not int or self.cache_rows < 0:
            raise TableError(f"cache_rows={self.cache_rows!r} must be a whole number >= 0")
        if self.cache_rows and self.tier == "resident":
            raise TableError(
                "cache_rows needs an offloaded tier: the resident tier is already the fast one; use tier='host' or 'mmap'"
            )
        if self.cache_policy not in CACHE_POLICIES:
            raise TableError(f"cache_policy={self.cache_policy!r} is unknown; choose one of {', '.join(CACHE_POLICIES)}")
        if self.cache_rows and self.cache_policy == "static" and not self.hot_rows:
            raise TableError(
                "cache_policy='static' needs hot_rows {layer: row ids}: measure them with `engram-probe offload rowstats`"
            )

    @classmethod
    def of(cls, tier: str | TierOptions) -> TierOptions:
        """`tier` as options: a tier name is the options with only that changed."""
        return tier if isinstance(tier, TierOptions) else cls(tier=tier)


def open_table(table_file: TableSource, key: str, options: str | TierOptions, device: str | torch.device = "cpu") -> RowTable:
    """One layer's table from a table file (ours, or a V4.1 checkpoint's shards), in the
    chosen tier. Only `resident` and `host` read the rows in; `mmap` reads them on demand."""
    options = TierOptions.of(options)
    tier, reader, io_threads = options.tier, options.reader, options.io_threads
    if key not in table_file.entries:
        raise TableError(f"{table_file.path} has no table {key}; it holds {sorted(table_file.entries)}")
    if tier == "resident":
        return ResidentTable.from_file(table_file, key, device)  # checked whole, at load
    if tier == "host":
        table = HostTable.from_file(table_file, key, device)
    elif reader == "pread":
        table = PreadTable(table_file, key, device, io_threads)
    else:
        table = MmapTable(table_file, key, device, io_threads)
    table.label = table_label(table_file, key)  # rows are checked as they are gathered
    return table


def table_label(table_file: TableSource, key: str) -> str:
    """A table as errors name it: its layer, tensor and file."""
    layer = key if key.isdigit() else next(iter(re.findall(r"blocks\.(\d+)\.", key)), None)
    arrays = table_file.entries[key].arrays
    where = " and ".join(dict.fromkeys(str(array.path) for array in arrays))
    return f"layer {layer}'s Engram table ({where})" if layer is not None else f"table {key} ({where})"


def encoded_rows(table: RowTable, start: int, stop: int, codec: RowCodec) -> np.ndarray:
    """Rows `start..stop` encoded in `codec`, as `uint8 [n, row_bytes]`: the tier's own bytes
    when it already stores this format (no decode/re-encode), else its values encoded."""
    backing = getattr(table, "backing", table)  # a cached table's own tier: no cache traffic
    if isinstance(backing, ResidentTable):
        return codec.encode(backing.weight.detach()[start:stop]).numpy()
    raw = backing.read_range(start, stop)
    if backing.codec == codec:
        return raw
    return codec.encode(backing.codec.decode(torch.from_numpy(raw))).numpy()
