"""Backbone components: RMSNorm, rotary attention with a KV cache, SwiGLU, MoE, hyper-connections.

Every intermediate a researcher may want passes through a TransformerLens `HookPoint`.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.modules import module as torch_module
from transformer_lens.hook_points import HookPoint

from ._memory import FRESH_MAPPING_BYTES, BufferPool
from .config import ModelConfig


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))
        self.hook_scale = HookPoint()  # [..., 1]
        self.hook_normalized = HookPoint()  # [..., dim]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not is_hooked(self.hook_scale):
            # PyTorch's fused kernel: the same arithmetic as below in one pass, bit for bit
            return self.hook_normalized(F.rms_norm(x.float(), self.weight.shape, eps=self.eps).type_as(x) * self.weight)
        scale = self.hook_scale(torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + self.eps))
        return self.hook_normalized((x.float() * scale).type_as(x) * self.weight)


class Unembed(nn.Linear):
    """The bias-free projection onto the vocabulary. On the host and without autograd, logits
    of FRESH_MAPPING_BYTES or more (8 x 256 positions by 8,192 ids: 64 MiB) are written into
    a buffer the layer keeps mapped (`BufferPool`) rather than a fresh one, whose first-touch
    page faults cost a quarter of this matmul. The same kernel runs either way, so the
    logits are the same bit for bit."""

    def __init__(self, d_model: int, vocab_size: int):
        super().__init__(d_model, vocab_size, bias=False)
        self.output_pool = BufferPool()  # not `buffers`: nn.Module.buffers() is a method

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n_positions = x.numel() // self.in_features
        wants_grad = torch.is_grad_enabled() and (x.requires_grad or self.weight.requires_grad)
        small = n_positions * self.out_features * x.element_size() < FRESH_MAPPING_BYTES
        if wants_grad or small or x.device.type != "cpu" or torch.is_autocast_enabled("cpu"):
            return super().forward(x)  # out= has no backward, and autocast does not cast into it
        out = self.output_pool.empty((n_positions, self.out_features), x.dtype)
        # nn.Linear's own product for a [..., d] input: one mm over the flattened positions
        torch.mm(x.reshape(n_positions, self.in_features), self.weight.t(), out=out)
        return out.view(*x.shape[:-1], self.out_features)


def rotary_tables(d_head: int, max_len: int, theta: float) -> tuple[torch.Tensor, torch.Tensor]:
    """cos and sin of every position's angles, each `[max_len, d_head]`: the D/2 angles
    twice over, and sin negated on the first half, so that `apply_rotary` is two products
    and a sum over whole heads."""
    inv_freq = 1.0 / theta ** (torch.arange(0, d_head, 2, dtype=torch.float64) / d_head)
    angles = torch.outer(torch.arange(max_len, dtype=torch.float64), inv_freq)
    cos, sin = angles.cos().float(), angles.sin().float()
    return torch.cat([cos, cos], dim=-1), torch.cat([-sin, sin], dim=-1)


def apply_rotary(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """x: `[B, T, H, D]`; cos/sin: `[T, D]` from `rotary_tables`. Rotates each pair of
    halves (x1, x2) to (x1 cos - x2 sin, x2 cos + x1 sin)."""
    half = x.shape[-1] // 2
    x_float = x.float()
    swapped = torch.cat([x_float[..., half:], x_float[..., :half]], dim=-1)  # (x2, x1)
    return (x_float * cos[None, :, None] + swapped * sin[None, :, None]).type_as(x)


class KVCache:
    """Keys and values of one attention layer, in a buffer allocated once for `max_len`
    positions and written in place (as gpt-fast does): a decode step copies one position,
    never the whole cache. `[B, H_kv, max_len, D]`, head-major as attention reads it."""

    def __init__(self, max_len: int):
        self.max_len = max_len
        self.length = 0  # positions written so far
        self.keys: torch.Tensor | None = None  # allocated on the first write, sized like it
        self.values: torch.Tensor | None = None

    def update(self, keys: torch.Tensor, values: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Write `[B, H_kv, T, D]` after the positions already held; returns every position so far."""
        start, end = self.length, self.length + keys.shape[2]
        if end > self.max_len:
            raise ValueError(
                f"the decode state holds {self.max_len} positions and {end} are needed; "
                f"raise it with new_state(batch, max_len=...) (at most max_seq_len)"
            )
        if self.keys is None:
            batch, n_kv_heads, _, d_head = keys.shape
            self.keys = keys.new_zeros(batch, n_kv_heads, self.max_len, d_head)
            self.values = values.new_zeros(batch, n_kv_heads, self.max_len, d_head)
        self.keys[:, :, start:end] = keys
        self.values[:, :, start:end] = values
        self.length = end
        return self.keys[:, :, :end], self.values[:, :, :end]


def is_hooked(hook: HookPoint) -> bool:
    """Whether anything reads or replaces what passes through `hook`: a TransformerLens hook
    (run_with_hooks, run_with_cache, add_hook, either direction) or a plain torch module hook."""
    return bool(
        hook._forward_hooks
        or hook._forward_pre_hooks
        or hook._backward_hooks
        or hook._backward_pre_hooks
        or torch_module._global_forward_hooks
        or torch_module._global_forward_pre_hooks
    )


class Attention(nn.Module):
    """Causal grouped-query attention with rotary position embeddings.

    PyTorch's fused `scaled_dot_product_attention` runs whenever nothing asks for the
    attention pattern; a hook on `hook_attn_scores` or `hook_pattern` (run_with_cache
    included) switches that call to the written-out softmax, so the hook sees, and may
    replace, the pattern exactly as before. Both give the same output."""

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
        q = self.hook_q(apply_rotary(q, cos, sin)).transpose(1, 2)  # [B, H, T, D]
        k = self.hook_k(apply_rotary(k, cos, sin)).transpose(1, 2)  # [B, H_kv, T, D]
        v = self.hook_v(v).transpose(1, 2)
        if cache is not None:
            k, v = cache.update(k, v)  # [B, H_kv, T_k, D]
        allowed = self._allowed_keys(seq_len, k.shape[2], start, key_padding, x.device)
        if is_hooked(self.hook_attn_scores) or is_hooked(self.hook_pattern):
            z = self._attend_with_pattern(q, k, v, allowed)
        else:
            z = F.scaled_dot_product_attention(
                q, k, v, attn_mask=allowed, is_causal=allowed is None and seq_len > 1, enable_gqa=True
            )
        z = self.hook_z(z.transpose(1, 2))  # [B, T, H, D]
        return self.W_O(z.reshape(batch, seq_len, self.n_heads * self.d_head))

    @staticmethod
    def _allowed_keys(seq_len: int, key_len: int, start: int, key_padding: torch.Tensor | None, device) -> torch.Tensor | None:
        """`[B or 1, 1, T_q, T_k]` True where a query may attend; None when no padding is given
        and the queries start at position 0 (plain causal) or are one token after the whole
        cache (sees every key), which the fused kernel does without a mask."""
        if key_padding is None and (start == 0 or seq_len == 1):
            return None
        allowed = torch.ones(seq_len, key_len, dtype=torch.bool, device=device).tril(diagonal=start)[None, None]
        if key_padding is not None:
            allowed = allowed & key_padding[:, None, None, :key_len]
        return allowed

    def _attend_with_pattern(self, q, k, v, allowed: torch.Tensor | None) -> torch.Tensor:
        """The written-out attention, through `hook_attn_scores` and `hook_pattern`."""
        seq_len, key_len = q.shape[2], k.shape[2]
        group = self.n_heads // self.n_kv_heads
        k = k.repeat_interleave(group, dim=1)  # [B, H, T_k, D]
        v = v.repeat_interleave(group, dim=1)
        if allowed is None:
            allowed = torch.ones(seq_len, key_len, dtype=torch.bool, device=q.device).tril(diagonal=key_len - seq_len)
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(self.d_head)
        scores = self.hook_attn_scores(scores.masked_fill(~allowed, float("-inf")))
        # a padded query row may see no key at all; give it a zero pattern rather than NaNs
        pattern = torch.softmax(scores.float(), dim=-1).nan_to_num(0.0).type_as(scores)
        return self.hook_pattern(pattern) @ v


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


class RoutedExperts(nn.Module):
    """`n` SwiGLU experts stored stacked, each weight laid out as nn.Linear's ([out, in]):
    `W_gate_in` `[n, 2 * d_hidden, d_model]` (gate rows, then linear rows) and `W_out`
    `[n, d_model, d_hidden]`. Rows sorted by expert pass through one grouped matmul per
    projection instead of three small matmuls per chosen expert.

    Checkpoints written before the experts were stacked (`experts.{i}.W_gate.weight`,
    `.W_in.weight`, `.W_out.weight`) are stacked on load."""

    def __init__(self, n: int, d_model: int, d_hidden: int, init_std: float):
        super().__init__()
        self.W_gate_in = nn.Parameter(torch.empty(n, 2 * d_hidden, d_model).normal_(std=init_std))
        self.W_out = nn.Parameter(torch.empty(n, d_model, d_hidden).normal_(std=init_std))
        self.register_load_state_dict_pre_hook(self._stack_per_expert_weights)

    def __len__(self) -> int:
        return self.W_out.shape[0]

    def forward(self, x: torch.Tensor, counts: torch.Tensor) -> torch.Tensor:
        """x `[N, d_model]`, its rows grouped by expert, `counts[i]` rows for expert i."""
        ends = counts.cumsum(0).to(torch.int32)  # where each expert's rows end
        gate_linear = grouped_linear(x, self.W_gate_in, ends)  # [N, 2 * d_hidden]
        d_hidden = gate_linear.shape[-1] // 2
        hidden = F.silu(gate_linear[:, :d_hidden]) * gate_linear[:, d_hidden:]
        return grouped_linear(hidden, self.W_out, ends)

    def _stack_per_expert_weights(self, module, state_dict, prefix, *args) -> None:
        old = {name: [f"{prefix}{i}.{name}.weight" for i in range(len(self))] for name in ("W_gate", "W_in", "W_out")}
        if not all(key in state_dict for keys in old.values() for key in keys):
            return  # already stacked, or not ours to fix: load_state_dict names what is missing
        gate, linear, out = ([state_dict.pop(key) for key in keys] for keys in old.values())
        state_dict[f"{prefix}W_gate_in"] = torch.stack([torch.cat(pair) for pair in zip(gate, linear)])
        state_dict[f"{prefix}W_out"] = torch.stack(out)


def grouped_linear(x: torch.Tensor, weight: torch.Tensor, ends: torch.Tensor) -> torch.Tensor:
    """Rows of x `[N, in]` grouped by expert (expert i's rows end at `ends[i]`, int32; empty
    groups allowed) times their expert's `weight[i]` `[out, in]` transposed: `[N, out]`."""
    if not all(size * x.element_size() % 16 == 0 for size in weight.shape[1:]):
        # grouped_mm needs 16-byte row strides, forwards and backwards; odd widths loop
        counts = torch.diff(ends, prepend=ends.new_zeros(1)).tolist()
        return torch.cat([rows @ w.T for rows, w in zip(x.split(counts), weight)])
    out = F.grouped_mm(x, weight.transpose(1, 2), offs=ends)
    if out.requires_grad:
        # grouped_mm's backward rejects a broadcast gradient (zero strides, e.g. from .sum())
        out.register_hook(torch.Tensor.contiguous)
    return out


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
        self.experts = RoutedExperts(moe.n_routed, cfg.d_model, moe.d_expert, cfg.init_std)
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
        flat_x = x.reshape(-1, d_model)
        # the routed outputs are summed onto the shared experts' output, in place
        out = self.shared(flat_x) if self.shared is not None else torch.zeros_like(flat_x)
        self._add_routed(out, flat_x, indices.reshape(-1), weights.reshape(-1))
        return out.view(batch, seq_len, d_model)

    def _add_routed(self, out: torch.Tensor, x: torch.Tensor, expert_ids: torch.Tensor, weights: torch.Tensor) -> None:
        """Adds the routed experts' weighted outputs onto `out` `[N, d]`. x `[N, d]`;
        expert_ids, weights `[N * top_k]`, token-major. One sort groups the choices by
        expert, and the experts run as one grouped matmul per projection over the sorted rows.
        The outputs go back to token-major order and each token's k are summed in a fixed order:
        an index_add_ would sum them with atomics on CUDA, in a different order on every call."""
        order = expert_ids.argsort(stable=True)
        counts = torch.bincount(expert_ids, minlength=len(self.experts))
        token = order // self.top_k
        routed = x.new_empty(len(order), x.shape[-1])
        routed[order] = self.experts(x[token], counts) * weights[order, None]  # [N * top_k, d], token-major
        out += routed.view(-1, self.top_k, x.shape[-1]).sum(1)


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
        batch, n_streams, seq_len, d_model = streams.shape
        # one [M] x [M, T*d] product per batch row: a single pass over the streams
        return (self.read.type_as(streams) @ streams.reshape(batch, n_streams, -1)).view(batch, seq_len, d_model)

    def depth(self, streams: torch.Tensor, output: torch.Tensor) -> torch.Tensor:
        """Residual update with the sublayer's output `[B, T, d]`: mix^T @ streams + write * output."""
        if self.n_streams == 1:
            return streams + output[:, None]
        batch, n_streams, seq_len, d_model = streams.shape
        mixed = self.mix.type_as(streams).t() @ streams.reshape(batch, n_streams, -1)
        write = self.write.type_as(streams).view(1, n_streams, 1)
        return torch.addcmul(mixed, write, output.reshape(batch, 1, -1)).view(batch, n_streams, seq_len, d_model)
