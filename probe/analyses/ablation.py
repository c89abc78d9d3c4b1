"""Switching Engram off at inference, through hooks only (spec §6).

Conditions, each a forward pass over the same tokens:
  on          the model as it is
  off         every Engram layer's `hook_gate` zeroed (mode "gate": the module adds nothing) or
              its `hook_memory` zeroed (mode "memory": the rows read are zero; keys and values
              keep their biases, so the gate still sees a constant key)
  off_pinned  off, with every MoE layer's `hook_expert_indices` replaced by the experts the
              on pass chose (SemiAnalysis's rerouting experiment; MoE models only)
and, for generation, Engram off only over the prompt (off_prefill) or only over the tokens
decoded after it (off_decode). Because the model is causal, a teacher-forced continuation
decoded step by step with the KV cache equals one pass with the Engram output zeroed at those
positions (`test_ablation` checks this against real decoding), so that is how it is measured.
Losses are per-token next-token cross-entropy in nats, in float32.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import torch
import torch.nn.functional as F
from rich.progress import Progress

from engram_model import EngramLM

from ..batching import Chunk, batches, model_inputs
from .evaluation import bootstrap_mean

MODES = ("gate", "memory")


class NoEngramError(ValueError):
    """An Engram-only analysis asked of a model without Engram layers."""


def require_engram(model: EngramLM, name: str = "the model") -> tuple[int, ...]:
    if model.cfg.engram is None:
        raise NoEngramError(
            f"{name} has no Engram layers: there is no Engram to switch off (the lens and similarity analyses still apply)"
        )
    return model.cfg.engram.layers


def engram_off(model: EngramLM, mode: str = "gate", positions: torch.Tensor | None = None) -> list[tuple[str, Callable]]:
    """Hooks that switch every Engram layer off; with `positions` (`[B, T]` bool), only there."""
    if mode not in MODES:
        raise ValueError(f"mode={mode!r}: use gate or memory")
    layers = require_engram(model)

    def zero(tensor, hook):  # hook_gate [B, T, M] or hook_memory [B, T, d_mem]
        if positions is None:
            return torch.zeros_like(tensor)
        return tensor.masked_fill(positions.to(tensor.device)[..., None], 0)

    return [(f"blocks.{layer}.engram.hook_{mode}", zero) for layer in layers]


@torch.no_grad()
def collapse_to_head_means(model: EngramLM) -> EngramLM:
    """Every head's table rows replaced by their mean, in place: each n-gram then reads the
    same vector per head, so what is left is a learned bias through the gate. "Does Engram
    memorise?": if the loss barely moves, the rows hold little that depends on the n-gram."""
    require_engram(model)
    for layer in model.cfg.engram.layers:
        engram = model.blocks[layer].engram
        weight = getattr(engram.table, "weight", None)
        if weight is None:
            raise ValueError(
                f"layer {layer}'s table is {type(engram.table).__name__}; load the model with tier='resident' to collapse it"
            )
        starts = engram.offsets.tolist()
        ends = [*starts[1:], weight.shape[0]]
        for start, end in zip(starts, ends):
            weight[start:end] = weight[start:end].float().mean(0).to(weight.dtype)
    return model


def moe_layers(model: EngramLM) -> list[int]:
    """The MoE layers whose expert choice can be pinned: those with a `hook_expert_indices` (all
    of ours; none of a bridged model's, whose routing is transformers' own and not hooked)."""
    return [layer for layer in range(model.cfg.n_layers) if expert_name(layer) in model.hook_dict]


def expert_name(layer: int) -> str:
    return f"blocks.{layer}.mlp.hook_expert_indices"


def token_losses(logits: torch.Tensor, tokens: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Cross-entropy of predicting token t+1 at position t, float32 `[B, T-1]`; NaN where either is padding."""
    loss = F.cross_entropy(logits[:, :-1].float().transpose(1, 2), tokens[:, 1:], reduction="none")
    return loss.masked_fill(~(mask[:, 1:] & mask[:, :-1]), float("nan"))


@torch.no_grad()
def condition_losses(
    model: EngramLM, chunks: Sequence[Chunk], mode: str = "gate", prefill_fraction: float = 0.5
) -> dict[str, torch.Tensor]:
    """Per-token losses `[B, T-1]` of one forward batch under every condition. Each chunk's
    prompt is its first `prefill_fraction` of tokens (at least one)."""
    tokens, mask, rows = model_inputs(model, chunks)
    experts = {}

    def keep(indices, hook):  # [B, T, top_k]
        experts[hook.name] = indices

    def pin(indices, hook):
        return experts[hook.name]

    def run(hooks):
        return token_losses(model.run_with_hooks(tokens, attention_mask=mask, rows=rows, fwd_hooks=hooks), tokens, mask)

    pinned = [expert_name(layer) for layer in moe_layers(model)]
    out = {"on": run([(name, keep) for name in pinned]), "off": run(engram_off(model, mode))}
    if pinned:
        out["off_pinned"] = run(engram_off(model, mode) + [(name, pin) for name in pinned])
    lengths = mask.sum(1)
    prompt = torch.clamp((lengths * prefill_fraction).long(), 1)  # [B]
    prefill = torch.arange(tokens.shape[1], device=tokens.device)[None, :] < prompt[:, None]  # [B, T]
    out["off_prefill"] = run(engram_off(model, mode, prefill))
    out["off_decode"] = run(engram_off(model, mode, ~prefill))
    out["decoded"] = ~prefill[:, 1:]  # loss t predicts token t+1: a continuation token when t+1 >= prompt
    return out


def _summary(losses: dict[str, np.ndarray], documents: np.ndarray, select: np.ndarray, conditions: Sequence[str]) -> dict:
    loss = {c: float(np.mean(losses[c][select])) if select.any() else None for c in conditions}
    delta = {c: (loss[c] - loss["on"]) if select.any() else None for c in conditions}
    # the same tokens under both conditions, so the change is paired per token; tokens of one
    # document are not independent, so the interval resamples whole documents
    n, n_documents = int(select.sum()), len(np.unique(documents[select]))
    interval = {
        c: list(bootstrap_mean(losses[c][select] - losses["on"][select], groups=documents[select])) if n_documents > 1 else None
        for c in conditions
    }
    return {"tokens": n, "documents": n_documents, "loss": loss, "delta": delta, "delta_ci": interval}


def engram_ablation(
    model: EngramLM,
    chunks: Sequence[Chunk],
    mode: str = "gate",
    prefill_fraction: float = 0.5,
    batch_size: int = 8,
    show_progress: bool = False,
) -> dict:
    """Loss with Engram on and off, overall, per corpus domain and per categorizer label of the
    predicted token, and for a teacher-forced continuation with Engram off only in prefill or
    only in decode. Layout: see `probe.analyses.reports`."""
    require_engram(model)
    if not 0 < prefill_fraction < 1:
        raise ValueError(f"prefill_fraction={prefill_fraction} must lie strictly between 0 and 1")
    collected: dict[str, list[np.ndarray]] = {}
    domains, categories, documents = [], [], []
    masks = [np.ones(len(c), dtype=bool) for c in chunks]
    with Progress(transient=True, disable=not show_progress) as progress:
        task = progress.add_task("ablation", total=len(chunks))
        for group, _ in batches(chunks, masks, batch_size):
            losses = condition_losses(model, group, mode, prefill_fraction)
            for b, chunk in enumerate(group):
                n = len(chunk) - 1  # predictions in this chunk
                for name, value in losses.items():
                    collected.setdefault(name, []).append(value[b, :n].cpu().numpy())
                domains += [chunk.document.domain] * n
                documents += [chunk.document.doc_id] * n
                categories += chunk.labels(chunk.start + 1, chunk.stop)  # the predicted tokens
            progress.advance(task, len(group))
    losses = {name: np.concatenate(values) for name, values in collected.items()}
    decoded = losses.pop("decoded")
    domains, categories, documents = np.array(domains), np.array(categories), np.array(documents)
    conditions = [c for c in ("on", "off", "off_pinned") if c in losses]
    everything = np.ones(len(domains), dtype=bool)
    return {
        "mode": mode,
        "overall": _summary(losses, documents, everything, conditions),
        "by_domain": [{"domain": d, **_summary(losses, documents, domains == d, conditions)} for d in sorted(set(domains))],
        "by_category": [
            {"category": c, **_summary(losses, documents, categories == c, conditions)} for c in sorted(set(categories))
        ],
        "generation": {
            "prefill_fraction": prefill_fraction,
            **_summary(losses, documents, decoded, ("on", "off", "off_prefill", "off_decode")),
        },
    }
