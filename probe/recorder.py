"""Recording what the Engram gates did, through the model's hook points only."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch
import torch.nn.functional as F

from engram_model import EngramLM


@dataclass(frozen=True)
class RecordOptions:
    """What is recorded besides the gates."""

    rows: bool = False  # per-head row id per token
    logprob: bool = False  # log p(next token) at each position
    out_norm: bool = False  # L2 norm of the Engram output over all streams


class GateRecorder:
    """Runs a forward pass with hooks that keep, per Engram layer, the gates `[B, T, M]`
    (and optionally row ids and output norms) as numpy arrays."""

    def __init__(self, model: EngramLM, options: RecordOptions = RecordOptions()):
        if model.cfg.engram is None:
            raise ValueError("this model has no Engram layers, so there are no gates to record")
        self.layers = model.cfg.engram.layers
        self.options = options

    def _hooks(self, captured: dict) -> list:
        def keep(key, reduce=lambda t: t):
            def hook(tensor, hook):
                captured[key] = reduce(tensor.detach()).float().cpu().numpy() if tensor.is_floating_point() else tensor.cpu().numpy()
            return hook

        hooks = []
        for layer in self.layers:
            hooks.append((f"blocks.{layer}.engram.hook_gate", keep(("gate", layer))))
            if self.options.rows:
                hooks.append((f"blocks.{layer}.engram.hook_rows", keep(("rows", layer))))
            if self.options.out_norm:
                # hook_out is [B, M, T, d]: one norm per position over every stream and channel
                hooks.append((f"blocks.{layer}.engram.hook_out", keep(("out_norm", layer), lambda t: t.float().pow(2).sum((1, 3)).sqrt())))
        return hooks

    @torch.no_grad()
    def record(self, model: EngramLM, tokens: torch.Tensor, attention_mask: torch.Tensor, rows=None) -> dict:
        """`{("gate", layer): [B, T, M], ...}` plus `"logprob": [B, T]` (NaN where the next
        token is padding or lies beyond the batch)."""
        captured: dict = {}
        logits = model.run_with_hooks(tokens, attention_mask=attention_mask, rows=rows, fwd_hooks=self._hooks(captured))
        if self.options.logprob:
            # cross-entropy is -log p(target), fused: no [B, T, vocab] log-softmax is materialised
            nll = F.cross_entropy(logits[:, :-1].flatten(0, 1).float(), tokens[:, 1:].flatten().to(logits.device), reduction="none")
            picked = (-nll).view(tokens.shape[0], -1)
            picked = picked.masked_fill(~attention_mask[:, 1:].to(picked.device), float("nan")).cpu().numpy()
            captured["logprob"] = np.concatenate([picked, np.full((tokens.shape[0], 1), np.nan, np.float32)], axis=1)
        return captured
