"""The public Engram models `offload traffic` and `offload plan` know by name, as the planner needs them.

DeepSeek-V4.1-Flash is our `ModelConfig` preset (`engram_model.config`), addressed by `NgramAddresser`.
Qwen3.8-Flash-Next (transformers `qwen4_exp`) has no `ModelConfig`: its backbone mixes Gated DeltaNet
and indexed attention, and its Engram (PLE) hashes raw token ids with its own multipliers and cuts
n-grams at end-of-text, none of which our config expresses. `QwenFlashNext` describes it from its
released configuration instead; its rows come from the bridge's `Qwen4ExpAddresser`
(`engram_model.bridges.qwen4_exp`), which reproduces transformers' `Qwen4ExpTextNGramEmbedding` ids.

Where each size comes from (the comments below say which for each field):
- [tf]: a default of transformers 5.25's `Qwen4ExpTextConfig` (models/qwen4_exp/configuration_qwen4_exp.py)
  that the released config keeps (it does not set the key, or sets it to the default);
- [rel]: a key the released `Qwen/Qwen3.8-Flash-Next` config.json sets (`text_config`), read from public
  copies of it (none of transformers' defaults says these): a config-parser test pinned to the config.json
  of RadixArk's NVFP4 build of the checkpoint, and an SGLang launch that passes the whole `text_config`; the
  layer counts and widths agree with antirez/ds4's notes on the model (36 Gated DeltaNet and 12 attention
  layers, width 2560, 640-wide expert projections, a 95.37 GiB BF16 n-gram table) and the one PLE layer with
  Megatron Bridge's and NeMo AutoModel's;
- [pub]: a published total used only as a cross-check: the n-gram table holds about 51B parameters, about
  95 GiB in BF16, before one decoder layer (ms-swift's Qwen3.8-Flash-Next guide, Megatron Bridge's
  `qwen4_exp_bridge` docs, NeMo AutoModel: "four HC streams and one PLE layer"); 125B parameters besides
  the table, about 6B active per token (vLLM's Qwen3.8-Flash-Next recipe).
`tests/test_qwen_offload.py` holds these figures to transformers: the [tf] ones to its defaults, the
whole description to a `Qwen4ExpTextConfig` built from it (and its parameter count on the meta device).

Importing this module imports neither torch nor transformers; `QwenFlashNext.addresser` does.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from engram_model.addressing import TableAddressing, is_prime

from .planner import ModelCompute

V41 = "deepseek-v4.1-flash"
QWEN38 = "qwen3.8-flash-next"
LABELS = {V41: "DeepSeek-V4.1-Flash", QWEN38: "Qwen3.8-Flash-Next"}
# the traffic `offload plan` reads when none is given: each model's on the default corpus's validation
# split, as `offload traffic` measured it (the copies of benchmarks/results/*_traffic.json installed with probe)
MEASURED = {V41: "v41_traffic.json", QWEN38: "qwen38_traffic.json"}
ROW_FORMAT_BYTES = {"bf16": 2, "fp8_e4m3": 1, "float16": 2, "float32": 4}


@dataclass(frozen=True)
class QwenFlashNext:
    """Qwen3.8-Flash-Next's text model, as far as traffic and the planner need it."""

    name: str = QWEN38
    architecture: str = "qwen4_exp"
    # --- the backbone
    vocab_size: int = 248_320  # [tf] and [rel]
    hidden_size: int = 2560  # [rel] (default 2048)
    num_hidden_layers: int = 48  # [rel] (default 40); + one MTP layer, which decoding with MTP adds and this leaves out
    full_attention_interval: int = 4  # [tf] and [rel]: every 4th layer indexed attention (QSA), the rest Gated DeltaNet
    num_attention_heads: int = 24  # [rel] (default 16)
    num_key_value_heads: int = 2  # [tf]
    head_dim: int = 256  # [tf]
    linear_num_key_heads: int = 16  # [tf]
    linear_num_value_heads: int = 48  # [rel] (default 32)
    linear_key_head_dim: int = 128  # [tf]
    linear_value_head_dim: int = 128  # [tf]
    linear_conv_kernel_dim: int = 4  # [tf]
    indexer_n_heads: int = 4  # [rel] (default: no indexer)
    indexer_kv_heads: int = 1  # [rel]
    indexer_head_dim: int = 128  # [rel]
    indexer_budget: int = 2048  # [rel]
    indexer_compress_ratio: int = 4  # [rel]
    num_experts: int = 512  # [tf] and [rel]
    num_experts_per_tok: int = 10  # [tf] and [rel]
    moe_intermediate_size: int = 640  # [rel] (default 512)
    shared_expert_intermediate_size: int = 640  # [rel] (default 512)
    hc_count: int = 4  # [tf] and [rel]: hyper-connection residual streams
    hc_lowrank: int = 320  # [tf] and [rel]
    eos_token_id: int = 248_044  # [rel] (also its bos_token_id): n-gram history stops at it
    # --- the PLE (Engram) layer
    ple_layer_ids: tuple[int, ...] = (2,)  # [rel], one-indexed: one PLE module, before decoder layer 1 (zero-based)
    ple_embed_dim: int = 2560  # [rel] (default: hidden_size): 16 heads' rows of 160, concatenated
    ngram_size: int = 3  # [tf] and [rel]: orders 2 and 3
    heads_per_ngram: int = 8  # [tf] and [rel]
    ngram_vocab_size_base: int = 20_000_000  # [tf] and [rel]: each head's rows are the next prime from here
    make_ngram_vocab_size_divisible_by: int = 128  # [tf] and [rel]
    seed: int = 1234  # [tf]; the public copies of the released config omit it, so the default holds
    ple_conv_kernel_size: int = 4  # [tf] and [rel]
    split_ngram_parts: int = 128  # [rel] (default 512): checkpoint shards of the table
    row_format: str = "bf16"  # the released table's dtype: 51.2B parameters in 95.37 GiB ([rel] ds4, [pub] ms-swift)
    published_table_params: float = 51e9  # [pub], a cross-check only
    published_active_params: float = 6e9  # [pub] "about 6B activated", a cross-check only

    # --- derived

    @property
    def engram_layers(self) -> tuple[int, ...]:
        """Zero-based decoder layers with a PLE module (our hook names' `L`)."""
        return tuple(layer - 1 for layer in self.ple_layer_ids)

    @property
    def orders(self) -> tuple[int, ...]:
        return tuple(range(2, self.ngram_size + 1))

    @property
    def n_heads(self) -> int:
        """Hash heads per PLE module: (N-1) x K = 16."""
        return (self.ngram_size - 1) * self.heads_per_ngram

    @property
    def row_dim(self) -> int:
        """Values in one row: 2560 / 16 = 160."""
        return self.ple_embed_dim // self.n_heads

    @property
    def row_bytes(self) -> int:
        """Bytes of one stored row: 160 BF16 values = 320 (no scales)."""
        return self.row_dim * ROW_FORMAT_BYTES[self.row_format]

    @property
    def rows_per_token(self) -> int:
        return len(self.ple_layer_ids) * self.n_heads

    def head_rows(self) -> list[list[int]]:
        """Rows of each head, per PLE module: PLE module p's head h takes the (p*H + h + 1)-th
        prime from `ngram_vocab_size_base`, as transformers counts them."""
        primes, candidate = [], self.ngram_vocab_size_base
        while len(primes) < len(self.ple_layer_ids) * self.n_heads:
            if is_prime(candidate):
                primes.append(candidate)
            candidate += 1
        return [primes[p * self.n_heads : (p + 1) * self.n_heads] for p in range(len(self.ple_layer_ids))]

    def table_rows(self) -> list[int]:
        """Rows of each module's flat table as stored: its heads' rows, padded to a multiple of 128."""
        multiple = self.make_ngram_vocab_size_divisible_by
        return [-(-sum(heads) // multiple) * multiple for heads in self.head_rows()]

    @property
    def layer_types(self) -> tuple[str, ...]:
        """transformers' names: `indexed_attention` every `full_attention_interval`-th layer."""
        interval = self.full_attention_interval
        return tuple("linear_attention" if (i + 1) % interval else "indexed_attention" for i in range(self.num_hidden_layers))

    def compute(self) -> ModelCompute:
        """What one token costs the backbone, counted matrix by matrix from the sizes above
        (equal to transformers' parameter count; `tests/test_qwen_offload.py`): every dense
        weight a token reads, and one routed expert. The input embedding (a lookup) and the
        n-gram table (the traffic) are not compute."""
        d, hc = self.hidden_size, self.hc_count * self.hidden_size
        key_dim = self.linear_num_key_heads * self.linear_key_head_dim
        value_dim = self.linear_num_value_heads * self.linear_value_head_dim
        conv_dim = 2 * key_dim + value_dim
        delta_net = (
            d * conv_dim  # in_proj_qkv
            + d * value_dim  # in_proj_z
            + 2 * d * self.linear_num_value_heads  # in_proj_b, in_proj_a
            + conv_dim * self.linear_conv_kernel_dim  # depthwise conv
            + 2 * self.linear_num_value_heads  # dt_bias, A_log
            + value_dim * d  # out_proj
            + self.linear_value_head_dim  # gated norm
        )
        q_width = self.num_attention_heads * self.head_dim
        attention = (
            d * 2 * q_width  # q_proj: queries and their output gate
            + 2 * d * self.num_key_value_heads * self.head_dim  # k_proj, v_proj
            + q_width * d  # o_proj
            + 2 * self.head_dim  # q_norm, k_norm
            + d * (self.indexer_n_heads + self.indexer_kv_heads) * self.indexer_head_dim  # QSA indexer's projection
            + 2 * self.indexer_head_dim  # its norms
        )
        shared = 3 * d * self.shared_expert_intermediate_size + d  # the shared expert and its gate
        router = self.num_experts * d
        mixer = hc + 2 * hc * self.hc_lowrank  # gated residual: grouped norm, low-rank input mix down and up
        hyper = self.num_hidden_layers * 2 * (mixer + hc * self.hc_count) + mixer  # two per layer (+ injection), final mix
        ple = len(self.ple_layer_ids) * (
            self.ple_embed_dim * hc  # key_proj
            + self.ple_embed_dim * d  # value_proj
            + 3 * hc  # key, query and conv norms
            + hc * self.ple_conv_kernel_size  # depthwise conv
        )
        gdn_layers = sum(t == "linear_attention" for t in self.layer_types)
        dense = (
            gdn_layers * delta_net
            + (self.num_hidden_layers - gdn_layers) * attention
            + self.num_hidden_layers * (shared + router)
            + hyper
            + ple
            + self.vocab_size * d  # lm_head (not tied)
        )
        return ModelCompute(
            layers=self.num_hidden_layers,
            engram_layers=self.engram_layers,
            dense_params=float(dense),
            expert_params=float(3 * d * self.moe_intermediate_size),
            routed_layers=self.num_hidden_layers,
            n_routed=self.num_experts,
            top_k=self.num_experts_per_tok,
        )

    def text_config(self) -> dict:
        """The keys of a transformers `Qwen4ExpTextConfig` for this model (`Qwen4ExpTextConfig(**...)`)."""
        return {
            "vocab_size": self.vocab_size,
            "hidden_size": self.hidden_size,
            "num_hidden_layers": self.num_hidden_layers,
            "layer_types": list(self.layer_types),
            "num_attention_heads": self.num_attention_heads,
            "num_key_value_heads": self.num_key_value_heads,
            "head_dim": self.head_dim,
            "linear_num_key_heads": self.linear_num_key_heads,
            "linear_num_value_heads": self.linear_num_value_heads,
            "linear_key_head_dim": self.linear_key_head_dim,
            "linear_value_head_dim": self.linear_value_head_dim,
            "linear_conv_kernel_dim": self.linear_conv_kernel_dim,
            "indexer_n_heads": self.indexer_n_heads,
            "indexer_kv_heads": self.indexer_kv_heads,
            "indexer_head_dim": self.indexer_head_dim,
            "indexer_budget": self.indexer_budget,
            "indexer_compress_ratio": self.indexer_compress_ratio,
            "num_experts": self.num_experts,
            "num_experts_per_tok": self.num_experts_per_tok,
            "moe_intermediate_size": self.moe_intermediate_size,
            "shared_expert_intermediate_size": self.shared_expert_intermediate_size,
            "hc_count": self.hc_count,
            "hc_lowrank": self.hc_lowrank,
            "eos_token_id": self.eos_token_id,
            "bos_token_id": self.eos_token_id,
            "ple_layer_ids": list(self.ple_layer_ids),
            "ple_embed_dim": self.ple_embed_dim,
            "ngram_size": self.ngram_size,
            "heads_per_ngram": self.heads_per_ngram,
            "ngram_vocab_size_base": self.ngram_vocab_size_base,
            "make_ngram_vocab_size_divisible_by": self.make_ngram_vocab_size_divisible_by,
            "seed": self.seed,
            "ple_conv_kernel_size": self.ple_conv_kernel_size,
            "split_ngram_parts": self.split_ngram_parts,
            "output_gate_type": "sigmoid",  # [rel]
            "max_position_embeddings": 262_144,  # [rel]
            # [rel]: a quarter of each 256-wide head rotated (so the rotary part fits the 128-wide QSA index head)
            "rope_parameters": {
                "rope_type": "default",
                "rope_theta": 10_000_000,
                "partial_rotary_factor": 0.25,
                "mrope_section": [11, 11, 10],
                "mrope_interleaved": True,
            },
        }

    @classmethod
    def of_checkpoint(cls, text, name: str, row_format: str) -> QwenFlashNext:
        """The description of a Qwen4-Exp checkpoint's transformers `Qwen4ExpTextConfig` `text`,
        its table stored as `row_format`: what the planner counts for a checkpoint directory."""
        kinds = tuple(text.layer_types)
        interval = kinds.index("indexed_attention") + 1 if "indexed_attention" in kinds else len(kinds) + 1
        eos = text.eos_token_id[0] if isinstance(text.eos_token_id, list) else text.eos_token_id
        given = dict(
            name=name, full_attention_interval=interval, eos_token_id=eos, ple_layer_ids=tuple(text.ple_layer_ids),
            row_format=row_format,
        )  # fmt: skip
        read = {f: getattr(text, f) for f in cls.__dataclass_fields__ if f not in given and hasattr(text, f)}
        described = dataclasses.replace(cls(), **read, **given)
        if described.layer_types != kinds:
            raise ValueError(
                f"{name}: layer_types {list(kinds)} is not one indexed-attention layer every {interval}, which the "
                "planner's compute count assumes; plan it with --active-params"
            )
        return described

    def addressing(self, tokenizer=None) -> TableAddressing:
        """The addressing (`TableAddressing`) at these sizes, rows as the table stores them;
        `tokenizer` reads text into Qwen ids (raw ids are what its hash reads)."""
        addresser = self.addresser()
        return TableAddressing(
            name=self.name,
            addresser=addresser,
            row_format=self.row_format,
            row_bytes=self.row_bytes,
            stored_rows=dict(addresser.num_rows),
            tokenizer=tokenizer,
        )

    def addresser(self):
        """The bridge's `Qwen4ExpAddresser` for these sizes: raw token ids -> `{layer: [B, T, 16]}`
        row ids, equal to transformers'. Imports the bridge (torch and transformers)."""
        from engram_model.bridges.qwen4_exp import PLEConfig, Qwen4ExpAddresser

        return Qwen4ExpAddresser(
            PLEConfig(
                layers=self.engram_layers,
                vocab_size=self.vocab_size,
                eos_id=self.eos_token_id,
                max_ngram=self.ngram_size,
                heads_per_order=self.heads_per_ngram,
                memory_dim=self.ple_embed_dim,
                table_base=self.ngram_vocab_size_base,
                rows_multiple=self.make_ngram_vocab_size_divisible_by,
                seed=self.seed,
                conv_kernel=self.ple_conv_kernel_size,
                split_parts=self.split_ngram_parts,
            )
        )


QWEN38_FLASH_NEXT = QwenFlashNext()
KNOWN = (V41, QWEN38)  # the models `offload plan --side-by-side` sets side by side


def model_compute(name: str) -> ModelCompute:
    """The backbone's compute per token of a model: a `ModelConfig` preset, Qwen's description,
    or a checkpoint directory (its config.json alone). A ConfigError or CheckpointError names
    what is wrong with `name`."""
    from engram_model.bridges import bridge_for
    from engram_model.checkpoint import CONFIG, CheckpointError
    from engram_model.config import ConfigError, ModelConfig, parse_json

    if name == QWEN38:
        return QWEN38_FLASH_NEXT.compute()
    if not Path(name).is_dir():
        return ModelCompute.from_config(ModelConfig.preset(name))
    directory = Path(name)
    bridge = bridge_for(directory)
    if bridge is not None:  # a transformers Qwen4-Exp checkpoint: counted as the released model is
        text, _ = bridge.read_config(directory)
        return QwenFlashNext.of_checkpoint(text, name, bridge.table_addressing(directory, name).row_format).compute()
    try:
        data = parse_json((directory / CONFIG).read_bytes(), str(directory / CONFIG))
        ours = "engram_layer_ids" not in data  # DeepSeek-V4.1's config.json names its Engram layers so
        return ModelCompute.from_config(ModelConfig.from_dict(data) if ours else ModelConfig.from_deepseek(data))
    except (OSError, ConfigError, KeyError, TypeError) as err:
        raise CheckpointError(
            f"{directory / CONFIG} is not a readable model config ({err}); give a checkpoint directory"
        ) from err


def preset_addressing(name: str, tokenizer=None, id_map=None) -> TableAddressing:
    """A `ModelConfig` preset's addressing at its released sizes, rows as V4.1 stores them (FP8
    codes with E8M0 scales); `tokenizer` and its compression map `id_map` where one is known."""
    from engram_model.addressing import NgramAddresser
    from engram_model.config import ModelConfig
    from engram_model.tables import RowCodec

    engram = ModelConfig.preset(name).engram
    addresser = NgramAddresser(engram)
    return TableAddressing(
        name=name,
        addresser=addresser,
        row_format="fp8_e4m3",
        row_bytes=RowCodec("fp8_e4m3", engram.head_dim).row_bytes,
        stored_rows={layer: sum(map(sum, sizes)) for layer, sizes in addresser.table_sizes.items()},
        tokenizer=tokenizer,
        id_map=id_map,
    )


def checkpoint_addressing(model: str) -> TableAddressing:
    """The addressing of a checkpoint directory (or bundled name), without its tables' weights:
    a transformers checkpoint from its config, tokenizer and shard headers; ours and V4.1's
    opened on the mmap tier unverified (their dense weights are small, their tables unread).
    A CheckpointError (or ValueError: no Engram layers) names what is wrong with `model`."""
    from engram_model import load_model
    from engram_model.bridges import bridge_for
    from engram_model.checkpoint import resolve_checkpoint
    from engram_model.v41_checkpoint import is_v41_checkpoint

    directory = resolve_checkpoint(model)
    bridge = bridge_for(directory)
    if bridge is not None:
        return bridge.table_addressing(directory, model)
    opened = load_model(directory, tier="mmap", verify=False, engram_only=is_v41_checkpoint(directory))
    return opened.table_addressing(model)


def measured_traffic(name: str) -> Path:
    """The traffic installed with probe for a known model (`MEASURED`)."""
    return Path(str(resources.files("probe.offload") / "measured" / MEASURED[name]))
