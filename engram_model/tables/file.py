"""Table files: where each table's rows sit on disk, so a tier reads rows without a loader
ever reading the file whole. Row r of a table starts at `offset + r * row_bytes`."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..config import ConfigError, parse_json, quoted_name, read_json_file, regular_file_size, short
from .codec import _SAFETENSORS_DTYPES, FP8_BLOCK, ROW_FORMATS, RowCodec, TableError


@dataclass(frozen=True)
class RowArray:
    """One stored array of a table's rows: `width` bytes per row from byte `offset` of `path`."""

    path: Path
    offset: int
    width: int


@dataclass(frozen=True)
class TableEntry:
    """Where one table's rows sit: one array of whole encoded rows (our table file), or the
    codes and the scales as two arrays, perhaps in two files (a V4.1 checkpoint's shards)."""

    num_rows: int
    codec: RowCodec
    arrays: tuple[RowArray, ...]  # one per `codec.array_widths`

    @property
    def nbytes(self) -> int:
        return self.num_rows * self.codec.row_bytes


def array_views(out: np.ndarray, widths: tuple[int, ...]) -> list[np.ndarray]:
    """Contiguous `[n, width]` views of a read buffer `uint8 [n, row_bytes]`, one per stored
    array, in the codec's layout: the buffer itself, or array after array (`split_scales`)."""
    if len(widths) == 1:
        return [out]
    n, flat, views, at = out.shape[0], out.reshape(-1), [], 0
    for width in widths:
        views.append(flat[at : at + n * width].reshape(n, width))
        at += n * width
    return views


def read_rows_into(entry: TableEntry, start: int, out: np.ndarray) -> None:
    """Read encoded rows `start..start+n` of a table into `out` (`uint8 [n, row_bytes]`), sequentially."""
    for array, view in zip(entry.arrays, array_views(out, entry.codec.array_widths)):
        with open(array.path, "rb", buffering=0) as f:
            _pread_exact(f.fileno(), memoryview(view).cast("B"), array.offset + start * array.width, array.path)


MAX_HEADER_BYTES = 1 << 27  # a safetensors header (the format's own parsers allow 100 MB)
# bits per value of each dtype the safetensors format defines
SAFETENSORS_DTYPE_BITS = {
    "BOOL": 8, "U8": 8, "I8": 8, "F8_E4M3": 8, "F8_E5M2": 8, "F8_E8M0": 8, "F4": 4, "F6_E2M3": 6, "F6_E3M2": 6,
    "U16": 16, "I16": 16, "F16": 16, "BF16": 16, "U32": 32, "I32": 32, "F32": 32, "C64": 64,
    "U64": 64, "I64": 64, "F64": 64,
}  # fmt: skip


def safetensors_header(path: Path) -> tuple[dict[str, dict], dict[str, str], int]:
    """A safetensors file's tensors (name -> dtype, shape, data_offsets), its metadata, and the
    byte where its data starts, after checking what the format requires: a regular file, a
    header of bounded length that is a JSON object (nested at most MAX_JSON_DEPTH), each tensor
    a known dtype, a shape of whole numbers >= 0, and offsets that span exactly its bytes, one
    after the other from the start of the data to the end of the file. Each failure is a
    TableError naming the file (and the tensor)."""
    fix = "download or save the file again"
    size = regular_file_size(path, 1 << 62, fix, TableError)
    with open(path, "rb") as f:
        prefix = f.read(8)
        header_len = int.from_bytes(prefix, "little") if len(prefix) == 8 else -1
        if not 2 <= header_len <= min(size - 8, MAX_HEADER_BYTES):
            raise TableError(
                f"{path} is not a safetensors file: its first 8 bytes give a header of {header_len} bytes, in a file of "
                f"{size} (at most {MAX_HEADER_BYTES} are read); {fix}"
            )
        text = f.read(header_len)
    try:
        header = parse_json(text, f"{path}'s safetensors header")
    except ConfigError as err:
        raise TableError(f"{err}; {fix}") from None
    if not isinstance(header, dict):
        raise TableError(f"{path}'s safetensors header is a JSON {type(header).__name__}, not an object of tensors; {fix}")
    metadata = header.pop("__metadata__", None) or {}
    if not isinstance(metadata, dict) or not all(isinstance(v, str) for v in metadata.values()):
        raise TableError(f"{path}'s safetensors __metadata__ must map names to strings; {fix}")
    data_start, at = 8 + header_len, 0
    for name, info in sorted(header.items(), key=lambda item: _extent(item[1])):
        problem = _tensor_problem(info)
        if problem is None and info["data_offsets"][0] != at:
            problem = f"starts at data byte {info['data_offsets'][0]}, but the tensor before it ends at {at}"
        if problem:
            raise TableError(f"{path}: tensor {quoted_name(name)} {problem}; {fix}")
        at = info["data_offsets"][1]
    if size != data_start + at:
        raise TableError(f"{path} has {size} bytes but its header describes {data_start + at}: the file is truncated or altered")
    return header, metadata, data_start


def _extent(info) -> tuple:
    """(begin, end) of a header entry's data, the order tensors are checked in; an entry too
    broken to say sorts first, and is refused."""
    offsets = info.get("data_offsets") if isinstance(info, dict) else None
    if isinstance(offsets, list) and len(offsets) == 2 and all(type(n) is int for n in offsets):
        return tuple(offsets)
    return (-1, -1)


def _tensor_problem(info) -> str | None:
    """What is wrong with one header entry, in words, or None."""
    if not isinstance(info, dict) or not {"dtype", "shape", "data_offsets"} <= set(info):
        return "must be an object with dtype, shape and data_offsets"
    dtype, shape, offsets = info["dtype"], info["shape"], info["data_offsets"]
    if dtype not in SAFETENSORS_DTYPE_BITS:
        return f"has dtype {short(dtype)}, which safetensors does not define ({', '.join(SAFETENSORS_DTYPE_BITS)})"
    if not isinstance(shape, list) or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in shape):
        return f"has shape {short(shape)}; a shape is a list of whole numbers >= 0"
    if (
        not isinstance(offsets, list)
        or len(offsets) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in offsets)
        or not 0 <= offsets[0] <= offsets[1]
    ):
        return f"has data_offsets {short(offsets)}; they are two whole numbers, begin <= end"
    nbits = math.prod(shape) * SAFETENSORS_DTYPE_BITS[dtype]
    if offsets[1] - offsets[0] != -(-nbits // 8):
        return f"is {dtype} {short(shape)}, {-(-nbits // 8)} bytes, but its data_offsets {offsets} span {offsets[1] - offsets[0]}"
    return None


MAX_INDEX_BYTES = 1 << 26  # a safetensors index (a released model's names its tensors in a few MiB)


def read_safetensors_index(path: Path) -> dict[str, str]:
    """The weight map of a sharded checkpoint's `model.safetensors.index.json`, {tensor: shard
    file in the same directory}, read with bounds (a regular file, MAX_INDEX_BYTES, nesting);
    each failure is a TableError naming the file."""
    fix = "download it again"
    try:
        index = read_json_file(path, MAX_INDEX_BYTES, fix, TableError)
    except TableError as err:
        raise TableError(f"{path} is not a readable safetensors index: {err}") from None
    weight_map = index.get("weight_map") if isinstance(index, dict) else None
    if not isinstance(weight_map, dict) or not all(isinstance(v, str) and Path(v).name == v for v in weight_map.values()):
        raise TableError(
            f'{path} is not a readable safetensors index: it must hold {{"weight_map": {{tensor: shard file in the same '
            f"directory}}}}; {fix}"
        )
    return weight_map


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
        try:
            header, self.metadata, data_start = safetensors_header(self.path)
        except TableError as err:
            raise TableError(f"{err}; re-save the checkpoint") from err
        self.entries: dict[str, TableEntry] = {key: self._entry(key, info, data_start) for key, info in header.items()}

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
        return TableEntry(shape[0], codec, (RowArray(self.path, data_start + begin, codec.row_bytes),))

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
            header[key] = {
                "dtype": codec.safetensors_dtype,
                "shape": [num_rows, codec.columns],
                "data_offsets": [offset, offset + nbytes],
            }
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
            f.seek(entry.arrays[0].offset + start * entry.codec.row_bytes)
            f.write(np.ascontiguousarray(raw).data)

    def read_into(self, key: str, start: int, out: np.ndarray) -> None:
        """Read encoded rows starting at `start` into `out` (`uint8 [n, row_bytes]`), sequentially."""
        read_rows_into(self.entries[key], start, out)


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


# --- DeepSeek-V4.1's checkpoint: tables inside the model's safetensors shards --------------

V41_CODES_DTYPE, V41_SCALES_DTYPE = "F8_E4M3", "F8_E8M0"


class ShardHeaders:
    """The safetensors headers of a checkpoint's shards, each read once; `path` (its index, or its
    one shard) names the checkpoint in errors."""

    def __init__(self, path: Path):
        self.path = path
        self._headers: dict[Path, tuple[dict, int]] = {}

    def tensor(self, name: str, shard: Path) -> tuple[dict, int]:
        """(header entry, absolute start of the shard's data) of tensor `name`, which the index puts in `shard`."""
        if not shard.is_file():
            raise TableError(f"{shard} is missing: {self.path} puts tensor {name} in it; download that shard again")
        if shard not in self._headers:
            header, _, data_start = safetensors_header(shard)
            self._headers[shard] = (header, data_start)
        header, data_start = self._headers[shard]
        if name not in header:
            raise TableError(f"{shard} holds no tensor {name}, though {self.path} says it does; the shard and the index disagree")
        return header[name], data_start


class ShardedTables:
    """The Engram tables of a DeepSeek-V4.1 checkpoint, read where they lie: in the model's
    safetensors shards, named by `model.safetensors.index.json`. Each table is two tensors,
    its E4M3 codes `[rows, D]` and its E8M0 scales `[rows, D/32]`; tiers map or read both as
    stored (nothing is converted or copied at load). `tables`: table name -> (codes tensor,
    scales tensor)."""

    def __init__(self, index_path: Path, weight_map: dict[str, str], tables: dict[str, tuple[str, str]]):
        self.path = index_path
        self._headers = ShardHeaders(index_path)
        self.entries = {name: self._entry(codes, scales, weight_map) for name, (codes, scales) in tables.items()}

    def _tensor(self, name: str, weight_map: dict[str, str], dtype: str) -> tuple[Path, list[int], int]:
        """(shard, shape, absolute byte offset) of a tensor, checked against the dtype it must have."""
        if name not in weight_map:
            raise TableError(f"{self.path} names no shard for tensor {name}; a V4.1 checkpoint stores it (expected {dtype})")
        shard = self.path.parent / weight_map[name]
        info, data_start = self._headers.tensor(name, shard)
        if info["dtype"] != dtype or len(info["shape"]) != 2:
            raise TableError(f"{shard}: tensor {name} is {info['dtype']} {info['shape']}; expected {dtype} [rows, columns]")
        return shard, info["shape"], data_start + info["data_offsets"][0]

    def _entry(self, codes: str, scales: str, weight_map: dict[str, str]) -> TableEntry:
        codes_shard, (rows, dim), codes_at = self._tensor(codes, weight_map, V41_CODES_DTYPE)
        scales_shard, scales_shape, scales_at = self._tensor(scales, weight_map, V41_SCALES_DTYPE)
        if dim % FP8_BLOCK or scales_shape != [rows, dim // FP8_BLOCK]:
            raise TableError(
                f"{scales_shard}: tensor {scales} has shape {scales_shape}; {codes} is [{rows}, {dim}], so its scales "
                f"must be [{rows}, {dim // FP8_BLOCK}] (one E8M0 per {FP8_BLOCK} values)"
            )
        codec = RowCodec("fp8_e4m3", dim, split_scales=True)
        widths = codec.array_widths
        return TableEntry(rows, codec, (RowArray(codes_shard, codes_at, widths[0]), RowArray(scales_shard, scales_at, widths[1])))

    def read_into(self, key: str, start: int, out: np.ndarray) -> None:
        """Read encoded rows starting at `start` into `out` (`uint8 [n, row_bytes]`, codes then scales)."""
        read_rows_into(self.entries[key], start, out)
