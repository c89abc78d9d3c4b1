"""EngramLM: TransformerLens hooks, MoE forcing, decoding, padding."""

import dataclasses

import pytest
import torch
from transformer_lens import ActivationCache

from engram_model import EngramLM, MoEConfig

from conftest import small_config

ENGRAM_HOOKS = ("hook_rows", "hook_memory", "hook_key", "hook_value", "hook_gate", "hook_out")


def test_design_hook_names_exist(model):
    names = set(model.hook_dict)
    assert {"hook_embed", "ln_final.hook_normalized"} <= names
    for layer in range(model.cfg.n_layers):
        for hook in ("hook_resid_pre", "attn.hook_pattern", "hook_attn_out", "hook_mlp_out", "hook_resid_post"):
            assert f"blocks.{layer}.{hook}" in names
    for layer in model.cfg.engram.layers:
        assert {f"blocks.{layer}.engram.{h}" for h in ENGRAM_HOOKS} <= names
    assert "blocks.0.engram.hook_gate" not in names


def test_run_with_cache_filters_and_wraps(model, text):
    tokens = model.to_tokens([text, text[:40]])[:, :12]
    logits, cache = model.run_with_cache(tokens, names_filter=lambda name: name.endswith("hook_gate"))
    assert isinstance(cache, ActivationCache)
    assert sorted(cache.keys()) == ["blocks.1.engram.hook_gate", "blocks.2.engram.hook_gate"]
    gate = cache["blocks.1.engram.hook_gate"]
    assert gate.shape == (2, 12, model.cfg.hc_streams)
    assert ((gate > 0) & (gate < 1)).all()
    torch.testing.assert_close(logits, model(tokens))


def test_cached_shapes(model, text):
    tokens = model.to_tokens(text)
    _, cache = model.run_with_cache(tokens)
    batch, pos = tokens.shape
    cfg, ecfg = model.cfg, model.cfg.engram
    assert cache["blocks.1.hook_resid_pre"].shape == (batch, cfg.hc_streams, pos, cfg.d_model)
    assert cache["blocks.1.engram.hook_rows"].shape == (batch, pos, ecfg.n_heads)
    assert cache["blocks.1.engram.hook_memory"].shape == (batch, pos, ecfg.memory_dim)
    assert cache["blocks.1.engram.hook_key"].shape == (batch, pos, cfg.hc_streams, cfg.d_model)
    assert cache["blocks.1.engram.hook_value"].shape == (batch, pos, cfg.d_model)
    assert cache["blocks.1.engram.hook_out"].shape == (batch, cfg.hc_streams, pos, cfg.d_model)
    assert cache["blocks.0.attn.hook_pattern"].shape == (batch, cfg.n_heads, pos, pos)
    # rows in the cache are the addresser's rows for the compressed tokens
    compressed = model.compression_lookup[tokens].numpy()
    assert cache["blocks.2.engram.hook_rows"].tolist() == model.addresser.rows(compressed)[2].tolist()


def test_zeroing_gates_changes_logits_like_removing_engram(model, text):
    tokens = model.to_tokens(text)
    zero = lambda t, hook: torch.zeros_like(t)  # noqa: E731
    gated_off = model.run_with_hooks(tokens, fwd_hooks=[(lambda n: n.endswith("engram.hook_gate"), zero)])
    assert not torch.allclose(gated_off, model(tokens))
    # with alpha = 0 the Engram branch adds only SiLU(conv(RMSNorm(0))) = 0
    removed = model.run_with_hooks(tokens, fwd_hooks=[(lambda n: n.endswith("engram.hook_out"), zero)])
    torch.testing.assert_close(gated_off, removed)


def test_hooks_context_manager(model, text):
    tokens = model.to_tokens(text)
    seen = []
    with model.hooks(fwd_hooks=[("blocks.2.engram.hook_gate", lambda t, hook: seen.append(hook.name))]):
        model(tokens)
    model(tokens)
    assert seen == ["blocks.2.engram.hook_gate"]


def test_forcing_expert_choices(model, text):
    tokens = model.to_tokens(text)
    moe_layer = "blocks.2.mlp"
    logits, cache = model.run_with_cache(tokens, names_filter=lambda n: n.startswith(moe_layer))
    chosen = cache[f"{moe_layer}.hook_expert_indices"]
    assert chosen.shape == (*tokens.shape, model.cfg.moe.top_k)

    # pinning the choices the model made itself changes nothing
    pinned = model.run_with_hooks(tokens, fwd_hooks=[(f"{moe_layer}.hook_expert_indices", lambda t, hook: chosen)])
    torch.testing.assert_close(pinned, logits)

    forced = torch.tensor([0, 3]).expand_as(chosen)
    seen = {}
    hooks = [
        (f"{moe_layer}.hook_expert_indices", lambda t, hook: forced),
        (f"{moe_layer}.hook_expert_weights", lambda t, hook: seen.setdefault("w", t)),
        (f"{moe_layer}.hook_router_logits", lambda t, hook: seen.setdefault("r", t)),
    ]
    forced_logits = model.run_with_hooks(tokens, fwd_hooks=hooks)
    assert not torch.allclose(forced_logits, logits)
    probs = torch.softmax(seen["r"], -1)[..., [0, 3]]
    torch.testing.assert_close(seen["w"], probs / probs.sum(-1, keepdim=True))


def test_incremental_decoding_matches_full_forward(model, text):
    tokens = model.to_tokens([text, text[::-1]])[:, :30]
    full = model(tokens)
    state = model.new_state(batch=2)
    pieces, start = [], 0
    for size in (7, 1, 1, 4, 1, 16):
        pieces.append(model(tokens[:, start : start + size], state=state))
        start += size
    torch.testing.assert_close(torch.cat(pieces, dim=1), full, rtol=1e-5, atol=1e-5)


def test_greedy_generate_matches_argmax_without_cache(model, text):
    prompt = model.to_tokens(text)[:, :9]
    generated = model.generate(prompt, max_new_tokens=6, stop_at_eos=False)
    tokens = prompt
    for _ in range(6):
        next_token = model(tokens)[:, -1].argmax(-1, keepdim=True)
        tokens = torch.cat([tokens, next_token], dim=1)
    assert generated.tolist() == tokens.tolist()
    assert isinstance(model.generate("Alexander the", max_new_tokens=3), str)


def test_sampling_is_seeded(model):
    a = model.generate("The", max_new_tokens=8, temperature=1.0, top_k=20, seed=3, stop_at_eos=False)
    b = model.generate("The", max_new_tokens=8, temperature=1.0, top_k=20, seed=3, stop_at_eos=False)
    assert a == b


def test_right_padding_leaves_real_positions_unchanged(model):
    texts = ["Alexander the Great was born in Pella.", "By the way"]
    tokens, mask = model.to_tokens(texts, return_mask=True)
    batched = model(tokens, attention_mask=mask)
    short = model(model.to_tokens(texts[1]))
    torch.testing.assert_close(batched[1, : short.shape[1]], short[0], rtol=1e-5, atol=1e-5)
    _, cache = model.run_with_cache(texts, names_filter="blocks.1.engram.hook_gate")
    assert (cache["blocks.1.engram.hook_gate"][1, ~mask[1]] == 0).all()


def test_loss_ignores_padding(model):
    texts = ["Alexander the Great was born in Pella.", "By the way"]
    tokens, mask = model.to_tokens(texts, return_mask=True)
    logits, loss = model(tokens, return_type="both", attention_mask=mask)
    log_probs = torch.log_softmax(logits.float(), -1)
    picked = [-log_probs[b, t, tokens[b, t + 1]] for b in range(2) for t in range(tokens.shape[1] - 1) if mask[b, t + 1]]
    torch.testing.assert_close(loss, torch.stack(picked).mean())


def test_plain_residual_and_dense_backbone(tokenizer, text):
    cfg = dataclasses.replace(small_config(tokenizer), hc_streams=1, moe=None)
    torch.manual_seed(0)
    model = EngramLM(cfg, tokenizer).eval()
    assert not [n for n, _ in model.named_parameters() if ".hc_" in n]
    _, cache = model.run_with_cache(text, names_filter=lambda n: n.endswith("hook_gate"))
    assert cache["blocks.1.engram.hook_gate"].shape[-1] == 1
    baseline = EngramLM(dataclasses.replace(cfg, engram=None, moe=MoEConfig(4, 2, 32)), tokenizer)
    assert baseline.addresser is None and baseline(text).shape[-1] == cfg.vocab_size


def test_bad_inputs_are_refused(model):
    with pytest.raises(ValueError, match="token ids must lie"):
        model(torch.tensor([[1, model.cfg.vocab_size]]))
    with pytest.raises(ValueError, match="batch, pos"):
        model(torch.tensor([1, 2, 3]))
    with pytest.raises(ValueError, match="return_type"):
        model(torch.tensor([[1, 2]]), return_type="probs")
    with pytest.raises(ValueError, match="max_seq_len"):
        model(torch.ones(1, model.cfg.max_seq_len + 1, dtype=torch.long))


def test_tokenizer_must_fit_the_config(tokenizer):
    cfg = small_config(tokenizer)
    with pytest.raises(ValueError, match="pass the tokenizer"):
        EngramLM(dataclasses.replace(cfg, engram=dataclasses.replace(cfg.engram, compressed_vocab_size=cfg.vocab_size - 5)))
    wrong = dataclasses.replace(cfg, engram=dataclasses.replace(cfg.engram, compressed_vocab_size=cfg.engram.compressed_vocab_size + 1))
    with pytest.raises(ValueError, match="not this model's tokenizer"):
        EngramLM(wrong, tokenizer)
