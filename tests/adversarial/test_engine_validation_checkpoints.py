"""Checkpoints holding values that are not finite: DeepSeek-V4.1 FP8 codes that decode to NaN
(E4M3 0x7F/0xFF), E8M0 scales 0xFF, NaN or infinite gains and scales, scales whose products
overflow; our own checkpoints' dense weights and table rows. Small tensors and dense weights
are refused at load, naming the tensor; table rows in an offloaded tier are refused when a
gather reads them, naming the layer and the row (a resident table, read whole, at load)."""

import json
import shutil

import numpy as np
import pytest
import torch
from conftest import small_config
from safetensors.torch import load_file, save_file

from engram_model import CheckpointError, EngramLM, TableError, TierOptions, load_model, save_model
from engram_model.checkpoint import table_key
from engram_model.files import sha256_of
from engram_model.tables import CachedTable, RowCodec, TableFile
from engram_model.v41_checkpoint import INDEX, engram_tensor
from engram_model.v41_synthetic import write_synthetic_v41

OFFLOADED = [TierOptions("mmap", "mmap"), TierOptions("mmap", "pread", io_threads=2), TierOptions("host")]


@pytest.fixture(scope="module")
def v41_dir(tmp_path_factory):
    return write_synthetic_v41(tmp_path_factory.mktemp("v41") / "ckpt", base_rows=61)


@pytest.fixture
def v41_copy(v41_dir, tmp_path):
    return shutil.copytree(v41_dir, tmp_path / "ckpt")


def rewrite(directory, name, change):
    """Replace tensor `name` in its shard with `change(tensor)`."""
    shard = directory / json.loads((directory / INDEX).read_text())["weight_map"][name]
    tensors = load_file(shard)
    tensors[name] = change(tensors[name])
    save_file(tensors, shard, metadata={"format": "pt"})
    return shard


def set_bytes(index, byte):
    """A change that writes `byte` at `index` of a one-byte tensor, keeping its dtype."""

    def change(tensor):
        raw = tensor.view(torch.uint8).clone()
        raw[index] = byte
        return raw.view(tensor.dtype)

    return change


def set_value(index, value):
    def change(tensor):
        tensor = tensor.clone()
        tensor[index] = value
        return tensor

    return change


def record_in_manifest(directory, name):
    manifest = json.loads((directory / "manifest.json").read_text())
    manifest["files"][name] = {"bytes": (directory / name).stat().st_size, "sha256": sha256_of(directory / name)}
    (directory / "manifest.json").write_text(json.dumps(manifest))


# --- V4.1: the small tensors, at load ---------------------------------------------------------------


@pytest.mark.parametrize(
    "layer, name, change, says",
    [
        (1, "wkv.scale", set_bytes((0, 0), 0xFF), r"code 0xFF, nan"),
        (3, "wkv.scale", set_bytes((9, 191), 0xFF), r"the first at \[9, 191\]"),
        (1, "wkv.weight", set_bytes((3, 4), 0x7F), r"code 0x7F, nan"),
        (3, "wkv.weight", set_bytes((100, 7), 0xFF), r"code 0xFF, nan"),
        (1, "q_weight", set_value((0, 7), float("inf")), r"\[0, 7\] \(inf\)"),
        (3, "q_weight", set_value((2, 0), float("-inf")), r"-inf"),
        (1, "k_weight", set_value((1, 1), float("nan")), r"nan"),
        (1, "wkv.scale", lambda t: set_value((2, 3), float("nan"))(t.float()), r"\[2, 3\] \(nan\)"),  # float32 scales
        (3, "wkv.scale", lambda t: set_value((0, 0), float("inf"))(t.float()), r"inf"),
    ],
)
def test_a_non_finite_small_tensor_is_refused_at_load_naming_it(v41_copy, layer, name, change, says):
    shard = rewrite(v41_copy, engram_tensor(layer, name), change)
    for tier in ("mmap", "host"):
        with pytest.raises(CheckpointError, match=rf"{shard.name}: tensor layers\.{layer}\.engram\.{name} holds \d+ NaN or"):
            load_model(v41_copy, tier=tier, engram_only=True)
        with pytest.raises(CheckpointError, match=says):
            load_model(v41_copy, tier=tier, engram_only=True)


def test_finite_codes_and_scales_whose_product_overflows_are_refused(v41_copy):
    rewrite(v41_copy, engram_tensor(1, "wkv.scale"), lambda t: torch.full_like(t.view(torch.uint8), 0xFE).view(t.dtype))
    with pytest.raises(CheckpointError, match=r"wkv\.weight times its scale overflows float32 at \[\d+, \d+\]"):
        load_model(v41_copy, tier="mmap", engram_only=True)


# --- V4.1: the tables, on gather ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "tensor, index, byte, says",
    [
        ("embed.scale", (17, 2), 0xFF, r"E8M0 scale 0xFF \(NaN\) for values 64-95"),
        ("embed.weight", (17, 9), 0x7F, r"E4M3 code 0x7F \(NaN\) at value 9"),
        ("embed.weight", (17, 255), 0xFF, r"E4M3 code 0xFF \(NaN\) at value 255"),
    ],
)
@pytest.mark.parametrize("options", OFFLOADED, ids=["mmap", "pread", "host"])
def test_a_corrupt_table_row_is_refused_when_a_gather_reads_it(v41_copy, tensor, index, byte, says, options):
    rewrite(v41_copy, engram_tensor(3, tensor), set_bytes(index, byte))
    parts = load_model(v41_copy, tier=options, engram_only=True)  # no full scan at load
    table = parts.engrams["3"].table
    assert torch.isfinite(table.gather(torch.tensor([[0, 16, 18, table.num_rows - 1]])).float()).all()
    with pytest.raises(TableError, match=rf"layer 3's Engram table \(.*\): row 17 is not finite \({says}\)"):
        table.gather(torch.tensor([[5, 17, 17, 40]]))
    other = parts.engrams["1"].table  # the other layer's table is untouched
    assert torch.isfinite(other.gather(torch.arange(other.num_rows)).float()).all()


def test_a_resident_table_is_checked_whole_at_load(v41_copy):
    rewrite(v41_copy, engram_tensor(1, "embed.scale"), set_bytes((123, 0), 0xFF))
    with pytest.raises(CheckpointError, match=r"layer 1's Engram table .*: row 123 is not finite \(NaN at value 0\)"):
        load_model(v41_copy, tier="resident", engram_only=True)


def test_a_scale_that_overflows_bf16_is_found_on_gather(v41_copy):
    def overflow(tensor):
        raw = tensor.view(torch.uint8).clone()
        raw[5, 0] = 0xFE  # 2^127 times any code above 2 overflows
        return raw.view(tensor.dtype)

    rewrite(v41_copy, engram_tensor(1, "embed.scale"), overflow)
    rewrite(v41_copy, engram_tensor(1, "embed.weight"), set_bytes((5, 0), 0x7E))  # 448
    table = load_model(v41_copy, tier="mmap", engram_only=True).engrams["1"].table
    with pytest.raises(TableError, match=r"row 5 is not finite \(values that overflow once scaled"):
        table.gather(torch.tensor([5]))


def test_a_hot_row_cache_never_admits_a_corrupt_row(v41_copy):
    rewrite(v41_copy, engram_tensor(1, "embed.weight"), set_bytes((30, 0), 0x7F))
    parts = load_model(v41_copy, tier=TierOptions("mmap", cache_rows=64), engram_only=True)
    table = parts.engrams["1"].table
    assert isinstance(table, CachedTable)
    for _ in range(2):  # the second read is refused again, not served from the cache
        with pytest.raises(TableError, match="row 30 is not finite"):
            table.gather(torch.tensor([29, 30, 31]))
    hot = {1: np.array([30, 2, 3]), 3: np.array([1, 2])}
    with pytest.raises(CheckpointError, match="row 30 is not finite"):  # a static cache reads its rows at load
        load_model(v41_copy, tier=TierOptions("mmap", cache_rows=8, cache_policy="static", hot_rows=hot), engram_only=True)


def test_engram_parts_refuse_to_run_on_a_table_of_nan_rows(v41_copy):
    rewrite(v41_copy, engram_tensor(1, "embed.scale"), lambda t: torch.full_like(t.view(torch.uint8), 0xFF).view(t.dtype))
    parts = load_model(v41_copy, tier="mmap", engram_only=True)
    tokens = parts.tokenizer.encode("The quick brown fox").ids
    with torch.no_grad(), pytest.raises(TableError, match=r"layer 1's Engram table .*row \d+ is not finite"):
        parts(1, torch.randn(1, 4, len(tokens), parts.cfg.d_model), np.array([tokens]))
    with torch.no_grad():  # layer 3 is fine and runs
        out = parts(3, torch.randn(1, 4, len(tokens), parts.cfg.d_model), np.array([tokens]))
    assert torch.isfinite(out).all()


def test_a_clean_v41_checkpoint_gathers_every_row(v41_dir):
    for options in OFFLOADED:
        parts = load_model(v41_dir, tier=options, engram_only=True)
        for layer in ("1", "3"):
            table = parts.engrams[layer].table
            assert torch.isfinite(table.gather(torch.arange(table.num_rows)).float()).all()


# --- our checkpoints ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
@pytest.mark.parametrize("weights_dtype", [None, torch.bfloat16])
def test_a_non_finite_dense_weight_is_refused_at_load_naming_it(model, tmp_path, value, weights_dtype):
    saved = save_model(model, tmp_path / "ckpt", weights_dtype=weights_dtype)
    weights = load_file(saved / "model.safetensors")
    name = next(n for n in weights if n.endswith("attn.W_Q.weight"))
    weights[name][3, 5] = value
    save_file(weights, saved / "model.safetensors", metadata={"format_version": "1"})
    with pytest.raises(CheckpointError, match=rf"model\.safetensors: tensor {name} holds 1 NaN or infinite values, the first"):
        load_model(saved, verify=False)
    record_in_manifest(saved, "model.safetensors")  # even when the manifest agrees with the damage
    with pytest.raises(CheckpointError, match=rf"tensor {name} holds 1 NaN"):
        load_model(saved)


@pytest.fixture(scope="module")
def wide_model(tokenizer):
    """The small model with 32-wide table rows, which every row format (fp8 too) can hold."""
    torch.manual_seed(0)
    return EngramLM(small_config(tokenizer, head_dim=32), tokenizer).eval()


@pytest.mark.parametrize("row_format", ["fp32", "bf16", "fp16", "fp8_e4m3"])
def test_a_non_finite_row_in_our_table_file_is_refused_on_gather_or_at_load(wide_model, tmp_path, row_format):
    model = wide_model
    saved = save_model(model, tmp_path / "ckpt", row_format=row_format)
    layer, row = model.cfg.engram.layers[0], 11
    table_file = TableFile(saved / "engram_tables.safetensors")
    key = table_key(layer)
    codec = RowCodec(row_format, model.cfg.engram.head_dim)
    raw = np.empty((1, codec.row_bytes), dtype=np.uint8)
    table_file.read_into(key, row, raw)
    if row_format == "fp8_e4m3":
        raw[0, 2] = 0x7F
    else:
        values = codec.decode(torch.from_numpy(raw)).clone()
        values[0, 2] = float("nan")
        raw = codec.encode(values).numpy()
    table_file.write_rows(key, row, raw)
    record_in_manifest(saved, "engram_tables.safetensors")
    with pytest.raises(CheckpointError, match=rf"layer {layer}'s Engram table .*: row {row} is not finite"):
        load_model(saved, tier="resident")
    for options in OFFLOADED:
        loaded = load_model(saved, tier=options)
        table = loaded.blocks[layer].engram.table
        assert torch.isfinite(table.gather(torch.tensor([0, 1, 2])).float()).all()
        with pytest.raises(TableError, match=rf"layer {layer}'s Engram table \(.*engram_tables\.safetensors\): row {row}"):
            table.gather(torch.tensor([row]))


def test_a_clean_checkpoint_of_ours_loads_in_every_tier_and_gives_the_same_logits(model, tmp_path, text):
    saved = save_model(model, tmp_path / "ckpt")
    expected = model(text)
    for tier in ("resident", *OFFLOADED):
        loaded = load_model(saved, tier=tier)
        assert torch.equal(loaded(text), expected)
