"""The engine's fast paths against their written-out definitions: fused attention against the
materialised pattern, the fused RMSNorm against its hooked arithmetic, rotary embeddings
against complex rotation, the preallocated KV cache, grouped MoE dispatch, hyper-connection
mixing, unembedding only the positions decoding reads, and unembedding into pooled buffers."""

import copy
import pickle
import threading

import pytest
import torch
import torch.nn.functional as F

from engram_model._memory import FRESH_MAPPING_BYTES, BufferPool
from engram_model.layers import (
    HyperConnection,
    KVCache,
    RMSNorm,
    RoutedExperts,
    Unembed,
    apply_rotary,
    grouped_linear,
    rotary_tables,
)

PATTERNS = lambda name: name.endswith("attn.hook_pattern")  # noqa: E731
KEEP = lambda pattern, hook: pattern  # noqa: E731  a hook that only forces the pattern to exist


def test_fused_attention_is_the_default(model, text):
    tokens = model.to_tokens(text)
    with pytest.MonkeyPatch.context() as patch:
        calls = []
        real = F.scaled_dot_product_attention
        patch.setattr(F, "scaled_dot_product_attention", lambda *a, **k: calls.append(1) or real(*a, **k))
        model(tokens)
        assert len(calls) == model.cfg.n_layers
        calls.clear()
        model.run_with_hooks(tokens, fwd_hooks=[(PATTERNS, KEEP)])
        assert calls == []  # a hooked pattern is computed, not fused


@pytest.mark.parametrize("padded", [False, True])
def test_fused_and_materialised_attention_agree(model, padded):
    texts = ["Alexander the Great was born in Pella.", "By the way"]
    tokens, mask = model.to_tokens(texts, return_mask=True)
    mask = mask if padded else None
    fused = model(tokens, attention_mask=mask)
    materialised = model.run_with_hooks(tokens, attention_mask=mask, fwd_hooks=[(PATTERNS, KEEP)])
    torch.testing.assert_close(fused, materialised, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("padded", [False, True])
def test_fused_and_materialised_attention_agree_while_decoding(model, padded):
    texts = ["Alexander the Great was born in Pella, the capital.", "By the way it is"]
    tokens, mask = model.to_tokens(texts, return_mask=True)
    mask = mask if padded else torch.ones_like(mask)

    def decode(**hooks):
        state, pieces, start = model.new_state(batch=2), [], 0
        for size in (5, 1, 3, 1, 1):
            piece = slice(start, start + size)
            pieces.append(model.run_with_hooks(tokens[:, piece], attention_mask=mask[:, piece], state=state, **hooks))
            start += size
        return torch.cat(pieces, dim=1)

    torch.testing.assert_close(decode(), decode(fwd_hooks=[(PATTERNS, KEEP)]), rtol=1e-5, atol=1e-5)


def test_a_pattern_hook_sees_and_edits_the_pattern(model, text):
    tokens = model.to_tokens(text)
    _, cache = model.run_with_cache(tokens, names_filter=PATTERNS)
    pattern = cache["blocks.0.attn.hook_pattern"]
    assert pattern.shape == (1, model.cfg.n_heads, tokens.shape[1], tokens.shape[1])
    torch.testing.assert_close(pattern.sum(-1), torch.ones(pattern.shape[:-1]))
    assert (pattern.triu(diagonal=1) == 0).all()
    # attending only to the first token is a real edit: the logits move
    to_first = lambda p, hook: torch.zeros_like(p).index_fill_(-1, torch.tensor([0]), 1.0)  # noqa: E731
    assert not torch.allclose(model.run_with_hooks(tokens, fwd_hooks=[(PATTERNS, to_first)]), model(tokens))


def test_a_query_that_sees_no_key_gets_zeros_on_both_paths(model):
    # left padding: the first query of row 1 has no real key to attend to
    tokens = torch.tensor([[5, 6, 7, 8], [model.pad_token_id, 6, 7, 8]])
    mask = torch.tensor([[True] * 4, [False, True, True, True]])
    _, cache = model.run_with_cache(tokens, attention_mask=mask, names_filter=lambda n: n.endswith("attn.hook_z"))
    z = cache["blocks.0.attn.hook_z"]
    assert not z.isnan().any() and (z[1, 0] == 0).all()
    fused = model(tokens, attention_mask=mask)
    materialised = model.run_with_hooks(tokens, attention_mask=mask, fwd_hooks=[(PATTERNS, KEEP)])
    assert not fused.isnan().any()
    torch.testing.assert_close(fused, materialised, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_fused_rms_norm_is_bit_identical_to_the_hooked_arithmetic(dtype):
    norm = RMSNorm(48, eps=1e-6)
    with torch.no_grad():
        norm.weight.copy_(torch.randn(48))
    norm = norm.to(dtype)
    x = (torch.randn(3, 7, 48) * 5).to(dtype)
    scales = []
    norm.hook_scale.add_hook(lambda scale, hook: scales.append(scale))  # forces the written-out path
    written_out = norm(x)
    norm.hook_scale.remove_hooks()
    assert len(scales) == 1
    assert torch.equal(norm(x), written_out)
    by_hand = (x.float() / (x.float().pow(2).mean(-1, keepdim=True) + 1e-6).sqrt()).to(dtype) * norm.weight
    torch.testing.assert_close(written_out, by_hand)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_pooled_unembedding_is_bit_identical_to_a_linear_layer_and_never_aliases_live_logits(dtype):
    unembed = Unembed(64, 40_000).to(dtype)  # 1,024 positions: 164 MB of float32 logits, pooled
    x = torch.randn(4, 300, 64).to(dtype)[:, -256:]  # a strided view, as logits_to_keep makes
    with torch.no_grad():
        logits = unembed(x)
        assert logits.numel() * logits.element_size() >= FRESH_MAPPING_BYTES
        assert torch.equal(logits, F.linear(x, unembed.weight))
        kept = logits.clone()
        again = unembed(-x)  # `logits` is alive: the second call must not write into it
        assert torch.equal(logits, kept) and torch.equal(again, F.linear(-x, unembed.weight))
        last_row = again[:, -1]
        del again
        third = unembed(x * 2)  # only a view of the second call's buffer is alive
        assert torch.equal(last_row, F.linear(-x, unembed.weight)[:, -1]) and torch.equal(third, F.linear(x * 2, unembed.weight))
        assert torch.equal(unembed(x[:, :2]), F.linear(x[:, :2], unembed.weight))  # small logits: nn.Linear's path
    with torch.inference_mode():
        assert torch.equal(unembed(x), kept)
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
        assert unembed(x).dtype == torch.bfloat16  # autocast's cast, as nn.Linear gets it
    trained = unembed(x)  # with autograd (the weight wants a gradient): nn.Linear's own path
    trained.float().square().mean().backward()
    assert unembed.weight.grad is not None and torch.equal(trained.detach(), kept)


def test_a_pooled_buffer_is_handed_out_again_only_once_nothing_refers_to_it():
    pool = BufferPool(keep=2)
    shape = (2 * FRESH_MAPPING_BYTES // 4 // 1024, 1024)  # float32: twice the smallest pooled size
    first, second = pool.empty(shape, torch.float32), pool.empty(shape, torch.float32)
    assert first.shape == shape and first.data_ptr() != second.data_ptr()
    first_memory = first.data_ptr()
    del first
    reused = pool.empty((shape[0] // 2, 1024), torch.float32)  # smaller tensors fit a free block
    assert reused.data_ptr() == first_memory
    view = second[1:]
    second_memory = second.data_ptr()
    del second
    third = pool.empty(shape, torch.float32)  # a view still holds the second block
    third_memory = third.data_ptr()
    assert third_memory not in (first_memory, second_memory)
    del reused, view, third
    assert pool.empty(shape, torch.float32).data_ptr() in (third_memory, second_memory)  # it keeps the 2 newest
    small, large = pool.empty((3, 4), torch.bfloat16), pool.empty((pool.max_bytes // 4 + 1,), torch.float32)
    assert small.shape == (3, 4) and small.dtype == torch.bfloat16 and large.shape == (pool.max_bytes // 4 + 1,)
    for other in (copy.deepcopy(pool), pickle.loads(pickle.dumps(pool))):
        assert isinstance(other, BufferPool) and other.keep == 2 and not other._blocks


def test_threads_sharing_a_pool_never_get_the_same_live_buffer():
    pool = BufferPool(keep=2)
    shape = (FRESH_MAPPING_BYTES // 4,)
    held: list[list[torch.Tensor]] = [[], []]

    def take(mine: list[torch.Tensor]) -> None:
        for step in range(40):
            mine.append(pool.empty(shape, torch.float32))
            if step % 3:
                mine.pop(0)  # let some go, so that blocks come free while the other thread takes

    threads = [threading.Thread(target=take, args=(mine,)) for mine in held]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    live = [tensor.data_ptr() for mine in held for tensor in mine]
    assert len(live) == len(set(live))


def test_rotary_embedding_is_complex_rotation_of_each_half_pair():
    """Dimension i and i + D/2 form the complex number x_i + j x_{i+D/2}, turned by
    position * theta^(-2i/D)."""
    d_head, seq_len, theta = 8, 5, 10000.0
    x = torch.randn(2, seq_len, 3, d_head, dtype=torch.float64)
    cos, sin = rotary_tables(d_head, 16, theta)
    rotated = apply_rotary(x.float(), cos[:seq_len], sin[:seq_len]).double()
    half = d_head // 2
    angles = torch.arange(seq_len, dtype=torch.float64)[:, None] * theta ** (-torch.arange(half) * 2.0 / d_head)
    turned = torch.complex(x[..., :half], x[..., half:]) * torch.polar(torch.ones_like(angles), angles)[None, :, None]
    torch.testing.assert_close(rotated, torch.cat([turned.real, turned.imag], dim=-1), rtol=1e-5, atol=1e-5)


def test_logits_to_keep_unembeds_only_the_last_positions(model, text):
    tokens = model.to_tokens([text, text[:20]])
    full = model(tokens)
    torch.testing.assert_close(model(tokens, logits_to_keep=3), full[:, -3:], rtol=0, atol=1e-6)
    with pytest.raises(ValueError, match="logits_to_keep"):
        model(tokens, return_type="loss", logits_to_keep=1)
    with pytest.raises(ValueError, match="logits_to_keep"):
        model(tokens, logits_to_keep=0)


def test_kv_cache_is_written_in_place():
    cache = KVCache(max_len=6)
    keys = torch.randn(2, 1, 4, 3)
    k, v = cache.update(keys[:, :, :3], -keys[:, :, :3])
    buffer = cache.keys.data_ptr()
    k, v = cache.update(keys[:, :, 3:], -keys[:, :, 3:])
    assert cache.keys.data_ptr() == buffer and cache.keys.shape == (2, 1, 6, 3)
    assert torch.equal(k, keys) and torch.equal(v, -keys) and cache.length == 4


def test_decoding_beyond_the_preallocated_cache_names_the_limit(model):
    state = model.new_state(batch=1, max_len=8)
    model(torch.ones(1, 6, dtype=torch.long), state=state)
    with pytest.raises(ValueError, match=r"holds 8 positions and 9 are needed; raise it with new_state\(batch, max_len="):
        model(torch.ones(1, 3, dtype=torch.long), state=state)
    with pytest.raises(ValueError, match="max_seq_len"):
        model.new_state(batch=1, max_len=model.cfg.max_seq_len + 1)


def test_moe_dispatch_matches_a_loop_over_tokens(model):
    moe = model.blocks[2].mlp
    x = torch.randn(2, 9, model.cfg.d_model)
    with torch.no_grad():
        out = moe(x)
        probs = torch.softmax(moe.router(x), -1)
        chosen = (probs + moe.expert_bias).topk(moe.top_k, -1).indices
        expected = moe.shared(x)
        for b in range(2):
            for t in range(9):
                weights = probs[b, t, chosen[b, t]] / probs[b, t, chosen[b, t]].sum()
                for expert, weight in zip(chosen[b, t].tolist(), weights):
                    gate, linear = (x[b, t] @ moe.experts.W_gate_in[expert].T).chunk(2)
                    expected[b, t] += weight * (F.silu(gate) * linear) @ moe.experts.W_out[expert].T
    torch.testing.assert_close(out, expected, rtol=1e-5, atol=1e-6)


def loop_over_experts(x, weight, counts):
    return torch.cat([rows @ w.T for rows, w in zip(x.split(counts.tolist()), weight)])


@pytest.mark.parametrize("d_in", [32, 6])  # 6: rows too narrow for grouped_mm, the loop path
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_grouped_linear_matches_a_loop_and_takes_empty_experts_and_a_broadcast_gradient(d_in, dtype):
    counts = torch.tensor([3, 0, 5, 0])  # experts 1 and 3 get no rows
    x = torch.randn(8, d_in, dtype=dtype, requires_grad=True)
    weight = torch.randn(4, 16, d_in, dtype=dtype, requires_grad=True)
    out = grouped_linear(x, weight, counts.cumsum(0).to(torch.int32))
    out.sum().backward()  # sum's gradient is one value broadcast, strides all zero
    x_ref, weight_ref = x.detach().clone().requires_grad_(), weight.detach().clone().requires_grad_()
    loop_over_experts(x_ref, weight_ref, counts).sum().backward()
    tolerance = dict(rtol=1e-2, atol=1e-2) if dtype == torch.bfloat16 else dict(rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(out, loop_over_experts(x_ref, weight_ref, counts), **tolerance)
    torch.testing.assert_close(x.grad, x_ref.grad, **tolerance)
    torch.testing.assert_close(weight.grad, weight_ref.grad, **tolerance)
    assert not weight.grad[1].any() and not weight.grad[3].any()


def test_moe_backward_through_forced_experts_matches_a_loop(model):
    """Every token forced onto expert 0, so the others run on no rows; `.sum()` backward."""
    moe = model.blocks[2].mlp
    x = torch.randn(2, 5, model.cfg.d_model)
    handle = moe.hook_expert_indices.register_forward_hook(lambda module, args, indices: torch.zeros_like(indices))
    try:
        moe.zero_grad()
        moe(x).sum().backward()
    finally:
        handle.remove()
    grads = [p.grad.clone() for p in moe.experts.parameters()]
    moe.zero_grad()
    weights = moe.experts.W_gate_in, moe.experts.W_out
    gate, linear = (x @ weights[0][0].T).chunk(2, dim=-1)  # its top_k equal weights sum to 1
    ((F.silu(gate) * linear) @ weights[1][0].T + moe.shared(x)).sum().backward()
    for grad, param in zip(grads, weights):
        torch.testing.assert_close(grad, param.grad, rtol=1e-5, atol=1e-6)
        assert not grad[1:].any()
    moe.zero_grad()


def test_per_expert_checkpoint_weights_are_stacked_on_load():
    experts = RoutedExperts(3, d_model=8, d_hidden=4, init_std=0.02)
    old = {}
    for i in range(3):
        gate, linear = experts.W_gate_in[i].detach().chunk(2)
        old |= {f"{i}.W_gate.weight": gate, f"{i}.W_in.weight": linear, f"{i}.W_out.weight": experts.W_out[i].detach()}
    fresh = RoutedExperts(3, d_model=8, d_hidden=4, init_std=0.02)
    fresh.load_state_dict(old)
    torch.testing.assert_close(fresh.state_dict(), experts.state_dict(), rtol=0, atol=0)


def test_hyper_connection_mixing_matches_its_definition():
    hc = HyperConnection(n_streams=3, layer_index=1)
    with torch.no_grad():
        for param in hc.parameters():
            param.normal_()
    streams, output = torch.randn(2, 3, 5, 4), torch.randn(2, 5, 4)
    torch.testing.assert_close(hc.width(streams), torch.einsum("m,bmtd->btd", hc.read, streams))
    expected = torch.einsum("mn,bmtd->bntd", hc.mix, streams) + hc.write[None, :, None, None] * output[:, None]
    torch.testing.assert_close(hc.depth(streams, output), expected)
