"""Model configuration: frozen dataclasses, JSON round trip, named presets.

Every field that the Engram spec fixes is a field here; where the paper and the reference demo
disagree (signed square root on the gate, zero-initialised short conv) the choice is a field
and the preset names which one it follows.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class ConfigError(ValueError):
    """A configuration that cannot describe a model; the message names the field."""


@dataclass(frozen=True)
class EngramConfig:
    """Geometry and variant of the Engram modules (spec §2-§3)."""

    layers: tuple[int, ...]  # 0-indexed blocks that get an Engram module, in configured order
    compressed_vocab_size: int  # V' of spec §1; a checkpoint refuses a tokenizer that yields another
    table_base_sizes: tuple[int, ...]  # one base row count per order n = 2..N
    max_ngram: int = 3  # N
    heads_per_order: int = 8  # K
    head_dim: int = 64  # width of one head's row; d_mem = (N-1) * K * head_dim
    pad_id: int = 2  # raw pad id, pushed through the compression map for left fill
    # the pad id after compression, which fills the n-gram history before a sequence's first
    # token; None: not known without the tokenizer (configure_for_tokenizer records it)
    compressed_pad_id: int | None = None
    seed: int = 0
    fused_kv: bool = False  # V4.1: one bias-free `wkv`; demo/paper: W_K per branch, W_V with bias
    short_conv: bool = True  # paper and demo; V4.1 has none
    conv_kernel: int = 4
    conv_zero_init: bool = False  # the paper zero-initialises the conv, the demo does not
    gate_signed_sqrt: bool = True  # demo and V4.1; the paper's equation omits it
    # RMSNorm epsilons of the gate's query/key norms and of the conv's norms; None: the model's
    # norm_eps (V4.1). The demo uses PyTorch's default (finfo(float32).eps) and 1e-5.
    gate_norm_eps: float | None = None
    conv_norm_eps: float | None = None

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

    def __post_init__(self) -> None:
        object.__setattr__(self, "layers", tuple(self.layers))
        object.__setattr__(self, "table_base_sizes", tuple(self.table_base_sizes))
        if self.max_ngram < 2:
            raise ConfigError(f"engram.max_ngram={self.max_ngram}: Engram needs n-grams of order >= 2")
        for name in ("heads_per_order", "head_dim", "compressed_vocab_size", "conv_kernel"):
            if getattr(self, name) < 1:
                raise ConfigError(f"engram.{name}={getattr(self, name)} must be >= 1")
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
        for name in ("gate_norm_eps", "conv_norm_eps"):
            if getattr(self, name) is not None and not getattr(self, name) > 0:
                raise ConfigError(f"engram.{name}={getattr(self, name)} must be > 0 (or null for the model's norm_eps)")
        if min(self.table_base_sizes) < 2:
            raise ConfigError(f"engram.table_base_sizes={list(self.table_base_sizes)} must all be >= 2")


@dataclass(frozen=True)
class MoEConfig:
    """Shared + routed top-k experts (DeepSeekMoE style)."""

    n_routed: int
    top_k: int
    d_expert: int
    n_shared: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.top_k <= self.n_routed:
            raise ConfigError(f"moe.top_k={self.top_k} must be between 1 and moe.n_routed={self.n_routed}")
        if self.d_expert < 1 or self.n_shared < 0:
            raise ConfigError("moe.d_expert must be >= 1 and moe.n_shared >= 0")


@dataclass(frozen=True)
class ModelConfig:
    """A decoder-only transformer, optionally with MoE FFNs, hyper-connections and Engram."""

    vocab_size: int
    d_model: int
    n_layers: int
    n_heads: int
    n_kv_heads: int
    d_ff: int  # SwiGLU hidden width of the dense FFN layers
    d_head: int = 0  # 0 means d_model // n_heads
    moe: MoEConfig | None = None
    first_dense_layers: int = 0  # with moe set, blocks below this index keep a dense FFN
    hc_streams: int = 1  # M residual streams (hyper-connections); 1 is a plain residual
    rope_theta: float = 10000.0
    max_seq_len: int = 2048
    norm_eps: float = 1e-6
    tie_embeddings: bool = False
    init_std: float = 0.02
    engram: EngramConfig | None = None

    def __post_init__(self) -> None:
        if self.d_head == 0:
            if self.d_model % self.n_heads:
                raise ConfigError(f"d_model={self.d_model} is not divisible by n_heads={self.n_heads}; set d_head")
            object.__setattr__(self, "d_head", self.d_model // self.n_heads)
        for name in ("vocab_size", "d_model", "n_layers", "n_heads", "n_kv_heads", "d_ff", "hc_streams", "max_seq_len"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name}={getattr(self, name)} must be >= 1")
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

    def is_moe_layer(self, layer: int) -> bool:
        return self.moe is not None and layer >= self.first_dense_layers

    # --- JSON round trip -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ModelConfig:
        data = dict(data)
        for key, sub_cls in (("moe", MoEConfig), ("engram", EngramConfig)):
            if data.get(key) is not None:
                data[key] = _build(sub_cls, data[key], prefix=f"{key}.")
        return _build(cls, data, prefix="")

    @classmethod
    def from_json(cls, text_or_path: str | Path) -> ModelConfig:
        text = Path(text_or_path).read_text() if isinstance(text_or_path, Path) else text_or_path
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ConfigError(f"model config is not valid JSON: {err}") from err
        if not isinstance(data, dict):
            raise ConfigError("model config JSON must be an object of fields")
        return cls.from_dict(data)

    @classmethod
    def from_deepseek(cls, data: dict[str, Any]) -> ModelConfig:
        """A DeepSeek-V4.1 `config.json` (its own keys) as our config: see `DEEPSEEK_KEYS`.
        Every Engram key must be there; backbone keys our engine has no use for are ignored."""
        if not isinstance(data, dict):
            raise ConfigError("a DeepSeek config.json must be a JSON object of keys")
        missing = [key for key in (*DEEPSEEK_BACKBONE_KEYS, *DEEPSEEK_ENGRAM_KEYS) if key not in data]
        if missing:
            raise ConfigError(
                f"missing key(s) {missing}: a DeepSeek-V4.1 config.json names them all "
                f"(Engram: {', '.join(DEEPSEEK_ENGRAM_KEYS)})"
            )
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
        cfg = cls.from_dict(fields)
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


def _check_table_rows(engram: EngramConfig, num_embeddings: Any) -> None:
    """`engram_num_embeddings` (rows per layer) must be what our primes give: the hash
    addresses rows by them, so any other count means another addressing."""
    from .addressing import table_primes  # addressing imports this module

    ours = [sum(map(sum, primes)) for primes in table_primes(engram).values()]
    if not isinstance(num_embeddings, list) or num_embeddings != ours:
        raise ConfigError(
            f"engram_num_embeddings={num_embeddings} but the primes of these engram keys give {ours} rows per layer; "
            "the config's Engram keys disagree with each other"
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
    # (unused: every layer is MoE) is the expert width, as ModelConfig.from_deepseek sets it. Engram: N=4, K=8, 256-wide rows, base
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
