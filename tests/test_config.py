import dataclasses
import json

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
