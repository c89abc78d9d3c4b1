"""Qwen4-Exp (Qwen3.8-Flash-Next, transformers `qwen4_exp`) bridged: transformers' own
`Qwen4ExpForCausalLM`, loaded by `from_pretrained`, with our hook points on its PLE (Engram)
layers, its tables in any tier, and its n-gram addressing reproduced in numpy.

What transformers computes (models/qwen4_exp/modeling_qwen4_exp.py) and where we hook it:

    Qwen4ExpTextNGramEmbedding  ids of the 2..N-grams, + head offsets  blocks.{L}.engram.hook_rows  [B, T, H]
      .ngram_embedding          the table lookup (swapped for a tier)     (a forward pre-hook)
    Qwen4ExpTextPLELayer        e = rows of every head, concatenated   blocks.{L}.engram.hook_memory [B, T, d_mem]
                                key_proj(e) per stream                              hook_key    [B, T, M, d]
                                value_proj(e), shared                               hook_value  [B, T, d]
                                sigmoid(ssqrt(<norm_k(k_m), norm_q(h_m)>/sqrt d))   hook_gate   [B, T, M]
                                gate*v + SiLU(conv(norm_conv(gate*v)))              hook_out    [B, M, T, d]
    Qwen4ExpTextDecoderLayer    input, token mixer out, middle, MoE out, output  blocks.{L}.hook_resid_pre,
                                hook_attn_out [B, T, d], hook_resid_mid, hook_mlp_out [B, T, d], hook_resid_post
    embed_tokens / hyper_connection_mixer        hook_embed [B, T, d] / ln_final.hook_normalized [B, T, d]

The gate never leaves the PLE layer's forward, so that one forward is replaced by
`PLEHooks.forward_through`: the same submodules, in the same order, with hook points between
them; everything else is reached by torch forward (pre-)hooks. The table lookup's forward is
wrapped too, so that with a `Prefetcher` (`TierOptions(prefetch=True)`) it returns the rows
the prefetcher gathered while the layers before it ran, instead of reading them itself.
Residual hooks use our layout `[B, M, T, d]` (M = `hc_count` hyper-connection streams);
transformers carries `[B, T, M*d]`.
`L` is the decoder layer's zero-based index (`ple_layer_ids` are one-indexed: [1] is block 0).

Addressing (`Qwen4ExpAddresser`), as `Qwen4ExpTextNGramEmbedding` does it: raw token ids (no
compression); orders 2..`ngram_size`, `heads_per_ngram` heads each; PLE module p's head h
(order-major) takes the (p*H + h + 1)-th prime from `ngram_vocab_size_base`; per look-back i
an odd multiplier from splitmix64(seed + 10007 p + GAMMA (i+1)); heads share one flat table at
cumulative offsets, padded to a multiple of `make_ngram_vocab_size_divisible_by`; the history
never crosses an end-of-text token.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import math
import os
import re
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial, wraps
from pathlib import Path

import numpy as np
import torch
from huggingface_hub.errors import StrictDataclassError
from tokenizers import Tokenizer
from torch import nn
from transformer_lens import ActivationCache, HookedRootModule
from transformer_lens.hook_points import HookPoint
from transformers import Qwen4ExpConfig, Qwen4ExpForCausalLM, Qwen4ExpTextConfig
from transformers.conversion_mapping import get_checkpoint_conversion_mapping, register_checkpoint_conversion_mapping
from transformers.models.qwen4_exp.modeling_qwen4_exp import apply_mask_to_padding_states
from transformers.utils import logging as hf_logging

from ..addressing import TableAddressing, is_prime, suffix_mixes
from ..checkpoint import CONFIG, TOKENIZER, CheckpointError, with_cache
from ..config import MAX_CONFIG_BYTES, quoted_name, read_json_file, short
from ..model import EngramLM, token_input
from ..prefetch import Prefetcher, PrefetchStep, RowFetch
from ..tables import HostTable, MmapTable, PreadTable, RowTable, TableError, TierOptions, safetensors_header
from ..tables.codec import describe_nonfinite
from ..tables.file import read_safetensors_index
from ..tables.parts import PartedTable, SafetensorsRows
from ..tokenizer import load_tokenizer
from . import BridgeAdapter
from .validation import check_qwen4_exp_text, check_weight_dtype, refuse_code_and_quantization

MODEL_TYPES = ("qwen4_exp", "qwen4_exp_text")
INDEX, SINGLE_FILE = "model.safetensors.index.json", "model.safetensors"
# one PLE layer's n-gram table, whole or as `split_ngram_parts` row blocks (`shard_{i}`), under
# `model.` (text checkpoint) or `model.language_model.` (multimodal checkpoint)
TABLE_TENSOR = re.compile(r"layers\.(\d+)\.ple\.ple_embedding\.ngram_embedding\.(?:shard_(\d+)\.)?weight$")
# renames the table's tensors so `from_pretrained` skips them when a tier serves the table
SKIP_TABLES = {r"ngram_embedding\.((?:shard_\d+\.)?weight)$": r"ngram_embedding_in_tier.\1"}
# a decoder layer's weights, in a text (`model.`) or multimodal (`model.language_model.`) checkpoint
DECODER_LAYER = re.compile(r"^model\.(?:language_model\.)?layers\.(\d+)\.")
FLOATING_DTYPES = ("F", "BF")  # safetensors' floating-point dtypes: F16, F32, BF16, F8_E4M3...
# the integer tensors a Qwen4-Exp checkpoint holds: each PLE layer's hashing constants (I64)
INTEGER_TENSOR = re.compile(r"\.ple_embedding\.(?:layer_multipliers|ngram_heads_offsets|ngram_heads_vocab_sizes)$")
# transformers' value of each text config key that config.json leaves out
TEXT_CONFIG_DEFAULTS = {field.name: field.default for field in dataclasses.fields(Qwen4ExpTextConfig)}
# a checkpoint pads its embedding beyond its tokenizer (Qwen3: 151,669 ids in 151,936 rows);
# a tokenizer further short than this is another model's
VOCAB_PADDING = 1024

# splitmix64's constants and the per-module seed step, as Qwen4-Exp's multipliers use them
_MASK64 = (1 << 64) - 1
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_SEED_STEP = 10007


# --- config ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PLEConfig:
    """The PLE (Engram) side of a Qwen4-Exp text config, in our names."""

    layers: tuple[int, ...]  # zero-based decoder layers with a PLE module (ple_layer_ids - 1)
    vocab_size: int  # raw token ids are hashed as they are (no compression)
    eos_id: int  # n-gram history stops at it, and fills what lies before a sequence
    max_ngram: int = 3  # ngram_size
    heads_per_order: int = 8  # heads_per_ngram
    memory_dim: int = 2048  # ple_embed_dim: all heads' rows, concatenated
    table_base: int = 20_000_000  # ngram_vocab_size_base: primes are counted from here
    rows_multiple: int = 128  # make_ngram_vocab_size_divisible_by: the flat table's padding
    seed: int = 1234
    conv_kernel: int = 4  # ple_conv_kernel_size; dilation is max_ngram
    split_parts: int = 512  # split_ngram_parts: row blocks per table in the checkpoint

    def __post_init__(self) -> None:
        if not self.layers or self.memory_dim % self.n_heads:
            raise ValueError(f"PLE needs layers and memory_dim divisible by {self.n_heads} heads, got {self}")

    @property
    def orders(self) -> range:
        return range(2, self.max_ngram + 1)

    @property
    def n_heads(self) -> int:
        """Hash heads per PLE module: (N-1) * K."""
        return (self.max_ngram - 1) * self.heads_per_order

    @property
    def head_dim(self) -> int:
        return self.memory_dim // self.n_heads


@dataclass(frozen=True)
class Qwen4ExpBridgeConfig:
    """What our tools read of a bridged Qwen4-Exp (`model.cfg`); transformers' own config is
    `model.hf.config`."""

    n_layers: int
    d_model: int
    hc_streams: int  # hc_count
    vocab_size: int
    max_seq_len: int  # max_position_embeddings
    layer_types: tuple[str, ...]
    pad_id: int
    engram: PLEConfig
    architecture: str = "qwen4_exp"

    @classmethod
    def from_text_config(cls, text: Qwen4ExpTextConfig) -> Qwen4ExpBridgeConfig:
        eos = text.eos_token_id[0] if isinstance(text.eos_token_id, list) else text.eos_token_id
        engram = PLEConfig(
            layers=tuple(layer - 1 for layer in text.ple_layer_ids),
            vocab_size=text.vocab_size,
            eos_id=eos,
            max_ngram=text.ngram_size,
            heads_per_order=text.heads_per_ngram,
            memory_dim=text.ple_embed_dim,
            table_base=text.ngram_vocab_size_base,
            rows_multiple=text.make_ngram_vocab_size_divisible_by,
            seed=text.seed,
            conv_kernel=text.ple_conv_kernel_size,
            split_parts=text.split_ngram_parts,
        )
        return cls(
            n_layers=text.num_hidden_layers,
            d_model=text.hidden_size,
            hc_streams=text.hc_count,
            vocab_size=text.vocab_size,
            max_seq_len=text.max_position_embeddings,
            layer_types=tuple(text.layer_types),
            pad_id=eos if text.pad_token_id is None else text.pad_token_id,
            engram=engram,
        )

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)


# --- addressing --------------------------------------------------------------------------


def splitmix64(value: int) -> int:
    """One splitmix64 step on a 64-bit integer (Python ints, masked: no overflow to mind)."""
    value = (value + _GAMMA) & _MASK64
    value = ((value ^ (value >> 30)) * _MIX1) & _MASK64
    value = ((value ^ (value >> 27)) * _MIX2) & _MASK64
    return (value ^ (value >> 31)) & _MASK64


def ple_multipliers(vocab_size: int, max_ngram: int, module: int, seed: int) -> list[int]:
    """PLE module `module`'s odd multiplier per look-back i = 0..N-1, bounded so that a token
    id times a multiplier stays inside int64 (the same bound as our spec's)."""
    half_bound = max(1, ((1 << 63) - 1) // max(vocab_size, 1) // 2)
    base = seed + _SEED_STEP * module
    return [2 * (splitmix64((base + _GAMMA * (i + 1)) & _MASK64) % half_bound) + 1 for i in range(max_ngram)]


def consecutive_primes(start: int, count: int) -> list[int]:
    """The first `count` primes >= `start`."""
    primes, candidate = [], start
    while len(primes) < count:
        if is_prime(candidate):
            primes.append(candidate)
        candidate += 1
    return primes


def shift_within_segments(tokens: np.ndarray, shift: int, eos_id: int) -> np.ndarray:
    """`[B, L]` the id `shift` positions back, or `eos_id` where that lies before the start or at
    or before the last EOS strictly before the position (an EOS ends its own segment)."""
    if shift == 0:
        return tokens
    positions = np.arange(tokens.shape[1])
    eos_at = np.where(tokens == eos_id, positions, -1)
    last_eos = np.maximum.accumulate(eos_at, axis=1)  # the last EOS at or before each position
    segment_start = np.concatenate([np.zeros((len(tokens), 1), np.int64), last_eos[:, :-1] + 1], axis=1)
    source = positions - shift
    shifted = tokens[:, np.maximum(source, 0)]
    valid = (positions - segment_start >= shift) & (source >= 0)
    return np.where(valid, shifted, eos_id)


class Qwen4ExpAddresser:
    """Token ids `[B, T]` -> per-head row ids `{layer: [B, T, H]}` (before head offsets), equal
    to the ids `Qwen4ExpTextNGramEmbedding` computes; known before layer 0 runs."""

    def __init__(self, config: PLEConfig):
        self.config = config
        heads, k = config.n_heads, config.heads_per_order
        # one run of primes for every module and head: module p's head h takes number p*H + h
        primes = consecutive_primes(config.table_base, len(config.layers) * heads)
        self.table_sizes: dict[int, list[list[int]]] = {}
        self.multipliers: dict[int, list[int]] = {}
        self.offsets: dict[int, np.ndarray] = {}  # [H] start of each head's rows in the flat table
        self.num_rows: dict[int, int] = {}  # the flat table, padded
        for module, layer in enumerate(config.layers):
            own = primes[module * heads : (module + 1) * heads]
            self.table_sizes[layer] = [own[i : i + k] for i in range(0, heads, k)]  # order-major
            self.multipliers[layer] = ple_multipliers(config.vocab_size, config.max_ngram, module, config.seed)
            self.offsets[layer] = np.concatenate([[0], np.cumsum(own)[:-1]]).astype(np.int64)
            self.num_rows[layer] = -(-sum(own) // config.rows_multiple) * config.rows_multiple
        # [H] moduli per layer, in the order the row ids come out
        self._moduli = {layer: np.array(sum(sizes, []), np.int64) for layer, sizes in self.table_sizes.items()}

    @property
    def history_length(self) -> int:
        """Ids of history a sequence needs to continue: N-1."""
        return self.config.max_ngram - 1

    def empty_history(self, batch: int) -> np.ndarray:
        """`[B, N-1]` of EOS: what transformers assumes before a sequence without a cache."""
        return np.full((batch, self.history_length), self.config.eos_id, dtype=np.int64)

    def rows(self, token_ids, history=None, attention_mask=None) -> dict[int, np.ndarray]:
        """token_ids: `[B, T]` raw ids. history: the `[B, N-1]` ids before them (what a cache
        holds), EOS by default. attention_mask `[B, T]`: padding reads as EOS, as the model
        feeds its PLE layers (only when T > 1: transformers keeps no mask for one token)."""
        ids = self._checked(token_ids, "token_ids")
        batch, seq_len = ids.shape
        if attention_mask is not None and seq_len > 1:
            ids = np.where(np.asarray(attention_mask).astype(bool), ids, self.config.eos_id)
        history = self.empty_history(batch) if history is None else self._checked(history, "history")
        if history.shape != (batch, self.history_length):
            raise ValueError(f"history must be [batch={batch}, {self.history_length}], got shape {history.shape}")
        tokens = np.concatenate([history, ids], axis=1)  # [B, N-1+T]
        shifted = [shift_within_segments(tokens, j, self.config.eos_id)[:, -seq_len:] for j in range(self.config.max_ngram)]
        out = {}
        for layer in self.config.layers:
            mixes = np.repeat(suffix_mixes(shifted, self.multipliers[layer]), self.config.heads_per_order, axis=-1)
            out[layer] = np.mod(mixes, self._moduli[layer])  # [B, T, H]
        return out

    def _checked(self, values, name: str) -> np.ndarray:
        ids = np.asarray(values)
        if ids.ndim != 2 or not np.issubdtype(ids.dtype, np.integer):
            raise ValueError(f"{name} must be integer token ids [batch, pos], got {ids.dtype} of shape {ids.shape}")
        if ids.size and (ids.min() < 0 or ids.max() >= self.config.vocab_size):
            raise ValueError(f"{name} holds ids from {ids.min()} to {ids.max()}; token ids lie in [0, {self.config.vocab_size})")
        return ids.astype(np.int64, copy=False)


# --- hook points -------------------------------------------------------------------------


def to_streams(hidden: torch.Tensor, n_streams: int) -> torch.Tensor:
    """transformers' hc-wide `[B, T, M*d]` as our `[B, M, T, d]` (a view)."""
    return hidden.unflatten(-1, (n_streams, -1)).transpose(1, 2)


def from_streams(streams: torch.Tensor) -> torch.Tensor:
    """`[B, M, T, d]` back to `[B, T, M*d]`; a view again when the hook changed nothing."""
    return streams.transpose(1, 2).flatten(-2)


class PLEHooks(nn.Module):
    """One PLE layer's hook points. `forward_through` is transformers' PLE forward with them."""

    def __init__(self, n_streams: int):
        super().__init__()
        self.n_streams = n_streams
        self.table: RowTable | None = None  # the layer's table as a RowTable (what a Prefetcher reads); set on attach
        self.hook_rows = HookPoint()  # [B, T, H] per-head row ids (before head offsets)
        self.hook_memory = HookPoint()  # [B, T, d_mem] every head's row, concatenated
        self.hook_key = HookPoint()  # [B, T, M, d] key per stream, before its norm
        self.hook_value = HookPoint()  # [B, T, d] the shared value
        self.hook_gate = HookPoint()  # [B, T, M] sigmoid gate per stream (padding not zeroed)
        self.hook_out = HookPoint()  # [B, M, T, d] what each residual stream receives

    def forward_through(self, ple: nn.Module, hidden_states, input_ids, cache, conv_mask=None, **kwargs) -> torch.Tensor:
        """`Qwen4ExpTextPLELayer.forward` (transformers 5.25), line for line, through our hook
        points. hidden_states: `[B, T, M*d]`; input_ids: `[B, T]`; returns `[B, T, M*d]`."""
        m = self.n_streams
        memory = self.hook_memory(ple.ple_embedding(input_ids, cache, **kwargs))  # [B, T, d_mem]; rows hooked inside
        keys = self.hook_key(ple.key_proj(memory).unflatten(-1, (m, -1)))  # [B, T, M, d]
        key_normed = ple.norm_key(keys.flatten(-2)).unflatten(-1, (m, -1))  # norm grouped per stream
        value = self.hook_value(ple.value_proj(memory))  # [B, T, d]
        query_normed = ple.norm_query(hidden_states).unflatten(-1, (m, -1))  # [B, T, M, d]
        score = (key_normed * query_normed).sum(dim=-1) / math.sqrt(ple.hidden_size)  # [B, T, M]
        score = score.abs().clamp_min(1e-6).sqrt() * score.sign()  # signed square root
        gate = self.hook_gate(torch.sigmoid(score))  # [B, T, M]
        gated_value = gate.unsqueeze(-1) * value.unsqueeze(-2)  # [B, T, M, d]
        gated_value_normed = ple.norm_conv(gated_value.flatten(-2))
        gated_value = gated_value.flatten(-2)  # [B, T, M*d]
        if conv_mask is not None:  # padding contributes nothing, to the output or the conv
            gated_value = apply_mask_to_padding_states(gated_value, conv_mask)
            gated_value_normed = apply_mask_to_padding_states(gated_value_normed, conv_mask)
        output = gated_value + ple._short_conv(gated_value_normed, cache, **kwargs)
        return from_streams(self.hook_out(to_streams(output, m)))


class BlockHooks(nn.Module):
    """A decoder layer's residual hook points, and its PLE's when it has one."""

    def __init__(self, n_streams: int, has_ple: bool):
        super().__init__()
        self.engram = PLEHooks(n_streams) if has_ple else None
        self.hook_resid_pre = HookPoint()  # [B, M, T, d]
        self.hook_attn_out = HookPoint()  # [B, T, d] the token mixer's output (linear or indexed attention)
        self.hook_resid_mid = HookPoint()  # [B, M, T, d]
        self.hook_mlp_out = HookPoint()  # [B, T, d] the MoE's output
        self.hook_resid_post = HookPoint()  # [B, M, T, d]


class FinalHooks(nn.Module):
    def __init__(self):
        super().__init__()
        self.hook_normalized = HookPoint()  # [B, T, d] the streams mixed and normed: what lm_head reads


class TierRows(nn.Module):
    """Stands in for transformers' `ngram_embedding` (an `nn.Embedding` over the flat table):
    the same call, flat row ids `[B, T, H]` -> rows `[B, T, H, head_dim]`, from a table tier."""

    def __init__(self, table: RowTable, dtype: torch.dtype):
        super().__init__()
        self.table = table
        # transformers reads `ngram_embedding.weight.device` to place the ids; an empty buffer
        # answers with the compute device and dtype, and follows the model's .to()
        self.register_buffer("weight", torch.empty(0, table.row_dim, dtype=dtype), persistent=False)

    def forward(self, flat_rows: torch.Tensor) -> torch.Tensor:
        # rows come in the table's format; cast as from_pretrained casts a resident table
        return self.table.gather(flat_rows).to(self.weight.device, self.weight.dtype)

    def extra_repr(self) -> str:
        return repr(self.table)


class EmbeddingRows:
    """transformers' own table (the resident tier's `nn.Embedding`) as a `RowTable`, so that a
    `Prefetcher` reads it as it reads a tier: the same rows, by `F.embedding` on its weight."""

    def __init__(self, embedding: nn.Embedding):
        self.embedding = embedding  # a plain attribute: this object is no module, so nothing is registered twice

    @property
    def num_rows(self) -> int:
        return self.embedding.num_embeddings

    @property
    def row_dim(self) -> int:
        return self.embedding.embedding_dim

    @property
    def row_format(self) -> str:
        return str(self.embedding.weight.dtype).removeprefix("torch.")

    @property
    def row_bytes(self) -> int:
        return self.row_dim * self.embedding.weight.element_size()

    def gather(self, flat_rows: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.embedding(flat_rows, self.embedding.weight)

    def read_rows(self, rows: np.ndarray, requested: int | None = None) -> torch.Tensor:
        weight = self.embedding.weight
        return torch.nn.functional.embedding(torch.from_numpy(rows).to(weight.device), weight)

    def __repr__(self) -> str:
        return f"EmbeddingRows({self.num_rows} x {self.row_format}[{self.row_dim}], resident)"


class _StopForward(Exception):
    """Raised by a pre-hook to end the forward pass at a layer, carrying its input streams."""

    def __init__(self, hidden: torch.Tensor):
        super().__init__()
        self.hidden = hidden


# --- the model ---------------------------------------------------------------------------


class Qwen4ExpBridge(HookedRootModule):
    """transformers' `Qwen4ExpForCausalLM` (`self.hf`) under TransformerLens hook points.

    `forward`, `run_with_cache`, `run_with_hooks` and `hooks()` work as on `EngramLM`; so do
    `cfg.engram.layers`, `addresser`, `engram_rows`, `tokenizer`, `to_tokens`. The backbone is
    transformers' own; no cache is kept between calls (`use_cache=False`).

    With a `prefetcher` (`load_model(..., tier=TierOptions(..., prefetch=True))`), a forward
    that is not handed `rows` hashes every PLE layer's row ids first (`addresser`, with the
    attention mask, as transformers reads padding) and the prefetcher gathers them on a worker
    thread (on CUDA, its side stream) while the layers before each PLE layer run; the layer's
    lookup then takes them instead of reading its table. A hook that replaces the rows is
    served by the table, as without a prefetcher."""

    def __init__(
        self,
        hf: Qwen4ExpForCausalLM,
        cfg: Qwen4ExpBridgeConfig,
        tokenizer: Tokenizer | None = None,
        tables: dict[int, RowTable] | None = None,
    ):
        super().__init__()
        self.cfg, self.tokenizer = cfg, tokenizer
        self.addresser = Qwen4ExpAddresser(cfg.engram)
        self.ngram_segment_end = cfg.engram.eos_id  # end-of-text cuts n-gram history and fills before a sequence
        self.prefetcher: Prefetcher | None = None  # with one, forward gathers each PLE layer's rows ahead of it
        self._given_rows: dict[int, torch.Tensor] | None = None  # rows handed to forward(rows=...), or prefetched
        self._step: PrefetchStep | None = None  # the prefetcher's step for the forward running now
        self._fetched: dict[int, RowFetch] = {}  # {layer: its prefetched rows}, while its row ids pass unchanged
        # hook points first, so that named_modules (and so hook_dict) names them by our tree
        self.hook_embed = HookPoint()  # [B, T, d]
        self.blocks = nn.ModuleList(BlockHooks(cfg.hc_streams, layer in cfg.engram.layers) for layer in range(cfg.n_layers))
        self.ln_final = FinalHooks()
        self.hf = hf
        self._attach(tables or {})
        self.setup()

    # --- wiring hook points onto transformers' modules ---------------------------------------

    def _attach(self, tables: dict[int, RowTable]) -> None:
        text, m = self.hf.model, self.cfg.hc_streams
        text.embed_tokens.register_forward_hook(lambda mod, args, out: self.hook_embed(out))
        text.hyper_connection_mixer.register_forward_hook(lambda mod, args, out: self.ln_final.hook_normalized(out))
        for decoder, hooks in zip(text.layers, self.blocks):
            decoder.register_forward_pre_hook(partial(_hook_first_input, hooks.hook_resid_pre, m), with_kwargs=True)
            decoder.register_forward_hook(lambda mod, args, out, hp=hooks.hook_resid_post: from_streams(hp(to_streams(out, m))))
            mixer = decoder.linear_attn if decoder.layer_type == "linear_attention" else decoder.self_attn
            mixer.register_forward_hook(partial(_hook_first_output, hooks.hook_attn_out))
            middle = partial(_hook_first_input, hooks.hook_resid_mid, m)  # the MoE's hyper-connection reads the middle state
            decoder.mlp_hyper_connection.register_forward_pre_hook(middle, with_kwargs=True)
            decoder.mlp.register_forward_hook(lambda mod, args, out, hp=hooks.hook_mlp_out: hp(out))
        for layer, ple in ADAPTER.engram_modules(self.hf).items():
            hooks, embedding = self.blocks[layer].engram, ple.ple_embedding
            if layer in tables:
                embedding.ngram_embedding = TierRows(tables[layer], ple.key_proj.weight.dtype)
            lookup = embedding.ngram_embedding
            # what a Prefetcher reads: the table as a RowTable, and each head's first flat row
            hooks.table = lookup.table if isinstance(lookup, TierRows) else EmbeddingRows(lookup)
            hooks.register_buffer("offsets", embedding.ngram_heads_offsets.detach().clone(), persistent=False)
            lookup.register_forward_pre_hook(partial(self._rows_hook, layer, embedding))
            lookup.forward = partial(self._lookup, layer, lookup, lookup.forward)
            ple.forward = partial(hooks.forward_through, ple)

    def _rows_hook(self, layer: int, embedding: nn.Module, module: nn.Module, args: tuple) -> tuple:
        """Before the table lookup: transformers' flat ids as per-head rows through hook_rows
        (or the rows handed to forward, or prefetched), then back to flat ids. Prefetched rows
        that leave hook_rows unchanged (the same tensor) are served by their fetch."""
        offsets = embedding.ngram_heads_offsets.to(args[0].device)  # [H]
        rows = args[0] - offsets  # [B, T, H]
        if self._given_rows is not None:
            rows = self._given_rows[layer].to(rows.device)
        given = rows
        rows = self.blocks[layer].engram.hook_rows(rows)
        self._fetched.pop(layer, None)
        if self._step is not None and rows is given and given is self._step.rows.get(layer):
            self._fetched[layer] = self._step.fetches[layer]
        return (rows + offsets,)

    def _lookup(self, layer: int, lookup: nn.Module, read, flat_rows: torch.Tensor) -> torch.Tensor:
        """The table lookup (transformers' `nn.Embedding`, or `TierRows`): the prefetched rows
        when this layer's are ready, else the lookup's own read. `[B, T, H]` -> `[B, T, H, head_dim]`."""
        fetch = self._fetched.pop(layer, None)
        if fetch is None:
            return read(flat_rows)
        weight = lookup.weight  # cast as the lookup itself would
        return fetch.wait().to(weight.device, weight.dtype)

    # --- forward -----------------------------------------------------------------------------

    @property
    def device(self) -> torch.device:
        return self.hf.model.embed_tokens.weight.device

    def forward(
        self,
        input: torch.Tensor | str | list[str],
        return_type: str | None = "logits",
        attention_mask: torch.Tensor | None = None,
        rows: dict[int, torch.Tensor] | None = None,
        stop_at_layer: int | None = None,
    ):
        """input: token ids `[B, T]` or text; attention_mask `[B, T]` marks real tokens.
        return_type: "logits", "loss", "both" or None. `rows` {layer: `[B, T, H]`} replaces the
        row ids transformers computes (a chunk's n-grams continuing from its history, say).
        `stop_at_layer=n` runs decoder layers 0..n-1 and returns their streams `[B, M, T, d]`."""
        if return_type not in ("logits", "loss", "both", None):
            raise ValueError(f"return_type={return_type!r}; use 'logits', 'loss', 'both' or None")
        if stop_at_layer is not None and not 0 <= stop_at_layer <= self.cfg.n_layers:
            raise ValueError(f"stop_at_layer={stop_at_layer!r} must lie in [0, n_layers={self.cfg.n_layers}]")
        tokens, attention_mask = token_input(self, input, attention_mask)
        mask = None if attention_mask is None else attention_mask.long()  # transformers' 0/1 convention
        step = None
        if rows is None and self.prefetcher is not None:  # every PLE layer's rows start moving now, before layer 0
            host_mask = None if attention_mask is None else attention_mask.cpu().numpy()
            step = self.prefetcher.issue_rows(self.addresser.rows(input.cpu().numpy(), attention_mask=host_mask))
            rows = step.rows
        with self._rows_given(rows), self._prefetched(step), self._stopping_at(stop_at_layer):
            try:
                logits = self.hf(input_ids=tokens, attention_mask=mask, use_cache=False).logits  # [B, T, vocab]
            except _StopForward as stop:
                return to_streams(stop.hidden, self.cfg.hc_streams)
        if return_type == "logits":
            return logits
        token_mask = None if mask is None else mask.bool()
        if return_type == "loss":
            return EngramLM.next_token_loss(logits, tokens, token_mask)
        if return_type == "both":
            return logits, EngramLM.next_token_loss(logits, tokens, token_mask)
        return None

    @contextmanager
    def _rows_given(self, rows: dict[int, torch.Tensor] | None):
        if rows is not None and sorted(rows) != sorted(self.cfg.engram.layers):
            raise ValueError(f"rows are given for layers {sorted(rows)}; the PLE layers are {list(self.cfg.engram.layers)}")
        self._given_rows = rows
        try:
            yield
        finally:
            self._given_rows = None

    @contextmanager
    def _prefetched(self, step: PrefetchStep | None):
        self._step, self._fetched = step, {}
        try:
            yield
        finally:
            self._step, self._fetched = None, {}

    @contextmanager
    def _stopping_at(self, layer: int | None):
        if layer is None:
            yield
            return
        text = self.hf.model
        # the input of layer n is the output of layer n-1; after the last, the mixer's input
        target = text.layers[layer] if layer < self.cfg.n_layers else text.hyper_connection_mixer

        def stop(module, args, kwargs):
            raise _StopForward(args[0] if args else kwargs["hidden_states"])

        handle = target.register_forward_pre_hook(stop, with_kwargs=True, prepend=True)  # before that layer's own hooks
        try:
            yield
        finally:
            handle.remove()

    def run_with_cache(self, *model_args, **kwargs):
        """As TransformerLens: `(output, ActivationCache)`; names_filter etc. pass through."""
        out, cache_dict = super().run_with_cache(*model_args, **kwargs)
        return out, ActivationCache(cache_dict, self, has_batch_dim=not kwargs.get("remove_batch_dim", False))

    # --- the final step, as probes read it (EngramLM has the same two) -----------------------

    def final_normalized(self, streams: torch.Tensor) -> torch.Tensor:
        """Streams `[B, M, T, d]` after the last decoder layer (`stop_at_layer=n_layers`) as
        `unembed` reads them, `[B, T, d]`: transformers' `hyper_connection_mixer` (it norms and
        mixes the streams one by one, so their sum would not do), through `ln_final.hook_normalized`."""
        return self.hf.model.hyper_connection_mixer(from_streams(streams))

    @property
    def unembed(self) -> nn.Module:
        """transformers' `lm_head`: `[..., d]` -> logits `[..., vocab]`."""
        return self.hf.lm_head

    # --- addressing and text -----------------------------------------------------------------

    def engram_rows_numpy(self, tokens: torch.Tensor, *, history: list[list[int]] | None = None) -> dict[int, np.ndarray]:
        """Per-head row ids `{layer: [B, T, H]}` of raw ids; `history`: per row, the ids just
        before `tokens[:, 0]` (the last N-1 are read; fewer mean the row starts its document)."""
        tokens = tokens.cpu().numpy()
        past = None
        if history is not None:
            if len(history) != len(tokens):
                raise ValueError(f"history has {len(history)} rows for a batch of {len(tokens)}: give one list of ids per row")
            n_back = self.addresser.history_length
            past = self.addresser.empty_history(len(tokens))
            for b, before in enumerate(history):
                before = list(before)[-n_back:] if n_back else []
                past[b, n_back - len(before) :] = before
        return self.addresser.rows(tokens, past)

    def engram_rows(self, tokens: torch.Tensor, *, history: list[list[int]] | None = None) -> dict[int, torch.Tensor]:
        """As `engram_rows_numpy`, as tensors on the model's device."""
        rows = self.engram_rows_numpy(tokens, history=history)
        return {layer: torch.from_numpy(r).to(self.device) for layer, r in rows.items()}

    @property
    def pad_token_id(self) -> int:
        return self.cfg.pad_id

    def to_tokens(self, text: str | list[str], prepend_bos: bool = False, return_mask: bool = False):
        """Token ids `[B, T]`, right-padded with the pad id (and the mask of real tokens). Qwen
        prepends nothing; `prepend_bos` is accepted for TransformerLens's signature only."""
        if self.tokenizer is None:
            raise CheckpointError(
                f"this model has no tokenizer: its checkpoint has no {TOKENIZER}; put the model's {TOKENIZER} beside its "
                "config.json, or load it with tokenizer=..."
            )
        texts = [text] if isinstance(text, str) else list(text)
        encoded = [self.tokenizer.encode(t, add_special_tokens=False).ids for t in texts]
        length = max(1, max(map(len, encoded)))
        tokens = torch.tensor([ids + [self.pad_token_id] * (length - len(ids)) for ids in encoded], dtype=torch.long)
        mask = torch.tensor([[True] * len(ids) + [False] * (length - len(ids)) for ids in encoded])
        return (tokens, mask) if return_mask else tokens

    def to_str_tokens(self, input: str | torch.Tensor) -> list[str]:
        ids = self.to_tokens(input)[0] if isinstance(input, str) else torch.as_tensor(input).flatten()
        return [self.tokenizer.decode([int(i)], skip_special_tokens=False) for i in ids]


def _hook_first_input(hook: HookPoint, n_streams: int, module, args: tuple, kwargs: dict):
    """Forward pre-hook: the hc-wide hidden state (first argument) through `hook` as streams."""
    if args:
        return (from_streams(hook(to_streams(args[0], n_streams))), *args[1:]), kwargs
    kwargs["hidden_states"] = from_streams(hook(to_streams(kwargs["hidden_states"], n_streams)))
    return args, kwargs


def _hook_first_output(hook: HookPoint, module, args: tuple, output):
    """Forward hook: a token mixer's output (a tensor, or attention's (output, weights)) through `hook`."""
    if isinstance(output, tuple):
        return (hook(output[0]), *output[1:])
    return hook(output)


# --- loading -----------------------------------------------------------------------------


class _Qwen4ExpWithoutTables(Qwen4ExpForCausalLM):
    """transformers' model, loaded with its n-gram tables left on the meta device (`SKIP_TABLES`
    keeps their tensors out of the load): a tier serves their rows, and a 95 GiB table is
    neither read nor allocated and initialised as a missing weight. (The one override is of
    the step of `from_pretrained` that materialises missing weights.)"""

    def _move_missing_keys_from_meta_to_device(self, missing_keys, *args, **kwargs):
        kept = {key for key in missing_keys if not key.endswith("ngram_embedding.weight")}
        return super()._move_missing_keys_from_meta_to_device(kept, *args, **kwargs)


# transformers applies its checkpoint conversions (the multimodal prefix, the table's parts)
# only to its own classes and to names registered with it: this subclass converts as its parent
register_checkpoint_conversion_mapping(_Qwen4ExpWithoutTables.__name__, get_checkpoint_conversion_mapping("qwen4_exp_text"))


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split())


class Qwen4ExpAdapter(BridgeAdapter):
    model_types = MODEL_TYPES

    def read_config(self, directory: Path) -> tuple[Qwen4ExpTextConfig, Qwen4ExpBridgeConfig]:
        """transformers' text config and our view of it. Before transformers sees a key, the
        file is read with bounds and every key it or we read is checked, compared and its sizes
        bounded (`bridges.validation`); remote code and quantized weights are refused."""
        path = directory / CONFIG
        data = read_json_file(path, MAX_CONFIG_BYTES, "download the checkpoint's config.json again", CheckpointError)
        if not isinstance(data, dict):
            raise CheckpointError(f"{path} holds a JSON {type(data).__name__}, not an object of keys; download it again")
        model_type = data.get("model_type")
        if model_type not in MODEL_TYPES:
            raise CheckpointError(
                f"{path} has model_type {short(model_type)}, not a Qwen4-Exp checkpoint ({' or '.join(MODEL_TYPES)}); "
                "open it with load_model, which picks the loader for its type"
            )
        refuse_code_and_quantization(data, path)
        # `where` prefixes a key's name in messages: the text model's keys of a multimodal config are under text_config
        text, where = (data.get("text_config"), "text_config.") if model_type == "qwen4_exp" else (data, "")
        if not isinstance(text, dict):
            raise CheckpointError(
                f"{path} has no text_config object: a qwen4_exp (multimodal) config keeps its language model's keys there"
            )
        if "ple_layer_ids" not in text:
            raise CheckpointError(
                f"{path}: {where.rstrip('.') or 'the config'} has no 'ple_layer_ids': Qwen4-Exp lists its PLE (Engram) "
                "layers there, one-indexed; add the key from the model's published config"
            )
        if not text["ple_layer_ids"]:
            raise CheckpointError(
                f"{path}: {where}ple_layer_ids={short(text['ple_layer_ids'])}, no PLE (Engram) layers, so there are no gates "
                "to hook; load it with transformers directly"
            )
        check_weight_dtype(data, path)
        check_qwen4_exp_text(text, TEXT_CONFIG_DEFAULTS, path, where)
        try:
            if model_type == "qwen4_exp":
                config = Qwen4ExpConfig.from_dict(data).text_config
            else:
                config = Qwen4ExpTextConfig.from_dict(data)
            return config, Qwen4ExpBridgeConfig.from_text_config(config)
        except (ValueError, TypeError, StrictDataclassError) as err:
            raise CheckpointError(f"{path} is not a valid Qwen4-Exp config: {_one_line(err)}") from err

    def engram_modules(self, hf_model: nn.Module) -> dict[int, nn.Module]:
        return {layer: decoder.ple for layer, decoder in enumerate(hf_model.model.layers) if decoder.ple is not None}

    def addresser(self, cfg: Qwen4ExpBridgeConfig) -> Qwen4ExpAddresser:
        return Qwen4ExpAddresser(cfg.engram)

    def table_addressing(self, directory: Path, name: str) -> TableAddressing:
        """The addressing from config.json, tokenizer.json and the shards' headers: the table's
        dtype as stored sets the row bytes; no weight is read."""
        directory = Path(directory)
        _, cfg = self.read_config(directory)
        source, parts = self._table_parts(directory, cfg)
        addresser = self.addresser(cfg)
        codec = source.entries[parts[cfg.engram.layers[0]][0]].codec
        return TableAddressing(
            name=name,
            addresser=addresser,
            row_format=codec.name,
            row_bytes=codec.row_bytes,
            stored_rows=dict(addresser.num_rows),
            tokenizer=_checked_tokenizer(directory, None, cfg),
        )

    def _table_parts(self, directory: Path, cfg: Qwen4ExpBridgeConfig) -> tuple[SafetensorsRows, dict[int, list[str]]]:
        """Each PLE layer's table part tensors, from the shards' headers, checked against the
        addressing (rows and width)."""
        index, weight_map = weight_files(directory)
        parts = table_parts(weight_map)
        addresser = self.addresser(cfg)
        try:
            source = SafetensorsRows(index, {name: directory / weight_map[name] for names in parts.values() for name in names})
        except TableError as err:
            raise CheckpointError(str(err)) from err
        for layer in cfg.engram.layers:
            names = parts.get(layer)
            if not names:
                raise CheckpointError(
                    f"{index} holds no n-gram table for PLE layer {layer} (layers.{layer}.ple.ple_embedding.ngram_embedding): "
                    "the checkpoint is incomplete; download it again"
                )
            entries = [source.entries[name] for name in names]
            got = (sum(e.num_rows for e in entries), {e.codec.row_dim for e in entries})
            expected = (addresser.num_rows[layer], {cfg.engram.head_dim})
            if got != expected:
                raise CheckpointError(
                    f"{index}: layer {layer}'s n-gram table is {got[0]} rows of width {sorted(got[1])} over {len(names)} parts; "
                    f"config.json's PLE keys address {expected[0]} rows of {cfg.engram.head_dim}: table and config disagree"
                )
        return source, parts

    def open_tables(self, directory: Path, cfg: Qwen4ExpBridgeConfig, options: TierOptions, device) -> dict[int, RowTable]:
        """Each PLE layer's table in the `host` or `mmap` tier, read from its part tensors where
        the shards hold them, after checking their rows and width against the addressing."""
        source, parts = self._table_parts(directory, cfg)
        tables = {}
        for layer in cfg.engram.layers:
            names = parts[layer]
            if options.tier == "host":
                tables[layer] = _host_table(source, names, device)
            elif options.reader == "pread":
                tables[layer] = PartedTable([PreadTable(source, name, "cpu", io_threads=1) for name in names], device)
            else:  # one mapping per part; the parts are read one after the other
                tables[layer] = PartedTable([MmapTable(source, name, "cpu", io_threads=1) for name in names], device)
        return with_cache(tables, options)

    def load(self, directory, device="cpu", tokenizer=None, tier="resident", verify=True, dtype=None) -> Qwen4ExpBridge:
        """The checkpoint as a `Qwen4ExpBridge`. `tier`: `resident` keeps transformers' own table
        (loaded by `from_pretrained`); `host` and `mmap` serve it from the shards; `prefetch`
        gives the model a `Prefetcher` (close it with `model.prefetcher.close()`). `dtype`:
        the backbone's (a torch dtype or its name; default: the checkpoint's); a tier's rows are
        cast to it as they arrive. Every shard's header is checked first (its layout, floating-point
        dtypes, the config's layers: `check_weights`); `verify` also checks every loaded weight for
        NaN and infinite values (no manifest or hashes here).

        `device`: the backbone goes there whole when it fits; on a GPU it does not fit
        (`backbone_placement`), transformers spreads it over the GPUs and CPU memory
        (`device_map="auto"`), and a `host` or `mmap` table still serves its rows from its
        tier. transformers' console output, loading and every forward, is held back and said in
        our words where it matters (`quiet_transformers`)."""
        directory = Path(directory)
        options = TierOptions.of(tier)
        text_config, cfg = self.read_config(directory)
        tokenizer = _checked_tokenizer(directory, tokenizer, cfg)
        index, weight_map = weight_files(directory)
        check_weights(directory, weight_map, cfg.n_layers)
        tables = self.open_tables(directory, cfg, options, device) if options.tier != "resident" else {}
        dtype = getattr(torch, dtype) if isinstance(dtype, str) else dtype  # "bfloat16", as transformers reads it
        device_map = backbone_placement(directory, weight_map, device, dtype, with_tables=not tables)
        with quiet_transformers(device):
            hf = _from_pretrained(directory, text_config, skip_tables=bool(tables), dtype=dtype, device_map=device_map)
        if verify:
            check_finite(hf, directory)
        model = Qwen4ExpBridge(hf, cfg, tokenizer, tables)
        if device_map is None:
            model = model.to(device)
        else:  # transformers placed the backbone: a tier's rows go to the device each PLE layer runs on
            for layer, ple in self.engram_modules(hf).items():
                if isinstance(ple.ple_embedding.ngram_embedding, TierRows):
                    ple.ple_embedding.ngram_embedding.to(_runs_on(hf.hf_device_map, f"model.layers.{layer}.ple", device))
        # the kernel fall-back warnings come at the first forward: every forward is quieted as loading is
        hf.forward = _quieted(hf.forward, device)
        model.eval()
        if options.prefetch:  # after .to(device): on CUDA its side stream belongs to the model's device
            model.prefetcher = Prefetcher(model)
        return model


ADAPTER = Qwen4ExpAdapter()


def load_qwen4_exp(directory, device="cpu", tokenizer=None, tier="resident", verify=True, dtype=None) -> Qwen4ExpBridge:
    """A Qwen4-Exp transformers checkpoint directory as a hooked model (`Qwen4ExpAdapter.load`)."""
    return ADAPTER.load(directory, device, tokenizer, tier, verify, dtype)


def weight_files(directory: Path) -> tuple[Path, dict[str, str]]:
    """(the file that names the weights, {tensor: shard file}), every shard checked present."""
    index = directory / INDEX
    if os.path.lexists(index):
        try:
            weight_map = read_safetensors_index(index)
        except TableError as err:
            raise CheckpointError(str(err)) from err
        by_shard = defaultdict(list)
        for name, shard in weight_map.items():
            by_shard[shard].append(name)
        for shard, names in sorted(by_shard.items()):
            if not (directory / shard).is_file():
                raise CheckpointError(
                    f"{directory / shard} is missing: {index} puts {len(names)} tensors in it (e.g. {names[0]}); "
                    "download that shard again"
                )
        return index, weight_map
    single = directory / SINGLE_FILE
    if not os.path.lexists(single):
        raise CheckpointError(
            f"{directory} has neither {SINGLE_FILE} nor {INDEX}: it holds no weights; download them, or save_pretrained again"
        )
    try:
        header, _, _ = safetensors_header(single)
    except TableError as err:
        raise CheckpointError(str(err)) from err
    return single, dict.fromkeys(header, SINGLE_FILE)


def check_weights(directory: Path, weight_map: dict[str, str], n_layers: int) -> None:
    """Every shard's header checked (`safetensors_header`), every weight stored in a
    floating-point dtype (a model whose norms or projections are integers would load and compute
    nonsense) and the PLE hashing constants in I64, and the decoder layers the weights hold are config.json's `num_hidden_layers`:
    a config that disagrees is refused here, not after transformers built every layer."""
    layers = set()
    for shard in sorted(set(weight_map.values())):
        try:
            header, _, _ = safetensors_header(directory / shard)
        except TableError as err:
            raise CheckpointError(str(err)) from err
        for name, info in header.items():
            integer = INTEGER_TENSOR.search(name) is not None
            if info["dtype"].startswith(FLOATING_DTYPES) == integer or (integer and info["dtype"] != "I64"):
                expected = "I64, as Qwen4-Exp's PLE hashing constants are" if integer else "floating-point (BF16, F16, F32)"
                raise CheckpointError(
                    f"{directory / shard}: tensor {quoted_name(name)} is {info['dtype']}, but it must be {expected}: the file is "
                    "altered or not this model's; download it again"
                )
            layers.update(int(match[1]) for match in [DECODER_LAYER.search(name)] if match)
    if layers and layers != set(range(n_layers)):
        raise CheckpointError(
            f"{directory / CONFIG} has num_hidden_layers={n_layers}, but the weights hold decoder layers "
            f"{min(layers)}..{max(layers)} ({len(layers)} of them): the config and the weights are of different models"
        )


def table_parts(weight_map: dict[str, str]) -> dict[int, list[str]]:
    """{decoder layer: its n-gram table's tensor names, in row order} (`shard_{i}` by i)."""
    found: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for name in weight_map:
        match = TABLE_TENSOR.search(name)
        if match:
            found[int(match[1])].append((int(match[2] or 0), name))
    return {layer: [name for _, name in sorted(parts)] for layer, parts in found.items()}


def check_finite(hf: nn.Module, directory: Path) -> None:
    """Refuse a loaded model whose weights (tables in a tier aside: their rows are checked as
    they are gathered) hold NaN or infinite values, naming the first such tensor."""
    for name, tensor in [*hf.named_parameters(), *hf.named_buffers()]:
        if tensor.device.type == "meta":
            continue
        problem = describe_nonfinite(tensor.detach())
        if problem:
            raise CheckpointError(f"{directory}: weight {name} {problem}: the checkpoint is corrupt; download it again")


def _host_table(source: SafetensorsRows, names: list[str], device) -> HostTable:
    """Every part's rows, in order, in one array of encoded rows in CPU memory (pinned for CUDA)."""
    entries = [source.entries[name] for name in names]
    codec = entries[0].codec
    if any(e.codec != codec for e in entries):
        raise CheckpointError(f"{source.path}: the parts {names[0]}... of one n-gram table differ in dtype; save the model again")
    pin = torch.device(device).type == "cuda"
    raw = torch.empty((sum(e.num_rows for e in entries), codec.row_bytes), dtype=torch.uint8, pin_memory=pin)
    start = 0
    for name, entry in zip(names, entries):
        source.read_into(name, 0, raw[start : start + entry.num_rows].numpy())
        start += entry.num_rows
    return HostTable(raw, codec, device)


def _checked_tokenizer(directory: Path, tokenizer: Tokenizer | None, cfg: Qwen4ExpBridgeConfig) -> Tokenizer | None:
    """The given tokenizer, else the checkpoint's tokenizer.json (or none): its ids must fit
    the model's embedding, which may have up to VOCAB_PADDING rows more than it has ids."""
    where = "the given tokenizer"
    if tokenizer is None:
        path = directory / TOKENIZER
        if not os.path.lexists(path):  # a FIFO or a folder there is named by load_tokenizer
            return None
        try:
            tokenizer, where = load_tokenizer(path), str(path)
        except ValueError as err:
            raise CheckpointError(_one_line(err)) from err
    size = tokenizer.get_vocab_size(with_added_tokens=True)
    if not cfg.vocab_size - VOCAB_PADDING < size <= cfg.vocab_size:
        raise CheckpointError(
            f"{where} has {size} ids but {directory / CONFIG} has vocab_size={cfg.vocab_size}: it is not this model's tokenizer; "
            "use the tokenizer.json published with the checkpoint"
        )
    return tokenizer


def _from_pretrained(
    directory: Path, text_config: Qwen4ExpTextConfig, skip_tables: bool, dtype, device_map: str | None = None
) -> Qwen4ExpForCausalLM:
    """transformers' own loading, its weight renaming and table concatenation included; any
    weight missing or left over (other than a skipped table) is an error naming it."""
    cls, kwargs = (_Qwen4ExpWithoutTables, {"key_mapping": SKIP_TABLES}) if skip_tables else (Qwen4ExpForCausalLM, {})
    if device_map is not None:
        kwargs["device_map"] = device_map
    verbosity = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()  # its load report would list the skipped tables as missing
    try:
        hf, info = cls.from_pretrained(directory, config=text_config, dtype=dtype or "auto", output_loading_info=True, **kwargs)
    except (OSError, ValueError, RuntimeError) as err:
        raise CheckpointError(f"transformers could not load {directory}: {_one_line(err)}") from err
    finally:
        hf_logging.set_verbosity(verbosity)

    def skipped(key: str) -> bool:
        return skip_tables and (key.endswith("ngram_embedding.weight") or "ngram_embedding_in_tier." in key)

    missing = sorted(k for k in info["missing_keys"] if not skipped(k))
    unexpected = sorted(k for k in info["unexpected_keys"] if not skipped(k))
    if missing or unexpected or info["mismatched_keys"]:
        raise CheckpointError(
            f"{directory}'s weights do not fit its config.json: missing {missing[:5]}, unexpected {unexpected[:5]}, "
            f"mismatched {sorted(info['mismatched_keys'])[:5]}; download the checkpoint again"
        )
    return hf.eval()


# the share of a GPU's free memory the backbone's weights may fill when it goes there whole; the
# rest is for activations, the linear-attention and convolution states and CUDA's workspaces
FIT_SHARE = 0.85
SAFETENSORS_ITEM_BYTES = {"F64": 8, "I64": 8, "F32": 4, "I32": 4, "BF16": 2, "F16": 2, "I16": 2, "F8_E4M3": 1, "F8_E5M2": 1}


def weight_bytes(directory: Path, weight_map: dict[str, str], dtype: torch.dtype | None, with_tables: bool) -> int:
    """Bytes of the weights `from_pretrained` loads, from the shards' headers (nothing else is
    read): floating-point tensors at `dtype` (at their own dtype where it is None), the n-gram
    tables only `with_tables` (the resident tier; a host or mmap tier keeps them out)."""
    total = 0
    for shard in sorted(set(weight_map.values())):
        tensors, _, _ = safetensors_header(directory / shard)
        for name, info in tensors.items():
            if not with_tables and TABLE_TENSOR.search(name):
                continue
            floating = info["dtype"].startswith(("F", "BF"))
            item = dtype.itemsize if dtype is not None and floating else SAFETENSORS_ITEM_BYTES.get(info["dtype"], 1)
            total += math.prod(info["shape"]) * item
    return total


def backbone_placement(
    directory: Path, weight_map: dict[str, str], device, dtype: torch.dtype | None, with_tables: bool
) -> str | None:
    """How `load` places the backbone: None, whole on `device` (`.to(device)`); "auto",
    transformers' `device_map="auto"` (over every visible GPU, then CPU memory). "auto" only
    where `device` is a CUDA device whose free memory, times FIT_SHARE, holds less than the
    weights (`weight_bytes`): a CPU has no such limit worth planning for, and a backbone that
    fits runs fastest whole on one device."""
    device = torch.device(device)
    if device.type != "cuda":
        return None
    free, _ = torch.cuda.mem_get_info(device)
    return None if weight_bytes(directory, weight_map, dtype, with_tables) <= FIT_SHARE * free else "auto"


def _runs_on(device_map: dict[str, int | str], module: str, main_device) -> torch.device:
    """The device `module` computes on under transformers' `device_map`: the GPU its entry (the
    longest name that contains it) names; a module offloaded to "cpu" or "disk" runs on the
    main device, where accelerate brings its weights for each forward."""
    owner = max((name for name in device_map if name in ("", module) or module.startswith(name + ".")), key=len)
    placed = device_map[owner]
    if placed in ("cpu", "disk"):
        return torch.device(main_device)
    return torch.device("cuda", placed) if isinstance(placed, int) else torch.device(placed)


# what transformers logs when a kernel package is missing and its reference PyTorch code runs
KERNEL_FALLBACK = "is falling back to its reference PyTorch implementation"
SLOW_KERNELS = (
    "the CUDA kernels of Qwen4-Exp's linear attention and short convolution (flash-linear-attention, causal-conv1d) "
    "are not installed, so transformers runs their reference PyTorch code: correct, but several times slower; "
    "pip install flash-linear-attention causal-conv1d"
)
logger = logging.getLogger(__name__)
_said: set[str] = set()  # what has been said in this process, so each is said once


class _Collected(logging.Handler):
    """transformers' log records, kept instead of printed."""

    def __init__(self):
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def quiet_transformers(device="cpu"):
    """transformers' console output held back for the duration: its tqdm bars ("Loading weights",
    save_pretrained's shards) are not drawn, its log records (the load report, kernel fall-back
    warnings) are collected instead of printed, and what matters is said once, in our words, to
    this module's logger. Everything is restored after, so a notebook's own transformers calls
    print as before.

    What matters: a kernel fall-back on a CUDA `device` (the kernels are not installed, so the
    GPU runs the slow reference code, which the user can fix). On CPU it is said by nobody:
    those kernels exist only for GPUs, and the reference code is the CPU path."""
    library = hf_logging.get_logger()  # transformers' root logger, its stderr handler already attached
    collected = _Collected()
    handlers = library.handlers[:]
    library.handlers = [collected]
    previous_hook = hf_logging.set_tqdm_hook(lambda factory, args, kwargs: hf_logging.EmptyTqdm(*args, **kwargs))
    try:
        yield
    finally:
        hf_logging.set_tqdm_hook(previous_hook)
        library.handlers = handlers
        for record in collected.records:  # an error is the user's to see, as transformers words it
            if record.levelno >= logging.ERROR:
                library.handle(record)
        fell_back = any(KERNEL_FALLBACK in record.getMessage() for record in collected.records)
        if fell_back and torch.device(device).type == "cuda" and SLOW_KERNELS not in _said:
            _said.add(SLOW_KERNELS)
            logger.warning(SLOW_KERNELS)


def _quieted(forward, device):
    """`forward` run under `quiet_transformers(device)`."""

    @wraps(forward)
    def quiet_forward(*args, **kwargs):
        with quiet_transformers(device):
            return forward(*args, **kwargs)

    return quiet_forward
