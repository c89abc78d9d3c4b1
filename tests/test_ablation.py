import copy
import dataclasses

import pytest
import torch

from engram_model import EngramLM
from engram_model.corpus import Document
from probe.analyses.ablation import NoEngramError, condition_losses, engram_ablation, engram_off, token_losses
from probe.batching import model_inputs, read_chunks
from probe.categorize import label_token

TEXTS = {
    "prose": "Alexander the Great was born in Pella, the capital of Macedon. By the way, the Milky Way is a galaxy.",
    "licence": "Permission is hereby granted, free of charge, to any person obtaining a copy of this software.",
    "code": "def main(argv):\n    return parse(argv[1:])\n",
}


@pytest.fixture
def chunks(tokenizer):
    docs = [Document(f"{d}{i}", text * (i + 1), domain=d) for i in range(2) for d, text in TEXTS.items()]
    return read_chunks(docs, [tokenizer], max_tokens=40, tokens=400, history=2, labeller=label_token)


def without_engram(model):
    """The same weights with the Engram modules removed: a second way to switch Engram off."""
    stripped = copy.deepcopy(model)
    for block in stripped.blocks:
        block.engram = None
    return stripped


def test_gate_zeroed_is_engram_removed(model, chunks):
    tokens, mask, rows = model_inputs(model, chunks[:4])
    losses = condition_losses(model, chunks[:4], mode="gate")
    expected = token_losses(without_engram(model)(tokens, attention_mask=mask), tokens, mask)
    assert torch.allclose(losses["off"], expected, equal_nan=True, atol=1e-5)
    on = token_losses(model(tokens, attention_mask=mask, rows=rows), tokens, mask)
    assert torch.allclose(losses["on"], on, equal_nan=True, atol=1e-6)
    assert not torch.allclose(losses["on"], losses["off"], equal_nan=True)
    # biases start at zero, so zero memory means zero keys and values: the same as a zero gate
    memory = condition_losses(model, chunks[:4], mode="memory")
    assert torch.allclose(memory["off"], losses["off"], equal_nan=True, atol=1e-5)


def test_pinned_experts_follow_the_on_pass(model, chunks):
    """A hook registered outside sees the indices before the pin replaces them, so the check is
    on what follows them: the expert weights of the pinned pass are its own router's
    probabilities at the experts the on pass chose."""
    group = chunks[:3]
    _, mask, _ = model_inputs(model, group)
    seen = {}

    def keep(tensor, hook):
        seen.setdefault(hook.name, []).append(tensor.clone())

    names = [
        f"blocks.{layer}.mlp.hook_{kind}" for layer in (1, 2) for kind in ("router_logits", "expert_indices", "expert_weights")
    ]
    with model.hooks(fwd_hooks=[(name, keep) for name in names]):
        losses = condition_losses(model, group)
    for layer in (1, 2):
        logits, indices, weights = (
            seen[f"blocks.{layer}.mlp.hook_{kind}"] for kind in ("router_logits", "expert_indices", "expert_weights")
        )
        on, off = indices[0], indices[1]  # passes: on, off, off_pinned, ...
        assert not torch.equal(off[mask], on[mask])  # without pinning, Engram changes the routing
        chosen = torch.softmax(logits[2].float(), -1).gather(-1, on)
        assert torch.allclose(weights[2], chosen / chosen.sum(-1, keepdim=True), atol=1e-6)
    assert not torch.allclose(losses["off"], losses["off_pinned"], equal_nan=True)


def test_prefill_and_decode_ablations_equal_real_decoding(model, tokenizer):
    """Prefill with the prompt, then decode the rest token by token with the KV cache (teacher
    forced), Engram switched off in one phase only; compare with the one-pass measurement."""
    chunks = read_chunks([Document("d", TEXTS["prose"])], [tokenizer], max_tokens=30, tokens=30, history=2, labeller=label_token)
    losses = condition_losses(model, chunks, prefill_fraction=0.4)
    tokens = torch.tensor([chunks[0].ids])
    prompt = int(len(chunks[0]) * 0.4)
    for condition, off_in_prefill in (("off_prefill", True), ("off_decode", False)):
        state = model.new_state(1)
        with model.hooks(fwd_hooks=engram_off(model) if off_in_prefill else []):
            logits = [model(tokens[:, :prompt], state=state)[:, -1]]
        with model.hooks(fwd_hooks=[] if off_in_prefill else engram_off(model)):
            for t in range(prompt, tokens.shape[1] - 1):
                logits.append(model(tokens[:, t : t + 1], state=state)[:, -1])
        decoded = torch.nn.functional.cross_entropy(torch.cat(logits).float(), tokens[0, prompt:], reduction="none")
        assert torch.allclose(losses[condition][0][losses["decoded"][0]], decoded, atol=1e-4)
    assert losses["decoded"][0].sum() == len(chunks[0]) - prompt


def test_summary_by_domain_and_category(model, chunks):
    result = engram_ablation(model, chunks, batch_size=3)
    overall = result["overall"]
    assert overall["tokens"] == sum(len(c) - 1 for c in chunks)
    assert set(overall["loss"]) == {"on", "off", "off_pinned"} and overall["delta"]["on"] == 0
    for key in ("by_domain", "by_category"):
        groups = result[key]
        assert sum(g["tokens"] for g in groups) == overall["tokens"]
        for condition in overall["loss"]:
            pooled = sum(g["loss"][condition] * g["tokens"] for g in groups) / overall["tokens"]
            assert pooled == pytest.approx(overall["loss"][condition], rel=1e-5)
    assert {g["domain"] for g in result["by_domain"]} == set(TEXTS)
    assert {g["category"] for g in result["by_category"]} <= {"names", "code", "relational", "boilerplate", "other"}
    generation = result["generation"]
    assert set(generation["loss"]) == {"on", "off", "off_prefill", "off_decode"}
    assert 0 < generation["tokens"] < overall["tokens"]


def test_intervals_resample_documents(model, chunks):
    result = engram_ablation(model, chunks, batch_size=3)
    documents = {c.document.doc_id for c in chunks}
    assert result["overall"]["documents"] == len(documents) > 1
    by_domain = {g["domain"]: g for g in result["by_domain"]}
    for domain, group in by_domain.items():
        assert group["documents"] == len({c.document.doc_id for c in chunks if c.document.domain == domain})
    for group in [result["overall"], result["generation"], *result["by_domain"], *result["by_category"]]:
        for condition, interval in group["delta_ci"].items():
            if group["documents"] == 1:
                assert interval is None
            elif condition == "on":
                assert interval == [0.0, 0.0]
            else:
                low, high = interval
                assert low <= group["delta"][condition] <= high and low < high


def test_figures_draw_each_change_with_its_interval(model, chunks):
    from probe.plots import ablation_bars, generation_bars
    from probe.plots.similarity import CONDITION_NAMES

    result = engram_ablation(model, chunks, batch_size=3)
    for bar in ablation_bars(result, "domain").data:
        condition = {name: c for c, name in CONDITION_NAMES.items()}[bar.name]
        for group, top, plus, minus in zip(result["by_domain"], bar.y, bar.error_y.array, bar.error_y.arrayminus):
            low, high = group["delta_ci"][condition]
            assert (top - minus, top + plus) == pytest.approx((low, high))
    generation = result["generation"]
    bars = generation_bars(result).data[0]
    on = generation["loss"]["on"]
    ends = [
        end
        for top, plus, minus in zip(bars.y, bars.error_y.array, bars.error_y.arrayminus)
        for end in (top - minus - on, top + plus - on)
    ]
    assert ends == pytest.approx([end for c in ("on", "off", "off_prefill", "off_decode") for end in generation["delta_ci"][c]])
    result["generation"].pop("delta_ci")  # a file from before the intervals: bars, no error bars
    assert generation_bars(result).data[0].error_y.array is None


def test_dense_model_has_no_pinned_condition(model, tokenizer, chunks):
    dense = EngramLM(dataclasses.replace(model.cfg, moe=None), tokenizer).eval()
    assert "off_pinned" not in engram_ablation(dense, chunks[:2])["overall"]["loss"]


def test_model_without_engram_is_told_so(model, tokenizer, chunks):
    baseline = EngramLM(dataclasses.replace(model.cfg, engram=None), tokenizer).eval()
    with pytest.raises(NoEngramError, match="no Engram layers"):
        engram_ablation(baseline, chunks)
    with pytest.raises(ValueError, match="mode='rows'"):
        engram_off(model, "rows")
    with pytest.raises(ValueError, match="prefill_fraction=1"):
        engram_ablation(model, chunks, prefill_fraction=1)
