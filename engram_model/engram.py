"""The Engram module (spec §3): hashed n-gram memory, context-aware gating, short conv."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import torch
import torch.nn.functional as F
from torch import nn
from transformer_lens.hook_points import HookPoint

from .config import ModelConfig
from .tables import RowTable, head_offsets

if TYPE_CHECKING:
    from .prefetch import RowFetch


def rms_normalize(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """RMSNorm with a gain that broadcasts over x's leading dims (one gain per branch);
    PyTorch's fused kernel normalises, bit for bit as x * rsqrt(mean(x^2) + eps)."""
    return F.rms_norm(x.float(), (x.shape[-1],), eps=eps).type_as(x) * weight


class ConvCache:
    """The last (kernel-1)*dilation normalised inputs of the short conv, for decoding."""

    def __init__(self):
        self.inputs: torch.Tensor | None = None  # [B, M*d, context]


class ShortConv(nn.Module):
    """`SiLU(CausalDepthwiseConv1d(RMSNorm(x)))` over `[B, T, M, d]`, one RMSNorm per branch."""

    def __init__(self, n_streams: int, d_model: int, kernel: int, dilation: int, zero_init: bool, eps: float):
        super().__init__()
        channels = n_streams * d_model
        self.eps, self.context = eps, (kernel - 1) * dilation
        self.norm_weight = nn.Parameter(torch.ones(n_streams, d_model))
        self.conv = nn.Conv1d(channels, channels, kernel, dilation=dilation, groups=channels, bias=False)
        if zero_init:
            nn.init.zeros_(self.conv.weight)

    def forward(self, x: torch.Tensor, cache: ConvCache | None) -> torch.Tensor:
        batch, seq_len, n_streams, d_model = x.shape
        normed = rms_normalize(x, self.norm_weight, self.eps).reshape(batch, seq_len, -1).transpose(1, 2)
        if cache is None or cache.inputs is None:
            past = normed.new_zeros(batch, normed.shape[1], self.context)  # causal left padding
        else:
            past = cache.inputs
        window = torch.cat([past, normed], dim=-1)  # [B, M*d, context + T]
        if cache is not None:
            cache.inputs = window[..., window.shape[-1] - self.context :]
        out = F.silu(self.conv(window))  # [B, M*d, T]
        return out.transpose(1, 2).reshape(batch, seq_len, n_streams, d_model)


class Engram(nn.Module):
    """Reads (N-1)*K hashed rows per token, gates them against each residual branch, and
    returns what to add to every branch before the block's attention.

    demo/paper variant: W_K per branch and W_V, both with bias, then the short conv.
    V4.1 variant (`fused_kv`): one bias-free `wkv` giving M keys and one value, no conv.
    The two RMSNorm gains are stored per branch as `q_weight`/`k_weight` `[M, d]` either way.
    """

    def __init__(self, cfg: ModelConfig, primes_per_order: list[list[int]], table: RowTable):
        super().__init__()
        ecfg = cfg.engram
        self.n_streams, self.d_model = cfg.hc_streams, cfg.d_model
        self.eps = cfg.norm_eps if ecfg.gate_norm_eps is None else ecfg.gate_norm_eps
        conv_eps = cfg.norm_eps if ecfg.conv_norm_eps is None else ecfg.conv_norm_eps
        self.signed_sqrt = ecfg.gate_signed_sqrt
        self.table = table
        self.register_buffer("offsets", torch.from_numpy(head_offsets(primes_per_order)), persistent=False)
        if ecfg.fused_kv:
            self.wkv = nn.Linear(ecfg.memory_dim, (self.n_streams + 1) * cfg.d_model, bias=False)
        else:
            self.W_K = nn.ModuleList(nn.Linear(ecfg.memory_dim, cfg.d_model) for _ in range(self.n_streams))
            self.W_V = nn.Linear(ecfg.memory_dim, cfg.d_model)
        self.q_weight = nn.Parameter(torch.ones(self.n_streams, cfg.d_model))
        self.k_weight = nn.Parameter(torch.ones(self.n_streams, cfg.d_model))
        self.short_conv = (
            ShortConv(self.n_streams, cfg.d_model, ecfg.conv_kernel, ecfg.max_ngram, ecfg.conv_zero_init, conv_eps)
            if ecfg.short_conv
            else None
        )
        self.hook_rows = HookPoint()  # [B, T, H] per-head row ids (before table offsets)
        self.hook_memory = HookPoint()  # [B, T, d_mem] concatenated head rows e_t
        self.hook_key = HookPoint()  # [B, T, M, d]
        self.hook_value = HookPoint()  # [B, T, d]
        self.hook_gate = HookPoint()  # [B, T, M] alpha per branch
        self.hook_out = HookPoint()  # [B, M, T, d] what each residual stream receives

    def forward(
        self,
        streams: torch.Tensor,
        rows: torch.Tensor,
        token_mask: torch.Tensor | None = None,
        conv_cache: ConvCache | None = None,
        fetched: RowFetch | None = None,
    ) -> torch.Tensor:
        """streams: `[B, M, T, d]`; rows: `[B, T, H]`; token_mask: `[B, T]`, False on padding;
        fetched: these rows already being gathered by a prefetcher."""
        batch, seq_len = rows.shape[:2]
        rows = self.hook_rows(rows)
        if fetched is not None and rows is fetched.rows:
            gathered = fetched.wait()  # [B, T, H, head_dim], read while earlier blocks ran
        else:  # no prefetch, or a hook replaced the rows: read them now
            gathered = self.table.gather(rows + self.offsets)
        memory = self.hook_memory(gathered.flatten(-2).to(streams.device, streams.dtype))
        if hasattr(self, "wkv"):
            kv = self.wkv(memory).view(batch, seq_len, self.n_streams + 1, self.d_model)
            keys, value = kv[:, :, : self.n_streams], kv[:, :, self.n_streams]
        else:
            keys = torch.stack([w_k(memory) for w_k in self.W_K], dim=2)
            value = self.W_V(memory)
        keys, value = self.hook_key(keys), self.hook_value(value)

        hidden = streams.transpose(1, 2)  # [B, T, M, d]
        query = rms_normalize(hidden, self.q_weight, self.eps)
        key = rms_normalize(keys, self.k_weight, self.eps)
        score = (query * key).sum(-1) / math.sqrt(self.d_model)  # [B, T, M]
        if self.signed_sqrt:
            score = score.sign() * score.abs().clamp_min(1e-6).sqrt()
        gate = torch.sigmoid(score)
        if token_mask is not None:
            gate = gate * token_mask[..., None].to(gate.dtype)
        gate = self.hook_gate(gate)

        out = gate[..., None] * value[:, :, None, :]  # [B, T, M, d]
        if self.short_conv is not None:
            out = out + self.short_conv(out, conv_cache)
        return self.hook_out(out.transpose(1, 2))
