"""Backbone components: RMSNorm, rotary attention with a KV cache, SwiGLU, MoE, hyper-connections.

Every intermediate a researcher may want passes through a TransformerLens `HookPoint`.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn
from transformer_lens.hook_points import HookPoint

from .config import ModelConfig


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))
        self.hook_scale = HookPoint()  # [..., 1]
        self.hook_normalized = HookPoint()  # [..., dim]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scale = self.hook_scale(torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + self.eps))
        return self.hook_normalized((x.float() * scale).type_as(x) * self.weight)


def rotary_tables(d_head: int, max_len: int, theta: float) -> tuple[torch.Tensor, torch.Tensor]:
    """cos and sin, each `[max_len, d_head // 2]`."""
    inv_freq = 1.0 / theta ** (torch.arange(0, d_head, 2, dtype=torch.float64) / d_head)
    angles = torch.outer(torch.arange(max_len, dtype=torch.float64), inv_freq)
    return angles.cos().float(), angles.sin().float()


def apply_rotary(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """x: `[B, T, H, D]`; cos/sin: `[T, D/2]`. Rotates interleaved halves (first/second half)."""
    x1, x2 = x.float().chunk(2, dim=-1)
    cos, sin = cos[None, :, None, :], sin[None, :, None, :]
    return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1).type_as(x)


class KVCache:
    """Keys and values of one attention layer for the positions decoded so far."""

    def __init__(self):
        self.keys: torch.Tensor | None = None  # [B, T_past, H_kv, D]
        self.values: torch.Tensor | None = None

    @property
    def length(self) -> int:
        return 0 if self.keys is None else self.keys.shape[1]

    def append(self, keys: torch.Tensor, values: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        if self.keys is None:
            self.keys, self.values = keys, values
        else:
            self.keys = torch.cat([self.keys, keys], dim=1)
            self.values = torch.cat([self.values, values], dim=1)
        return self.keys, self.values


class Attention(nn.Module):
    """Causal grouped-query attention with rotary position embeddings."""

    def __init__(self, cfg: ModelConfig):
        super().__init__()
        self.n_heads, self.n_kv_heads, self.d_head = cfg.n_heads, cfg.n_kv_heads, cfg.d_head
        self.W_Q = nn.Linear(cfg.d_model, cfg.n_heads * cfg.d_head, bias=False)
        self.W_K = nn.Linear(cfg.d_model, cfg.n_kv_heads * cfg.d_head, bias=False)
        self.W_V = nn.Linear(cfg.d_model, cfg.n_kv_heads * cfg.d_head, bias=False)
        self.W_O = nn.Linear(cfg.n_heads * cfg.d_head, cfg.d_model, bias=False)
        cos, sin = rotary_tables(cfg.d_head, cfg.max_seq_len, cfg.rope_theta)
        self.register_buffer("rotary_cos", cos, persistent=False)
        self.register_buffer("rotary_sin", sin, persistent=False)
        self.hook_q = HookPoint()  # [B, T, H, D]
        self.hook_k = HookPoint()  # [B, T, H_kv, D]
        self.hook_v = HookPoint()  # [B, T, H_kv, D]
        self.hook_attn_scores = HookPoint()  # [B, H, T_q, T_k]
        self.hook_pattern = HookPoint()  # [B, H, T_q, T_k]
        self.hook_z = HookPoint()  # [B, T, H, D]

    def forward(self, x: torch.Tensor, key_padding: torch.Tensor | None, cache: KVCache | None) -> torch.Tensor:
        """x: `[B, T, d_model]`; key_padding: `[B, T_k]` True where a key is real."""
        batch, seq_len, _ = x.shape
        start = cache.length if cache is not None else 0
        if start + seq_len > self.rotary_cos.shape[0]:
            raise ValueError(f"sequence of {start + seq_len} positions exceeds max_seq_len={self.rotary_cos.shape[0]}")
        cos, sin = self.rotary_cos[start : start + seq_len], self.rotary_sin[start : start + seq_len]
        q = self.W_Q(x).view(batch, seq_len, self.n_heads, self.d_head)
        k = self.W_K(x).view(batch, seq_len, self.n_kv_heads, self.d_head)
        v = self.W_V(x).view(batch, seq_len, self.n_kv_heads, self.d_head)
        q = self.hook_q(apply_rotary(q, cos, sin))
        k = self.hook_k(apply_rotary(k, cos, sin))
        v = self.hook_v(v)
        if cache is not None:
            k, v = cache.append(k, v)
        group = self.n_heads // self.n_kv_heads
        k = k.repeat_interleave(group, dim=2)  # [B, T_k, H, D]
        v = v.repeat_interleave(group, dim=2)
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(self.d_head)
        key_len = k.shape[1]
        causal = torch.ones(seq_len, key_len, dtype=torch.bool, device=x.device).tril(diagonal=start)
        allowed = causal[None, None]
        if key_padding is not None:
            allowed = allowed & key_padding[:, None, None, :key_len]
        scores = self.hook_attn_scores(scores.masked_fill(~allowed, float("-inf")))
        # a padded query row may see no key at all; give it a zero pattern rather than NaNs
        pattern = torch.softmax(scores.float(), dim=-1).nan_to_num(0.0).type_as(scores)
        pattern = self.hook_pattern(pattern)
        z = self.hook_z(torch.einsum("bhqk,bkhd->bqhd", pattern, v))
        return self.W_O(z.reshape(batch, seq_len, self.n_heads * self.d_head))


class SwiGLU(nn.Module):
    def __init__(self, d_model: int, d_hidden: int):
        super().__init__()
        self.W_gate = nn.Linear(d_model, d_hidden, bias=False)
        self.W_in = nn.Linear(d_model, d_hidden, bias=False)
        self.W_out = nn.Linear(d_hidden, d_model, bias=False)
        self.hook_pre = HookPoint()  # gate pre-activation [B, T, d_hidden]
        self.hook_pre_linear = HookPoint()
        self.hook_post = HookPoint()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        gate = self.hook_pre(self.W_gate(x))
        linear = self.hook_pre_linear(self.W_in(x))
        return self.W_out(self.hook_post(F.silu(gate) * linear))


class MoE(nn.Module):
    """Shared experts on every token plus top-k routed experts (softmax router, weights
    renormalised over the chosen k). To force expert choices, replace the tensor at
    `hook_expert_indices` from a hook; the weights then follow the forced choice.

    `expert_bias` steers only which experts are chosen, never their weights: training nudges
    it towards balanced loads (DeepSeek-V3's auxiliary-loss-free balancing)."""

    def __init__(self, cfg: ModelConfig):
        super().__init__()
        moe = cfg.moe
        self.top_k = moe.top_k
        self.router = nn.Linear(cfg.d_model, moe.n_routed, bias=False)
        self.experts = nn.ModuleList(SwiGLU(cfg.d_model, moe.d_expert) for _ in range(moe.n_routed))
        self.shared = SwiGLU(cfg.d_model, moe.d_expert * moe.n_shared) if moe.n_shared else None
        self.register_buffer("expert_bias", torch.zeros(moe.n_routed))
        self.hook_router_logits = HookPoint()  # [B, T, n_routed]
        self.hook_expert_indices = HookPoint()  # [B, T, top_k] int64
        self.hook_expert_weights = HookPoint()  # [B, T, top_k]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq_len, d_model = x.shape
        probs = torch.softmax(self.hook_router_logits(self.router(x)).float(), dim=-1)
        indices = self.hook_expert_indices((probs + self.expert_bias).topk(self.top_k, dim=-1).indices)
        weights = probs.gather(-1, indices)
        weights = self.hook_expert_weights((weights / weights.sum(-1, keepdim=True)).type_as(x))
        flat_x, flat_idx, flat_w = x.reshape(-1, d_model), indices.reshape(-1, self.top_k), weights.reshape(-1, self.top_k)
        out = torch.zeros_like(flat_x)
        for expert_id, expert in enumerate(self.experts):
            token, slot = (flat_idx == expert_id).nonzero(as_tuple=True)
            if token.numel():
                out.index_add_(0, token, expert(flat_x[token]) * flat_w[token, slot, None])
        if self.shared is not None:
            out = out + self.shared(flat_x)
        return out.view(batch, seq_len, d_model)


class HyperConnection(nn.Module):
    """Static hyper-connections (Zhu et al., 2024) around one sublayer, over M residual streams.

    Streams are `[B, M, T, d]`. The sublayer reads a weighted sum of the streams; each stream
    is then remixed and receives its own share of the sublayer's output. With M=1 it is a plain
    residual connection and has no parameters.
    """

    def __init__(self, n_streams: int, layer_index: int):
        super().__init__()
        self.n_streams = n_streams
        if n_streams > 1:
            # initialised as in the paper: read stream (layer mod M), keep streams, add output to all
            self.read = nn.Parameter(F.one_hot(torch.tensor(layer_index % n_streams), n_streams).float())
            self.mix = nn.Parameter(torch.eye(n_streams))
            self.write = nn.Parameter(torch.ones(n_streams))

    def width(self, streams: torch.Tensor) -> torch.Tensor:
        """`[B, M, T, d]` -> the sublayer's input `[B, T, d]`."""
        if self.n_streams == 1:
            return streams[:, 0]
        return torch.einsum("m,bmtd->btd", self.read.type_as(streams), streams)

    def depth(self, streams: torch.Tensor, output: torch.Tensor) -> torch.Tensor:
        """Residual update with the sublayer's output `[B, T, d]`."""
        if self.n_streams == 1:
            return streams + output[:, None]
        mixed = torch.einsum("mn,bmtd->bntd", self.mix.type_as(streams), streams)
        return mixed + self.write.type_as(streams)[None, :, None, None] * output[:, None]
