"""An Engram-capable decoder-only transformer engine (spec: shared/ENGRAM_SPEC.md).

The public names below are imported from their modules on first use (PEP 562), so that
`import engram_model` (and `engram_model.config`, `engram_model.corpus`, ...) costs no torch
until a model is built.
"""

from .lazy import lazy_exports

# public name -> the module that defines it
_EXPORTS = {
    "NgramAddresser": "addressing",
    "NgramStream": "addressing",
    "layer_multipliers": "addressing",
    "table_primes": "addressing",
    "CheckpointError": "checkpoint",
    "load_model": "loading",
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
    "TierOptions": "tables",
    "TableError": "tables",
    "TableFile": "tables",
    "hot_set": "tables",
    "row_counts": "tables",
    "CompressedVocab": "tokenizer",
    "EngramParts": "v41_checkpoint",
    "load_tokenizer": "tokenizer",
    "train_bpe": "tokenizer",
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
