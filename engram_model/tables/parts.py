"""A table stored as several plain tensors in safetensors shards, served as one table.

A transformers checkpoint may split one embedding table over many tensors (Qwen4-Exp writes
each PLE layer's n-gram table as `split_ngram_parts` row blocks,
`...ngram_embedding.shard_{i}.weight`, spread over the model's shards). Here

    SafetensorsRows   plain `[rows, columns]` tensors (F32, BF16, F16) read where they lie,
                      one `TableEntry` each, so every tier can open them like our table file
    PartedTable       those parts, in order, as one table: row r lives in the part whose row
                      range holds it; a read splits the sorted row ids at the part bounds

so the mmap tier maps rows straight out of the shards and nothing is concatenated or copied
at load.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch

from .codec import RowCodec, TableError
from .file import RowArray, ShardHeaders, TableEntry, read_rows_into
from .tiers import OffloadedTable

_PLAIN_FORMATS = {"F32": "fp32", "BF16": "bf16", "F16": "fp16"}


class SafetensorsRows:
    """Plain row-major tensors inside safetensors files, by name. `tensors`: name -> the shard
    that holds it. `path` names the checkpoint (its index, or its one shard) in errors."""

    def __init__(self, path: Path, tensors: dict[str, Path]):
        self.path = Path(path)
        self._headers = ShardHeaders(self.path)
        self.entries = {name: self._entry(name, Path(shard)) for name, shard in tensors.items()}

    def _entry(self, name: str, shard: Path) -> TableEntry:
        info, data_start = self._headers.tensor(name, shard)
        row_format = _PLAIN_FORMATS.get(info["dtype"])
        if row_format is None or len(info["shape"]) != 2:
            raise TableError(
                f"{shard}: tensor {name} is {info['dtype']} {info['shape']}; a table part is [rows, columns] of "
                f"{', '.join(_PLAIN_FORMATS)}"
            )
        rows, columns = info["shape"]
        codec = RowCodec(row_format, columns)
        begin, end = info["data_offsets"]
        if end - begin != rows * codec.row_bytes:
            raise TableError(f"{shard}: tensor {name} spans {end - begin} bytes, not {rows} rows of {codec.row_bytes}")
        return TableEntry(rows, codec, (RowArray(shard, data_start + begin, codec.row_bytes),))

    def read_into(self, key: str, start: int, out: np.ndarray) -> None:
        """Read encoded rows starting at `start` into `out` (`uint8 [n, row_bytes]`), sequentially."""
        read_rows_into(self.entries[key], start, out)


class PartedTable(OffloadedTable):
    """Parts (each an offloaded tier over one row block, all in one row format) as one table
    of their rows in order. Reads go to each part's `read_raw`; staging to the device and
    decoding happen once, here, for the whole read."""

    def __init__(self, parts: list[OffloadedTable], device: str | torch.device = "cpu"):
        if not parts:
            raise TableError("a parted table needs at least one part")
        codecs = {part.codec for part in parts}
        if len(codecs) > 1:
            raise TableError(f"the parts of one table must share a row format, got {sorted(c.name for c in codecs)}")
        self.parts = parts
        sizes = np.array([part.num_rows for part in parts], dtype=np.int64)
        self.starts = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)  # [P + 1] row bounds
        super().__init__(int(self.starts[-1]), parts[0].codec, device)

    def read_raw(self, rows: np.ndarray, out: np.ndarray) -> None:
        # rows are sorted, so each part's rows form one run: cut the run at the part bounds
        cuts = np.searchsorted(rows, self.starts)
        for part, start, a, b in zip(self.parts, self.starts[:-1], cuts[:-1], cuts[1:]):
            if b > a:
                part.read_raw(rows[a:b] - start, out[a:b])

    def drop_page_cache(self) -> None:
        for part in self.parts:
            if hasattr(part, "drop_page_cache"):
                part.drop_page_cache()

    def __repr__(self) -> str:
        kind = type(self.parts[0]).__name__
        return f"PartedTable({len(self.parts)} x {kind}, {self.num_rows} x {self.row_format}[{self.row_dim}])"
