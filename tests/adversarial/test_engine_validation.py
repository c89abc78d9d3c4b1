"""Validation at the door: configs of the wrong type, out of bounds or too big to allocate
(ours, a training config, DeepSeek's config.json), sampling arguments that would sample
something else, hook names that name no hook point. Each case asserts a one-line error that
names the key or argument (and, for sizes, the bytes), raised before anything is allocated."""

import dataclasses
import json
import time

import numpy as np
import pytest
import torch
from conftest import small_config, small_train_config
from test_config import V41_FLASH_CONFIG
from typer.testing import CliRunner

from engram_model import CheckpointError, ModelConfig, load_model, save_model
from engram_model.config import MAX_ALLOCATION_BYTES, ConfigError, EngramConfig, MoEConfig
from engram_model.generation import sample_next_token
from engram_model.model import UnknownHookError
from engram_model.sweep import scale_tables
from engram_model.train import TrainConfig, TrainingError
from engram_model.v41_checkpoint import load_v41
from engram_model.v41_synthetic import write_synthetic_v41
from probe.cli import app

TINY = ModelConfig.preset("tiny")


def with_field(key: str, value):
    """The tiny preset's JSON with `key` (`field` or `section.field`) set to `value`."""
    data = json.loads(TINY.to_json())
    section, _, name = key.rpartition(".")
    (data[section] if section else data)[name] = value
    return data


def refused(build, *needles: str) -> str:
    """The one-line ConfigError `build()` raises, checked to name each of `needles`."""
    with pytest.raises(ConfigError) as caught:
        build()
    message = str(caught.value)
    assert "\n" not in message and len(message) < 600, message
    for needle in needles:
        assert needle in message, f"{needle!r} not in {message!r}"
    return message


# --- types ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, value, says",
    [
        ("n_layers", 6.0, "write 6"),
        ("n_layers", True, "whole number"),
        ("n_layers", "6", "without quotes"),
        ("n_layers", None, "whole number"),
        ("vocab_size", [8192], "whole number"),
        ("d_model", float("nan"), "whole number"),
        ("d_model", 128.5, "whole number"),
        ("init_std", "x", "finite number"),
        ("init_std", float("inf"), "finite number"),
        ("rope_theta", "1e4", "finite number"),
        ("rope_theta", False, "finite number"),
        ("norm_eps", float("inf"), "finite number"),
        ("norm_eps", float("-inf"), "finite number"),
        ("norm_eps", float("nan"), "finite number"),
        ("tie_embeddings", "false", "write false without quotes"),
        ("tie_embeddings", "True", "write true without quotes"),
        ("tie_embeddings", 0, "true or false"),
        ("tie_embeddings", None, "true or false"),
        ("moe.top_k", 1.0, "write 1"),
        ("moe.n_shared", "1", "without quotes"),
        ("engram.layers", "13", "list of whole numbers"),
        ("engram.layers", [1.0, 3], "engram.layers[0]"),
        ("engram.layers", 1, "list of whole numbers"),
        ("engram.table_base_sizes", {"2": 5760}, "list of whole numbers"),
        ("engram.table_base_sizes", [5760, "5760"], "engram.table_base_sizes[1]"),
        ("engram.max_ngram", "3", "without quotes"),
        ("engram.pad_id", 2.7, "whole number"),
        ("engram.compressed_pad_id", 2.0, "write 2"),
        ("engram.seed", 0.5, "whole number"),
        ("engram.fused_kv", "true", "write true without quotes"),
        ("engram.gate_norm_eps", "1e-6", "finite number > 0 and <= 1 or null"),
        ("engram.conv_norm_eps", float("nan"), "finite number"),
    ],
)
def test_a_field_of_the_wrong_type_is_named_with_the_fix(key, value, says):
    refused(lambda: ModelConfig.from_dict(with_field(key, value)), f"{key}" if "[" not in says else "", says)


@pytest.mark.parametrize(
    "key, value, says",
    [
        ("n_layers", 0, ">= 1"),
        ("n_layers", 10**6, "<= 4096"),
        ("hc_streams", 65, "<= 64"),
        ("n_kv_heads", -1, ">= 1"),
        ("d_head", -2, ">= 0"),
        ("norm_eps", 0.0, "> 0"),
        ("norm_eps", -1e-6, "> 0"),
        ("init_std", -0.02, "> 0"),
        ("rope_theta", 0, "> 0"),
        ("moe.top_k", 5, "between 1 and moe.n_routed=4"),
        ("moe.n_shared", -1, ">= 0"),
        ("engram.max_ngram", 1, ">= 2"),
        ("engram.table_base_sizes", [1, 5760], "engram.table_base_sizes[0]=1 must be >= 2"),
        ("engram.layers", [-1, 3], "engram.layers[0]=-1"),
        ("engram.seed", -1, ">= 0"),
        ("engram.gate_norm_eps", 0.0, "> 0"),
        ("engram.compressed_pad_id", 8192, "below compressed_vocab_size"),
    ],
)
def test_a_field_out_of_bounds_is_named_with_its_bounds(key, value, says):
    refused(lambda: ModelConfig.from_dict(with_field(key, value)), key.rpartition(".")[2], says)


def test_the_same_checks_guard_direct_construction_and_replace():
    refused(lambda: dataclasses.replace(TINY, n_layers=6.0), "n_layers=6.0", "write 6")
    refused(lambda: dataclasses.replace(TINY.engram, head_dim="32"), "engram.head_dim")
    refused(lambda: MoEConfig(n_routed=4, top_k=True, d_expert=8), "moe.top_k")
    refused(lambda: dataclasses.replace(TINY, moe={"n_routed": 4, "top_k": 1, "d_expert": 8}), "moe=", "MoEConfig")
    refused(lambda: dataclasses.replace(TINY, engram=[1, 3]), "engram=", "EngramConfig")


def test_whole_numbers_from_numpy_and_json_floats_for_float_fields_are_normalised():
    cfg = dataclasses.replace(TINY, n_layers=np.int64(6), rope_theta=10000, d_ff=np.int32(512))
    assert (type(cfg.n_layers), type(cfg.rope_theta), type(cfg.d_ff)) == (int, float, int)
    engram = dataclasses.replace(TINY.engram, layers=[np.int64(1), 3], table_base_sizes=np.array([5760, 5760]))
    assert engram.layers == (1, 3) and type(engram.layers[0]) is int and engram.table_base_sizes == (5760, 5760)
    assert ModelConfig.from_json(dataclasses.replace(TINY, engram=engram).to_json()) == TINY
    assert dataclasses.replace(TINY, tie_embeddings=np.bool_(False)).tie_embeddings is False


def test_every_preset_passes_its_own_checks():
    for name in ("tiny", "tiny-baseline", "deepseek-engram-27b", "deepseek-v4.1-flash", "engram-demo-v1"):
        preset = ModelConfig.preset(name)
        assert ModelConfig.from_json(preset.to_json()) == preset


# --- sizes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, value, what",
    [
        ("max_seq_len", 10**12, "rotary tables"),
        ("max_seq_len", 2**31, "rotary tables"),
        ("vocab_size", 2**31 - 1, "token embedding"),
        ("engram.table_base_sizes", [5_760_000_000_000] * 2, "one layer's table"),
        ("engram.table_base_sizes", [10**10, 5760], "one layer's table"),
        ("moe.d_expert", 2**20, "experts"),
    ],
)
def test_a_size_that_would_allocate_more_than_the_limit_names_the_key_and_the_bytes(key, value, what):
    data = with_field(key, value)
    if key == "vocab_size":
        data["d_model"] = 2**12
    if key == "moe.d_expert":
        data["moe"]["n_routed"], data["d_model"] = 2**12, 2**12
    message = refused(lambda: ModelConfig.from_dict(data), f"{key}=", what, " bytes", "lower ")
    assert key in message.split("; lower ")[1]
    assert f"{MAX_ALLOCATION_BYTES:,} bytes" in message


def test_a_model_whose_parts_fit_but_whose_whole_does_not_is_refused():
    data = with_field("n_layers", 4096)
    data["d_model"], data["n_heads"], data["n_kv_heads"], data["d_ff"] = 8192, 64, 64, 2**16
    data["moe"], data["first_dense_layers"], data["engram"] = None, 0, None
    refused(lambda: ModelConfig.from_dict(data), "in all", "one dense FFN", "d_ff=65536")


def test_table_rows_scaled_by_a_billion_are_refused_at_once_not_after_a_prime_search():
    start = time.perf_counter()
    refused(lambda: scale_tables(TINY, 1e9), "engram.table_base_sizes=[5760000000000, 5760000000000]", "PiB")
    assert time.perf_counter() - start < 5


def test_train_table_rows_1e9_is_a_clean_cli_error(tmp_path):
    result = CliRunner().invoke(app, ["train", "--table-rows", "1e9", "--out", str(tmp_path / "run")], env={"COLUMNS": "300"})
    assert result.exit_code == 2, result.output  # a usage error (the CLI's own bound, or the config's), not a traceback
    assert "--table-rows" in result.output or "engram.table_base_sizes" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (tmp_path / "run").exists()


# --- JSON that is no config --------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_json_nested_deeply_is_a_config_error_not_a_recursion_error(depth):
    for text in ("[" * depth + "]" * depth, '{"vocab_size": ' * depth + "1" + "}" * depth):
        refused(lambda: ModelConfig.from_json(text), "model config")


def test_a_deep_value_inside_a_field_is_shown_short():
    message = refused(lambda: ModelConfig.from_dict(with_field("d_model", json.loads("[" * 500 + "]" * 500))), "d_model=")
    assert len(message) < 200


def test_a_checkpoint_config_nested_deeply_is_a_checkpoint_error(model, tmp_path):
    saved = save_model(model, tmp_path / "ckpt")
    (saved / "config.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CheckpointError, match=r"config\.json is not a readable ModelConfig .*nested too deeply"):
        load_model(saved, verify=False)


# --- DeepSeek's config.json ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, value, says",
    [
        ("engram_max_ngram_size", "4", "write 4 without quotes"),
        ("engram_max_ngram_size", 4.0, "write 4"),
        ("hidden_size", float("nan"), "whole number"),
        ("engram_pad_token_id", 2.7, "whole number"),
        ("engram_pad_token_id", -1, ">= 0"),
        ("rms_norm_eps", float("inf"), "finite number"),
        ("rms_norm_eps", "1e-6", "finite number"),
        ("tie_word_embeddings", "false", "write false without quotes"),
        ("engram_layer_ids", "1,14", "list of whole numbers"),
        ("engram_num_embeddings", [1.5, 2], "engram_num_embeddings[0]"),
        ("engram_vocab_size", [16_000_000], "whole number"),
        ("engram_n_heads", 0, ">= 1"),
        ("hc_mult", True, "whole number"),
        ("n_routed_experts", 384.0, "write 384"),
        ("rms_norm_eps", None, "finite number"),
    ],
)
def test_a_deepseek_key_of_the_wrong_type_is_named_by_deepseeks_name(key, value, says):
    refused(lambda: ModelConfig.from_deepseek({**V41_FLASH_CONFIG, key: value}), f"{key}" if "[" not in says else "", says)


@pytest.mark.parametrize(
    "key, value, names",
    [
        ("max_position_embeddings", 10**12, "max_seq_len is max_position_embeddings"),
        ("engram_vocab_size", 10**13, "engram.table_base_sizes is engram_vocab_size"),
        ("num_key_value_heads", 3, "n_kv_heads is num_key_value_heads"),
        ("engram_layer_ids", [1, 99], "engram.layers is engram_layer_ids"),
    ],
)
def test_a_deepseek_config_that_fails_our_checks_names_the_deepseek_key(key, value, names):
    refused(lambda: ModelConfig.from_deepseek({**V41_FLASH_CONFIG, key: value}), names)


def test_an_optional_deepseek_key_set_to_null_is_a_key_not_given():
    data = {**V41_FLASH_CONFIG, "num_key_value_heads": None, "intermediate_size": None}
    assert ModelConfig.from_deepseek(data).n_kv_heads == 1


def test_a_v41_checkpoint_with_a_bad_config_is_refused_naming_the_key(tmp_path):
    directory = write_synthetic_v41(tmp_path / "ckpt", base_rows=31)
    config = json.loads((directory / "config.json").read_text())
    for key, value in (("hidden_size", 64.0), ("engram_max_ngram_size", "4"), ("tie_word_embeddings", "false")):
        (directory / "config.json").write_text(json.dumps({**config, key: value}))
        with pytest.raises(CheckpointError, match=rf"config\.json: {key}="):
            load_model(directory, tier="mmap", engram_only=True)
    # the V4.1 reader itself (load_model first asks the bridges whether config.json is theirs)
    (directory / "config.json").write_text('{"a": ' * 100_000 + "1" + "}" * 100_000)
    with pytest.raises(CheckpointError, match="nested too deeply"):
        load_v41(directory, tier="mmap")
    (directory / "model.safetensors.index.json").write_text("[" * 100_000 + "]" * 100_000)
    (directory / "config.json").write_text(json.dumps(config))
    with pytest.raises(CheckpointError, match="is not a readable safetensors index"):
        load_model(directory, tier="mmap", engram_only=True)


# --- training configs -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, value, says",
    [
        ("lr", float("nan"), "finite number"),
        ("lr", "3e-3", "finite number"),
        ("lr", 0, "> 0"),
        ("tokens", 1e9, "write 1000000000"),
        ("batch_size", 4.0, "write 4"),
        ("betas", [0.9], "list of 2"),
        ("betas", [0.9, 1.0], "betas[1]=1.0 must be >= 0 and < 1"),
        ("grad_clip", float("inf"), "finite number"),
        ("min_lr_ratio", 2.0, "<= 1"),
        ("warmup_steps", -1, ">= 0"),
        ("sparse_tables", "yes", "true or false"),
        ("seed", -1, ">= 0"),
        ("threads", 1.5, "whole number"),
        ("model", {"vocab_size": 8}, "ModelConfig"),
    ],
)
def test_a_training_config_field_is_checked_like_a_model_field(tokenizer, key, value, says):
    with pytest.raises(TrainingError) as caught:
        small_train_config(tokenizer, **{key: value})
    assert isinstance(caught.value, ConfigError)  # one error for every config, whichever except clause
    assert f"train config {key}" in str(caught.value) and says in str(caught.value)


def test_a_training_batch_whose_logits_would_not_fit_is_refused(tokenizer):
    base = small_train_config(tokenizer)
    model = dataclasses.replace(base.model, max_seq_len=2**24)
    with pytest.raises(
        TrainingError, match=r"train config batch_size=\d+ and seq_len=\d+ would need one batch's logits .* bytes"
    ):
        dataclasses.replace(base, model=model, seq_len=2**24, batch_size=2**16, tokens=2**62)


def test_a_training_config_from_json_is_checked(tokenizer):
    data = json.loads(json.dumps(small_train_config(tokenizer).to_dict()))
    assert TrainConfig.from_dict(data) == small_train_config(tokenizer)
    with pytest.raises(TrainingError, match=r"unknown training config field\(s\) \['learning_rate'\]"):
        TrainConfig.from_dict({**data, "learning_rate": 1})
    with pytest.raises(ConfigError, match=r"d_model=32\.5"):
        TrainConfig.from_dict({**data, "model": {**data["model"], "d_model": 32.5}})
    with pytest.raises(TrainingError, match="JSON object"):
        TrainConfig.from_dict([data])


# --- sampling arguments ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, says",
    [
        (dict(temperature=-1), "temperature=-1 is negative"),
        (dict(temperature=-1e-9), "negative"),
        (dict(temperature=float("nan")), "temperature=nan must be a finite number >= 0"),
        (dict(temperature=float("inf")), "finite number"),
        (dict(temperature="1"), "temperature='1'"),
        (dict(temperature=True), "temperature=True"),
        (dict(temperature=None), "temperature=None"),
        (dict(temperature=1.0, top_k=0), "top_k=0 must be None"),
        (dict(temperature=1.0, top_k=-5), "top_k=-5"),
        (dict(temperature=1.0, top_k=2.5), "top_k=2.5"),
        (dict(temperature=1.0, top_k="5"), "top_k='5'"),
        (dict(temperature=1.0, top_k=True), "top_k=True"),
        (dict(max_new_tokens=-1), "max_new_tokens=-1"),
        (dict(max_new_tokens=2.0), "max_new_tokens=2.0"),
    ],
)
def test_generate_refuses_sampling_arguments_naming_them(model, kwargs, says):
    with pytest.raises(ValueError) as caught:
        model.generate("The", **{"max_new_tokens": 2, **kwargs})
    assert says in str(caught.value)


def test_sample_next_token_checks_its_arguments_too():
    logits = torch.tensor([[0.0, 3.0, 1.0, 2.0]])
    for temperature, top_k in ((-1.0, None), (float("nan"), None), (1.0, 0), (1.0, 1.5)):
        with pytest.raises(ValueError, match="temperature|top_k"):
            sample_next_token(logits, temperature, top_k, None)
    # a negative temperature would have sampled the least likely id; a valid one never does
    generator = torch.Generator().manual_seed(0)
    assert {int(sample_next_token(logits, 1.0, 1, generator)) for _ in range(20)} == {1}
    assert int(sample_next_token(logits, 1e-30, None, generator)) == 1  # tiny: greedy, not NaN
    assert int(sample_next_token(logits, 1.0, np.int64(1), generator)) == 1  # numpy ints are whole numbers
    assert {int(sample_next_token(logits, 1.0, 100, generator)) for _ in range(50)} <= {0, 1, 2, 3}  # k > vocab: all


def test_valid_sampling_still_samples(model):
    out = model.generate("The", max_new_tokens=4, temperature=0.7, top_k=5, seed=1, stop_at_eos=False)
    assert isinstance(out, str)
    assert model.generate(torch.ones(1, 3, dtype=torch.long), max_new_tokens=0).shape == (1, 3)


# --- hook names -------------------------------------------------------------------------------------------


def no_hooks_attached(model) -> bool:
    return all(not hook.fwd_hooks and not hook.bwd_hooks for hook in model.hook_dict.values())


@pytest.mark.parametrize(
    "names_filter, close",
    [
        ("blocks.0.hook_resid_prе", "blocks.0.hook_resid_pre"),  # a Cyrillic e
        ("blocks.1.engram.hook_gates", "blocks.1.engram.hook_gate"),
        (["hook_embed", "blocks.0.hook_attn_outt"], "blocks.0.hook_attn_out"),
        (("hook_embed", "ln_final.hook_normalised"), "ln_final.hook_normalized"),
        ("blocks.9.hook_resid_post", "blocks 0..2"),
        ("blocks.0.attn", "blocks.0.attn.hook_"),
    ],
)
def test_run_with_cache_with_a_misspelt_hook_name_lists_close_matches(model, text, names_filter, close):
    for error in (KeyError, ValueError):
        with pytest.raises(error) as caught:
            model.run_with_cache(text, names_filter=names_filter)
        assert close in str(caught.value) and "is not a hook point" in str(caught.value)
        assert isinstance(caught.value, UnknownHookError)
    assert no_hooks_attached(model)


def test_run_with_hooks_hooks_and_add_hook_check_names_before_adding_any(model, text):
    keep = lambda tensor, hook: tensor  # noqa: E731
    with pytest.raises(KeyError, match=r"did you mean blocks\.0\.hook_mlp_out"):
        model.run_with_hooks(text, fwd_hooks=[("hook_embed", keep), ("blocks.0.hook_mlp_ot", keep)])
    assert no_hooks_attached(model)
    with pytest.raises(ValueError, match="bwd_hooks name 'blocks.2.hook_resid_mdi'"):
        with model.hooks(bwd_hooks=[("blocks.2.hook_resid_mdi", keep)]):
            pass
    with pytest.raises(KeyError, match="hook name 'hook_embd'"):
        model.add_hook("hook_embd", keep)
    with pytest.raises(TypeError, match=r"wrap the one pair in a list: \[\('hook_embed', fn\)\]"):
        model.run_with_hooks(text, fwd_hooks=("hook_embed", keep))
    with pytest.raises(ValueError, match="names_filter=5"):
        model.run_with_cache(text, names_filter=5)
    assert no_hooks_attached(model)


def test_valid_names_filters_and_hooks_still_work(model, text):
    _, cache = model.run_with_cache(text, names_filter=("hook_embed", "blocks.1.engram.hook_gate"))
    assert sorted(cache.keys()) == ["blocks.1.engram.hook_gate", "hook_embed"]
    _, cache = model.run_with_cache(text, names_filter=lambda name: name.endswith("hook_resid_post"))
    assert len(cache.keys()) == model.cfg.n_layers
    seen = []
    model.run_with_hooks(text, fwd_hooks=((name, lambda t, hook: seen.append(hook.name)) for name in ["hook_embed"]))
    assert seen == ["hook_embed"] and no_hooks_attached(model)


def test_a_trained_model_still_trains_with_checked_hooks(tokenizer, corpus, tmp_path):
    """Training adds its expert-load hooks through `hooks()`: the check must pass them."""
    from engram_model.train import train

    train_docs, validation_docs = corpus
    cfg = dataclasses.replace(small_train_config(tokenizer), tokens=2 * 4 * 32, checkpoint_every=2, eval_every=2)
    summary = train(cfg, train_docs, validation_docs, tokenizer, tmp_path / "run")
    assert np.isfinite(summary["validation"]["overall"])


def test_small_config_fixture_is_unchanged_by_the_checks(tokenizer):
    cfg = small_config(tokenizer)
    assert ModelConfig.from_json(cfg.to_json()) == cfg
    assert isinstance(cfg.engram, EngramConfig) and cfg.engram.layers == (1, 2)
