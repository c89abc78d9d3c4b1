"""A transformers checkpoint's config.json checked as our own configs are, before transformers
builds anything from it: every key we or transformers read is checked by `engram_model.config`'s
typed, bounded checker (`check_value`: whole numbers, finite floats, booleans, lists, with
bounds), the keys that must agree with each other are compared, and the sizes the config asks
for are bounded by the bytes they would allocate (`check_bytes`), so a huge `num_hidden_layers`
is refused at once instead of building for hours. What transformers would do with a bad value
(divide by zero, index past a list, load quietly and print NaN) never happens.

A checkpoint that asks to run its own code (`auto_map`) or holds quantized weights
(`quantization_config`) is refused: this engine never runs a checkpoint's code, and reads
unquantized weights only.

Each refusal is one CheckpointError naming config.json, the key and the fix. Only Qwen4-Exp's
keys are described here (`QWEN4_EXP_TEXT_KEYS`); another bridge adds its own table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from ..checkpoint import CheckpointError
from ..config import (
    MAX_ALLOCATION_BYTES,
    MAX_LAYERS,
    MAX_MODEL_BYTES,
    MAX_VOCAB,
    Allocation,
    ConfigError,
    Range,
    check_bytes,
    check_total_bytes,
    check_value,
    short,
)

FIX = "use the config.json published with the checkpoint"
# the dtypes a checkpoint's dense weights may be stored in (config.json `dtype`, `torch_dtype` before transformers 5)
WEIGHT_DTYPES = ("float32", "bfloat16", "float16", "float64")

Whole = Annotated[int, Range(1, 2**20)]  # a width or count of a layer's parts
Heads = Annotated[int, Range(1, 2**14)]
Kernel = Annotated[int, Range(1, 1024)]
TokenId = Annotated[int, Range(0, MAX_VOCAB)]
Positive = Annotated[float, Range(above=0)]

# Every key of transformers' Qwen4ExpTextConfig that it or we read, with its type and bounds
# (a key left out takes transformers' default). Bounds are those of our own ModelConfig where a
# field means the same; elsewhere, wide enough for any released model.
QWEN4_EXP_TEXT_KEYS: dict[str, Any] = {
    "vocab_size": Annotated[int, Range(1, MAX_VOCAB)],
    "hidden_size": Whole,
    "num_hidden_layers": Annotated[int, Range(1, MAX_LAYERS)],
    "num_attention_heads": Heads,
    "num_key_value_heads": Heads,
    "head_dim": Annotated[int, Range(1, 2**16)],
    "max_position_embeddings": Annotated[int, Range(1, 2**40)],
    "linear_conv_kernel_dim": Kernel,
    "linear_key_head_dim": Annotated[int, Range(1, 2**16)],
    "linear_value_head_dim": Annotated[int, Range(1, 2**16)],
    "linear_num_key_heads": Heads,
    "linear_num_value_heads": Heads,
    "moe_intermediate_size": Whole,
    "shared_expert_intermediate_size": Whole,
    "num_experts": Annotated[int, Range(1, 2**16)],
    "num_experts_per_tok": Annotated[int, Range(1, 2**16)],
    "hc_count": Annotated[int, Range(2, 64)],  # transformers' Qwen4-Exp needs more than one stream
    "hc_lowrank": Annotated[int, Range(1, 2**16)],
    "ple_layer_ids": tuple[Annotated[int, Range(1, MAX_LAYERS)], ...],
    "ple_embed_dim": Whole | None,
    "ple_conv_kernel_size": Kernel,
    "ngram_size": Annotated[int, Range(2, 32)],
    "heads_per_ngram": Annotated[int, Range(1, 1024)],
    "ngram_vocab_size_base": Annotated[int, Range(2, 2**40)],
    "make_ngram_vocab_size_divisible_by": Annotated[int, Range(1, 2**20)],
    "seed": Annotated[int, Range(0, 2**63 - 1)],
    "split_ngram_parts": Annotated[int, Range(1, 2**20)],
    "indexer_n_heads": Heads | None,
    "indexer_kv_heads": Heads | None,
    "indexer_head_dim": Annotated[int, Range(1, 2**16)] | None,
    "indexer_budget": Annotated[int, Range(1, 2**40)] | None,
    "indexer_compress_ratio": Annotated[int, Range(1, 2**20)] | None,
    "rms_norm_eps": Annotated[float, Range(above=0, max=1)],
    "initializer_range": Annotated[float, Range(min=0)],
    "attention_dropout": Annotated[float, Range(0, 1)],
    "router_aux_loss_coef": Annotated[float, Range(min=0)],
    "use_cache": bool,
    "tie_word_embeddings": bool,
    "attention_bias": bool,
    "output_router_logits": bool,
    "norm_topk_prob": bool,
    "hidden_act": str,
    "output_gate_type": str | None,
    "layer_types": tuple[str, ...] | None,
    "pad_token_id": TokenId | None,
    "bos_token_id": TokenId | None,
    "rope_theta": Positive | None,  # before transformers 5, beside rope_parameters
}
LAYER_TYPES = ("linear_attention", "indexed_attention", "full_attention")  # full_attention: the released name of indexed
GATE_TYPES = ("sigmoid", "silu")
# rope_parameters: the keys each rope_type needs (transformers' modeling_rope_utils; rope_theta has a default)
# and the type of every key it may hold
ROPE_TYPES = {
    "default": (),
    "linear": ("factor",),
    "dynamic": ("factor",),
    "yarn": ("factor",),
    "longrope": ("short_factor", "long_factor"),
    "llama3": ("factor", "low_freq_factor", "high_freq_factor"),
}
ROPE_KEYS: dict[str, Any] = {
    "rope_type": str,
    "rope_theta": Positive,
    "partial_rotary_factor": Annotated[float, Range(above=0, max=1)],
    "factor": Positive,
    "original_max_position_embeddings": Annotated[int, Range(1, 2**40)],
    "attention_factor": Positive,
    "beta_fast": Positive,
    "beta_slow": Positive,
    "mscale": Positive,
    "mscale_all_dim": Positive,
    "truncate": bool,
    "low_freq_factor": Positive,
    "high_freq_factor": Positive,
    "short_factor": tuple[Positive, ...],
    "long_factor": tuple[Positive, ...],
    "mrope_section": tuple[Annotated[int, Range(0, 2**16)], ...],
    "mrope_interleaved": bool,
}


def refuse_code_and_quantization(data: dict, path: Path) -> None:
    """A config asking for remote code (`auto_map`) or quantized weights (`quantization_config`),
    at its top or in its text_config, is refused by name."""
    for where, keys in (("", data), ("text_config.", data.get("text_config"))):
        if not isinstance(keys, dict):
            continue
        if "auto_map" in keys:
            raise CheckpointError(
                f"{path}: {where}auto_map names the checkpoint's own modeling code, and this engine never runs a "
                "checkpoint's code; use a checkpoint of a model_type transformers implements itself, without auto_map"
            )
        if keys.get("quantization_config") is not None:
            method = keys["quantization_config"].get("quant_method") if isinstance(keys["quantization_config"], dict) else None
            raise CheckpointError(
                f"{path}: {where}quantization_config ({short(method)}) says the weights are quantized, which this engine "
                "does not read (it loads no quantization library); use the unquantized (BF16) release of the checkpoint"
            )


def check_weight_dtype(data: dict, path: Path, where: str = "") -> None:
    """`dtype` (or the older `torch_dtype`), where given, names a floating-point dtype."""
    for key in ("dtype", "torch_dtype"):
        value = data.get(key)
        if value is not None and value not in WEIGHT_DTYPES:
            raise CheckpointError(f"{path}: {where}{key}={short(value)} must be one of {', '.join(WEIGHT_DTYPES)} or null; {FIX}")


def check_qwen4_exp_text(text: dict, defaults: dict[str, Any], path: Path, where: str) -> None:
    """A Qwen4-Exp text config's keys (`where`: "text_config." or ""), checked, then compared with
    each other, then its sizes bounded; `defaults`: transformers' value of each key left out."""
    try:
        given = {key: check_value(f"{where}{key}", text[key], hint) for key, hint in QWEN4_EXP_TEXT_KEYS.items() if key in text}
        check_weight_dtype(text, path, where)
        values = {**defaults, **given}
        _check_agreement(text, values, where)
        _check_rope(text, where)
        allocations = _allocations(values, where)
        check_bytes(allocations, MAX_ALLOCATION_BYTES)
        check_total_bytes(allocations, MAX_MODEL_BYTES)
    except ConfigError as err:
        raise CheckpointError(f"{path}: {err}; {FIX}") from None


def _check_agreement(text: dict, values: dict, where: str) -> None:
    layers, vocab = values["num_hidden_layers"], values["vocab_size"]
    kinds = values["layer_types"]
    if kinds is not None:
        if len(kinds) != layers:
            raise ConfigError(f"{where}layer_types has {len(kinds)} entries but {where}num_hidden_layers={layers}: one per layer")
        unknown = sorted(set(kinds) - set(LAYER_TYPES))
        if unknown:
            raise ConfigError(f"{where}layer_types holds {short(unknown)}; Qwen4-Exp's layers are {', '.join(LAYER_TYPES)}")
    ple = values["ple_layer_ids"] or ()
    outside = [layer for layer in ple if layer > layers]
    if outside:
        raise ConfigError(
            f"{where}ple_layer_ids={list(ple)} are one-indexed layers, but {outside} lie past num_hidden_layers={layers}"
        )
    heads = (values["ngram_size"] - 1) * values["heads_per_ngram"]
    memory = values["ple_embed_dim"] or values["hidden_size"]
    if memory % heads:
        raise ConfigError(
            f"{where}ple_embed_dim={memory} must be divisible by the {heads} n-gram heads ((ngram_size - 1) x heads_per_ngram)"
        )
    if values["num_experts_per_tok"] > values["num_experts"]:
        raise ConfigError(
            f"{where}num_experts_per_tok={values['num_experts_per_tok']} must be at most num_experts={values['num_experts']}"
        )
    if values["hidden_act"] not in _activations():
        raise ConfigError(f"{where}hidden_act={short(values['hidden_act'])} must be one of {', '.join(sorted(_activations()))}")
    gate = values["output_gate_type"] or values["hidden_act"]
    if gate not in GATE_TYPES:
        raise ConfigError(f"{where}output_gate_type={short(gate)} must be one of {', '.join(GATE_TYPES)}")
    for key in ("pad_token_id", "bos_token_id"):
        if values[key] is not None and values[key] >= vocab:
            raise ConfigError(f"{where}{key}={values[key]} is not a token id below vocab_size={vocab}")
    eos = text.get("eos_token_id", values.get("eos_token_id"))
    ids = check_value(f"{where}eos_token_id", eos if isinstance(eos, list) else [eos], tuple[TokenId, ...])
    if not ids or any(i >= vocab for i in ids):
        raise ConfigError(
            f"{where}eos_token_id={short(eos)} must be a token id below vocab_size={vocab} (or a list of them): "
            "Qwen4-Exp's n-gram history stops at it"
        )


def _check_rope(text: dict, where: str) -> None:
    for key in ("rope_parameters", "rope_scaling"):
        rope = text.get(key)
        if rope is None:
            continue
        if not isinstance(rope, dict):
            raise ConfigError(f"{where}{key}={short(rope)} must be an object of RoPE settings or null")
        kind = check_value(f"{where}{key}.rope_type", rope.get("rope_type", rope.get("type", "default")), str)
        if kind not in ROPE_TYPES:
            raise ConfigError(f"{where}{key}.rope_type={short(kind)} must be one of {', '.join(ROPE_TYPES)}")
        missing = [name for name in ROPE_TYPES[kind] if name not in rope]  # rope_theta has a default
        if missing:
            raise ConfigError(f"{where}{key} of rope_type {kind!r} has no {', '.join(missing)}")
        for name, value in rope.items():
            if name in ROPE_KEYS:
                check_value(f"{where}{key}.{name}", value, ROPE_KEYS[name])
        if len(rope.get("mrope_section", (0, 0, 0))) != 3:
            raise ConfigError(
                f"{where}{key}.mrope_section={short(rope['mrope_section'])} must list 3 sizes (time, height, width)"
            )


def _allocations(values: dict, where: str) -> list[Allocation]:
    """The largest tensors a Qwen4-Exp text config asks for (fp32), with how many of each."""
    v = values
    d, layers = v["hidden_size"], v["num_hidden_layers"]
    hc = v["hc_count"] * d
    heads = (v["ngram_size"] - 1) * v["heads_per_ngram"]
    memory = v["ple_embed_dim"] or d
    ple_layers = max(1, len(v["ple_layer_ids"] or ()))
    experts = 3 * v["num_experts"] * v["moe_intermediate_size"] * d
    attention = (3 * v["num_attention_heads"] + 2 * v["num_key_value_heads"]) * v["head_dim"] * d
    key_dim, value_dim = (
        v["linear_num_key_heads"] * v["linear_key_head_dim"],
        v["linear_num_value_heads"] * v["linear_value_head_dim"],
    )
    table = heads * v["ngram_vocab_size_base"] * (memory // heads)  # a prime at or above the base per head

    def keys(*names: str) -> dict[str, Any]:
        return {f"{where}{name}": v[name] for name in names}

    return [
        Allocation(keys("vocab_size", "hidden_size"), v["vocab_size"] * d * 4, "the token embedding (fp32)", 2),
        Allocation(
            keys("num_experts", "moe_intermediate_size", "hidden_size"), experts * 4, "one layer's experts (fp32)", layers
        ),
        Allocation(keys("num_attention_heads", "head_dim", "hidden_size"), attention * 4, "one layer's attention (fp32)", layers),
        Allocation(
            keys("linear_num_value_heads", "linear_value_head_dim", "hidden_size"),
            (2 * key_dim + 2 * value_dim) * d * 4,
            "one layer's linear attention (fp32)",
            layers,
        ),
        Allocation(
            keys("hc_lowrank", "hc_count", "hidden_size"), 2 * hc * v["hc_lowrank"] * 4, "a hyper-connection mixer", 2 * layers
        ),
        Allocation(keys("ngram_vocab_size_base", "ple_embed_dim"), table * 4, "one PLE layer's n-gram table (fp32)", ple_layers),
        Allocation(
            keys("ple_embed_dim", "hc_count", "hidden_size"), memory * (hc + d) * 4, "one PLE layer's projections", ple_layers
        ),
    ]


def _activations() -> set[str]:
    from transformers.activations import ACT2FN

    return set(ACT2FN)
