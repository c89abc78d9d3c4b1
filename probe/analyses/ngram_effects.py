"""What one n-gram's Engram memory does: the next tokens its value pushes up and down through
the unembedding (direct path), and the loss change measured when its gate is zeroed where it
occurs. For the gate browser's n-gram page; both read the model through its hook points.

    logit_effects           the n-gram's rows (its order's K heads) ─► value projection ─► every
                            residual stream, gate = 1 ─► the later streams' residual remix ─►
                            the logit lens's readout (final norm, unembed) ─► top-k up and down
    gate_zero_loss_change   the run's documents, chunked as the scan chunked them ─► next-token
                            loss with the layer's gate zeroed at the sampled occurrences minus the
                            loss as it is, at those occurrences ─► mean and bootstrap interval
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pyarrow as pa
import torch
from rich.progress import Progress

from engram_model import EngramLM
from engram_model.corpus import Document

from ..batching import Chunk, DocumentChunker, batched, history_length, model_inputs
from ..runs.ngrams import token_texts
from ..runs.queries import document_text
from ..runs.store import connect, read_manifest
from .ablation import engram_off, require_engram, token_losses
from .evaluation import bootstrap_mean
from .lens import readout

MAX_OCCURRENCES = 200  # occurrences measured at most (a seeded sample beyond): two forward passes per chunk


def check_layer(model, layer: int) -> None:
    layers = require_engram(model)
    if layer not in layers:
        raise ValueError(f"layer {layer} has no Engram module; this model's Engram layers are {list(layers)}")


@torch.no_grad()
def ngram_value(model, layer: int, ngram_ids: Sequence[int]) -> torch.Tensor:
    """The value `[d]` (float32) that the n-gram's own rows give at `layer`: the K heads of its
    order, read for its raw token ids (oldest first, `len(ngram_ids)` = its order) as the layer
    reads them, through the layer's own value projection. Read from hooks, not recomputed: the
    ids are run up to the layer, `hook_memory` is cut to the order's head columns (other orders'
    heads hash the pad fill before the n-gram, or its shorter suffixes, which are n-grams of
    their own), and `hook_value` is read there, less the value of an all-zero memory (the
    projection's bias, which every n-gram shares)."""
    check_layer(model, layer)
    max_order = model.cfg.engram.max_ngram
    ids = [int(i) for i in ngram_ids]
    if not 2 <= len(ids) <= max_order:
        raise ValueError(f"ngram_ids has {len(ids)} ids; this model's n-grams have 2 to {max_order} (one id per token)")
    order = len(ids)
    tokens = torch.tensor([ids, ids], dtype=torch.long)  # row 0: the order's heads only; row 1: no memory at all
    values = {}

    def keep_order(memory, hook):
        # [2, T, d_mem]: heads order-major, d_mem/(N-1) columns per order (ours, and Qwen4-Exp's n-gram
        # embedding, which concatenates head after head, orders in turn)
        width = memory.shape[-1] // (max_order - 1)
        keep = torch.zeros_like(memory)
        keep[0, :, (order - 2) * width : (order - 1) * width] = 1
        return memory * keep

    def read(value, hook):  # [2, T, d]
        values["value"] = value[:, -1].float()

    prefix = f"blocks.{layer}.engram."
    model.run_with_hooks(
        tokens, stop_at_layer=layer + 1, fwd_hooks=[(prefix + "hook_memory", keep_order), (prefix + "hook_value", read)]
    )
    return values["value"][0] - values["value"][1]


@torch.no_grad()
def logit_effects(model, layer: int, ngram_ids: Sequence[int], k: int = 10) -> list[dict]:
    """The `k` next tokens the n-gram's Engram value promotes most and the `k` it suppresses
    most, by the direct path: its value (`ngram_value`: its order's heads, without the
    projection's shared bias) added to every hyper-connection stream as the block adds it with
    gate = 1, carried to the end by the residual remix of the later streams alone (each
    `HyperConnection.depth` with a zero sublayer output; a bridged Qwen4-Exp's streams are read as
    written, since its gated residual adds each sublayer's output to the streams it was given,
    which a zero output leaves as they are), then read out as the logit lens reads a residual (`lens.readout`: the
    streams summed and the final RMSNorm, then the unembedding). The norm divides by the value's
    own RMS (and its eps), so a logit is what the model would predict from this value alone.
    Left out: the short conv (SiLU of a causal conv over the RMS-normalised gated values at t,
    t-N, t-2N, t-3N: nonlinear and mixing in neighbours, so one n-gram has no conv output of its
    own) and every path through a later sublayer. Logits are centred on their mean over the vocabulary (softmax
    ignores a shift shared by every token), so promoted ones are above 0 and suppressed below.

    Returns `2k` dicts {direction ("promoted" or "suppressed"), rank (1 = strongest), token_id,
    token (its text, `token_texts`), logit}: the promoted first, highest logit first, then the
    suppressed, lowest first."""
    if model.tokenizer is None:
        raise ValueError("logit_effects decodes tokens with the model's tokenizer; load a checkpoint that has one")
    if k < 1:
        raise ValueError(f"k={k}: ask for at least 1 token each way")
    value = ngram_value(model, layer, ngram_ids)  # [d]
    streams = value.reshape(1, 1, 1, -1).expand(1, model.cfg.hc_streams, 1, -1)  # [1, M, T=1, d]
    if isinstance(model, EngramLM):
        nothing = value.new_zeros(1, 1, value.shape[-1])  # [B, T, d]: no sublayer output, the residual path only
        for block in model.blocks[layer:]:  # the Engram output enters before block `layer`'s attention
            streams = block.hc_mlp.depth(block.hc_attn.depth(streams, nothing), nothing)
    dtype = model.unembed.weight.dtype
    logits = readout(model, streams[:, :, 0].to(dtype)).float()[0]  # [vocab]
    logits = logits - logits.mean()
    k = min(k, logits.numel())
    texts = token_texts(model.tokenizer)
    rows = []
    for direction, sign in (("promoted", 1.0), ("suppressed", -1.0)):
        top = torch.topk(sign * logits, k)
        for rank, token_id in enumerate(top.indices.tolist(), start=1):
            rows.append(
                {
                    "direction": direction,
                    "rank": rank,
                    "token_id": token_id,
                    "token": texts[token_id].as_py(),
                    "logit": float(logits[token_id]),
                }
            )
    return rows


def ngram_token_ids(model, run_dir: str | Path, layer: int, order: int, doc_id: str, position: int) -> list[int]:
    """The raw ids (oldest first) of the `order`-gram ending at `position` of a run's document,
    as the hash reads them: the run's `token_id`s, with the model's fill where the n-gram reaches
    before the document (the pad id; for a model whose history stops at an end-of-text id,
    `ngram_segment_end`, that id, also at and before the last one inside the n-gram)."""
    with connect(run_dir) as con:
        found = dict(
            con.sql(
                "SELECT position, token_id FROM gates WHERE doc_id = ? AND layer = ? AND position BETWEEN ? AND ?",
                params=[doc_id, layer, position - order + 1, position],
            ).fetchall()
        )
    if position not in found:
        raise KeyError(f"run {run_dir} has no token at position {position} of document {doc_id!r} at layer {layer}")
    segment_end = getattr(model, "ngram_segment_end", None)
    fill = model.pad_token_id if segment_end is None else segment_end
    ids = [int(found.get(p, fill)) for p in range(position - order + 1, position + 1)]
    if segment_end is not None and segment_end in ids[:-1]:
        last = max(i for i, token in enumerate(ids[:-1]) if token == segment_end)
        ids[:last] = [segment_end] * last
    return ids


@torch.no_grad()
def gate_zero_losses(model, chunks: Sequence[Chunk], layer: int, zero: Sequence[np.ndarray]) -> tuple[torch.Tensor, torch.Tensor]:
    """One forward batch of `chunks` twice: next-token losses `[B, T-1]` (`token_losses`: loss t
    predicts token t+1, NaN at padding) as the model is, and with `layer`'s gate zeroed at the
    positions `zero` marks (a bool mask per chunk), every other layer and position untouched."""
    check_layer(model, layer)
    tokens, mask, rows = model_inputs(model, chunks)
    positions = torch.zeros_like(mask)
    for b, marked in enumerate(zero):
        positions[b, : len(marked)] = torch.from_numpy(np.asarray(marked, dtype=bool))
    name = f"blocks.{layer}.engram.hook_gate"
    hooks = [(hook_name, fn) for hook_name, fn in engram_off(model, "gate", positions) if hook_name == name]
    on = token_losses(model(tokens, attention_mask=mask, rows=rows), tokens, mask)
    off = token_losses(model.run_with_hooks(tokens, attention_mask=mask, rows=rows, fwd_hooks=hooks), tokens, mask)
    return on, off


def _documents(source, doc_ids: list[str], max_tokens: int | None, model) -> tuple[dict[str, str], int]:
    """The texts of `doc_ids` and the chunk length to cut them with: a run's own (its manifest's
    scan options), or for documents given as such `max_tokens`, by default the scan's default."""
    if isinstance(source, (str, Path)):
        texts = {doc_id: document_text(source, doc_id) for doc_id in doc_ids}
        recorded = read_manifest(Path(source)).get("options", {}).get("max_tokens")
        return texts, max_tokens or recorded or min(512, model.cfg.max_seq_len)
    given = {d.doc_id: d.text for d in source}
    missing = [doc_id for doc_id in doc_ids if doc_id not in given]
    if missing:
        raise KeyError(f"the occurrences name documents {missing[:3]} that are not among the documents given")
    return {doc_id: given[doc_id] for doc_id in doc_ids}, max_tokens or min(512, model.cfg.max_seq_len)


def gate_zero_loss_change(
    model,
    run_or_documents: str | Path | Sequence[Document],
    layer: int,
    occurrences: pa.Table,
    *,
    max_occurrences: int = MAX_OCCURRENCES,
    seed: int = 0,
    max_tokens: int | None = None,
    batch_size: int = 8,
    samples: int = 2000,
    show_progress: bool = False,
) -> dict:
    """The change in next-token loss (nats; off minus on, so > 0 means the n-gram's memory
    helped) at the n-gram's occurrences when `layer`'s gate is zeroed at those positions only.

    `occurrences`: a table with doc_id and position (`queries.ngram_occurrences`). Documents
    come from a run directory (its texts, cut into chunks as its scan cut them, so each
    occurrence sees the context its recorded gate saw) or are given as `Document`s. At most
    `max_occurrences` are measured, drawn without replacement with `seed` when there are more.
    In each chunk every drawn occurrence's gate is zeroed in one pass, and the loss of
    predicting the token after each occurrence is compared with the unablated pass; later
    sublayers, the short conv and attention carry the change onward, which is measured. An
    occurrence that is the last token of its chunk has no next token there and is `skipped`.
    The interval is a bootstrap of the mean over occurrences, or over documents (a cluster
    bootstrap) when several measured occurrences share one; None with fewer than two units.

    Returns {mean, low, high, n_occurrences (measured), n_documents, sampled (whether a sample
    was drawn), total_occurrences, skipped, max_occurrences, seed, resampled ("occurrences" or
    "documents"), no_interval (why low and high are None, in words: `no_interval_reason`; None
    with an interval)}; mean, low and high are None when nothing could be measured."""
    check_layer(model, layer)
    if max_occurrences < 1:
        raise ValueError(f"max_occurrences={max_occurrences}: measure at least 1 occurrence")
    missing = {"doc_id", "position"} - set(occurrences.column_names)
    if missing:
        raise ValueError(f"occurrences lacks the columns {sorted(missing)}; pass queries.ngram_occurrences(run_dir, ...)")
    total = occurrences.num_rows
    picked = np.arange(total)
    sampled = total > max_occurrences
    if sampled:
        picked = np.sort(np.random.default_rng(seed).choice(total, max_occurrences, replace=False))
    doc_column, position_column = occurrences.column("doc_id").to_pylist(), occurrences.column("position").to_pylist()
    wanted: dict[str, set[int]] = {}
    for i in picked.tolist():
        wanted.setdefault(doc_column[i], set()).add(int(position_column[i]))
    texts, chunk_tokens = _documents(run_or_documents, sorted(wanted), max_tokens, model)

    # the scan's chunks that hold a drawn occurrence, each with its zero mask (positions inside it)
    chunker = DocumentChunker(model.tokenizer, chunk_tokens, history=history_length([model]))
    work, skipped = [], 0
    for doc_id in sorted(wanted):
        positions = wanted[doc_id]
        for chunk in chunker.stream([Document(doc_id, texts[doc_id])]):
            inside = [p - chunk.start for p in positions if chunk.start <= p < chunk.stop]
            skipped += sum(p == len(chunk) - 1 for p in inside)
            inside = [p for p in inside if p < len(chunk) - 1]
            if inside:
                zero = np.zeros(len(chunk), dtype=bool)
                zero[inside] = True
                work.append((chunk, zero))
        n_tokens = chunk.stop  # the last chunk's end is the document's length
        beyond = [p for p in positions if p >= n_tokens]
        if beyond:
            raise ValueError(
                f"document {doc_id!r} has {n_tokens} tokens with this model's tokenizer, but occurrences name position "
                f"{beyond[0]}: they come from a run of another tokenizer or chunking"
            )

    deltas, documents = [], []
    with Progress(transient=True, disable=not show_progress) as progress:
        task = progress.add_task("gate-zero loss", total=len(work))
        for group in batched(work, batch_size):
            chunks, zeros = [c for c, _ in group], [z for _, z in group]
            on, off = gate_zero_losses(model, chunks, layer, zeros)
            for b, (chunk, zero) in enumerate(group):
                at = np.flatnonzero(zero)
                deltas.append((off[b, at] - on[b, at]).double().cpu().numpy())
                documents += [chunk.document.doc_id] * len(at)
            progress.advance(task, len(group))
    deltas = np.concatenate(deltas) if deltas else np.zeros(0)
    documents = np.array(documents)
    shared = len(np.unique(documents)) < len(documents)
    low, high = bootstrap_mean(deltas, samples=samples, seed=seed, groups=documents if shared else None)
    result = {
        "mean": float(deltas.mean()) if len(deltas) else None,
        "low": low,
        "high": high,
        "n_occurrences": len(deltas),
        "n_documents": len(np.unique(documents)),
        "sampled": bool(sampled),
        "total_occurrences": total,
        "skipped": skipped,
        "max_occurrences": max_occurrences,
        "seed": seed,
        "resampled": "documents" if shared else "occurrences",
    }
    return {**result, "no_interval": no_interval_reason(result)}


def no_interval_reason(loss: dict) -> str | None:
    """Why a `gate_zero_loss_change` result has no interval, in words; None where it has one.
    The bootstrap resamples documents when measured occurrences share one, else occurrences,
    and needs two of what it resamples."""
    if loss.get("low") is not None and loss.get("high") is not None:
        return None
    measured, documents = loss.get("n_occurrences", 0), loss.get("n_documents", 0)
    if not measured:
        return "no occurrence has a next token in its chunk, so nothing was measured"
    if measured == 1:
        return "one occurrence was measured: a bootstrap over occurrences has nothing to resample"
    if documents < 2:
        return (
            f"all {measured:,} measured occurrences are in one document: a bootstrap over documents (its occurrences are "
            "not independent) has nothing to resample"
        )
    return "the bootstrap had fewer than two units to resample"
