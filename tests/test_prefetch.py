"""Exactness across tiers, prefetch and cache; the prefetcher's records and seams."""

import numpy as np
import pytest
import torch
from conftest import small_config

from engram_model import EngramLM, Prefetcher, TableError, TierOptions, load_model, save_model

# every serving variant of one checkpoint: tier, reader, prefetch, cache rows, cache policy
VARIANTS = [
    ("resident", "mmap", False, 0, "lru"),
    ("resident", "mmap", True, 0, "lru"),
    ("host", "mmap", False, 0, "lru"),
    ("host", "mmap", True, 24, "lru"),
    ("mmap", "mmap", False, 0, "lru"),
    ("mmap", "mmap", True, 0, "lru"),
    ("mmap", "pread", True, 0, "lru"),
    ("mmap", "mmap", False, 24, "lru"),
    ("mmap", "pread", True, 24, "static"),
]


def load_variants(saved, hot_rows):
    models = {}
    for tier, reader, prefetch, cache_rows, policy in VARIANTS:
        models[(tier, reader, prefetch, cache_rows, policy)] = load_model(
            saved,
            tier=TierOptions(tier, reader, 2, cache_rows, policy, hot_rows if policy == "static" else None, prefetch),
        )
    return models


@pytest.fixture(scope="module", params=["fp32", "bf16", "fp8_e4m3"])
def variants(request, tokenizer, tmp_path_factory):
    torch.manual_seed(0)
    model = EngramLM(small_config(tokenizer, head_dim=32), tokenizer).eval()
    saved = save_model(model, tmp_path_factory.mktemp("ckpt") / request.param, row_format=request.param)
    hot_rows = {layer: np.arange(0, 400, 7) for layer in model.cfg.engram.layers}
    models = load_variants(saved, hot_rows)
    yield models
    for m in models.values():
        if m.prefetcher is not None:
            m.prefetcher.close()


def test_prefill_logits_are_bit_identical_across_tiers_prefetch_and_cache(variants, text):
    reference = variants[VARIANTS[0]]
    tokens, mask = reference.to_tokens([text, text[:40], "By the way"], return_mask=True)
    expected = reference(tokens, attention_mask=mask)
    for key, model in variants.items():
        for _ in range(2):  # the second pass hits a warm cache
            assert torch.equal(model(tokens, attention_mask=mask), expected), key


def test_decode_logits_are_bit_identical_across_tiers_prefetch_and_cache(variants, text):
    reference = variants[VARIANTS[0]]
    tokens = reference.to_tokens([text, text[::-1]])[:, :24]
    chunks = (9, 1, 1, 5, 1, 1, 6)

    def decode(model):
        state, pieces, start = model.new_state(batch=2), [], 0
        for size in chunks:
            pieces.append(model(tokens[:, start : start + size], state=state))
            start += size
        return torch.cat(pieces, dim=1)

    expected = decode(reference)
    generated = reference.generate(tokens[:, :7], max_new_tokens=12, stop_at_eos=False)
    for key, model in variants.items():
        assert torch.equal(decode(model), expected), key
        assert torch.equal(model.generate(tokens[:, :7], max_new_tokens=12, stop_at_eos=False), generated), key


def test_prefetcher_records_every_step(model, text):
    prefetcher = Prefetcher(model)
    model.prefetcher = prefetcher
    try:
        prompt = model.to_tokens(text)[:, :10]
        model.generate(prompt, max_new_tokens=5, stop_at_eos=False)
    finally:
        model.prefetcher = None
        prefetcher.close()
    records = list(prefetcher.records)
    assert [r.tokens for r in records] == [10, 1, 1, 1, 1]  # the prompt, then one step per sampled token
    heads = model.cfg.engram.n_heads
    for record in records:
        assert sorted(record.layers) == list(model.cfg.engram.layers)
        for layer in record.layers.values():
            assert layer.rows_requested == record.tokens * heads
            assert 0 < layer.unique_rows <= layer.rows_requested
            assert layer.bytes == layer.unique_rows * model.cfg.engram.head_dim * 4
            assert layer.issued_at <= layer.ready_at and layer.waited_s >= 0
    # unique rows are the distinct flat rows the addresser gives for the prompt
    rows = model.engram_rows_numpy(prompt)
    offsets = model.blocks[1].engram.offsets.numpy()
    assert records[0].layers[1].unique_rows == len(np.unique(rows[1] + offsets))
    summary = prefetcher.summary()
    assert summary["steps"] == 5 and summary["tokens"] == 14
    assert summary["rows_requested"] == 14 * heads * 2 and 0 <= summary["hidden_fraction"] <= 1


def test_a_hook_that_replaces_rows_bypasses_the_prefetched_memory(model, text):
    tokens = model.to_tokens(text)
    shift = lambda rows, hook: (rows + 1) % 89  # noqa: E731  other rows than the prefetcher gathered
    hooks = [("blocks.2.engram.hook_rows", shift)]
    expected = model.run_with_hooks(tokens, fwd_hooks=hooks)
    model.prefetcher = Prefetcher(model)
    try:
        assert torch.equal(model.run_with_hooks(tokens, fwd_hooks=hooks), expected)
        assert not torch.equal(model(tokens), expected)
    finally:
        model.prefetcher.close()
        model.prefetcher = None


def test_a_read_error_reaches_the_layer_that_waits(model, tmp_path, text):
    saved = save_model(model, tmp_path / "ckpt")
    served = load_model(saved, tier=TierOptions("mmap", "pread", prefetch=True), verify=False)
    path = saved / "engram_tables.safetensors"
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size // 2)  # the table file loses rows while being served
    with pytest.raises(TableError, match=r"engram_tables\.safetensors ended at byte \d+.*truncated"):
        served(served.to_tokens(text))
    served.prefetcher.close()


def test_prefetcher_refuses_a_model_without_engram(tokenizer):
    import dataclasses

    baseline = EngramLM(dataclasses.replace(small_config(tokenizer), engram=None), tokenizer)
    with pytest.raises(ValueError, match="no Engram layers"):
        Prefetcher(baseline)


@pytest.mark.gpu
def test_cuda_tiers_and_prefetch_match_resident(tokenizer, tmp_path, text):
    torch.manual_seed(0)
    model = EngramLM(small_config(tokenizer, head_dim=32), tokenizer).eval()
    saved = save_model(model, tmp_path / "ckpt", row_format="fp8_e4m3")
    reference = load_model(saved, device="cuda")
    tokens = reference.to_tokens([text, text[:30]]).cuda()
    expected = reference(tokens)
    generated = reference.generate(tokens[:, :8], max_new_tokens=8, stop_at_eos=False)
    for tier, reader, cache_rows in [("host", "mmap", 0), ("mmap", "mmap", 16), ("mmap", "pread", 0)]:
        served = load_model(saved, device="cuda", tier=TierOptions(tier, reader, cache_rows=cache_rows, prefetch=True))
        for _ in range(3):  # reuse the pinned ring's slots
            assert torch.equal(served(tokens), expected)
        assert torch.equal(served.generate(tokens[:, :8], max_new_tokens=8, stop_at_eos=False), generated)
        served.prefetcher.close()
