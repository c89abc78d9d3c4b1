"""An Engram-capable decoder-only transformer engine (spec: shared/ENGRAM_SPEC.md).

The public names below are imported from their modules on first use (PEP 562), so that
`import engram_model` (and `engram_model.config`, `engram_model.corpus`, ...) costs no torch
until a model is built.
"""

import importlib

# public name -> the module that defines it
_EXPORTS = {
    "NgramAddresser": "addressing",
    "NgramStream": "addressing",
    "layer_multipliers": "addressing",
    "table_primes": "addressing",
    "CheckpointError": "checkpoint",
    "load_model": "checkpoint",
    "save_model": "checkpoint",
    "ConfigError": "config",
    "EngramConfig": "config",
    "MoEConfig": "config",
    "ModelConfig": "config",
    "DecodeState": "model",
    "EngramLM": "model",
    "configure_for_tokenizer": "model",
    "Prefetcher": "prefetch",
    "PrefetchStep": "prefetch",
    "StepRecord": "prefetch",
    "CachedTable": "tables",
    "HostTable": "tables",
    "MmapTable": "tables",
    "PreadTable": "tables",
    "ResidentTable": "tables",
    "RowCodec": "tables",
    "TableError": "tables",
    "TableFile": "tables",
    "hit_rate": "tables",
    "hit_rate_curve": "tables",
    "hot_set": "tables",
    "row_counts": "tables",
    "zipf_fit": "tables",
    "CompressedVocab": "tokenizer",
    "load_tokenizer": "tokenizer",
    "train_bpe": "tokenizer",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
