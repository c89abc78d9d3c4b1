"""An Engram-capable decoder-only transformer engine (spec: shared/ENGRAM_SPEC.md)."""

from .addressing import NgramAddresser, NgramStream, layer_multipliers, table_primes
from .checkpoint import CheckpointError, load_model, save_model
from .config import ConfigError, EngramConfig, MoEConfig, ModelConfig
from .model import DecodeState, EngramLM, configure_for_tokenizer
from .prefetch import Prefetcher, PrefetchStep, StepRecord
from .tables import (
    CachedTable,
    HostTable,
    MmapTable,
    PreadTable,
    ResidentTable,
    RowCodec,
    TableError,
    TableFile,
    hit_rate,
    hit_rate_curve,
    hot_set,
    row_counts,
    zipf_fit,
)
from .tokenizer import CompressedVocab, load_tokenizer, train_bpe

__all__ = [
    "CachedTable",
    "CheckpointError",
    "CompressedVocab",
    "ConfigError",
    "DecodeState",
    "EngramConfig",
    "EngramLM",
    "HostTable",
    "MmapTable",
    "MoEConfig",
    "ModelConfig",
    "NgramAddresser",
    "NgramStream",
    "PreadTable",
    "PrefetchStep",
    "Prefetcher",
    "ResidentTable",
    "RowCodec",
    "StepRecord",
    "TableError",
    "TableFile",
    "configure_for_tokenizer",
    "hit_rate",
    "hit_rate_curve",
    "hot_set",
    "layer_multipliers",
    "load_model",
    "load_tokenizer",
    "row_counts",
    "save_model",
    "table_primes",
    "train_bpe",
    "zipf_fit",
]
