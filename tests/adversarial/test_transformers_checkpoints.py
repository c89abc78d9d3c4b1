"""Malformed transformers (Qwen4-Exp) checkpoints: every one is refused in one line naming the
file and the key, through `load_model`, through the offload commands' addressing
(`checkpoint_addressing`: config.json, tokenizer.json and headers only) and, for some, the CLI.

One tiny checkpoint is built with transformers' own classes (`test_qwen4_exp_bridge`); each case
is a copy of it (its shards hard-linked, every changed file written anew) with one thing broken.
Each class is a generator of instances: several bad values per config key, several corruptions
per file. Nothing here is big, so each refusal comes at once; no test waits on a clock.
"""

import json
import math
import os
import re
import shutil
import struct
from pathlib import Path

import pytest

transformers = pytest.importorskip("transformers")
from test_qwen4_exp_bridge import build_causal_lm, save  # noqa: E402

from adversarial.test_runs import invoke  # noqa: E402
from engram_model import CheckpointError, load_model  # noqa: E402
from engram_model.config import ConfigError  # noqa: E402
from engram_model.tokenizer import load_tokenizer  # noqa: E402
from probe.offload.models import checkpoint_addressing  # noqa: E402

INDEX = "model.safetensors.index.json"
NAN = float("nan")


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory) -> Path:
    return save(build_causal_lm(), tmp_path_factory.mktemp("qwen") / "ckpt")


def copy_of(checkpoint: Path, target: Path) -> Path:
    """The checkpoint, its files hard-linked: a case replaces a file (`rewrite`), never edits one."""
    shutil.copytree(checkpoint, target, copy_function=os.link)
    return target


def rewrite(path: Path, data: str | bytes) -> None:
    path.unlink()
    path.write_bytes(data.encode() if isinstance(data, str) else data)


def refusal(directory: Path) -> list[str]:
    """The one-line refusals of `load_model` and of the offload addressing (each must refuse)."""
    messages = []
    for open_it in (lambda: load_model(directory), lambda: checkpoint_addressing(str(directory))):
        with pytest.raises(CheckpointError) as caught:
            open_it()
        messages.append(str(caught.value))
    for message in messages:
        assert "\n" not in message and "DeepSeek" not in message, message
    return messages


# --- config.json: typed, bounded keys ------------------------------------------------------

BAD_VALUES = {
    "hidden_size": [0, -64, 2**70, 64.5, "64", True, None],
    "num_hidden_layers": [0, 10**7, 2**63, 4.0],
    "max_position_embeddings": [0, -1, 2**41, "256"],
    "rms_norm_eps": [NAN, math.inf, -1e-6, 0.0, "1e-6", 2.0],
    "vocab_size": [0, 2**31, [8192]],
    "hc_count": [1, 0, 65],
    "ngram_size": [1, 1000],
    "heads_per_ngram": [0, 3],  # 3: ple_embed_dim 64 is not divisible by 6 heads
    "num_experts_per_tok": [0, 5],  # 5: more than num_experts 4
    "ngram_vocab_size_base": [1, 2**50],
    "ple_layer_ids": [[99], [0], "1", [1.5]],
    "layer_types": [["linear_attention"], ["linear_attention"] * 5, ["linear_attention", "x", "linear_attention", "y"], "abc"],
    "rope_parameters": [
        {"rope_type": "yarn", "rope_theta": 1e4},
        {"rope_type": "linear"},
        {"rope_type": "llama3", "factor": 8.0},
        {"rope_type": "bogus"},
        [1, 2],
        {"rope_type": "default", "rope_theta": "x"},
        {"rope_type": "default", "rope_theta": NAN},
        {"rope_type": "default", "mrope_section": "x"},
        {"rope_type": "default", "partial_rotary_factor": 2.0},
    ],
    "dtype": ["float99", 3, "int8"],
    "torch_dtype": ["float99", "uint8"],
    "eos_token_id": [99999, -1, [], [1, 99999], "1"],
    "bos_token_id": [8192, -3],
    "pad_token_id": [10**6],
    "hidden_act": ["no_such_activation", 7],
    "seed": [-1, 2**64],
    "split_ngram_parts": [0],
    "quantization_config": [{"quant_method": "bitsandbytes", "load_in_4bit": True}, {"quant_method": "fp8"}, "gptq"],
    "auto_map": [{"AutoModelForCausalLM": "modeling.Model"}, {}],
}
CONFIG_CASES = [(key, value) for key, values in BAD_VALUES.items() for value in values]
# sizes that fit every key's own bound but ask for more bytes than a config may
TOO_BIG = [
    {"vocab_size": 2**31 - 1, "hidden_size": 2**20},
    {"ngram_vocab_size_base": 2**40, "ple_embed_dim": 2**16, "hidden_size": 2**16},
    {"num_experts": 2**16, "moe_intermediate_size": 2**20, "hidden_size": 2**12},
    {"num_hidden_layers": 4096, "layer_types": None, "ple_layer_ids": [1], "hidden_size": 2**16, "moe_intermediate_size": 2**16},
]


def with_keys(checkpoint: Path, target: Path, **keys) -> Path:
    directory = copy_of(checkpoint, target)
    config = json.loads((checkpoint / "config.json").read_text())
    config.update(keys)
    rewrite(directory / "config.json", json.dumps(config))  # NaN and Infinity as Python writes them
    return directory


@pytest.mark.parametrize("key, value", CONFIG_CASES, ids=[f"{key}={str(value)[:20]}" for key, value in CONFIG_CASES])
def test_a_bad_config_value_is_refused_naming_the_file_and_the_key(checkpoint, tmp_path, key, value):
    directory = with_keys(checkpoint, tmp_path / "case", **{key: value})
    for message in refusal(directory):
        assert str(directory / "config.json") in message and key in message, message


@pytest.mark.parametrize("keys", TOO_BIG, ids=lambda keys: ",".join(keys))
def test_sizes_past_the_byte_limits_are_refused_before_anything_is_built(checkpoint, tmp_path, keys):
    directory = with_keys(checkpoint, tmp_path / "case", **keys)
    for message in refusal(directory):
        assert "would need" in message or "would take" in message, message
        assert any(key in message for key in keys), message


# --- config.json, the index and the headers as files: bounded reads -----------------------


def fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def link_to(target: str):
    def replace(path: Path) -> None:
        path.unlink()
        path.symlink_to(target)

    return replace


def sparse(size: int):
    def replace(path: Path) -> None:
        path.unlink()
        with open(path, "wb") as f:
            f.truncate(size)

    return replace


def text(content: str | bytes):
    return lambda path: rewrite(path, content)


FILE_CASES = {
    # what it becomes, what the refusal says of it
    "nested list": (text("[" * 100_000 + "]" * 100_000), "nested too deeply"),
    "nested object": (text('{"a": ' * 100_000 + "1" + "}" * 100_000), "nested too deeply"),
    "nested 70 deep": (text('{"model_type": "qwen4_exp_text", "x": ' + "[" * 70 + "]" * 70 + "}"), "nested too deeply"),
    "not JSON": (text("{model_type: qwen"), "not valid JSON"),
    "not UTF-8": (text(b'{"model_type": "\xff\xfe"}'), "not UTF-8"),
    "a list": (text("[1, 2]"), "not an object"),
    "a string": (text('"qwen4_exp"'), "not an object"),
    "a FIFO": (fifo, "is a FIFO"),
    "a folder": (folder, "is a directory"),
    "a link to /dev/zero": (link_to("/dev/zero"), "is a character device"),
    "a link to nothing": (link_to("missing.json"), "which does not exist"),
    "a link loop": (link_to("config.json"), "cannot be read"),
    "huge": (sparse(1 << 30), "more than the"),
}


def named_as_what_it_is(checkpoint, tmp_path, name: str, case: str):
    """Replace the checkpoint's file `name` as FILE_CASES[case] says; every refusal names the file
    and says what it is. (the directory, the words said)"""
    replace, says = FILE_CASES[case]
    directory = copy_of(checkpoint, tmp_path / "case")
    replace(directory / name)
    for message in refusal(directory):
        assert str(directory / name) in message and says in message, message
    return directory, says


@pytest.mark.parametrize("case", FILE_CASES)
def test_an_unreadable_config_json_is_named_as_what_it_is(checkpoint, tmp_path, case):
    """Never "a DeepSeek-V4.1 checkpoint" (the directory has a safetensors index, as V4.1's do)."""
    named_as_what_it_is(checkpoint, tmp_path, "config.json", case)


@pytest.mark.parametrize("case", [*FILE_CASES, "no weight_map", "weight_map a list", "a shard outside"])
def test_an_unreadable_index_is_refused_in_one_line(checkpoint, tmp_path, case):
    broken = {
        "no weight_map": (text('{"metadata": {}}'), "weight_map"),
        "weight_map a list": (text('{"weight_map": ["model-00001-of-00019.safetensors"]}'), "weight_map"),
        "a shard outside": (text('{"weight_map": {"lm_head.weight": "../model.safetensors"}}'), "weight_map"),
    }
    replace, says = {**FILE_CASES, **broken}[case]
    if case == "nested 70 deep":
        replace = text('{"weight_map": {}, "metadata": ' + "[" * 70 + "]" * 70 + "}")
    directory = copy_of(checkpoint, tmp_path / "case")
    replace(directory / INDEX)
    for message in refusal(directory):
        assert str(directory / INDEX) in message and (says in message or "weight_map" in message), message


# --- safetensors headers -------------------------------------------------------------------


def table_shard(directory: Path) -> Path:
    """The shard holding the first PLE table's parts (read by loading and by the addressing)."""
    weight_map = json.loads((directory / INDEX).read_text())["weight_map"]
    return directory / weight_map["model.layers.0.ple.ple_embedding.ngram_embedding.shard_0.weight"]


def header_of(path: Path) -> tuple[dict, bytes]:
    raw = path.read_bytes()
    (length,) = struct.unpack("<Q", raw[:8])
    return json.loads(raw[8 : 8 + length]), raw[8 + length :]


def with_header(header, data: bytes, length: int | None = None) -> bytes:
    encoded = header if isinstance(header, bytes) else json.dumps(header).encode()
    return struct.pack("<Q", len(encoded) if length is None else length) + encoded + data


def first_tensor(header: dict) -> str:
    return min((name for name in header if name != "__metadata__"), key=lambda name: header[name]["data_offsets"][0])


def edit(change):
    """A header corruption: `change(header, name of the first tensor)` edits the parsed header."""

    def corrupt(header: dict, data: bytes) -> bytes:
        change(header, first_tensor(header))
        return with_header(header, data)

    return corrupt


def second_overlaps(header, name):
    names = sorted((n for n in header if n != "__metadata__"), key=lambda n: header[n]["data_offsets"][0])
    header[names[1]]["data_offsets"][0] -= 4


HEADER_CASES = {
    "a list": lambda header, data: with_header([header], data),
    "nested deeply": lambda header, data: with_header(b"[" * 100_000 + b"]" * 100_000, data),
    "not JSON": lambda header, data: with_header(b"{'a': 1}", data),
    "a giant length": lambda header, data: with_header(header, data, length=2**62),
    "a length past the file": lambda header, data: with_header(header, data, length=len(data) + 10**6),
    "string offsets": edit(lambda h, n: h[n].update(data_offsets=[str(x) for x in h[n]["data_offsets"]])),
    "one offset": edit(lambda h, n: h[n].update(data_offsets=[0])),
    "offsets reversed": edit(lambda h, n: h[n].update(data_offsets=h[n]["data_offsets"][::-1])),
    "overlapping": edit(lambda h, n: second_overlaps(h, n)),
    "bogus dtype": edit(lambda h, n: h[n].update(dtype="F33")),
    "negative shape": edit(lambda h, n: h[n].update(shape=[-1, *h[n]["shape"][1:]])),
    "shape of strings": edit(lambda h, n: h[n].update(shape=["16"])),
    "shape past its bytes": edit(lambda h, n: h[n].update(shape=[2**40, 2**40])),
    "no dtype": edit(lambda h, n: h[n].pop("dtype")),
    "metadata not strings": edit(lambda h, n: h.update(__metadata__={"format": 3})),
    "an entry not an object": edit(lambda h, n: h.update({n: [1, 2]})),
    "truncated": lambda header, data: with_header(header, data[:-5]),
}


@pytest.mark.parametrize("case", HEADER_CASES)
def test_a_corrupt_safetensors_header_is_refused_naming_the_file(checkpoint, tmp_path, case):
    directory = copy_of(checkpoint, tmp_path / "case")
    shard = table_shard(directory)
    header, data = header_of(shard)
    rewrite(shard, HEADER_CASES[case](header, data))
    for message in refusal(directory):
        assert str(shard) in message, message


@pytest.mark.parametrize("case", ["a FIFO", "a folder", "a link to /dev/zero", "a link to nothing"])
def test_a_shard_that_is_not_a_file_is_named_as_what_it_is(checkpoint, tmp_path, case):
    replace, says = FILE_CASES[case]
    directory = copy_of(checkpoint, tmp_path / "case")
    shard = table_shard(directory)
    replace(shard)
    for message in refusal(directory):
        assert str(shard) in message and ("missing" in message or says in message), message


# --- weights: integer dtypes and NaN values --------------------------------------------------


@pytest.mark.parametrize("dtype", ["I32", "U32", "I16", "U8", "BOOL", "I64"])
def test_an_integer_weight_is_refused_at_load_naming_the_tensor(checkpoint, tmp_path, dtype):
    """The header says another dtype of the same bytes (I64 with half the values): transformers
    would load it as integers and compute with them."""
    directory = copy_of(checkpoint, tmp_path / "case")
    weight_map = json.loads((directory / INDEX).read_text())["weight_map"]
    name = "model.layers.1.linear_attn.norm.weight"
    shard = directory / weight_map[name]
    header, data = header_of(shard)
    begin, end = header[name]["data_offsets"]
    header[name]["dtype"] = dtype
    header[name]["shape"] = [(end - begin) // {"I32": 4, "U32": 4, "I16": 2, "U8": 1, "BOOL": 1, "I64": 8}[dtype]]
    rewrite(shard, with_header(header, data))
    with pytest.raises(CheckpointError, match=rf"{shard}: tensor {name!r} is {dtype}, but it must be floating-point"):
        load_model(directory)


@pytest.mark.parametrize("value", [NAN, math.inf, -math.inf])
@pytest.mark.parametrize(
    "name", ["model.layers.1.linear_attn.norm.weight", "model.hyper_connection_mixer.hc_norm.weight", "lm_head.weight"]
)
def test_a_non_finite_weight_is_refused_at_load_naming_it(checkpoint, tmp_path, name, value):
    directory = copy_of(checkpoint, tmp_path / "case")
    weight_map = json.loads((directory / INDEX).read_text())["weight_map"]
    shard = directory / weight_map[name]
    header, data = header_of(shard)
    begin = header[name]["data_offsets"][0]
    data = data[:begin] + struct.pack("<f", value) + data[begin + 4 :]
    rewrite(shard, with_header(header, data))
    with pytest.raises(CheckpointError, match=rf"weight {name} holds 1 NaN or infinite values"):
        load_model(directory)


def test_a_config_whose_layers_are_not_the_weights_is_refused_before_building(checkpoint, tmp_path):
    for layers in (5, 8, 4096):
        kinds = ["linear_attention"] * (layers - 1) + ["indexed_attention"]
        directory = with_keys(checkpoint, tmp_path / str(layers), num_hidden_layers=layers, layer_types=kinds)
        with pytest.raises(CheckpointError, match=rf"num_hidden_layers={layers}, but the weights hold decoder layers 0\.\.3"):
            load_model(directory)


def test_an_integer_hashing_constant_stored_as_floats_is_refused(checkpoint, tmp_path):
    directory = copy_of(checkpoint, tmp_path / "case")
    weight_map = json.loads((directory / INDEX).read_text())["weight_map"]
    for constant in ("layer_multipliers", "ngram_heads_offsets", "ngram_heads_vocab_sizes"):
        name = f"model.layers.0.ple.ple_embedding.{constant}"
        shard = directory / weight_map[name]
        header, data = header_of(shard)
        header[name]["dtype"] = "F64"  # the same 8 bytes a value
        rewrite(shard, with_header(header, data))
        with pytest.raises(CheckpointError, match=rf"tensor {name!r} is F64, but it must be I64"):
            load_model(directory)
        rewrite(shard, (checkpoint / shard.name).read_bytes())


# --- the tokenizer ------------------------------------------------------------------------


def with_pattern(tokenizer: dict, where: str, pattern: str) -> dict:
    tokenizer = dict(tokenizer)
    if where == "pre_tokenizer":
        split = {"type": "Split", "pattern": {"Regex": pattern}, "behavior": "Isolated", "invert": False}
        tokenizer["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [split, tokenizer["pre_tokenizer"]]}
    else:
        tokenizer["normalizer"] = {"type": "Replace", "pattern": {"Regex": pattern}, "content": "x"}
    return tokenizer


# (where, pattern, what the refusal says): patterns Oniguruma will not compile, patterns that
# panic the library when it tokenizes (a backtracking one past its retry limit, an empty match
# in a normalizer), and one too long to be a tokenizer's
PATTERNS = [
    ("pre_tokenizer", "(", "does not compile|compiles"),
    ("pre_tokenizer", "[a-", "compiles"),
    ("pre_tokenizer", "a{100000000}", "compiles"),
    ("pre_tokenizer", "(" * 5000 + ")" * 5000, "characters"),
    ("pre_tokenizer", "(a+)+$", "panicked"),
    ("pre_tokenizer", "( +)+$", "panicked"),
    ("pre_tokenizer", "(0|00)+$", "panicked"),
    ("normalizer", "", "panicked"),
    ("normalizer", "\\b", "panicked"),
    ("normalizer", "a*", "panicked"),
    ("normalizer", "x" * 5000, "characters"),
]


@pytest.mark.parametrize("where, pattern, says", PATTERNS, ids=[f"{w}:{p[:12]}" for w, p, _ in PATTERNS])
def test_a_tokenizer_pattern_that_breaks_the_library_is_refused_in_one_line(checkpoint, tmp_path, where, pattern, says):
    directory = copy_of(checkpoint, tmp_path / "case")
    tokenizer = json.loads((checkpoint / "tokenizer.json").read_text())
    rewrite(directory / "tokenizer.json", json.dumps(with_pattern(tokenizer, where, pattern)))
    for message in refusal(directory):
        assert str(directory / "tokenizer.json") in message, message
        assert any(word in message for word in says.split("|")), message


@pytest.mark.parametrize("case", ["a FIFO", "a folder", "a link to /dev/zero", "nested list", "not JSON", "huge", "a list"])
def test_a_tokenizer_json_that_is_not_one_is_named_as_what_it_is(checkpoint, tmp_path, case):
    directory, says = named_as_what_it_is(checkpoint, tmp_path, "tokenizer.json", case)
    with pytest.raises(ConfigError, match=says):  # what `--tokenizer PATH` calls
        load_tokenizer(directory / "tokenizer.json")


def test_a_tokenizer_path_that_is_a_device_fifo_or_folder_is_never_said_not_to_exist(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    for path, kind in (
        ("/dev/zero", "a character device"),
        (tmp_path / "pipe", "a FIFO (named pipe)"),
        (tmp_path, "a directory"),
    ):
        with pytest.raises(ConfigError, match=re.escape(f"{path} is {kind}, not a file")):
            load_tokenizer(path)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_tokenizer(tmp_path / "missing.json")


def test_a_model_without_a_tokenizer_names_the_missing_file_when_asked_for_text(checkpoint, tmp_path):
    directory = copy_of(checkpoint, tmp_path / "case")
    (directory / "tokenizer.json").unlink()
    with pytest.raises(CheckpointError, match=r"no tokenizer\.json; put the model's tokenizer\.json beside its config\.json"):
        load_model(directory).to_tokens("some text")


# --- the command line: one line, exit status 2 ------------------------------------------------


CLI_CASES = [
    ("config.json", lambda path: rewrite(path, "[" * 100_000 + "]" * 100_000), "nested too deeply"),
    ("config.json", link_to("/dev/zero"), "is a character device"),
    ("tokenizer.json", fifo, "is a FIFO"),
    (INDEX, lambda path: rewrite(path, '{"a": ' * 100_000 + "1" + "}" * 100_000), "nested too deeply"),
]


@pytest.mark.parametrize("file, replace, says", CLI_CASES, ids=[f"{file}:{says}" for file, _, says in CLI_CASES])
def test_the_offload_commands_refuse_a_broken_checkpoint_in_one_line(checkpoint, tmp_path, file, replace, says):
    directory = copy_of(checkpoint, tmp_path / "case")
    replace(directory / file)
    text_file = tmp_path / "text.txt"
    text_file.write_text("Alexander the Great was born in Pella.")
    code, output = invoke("offload", "rowstats", text_file, "--model", directory)
    assert code == 2 and says in output and "Traceback" not in output and "DeepSeek" not in output, output


@pytest.mark.parametrize(
    "key, value", [("hidden_size", 0), ("rms_norm_eps", NAN), ("quantization_config", {"quant_method": "fp8"})]
)
def test_the_cli_refuses_a_bad_config_value_in_one_line(checkpoint, tmp_path, key, value):
    directory = with_keys(checkpoint, tmp_path / "case", **{key: value})
    text_file = tmp_path / "text.txt"
    text_file.write_text("Alexander the Great was born in Pella.")
    code, output = invoke("offload", "rowstats", text_file, "--model", directory)
    assert code == 2 and key in output and "config.json" in output and "Traceback" not in output, output
