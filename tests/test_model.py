"""EngramLM: TransformerLens hooks, MoE forcing, decoding, padding."""

import dataclasses

import pytest
import torch
from conftest import small_config
from transformer_lens import ActivationCache

from engram_model import EngramLM, MoEConfig

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
    wrong = dataclasses.replace(
        cfg, engram=dataclasses.replace(cfg.engram, compressed_vocab_size=cfg.engram.compressed_vocab_size + 1)
    )
    with pytest.raises(ValueError, match="not this model's tokenizer"):
        EngramLM(wrong, tokenizer)


# Logits of the bundled checkpoints on one fixed text, computed by main's engine before the
# fused-attention / preallocated-cache / grouped-MoE rewrite (written-out softmax, a cache
# grown by torch.cat, a loop of nonzero() per expert). The rewrite must reproduce them.
BUNDLED_TEXTS = ["Alexander the Great was born in Pella, the ancient capital of Macedon.", "The quick brown fox"]
BUNDLED_REFERENCE = {
    "engram": {
        "sum": -478196.5,
        "row0_last": [1.2492924928665161, 9.753137588500977, -2.8854949474334717, -1.3144395351409912, 0.6909633278846741],
        "row1_last_real": [-3.3355257511138916, 0.6453686356544495, -9.38956069946289, 1.3470780849456787, -1.7254045009613037],
        "generated": [0, 35, 2419, 5644, 271, 4971, 550, 3655, 201, 201, 544, 2774, 417, 681, 4139, 14, 271, 991, 6050, 1053],
    },
    "baseline": {
        "sum": -434585.28125,
        "row0_last": [1.6605907678604126, 9.627532958984375, -1.7486361265182495, -1.166690707206726, 1.8303852081298828],
        "row1_last_real": [-2.096141815185547, 3.34053373336792, -9.312562942504883, 0.7316317558288574, 1.4009613990783691],
        "generated": [0, 35, 2419, 5644, 271, 4971, 550, 3655, 296, 271, 706, 360, 2716, 14, 271, 416, 1034, 347, 557, 4012],
    },
}


@pytest.mark.parametrize("name", sorted(BUNDLED_REFERENCE))
def test_bundled_checkpoints_give_the_logits_they_gave_before(name):
    from engram_model import load_model

    reference = BUNDLED_REFERENCE[name]
    model = load_model(name).eval()
    tokens, mask = model.to_tokens(BUNDLED_TEXTS, return_mask=True)
    with torch.no_grad():
        logits = model(tokens, attention_mask=mask)
    last_real = int(mask[1].sum()) - 1
    torch.testing.assert_close(logits[0, -1, :5], torch.tensor(reference["row0_last"]), rtol=0, atol=1e-4)
    torch.testing.assert_close(logits[1, last_real, :5], torch.tensor(reference["row1_last_real"]), rtol=0, atol=1e-4)
    assert logits[mask].sum().item() == pytest.approx(reference["sum"], rel=1e-6)
    generated = model.generate(tokens[:1, :8], max_new_tokens=12, stop_at_eos=False)
    assert generated[0].tolist() == reference["generated"]


def test_stacked_routed_experts_round_trip_through_save_and_load(model, tmp_path):
    from engram_model import load_model, save_model

    save_model(model, tmp_path / "saved")
    loaded = load_model(tmp_path / "saved", verify=False).eval()
    assert "blocks.2.mlp.experts.W_gate_in" in loaded.state_dict()
    torch.testing.assert_close(loaded.state_dict(), model.state_dict(), rtol=0, atol=0)
    tokens = model.to_tokens("Alexander the Great was born in Pella.")
    torch.testing.assert_close(loaded(tokens), model(tokens), rtol=0, atol=0)


def test_weight_decay_reaches_the_stacked_expert_matrices(tokenizer, model):
    from conftest import small_train_config

    from engram_model.train import build_optimizers

    decay, no_decay = build_optimizers(model, small_train_config(tokenizer, weight_decay=0.1))["dense"].param_groups
    decayed = {id(p) for p in decay["params"]}
    experts = model.blocks[2].mlp.experts
    assert experts.W_gate_in.ndim == 3 and {id(experts.W_gate_in), id(experts.W_out)} <= decayed
