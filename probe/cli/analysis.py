"""`engram-probe similarity`, `lens` and `ablate`: depth analyses of one or two checkpoints.

Each command reads a corpus as `engram-probe run` does (`--corpus default` is the default
corpus's validation split) in a seeded random document order (`--no-shuffle`: corpus order),
takes the first `--per-document` tokens of each document (0: all), cuts them into chunks of
`--max-tokens` (a later chunk's n-grams continue from the chunk before it), stops once
`--tokens` tokens are read, and writes into `--out`:

    similarity.json   engram-probe similarity --a CKPT --b CKPT
      {"analysis": "similarity",
       "a": MODEL, "b": MODEL, "corpus": CORPUS, "positions": POSITIONS,
       "representation": str,            # what a layer's vector is (streams summed, as before ln_final)
       "minibatch": int,                 # positions per minibatch of the unbiased HSIC estimate
       "minibatches": int,               # minibatches averaged (a last smaller one counts too)
       "layers_a": [0, ..., La-1], "layers_b": [0, ..., Lb-1],   # blocks.{L}.hook_resid_post
       "cka": [[float]] [La][Lb],        # linear minibatch CKA, rows a's layers, columns b's
       "cka_a": [[float]] [La][La], "cka_b": [[float]] [Lb][Lb],   # each model against itself
       "alignment": {"k": int, "a_j": [float] [La]}}   # soft alignment of a's layer j to b's layers (k <= Lb)
    cka.html          heatmap of "cka" (a's layer on y, b's layer on x)
    alignment.html    a_j against j, with the diagonal a_j = j

    lens.json         engram-probe lens CKPT [CKPT ...]
      {"analysis": "lens", "corpus": CORPUS, "positions": POSITIONS,
       "models": [{"model": MODEL,
                   "layers": [-1, 0, ..., L-1],      # -1: the embedding, else blocks.{L}.hook_resid_post
                   "kl": [float],                    # mean KL(final || layer) in nats over the positions
                   "kl_sem": [float],                # its standard error
                   "top1": [float]}]}                # share of positions whose top token matches the final one
    lens.html         KL(final || layer) against layer, one curve per model

    ablation.json     engram-probe ablate CKPT
      {"analysis": "ablation", "model": MODEL, "corpus": CORPUS,
       "mode": "gate" | "memory",                    # Engram off by zeroing hook_gate or hook_memory
       "conditions": {name: description},            # on, off, and off_pinned for MoE models
       "overall": GROUP,
       "by_domain": [GROUP + {"domain": str}],       # the document's corpus domain
       "by_category": [GROUP + {"category": str}],   # probe.categorize label of the predicted token
       "generation": {"prefill_fraction": float,     # teacher-forced continuation after a prefill
                      "tokens": int,
                      "loss": {"on", "off", "off_prefill", "off_decode": float},
                      "delta": {same keys: float}}}
      GROUP = {"tokens": int, "loss": {condition: float}, "delta": {condition: loss - loss["on"]},
               "delta_sem": {condition: float}}  # standard error of the paired per-token change
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
from itertools import islice
from pathlib import Path
from typing import Literal

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

from engram_model import EngramLM
from engram_model.corpus import ReadReport, iter_documents

from ..ablation import engram_ablation, moe_layers
from . import open_model, resolve_corpus
from ..lens import logit_lens
from ..plots.similarity import ablation_bars, alignment_curve, cka_heatmap, generation_bars, lens_curves
from ..probing import fingerprint_model
from ..runstore import write_atomically, write_json
from ..similarity import POSITION_RULES, alignment_index, model_similarity, read_chunks, select_positions

console = Console()

CORPUS_HELP = "default (the default corpus's validation split), a text file, a folder of text files, .jsonl or .parquet."
MODEL_HELP = "Checkpoint directory or bundled name (engram, baseline)."
POSITIONS_HELP = (
    "all: every token but each chunk's first; sample: --sample of those at random across documents; "
    "entities: the final token of each named entity (probe.categorize labels the token `names` and the next one not)."
)
POSITION_DESCRIPTIONS = {
    "all": "every token except the first of each chunk",
    "sample": "a uniform random sample of every token except the first of each chunk",
    "entities": "final token of named entities: categorizer label `names` on the token, not on the next one",
}


def _open(name: str) -> tuple[EngramLM, dict]:
    model, described, directory = open_model(name)
    if model.tokenizer is None:
        raise typer.BadParameter(f"{name} has no tokenizer: the analyses read text", param_hint="MODEL")
    cfg = model.cfg
    info = {
        "name": name,
        "description": described,
        "model_hash": fingerprint_model(model, directory),
        "n_layers": cfg.n_layers,
        "engram_layers": list(cfg.engram.layers) if cfg.engram else [],
        "hc_streams": cfg.hc_streams,
        "moe_layers": moe_layers(model),
    }
    return model, info


def _chunks(
    corpus: str,
    models: list[EngramLM],
    hint: str,
    *,
    text_field: str,
    limit: int | None,
    tokens: int,
    max_tokens: int | None,
    per_document: int,
    shuffle: bool,
    seed: int,
):
    """Chunks of the corpus (the commands' reading options) and its CORPUS record."""
    path, split = resolve_corpus(corpus)
    longest = min(m.cfg.max_seq_len for m in models)
    max_tokens = min(512, longest) if max_tokens is None else max_tokens
    if not 2 <= max_tokens <= longest:
        raise typer.BadParameter(f"--max-tokens {max_tokens} must lie in [2, max_seq_len={longest}]", param_hint="--max-tokens")
    documents = list(islice(iter_documents(path, text_field, ReadReport(), split), limit))
    if shuffle:
        documents = [documents[i] for i in np.random.default_rng(seed).permutation(len(documents))]
    per_document = per_document or None
    try:
        chunks = read_chunks(documents, [m.tokenizer for m in models], max_tokens, tokens, per_document)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint=hint) from err
    if not chunks:
        raise typer.BadParameter(f"{corpus} gave no document of at least 2 tokens", param_hint="--corpus")
    info = {
        "path": str(path),
        "split": split,
        "documents": len({id(c.doc) for c in chunks}),
        "chunks": len(chunks),
        "tokens": sum(len(c) for c in chunks),
        "max_tokens": max_tokens,
        "per_document": per_document,
        "order": f"shuffled (seed {seed})" if shuffle else "corpus order",
    }
    return chunks, info


def _positions(chunks, rule: str, sample: int | None, seed: int):
    try:
        masks = select_positions(chunks, rule, sample, seed)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--positions/--sample") from err
    count = int(sum(m.sum() for m in masks))
    info = {"rule": rule, "count": count, "sample": sample, "seed": seed, "description": POSITION_DESCRIPTIONS[rule]}
    return masks, info


def _json_ready(value):
    """Nested lists of floats with NaN as null (strict JSON)."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, list):
        return [_json_ready(v) for v in value]
    return None if isinstance(value, float) and not math.isfinite(value) else value


def _write(out: Path, name: str, result: dict, figures: dict) -> None:
    out.mkdir(parents=True, exist_ok=True)
    write_json(out / name, result)
    for filename, figure in figures.items():
        write_atomically(out / filename, lambda tmp, figure=figure: figure.write_html(tmp, include_plotlyjs=True))
    console.print(f"wrote {out / name} and {', '.join(figures)} in {out}")


CorpusOption = typer.Option("default", help=CORPUS_HELP)
TokensOption = typer.Option(20_000, min=2, help="Token budget: stop reading the corpus after this many tokens.")
LimitOption = typer.Option(None, min=1, help="Read at most this many documents.")
MaxTokensOption = typer.Option(None, min=2, help="Chunk length (default: max_seq_len, at most 512).")
BatchOption = typer.Option(8, min=1, help="Chunks per forward pass.")
TextFieldOption = typer.Option("text", help="JSONL/Parquet field holding the text.")
PerDocumentOption = typer.Option(
    512, min=0, help="Read at most this many tokens of each document (0: all), so the budget spans many documents."
)
ShuffleOption = typer.Option(True, help="Read documents in a seeded random order (else corpus order, often grouped by domain).")


def similarity(
    a: str = typer.Option("engram", help=MODEL_HELP),
    b: str | None = typer.Option("baseline", help=MODEL_HELP + " Pass --b none to compare a with itself."),
    corpus: str = CorpusOption,
    out: Path = typer.Option(Path("runs/similarity"), help="Output directory."),
    positions: str = typer.Option("entities", help=POSITIONS_HELP),
    sample: int | None = typer.Option(None, min=1, help="Positions to draw with --positions sample."),
    tokens: int = TokensOption,
    limit: int | None = LimitOption,
    max_tokens: int | None = MaxTokensOption,
    per_document: int = PerDocumentOption,
    shuffle: bool = ShuffleOption,
    minibatch: int = typer.Option(256, min=4, help="Positions per minibatch of the unbiased HSIC estimate."),
    k: int | None = typer.Option(
        None, min=1, help="Most similar layers of b averaged in the soft alignment a_j (default: 5, at most b's layers)."
    ),
    batch_size: int = BatchOption,
    seed: int = typer.Option(0, help="Seed of the document order, the position sample and the minibatch shuffle."),
    text_field: str = TextFieldOption,
) -> None:
    """Linear minibatch CKA between every layer of --a and every layer of --b, and a's soft alignment a_j."""
    if positions not in POSITION_RULES:
        raise typer.BadParameter(f"{positions!r}: use {', '.join(POSITION_RULES)}", param_hint="--positions")
    model_a, info_a = _open(a)
    model_b, info_b = (model_a, info_a) if b in (None, "none", a) else _open(b)
    layers_b = model_b.cfg.n_layers
    k = min(5, layers_b) if k is None else k
    if k > layers_b:
        raise typer.BadParameter(f"{k}: b ({info_b['name']}) has {layers_b} layers, so k is at most {layers_b}", param_hint="--k")
    chunks, corpus_info = _chunks(
        corpus,
        [model_a, model_b],
        "--a/--b",
        text_field=text_field,
        limit=limit,
        tokens=tokens,
        max_tokens=max_tokens,
        per_document=per_document,
        shuffle=shuffle,
        seed=seed,
    )
    masks, position_info = _positions(chunks, positions, sample, seed)
    try:
        cka = model_similarity(model_a, model_b, chunks, masks, batch_size, minibatch, seed=seed, show_progress=True)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--positions/--tokens") from err
    result = {
        "analysis": "similarity",
        "a": info_a,
        "b": info_b,
        "corpus": corpus_info,
        "positions": position_info,
        "representation": "blocks.{L}.hook_resid_post, hyper-connection streams summed (the final norm's input)",
        "minibatch": minibatch,
        "minibatches": cka["minibatches"],
        "layers_a": list(range(model_a.cfg.n_layers)),
        "layers_b": list(range(model_b.cfg.n_layers)),
        "cka": _json_ready(cka["cka"]),
        "cka_a": _json_ready(cka["cka_a"]),
        "cka_b": _json_ready(cka["cka_b"]),
        "alignment": {"k": k, "a_j": _json_ready(alignment_index(cka["cka"], k))},
    }
    _write(out, "similarity.json", result, {"cka.html": cka_heatmap(result), "alignment.html": alignment_curve(result)})
    view = Table(title=f"{a} vs {info_b['name']}: soft alignment over {position_info['count']:,} positions ({positions})")
    for column in ("layer j", "a_j", "most similar b layer", "CKA"):
        view.add_column(column, justify="right")
    for j, a_j in enumerate(result["alignment"]["a_j"]):
        row = np.nan_to_num(cka["cka"][j], nan=-np.inf)
        best = int(np.argmax(row))
        view.add_row(str(j), "-" if a_j is None else f"{a_j:.2f}", str(best), f"{cka['cka'][j][best]:.3f}")
    console.print(view)


def lens(
    models: list[str] | None = typer.Argument(None, help=MODEL_HELP + " One or more; default engram."),
    corpus: str = CorpusOption,
    out: Path = typer.Option(Path("runs/lens"), help="Output directory."),
    positions: str = typer.Option("all", help=POSITIONS_HELP),
    sample: int | None = typer.Option(None, min=1, help="Positions to draw with --positions sample."),
    tokens: int = TokensOption,
    limit: int | None = LimitOption,
    max_tokens: int | None = MaxTokensOption,
    per_document: int = PerDocumentOption,
    shuffle: bool = ShuffleOption,
    batch_size: int = BatchOption,
    seed: int = typer.Option(0, help="Seed of the document order and the position sample."),
    text_field: str = TextFieldOption,
) -> None:
    """Logit lens: KL(final || layer) per layer, for one or more models on the same tokens."""
    if positions not in POSITION_RULES:
        raise typer.BadParameter(f"{positions!r}: use {', '.join(POSITION_RULES)}", param_hint="--positions")
    opened = [_open(name) for name in models or ["engram"]]
    chunks, corpus_info = _chunks(
        corpus,
        [m for m, _ in opened],
        "MODELS",
        text_field=text_field,
        limit=limit,
        tokens=tokens,
        max_tokens=max_tokens,
        per_document=per_document,
        shuffle=shuffle,
        seed=seed,
    )
    masks, position_info = _positions(chunks, positions, sample, seed)
    entries = []
    for model, info in opened:
        try:
            entries.append({"model": info, **logit_lens(model, chunks, masks, batch_size, show_progress=True)})
        except ValueError as err:
            raise typer.BadParameter(str(err), param_hint="--positions/--tokens") from err
    result = {"analysis": "lens", "corpus": corpus_info, "positions": position_info, "models": entries}
    _write(out, "lens.json", result, {"lens.html": lens_curves(result)})
    view = Table(title=f"KL(final || layer), nats, over {position_info['count']:,} positions ({positions})")
    view.add_column("layer", justify="right")
    for entry in entries:
        view.add_column(entry["model"]["name"], justify="right")
    for i in range(max(len(e["layers"]) for e in entries)):
        cells = [f"{e['kl'][i]:.3f}" if i < len(e["kl"]) else "" for e in entries]
        view.add_row("embed" if i == 0 else str(i - 1), *cells)
    console.print(view)


def ablate(
    model: str = typer.Argument("engram", help=MODEL_HELP),
    corpus: str = CorpusOption,
    out: Path = typer.Option(Path("runs/ablation"), help="Output directory."),
    mode: Literal["gate", "memory"] = typer.Option(
        "gate", help="Switch Engram off by zeroing its gate (hook_gate) or the rows it reads (hook_memory)."
    ),
    prefill_fraction: float = typer.Option(
        0.5, min=0.0, max=1.0, help="Share of each chunk that is the prompt for the prefill/decode ablation."
    ),
    tokens: int = TokensOption,
    limit: int | None = LimitOption,
    max_tokens: int | None = MaxTokensOption,
    per_document: int = PerDocumentOption,
    shuffle: bool = ShuffleOption,
    batch_size: int = BatchOption,
    seed: int = typer.Option(0, help="Seed of the document order."),
    text_field: str = TextFieldOption,
) -> None:
    """Loss with Engram switched off, per corpus domain and next-token category; off in prefill or decode only; MoE routing pinned."""
    lm, info = _open(model)
    if lm.cfg.engram is None:
        raise typer.BadParameter(
            f"{model} has no Engram layers, so there is nothing to switch off; lens and similarity apply", param_hint="MODEL"
        )
    chunks, corpus_info = _chunks(
        corpus,
        [lm],
        "MODEL",
        text_field=text_field,
        limit=limit,
        tokens=tokens,
        max_tokens=max_tokens,
        per_document=per_document,
        shuffle=shuffle,
        seed=seed,
    )
    try:
        ablation = engram_ablation(lm, chunks, mode, prefill_fraction, batch_size, show_progress=True)
    except ValueError as err:
        raise typer.BadParameter(str(err)) from err
    conditions = {
        "on": "the model as it is",
        "off": f"every Engram layer's hook_{mode} zeroed",
        "off_pinned": "off, every MoE layer's experts pinned to the on pass's choice",
        "off_prefill": "off over each chunk's prompt only",
        "off_decode": "off over each chunk's continuation only",
    }
    if not moe_layers(lm):
        del conditions["off_pinned"]
    result = {"analysis": "ablation", "model": info, "corpus": corpus_info, "conditions": conditions, **ablation}
    figures = {
        "ablation_domain.html": ablation_bars(result, "domain"),
        "ablation_category.html": ablation_bars(result, "category"),
        "ablation_generation.html": generation_bars(result),
    }
    _write(out, "ablation.json", result, figures)
    shown = [c for c in ("on", "off", "off_pinned") if c in result["overall"]["loss"]]
    view = Table(title=f"{model}: loss (nats/token) with Engram {mode} zeroed")
    for column in ("group", "tokens", *shown):
        view.add_column(column, justify="left" if column == "group" else "right")
    groups = [("all", result["overall"])] + [(f"domain {g['domain']}", g) for g in result["by_domain"]]
    groups += [(f"next token {g['category']}", g) for g in result["by_category"]]
    for name, group in groups:
        view.add_row(name, f"{group['tokens']:,}", *(f"{group['loss'][c]:.4f}" for c in shown))
    console.print(view)
    generation = result["generation"]
    console.print(
        "continuation loss: "
        + ", ".join(f"{c} {v:.4f}" for c, v in generation["loss"].items())
        + f" over {generation['tokens']:,} tokens"
    )
