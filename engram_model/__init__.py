"""An Engram-capable decoder-only transformer engine (spec: shared/ENGRAM_SPEC.md)."""

from .addressing import NgramAddresser, NgramStream, layer_multipliers, table_primes
from .checkpoint import CheckpointError, load_model, save_model
from .config import ConfigError, EngramConfig, MoEConfig, ModelConfig
from .model import DecodeState, EngramLM, configure_for_tokenizer
from .tokenizer import CompressedVocab, load_tokenizer, train_bpe

__all__ = [
    "CheckpointError",
    "CompressedVocab",
    "ConfigError",
    "DecodeState",
    "EngramConfig",
    "EngramLM",
    "MoEConfig",
    "ModelConfig",
    "NgramAddresser",
    "NgramStream",
    "configure_for_tokenizer",
    "layer_multipliers",
    "load_model",
    "load_tokenizer",
    "save_model",
    "table_primes",
    "train_bpe",
]
