"""Where an Engram layer's rows live. Every tier implements one operation: gather rows by id.

A layer's (N-1)*K per-head tables are stored as one flat `[total_rows, head_dim]` table; head h
starts at `offsets[h]`, so a per-head row id r reads flat row `offsets[h] + r`.

    row formats   fp32, bf16, fp16, and FP8 E4M3 with one E8M0 scale per 32 values (V4.1)
    table file    a safetensors file, row-major, so a row is one contiguous record on disk
    tiers         resident (a Parameter; the reference, trainable), host (encoded rows in CPU
                  memory, pinned on CUDA), mmap (rows read from the file on demand: memory-mapped
                  with random-access advice, or the alternative reader, explicit preads)
    cache         hot rows, decoded, in the fast tier in front of an offloaded tier
    statistics    row counts, Zipf fit, hit rate against cache size: plain functions over arrays

Rows come out of every tier bit-identical for the same row format, so logits do not depend on
where the table lives.
"""

from __future__ import annotations

import json
import mmap
import os
import threading
import weakref
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


class TableError(ValueError):
    """A table file, row format or tier that cannot serve rows; the message names the input and the fix."""


def head_offsets(primes_per_order: list[list[int]]) -> np.ndarray:
    """Start of each head's rows in the flat table, order-major like the row ids."""
    sizes = [p for order in primes_per_order for p in order]
    return np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)


# --- row formats ---------------------------------------------------------------------------

ROW_FORMATS = ("fp32", "bf16", "fp16", "fp8_e4m3")
FP8_BLOCK = 32  # values per E8M0 scale
# The largest magnitude that rounds (to nearest, ties to even) onto E4M3's largest finite value
# 448: the next code would be 480, and 464 sits halfway with 448 the even one.
E4M3_ROUNDS_TO_MAX = 464.0

_PLAIN_DTYPES = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
_SAFETENSORS_DTYPES = {"fp32": "F32", "bf16": "BF16", "fp16": "F16", "fp8_e4m3": "U8"}


def e8m0_to_float(exponents: torch.Tensor) -> torch.Tensor:
    """E8M0 bytes -> float32 2^(e-127), exact (2^-127 is a float32 subnormal); 255 is NaN."""
    return exponents.view(torch.float8_e8m0fnu).float()


def quantize_fp8(values: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """`[n, D]` float -> (E4M3 codes `uint8 [n, D]`, E8M0 exponents `uint8 [n, D/32]`).

    Each block of 32 gets the smallest power-of-two scale 2^e with `amax <= 464 * 2^e`, so no
    value saturates and the block maximum lands on a code in [240, 448]. That rule is a fixed
    point: quantising the dequantised rows again gives the same bytes, so checkpoints re-save
    bit-exact.
    """
    if values.ndim != 2 or values.shape[1] % FP8_BLOCK:
        raise TableError(f"fp8_e4m3 rows must be [n, D] with D a multiple of {FP8_BLOCK}, got {tuple(values.shape)}")
    values = values.float()
    if not torch.isfinite(values).all():
        raise TableError("fp8_e4m3 cannot encode NaN or infinite table values; fix the table before quantising")
    n, dim = values.shape
    blocks = values.view(n, dim // FP8_BLOCK, FP8_BLOCK)
    # amax = m * 2^k with m in [0.5, 1); 464 = 0.90625 * 2^9, so the smallest e is k-9, or k-8
    # when m is above 0.90625. frexp keeps this exact (log2 would not be at powers of two).
    mantissa, exponent = torch.frexp(blocks.abs().amax(-1))
    e = (exponent - 9 + (mantissa > 0.90625).int()).clamp(-127, 127)
    exponents = (e + 127).to(torch.uint8)
    scaled = blocks / e8m0_to_float(exponents)[..., None]  # division by a power of two: exact
    codes = scaled.to(torch.float8_e4m3fn).view(torch.uint8).view(n, dim)
    return codes, exponents


def dequantize_fp8(codes: torch.Tensor, exponents: torch.Tensor) -> torch.Tensor:
    """E4M3 codes `uint8 [n, D]` and E8M0 exponents `uint8 [n, D/32]` -> float32 `[n, D]`."""
    n, dim = codes.shape
    values = codes.contiguous().view(torch.float8_e4m3fn).float().view(n, dim // FP8_BLOCK, FP8_BLOCK)
    return (values * e8m0_to_float(exponents.contiguous())[..., None]).view(n, dim)


@dataclass(frozen=True)
class RowCodec:
    """How one row of `row_dim` values is laid out as bytes.

    fp32/bf16/fp16: the values themselves. fp8_e4m3: D E4M3 codes, then D/32 E8M0 exponents,
    in one record (a 256-wide row is 256 + 8 bytes), so one row is one read on disk.
    """

    name: str
    row_dim: int

    def __post_init__(self) -> None:
        if self.name not in ROW_FORMATS:
            raise TableError(f"unsupported row format {self.name!r}; choose one of {', '.join(ROW_FORMATS)}")
        if self.name == "fp8_e4m3" and self.row_dim % FP8_BLOCK:
            raise TableError(f"fp8_e4m3 needs head_dim divisible by {FP8_BLOCK}, got {self.row_dim}; use bf16 or fp16")

    @property
    def value_dtype(self) -> torch.dtype:
        """What a gather returns: the stored dtype, or float32 for dequantised fp8."""
        return _PLAIN_DTYPES.get(self.name, torch.float32)

    @property
    def row_bytes(self) -> int:
        if self.name == "fp8_e4m3":
            return self.row_dim + self.row_dim // FP8_BLOCK
        return self.row_dim * _PLAIN_DTYPES[self.name].itemsize

    @property
    def safetensors_dtype(self) -> str:
        return _SAFETENSORS_DTYPES[self.name]

    @property
    def columns(self) -> int:
        """Elements per row in the safetensors shape `[rows, columns]`."""
        return self.row_bytes if self.name == "fp8_e4m3" else self.row_dim

    def encode(self, values: torch.Tensor) -> torch.Tensor:
        """float `[n, row_dim]` -> `uint8 [n, row_bytes]` (CPU)."""
        values = values.detach().cpu()
        if self.name == "fp8_e4m3":
            codes, exponents = quantize_fp8(values)
            return torch.cat([codes, exponents], dim=1)
        return values.to(self.value_dtype).contiguous().view(torch.uint8)

    def decode(self, raw: torch.Tensor) -> torch.Tensor:
        """`uint8 [n, row_bytes]` -> `[n, row_dim]` of `value_dtype`, on raw's device."""
        if raw.shape[0] == 0:  # an empty read (every row was a cache hit) has no strides to view
            return torch.empty(0, self.row_dim, dtype=self.value_dtype, device=raw.device)
        if self.name == "fp8_e4m3":
            return dequantize_fp8(raw[:, : self.row_dim], raw[:, self.row_dim :])
        return raw.contiguous().view(self.value_dtype)


# --- the table file ------------------------------------------------------------------------


@dataclass(frozen=True)
class TableEntry:
    """Where one tensor's rows sit in a table file."""

    num_rows: int
    codec: RowCodec
    offset: int  # absolute byte offset of row 0; row r starts at offset + r * row_bytes

    @property
    def nbytes(self) -> int:
        return self.num_rows * self.codec.row_bytes


class TableFile:
    """A safetensors file of row-major `[rows, columns]` tables, one per Engram layer. The
    header's metadata records the row format (`row_format`; files without it are read by
    their dtype, fp8 needs it). Row r of a tensor lives at
    `8 + header_len + data_offsets[0] + r * row_bytes`, so tiers read rows without the
    safetensors loader ever reading the file whole."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        if not self.path.is_file():
            raise TableError(f"table file {self.path} does not exist; save the checkpoint again with save_model")
        size = self.path.stat().st_size
        with open(self.path, "rb") as f:
            prefix = f.read(8)
            header_len = int.from_bytes(prefix, "little") if len(prefix) == 8 else -1
            if not 2 <= header_len <= min(size - 8, 1 << 27):
                raise TableError(f"{self.path} is not a safetensors file (bad header length); re-save the checkpoint")
            try:
                header = json.loads(f.read(header_len))
            except (json.JSONDecodeError, UnicodeDecodeError) as err:
                raise TableError(f"{self.path} has an unreadable safetensors header ({err}); re-save the checkpoint") from err
        self.metadata: dict[str, str] = header.pop("__metadata__", None) or {}
        data_start = 8 + header_len
        self.entries: dict[str, TableEntry] = {}
        data_end = 0
        for key, info in header.items():
            self.entries[key] = self._entry(key, info, data_start)
            data_end = max(data_end, info["data_offsets"][1])
        if size != data_start + data_end:
            raise TableError(
                f"{self.path} has {size} bytes but its header describes {data_start + data_end}: "
                "the file is truncated or altered; re-save the checkpoint"
            )

    def _entry(self, key: str, info: dict, data_start: int) -> TableEntry:
        dtype, shape, (begin, end) = info["dtype"], info["shape"], info["data_offsets"]
        row_format = self.metadata.get("row_format") or {"F32": "fp32", "BF16": "bf16", "F16": "fp16"}.get(dtype)
        if row_format is None:
            raise TableError(
                f"{self.path}: tensor {key} has dtype {dtype} and the file records no row_format; "
                f"a table must be one of {', '.join(ROW_FORMATS)}"
            )
        if row_format not in ROW_FORMATS:
            raise TableError(f"{self.path} records row_format {row_format!r}; this engine reads {', '.join(ROW_FORMATS)}")
        if len(shape) != 2:
            raise TableError(f"{self.path}: tensor {key} has shape {shape}; a table is [rows, columns]")
        # the row width is the columns for plain formats; fp8 stores D + D/32 bytes per row
        fp8 = row_format == "fp8_e4m3"
        row_dim = shape[1] // (FP8_BLOCK + 1) * FP8_BLOCK if fp8 else shape[1]
        if dtype != _SAFETENSORS_DTYPES[row_format] or row_dim < 1 or (fp8 and shape[1] != row_dim + row_dim // FP8_BLOCK):
            raise TableError(
                f"{self.path}: tensor {key} is {dtype} {shape}, which is not a {row_format} table (expected "
                f"{_SAFETENSORS_DTYPES[row_format]} [rows, {'D + D/32' if fp8 else 'D'}]); re-save the checkpoint"
            )
        codec = RowCodec(row_format, row_dim)
        if end - begin != shape[0] * codec.row_bytes:
            raise TableError(f"{self.path}: tensor {key} spans {end - begin} bytes, not {shape[0]} rows of {codec.row_bytes}")
        return TableEntry(shape[0], codec, data_start + begin)

    @classmethod
    def create(cls, path: str | Path, tables: dict[str, tuple[int, RowCodec]], metadata: dict[str, str]) -> TableFile:
        """Write the header and size the file; rows not written afterwards read as zeros (the
        file stays sparse, so a synthetic table of many GiB is created in milliseconds)."""
        formats = {codec.name for _, codec in tables.values()}
        if len(formats) > 1:
            raise TableError(f"one table file holds one row format, got {sorted(formats)}")
        header: dict = {"__metadata__": {**metadata, "row_format": formats.pop() if formats else "fp32"}}
        offset = 0
        for key, (num_rows, codec) in tables.items():
            nbytes = num_rows * codec.row_bytes
            header[key] = {"dtype": codec.safetensors_dtype, "shape": [num_rows, codec.columns], "data_offsets": [offset, offset + nbytes]}
            offset += nbytes
        encoded = json.dumps(header, separators=(",", ":")).encode()
        encoded += b" " * (-len(encoded) % 8)  # safetensors pads the header to 8-byte alignment
        with open(path, "wb") as f:
            f.write(len(encoded).to_bytes(8, "little") + encoded)
            f.truncate(8 + len(encoded) + offset)
        return cls(path)

    def write_rows(self, key: str, start: int, raw: np.ndarray) -> None:
        """Write encoded rows `uint8 [n, row_bytes]` at row `start`."""
        entry = self.entries[key]
        if raw.ndim != 2 or raw.shape[1] != entry.codec.row_bytes or start < 0 or start + raw.shape[0] > entry.num_rows:
            raise TableError(f"{self.path}: rows {start}..{start + len(raw)} of shape {raw.shape} do not fit {key}")
        with open(self.path, "r+b") as f:
            f.seek(entry.offset + start * entry.codec.row_bytes)
            f.write(np.ascontiguousarray(raw).data)

    def read_into(self, key: str, start: int, out: np.ndarray) -> None:
        """Read encoded rows starting at `start` into `out` (`uint8 [n, row_bytes]`), sequentially."""
        entry = self.entries[key]
        with open(self.path, "rb", buffering=0) as f:
            _pread_exact(f.fileno(), memoryview(out).cast("B"), entry.offset + start * entry.codec.row_bytes, self.path)


def _pread_exact(fd: int, buffer: memoryview, offset: int, path: Path) -> None:
    """Fill `buffer` from `offset`, or raise naming the file: never hand back short rows."""
    done = 0
    while done < len(buffer):
        try:
            got = os.preadv(fd, [buffer[done : done + (1 << 30)]], offset + done)
        except OSError as err:
            raise TableError(f"reading {path} at byte {offset + done} failed: {err}") from err
        if got == 0:
            raise TableError(f"{path} ended at byte {offset + done}, {len(buffer) - done} bytes short: the file is truncated")
        done += got


# --- tiers ---------------------------------------------------------------------------------


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
    ):
        super().__init__()
        self.num_rows, self.row_dim = num_rows, row_dim
        self.codec = RowCodec(row_format, row_dim)
        self.row_format = row_format
        self.sparse_grad = sparse_grad  # sparse gradients keep Adam's work proportional to rows touched
        weight = torch.empty(num_rows, row_dim, dtype=self.codec.value_dtype)
        if init_std is not None:  # None: the caller fills it (loading), so a huge table is not initialised twice
            weight.normal_(std=init_std)
        self.weight = nn.Parameter(weight)

    @property
    def row_bytes(self) -> int:
        return self.row_dim * self.weight.element_size()

    @classmethod
    def from_file(cls, table_file: TableFile, key: str, device: str | torch.device = "cpu") -> ResidentTable:
        entry = table_file.entries[key]
        table = cls(entry.num_rows, entry.codec.row_dim, init_std=None, row_format=entry.codec.name)
        if entry.codec.name == "fp8_e4m3":  # dequantise chunk by chunk instead of holding the bytes too
            chunk = max(1, (64 << 20) // entry.codec.row_bytes)
            for start in range(0, entry.num_rows, chunk):
                raw = np.empty((min(chunk, entry.num_rows - start), entry.codec.row_bytes), dtype=np.uint8)
                table_file.read_into(key, start, raw)
                table.weight.data[start : start + len(raw)] = entry.codec.decode(torch.from_numpy(raw))
        else:  # the file's bytes are the parameter's bytes: read them straight in
            table_file.read_into(key, 0, table.weight.data.view(torch.uint8).numpy())
        return table.to(device)

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
            return self.codec.decode(torch.from_numpy(raw))
        # CUDA: stage into a pinned slot, copy asynchronously on the caller's current stream
        # (the prefetcher's side stream), and decode on the device after the copy
        slot, staged = self._ring.acquire(len(rows))
        try:
            self.read_raw(rows, staged.numpy())
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
    """Encoded rows in CPU memory (pinned when the compute device is CUDA)."""

    def __init__(self, raw: torch.Tensor, codec: RowCodec, device: str | torch.device = "cpu"):
        super().__init__(raw.shape[0], codec, device)
        if raw.dtype != torch.uint8 or raw.shape[1:] != (codec.row_bytes,):
            raise TableError(f"host table bytes must be uint8 [rows, {codec.row_bytes}], got {raw.dtype} {tuple(raw.shape)}")
        self.storage = raw.pin_memory() if self.device.type == "cuda" and not raw.is_pinned() else raw
        self._storage_np = self.storage.numpy()

    @classmethod
    def from_file(cls, table_file: TableFile, key: str, device: str | torch.device = "cpu") -> HostTable:
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
        np.take(self._storage_np, rows, axis=0, out=out)

    def __repr__(self) -> str:
        return f"HostTable({self.num_rows} x {self.row_format}[{self.row_dim}])"


class MmapTable(OffloadedTable):
    """The table file memory-mapped read-only, with random-access advice so a row fault reads
    its page and not a readahead window. Pages stay in the kernel's page cache, not in this
    process's memory: resident memory grows with the rows touched, not the table.

    A thread blocks on one page fault at a time, so a large read is split over `io_threads`
    threads (numpy's take releases the GIL): cold pages then arrive several at a time, while
    a warm read stays a plain memory copy."""

    PARALLEL_ROWS = 1024  # below this a read is not worth handing to other threads

    def __init__(self, table_file: TableFile, key: str, device: str | torch.device = "cpu", io_threads: int = 1):
        entry = table_file.entries[key]
        super().__init__(entry.num_rows, entry.codec, device)
        if io_threads < 1:
            raise TableError(f"io_threads={io_threads} must be >= 1")
        self.io_threads = io_threads
        self._pool = ThreadPoolExecutor(io_threads, thread_name_prefix="engram-mmap") if io_threads > 1 else None
        self.path, self.key, self._file = table_file.path, key, table_file
        self._fd = os.open(self.path, os.O_RDONLY)  # kept open to check the file's size before each gather
        self._closer = weakref.finalize(self, os.close, self._fd)
        self._file_bytes = entry.offset + entry.nbytes  # the least size that still holds every row
        start = entry.offset - entry.offset % mmap.ALLOCATIONGRANULARITY  # mmap offsets are page-aligned
        self._map = mmap.mmap(self._fd, self._file_bytes - start, access=mmap.ACCESS_READ, offset=start)
        self._map.madvise(mmap.MADV_RANDOM)
        self._rows = np.frombuffer(self._map, dtype=np.uint8, count=entry.nbytes, offset=entry.offset - start)
        self._rows = self._rows.reshape(entry.num_rows, entry.codec.row_bytes)
        self._map_offset = start

    def read_raw(self, rows: np.ndarray, out: np.ndarray) -> None:
        self._check_not_truncated()
        if self._pool is None or len(rows) < self.PARALLEL_ROWS:
            np.take(self._rows, rows, axis=0, out=out)  # touches only these rows' pages
            return
        bounds = np.linspace(0, len(rows), self.io_threads + 1).astype(int)
        parts = [(a, b) for a, b in zip(bounds[:-1], bounds[1:]) if b > a]
        for future in [self._pool.submit(np.take, self._rows, rows[a:b], 0, out[a:b]) for a, b in parts]:
            future.result()

    def _check_not_truncated(self) -> None:
        """A mapped page whose file was cut short raises SIGBUS on access, which kills the
        process; one fstat per gather turns that into an error naming the file. A truncation
        between this check and the copy still faults: a mapping cannot close that race (the
        pread reader can), so serve files that may change under a running process with
        reader="pread"."""
        size = os.fstat(self._fd).st_size
        if size < self._file_bytes:
            raise TableError(
                f"{self.path} shrank to {size} bytes while mapped; table {self.key} needs {self._file_bytes}: "
                "the file was truncated or rewritten in place; restore it and load the checkpoint again"
            )

    def read_range(self, start: int, stop: int) -> np.ndarray:
        # read, not fault in: a table streamed out whole must not pass through this mapping
        out = np.empty((stop - start, self.row_bytes), dtype=np.uint8)
        self._file.read_into(self.key, start, out)
        return out

    def drop_page_cache(self) -> None:
        """Unmap this table's pages from the process and ask the kernel to evict them from the
        page cache, so the next reads come from disk (no root needed; dirty pages stay)."""
        self._map.madvise(mmap.MADV_DONTNEED)
        os.posix_fadvise(self._fd, self._map_offset, len(self._map), os.POSIX_FADV_DONTNEED)

    def __repr__(self) -> str:
        return f"MmapTable({self.path}:{self.key}, {self.num_rows} x {self.row_format}[{self.row_dim}], {self.io_threads} threads)"


class PreadTable(OffloadedTable):
    """The table file read with explicit `os.pread` calls on worker threads: runs of adjacent
    rows become one read, and the threads keep several reads in flight, which a page-faulting
    mmap cannot (one fault at a time per thread)."""

    def __init__(self, table_file: TableFile, key: str, device: str | torch.device = "cpu", io_threads: int = 4):
        entry = table_file.entries[key]
        super().__init__(entry.num_rows, entry.codec, device)
        if io_threads < 1:
            raise TableError(f"io_threads={io_threads} must be >= 1")
        self.path, self.key, self._base, self._file = table_file.path, key, entry.offset, table_file
        self._fd = os.open(self.path, os.O_RDONLY)
        self._closer = weakref.finalize(self, os.close, self._fd)
        os.posix_fadvise(self._fd, 0, 0, os.POSIX_FADV_RANDOM)
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
        buffer = memoryview(out).cast("B")
        if self._pool is None or len(runs) < 4 * self.io_threads:
            self._read_runs(runs, buffer)
            return
        for future in [self._pool.submit(self._read_runs, runs[i :: self.io_threads], buffer) for i in range(self.io_threads)]:
            future.result()  # re-raises a worker's read error

    def _read_runs(self, runs: list[tuple[int, int, int]], buffer: memoryview) -> None:
        size = self.row_bytes
        for row, count, at in runs:
            _pread_exact(self._fd, buffer[at * size : (at + count) * size], self._base + row * size, self.path)

    def read_range(self, start: int, stop: int) -> np.ndarray:
        out = np.empty((stop - start, self.row_bytes), dtype=np.uint8)
        self._file.read_into(self.key, start, out)
        return out

    def drop_page_cache(self) -> None:
        os.posix_fadvise(self._fd, 0, 0, os.POSIX_FADV_DONTNEED)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
        self._closer()

    def __repr__(self) -> str:
        return f"PreadTable({self.path}:{self.key}, {self.num_rows} x {self.row_format}[{self.row_dim}], {self.io_threads} threads)"


TIERS = ("resident", "host", "mmap")
READERS = ("mmap", "pread")


def open_table(
    table_file: TableFile,
    key: str,
    tier: str,
    device: str | torch.device = "cpu",
    reader: str = "mmap",
    io_threads: int = 4,
) -> RowTable:
    """One layer's table from a table file, in the chosen tier. Only `resident` and `host`
    read the rows in; `mmap` reads them on demand (with the `mmap` or `pread` reader, on
    `io_threads` threads)."""
    if tier not in TIERS:
        raise TableError(f"tier={tier!r} is not a table tier; choose one of {', '.join(TIERS)}")
    if reader not in READERS:
        raise TableError(f"reader={reader!r} is not a reader of the mmap tier; choose one of {', '.join(READERS)}")
    if key not in table_file.entries:
        raise TableError(f"{table_file.path} has no table {key}; it holds {sorted(table_file.entries)}")
    if tier == "resident":
        return ResidentTable.from_file(table_file, key, device)
    if tier == "host":
        return HostTable.from_file(table_file, key, device)
    if reader == "pread":
        return PreadTable(table_file, key, device, io_threads)
    return MmapTable(table_file, key, device, io_threads)


def encoded_rows(table: RowTable, start: int, stop: int, codec: RowCodec) -> np.ndarray:
    """Rows `start..stop` encoded in `codec`, as `uint8 [n, row_bytes]`: the tier's own bytes
    when it already stores this format (no decode/re-encode), else its values encoded."""
    backing = table.backing if isinstance(table, CachedTable) else table  # bypass: no cache traffic
    if isinstance(backing, ResidentTable):
        return codec.encode(backing.weight.detach()[start:stop]).numpy()
    raw = backing.read_range(start, stop)
    if backing.codec == codec:
        return raw
    return codec.encode(backing.codec.decode(torch.from_numpy(raw))).numpy()


# --- hot-row cache -------------------------------------------------------------------------


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


CACHE_POLICIES = ("lru", "static")


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
