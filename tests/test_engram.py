"""Spec §3: the gate, the two projection variants and the short conv, against hand computation."""

import numpy as np
import pytest
import torch
from conftest import small_config

from engram_model import EngramLM
from engram_model.engram import Engram


def build(tokenizer, seed=0, **engram_overrides) -> Engram:
    torch.manual_seed(seed)
    model = EngramLM(small_config(tokenizer, **engram_overrides), tokenizer)
    engram = model.blocks[1].engram
    with torch.no_grad():  # move every gain off its initial value so the test can see it
        for p in engram.parameters():
            p.add_(0.3 * torch.randn_like(p))
    return engram.eval()


def inputs(engram: Engram, seed=1, seq_len=11):
    g = torch.Generator().manual_seed(seed)
    n_heads = engram.offsets.numel()
    streams = torch.randn(2, engram.n_streams, seq_len, engram.d_model, generator=g)
    rows = torch.randint(0, 89, (2, seq_len, n_heads), generator=g)
    return streams, rows


def run(engram, streams, rows, **kwargs):
    seen = {}

    def keep(name):
        return lambda t, hook: seen.__setitem__(name, t.detach().clone())

    names = ("gate", "value", "memory", "out")
    for name in names:
        getattr(engram, f"hook_{name}").add_hook(keep(name))
    out = engram(streams, rows, **kwargs)
    for name in names:
        getattr(engram, f"hook_{name}").remove_hooks()
    return out, seen


def hand_gate(engram: Engram, streams, rows, signed_sqrt: bool) -> np.ndarray:
    """alpha[b, t, m] in float64, written out from the spec's formula."""
    table = engram.table.weight.detach().double().numpy()
    offsets = engram.offsets.numpy()
    memory = table[rows.numpy() + offsets].reshape(rows.shape[0], rows.shape[1], -1)  # [B, T, d_mem]
    d, m_streams = engram.d_model, engram.n_streams
    if hasattr(engram, "wkv"):
        kv = memory @ engram.wkv.weight.detach().double().numpy().T
        keys = kv.reshape(*kv.shape[:2], m_streams + 1, d)[:, :, :m_streams]
    else:
        keys = np.stack(
            [memory @ w.weight.detach().double().numpy().T + w.bias.detach().double().numpy() for w in engram.W_K], axis=2
        )
    hidden = streams.double().numpy().transpose(0, 2, 1, 3)  # [B, T, M, d]

    def rmsnorm(x, gain):
        return x / np.sqrt((x**2).mean(-1, keepdims=True) + engram.eps) * gain

    a = (
        rmsnorm(hidden, engram.q_weight.detach().double().numpy()) * rmsnorm(keys, engram.k_weight.detach().double().numpy())
    ).sum(-1)
    a = a / np.sqrt(d)
    if signed_sqrt:
        a = np.sign(a) * np.sqrt(np.maximum(np.abs(a), 1e-6))
    return 1 / (1 + np.exp(-a))


@pytest.mark.parametrize("fused_kv, signed_sqrt", [(False, True), (True, True), (False, False)])
def test_gate_matches_hand_computation(tokenizer, fused_kv, signed_sqrt):
    engram = build(tokenizer, fused_kv=fused_kv, short_conv=not fused_kv, gate_signed_sqrt=signed_sqrt)
    streams, rows = inputs(engram)
    _, seen = run(engram, streams, rows)
    expected = hand_gate(engram, streams, rows, signed_sqrt)
    assert seen["gate"].shape == (2, 11, engram.n_streams)
    np.testing.assert_allclose(seen["gate"].numpy(), expected, rtol=1e-5, atol=1e-6)


def test_fused_variant_has_one_bias_free_projection(tokenizer):
    engram = build(tokenizer, fused_kv=True, short_conv=False)
    assert engram.wkv.bias is None and not hasattr(engram, "W_V") and engram.short_conv is None
    streams, rows = inputs(engram)
    out, seen = run(engram, streams, rows)
    value = seen["memory"] @ engram.wkv.weight.detach().T
    value = value.view(2, 11, engram.n_streams + 1, engram.d_model)[:, :, -1]
    torch.testing.assert_close(seen["value"], value)
    # without a conv every branch receives exactly alpha * v
    torch.testing.assert_close(out, (seen["gate"][..., None] * seen["value"][:, :, None]).transpose(1, 2))


def test_zero_initialised_conv_gives_alpha_times_value(tokenizer):
    torch.manual_seed(0)
    engram = EngramLM(small_config(tokenizer, conv_zero_init=True), tokenizer).blocks[1].engram.eval()
    assert torch.count_nonzero(engram.short_conv.conv.weight) == 0
    streams, rows = inputs(engram)
    out, seen = run(engram, streams, rows)
    torch.testing.assert_close(out, (seen["gate"][..., None] * seen["value"][:, :, None]).transpose(1, 2))


def test_short_conv_matches_hand_computation(tokenizer):
    engram = build(tokenizer)
    streams, rows = inputs(engram)
    out, seen = run(engram, streams, rows)
    y = (seen["gate"][..., None] * seen["value"][:, :, None]).double().numpy()  # [B, T, M, d]
    gain = engram.short_conv.norm_weight.detach().double().numpy()
    normed = y / np.sqrt((y**2).mean(-1, keepdims=True) + engram.eps) * gain
    weight = engram.short_conv.conv.weight.detach().double().numpy()[:, 0, :].reshape(engram.n_streams, engram.d_model, -1)
    kernel, dilation = weight.shape[-1], 3  # dilation = max n-gram order
    conv = np.zeros_like(y)
    for t in range(y.shape[1]):
        for i in range(kernel):
            source = t - (kernel - 1 - i) * dilation
            if source >= 0:
                conv[:, t] += weight[..., i] * normed[:, source]
    expected = y + conv / (1 + np.exp(-conv))  # Y = alpha*v + SiLU(conv)
    np.testing.assert_allclose(out.detach().transpose(1, 2).numpy(), expected, rtol=1e-5, atol=1e-6)


def test_short_conv_is_causal(tokenizer):
    engram = build(tokenizer)
    streams, rows = inputs(engram)
    out, _ = run(engram, streams, rows)
    changed_streams, changed_rows = streams.clone(), rows.clone()
    changed_streams[:, :, 6:] = torch.randn_like(changed_streams[:, :, 6:])
    changed_rows[:, 6:] = (changed_rows[:, 6:] + 5) % 89
    changed, _ = run(engram, changed_streams, changed_rows)
    torch.testing.assert_close(changed[:, :, :6], out[:, :, :6], rtol=0, atol=0)
    assert not torch.allclose(changed[:, :, 6:], out[:, :, 6:])


def test_masked_tokens_get_a_zero_gate(tokenizer):
    engram = build(tokenizer)
    streams, rows = inputs(engram)
    mask = torch.ones(2, 11, dtype=torch.bool)
    mask[1, 7:] = False
    _, seen = run(engram, streams, rows, token_mask=mask)
    assert (seen["gate"][1, 7:] == 0).all() and (seen["gate"][0] > 0).all()
