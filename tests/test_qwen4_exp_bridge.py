"""The Qwen4-Exp bridge (engram_model.bridges.qwen4_exp) against transformers' own model.

Tiny random Qwen4-Exp models are built with transformers' classes and written with
save_pretrained into tmp directories; nothing is downloaded. Every reference number comes from
transformers' forward or from its modules' intermediate outputs, never from our code.
"""

import json
import math
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
import torch
from safetensors.torch import load_file, save_file
from transformer_lens import HookedRootModule

from engram_model import CheckpointError, load_model
from engram_model.checkpoint import DATA_DIR

transformers = pytest.importorskip("transformers")
from transformers import (  # noqa: E402
    DynamicCache,
    Qwen4ExpConfig,
    Qwen4ExpForCausalLM,
    Qwen4ExpForConditionalGeneration,
    Qwen4ExpTextConfig,
)
from transformers.models.qwen4_exp import modeling_qwen4_exp as hf_qwen  # noqa: E402

from engram_model.bridges.qwen4_exp import (  # noqa: E402
    ADAPTER,
    Qwen4ExpAddresser,
    Qwen4ExpBridgeConfig,
    _from_pretrained,
    load_qwen4_exp,
)
from engram_model.tables import TierOptions  # noqa: E402

EOS = 1  # <|eos|> in the bundled tokenizer, whose 8192 ids the tiny models share
ENGRAM_HOOKS = ("hook_rows", "hook_memory", "hook_key", "hook_value", "hook_gate", "hook_out")
BLOCK_HOOKS = ("hook_resid_pre", "hook_attn_out", "hook_resid_mid", "hook_mlp_out", "hook_resid_post")


# --- builders ----------------------------------------------------------------------------


def tiny_text_config(**overrides) -> Qwen4ExpTextConfig:
    """Four decoder layers (three linear-attention, one indexed), PLE on the first and third
    (one-indexed [1, 3]), 4 streams of 64, 2 heads per order for 2- and 3-grams, a table of a
    few thousand rows split into 12 parts (more than 10: the part order must be numeric)."""
    fields = dict(
        vocab_size=8192, hidden_size=64, num_hidden_layers=4, num_attention_heads=4, num_key_value_heads=2, head_dim=16,
        linear_key_head_dim=16, linear_value_head_dim=16, linear_num_key_heads=2, linear_num_value_heads=4,
        moe_intermediate_size=32, shared_expert_intermediate_size=32, num_experts=4, num_experts_per_tok=2,
        hc_count=4, hc_lowrank=16, ple_layer_ids=[1, 3], ple_embed_dim=64, ngram_size=3, heads_per_ngram=2,
        ngram_vocab_size_base=1000, make_ngram_vocab_size_divisible_by=16, split_ngram_parts=12,
        eos_token_id=EOS, pad_token_id=2, bos_token_id=0, max_position_embeddings=256,
        indexer_n_heads=2, indexer_kv_heads=1, indexer_head_dim=16, indexer_budget=8, indexer_compress_ratio=4,
    )
    return Qwen4ExpTextConfig(**{**fields, **overrides})


def randomize(model: torch.nn.Module, seed: int = 0) -> torch.nn.Module:
    """transformers zero-initialises the PLE conv and every (1 + w) norm gain: give them (and
    the rest of the PLE layer) random values, so every term of the arithmetic is exercised."""
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, param in model.named_parameters():
            if ".ple." in name or "norm" in name:
                param.copy_(torch.randn(param.shape, generator=generator) * 0.5)
    return model.eval()


def build_causal_lm(seed: int = 0, **overrides) -> Qwen4ExpForCausalLM:
    torch.manual_seed(seed)
    return randomize(Qwen4ExpForCausalLM(tiny_text_config(**overrides)), seed)


def save(model, directory: Path, tokenizer: bool = True) -> Path:
    """save_pretrained in small shards (the table parts land in several files), with the
    bundled tokenizer standing in for Qwen's (same vocabulary size)."""
    model.save_pretrained(directory, max_shard_size="100KB")
    if tokenizer:
        shutil.copy(DATA_DIR / "tokenizer.json", directory / "tokenizer.json")
    return directory


def spread_table_parts(directory: Path, layer: int = 2) -> Path:
    """Move the second half of a layer's table parts into a shard file of their own, updating
    the index: the layout of a real checkpoint, whose 512 parts span many shards (transformers
    keeps a tiny table's parts in one file)."""
    index_path = directory / "model.safetensors.index.json"
    index = json.loads(index_path.read_text())
    parts = sorted(
        (name for name in index["weight_map"] if f"layers.{layer}.ple.ple_embedding.ngram_embedding.shard_" in name),
        key=lambda name: int(name.split("shard_")[1].split(".")[0]),
    )
    moved, taken = parts[len(parts) // 2 :], {}
    for shard in {index["weight_map"][name] for name in moved}:
        tensors = load_file(directory / shard)
        taken |= {k: v for k, v in tensors.items() if k in moved}
        save_file({k: v for k, v in tensors.items() if k not in moved}, directory / shard, metadata={"format": "pt"})
    save_file(taken, directory / "model-table-parts.safetensors", metadata={"format": "pt"})
    index["weight_map"].update(dict.fromkeys(moved, "model-table-parts.safetensors"))
    index_path.write_text(json.dumps(index))
    return directory


def tokens_with_eos(batch: int = 3, length: int = 23, seed: int = 1) -> torch.Tensor:
    """Random ids with end-of-text tokens inside: at the start, twice in a row, near the end."""
    generator = torch.Generator().manual_seed(seed)
    tokens = torch.randint(3, 8192, (batch, length), generator=generator)
    tokens[0, 0] = tokens[0, 9] = EOS
    tokens[1, 4] = tokens[1, 5] = EOS
    tokens[2, length - 2] = EOS
    return tokens


@pytest.fixture(scope="module")
def reference():
    return build_causal_lm()


@pytest.fixture(scope="module")
def checkpoint(reference, tmp_path_factory) -> Path:
    return spread_table_parts(save(reference, tmp_path_factory.mktemp("qwen4_exp") / "tiny"))


@pytest.fixture(scope="module")
def bridged(checkpoint):
    return load_model(checkpoint)


@pytest.fixture(scope="module")
def tokens() -> torch.Tensor:
    return tokens_with_eos()


# --- loading and hook points -------------------------------------------------------------


def test_load_model_dispatches_to_the_bridge(bridged, reference):
    assert isinstance(bridged, HookedRootModule)
    assert type(bridged.hf) is Qwen4ExpForCausalLM  # transformers' own class, not a copy of it
    assert bridged.cfg.engram.layers == (0, 2)  # ple_layer_ids [1, 3] are one-indexed
    names = set(bridged.hook_dict)
    assert {"hook_embed", "ln_final.hook_normalized"} <= names
    for layer in range(4):
        assert {f"blocks.{layer}.{h}" for h in BLOCK_HOOKS} <= names
        assert ({f"blocks.{layer}.engram.{h}" for h in ENGRAM_HOOKS} <= names) == (layer in (0, 2))
    assert not any(name.startswith("hf.") for name in names)


def test_logits_equal_transformers_forward(bridged, reference, tokens):
    with torch.no_grad():
        expected = reference(input_ids=tokens).logits
        got = bridged(tokens)
    diff = (got - expected).abs().max().item()
    assert diff <= 1e-4, diff
    # padding: transformers masks the PLE output and reads padded ids as EOS; so does the bridge
    mask = torch.ones_like(tokens)
    mask[1, 15:] = 0
    with torch.no_grad():
        expected = reference(input_ids=tokens, attention_mask=mask).logits
        got = bridged(tokens, attention_mask=mask.bool())
    assert (got - expected).abs().max().item() <= 1e-4


def capture(module: torch.nn.Module, store: dict, key: str, inputs: bool = False):
    """A torch forward hook keeping a module's output (or first input) under `key`."""
    if inputs:
        return module.register_forward_pre_hook(lambda mod, args: store.__setitem__(key, args[0].detach().clone()))
    return module.register_forward_hook(lambda mod, args, out: store.__setitem__(key, out.detach().clone()))


def test_gates_equal_transformers_arithmetic(bridged, reference, tokens):
    """hook_gate against the gate recomputed from transformers' own normed query and key
    (its modules' outputs, by torch hooks on the unbridged model), every stream and position;
    and gate x value against the gated value transformers feeds its conv norm."""
    seen, handles = {}, []
    for layer in (0, 2):
        ple = reference.model.layers[layer].ple
        handles += [capture(ple.norm_key, seen, f"k{layer}"), capture(ple.norm_query, seen, f"q{layer}")]
        handles += [capture(ple.norm_conv, seen, f"gv{layer}", inputs=True)]
    try:
        with torch.no_grad():
            reference(input_ids=tokens)
    finally:
        for handle in handles:
            handle.remove()
    _, cache = bridged.run_with_cache(tokens)
    d, m = 64, 4
    for layer in (0, 2):
        key, query = seen[f"k{layer}"].unflatten(-1, (m, d)), seen[f"q{layer}"].unflatten(-1, (m, d))
        score = (key * query).sum(-1) / math.sqrt(d)  # [B, T, M], as Qwen4ExpTextPLELayer.forward
        expected = torch.sigmoid(score.abs().clamp_min(1e-6).sqrt() * score.sign())
        gate = cache[f"blocks.{layer}.engram.hook_gate"]
        assert gate.shape == (*tokens.shape, m)
        assert (gate - expected).abs().max().item() <= 1e-5
        gated = gate[..., None] * cache[f"blocks.{layer}.engram.hook_value"][:, :, None, :]
        assert (gated.flatten(-2) - seen[f"gv{layer}"]).abs().max().item() <= 1e-6


def test_cached_shapes(bridged, tokens):
    _, cache = bridged.run_with_cache(tokens)
    batch, pos = tokens.shape
    assert cache["hook_embed"].shape == (batch, pos, 64)
    assert cache["blocks.0.hook_resid_pre"].shape == (batch, 4, pos, 64)
    assert cache["blocks.2.engram.hook_rows"].shape == (batch, pos, 4)
    assert cache["blocks.2.engram.hook_memory"].shape == (batch, pos, 64)
    assert cache["blocks.2.engram.hook_key"].shape == (batch, pos, 4, 64)
    assert cache["blocks.2.engram.hook_value"].shape == (batch, pos, 64)
    assert cache["blocks.2.engram.hook_out"].shape == (batch, 4, pos, 64)
    assert cache["blocks.3.hook_attn_out"].shape == (batch, pos, 64)
    # the residual hooks show transformers' hc-wide state: layer 1's input is layer 0's output
    torch.testing.assert_close(cache["blocks.1.hook_resid_pre"], cache["blocks.0.hook_resid_post"], rtol=0, atol=0)


def test_run_with_cache_names_filter(bridged, tokens):
    names = ["blocks.0.engram.hook_gate", "blocks.2.hook_resid_post"]
    logits, cache = bridged.run_with_cache(tokens, names_filter=names)
    assert sorted(cache.keys()) == sorted(names)
    _, cache = bridged.run_with_cache(tokens, names_filter=lambda name: name.endswith("hook_gate"))
    assert sorted(cache.keys()) == ["blocks.0.engram.hook_gate", "blocks.2.engram.hook_gate"]
    assert torch.equal(logits, bridged(tokens))
    assert not any(hp._forward_hooks for hp in bridged.hook_dict.values())  # nothing left attached


def test_hooks_intervene(bridged, reference, tokens):
    """A gate forced to 0 removes the PLE value from the output: the layer then adds only the
    conv of zeros, i.e. nothing."""
    zero = lambda gate, hook: torch.zeros_like(gate)  # noqa: E731
    _, cache = bridged.run_with_cache(tokens)
    with bridged.hooks(fwd_hooks=[("blocks.0.engram.hook_gate", zero)]):
        _, ablated = bridged.run_with_cache(tokens, names_filter=["blocks.0.engram.hook_out", "blocks.0.engram.hook_gate"])
    assert not ablated["blocks.0.engram.hook_out"].any()
    assert not torch.equal(ablated["blocks.0.engram.hook_gate"], cache["blocks.0.engram.hook_gate"])


TIERS = {
    "host": TierOptions("host"),
    "mmap": TierOptions("mmap"),
    "pread": TierOptions("mmap", reader="pread"),
    "mmap+cache": TierOptions("mmap", cache_rows=64),
}


@pytest.mark.parametrize("tier", sorted(TIERS))
def test_offloaded_tiers_give_identical_logits(checkpoint, bridged, tokens, tier):
    model = load_model(checkpoint, tier=TIERS[tier])
    lookup = model.hf.model.layers[2].ple.ple_embedding.ngram_embedding
    assert type(lookup).__name__ == "TierRows"  # transformers' table was never loaded
    with torch.no_grad():
        assert torch.equal(model(tokens), bridged(tokens))
    if tier in ("mmap", "pread"):  # mapped out of the shards: 12 parts, here over several shard files
        assert len(lookup.table.parts) == 12
        weight_map = json.loads((checkpoint / "model.safetensors.index.json").read_text())["weight_map"]
        assert len({shard for name, shard in weight_map.items() if "layers.2.ple.ple_embedding.ngram_embedding" in name}) > 1


# every serving variant of one checkpoint, prefetch included; "resident" is the `bridged` fixture
SERVED = {
    "host": TierOptions("host"),
    "mmap": TierOptions("mmap"),
    "resident+prefetch": TierOptions("resident", prefetch=True),
    "host+prefetch": TierOptions("host", prefetch=True),
    "mmap+prefetch": TierOptions("mmap", prefetch=True),
    "pread+prefetch": TierOptions("mmap", reader="pread", prefetch=True),
    "mmap+cache+prefetch": TierOptions("mmap", cache_rows=64, prefetch=True),
}


@pytest.fixture(scope="module")
def served(checkpoint):
    models = {name: load_model(checkpoint, tier=options) for name, options in SERVED.items()}
    yield models
    for model in models.values():
        if model.prefetcher is not None:
            model.prefetcher.close()


def padding_masks(tokens: torch.Tensor) -> list[torch.Tensor | None]:
    """No mask; right padding in one row; left padding in another (padded ids read as EOS, so
    the n-grams of the first real tokens change)."""
    right, left = torch.ones_like(tokens, dtype=torch.bool), torch.ones_like(tokens, dtype=torch.bool)
    right[1, 15:] = False
    left[0, :6] = False
    return [None, right, left]


@pytest.mark.parametrize("name", sorted(SERVED))
def test_tiers_and_prefetch_give_identical_logits(served, bridged, tokens, name):
    """resident / host / mmap, each with and without the prefetcher: bit-identical logits, with
    and without padding, twice (the second pass reuses the workers and, with a cache, hits it)."""
    model = served[name]
    assert (model.prefetcher is not None) == name.endswith("prefetch")
    for mask in padding_masks(tokens):
        with torch.no_grad():
            expected = bridged(tokens, attention_mask=mask)
            for _ in range(2):
                assert torch.equal(model(tokens, attention_mask=mask), expected), (name, mask)


class CountedTable:
    """A layer's table with its reads counted: `gather` (the lookup reading for itself) and
    `read_rows` by thread name (the prefetcher reads on its workers)."""

    def __init__(self, table):
        self.table, self.gathers, self.read_threads = table, 0, []

    def __getattr__(self, name):
        return getattr(self.table, name)

    def gather(self, flat_rows):
        self.gathers += 1
        return self.table.gather(flat_rows)

    def read_rows(self, rows, requested=None):
        self.read_threads.append(threading.current_thread().name)
        return self.table.read_rows(rows, requested)


@contextmanager
def counted_tables(model):
    """Every PLE layer's table counted, where the lookup and the prefetcher both find it."""
    counted = {}
    for layer in model.cfg.engram.layers:
        lookup = model.hf.model.layers[layer].ple.ple_embedding.ngram_embedding
        counted[layer] = CountedTable(lookup.table)
        lookup.table = model.blocks[layer].engram.table = counted[layer]
    try:
        yield counted
    finally:
        for layer, table in counted.items():
            lookup = model.hf.model.layers[layer].ple.ple_embedding.ngram_embedding
            lookup.table = model.blocks[layer].engram.table = table.table


@pytest.mark.parametrize("name", ["mmap+prefetch", "host+prefetch"])
def test_the_prefetcher_serves_the_rows(served, tokens, name):
    """With prefetch, every PLE layer's rows are read once per step on the prefetcher's worker
    and the lookup never reads its table itself; the records count the step's distinct rows."""
    model = served[name]
    model.prefetcher.reset()
    mask = padding_masks(tokens)[2]
    with counted_tables(model) as counted, torch.no_grad():
        model(tokens, attention_mask=mask)
        model(tokens)
    for table in counted.values():
        assert table.gathers == 0
        assert len(table.read_threads) == 2 and all(t.startswith("engram-prefetch") for t in table.read_threads)
    records = list(model.prefetcher.records)
    assert [r.tokens for r in records] == [tokens.numel()] * 2
    for record, step_mask in zip(records, (mask, None)):
        rows = model.addresser.rows(tokens.numpy(), attention_mask=None if step_mask is None else step_mask.numpy())
        for layer in (0, 2):
            layer_record = record.layers[layer]
            assert layer_record.unique_rows == len(np.unique(rows[layer] + model.addresser.offsets[layer]))
            assert layer_record.rows_requested == rows[layer].size and layer_record.issued_at <= layer_record.ready_at
    assert model.prefetcher.summary()["steps"] == 2


def test_prefetch_steps_aside_for_replaced_and_given_rows(served, bridged, tokens):
    """A hook that replaces the rows is served by the table, not by the prefetch (as on our
    own models); rows handed to forward are read by the layer, and nothing is prefetched."""
    model = served["mmap+prefetch"]
    shift = lambda rows, hook: (rows + 1) % 997  # noqa: E731  rows other than the prefetcher gathered
    hooks = [("blocks.2.engram.hook_rows", shift)]
    with torch.no_grad():
        expected = bridged.run_with_hooks(tokens, fwd_hooks=hooks)
    with counted_tables(model) as counted, torch.no_grad():
        assert torch.equal(model.run_with_hooks(tokens, fwd_hooks=hooks), expected)
        assert (counted[0].gathers, counted[2].gathers) == (0, 1)  # layer 0 kept its prefetched rows
    assert not torch.equal(model(tokens), expected)
    steps = model.prefetcher.summary()["steps"]
    rows = bridged.engram_rows(tokens, history=[[5, 6], [7], []])
    with counted_tables(model) as counted, torch.no_grad():
        assert torch.equal(model(tokens, rows=rows), bridged(tokens, rows=rows))
        assert all(table.gathers == 1 and not table.read_threads for table in counted.values())
    assert model.prefetcher.summary()["steps"] == steps
    # a forward stopped early leaves no prefetched rows behind for the next one
    assert torch.equal(model(tokens, stop_at_layer=1), bridged(tokens, stop_at_layer=1))
    assert not model._fetched and model._step is None
    with torch.no_grad():
        assert torch.equal(model(tokens), bridged(tokens))


def test_offloaded_tiers_never_load_the_table(checkpoint):
    """transformers loads everything else; the table stays on the meta device (neither read
    nor allocated) until the bridge swaps in the tier."""
    text_config, cfg = ADAPTER.read_config(checkpoint)
    hf = _from_pretrained(checkpoint, text_config, skip_tables=True, dtype=None)
    metas = [name for name, param in hf.named_parameters() if param.is_meta]
    assert metas == [f"model.layers.{layer}.ple.ple_embedding.ngram_embedding.weight" for layer in (0, 2)]


def test_forward_rows_and_stop_at_layer(bridged, tokens):
    """Rows handed in replace transformers' (a chunk continuing its document's n-grams), and
    stop_at_layer returns the streams entering that layer."""
    _, cache = bridged.run_with_cache(tokens)
    history = [[5, 6], [7], []]
    rows = bridged.engram_rows(tokens, history=history)
    _, given = bridged.run_with_cache(tokens, rows=rows, names_filter=lambda n: n.endswith("hook_rows"))
    for layer in (0, 2):
        assert torch.equal(given[f"blocks.{layer}.engram.hook_rows"], rows[layer])
    assert not torch.equal(rows[0], cache["blocks.0.engram.hook_rows"])  # the history changed the first n-grams
    streams = bridged(tokens, stop_at_layer=2)
    assert torch.equal(streams, cache["blocks.2.hook_resid_pre"])


# --- addressing --------------------------------------------------------------------------


def transformers_ids(module, token_ids: torch.Tensor, cache=None) -> torch.Tensor:
    """The flat row ids `Qwen4ExpTextNGramEmbedding` hands its table, from its own forward."""
    seen = {}
    handle = capture(module.ngram_embedding, seen, "ids", inputs=True)
    try:
        module(token_ids, cache)
    except NotImplementedError:  # a table on the meta device cannot be read; its ids were kept first
        assert module.ngram_embedding.weight.is_meta
    finally:
        handle.remove()
    return seen["ids"]


def test_rows_equal_transformers_ids_tiny(bridged, reference, tokens):
    addresser = bridged.addresser
    ours = addresser.rows(tokens.numpy())
    _, cache = bridged.run_with_cache(tokens, names_filter=lambda n: n.endswith("hook_rows"))
    for layer in (0, 2):
        module = reference.model.layers[layer].ple.ple_embedding
        flat = transformers_ids(module, tokens).numpy()
        assert np.array_equal(ours[layer] + addresser.offsets[layer], flat)
        assert np.array_equal(cache[f"blocks.{layer}.engram.hook_rows"].numpy(), ours[layer])
        assert addresser.multipliers[layer] == module.layer_multipliers.tolist()
        assert [p for order in addresser.table_sizes[layer] for p in order] == module.ngram_heads_vocab_sizes.tolist()
        assert addresser.num_rows[layer] == module.ngram_embedding.num_embeddings
    # continuing from a cache: transformers keeps the last N-1 ids; our history is those ids
    module = reference.model.layers[2].ple.ple_embedding
    cache = DynamicCache(config=reference.config)
    module(tokens[:, :10], cache)
    flat = transformers_ids(module, tokens[:, 10:], cache).numpy()
    rows = addresser.rows(tokens[:, 10:].numpy(), history=tokens[:, 8:10].numpy())
    assert np.array_equal(rows[2] + addresser.offsets[2], flat)
    assert np.array_equal(rows[2], ours[2][:, 10:])  # the same as addressing the whole sequence


def released_ngram_module(config: Qwen4ExpTextConfig, layer_idx: int, ple_index: int):
    """transformers' n-gram module at full size, its table on the meta device (never allocated);
    its id buffers rebuilt from what its __init__ computed, with transformers' own function."""
    with torch.device("meta"):
        module = hf_qwen.Qwen4ExpTextNGramEmbedding(config, config.ple_embed_dim, layer_idx, ple_index)
    module.layer_multipliers = hf_qwen._build_layer_multipliers(config.vocab_size, config.ngram_size, ple_index, config.seed)
    module.ngram_heads_vocab_sizes = torch.tensor(module.head_vocab_sizes, dtype=torch.long)
    module.ngram_heads_offsets = torch.tensor(module.head_offsets, dtype=torch.long)
    return module


def test_rows_equal_transformers_ids_at_released_sizes():
    """The released model's addressing sizes are transformers' config defaults (vocab 248,320,
    3-grams, 8 heads per order, base 20,000,000, seed 1234). The released model has one PLE
    module (`ple_layer_ids=[2]`); two here, so the second one's primes continue the global head count."""
    config = Qwen4ExpTextConfig(ple_layer_ids=[1, 2], eos_token_id=248044)
    cfg = Qwen4ExpBridgeConfig.from_text_config(config)
    addresser = Qwen4ExpAddresser(cfg.engram)
    generator = torch.Generator().manual_seed(7)
    token_ids = torch.randint(0, config.vocab_size, (4, 64), generator=generator)
    token_ids[token_ids % 9 == 0] = 248044  # about one in nine an end-of-text token
    token_ids[2, :3] = 248044
    ours = addresser.rows(token_ids.numpy())
    for layer_idx, ple_index in ((0, 0), (1, 1)):
        module = released_ngram_module(config, layer_idx, ple_index)
        assert module.ngram_embedding.weight.is_meta
        flat = transformers_ids(module, token_ids).numpy()
        assert np.array_equal(ours[layer_idx] + addresser.offsets[layer_idx], flat)
        assert addresser.num_rows[layer_idx] == module.ngram_embedding.num_embeddings
        assert addresser.multipliers[layer_idx] == module.layer_multipliers.tolist()
    assert addresser.table_sizes[0][0][0] == 20_000_003  # the first prime from the base
    assert addresser.table_sizes[1][0][0] > addresser.table_sizes[0][-1][-1]  # module 1 counts on


# --- multimodal checkpoint ---------------------------------------------------------------


@pytest.mark.parametrize("tier", ["resident", "host"])
def test_multimodal_checkpoint_loads_its_text_part(tmp_path, tier):
    vision = dict(
        depth=1, hidden_size=32, intermediate_size=64, num_heads=2, out_hidden_size=64, patch_size=4, num_position_embeddings=16
    )
    config = Qwen4ExpConfig(text_config=tiny_text_config().to_dict(), vision_config=vision)
    torch.manual_seed(3)
    multimodal = randomize(Qwen4ExpForConditionalGeneration(config), seed=3)
    directory = save(multimodal, tmp_path / "multimodal")
    assert json.loads((directory / "config.json").read_text())["model_type"] == "qwen4_exp"
    model = load_model(directory, tier=tier)
    tokens = tokens_with_eos(3, 12)
    with torch.no_grad():
        assert (model(tokens) - multimodal(input_ids=tokens).logits).abs().max().item() <= 1e-4


# --- bad input ---------------------------------------------------------------------------


def rewrite_config(directory: Path, change) -> None:
    path = directory / "config.json"
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def one_line_error(directory: Path, *words: str, **kwargs) -> str:
    with pytest.raises(CheckpointError) as raised:
        load_model(directory, **kwargs)
    message = str(raised.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message
    return message


@pytest.fixture
def copy_of(checkpoint, tmp_path) -> Path:
    return Path(shutil.copytree(checkpoint, tmp_path / "copy"))


def test_error_another_model_type(copy_of):
    rewrite_config(copy_of, lambda data: data.update(model_type="llama"))
    one_line_error(copy_of, "config.json", "'llama'", "qwen4_exp")
    with pytest.raises(CheckpointError, match="not a Qwen4-Exp checkpoint"):
        load_qwen4_exp(copy_of)


def test_error_config_without_ple_layers(copy_of):
    rewrite_config(copy_of, lambda data: data.update(ple_layer_ids=[]))
    one_line_error(copy_of, "config.json", "ple_layer_ids", "no PLE")


def test_error_text_config_lacks_ple_layer_ids(copy_of, tmp_path):
    rewrite_config(copy_of, lambda data: data.pop("ple_layer_ids"))
    one_line_error(copy_of, "config.json", "'ple_layer_ids'")
    # the same inside a multimodal config's text_config
    multimodal = Path(shutil.copytree(copy_of, tmp_path / "mm"))
    rewrite_config(multimodal, lambda data: data.update(model_type="qwen4_exp", text_config=dict(data)))
    one_line_error(multimodal, "text_config", "'ple_layer_ids'")


def test_error_missing_shard(copy_of):
    index = json.loads((copy_of / "model.safetensors.index.json").read_text())["weight_map"]
    shard = index["model.layers.2.ple.ple_embedding.ngram_embedding.shard_11.weight"]
    (copy_of / shard).unlink()
    for tier in ("resident", "mmap"):
        one_line_error(copy_of, shard, "missing", "download", tier=tier)


def test_error_tokenizer_of_another_vocabulary(tmp_path):
    directory = save(build_causal_lm(vocab_size=4096), tmp_path / "small_vocab")  # the 8192-id tokenizer beside it
    one_line_error(directory, "tokenizer.json", "8192 ids", "vocab_size=4096")
    from engram_model import load_tokenizer

    directory = save(build_causal_lm(vocab_size=16384), tmp_path / "large_vocab", tokenizer=False)
    one_line_error(directory, "given tokenizer", "vocab_size=16384", tokenizer=load_tokenizer(DATA_DIR / "tokenizer.json"))


def test_error_invalid_config_value(copy_of):
    rewrite_config(copy_of, lambda data: data.update(hc_count=1))
    one_line_error(copy_of, "config.json", "hc_count")


# --- the gate scan on a bridged model ----------------------------------------------------


def test_gate_scan_runs_on_the_bridge(bridged, tmp_path):
    """probe's gate scan (probe_corpus, the library call under `engram-probe run`) reads the
    bridge through the interface it reads EngramLM by: cfg.engram, addresser, engram_rows,
    hook_gate / hook_rows / hook_out, stop_at_layer. A document longer than a chunk keeps its
    n-grams across the cut."""
    import pyarrow.parquet as pq

    from engram_model.corpus import Document
    from probe.runs.recorder import RecordOptions
    from probe.runs.scan import ProbeOptions, probe_corpus

    texts = ["The quick brown fox jumps over the lazy dog. " * 3, "Alexander the Great and the Milky Way.", "def f(x): pass"]
    documents = [Document(doc_id=f"doc{i}", text=text, source="test") for i, text in enumerate(texts)]
    manifest = {"model": "tiny qwen4_exp", "model_hash": "-", "tokenizer_hash": "-", "corpus": "inline", "corpus_hash": "-"}
    options = ProbeOptions(max_tokens=16, batch_size=2, record=RecordOptions(rows=True, out_norm=True))
    report = probe_corpus(bridged, documents, tmp_path / "run", manifest, options, show_progress=False)
    assert report["complete"] and report["this_session"]["chunked_documents"] == 1
    gates = pq.read_table(sorted((tmp_path / "run" / "shards").glob("gates-*.parquet"))).to_pandas()
    assert set(gates["layer"]) == {0, 2}
    for doc_id, doc in gates[gates["layer"] == 2].groupby("doc_id"):
        doc = doc.sort_values("position")
        tokens = torch.tensor([doc["token_id"].tolist()])  # the whole document, BOS first
        rows = bridged.addresser.rows(tokens.numpy())[2][0]
        assert np.array_equal(np.stack(doc["rows"].to_numpy()), rows), doc_id  # continuous across chunks
        if len(doc) <= 16:  # one chunk: the scan's gates are the model's on the document alone
            _, cache = bridged.run_with_cache(tokens, names_filter=["blocks.2.engram.hook_gate"])
            recorded = np.stack(doc["gates"].to_numpy())
            assert np.abs(recorded - cache["blocks.2.engram.hook_gate"][0].numpy()).max() <= 1e-5


# --- CUDA --------------------------------------------------------------------------------


@pytest.mark.gpu
def test_cuda_tiers_and_prefetch_match_resident(checkpoint, tokens):
    """On CUDA: host (pinned) and mmap, each with the prefetcher gathering on its side stream,
    give resident's logits bit for bit, with and without padding, over repeated calls (the
    pinned staging ring's slots are reused); the prefetcher served every PLE layer's rows."""
    reference = load_model(checkpoint, device="cuda")
    assert reference.device.type == "cuda"
    masks = [None if m is None else m.cuda() for m in padding_masks(tokens)]
    batch = tokens.cuda()
    with torch.no_grad():
        expected = [reference(batch, attention_mask=mask) for mask in masks]
    for name, options in SERVED.items():
        model = load_model(checkpoint, device="cuda", tier=options)
        try:
            with torch.no_grad():
                for _ in range(3):
                    for mask, logits in zip(masks, expected):
                        assert torch.equal(model(batch, attention_mask=mask), logits), (name, mask)
            if model.prefetcher is not None:
                summary = model.prefetcher.summary()
                assert summary["steps"] == 3 * len(masks) and summary["unique_rows"] > 0, name
        finally:
            if model.prefetcher is not None:
                model.prefetcher.close()
