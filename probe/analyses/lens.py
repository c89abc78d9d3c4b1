"""Logit lens (nostalgebraist, 2020): read every layer's residual through the model's own final
norm and unembedding, and measure how far that distribution is from the model's output.

    KL(final || layer) = sum_v p_final(v) (log p_final(v) - log p_layer(v))

The residual is reduced over hyper-connection streams exactly as the model does after its last
layer (`unembed(final_normalized(streams))`: ours sums them and norms, a bridged model runs its
own final step), so the last layer's KL is zero. Log-softmax runs in float32 at the selected
positions only; padding never is one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch
import torch.nn.functional as F
from rich.progress import Progress

from engram_model import EngramLM

from ..batching import Chunk, batches, resid_name, run_selected

EMBED = -1  # the layer index of the embedding (blocks.0.hook_resid_pre)


def readout(model: EngramLM, resid: torch.Tensor) -> torch.Tensor:
    """Logits `[n, vocab]` from a residual `[n, M, d]` (M hyper-connection streams)."""
    return model.unembed(model.final_normalized(resid[:, :, None]))[:, 0]  # as streams [n, M, T=1, d]


@torch.no_grad()
def logit_lens(
    model: EngramLM, chunks: Sequence[Chunk], masks: Sequence[np.ndarray], batch_size: int = 8, show_progress: bool = False
) -> dict[str, list]:
    """Per layer (EMBED, then every block): mean KL(final || layer) in nats with its standard
    error, and the share of positions whose top token is the final one's.
    Returns {"layers", "kl", "kl_sem", "top1", "positions"}."""
    layers = [EMBED, *range(model.cfg.n_layers)]
    names = ["blocks.0.hook_resid_pre"] + [resid_name(layer) for layer in range(model.cfg.n_layers)]
    kl_sum, kl_sq, agree = np.zeros(len(layers)), np.zeros(len(layers)), np.zeros(len(layers))
    count = 0
    with Progress(transient=True, disable=not show_progress) as progress:
        task = progress.add_task("logit lens", total=sum(int(m.sum()) for m in masks))
        for group, selected in batches(chunks, masks, batch_size):
            logits, resids = run_selected(model, group, selected, names)
            final = F.log_softmax(logits.float(), dim=-1)  # [n, vocab]
            for i, name in enumerate(names):
                lens = F.log_softmax(readout(model, resids[name]).float(), dim=-1)
                kl = (final.exp() * (final - lens)).sum(-1).double()  # [n]
                kl_sum[i] += kl.sum().item()
                kl_sq[i] += kl.square().sum().item()
                agree[i] += (lens.argmax(-1) == final.argmax(-1)).sum().item()
            count += len(final)
            progress.advance(task, len(final))
    if count < 2:
        raise ValueError(
            f"only {count} positions were selected: the lens needs at least 2 (read more --tokens or use --positions all)"
        )
    mean = kl_sum / count
    sem = np.sqrt(np.clip(kl_sq / count - mean**2, 0, None) * count / (count - 1) / count)
    return {"layers": layers, "kl": mean.tolist(), "kl_sem": sem.tolist(), "top1": (agree / count).tolist(), "positions": count}
