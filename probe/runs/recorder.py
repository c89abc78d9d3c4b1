"""Recording what the Engram gates did, through the model's hook points only."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn.functional as F

from engram_model import EngramLM

# Positions unembedded at a time in `next_token_logprob`: a [rows, vocab] block of logits stays
# in cache, where the whole batch's [B, T, vocab] logits (64 MiB at 8x256x8192) go through memory.
LOGPROB_ROWS = 128


@dataclass(frozen=True)
class RecordOptions:
    """What is recorded besides the gates."""

    rows: bool = False  # per-head row id per token
    logprob: bool = False  # log p(next token) at each position
    out_norm: bool = False  # L2 norm of the Engram output over all streams


@torch.no_grad()
def next_token_logprob(model: EngramLM, streams: torch.Tensor, tokens: torch.Tensor, attention_mask: torch.Tensor) -> np.ndarray:
    """`[B, T]` log p(token t+1) at each position t from the last block's streams `[B, M, T, d]`
    (the model's own final step, `final_normalized`, and unembedding: our sum and norm, or a
    bridged model's own), NaN where the next token is padding or lies beyond the batch."""
    normalized = model.final_normalized(streams).flatten(0, 1)  # [B*T, d]
    targets = tokens.roll(-1, 1).flatten().to(normalized.device)  # the last column wraps around; masked below
    logprob = torch.empty(len(normalized), device=normalized.device)
    for s in range(0, len(normalized), LOGPROB_ROWS):
        logits = model.unembed(normalized[s : s + LOGPROB_ROWS]).float()  # [rows, vocab]
        # cross-entropy is -log p(target), with the max subtracted before the exponentials
        logprob[s : s + LOGPROB_ROWS] = -F.cross_entropy(logits, targets[s : s + LOGPROB_ROWS], reduction="none")
    has_next = attention_mask.roll(-1, 1).to(normalized.device)
    has_next[:, -1] = False
    return logprob.view(tokens.shape).masked_fill(~has_next, float("nan")).cpu().numpy()


class GateRecorder:
    """Runs forward passes with hooks that keep, per Engram layer, the gates `[B, T, M]`
    (and optionally row ids and output norms) as numpy arrays."""

    def __init__(self, model: EngramLM, options: RecordOptions = RecordOptions()):
        if model.cfg.engram is None:
            raise ValueError("this model has no Engram layers, so there are no gates to record")
        self.layers = model.cfg.engram.layers
        self.options = options
        # the forward runs only as far as what is recorded: every block for the log-prob (which
        # unembeds the last streams itself), else up to the last Engram layer
        self.stop_at_layer = model.cfg.n_layers if options.logprob else max(self.layers) + 1

    def _hooks(self, captured: dict) -> list:
        def keep(key, reduce=lambda t: t):
            def hook(tensor, hook):
                captured[key] = (
                    reduce(tensor.detach()).float().cpu().numpy() if tensor.is_floating_point() else tensor.cpu().numpy()
                )

            return hook

        hooks = []
        for layer in self.layers:
            hooks.append((f"blocks.{layer}.engram.hook_gate", keep(("gate", layer))))
            if self.options.rows:
                hooks.append((f"blocks.{layer}.engram.hook_rows", keep(("rows", layer))))
            if self.options.out_norm:
                # hook_out is [B, M, T, d]: one norm per position over every stream and channel
                hooks.append(
                    (f"blocks.{layer}.engram.hook_out", keep(("out_norm", layer), lambda t: t.float().pow(2).sum((1, 3)).sqrt()))
                )
        return hooks

    @contextmanager
    def attached(self, model: EngramLM) -> Iterator[Callable[..., dict]]:
        """Yields `record(tokens, attention_mask, rows=None)` with the hooks attached once for
        every batch, not per batch: detaching them visits every hook point of the model."""
        captured: dict = {}

        @torch.no_grad()
        def record(tokens: torch.Tensor, attention_mask: torch.Tensor, rows=None) -> dict:
            captured.clear()
            streams = model(tokens, attention_mask=attention_mask, rows=rows, stop_at_layer=self.stop_at_layer)
            batch = dict(captured)
            if self.options.logprob:
                batch["logprob"] = next_token_logprob(model, streams, tokens, attention_mask)
            return batch

        with model.hooks(fwd_hooks=self._hooks(captured)):
            yield record

    def record(self, model: EngramLM, tokens: torch.Tensor, attention_mask: torch.Tensor, rows=None) -> dict:
        """`{("gate", layer): [B, T, M], ...}` plus `"logprob": [B, T]` (see `next_token_logprob`)."""
        with self.attached(model) as record:
            return record(tokens, attention_mask, rows)
