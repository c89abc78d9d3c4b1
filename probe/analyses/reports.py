"""The depth analyses as result files: `similarity_report`, `lens_report` and `ablation_report`
each return the JSON-ready dict of one analysis, and `write_report` writes it with its figures.
The command line (`probe.cli.analysis`) and the notebooks (`analyses/`) both call these.

Each report reads the same corpus the same way (`read_corpus`: a seeded random document order,
the first `per_document` tokens of each document, chunks of `max_tokens` whose n-grams continue
from the chunk before, a token budget), at positions `select` picks. Written into an output
directory:

    similarity.json   similarity_report(a, b, reading, positions)
      {"analysis": "similarity",
       "a": MODEL, "b": MODEL, "corpus": CORPUS, "positions": POSITIONS,
       "representation": str,            # what a layer's vector is (streams summed, as before ln_final)
       "minibatch": int,                 # positions per minibatch of the unbiased HSIC estimate
       "minibatches": int,               # minibatches averaged (a last smaller one counts too)
       "layers_a": [0, ..., La-1], "layers_b": [0, ..., Lb-1],   # blocks.{L}.hook_resid_post
       "cka": [[float]] [La][Lb],        # linear minibatch CKA, rows a's layers, columns b's
       "cka_a": [[float]] [La][La], "cka_b": [[float]] [Lb][Lb],   # each model against itself
       "alignment": {"k": int, "a_j": [float] [La],     # soft alignment of a's layer j to b's layers (k <= Lb)
                     "bootstrap": int,                  # resamples of the minibatches (0: none)
                     "a_j_low": [float] | None, "a_j_high": [float] | None}}   # their 2.5 / 97.5 percentiles
    cka.html          heatmap of "cka" (a's layer on y, b's layer on x)
    alignment.html    a_j against j, with the diagonal a_j = j

    lens.json         lens_report(models, reading, positions)
      {"analysis": "lens", "corpus": CORPUS, "positions": POSITIONS,
       "models": [{"model": MODEL,
                   "layers": [-1, 0, ..., L-1],      # -1: the embedding, else blocks.{L}.hook_resid_post
                   "kl": [float],                    # mean KL(final || layer) in nats over the positions
                   "kl_sem": [float],                # its standard error
                   "top1": [float]}]}                # share of positions whose top token matches the final one
    lens.html         KL(final || layer) against layer, one curve per model

    ablation.json     ablation_report(model, reading)
      {"analysis": "ablation", "model": MODEL, "corpus": CORPUS,
       "mode": "gate" | "memory",                    # Engram off by zeroing hook_gate or hook_memory
       "conditions": {name: description},            # on, off, and off_pinned for MoE models
       "overall": GROUP,
       "by_domain": [GROUP + {"domain": str}],       # the document's corpus domain
       "by_category": [GROUP + {"category": str}],   # probe.categorize label of the predicted token
       "generation": {"prefill_fraction": float}     # teacher-forced continuation after a prefill
                     + GROUP over conditions on, off, off_prefill, off_decode}
      GROUP = {"tokens": int, "documents": int, "loss": {condition: float}, "delta": {condition: loss - loss["on"]},
               "delta_ci": {condition: [low, high] | null}}  # 95% bootstrap interval of delta over
                                                             # documents (null from one document)
    ablation_domain.html, ablation_category.html   loss change per domain / category, one bar per condition
    ablation_generation.html                       continuation loss per condition

    MODEL     = {"name": str, "description": str, "model_hash": str, "n_layers": int,
                 "engram_layers": [int], "hc_streams": int, "moe_layers": [int]}
    CORPUS    = {"path": str, "split": str | null, "documents": int, "chunks": int, "tokens": int,
                 "max_tokens": int, "per_document": int | null, "order": str}
    POSITIONS = {"rule": "all" | "sample" | "entities", "count": int, "sample": int | null,
                 "seed": int, "description": str}

Losses are mean next-token cross-entropy in nats per token, computed in float32; padding is
never counted. A CKA or a_j that is undefined (a layer constant over the positions) is null.
Positions for similarity and lens never include a chunk's first token; the ablation counts
every next-token prediction in the budget.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

import numpy as np

from engram_model import EngramLM
from engram_model.corpus import ReadReport, iter_documents

from ..batching import Chunk, history_length, read_chunks, select_positions
from ..categorize import label_token
from ..plots.similarity import ablation_bars, alignment_curve, cka_heatmap, generation_bars, lens_curves
from ..runs.exports import write_file, write_json
from ..runs.scan import fingerprint_model
from .ablation import engram_ablation, moe_layers, require_engram
from .lens import logit_lens
from .similarity import alignment_against_null, alignment_index, model_similarity

POSITION_DESCRIPTIONS = {
    "all": "every token except the first of each chunk",
    "sample": "a uniform random sample of every token except the first of each chunk",
    "entities": "final token of named entities: categorizer label `names` on the token, not on the next one",
}
REPRESENTATION = "blocks.{L}.hook_resid_post, hyper-connection streams summed (the final norm's input)"


@dataclass(frozen=True)
class AnalysedModel:
    """A model with its MODEL record."""

    model: EngramLM
    info: dict

    @classmethod
    def of(cls, model: EngramLM, name: str, description: str | None = None, checkpoint_dir: Path | None = None):
        if model.tokenizer is None:
            raise ValueError(f"{name} has no tokenizer: the analyses read text; load a checkpoint that has one")
        cfg = model.cfg
        info = {
            "name": name,
            "description": name if description is None else description,
            "model_hash": fingerprint_model(model, checkpoint_dir),
            "n_layers": cfg.n_layers,
            "engram_layers": list(cfg.engram.layers) if cfg.engram else [],
            "hc_streams": cfg.hc_streams,
            "moe_layers": moe_layers(model),
        }
        return cls(model, info)


@dataclass(frozen=True)
class Reading:
    """The chunks an analysis reads, with their CORPUS record."""

    chunks: list[Chunk]
    corpus: dict


@dataclass(frozen=True)
class Positions:
    """A bool mask per chunk of the positions an analysis reads, with their POSITIONS record."""

    masks: list[np.ndarray]
    info: dict


def read_corpus(
    path: Path,
    split: str | None,
    models: Sequence[AnalysedModel],
    *,
    text_field: str = "text",
    limit: int | None = None,
    tokens: int = 20_000,
    max_tokens: int | None = None,
    per_document: int | None = 512,
    shuffle: bool = True,
    seed: int = 0,
) -> Reading:
    """The chunks of the corpus at `path` (a `split` of the default corpus, or None) that every
    one of `models` reads: the first `per_document` tokens (None: all) of documents in a seeded
    random order (or corpus order), cut every `max_tokens` (default: max_seq_len, at most 512),
    until `tokens` are read."""
    lms = [m.model for m in models]
    longest = min(m.cfg.max_seq_len for m in lms)
    max_tokens = min(512, longest) if max_tokens is None else max_tokens
    if not 2 <= max_tokens <= longest:
        raise ValueError(f"max_tokens={max_tokens} must lie in [2, max_seq_len={longest}]")
    documents = list(islice(iter_documents(path, text_field, ReadReport(), split), limit))
    if shuffle:
        documents = [documents[i] for i in np.random.default_rng(seed).permutation(len(documents))]
    chunks = read_chunks(
        documents, [m.tokenizer for m in lms], max_tokens, tokens, per_document, history=history_length(lms), labeller=label_token
    )
    if not chunks:
        raise ValueError(f"{path} gave no document of at least 2 tokens; pass a corpus with text")
    corpus = {
        "path": str(path),
        "split": split,
        "documents": len({id(c.doc) for c in chunks}),
        "chunks": len(chunks),
        "tokens": sum(len(c) for c in chunks),
        "max_tokens": max_tokens,
        "per_document": per_document,
        "order": f"shuffled (seed {seed})" if shuffle else "corpus order",
    }
    return Reading(chunks, corpus)


def select(reading: Reading, rule: str = "all", sample: int | None = None, seed: int = 0) -> Positions:
    """The positions `rule` picks in `reading` (see `probe.batching.select_positions`)."""
    masks = select_positions(reading.chunks, rule, sample, seed)
    count = int(sum(m.sum() for m in masks))
    return Positions(
        masks, {"rule": rule, "count": count, "sample": sample, "seed": seed, "description": POSITION_DESCRIPTIONS[rule]}
    )


def json_ready(value):
    """Nested lists of floats with NaN as null (strict JSON)."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, list):
        return [json_ready(v) for v in value]
    return None if isinstance(value, float) and not math.isfinite(value) else value


def alignment_k(b: AnalysedModel, k: int | None) -> int:
    """The soft alignment's k: given, or 5; never more than b's layers."""
    layers_b = b.model.cfg.n_layers
    k = min(5, layers_b) if k is None else k
    if not 1 <= k <= layers_b:
        raise ValueError(f"{k}: b ({b.info['name']}) has {layers_b} layers, so k is at most {layers_b}")
    return k


def similarity_report(
    a: AnalysedModel,
    b: AnalysedModel,
    reading: Reading,
    positions: Positions,
    *,
    minibatch: int = 256,
    k: int | None = None,
    batch_size: int = 8,
    seed: int = 0,
    show_progress: bool = False,
    bootstrap: int = 1000,
) -> dict:
    """Linear minibatch CKA between every layer of `a` and of `b` (`b` may be `a`), and a's soft
    alignment over the `k` most similar layers of b (default 5, at most b's layers), with a
    bootstrap interval over minibatches of positions (`bootstrap` resamples; 0: none)."""
    k = alignment_k(b, k)
    cka = model_similarity(
        a.model,
        b.model,
        reading.chunks,
        positions.masks,
        batch_size,
        minibatch,
        seed=seed,
        show_progress=show_progress,
        bootstrap=bootstrap,
    )
    a_j = alignment_index(cka["cka"], k)
    resampled = np.stack([alignment_index(matrix, k) for matrix in cka["cka_resampled"]]) if bootstrap else None
    return {
        "analysis": "similarity",
        "a": a.info,
        "b": b.info,
        "corpus": reading.corpus,
        "positions": positions.info,
        "representation": REPRESENTATION,
        "minibatch": minibatch,
        "minibatches": cka["minibatches"],
        "layers_a": list(range(a.model.cfg.n_layers)),
        "layers_b": list(range(b.model.cfg.n_layers)),
        "cka": json_ready(cka["cka"]),
        "cka_a": json_ready(cka["cka_a"]),
        "cka_b": json_ready(cka["cka_b"]),
        "alignment": {
            "k": k,
            "a_j": json_ready(a_j),
            # 95% percentile interval over `bootstrap` resamples of the minibatches (None: not asked)
            "bootstrap": bootstrap,
            "a_j_low": None if resampled is None else json_ready(np.nanpercentile(resampled, 2.5, axis=0)),
            "a_j_high": None if resampled is None else json_ready(np.nanpercentile(resampled, 97.5, axis=0)),
        },
        "against_self": alignment_calibration(cka, bootstrap) if len(cka["cka"]) == len(cka["cka_b"]) else None,
    }


def alignment_calibration(cka: dict, bootstrap: int) -> list[dict]:
    """For k = 1 .. b's layers: a_j, b's own a_j against itself (the null of no shift) and their
    difference with a 95% interval over the same minibatch resamples (`alignment_against_null`)."""
    rows = []
    for k in range(1, len(cka["cka_b"]) + 1):
        excess = alignment_against_null(cka["cka"], cka["cka_b"], k)
        draws = [alignment_against_null(c, cb, k) for c, cb in zip(cka["cka_resampled"], cka["cka_b_resampled"])]
        rows.append(
            {
                "k": k,
                "a_j": json_ready(alignment_index(cka["cka"], k)),
                "null_a_j": json_ready(alignment_index(cka["cka_b"], k)),
                "excess": json_ready(excess),
                "excess_low": json_ready(np.nanpercentile(draws, 2.5, axis=0)) if draws else None,
                "excess_high": json_ready(np.nanpercentile(draws, 97.5, axis=0)) if draws else None,
            }
        )
    return rows


def lens_report(
    models: Sequence[AnalysedModel], reading: Reading, positions: Positions, *, batch_size: int = 8, show_progress: bool = False
) -> dict:
    """The logit lens of each model on the same positions."""
    entries = [
        {"model": m.info, **logit_lens(m.model, reading.chunks, positions.masks, batch_size, show_progress=show_progress)}
        for m in models
    ]
    return {"analysis": "lens", "corpus": reading.corpus, "positions": positions.info, "models": entries}


def ablation_report(
    model: AnalysedModel,
    reading: Reading,
    *,
    mode: str = "gate",
    prefill_fraction: float = 0.5,
    batch_size: int = 8,
    show_progress: bool = False,
) -> dict:
    """Loss with Engram on and off, per domain, per next-token category, and in prefill or decode only."""
    require_engram(model.model, model.info["name"])
    ablation = engram_ablation(model.model, reading.chunks, mode, prefill_fraction, batch_size, show_progress=show_progress)
    conditions = {
        "on": "the model as it is",
        "off": f"every Engram layer's hook_{mode} zeroed",
        "off_pinned": "off, every MoE layer's experts pinned to the on pass's choice",
        "off_prefill": "off over each chunk's prompt only",
        "off_decode": "off over each chunk's continuation only",
    }
    if not moe_layers(model.model):
        del conditions["off_pinned"]
    return {"analysis": "ablation", "model": model.info, "corpus": reading.corpus, "conditions": conditions, **ablation}


# per analysis, the figure files drawn from its result
FIGURES: dict[str, dict[str, Callable[[dict], object]]] = {
    "similarity": {"cka.html": cka_heatmap, "alignment.html": alignment_curve},
    "lens": {"lens.html": lens_curves},
    "ablation": {
        "ablation_domain.html": lambda result: ablation_bars(result, "domain"),
        "ablation_category.html": lambda result: ablation_bars(result, "category"),
        "ablation_generation.html": generation_bars,
    },
    "loss": {},  # probe.analyses.evaluation.loss_report: a table, no figure
}


def report_files(analysis: str) -> list[str]:
    """The names of the files `write_report` writes for `analysis` (similarity, lens, ablation, loss)."""
    return [f"{analysis}.json", *FIGURES[analysis]]


def write_report(out: Path, result: dict) -> list[Path]:
    """Write `result` as `{analysis}.json` in `out` with its figures (each atomically, strict
    JSON: `probe.runs.exports`); the paths written."""
    out = Path(out)
    written = [out / name for name in report_files(result["analysis"])]
    write_json(written[0], result)
    for path, draw in zip(written[1:], FIGURES[result["analysis"]].values()):
        html = draw(result).to_html(include_plotlyjs=True)
        write_file(path, html.encode())
    return written
