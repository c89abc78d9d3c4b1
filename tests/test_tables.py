"""Row formats, the table file, tiers, the hot-row cache and row statistics."""

import math
import re
import subprocess
import sys

import numpy as np
import pytest
import torch
from safetensors.torch import load_file, save_file

from engram_model import (
    CachedTable,
    CheckpointError,
    HostTable,
    MmapTable,
    PreadTable,
    RowCodec,
    TableError,
    TableFile,
    TierOptions,
    hot_set,
    load_model,
    row_counts,
    save_model,
)
from engram_model.tables import ResidentTable, dequantize_fp8, e8m0_to_float, quantize_fp8
from probe.offload.rowstats import head_row_stats, hit_rate, hit_rate_curve, zipf_fit

FORMATS = ("fp32", "bf16", "fp16", "fp8_e4m3")


# --- row formats ---------------------------------------------------------------------------


def e4m3_reference(byte: int) -> float:
    """E4M3 (OCP, 'fn': no infinities) decoded from its bits by hand: 1 sign, 4 exponent
    (bias 7), 3 mantissa bits; exponent 0 is subnormal; S.1111.111 is NaN."""
    sign = -1.0 if byte & 0x80 else 1.0
    exponent, mantissa = (byte >> 3) & 0xF, byte & 0x7
    if exponent == 0xF and mantissa == 0x7:
        return math.nan
    if exponent == 0:
        return sign * (mantissa / 8) * 2.0**-6
    return sign * (1 + mantissa / 8) * 2.0 ** (exponent - 7)


def test_e4m3_and_e8m0_decode_match_their_bit_patterns():
    every_byte = torch.arange(256, dtype=torch.uint8)
    scale_one = torch.full((256, 1), 127, dtype=torch.uint8)  # E8M0 127 = 2^0
    decoded = dequantize_fp8(every_byte.view(256, 1).expand(256, 32).contiguous(), scale_one)[:, 0]
    expected = torch.tensor([e4m3_reference(b) for b in range(256)], dtype=torch.float32)
    assert torch.equal(decoded.isnan(), expected.isnan())
    assert torch.equal(decoded[~decoded.isnan()], expected[~expected.isnan()])
    assert expected.nan_to_num().abs().max() == 448.0

    scales = e8m0_to_float(every_byte)
    assert torch.equal(scales[:255], torch.tensor([2.0 ** (e - 127) for e in range(255)], dtype=torch.float32))
    assert scales[255].isnan()
    assert scales[0] == 2.0**-127  # a float32 subnormal, kept exact


def test_fp8_row_layout_is_values_then_scales():
    codec = RowCodec("fp8_e4m3", 256)
    assert codec.row_bytes == 256 + 8 and codec.value_dtype == torch.float32
    values = torch.randn(3, 256)
    raw = codec.encode(values)
    codes, exponents = quantize_fp8(values)
    assert raw.shape == (3, 264) and torch.equal(raw[:, :256], codes) and torch.equal(raw[:, 256:], exponents)
    assert torch.equal(codec.decode(raw), dequantize_fp8(codes, exponents))
    assert [RowCodec(name, 64).row_bytes for name in FORMATS] == [256, 128, 128, 66]


def test_fp8_quantiser_error_scale_rule_and_fixed_point():
    generator = torch.Generator().manual_seed(0)
    # rows spanning many magnitudes, including zero blocks and exact powers of two
    values = torch.randn(64, 128, generator=generator) * torch.logspace(-30, 30, 64)[:, None]
    values[3, :32] = 0.0
    values[5, :32] = 2.0**10
    codes, exponents = quantize_fp8(values)
    decoded = dequantize_fp8(codes, exponents)
    scale = e8m0_to_float(exponents).repeat_interleave(32, dim=1)
    # E4M3 keeps 3 mantissa bits: error <= half a step, relative 2^-4 (subnormals: 2^-10 * scale)
    assert (decoded - values).abs().le(torch.maximum(values.abs() * 2.0**-4, scale * 2.0**-10)).all()
    # the block maximum lands in [240, 448] and nothing saturates
    block_max = (decoded / scale).abs().view(64, 4, 32).amax(-1)
    nonzero = values.abs().view(64, 4, 32).amax(-1) > 0
    assert block_max[nonzero].ge(240).all() and block_max.le(448).all()
    assert torch.equal(decoded[3, :32], torch.zeros(32)) and torch.equal(decoded[5, :32], values[5, :32])
    # quantising the dequantised values again gives the same bytes
    again_codes, again_exponents = quantize_fp8(decoded)
    assert torch.equal(again_codes, codes) and torch.equal(again_exponents, exponents)


def test_bad_row_formats_are_refused():
    with pytest.raises(TableError, match="unsupported row format 'int4'; choose one of fp32, bf16, fp16, fp8_e4m3"):
        RowCodec("int4", 64)
    with pytest.raises(TableError, match="fp8_e4m3 needs head_dim divisible by 32, got 8"):
        RowCodec("fp8_e4m3", 8)
    with pytest.raises(TableError, match="NaN or infinite"):
        quantize_fp8(torch.tensor([[math.inf] + [0.0] * 31]))


@pytest.mark.parametrize("row_format", ["bf16", "fp16"])
def test_half_formats_store_the_values_bits(row_format):
    codec = RowCodec(row_format, 16)
    values = torch.randn(5, 16).to(codec.value_dtype)
    assert torch.equal(codec.decode(codec.encode(values)), values)


# --- the table file ------------------------------------------------------------------------


def test_table_file_is_safetensors_and_starts_sparse(tmp_path):
    codec = RowCodec("fp8_e4m3", 64)
    path = tmp_path / "t.safetensors"
    table_file = TableFile.create(path, {"a": (1000, codec), "b": (10, codec)}, {"format_version": "1"})
    raw = codec.encode(torch.randn(4, 64)).numpy()
    table_file.write_rows("b", 6, raw)
    reopened = TableFile(path)
    assert reopened.metadata == {"format_version": "1", "row_format": "fp8_e4m3"}
    assert reopened.entries["b"].num_rows == 10 and reopened.entries["b"].codec == codec
    out = np.empty((4, codec.row_bytes), dtype=np.uint8)
    reopened.read_into("b", 6, out)
    assert np.array_equal(out, raw)
    tensors = load_file(path)  # the safetensors loader reads it too
    assert tensors["a"].shape == (1000, 66) and not tensors["a"].any()
    assert torch.equal(tensors["b"][6:], torch.from_numpy(raw))
    assert path.stat().st_blocks * 512 < path.stat().st_size  # rows never written are holes


def test_table_file_refusals_name_the_file(tmp_path):
    with pytest.raises(TableError, match=r"missing\.safetensors does not exist"):
        TableFile(tmp_path / "missing.safetensors")
    path = tmp_path / "t.safetensors"
    TableFile.create(path, {"a": (100, RowCodec("fp32", 8))}, {})
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size - 4)
    with pytest.raises(TableError, match=r"t\.safetensors has \d+ bytes but its header describes \d+: the file is truncated"):
        TableFile(path)
    save_file({"a": torch.zeros(4, 66, dtype=torch.uint8)}, path)
    with pytest.raises(TableError, match="has dtype U8 and the file records no row_format"):
        TableFile(path)
    save_file({"a": torch.zeros(4, 64, dtype=torch.uint8)}, path, metadata={"row_format": "fp8_e4m3"})
    with pytest.raises(TableError, match=r"tensor a is U8 \[4, 64\], which is not a fp8_e4m3 table"):
        TableFile(path)
    save_file({"a": torch.zeros(4, 8)}, path, metadata={"row_format": "bf16"})
    with pytest.raises(TableError, match=r"F32 \[4, 8\], which is not a bf16 table"):
        TableFile(path)
    path.write_bytes(b"\x00" * 16)
    with pytest.raises(TableError, match="not a safetensors file"):
        TableFile(path)


# --- tiers ---------------------------------------------------------------------------------


def make_tiers(tmp_path, row_format: str, num_rows: int = 3000, row_dim: int = 64):
    codec = RowCodec(row_format, row_dim)
    values = torch.randn(num_rows, row_dim, generator=torch.Generator().manual_seed(1))
    path = tmp_path / f"{row_format}.safetensors"
    TableFile.create(path, {"t": (num_rows, codec)}, {}).write_rows("t", 0, codec.encode(values).numpy())
    table_file = TableFile(path)
    return {
        "resident": ResidentTable.from_file(table_file, "t"),
        "host": HostTable.from_file(table_file, "t"),
        "mmap": MmapTable(table_file, "t"),
        "mmap4": MmapTable(table_file, "t", io_threads=4),
        "pread": PreadTable(table_file, "t", io_threads=1),
        "pread4": PreadTable(table_file, "t", io_threads=4),
    }


@pytest.mark.parametrize("row_format", FORMATS)
def test_every_tier_gathers_the_same_bits(tmp_path, row_format):
    tiers = make_tiers(tmp_path, row_format)
    generator = torch.Generator().manual_seed(2)
    # random rows with repeats, plus a long run of adjacent rows (one read in the pread tier)
    flat = torch.cat([torch.randint(0, 500, (3, 40), generator=generator).flatten(), torch.arange(100, 300)]).view(4, 80)
    expected = tiers["resident"].gather(flat)
    assert expected.shape == (4, 80, 64) and expected.dtype == RowCodec(row_format, 64).value_dtype
    for name, table in tiers.items():
        assert torch.equal(table.gather(flat), expected), name
        assert torch.equal(table.read_rows(np.array([0, 7, 2999])), tiers["resident"].weight.data[[0, 7, 2999]]), name
        many = np.arange(0, 3000, 2)  # enough rows for the threaded readers to split the read
        assert torch.equal(table.read_rows(many), tiers["resident"].weight.data[many]), name
    assert tiers["host"].read_range(10, 20).shape == (10, RowCodec(row_format, 64).row_bytes)


def test_rows_outside_the_table_are_refused(tmp_path):
    for name, table in make_tiers(tmp_path, "fp32", num_rows=50).items():
        with pytest.raises(IndexError, match=r"row ids 3\.\.50 lie outside the table's 50 rows"):
            table.read_rows(np.array([3, 50]))


def test_a_file_truncated_under_the_reader_raises_instead_of_returning_zeros(tmp_path):
    table = make_tiers(tmp_path, "fp32")["pread"]
    with open(table.path, "r+b") as f:
        f.truncate(table.path.stat().st_size - 64 * 4 * 10)
    with pytest.raises(TableError, match=r"fp32\.safetensors ended at byte \d+, \d+ bytes short: the file is truncated"):
        table.read_rows(np.array([table.num_rows - 5]))


TRUNCATE_UNDER_MMAP = """
import sys
import numpy as np
from engram_model import MmapTable, TableError, TableFile
table = MmapTable(TableFile(sys.argv[1]), "t", io_threads=int(sys.argv[2]))
rows = np.arange(0, table.num_rows, 3)
table.read_rows(rows)  # pages now mapped and cached
with open(sys.argv[1], "r+b") as f:
    f.truncate(table.path.stat().st_size // 2)
try:
    table.read_rows(rows)
except TableError as err:
    print(err)
    sys.exit(3)
"""


@pytest.mark.parametrize("io_threads", [1, 4])
def test_a_file_truncated_under_the_mmap_reader_raises_instead_of_killing_the_process(tmp_path, io_threads):
    path = make_tiers(tmp_path, "fp32")["mmap"].path
    done = subprocess.run(
        [sys.executable, "-c", TRUNCATE_UNDER_MMAP, str(path), str(io_threads)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 3, f"exit {done.returncode} (negative: killed by signal {-done.returncode}); {done.stderr[-500:]}"
    assert re.search(r"fp32\.safetensors shrank to \d+ bytes while mapped; table t needs \d+", done.stdout), done.stdout


# --- hot-row cache -------------------------------------------------------------------------


def test_lru_cache_counts_and_evicts(tmp_path):
    backing = make_tiers(tmp_path, "bf16")["host"]
    cache = CachedTable(backing, capacity=4, policy="lru")
    reference = backing.read_rows(np.arange(500))

    def read(rows, requested=None):
        rows = np.array(rows)
        assert torch.equal(cache.read_rows(rows, requested), reference[rows])

    read([1, 2], requested=5)  # 2 misses, admitted
    read([3])
    read([4])  # the cache is full
    read([1, 5])  # 1 hits; 5 evicts the least recently used, 2
    read([2])  # a miss again; evicts 3 (1 and 5 were used later, 4 too)
    read([4, 1, 5, 2])
    s = cache.stats
    assert (s.requests, s.unique, s.hits, s.misses, s.evictions) == (14, 11, 5, 6, 2)
    assert s.bytes_from_cache == 5 * 64 * 2 and s.bytes_from_backing == 6 * backing.row_bytes
    assert s.hit_rate == 5 / 11
    # more misses than slots: all are served, the first four replace everything
    read(list(range(100, 110)))
    read([100, 101, 102, 103])
    assert (s.hits, s.evictions) == (9, 6)


def test_static_cache_serves_the_hot_set(tmp_path):
    backing = make_tiers(tmp_path, "fp8_e4m3")["mmap"]
    hot = np.array([9, 3, 7, 400, 11])  # most requested first; capacity keeps the first three
    cache = CachedTable(backing, capacity=3, policy="static", hot_rows=hot)
    out = cache.read_rows(np.array([1, 3, 7, 9, 400]))
    assert torch.equal(out, backing.read_rows(np.array([1, 3, 7, 9, 400])))
    assert (cache.stats.hits, cache.stats.misses, cache.stats.evictions) == (3, 2, 0)
    flat = torch.tensor([[3, 3, 1], [9, 400, 400]])
    assert torch.equal(cache.gather(flat), backing.gather(flat))
    assert cache.stats.requests == 5 + 6 and cache.stats.unique == 5 + 4


def test_cache_refusals(tmp_path):
    tiers = make_tiers(tmp_path, "fp32")
    with pytest.raises(TableError, match="offloaded tier"):
        CachedTable(tiers["resident"], 10)
    with pytest.raises(TableError, match="static policy needs hot_rows"):
        CachedTable(tiers["host"], 10, policy="static")
    with pytest.raises(TableError, match="cache policy 'lfu' is unknown; choose one of lru, static"):
        CachedTable(tiers["host"], 10, policy="lfu")


# --- row statistics ------------------------------------------------------------------------


def test_zipf_fit_recovers_the_exponent():
    ranks = np.arange(1, 2001)
    counts = np.round(1e6 * ranks**-1.1).astype(np.int64)
    fit = zipf_fit(np.random.default_rng(0).permutation(counts))
    assert abs(fit.exponent - 1.1) < 0.01 and fit.r2 > 0.999
    assert math.isnan(zipf_fit(np.array([5, 1, 1])).exponent)  # too few repeated rows to fit


def test_hot_set_and_hit_rate_curve():
    rows, counts = row_counts(np.array([[5, 5, 5, 2], [9, 2, 7, 5]]))
    assert rows.tolist() == [2, 5, 7, 9] and counts.tolist() == [2, 4, 1, 1]
    assert hot_set(rows, counts).tolist() == [5, 2, 7, 9]  # ties by lower id
    assert hot_set(rows, counts, 2).tolist() == [5, 2]
    assert hit_rate_curve(counts, [0, 1, 2, 4, 100]).tolist() == [0.0, 0.5, 0.75, 1.0, 1.0]
    assert hit_rate(np.array([5, 2]), np.array([5, 5, 9, 1])) == 0.5


def test_head_row_stats():
    rng = np.random.default_rng(0)
    rows = np.stack([rng.zipf(1.5, 5000) % 1000, rng.integers(0, 1000, 5000)], axis=-1)  # [N, H=2]
    stats = head_row_stats(rows, sizes=(10, 100))
    assert [s["head"] for s in stats] == [0, 1] and stats[0]["requests"] == 5000
    assert stats[0]["top_10_share"] > 0.5 > stats[1]["top_10_share"]
    assert stats[0]["unique"] < stats[1]["unique"]


# --- checkpoints in every row format -------------------------------------------------------


@pytest.mark.parametrize("row_format", FORMATS)
def test_checkpoint_row_formats_round_trip_bit_exact(tokenizer, tmp_path, text, row_format):
    from conftest import small_config

    from engram_model import EngramLM

    torch.manual_seed(0)
    model = EngramLM(small_config(tokenizer, head_dim=32), tokenizer).eval()
    saved = save_model(model, tmp_path / "a", row_format=row_format)
    assert TableFile(saved / "engram_tables.safetensors").metadata["row_format"] == row_format
    tokens = model.to_tokens(text)
    loaded = {tier: load_model(saved, tier=tier) for tier in ("resident", "host", "mmap")}
    assert loaded["resident"].blocks[1].engram.table.row_format == row_format
    logits = loaded["resident"](tokens)
    assert all(torch.equal(m(tokens), logits) for m in loaded.values())
    if row_format == "fp32":
        assert torch.equal(logits, model(tokens))
    # saving again, from any tier, writes the same table bytes
    table_bytes = (saved / "engram_tables.safetensors").read_bytes()
    for tier, m in loaded.items():
        assert (save_model(m, tmp_path / tier) / "engram_tables.safetensors").read_bytes() == table_bytes, tier


def test_checkpoints_written_before_row_formats_still_load(model, tmp_path, text):
    saved = save_model(model, tmp_path / "old")
    path = saved / "engram_tables.safetensors"
    tensors = load_file(path)
    save_file(tensors, path, metadata={"format_version": "1"})  # the old writer: no row_format
    assert TableFile(path).entries["blocks.1.engram.table.weight"].codec.name == "fp32"
    tokens = model.to_tokens(text)
    assert torch.equal(load_model(saved, tier="mmap", verify=False)(tokens), model(tokens))


def test_load_model_refuses_bad_serving_options(model, tmp_path):
    saved = save_model(model, tmp_path / "ckpt")
    with pytest.raises(TableError, match="tier='ssd' is not a table tier; choose one of resident, host, mmap"):
        load_model(saved, tier="ssd")
    with pytest.raises(TableError, match="reader='aio' is not a reader"):
        load_model(saved, tier=TierOptions("mmap", reader="aio"))
    with pytest.raises(TableError, match="cache_rows needs an offloaded tier"):
        load_model(saved, tier=TierOptions(cache_rows=10))
    with pytest.raises(TableError, match="cache_policy='static' needs hot_rows"):
        load_model(saved, tier=TierOptions("host", cache_rows=10, cache_policy="static"))
    with pytest.raises(TableError, match="unsupported row format 'fp4'"):
        save_model(model, tmp_path / "bad", row_format="fp4")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ckpt"], "a failed save leaves nothing behind"


def test_load_model_refuses_a_missing_or_resized_table_file(model, tmp_path):
    saved = save_model(model, tmp_path / "ckpt")
    path = saved / "engram_tables.safetensors"
    with open(path, "ab") as f:
        f.write(b"\x00" * 64)
    with pytest.raises(CheckpointError, match=r"engram_tables\.safetensors has \d+ bytes but its header describes"):
        load_model(saved, tier="mmap", verify=False)
    path.unlink()
    with pytest.raises(CheckpointError, match=r"engram_tables\.safetensors does not exist"):
        load_model(saved, tier="mmap", verify=False)


def test_split_scale_rows_round_trip_array_by_array_and_decode_to_bf16():
    from engram_model.tables import array_views

    values = torch.randn(5, 64)
    split, joined = RowCodec("fp8_e4m3", 64, split_scales=True), RowCodec("fp8_e4m3", 64)
    raw = split.encode(values).numpy()
    codes, scales = array_views(raw, split.array_widths)  # n rows of codes, then n rows of scales
    assert np.array_equal(np.concatenate([codes, scales], axis=1), joined.encode(values).numpy())
    assert torch.equal(split.decode(torch.from_numpy(raw)), joined.decode(joined.encode(values)).bfloat16())
    with pytest.raises(TableError, match="split_scales describes fp8_e4m3"):
        RowCodec("bf16", 64, split_scales=True)


def test_tier_options_are_checked_in_one_place():

    for bad, match in [
        ({"tier": "disk"}, "tier='disk' is not a table tier"),
        ({"tier": "mmap", "reader": "aio"}, "reader='aio'"),
        ({"tier": "resident", "cache_rows": 8}, "cache_rows needs an offloaded tier"),
        ({"tier": "host", "cache_rows": 8, "cache_policy": "static"}, "needs hot_rows"),
    ]:
        with pytest.raises(TableError, match=match):
            TierOptions(**bad)
