"""Model configuration: frozen dataclasses, JSON round trip, named presets.

Every field that the Engram spec fixes is a field here; where the paper and the reference demo
disagree (signed square root on the gate, zero-initialised short conv) the choice is a field
and the preset names which one it follows.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import numbers
import os
import re
import reprlib
import stat
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Union

import numpy as np

from .addressing import table_primes


class ConfigError(ValueError):
    """A configuration that cannot describe a model; the message names the field."""


# --- typed, bounded fields --------------------------------------------------------------------
# Every config dataclass checks its fields in __post_init__ with one checker driven by the
# fields' annotations: `int` is a whole number (not 6.0, "4" or true), `float` a finite number,
# `bool` a JSON boolean (not "false"), `tuple[T, ...]` a list of T, `X | None` X or null, a
# dataclass an instance of it; `Annotated[T, Range(...)]` adds bounds. Values are normalised
# (numpy ints become int, ints in float fields float, lists tuples), so a checked config
# round-trips through JSON unchanged. Sizes are then bounded by the bytes they would allocate.

MAX_ALLOCATION_BYTES = 2**40  # one tensor or buffer (1 TiB): an embedding, a layer's table, a layer's experts
MAX_MODEL_BYTES = 2**43  # everything a model holds together (8 TiB; DeepSeek-V4.1-Flash in fp32 is about 3.4 TB)
MAX_LAYERS = 4096
MAX_VOCAB = 2**31 - 1  # token ids are int32 on the wire


@dataclass(frozen=True)
class Range:
    """Bounds of a number: `min`/`max` inclusive, `above`/`below` exclusive."""

    min: float | None = None
    max: float | None = None
    above: float | None = None
    below: float | None = None

    def holds(self, value: float) -> bool:
        return (
            (self.min is None or value >= self.min)
            and (self.max is None or value <= self.max)
            and (self.above is None or value > self.above)
            and (self.below is None or value < self.below)
        )

    def describe(self) -> str:
        low = f">= {_number(self.min)}" if self.min is not None else f"> {_number(self.above)}" if self.above is not None else ""
        high = f"<= {_number(self.max)}" if self.max is not None else f"< {_number(self.below)}" if self.below is not None else ""
        return " and ".join(part for part in (low, high) if part)


def _number(bound: float) -> str:
    """A bound as a message writes it: 2**40 rather than 1099511627776."""
    if isinstance(bound, int) and abs(bound) >= 2**20:
        for offset, suffix in ((0, ""), (1, " - 1")):
            if (bound + offset) & (bound + offset - 1) == 0:
                return f"2**{(bound + offset).bit_length() - 1}{suffix}"
    return f"{bound:g}" if isinstance(bound, float) else str(bound)


_short_repr = reprlib.Repr()
_short_repr.maxstring, _short_repr.maxother, _short_repr.maxlevel, _short_repr.maxlist = 40, 40, 3, 4


def short(value: Any) -> str:
    """A value as a message shows it: JSON-like, cut short (a config nested 100k deep, or a
    megabyte string, must not become the message)."""
    if value is True or value is False or value is None:
        return json.dumps(value)
    return _short_repr.repr(value)


def quoted_name(name: Any) -> str:
    """A name read from a file (a tensor's, a key's) as a message shows it: whole, unless it is
    longer than any real name (or not a string), then cut short."""
    return repr(name) if isinstance(name, str) and len(name) <= 256 else short(name)


def _kind(hint: Any) -> str:
    """What a value of `hint` is, in words."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        ranges = [a.describe() for a in args[1:] if isinstance(a, Range) and a.describe()]
        return _kind(args[0]) + (f" {' and '.join(ranges)}" if ranges else "")
    if origin in (Union, types.UnionType):
        return " or ".join("null" if a is type(None) else _kind(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a list of {_plural(_kind(args[0]))}"
        return f"a list of {len(args)} numbers ({', '.join(_kind(a) for a in args)})"
    names = {bool: "true or false", int: "a whole number", float: "a finite number", str: "a string"}
    if hint in names:
        return names[hint]
    return f"a {getattr(hint, '__name__', hint)}"


def _plural(kind: str) -> str:
    return kind.replace("a whole number", "whole numbers", 1).replace("a finite number", "finite numbers", 1)


def _type_name(value: Any) -> str:
    return {bool: "boolean", str: "string", list: "list", dict: "object", type(None): "null"}.get(
        type(value), type(value).__name__
    )


def check_value(name: str, value: Any, hint: Any, error: type[Exception] = ConfigError, _described: Any = None) -> Any:
    """`value` checked against the annotation `hint` and normalised, or `error` naming `name`,
    what it holds and what it must be."""

    def refuse(fix: str = "") -> typing.NoReturn:
        raise error(f"{name}={short(value)} ({_type_name(value)}) must be {_kind(_described or hint)}{fix}")

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        value = check_value(name, value, args[0], error, _described or hint)
        for bound in args[1:]:
            if isinstance(bound, Range) and not bound.holds(value):
                raise error(f"{name}={short(value)} must be {bound.describe()}")
        return value
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if value is None or len(inner) != 1:
            refuse()
        return check_value(name, value, inner[0], error, _described or hint)
    if origin is tuple:
        if isinstance(value, np.ndarray) and value.ndim == 1:
            value = value.tolist()
        if not isinstance(value, (list, tuple)):
            refuse()
        hints = [args[0]] * len(value) if len(args) == 2 and args[1] is Ellipsis else list(args)
        if len(hints) != len(value):
            refuse(f", got {len(value)} of them")
        return tuple(check_value(f"{name}[{i}]", v, h, error) for i, (v, h) in enumerate(zip(value, hints)))
    if hint is bool:
        if isinstance(value, (bool, np.bool_)):  # numpy's bool too
            return bool(value)
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            refuse(f"; write {value.strip().lower()} without quotes")
        refuse()
    if hint is int:
        if isinstance(value, numbers.Integral) and not isinstance(value, bool):
            return int(value)
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            refuse(f"; write {int(value)}")
        if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
            refuse(f"; write {int(value)} without quotes")
        refuse()
    if hint is float:
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            if not math.isfinite(value):
                raise error(f"{name}={short(value)} must be a finite number")
            return float(value)
        refuse()
    if hint is str:
        if isinstance(value, str):
            return value
        refuse()
    if dataclasses.is_dataclass(hint):
        if isinstance(value, hint):
            return value
        refuse(f"; build it with {hint.__name__}(...) or from JSON with ModelConfig.from_dict")
    return value  # annotations the checker does not describe (Mapping, Any) are taken as they are


@functools.cache
def _field_hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def check_fields(config: Any, prefix: str = "", error: type[Exception] = ConfigError) -> None:
    """Check (and normalise, in place) every field of the frozen dataclass `config`."""
    hints = _field_hints(type(config))
    for f in dataclasses.fields(config):
        value = check_value(prefix + f.name, getattr(config, f.name), hints[f.name], error)
        object.__setattr__(config, f.name, value)


def field_hint(cls: type, name: str) -> Any:
    """The annotation of field `name` of `cls` (bounds included)."""
    return _field_hints(cls)[name]


def format_bytes(nbytes: int) -> str:
    """Bytes as a message shows them: exact, and in the largest binary unit that fits."""
    unit = max(i for i in range(6) if i == 0 or nbytes >= 1024**i)
    return f"{nbytes:,} bytes" + (f" ({nbytes / 1024**unit:,.1f} {'KMGTP'[unit - 1]}iB)" if unit else "")


class Allocation(typing.NamedTuple):
    """A tensor or buffer a config asks for: the keys that size it (the first is the one to
    lower), its bytes, what it is, and how many of it a model holds."""

    keys: dict[str, Any]
    nbytes: int
    what: str
    count: int = 1

    def sizing(self) -> str:
        return " and ".join(f"{key}={short(value)}" for key, value in self.keys.items())


def check_bytes(allocations: list[Allocation], limit: int, error: type[Exception] = ConfigError) -> None:
    """Refuse the first allocation whose bytes exceed `limit`, naming its keys, what it would
    allocate and how much, before anything is allocated."""
    for item in allocations:
        if item.nbytes > limit:
            raise error(
                f"{item.sizing()} would need {item.what} of {format_bytes(item.nbytes)}, more than the {format_bytes(limit)} a "
                f"config may ask for; lower {' or '.join(item.keys)}"
            )


def check_total_bytes(allocations: list[Allocation], limit: int, error: type[Exception] = ConfigError) -> None:
    """Refuse allocations whose bytes together (each times its count) exceed `limit`, naming
    the one that takes the most, before anything is allocated."""
    total = sum(item.nbytes * item.count for item in allocations)
    if total > limit:
        most = max(allocations, key=lambda item: item.nbytes * item.count)
        raise error(
            f"this config's parameters and buffers would take {format_bytes(total)} in all, more than the "
            f"{format_bytes(limit)} a config may ask for; the most goes to {most.count} x {most.what} "
            f"({most.sizing()}): lower it"
        )


@dataclass(frozen=True)
class EngramConfig:
    """Geometry and variant of the Engram modules (spec §2-§3)."""

    # 0-indexed blocks that get an Engram module, in configured order
    layers: tuple[Annotated[int, Range(0, MAX_LAYERS - 1)], ...]
    # V' of spec §1; a checkpoint refuses a tokenizer that yields another
    compressed_vocab_size: Annotated[int, Range(1, MAX_VOCAB)]
    table_base_sizes: tuple[Annotated[int, Range(2)], ...]  # one base row count per order n = 2..N (bounded by bytes)
    max_ngram: Annotated[int, Range(2, 32)] = 3  # N
    heads_per_order: Annotated[int, Range(1, 1024)] = 8  # K
    head_dim: Annotated[int, Range(1, 2**16)] = 64  # width of one head's row; d_mem = (N-1) * K * head_dim
    pad_id: Annotated[int, Range(0, MAX_VOCAB)] = 2  # raw pad id, pushed through the compression map for left fill
    # the pad id after compression, which fills the n-gram history before a sequence's first
    # token; None: not known without the tokenizer (configure_for_tokenizer records it)
    compressed_pad_id: Annotated[int, Range(0, MAX_VOCAB)] | None = None
    seed: Annotated[int, Range(0, 2**63 - 1)] = 0
    fused_kv: bool = False  # V4.1: one bias-free `wkv`; demo/paper: W_K per branch, W_V with bias
    short_conv: bool = True  # paper and demo; V4.1 has none
    conv_kernel: Annotated[int, Range(1, 1024)] = 4
    conv_zero_init: bool = False  # the paper zero-initialises the conv, the demo does not
    gate_signed_sqrt: bool = True  # demo and V4.1; the paper's equation omits it
    # RMSNorm epsilons of the gate's query/key norms and of the conv's norms; None: the model's
    # norm_eps (V4.1). The demo uses PyTorch's default (finfo(float32).eps) and 1e-5.
    gate_norm_eps: Annotated[float, Range(above=0, max=1)] | None = None
    conv_norm_eps: Annotated[float, Range(above=0, max=1)] | None = None

    @property
    def orders(self) -> range:
        return range(2, self.max_ngram + 1)

    @property
    def n_heads(self) -> int:
        """Hash heads per layer: (N-1) * K."""
        return (self.max_ngram - 1) * self.heads_per_order

    @property
    def memory_dim(self) -> int:
        """d_mem, the width of the concatenated head rows e_t."""
        return self.n_heads * self.head_dim

    @property
    def table_bytes(self) -> int:
        """About what one layer's table takes as fp32 (rows are primes at or just above the bases)."""
        return sum(self.table_base_sizes) * self.heads_per_order * self.head_dim * 4

    def __post_init__(self) -> None:
        check_fields(self, "engram.")
        if not self.layers:
            raise ConfigError("engram.layers is empty: list the 0-indexed blocks that get Engram, or set engram to null")
        if len(set(self.layers)) != len(self.layers) or min(self.layers) < 0:
            raise ConfigError(f"engram.layers={list(self.layers)} must be distinct non-negative block indices")
        if len(self.table_base_sizes) != self.max_ngram - 1:
            raise ConfigError(
                f"engram.table_base_sizes has {len(self.table_base_sizes)} entries; "
                f"max_ngram={self.max_ngram} needs one per order 2..{self.max_ngram}"
            )
        if self.compressed_pad_id is not None and not 0 <= self.compressed_pad_id < self.compressed_vocab_size:
            raise ConfigError(
                f"engram.compressed_pad_id={self.compressed_pad_id} is not a compressed id below "
                f"compressed_vocab_size={self.compressed_vocab_size}"
            )
        table = Allocation({"engram.table_base_sizes": list(self.table_base_sizes)}, self.table_bytes, "one layer's table (fp32)")
        check_bytes([table], MAX_ALLOCATION_BYTES)
        every = f"the tables of {len(self.layers)} layers (fp32)"
        check_bytes([table._replace(nbytes=self.table_bytes * len(self.layers), what=every)], MAX_MODEL_BYTES)


@dataclass(frozen=True)
class MoEConfig:
    """Shared + routed top-k experts (DeepSeekMoE style)."""

    n_routed: Annotated[int, Range(1, 2**16)]
    top_k: Annotated[int, Range(1, 2**16)]
    d_expert: Annotated[int, Range(1, 2**20)]
    n_shared: Annotated[int, Range(0, 1024)] = 1

    def __post_init__(self) -> None:
        check_fields(self, "moe.")
        if not 1 <= self.top_k <= self.n_routed:
            raise ConfigError(f"moe.top_k={self.top_k} must be between 1 and moe.n_routed={self.n_routed}")


@dataclass(frozen=True)
class ModelConfig:
    """A decoder-only transformer, optionally with MoE FFNs, hyper-connections and Engram."""

    vocab_size: Annotated[int, Range(1, MAX_VOCAB)]
    d_model: Annotated[int, Range(1, 2**20)]
    n_layers: Annotated[int, Range(1, MAX_LAYERS)]
    n_heads: Annotated[int, Range(1, 2**14)]
    n_kv_heads: Annotated[int, Range(1, 2**14)]
    d_ff: Annotated[int, Range(1, 2**24)]  # SwiGLU hidden width of the dense FFN layers
    d_head: Annotated[int, Range(0, 2**16)] = 0  # 0 means d_model // n_heads
    moe: MoEConfig | None = None
    first_dense_layers: Annotated[int, Range(0, MAX_LAYERS)] = 0  # with moe set, blocks below this index keep a dense FFN
    hc_streams: Annotated[int, Range(1, 64)] = 1  # M residual streams (hyper-connections); 1 is a plain residual
    rope_theta: Annotated[float, Range(above=0)] = 10000.0
    max_seq_len: Annotated[int, Range(1, 2**40)] = 2048  # bounded further by the bytes of its rotary tables
    norm_eps: Annotated[float, Range(above=0, max=1)] = 1e-6
    tie_embeddings: bool = False
    init_std: Annotated[float, Range(above=0, max=10)] = 0.02
    engram: EngramConfig | None = None

    def __post_init__(self) -> None:
        check_fields(self)
        if self.d_head == 0:
            if self.d_model % self.n_heads:
                raise ConfigError(f"d_model={self.d_model} is not divisible by n_heads={self.n_heads}; set d_head")
            object.__setattr__(self, "d_head", self.d_model // self.n_heads)
        if self.n_heads % self.n_kv_heads:
            raise ConfigError(f"n_heads={self.n_heads} must be a multiple of n_kv_heads={self.n_kv_heads}")
        if self.d_head % 2:
            raise ConfigError(f"d_head={self.d_head} must be even for rotary embeddings")
        if self.engram is not None:
            beyond = [layer for layer in self.engram.layers if layer >= self.n_layers]
            if beyond:
                raise ConfigError(f"engram.layers {beyond} lie beyond n_layers={self.n_layers}")
            if self.engram.compressed_vocab_size > self.vocab_size:
                raise ConfigError(
                    f"engram.compressed_vocab_size={self.engram.compressed_vocab_size} exceeds vocab_size={self.vocab_size}"
                )
            if not 0 <= self.engram.pad_id < self.vocab_size:
                raise ConfigError(f"engram.pad_id={self.engram.pad_id} is not a token id below vocab_size={self.vocab_size}")
        allocations = self.allocations()
        check_bytes(allocations, MAX_ALLOCATION_BYTES)
        check_total_bytes(allocations, MAX_MODEL_BYTES)

    def allocations(self) -> list[Allocation]:
        """The largest tensors and buffers a model of this config allocates, in fp32: each is
        checked against `MAX_ALLOCATION_BYTES` and their sum against `MAX_MODEL_BYTES` before
        anything is built."""
        d, engram, moe, layers = self.d_model, self.engram, self.moe, self.n_layers
        moe_layers = sum(self.is_moe_layer(layer) for layer in range(layers))
        out = [
            Allocation(
                {"vocab_size": self.vocab_size, "d_model": d},
                self.vocab_size * d * 4,
                "the token embedding",
                1 if self.tie_embeddings else 2,  # and the unembedding
            ),
            Allocation(
                {"max_seq_len": self.max_seq_len, "d_head": self.d_head},
                self.max_seq_len * self.d_head * 8 * (1 + self.n_kv_heads),
                "one layer's rotary tables and one sequence's KV cache",
                layers,
            ),
            Allocation(
                {"n_heads": self.n_heads, "d_head": self.d_head, "d_model": d},
                2 * self.n_heads * self.d_head * d * 4,
                "one layer's query and output projections",
                layers,
            ),
            Allocation({"d_ff": self.d_ff, "d_model": d}, 3 * self.d_ff * d * 4, "one dense FFN", layers - moe_layers),
        ]
        if moe is not None:
            experts = 3 * (moe.n_routed + moe.n_shared) * moe.d_expert * d * 4
            keys = {"moe.n_routed": moe.n_routed, "moe.d_expert": moe.d_expert, "d_model": d}
            out.append(Allocation(keys, experts, "one layer's experts", moe_layers))
        if engram is not None:
            wkv = (self.hc_streams + 1) * d * engram.memory_dim * 4
            keys = {"engram.head_dim": engram.head_dim, "engram.heads_per_order": engram.heads_per_order, "d_model": d}
            out.append(Allocation(keys, wkv, "one Engram layer's key and value projections", len(engram.layers)))
            tables = {"engram.table_base_sizes": list(engram.table_base_sizes)}
            out.append(Allocation(tables, engram.table_bytes, "one layer's table", len(engram.layers)))
        return out

    def is_moe_layer(self, layer: int) -> bool:
        return self.moe is not None and layer >= self.first_dense_layers

    # --- JSON round trip -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ModelConfig:
        if not isinstance(data, dict):
            raise ConfigError(f"a model config must be a JSON object of fields, got {_type_name(data)}")
        data = dict(data)
        for key, sub_cls in (("moe", MoEConfig), ("engram", EngramConfig)):
            if data.get(key) is not None:
                data[key] = _build(sub_cls, data[key], prefix=f"{key}.")
        return _build(cls, data, prefix="")

    @classmethod
    def from_json(cls, text_or_path: str | Path) -> ModelConfig:
        text = Path(text_or_path).read_text() if isinstance(text_or_path, Path) else text_or_path
        return cls.from_dict(parse_json(text, "model config"))

    @classmethod
    def from_deepseek(cls, data: dict[str, Any]) -> ModelConfig:
        """A DeepSeek-V4.1 `config.json` (its own keys) as our config: see `DEEPSEEK_KEYS`.
        Every Engram key must be there; backbone keys our engine has no use for are ignored.
        Each key read is checked against the type and bounds of the field it becomes, and an
        error names DeepSeek's key."""
        if not isinstance(data, dict):
            raise ConfigError("a DeepSeek config.json must be a JSON object of keys")
        missing = [key for key in (*DEEPSEEK_BACKBONE_KEYS, *DEEPSEEK_ENGRAM_KEYS) if key not in data]
        if missing:
            raise ConfigError(
                f"missing key(s) {missing}: a DeepSeek-V4.1 config.json names them all "
                f"(Engram: {', '.join(DEEPSEEK_ENGRAM_KEYS)})"
            )
        required = {*DEEPSEEK_BACKBONE_KEYS, *DEEPSEEK_ENGRAM_KEYS}
        # an optional key set to null is a key not given (Hugging Face configs write null for "default")
        data = {key: value for key, value in data.items() if value is not None or key in required}
        data.update({key: check_value(key, data[key], hint) for key, hint in _deepseek_hints().items() if key in data})
        fields = {ours: data[theirs] for theirs, ours in DEEPSEEK_KEYS.items() if theirs in data}
        moe = {ours: data[theirs] for theirs, ours in DEEPSEEK_MOE_KEYS.items() if theirs in data}
        if "n_routed" in moe:
            fields["moe"] = {"n_shared": 1, **moe}
        fields.setdefault("d_ff", moe.get("d_expert", data["hidden_size"]))  # used only by dense layers
        fields.setdefault("n_kv_heads", 1)
        max_ngram = data["engram_max_ngram_size"]
        fields["engram"] = {
            "layers": data["engram_layer_ids"],
            "compressed_vocab_size": data["engram_compressed_vocab_size"],
            "table_base_sizes": [data["engram_vocab_size"]] * (max_ngram - 1),
            "max_ngram": max_ngram,
            "heads_per_order": data["engram_n_heads"],
            "head_dim": data["engram_head_dim"],
            "pad_id": data["engram_pad_token_id"],
            "fused_kv": True,  # V4.1's Engram: one bias-free wkv, no short conv
            "short_conv": False,
        }
        try:
            cfg = cls.from_dict(fields)
        except ConfigError as err:
            raise ConfigError(_in_deepseek_keys(str(err))) from None
        _check_table_rows(cfg.engram, data["engram_num_embeddings"])
        return cfg

    @classmethod
    def preset(cls, name: str) -> ModelConfig:
        if name not in PRESETS:
            raise ConfigError(f"unknown preset {name!r}; choose one of {sorted(PRESETS)}")
        return PRESETS[name]


# DeepSeek config.json key -> our field. MLA's low-rank keys, the router's scoring settings and
# the like have no counterpart in our backbone and are not read.
DEEPSEEK_KEYS = {
    "vocab_size": "vocab_size",
    "hidden_size": "d_model",
    "num_hidden_layers": "n_layers",
    "num_attention_heads": "n_heads",
    "num_key_value_heads": "n_kv_heads",
    "head_dim": "d_head",
    "intermediate_size": "d_ff",
    "first_k_dense_replace": "first_dense_layers",
    "hc_mult": "hc_streams",
    "rope_theta": "rope_theta",
    "max_position_embeddings": "max_seq_len",
    "rms_norm_eps": "norm_eps",
    "tie_word_embeddings": "tie_embeddings",
}
DEEPSEEK_MOE_KEYS = {
    "n_routed_experts": "n_routed",
    "num_experts_per_tok": "top_k",
    "moe_intermediate_size": "d_expert",
    "n_shared_experts": "n_shared",
}
DEEPSEEK_BACKBONE_KEYS = ("vocab_size", "hidden_size", "num_hidden_layers", "num_attention_heads", "hc_mult", "rms_norm_eps")
DEEPSEEK_ENGRAM_KEYS = (
    "engram_layer_ids",
    "engram_num_embeddings",
    "engram_max_ngram_size",
    "engram_vocab_size",
    "engram_n_heads",
    "engram_head_dim",
    "engram_pad_token_id",
    "engram_compressed_vocab_size",
)


# DeepSeek's Engram keys -> our EngramConfig fields (engram_vocab_size: each order's base)
DEEPSEEK_ENGRAM_FIELDS = {
    "engram_layer_ids": "layers",
    "engram_compressed_vocab_size": "compressed_vocab_size",
    "engram_max_ngram_size": "max_ngram",
    "engram_n_heads": "heads_per_order",
    "engram_head_dim": "head_dim",
    "engram_pad_token_id": "pad_id",
}


@functools.cache
def _deepseek_hints() -> dict[str, Any]:
    """The annotation each DeepSeek key is checked against: that of the field it becomes."""
    hints = {theirs: field_hint(ModelConfig, ours) for theirs, ours in DEEPSEEK_KEYS.items()}
    hints.update({theirs: field_hint(MoEConfig, ours) for theirs, ours in DEEPSEEK_MOE_KEYS.items()})
    hints.update({theirs: field_hint(EngramConfig, ours) for theirs, ours in DEEPSEEK_ENGRAM_FIELDS.items()})
    hints["engram_vocab_size"] = typing.get_args(field_hint(EngramConfig, "table_base_sizes"))[0]
    hints["engram_num_embeddings"] = tuple[Annotated[int, Range(1)], ...]
    return hints


def _in_deepseek_keys(message: str) -> str:
    """A message about our fields, with the DeepSeek keys they were read from named."""
    ours = {**{v: k for k, v in DEEPSEEK_KEYS.items()}, **{f"moe.{v}": k for k, v in DEEPSEEK_MOE_KEYS.items()}}
    ours.update({f"engram.{v}": k for k, v in DEEPSEEK_ENGRAM_FIELDS.items()})
    ours["engram.table_base_sizes"] = "engram_vocab_size"
    named = [f"{field} is {theirs}" for field, theirs in ours.items() if re.search(rf"(?<![\w.]){re.escape(field)}\b", message)]
    return message + (f" (in config.json's keys: {', '.join(named)})" if named else "")


MAX_JSON_DEPTH = 64  # nesting of any JSON we read: configs, indexes, tokenizers and headers are a few levels deep
MAX_CONFIG_BYTES = 1 << 24  # a config.json (a released model's is a few KiB)


def parse_json(text: str | bytes, what: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """JSON text as Python objects, or a ConfigError naming `what`: invalid JSON, not UTF-8, or
    nested deeper than `max_depth` (whatever reads it next, a checker or a library, may recurse)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise ConfigError(f"{what} is not valid JSON: {err}") from err
    except RecursionError:
        value = None  # deeper than Python's recursion limit: refused below, by the same words
        depth = max_depth + 1
    except UnicodeDecodeError as err:
        raise ConfigError(f"{what} is not UTF-8 text: {err}") from err
    else:
        depth = json_depth(value)
    if depth > max_depth:
        raise ConfigError(
            f"{what} is JSON nested too deeply (over {max_depth} levels): a config, index or tokenizer is a few levels deep"
        )
    return value


def json_depth(value: Any) -> int:
    """How many levels of lists and objects `value` nests (a number or string: 0), counted
    without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


_FILE_KINDS = {
    stat.S_ISDIR: "a directory",
    stat.S_ISCHR: "a character device",
    stat.S_ISBLK: "a block device",
    stat.S_ISFIFO: "a FIFO (named pipe)",
    stat.S_ISSOCK: "a socket",
}


def regular_file_size(path: Path, limit: int, fix: str, error: type[Exception] = ConfigError) -> int:
    """The size of `path`, checked to be a regular file (a link to one is followed, as a Hugging
    Face cache links every file) of at most `limit` bytes, or `error` saying what it is instead
    and `fix`. Checked before opening: a FIFO blocks an open, a device never ends a read."""
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        target = f" is a link to {os.readlink(path)}, which" if path.is_symlink() else ""
        raise error(f"{path}{target} does not exist; {fix}") from None
    except OSError as err:  # a link loop, a folder on the way that is not one, no permission
        raise error(f"{path} cannot be read ({err.strerror}); {fix}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = next((name for test, name in _FILE_KINDS.items() if test(info.st_mode)), "not a regular file")
        link = f" (a link to {os.readlink(path)})" if path.is_symlink() else ""
        raise error(f"{path}{link} is {kind}, not a file; {fix}")
    if info.st_size > limit:
        raise error(f"{path} has {format_bytes(info.st_size)}, more than the {format_bytes(limit)} such a file may have; {fix}")
    return info.st_size


def read_json_file(path: Path, limit: int, fix: str, error: type[Exception] = ConfigError) -> Any:
    """A JSON file read with bounds: a regular file of at most `limit` bytes (`regular_file_size`),
    nested at most MAX_JSON_DEPTH levels; or `error` naming the file, what is wrong and `fix`."""
    regular_file_size(path, limit, fix, error)
    try:
        with open(path, "rb") as f:
            text = f.read(limit + 1)  # never more, even if the file grew since it was measured
    except OSError as err:
        raise error(f"{path} cannot be read ({err.strerror}); {fix}") from None
    if len(text) > limit:
        raise error(f"{path} has grown past the {format_bytes(limit)} such a file may have; {fix}")
    try:
        return parse_json(text, str(path))
    except ConfigError as err:
        raise error(f"{err}; {fix}") from None


def _check_table_rows(engram: EngramConfig, num_embeddings: Any) -> None:
    """`engram_num_embeddings` (rows per layer) must be what our primes give: the hash
    addresses rows by them, so any other count means another addressing."""
    ours = [sum(map(sum, primes)) for primes in table_primes(engram).values()]
    if not isinstance(num_embeddings, (list, tuple)) or list(num_embeddings) != ours:
        raise ConfigError(
            f"engram_num_embeddings={short(list(num_embeddings))} but the primes of these engram keys give {ours} rows per "
            "layer; the config's Engram keys disagree with each other"
        )


def _build(cls: type, data: Any, prefix: str):
    if not isinstance(data, dict):
        raise ConfigError(f"{prefix.rstrip('.') or 'config'} must be a JSON object, got {type(data).__name__}")
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigError(f"unknown field(s) {[prefix + u for u in unknown]}; known fields: {sorted(known)}")
    required = {f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING}
    missing = sorted(required - set(data))
    if missing:
        raise ConfigError(f"missing field(s) {[prefix + m for m in missing]}")
    try:
        return cls(**data)
    except TypeError as err:
        raise ConfigError(f"{prefix or 'config '}fields do not fit {cls.__name__}: {err}") from err
    except RecursionError:  # a value nested deeper than the checker can describe
        raise ConfigError(f"{prefix.rstrip('.') or 'config'} holds a value nested too deeply to be a config field") from None


# --- presets ---------------------------------------------------------------------------------
# Engram geometry follows spec §2-§4 exactly; backbone fields the sources do not state (head
# counts, expert widths) are choices, sized like comparable DeepSeek models.

DEEPSEEK_VOCAB = 129_280
DEEPSEEK_COMPRESSED_VOCAB = 99_092
DEEPSEEK_PAD = 2  # <｜▁pad▁｜>; DeepSeek's compression keeps it at 2 (tests/test_config.py checks)
FLOAT32_EPS = 1.1920928955078125e-07  # torch.finfo(torch.float32).eps: nn.RMSNorm's default

PRESETS: dict[str, ModelConfig] = {
    # The bundled default (`engram-probe train --recipe engram`): small enough to train in about
    # an hour on 2 CPU cores, with every Engram feature (two layers, N=3, K=4, two branches).
    "tiny": ModelConfig(
        vocab_size=8192,
        d_model=128,
        n_layers=6,
        n_heads=4,
        n_kv_heads=2,
        d_ff=512,
        moe=MoEConfig(n_routed=4, top_k=1, d_expert=256, n_shared=1),
        first_dense_layers=1,
        hc_streams=2,
        max_seq_len=256,
        tie_embeddings=True,
        engram=EngramConfig(
            layers=(1, 3),
            compressed_vocab_size=8192,
            table_base_sizes=(5760, 5760),
            max_ngram=3,
            heads_per_order=4,
            head_dim=32,
            conv_zero_init=True,
        ),
    ),
    # Its MoE baseline at rho = 1 (`engram_model.train.matched_baseline("tiny")`, checked by a
    # test): the tables' parameters as extra routed experts, the Engram projections as a
    # wider dense FFN, so total and active parameters match.
    "tiny-baseline": ModelConfig(
        vocab_size=8192,
        d_model=128,
        n_layers=6,
        n_heads=4,
        n_kv_heads=2,
        d_ff=1035,
        moe=MoEConfig(n_routed=10, top_k=1, d_expert=256, n_shared=1),
        first_dense_layers=1,
        hc_streams=2,
        max_seq_len=256,
        tie_embeddings=True,
    ),
    # Paper geometry (Engram-27B): 30 blocks, width 2560, 2 shared + 55 routed experts top-6,
    # Engram at 0-indexed [1, 14], N=3, K=8, d_mem 1280. The base row count is a choice that
    # gives the paper's 5.7B table parameters (2 layers x 16 heads x 80 wide x 2.23M rows).
    "deepseek-engram-27b": ModelConfig(
        vocab_size=DEEPSEEK_VOCAB,
        d_model=2560,
        n_layers=30,
        n_heads=32,
        n_kv_heads=32,
        d_ff=10240,
        moe=MoEConfig(n_routed=55, top_k=6, d_expert=1536, n_shared=2),
        first_dense_layers=1,
        hc_streams=4,
        max_seq_len=4096,
        engram=EngramConfig(
            layers=(1, 14),
            compressed_vocab_size=DEEPSEEK_COMPRESSED_VOCAB,
            table_base_sizes=(2_226_560, 2_226_560),
            max_ngram=3,
            heads_per_order=8,
            head_dim=80,
            compressed_pad_id=DEEPSEEK_PAD,
            conv_zero_init=True,
            gate_signed_sqrt=False,
        ),
    ),
    # DeepSeek-V4.1-Flash, as its config.json states it where our backbone can express it: 40
    # layers, 384 routed experts top-6 of width 2304, no dense layers, one KV head of 512
    # (V4 attends MLA-style; ours is plain GQA with that geometry), rms_norm_eps 1e-20,
    # 1,048,576 positions, 4 streams of width 5120. Query heads are not from the config; d_ff
    # (unused: every layer is MoE) is the expert width, as ModelConfig.from_deepseek sets it. Engram: N=4, K=8, 256-wide rows,
    # base
    # 16,000,000 for every order, layers [1, 14], fused bias-free wkv, no short conv.
    "deepseek-v4.1-flash": ModelConfig(
        vocab_size=DEEPSEEK_VOCAB,
        d_model=5120,
        n_layers=40,
        n_heads=64,
        n_kv_heads=1,
        d_head=512,
        d_ff=2304,
        moe=MoEConfig(n_routed=384, top_k=6, d_expert=2304, n_shared=1),
        first_dense_layers=0,
        hc_streams=4,
        max_seq_len=1_048_576,
        norm_eps=1e-20,
        engram=EngramConfig(
            layers=(1, 14),
            compressed_vocab_size=DEEPSEEK_COMPRESSED_VOCAB,
            table_base_sizes=(16_000_000, 16_000_000, 16_000_000),
            max_ngram=4,
            heads_per_order=8,
            head_dim=256,
            compressed_pad_id=DEEPSEEK_PAD,
            fused_kv=True,
            short_conv=False,
        ),
    ),
    # The reference demo (engram_demo_v1.py): hidden 1024, 4 hyper-connection streams, N=3,
    # K=8, 512 values per n-gram order split into 64-wide heads, base 646,400, layers [1, 15];
    # its gate norms are nn.RMSNorm with the default epsilon, its conv norms use 1e-5.
    "engram-demo-v1": ModelConfig(
        vocab_size=DEEPSEEK_VOCAB,
        d_model=1024,
        n_layers=30,
        n_heads=16,
        n_kv_heads=16,
        d_ff=2816,
        hc_streams=4,
        engram=EngramConfig(
            layers=(1, 15),
            compressed_vocab_size=DEEPSEEK_COMPRESSED_VOCAB,
            table_base_sizes=(646_400, 646_400),
            max_ngram=3,
            heads_per_order=8,
            head_dim=64,
            compressed_pad_id=DEEPSEEK_PAD,
            gate_norm_eps=FLOAT32_EPS,
            conv_norm_eps=1e-5,
        ),
    ),
}
