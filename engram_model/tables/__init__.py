"""Where an Engram layer's rows live, and how they are stored.

    codec   row formats: fp32, bf16, fp16, FP8 E4M3 with E8M0 scales per 32 values (V4.1)
    file    table files: ours (one safetensors file of row records) and a DeepSeek-V4.1
            checkpoint's (codes and scales as two tensors inside the model's shards)
    tiers   resident, host, mmap (memory-mapped or pread), and the one check of tier options
    cache   a hot-row cache in front of an offloaded tier; row counts and the hot set

Row statistics for probing (Zipf fits, hit-rate curves) live in `probe.offload.rowstats`.
"""

from .cache import CachedTable, CacheStats, hot_set, row_counts
from .codec import (
    E4M3_ROUNDS_TO_MAX,
    FP8_BLOCK,
    ROW_FORMATS,
    RowCodec,
    TableError,
    dequantize_fp8,
    e8m0_to_float,
    quantize_fp8,
)
from .file import RowArray, ShardedTables, TableEntry, TableFile, array_views, safetensors_header
from .tiers import (
    CACHE_POLICIES,
    READERS,
    TIERS,
    HostTable,
    MmapTable,
    OffloadedTable,
    PinnedRing,
    PreadTable,
    ResidentTable,
    RowTable,
    TableSource,
    TierOptions,
    encoded_rows,
    gather_unique,
    head_offsets,
    open_table,
)

__all__ = [
    "CACHE_POLICIES",
    "E4M3_ROUNDS_TO_MAX",
    "FP8_BLOCK",
    "READERS",
    "ROW_FORMATS",
    "TIERS",
    "CacheStats",
    "CachedTable",
    "HostTable",
    "MmapTable",
    "OffloadedTable",
    "PinnedRing",
    "PreadTable",
    "ResidentTable",
    "RowArray",
    "RowCodec",
    "RowTable",
    "ShardedTables",
    "TableEntry",
    "TableError",
    "TableFile",
    "TableSource",
    "array_views",
    "TierOptions",
    "dequantize_fp8",
    "e8m0_to_float",
    "encoded_rows",
    "gather_unique",
    "head_offsets",
    "hot_set",
    "open_table",
    "quantize_fp8",
    "row_counts",
    "safetensors_header",
]
