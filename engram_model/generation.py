"""Decoding in named steps, as gpt-fast splits it: `prefill` runs a prompt into a fresh
decode state, `decode_one_token` feeds each sequence its next token, `sample_next_token`
picks that token from the logits; `generate` is the loop over them.

Each step is one forward over a `DecodeState` (preallocated KV caches, the Engram conv
caches and n-gram history). With a prefetcher, a step's Engram rows start moving as soon
as its tokens are known: the prompt's before layer 0, a sampled token's right after sampling.
"""

from __future__ import annotations

import math
import numbers
from typing import TYPE_CHECKING

import torch

from .tokenizer import EOS

if TYPE_CHECKING:
    from .model import DecodeState, EngramLM


def _last_logits(model: EngramLM, tokens: torch.Tensor, state: DecodeState) -> torch.Tensor:
    fetched = model.prefetcher.issue(tokens, state) if model.prefetcher is not None else None
    return model(tokens, state=state, fetched=fetched, logits_to_keep=1)[:, -1].float()


def prefill(model: EngramLM, prompt: torch.Tensor, state: DecodeState) -> torch.Tensor:
    """Runs the prompt `[B, T]` into `state`; the logits `[B, vocab]` after its last position."""
    return _last_logits(model, prompt, state)


def decode_one_token(model: EngramLM, token: torch.Tensor, state: DecodeState) -> torch.Tensor:
    """Feeds one token per sequence `[B]`; the logits `[B, vocab]` for the position after it."""
    return _last_logits(model, token[:, None], state)


class ArgumentTypeError(TypeError, ValueError):
    """An argument of the wrong type: a TypeError, and a ValueError like the library's other
    argument checks (and TransformerLens's), so either except clause catches it."""


def check_sampling(temperature: float, top_k: int | None) -> None:
    """Refuse sampling settings that would silently sample something else: a negative
    temperature (the inverted distribution), NaN or infinity, a top_k below 1 or not whole."""
    if isinstance(temperature, bool) or not isinstance(temperature, numbers.Real):
        raise ArgumentTypeError(
            f"temperature={temperature!r} must be a finite number >= 0: 0 for greedy decoding, 1 for the model's own distribution"
        )
    if not math.isfinite(temperature):
        raise ValueError(
            f"temperature={temperature!r} must be a finite number >= 0: 0 for greedy decoding, 1 for the model's own distribution"
        )
    if temperature < 0:
        raise ValueError(
            f"temperature={temperature!r} is negative, which would sample the least likely tokens; pass 0 for greedy decoding "
            "or a positive temperature"
        )
    if top_k is not None and (isinstance(top_k, bool) or not isinstance(top_k, numbers.Integral) or top_k < 1):
        error = ValueError if isinstance(top_k, numbers.Integral) and not isinstance(top_k, bool) else ArgumentTypeError
        raise error(f"top_k={top_k!r} must be None (every token) or a whole number >= 1 (sample among the k most likely)")


def sample_next_token(
    logits: torch.Tensor, temperature: float, top_k: int | None, generator: torch.Generator | None
) -> torch.Tensor:
    """`[B, vocab]` float logits -> `[B]` ids: argmax at temperature 0, otherwise a sample
    from the softmax at that temperature over the top_k most likely ids (all without top_k).
    temperature must be finite and >= 0, top_k None or >= 1 (`check_sampling`)."""
    check_sampling(temperature, top_k)
    if temperature == 0:
        return logits.argmax(-1)
    # shifted by the maximum first, so a tiny temperature gives -inf, never inf - inf = NaN
    logits = (logits - logits.max(-1, keepdim=True).values) / temperature
    if top_k is not None:
        kth = logits.topk(min(top_k, logits.shape[-1]), dim=-1).values[:, -1:]
        logits = logits.masked_fill(logits < kth, float("-inf"))
    return torch.multinomial(torch.softmax(logits, -1), 1, generator=generator)[:, 0]


@torch.no_grad()
def generate(
    model: EngramLM,
    tokens: torch.Tensor,
    max_new_tokens: int,
    temperature: float = 0.0,
    top_k: int | None = None,
    seed: int | None = None,
    stop_at_eos: bool = True,
) -> torch.Tensor:
    """Ids `[B, T]` -> `[B, T + new]`. With stop_at_eos, a sequence that has emitted EOS gets
    pad tokens after it, and decoding stops once every sequence has."""
    check_sampling(temperature, top_k)
    if isinstance(max_new_tokens, bool) or not isinstance(max_new_tokens, numbers.Integral):
        raise ArgumentTypeError(f"max_new_tokens={max_new_tokens!r} must be a whole number >= 0")
    if max_new_tokens < 0:
        raise ValueError(f"max_new_tokens={max_new_tokens!r} must be a whole number >= 0")
    if tokens.ndim != 2 or tokens.shape[1] == 0:
        raise ValueError(f"generate needs token ids [batch, pos] with at least one position, got {tuple(tokens.shape)}")
    total = tokens.shape[1] + max_new_tokens
    if total > model.cfg.max_seq_len:
        raise ValueError(f"{tokens.shape[1]} + {max_new_tokens} tokens exceed max_seq_len={model.cfg.max_seq_len}")
    generator = torch.Generator(device=model.device).manual_seed(seed) if seed is not None else None
    eos = model.tokenizer.token_to_id(EOS) if model.tokenizer is not None and stop_at_eos else None
    state = model.new_state(tokens.shape[0], max_len=total)
    finished = torch.zeros(tokens.shape[0], dtype=torch.bool, device=model.device)
    out = [tokens]
    logits = prefill(model, tokens, state)
    for step in range(max_new_tokens):
        next_token = sample_next_token(logits, temperature, top_k, generator)
        if eos is not None:
            next_token = torch.where(finished, torch.full_like(next_token, model.pad_token_id), next_token)
            finished |= next_token == eos
        out.append(next_token[:, None])
        if step + 1 == max_new_tokens or (eos is not None and bool(finished.all())):
            break
        logits = decode_one_token(model, next_token, state)
    return torch.cat(out, dim=1)
