"""`engram-probe similarity`, `lens` and `ablate`: depth analyses of one or two checkpoints.

Each command parses its options, calls `probe.analyses.reports` (which documents the result files and
their layout) and prints a summary table. Every command reads a corpus as `engram-probe run`
does (`--corpus default` is the default corpus's validation split) in a seeded random document
order (`--no-shuffle`: corpus order), takes the first `--per-document` tokens of each document
(0: all), cuts them into chunks of `--max-tokens` (a later chunk's n-grams continue from the
chunk before it), stops once `--tokens` tokens are read, and writes into `--out`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import numpy as np
import typer
from rich.table import Table

from ..analyses import reports
from ..analyses.reports import AnalysedModel, Reading
from ..batching import POSITION_RULES
from ._common import (
    MAX_BATCH,
    MAX_RESAMPLES,
    console,
    count_option,
    device_option,
    dtype_option,
    number_option,
    open_model,
    output_target,
    quoted,
    resolve_corpus,
    safe,
    seed_option,
    shown,
    unambiguous_model,
)

CORPUS_HELP = (
    "default (the default corpus's validation split), default-dedup (that split without the paragraphs it shares with the "
    "train split), heldout (text the corpus never reads), a text file, a folder of text files, .jsonl or .parquet."
)
MODEL_HELP = "Checkpoint directory or bundled name (engram, baseline)."
POSITIONS_HELP = (
    "all: every token but each chunk's first; sample: --sample of those at random across documents; "
    "entities: the final token of each named entity (probe.categorize labels the token `names` and the next one not)."
)


def _open(name: str, device: str, dtype: str | None) -> AnalysedModel:
    model, described, directory = open_model(name, device=device, dtype=dtype)
    try:
        return AnalysedModel.of(model, name, described, directory)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="MODEL") from err


def _read(corpus: str, models: list[AnalysedModel], hint: str, **options) -> Reading:
    """The corpus read with the commands' reading options; each bad option named."""
    path, split = resolve_corpus(corpus)
    options["per_document"] = options["per_document"] or None  # 0: all of each document
    try:
        return reports.read_corpus(path, split, models, **options)
    except ValueError as err:
        # the library names the input in its message; the command names the option
        hints = {"max_tokens=": "--max-tokens", "no document": "--corpus"}
        raise typer.BadParameter(str(err), param_hint=next((h for key, h in hints.items() if key in str(err)), hint)) from err


def _select(reading: Reading, rule: str, sample: int | None, seed: int) -> reports.Positions:
    try:
        return reports.select(reading, rule, sample, seed)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--positions/--sample") from err


def _checked_out(out: Path, analysis: str) -> None:
    """--out, before any work: a folder for the analysis's files (a run's `analysis/` folder may be it)."""
    output_target(out, "--out", folder=True, owns="analysis")
    for name in reports.report_files(analysis):
        output_target(out / name, "--out", owns="analysis")


def _write(out: Path, result: dict) -> None:
    written = reports.write_report(out, result)
    figures = f" and {', '.join(p.name for p in written[1:])} in {out}" if written[1:] else ""
    console.print(f"wrote {safe(written[0])}{safe(figures)}")


def _check_rule(positions: str) -> None:
    if positions not in POSITION_RULES:
        raise typer.BadParameter(f"{quoted(positions)}: use {', '.join(POSITION_RULES)}", param_hint="--positions")


CorpusOption = typer.Option("default", help=CORPUS_HELP)
TokensOption = count_option(20_000, low=2, help="Token budget: stop reading the corpus after this many tokens.")
LimitOption = count_option(None, help="Read at most this many documents.")
MaxTokensOption = count_option(None, low=2, help="Chunk length (default: max_seq_len, at most 512).")
BatchOption = count_option(8, high=MAX_BATCH, help="Chunks per forward pass.")
TextFieldOption = typer.Option("text", help="JSONL/Parquet field holding the text.")
PerDocumentOption = count_option(
    512, low=0, help="Read at most this many tokens of each document (0: all), so the budget spans many documents."
)
SampleOption = count_option(None, help="Positions to draw with --positions sample.")
ShuffleOption = typer.Option(True, help="Read documents in a seeded random order (else corpus order, often grouped by domain).")


def similarity(
    a: str = typer.Option("engram", help=MODEL_HELP),
    b: str | None = typer.Option("baseline", help=MODEL_HELP + " Pass --b none to compare a with itself."),
    corpus: str = CorpusOption,
    out: Path = typer.Option(Path("runs/similarity"), help="Output directory."),
    positions: str = typer.Option("entities", help=POSITIONS_HELP),
    sample: int | None = SampleOption,
    tokens: int = TokensOption,
    limit: int | None = LimitOption,
    max_tokens: int | None = MaxTokensOption,
    per_document: int = PerDocumentOption,
    shuffle: bool = ShuffleOption,
    minibatch: int = count_option(256, low=4, help="Positions per minibatch of the unbiased HSIC estimate."),
    k: int | None = count_option(
        None, high=1024, help="Most similar layers of b averaged in the soft alignment a_j (default: 5, at most b's layers)."
    ),
    batch_size: int = BatchOption,
    seed: int = seed_option(help="Seed of the document order, the position sample and the minibatch shuffle."),
    text_field: str = TextFieldOption,
    device: str = device_option(),
    dtype: str | None = dtype_option(),
) -> None:
    """Linear minibatch CKA between every layer of --a and every layer of --b, and a's soft alignment a_j."""
    from ..analyses.similarity import check_same_tokenizer

    _checked_out(out, "similarity")
    _check_rule(positions)
    if b not in (None, "none", a):
        unambiguous_model(a, "--a")
        unambiguous_model(b, "--b")
        check_same_tokenizer(a, b)  # before any weights load
    model_a = _open(a, device, dtype)
    model_b = model_a if b in (None, "none", a) else _open(b, device, dtype)
    try:
        k = reports.alignment_k(model_b, k)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--k") from err
    reading = _read(
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
    selected = _select(reading, positions, sample, seed)
    try:
        result = reports.similarity_report(
            model_a, model_b, reading, selected, minibatch=minibatch, k=k, batch_size=batch_size, seed=seed, show_progress=True
        )
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--positions/--tokens") from err
    _write(out, result)
    view = Table(
        title=f"{safe(a)} vs {safe(model_b.info['name'])}: soft alignment over {selected.info['count']:,} positions ({positions})"
    )
    for column in ("layer j", "a_j", "most similar b layer", "CKA"):
        view.add_column(column, justify="right")
    for j, a_j in enumerate(result["alignment"]["a_j"]):
        row = np.array([np.nan if v is None else v for v in result["cka"][j]])
        best = int(np.argmax(np.nan_to_num(row, nan=-np.inf)))
        cka = "n/a" if np.isnan(row[best]) else f"{row[best]:.3f}"
        view.add_row(str(j), "n/a" if a_j is None else f"{a_j:.2f}", str(best), cka)
    console.print(view)


def lens(
    models: list[str] | None = typer.Argument(None, help=MODEL_HELP + " One or more; default engram."),
    corpus: str = CorpusOption,
    out: Path = typer.Option(Path("runs/lens"), help="Output directory."),
    positions: str = typer.Option("all", help=POSITIONS_HELP),
    sample: int | None = SampleOption,
    tokens: int = TokensOption,
    limit: int | None = LimitOption,
    max_tokens: int | None = MaxTokensOption,
    per_document: int = PerDocumentOption,
    shuffle: bool = ShuffleOption,
    batch_size: int = BatchOption,
    seed: int = seed_option(help="Seed of the document order and the position sample."),
    text_field: str = TextFieldOption,
    device: str = device_option(),
    dtype: str | None = dtype_option(),
) -> None:
    """Logit lens: KL(final || layer) per layer, for one or more models on the same tokens."""
    _checked_out(out, "lens")
    _check_rule(positions)
    opened = [_open(name, device, dtype) for name in models or ["engram"]]
    reading = _read(
        corpus,
        opened,
        "MODELS",
        text_field=text_field,
        limit=limit,
        tokens=tokens,
        max_tokens=max_tokens,
        per_document=per_document,
        shuffle=shuffle,
        seed=seed,
    )
    selected = _select(reading, positions, sample, seed)
    try:
        result = reports.lens_report(opened, reading, selected, batch_size=batch_size, show_progress=True)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--positions/--tokens") from err
    _write(out, result)
    entries = result["models"]
    view = Table(title=f"KL(final || layer), nats, over {selected.info['count']:,} positions ({positions})")
    view.add_column("layer", justify="right")
    for entry in entries:
        view.add_column(shown(entry["model"]["name"]), justify="right")
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
    prefill_fraction: float = number_option(
        0.5, kind=float, low=0.0, high=1.0, help="Share of each chunk that is the prompt for the prefill/decode ablation."
    ),
    tokens: int = TokensOption,
    limit: int | None = LimitOption,
    max_tokens: int | None = MaxTokensOption,
    per_document: int = PerDocumentOption,
    shuffle: bool = ShuffleOption,
    batch_size: int = BatchOption,
    seed: int = seed_option(help="Seed of the document order."),
    text_field: str = TextFieldOption,
    device: str = device_option(),
    dtype: str | None = dtype_option(),
) -> None:
    """Loss with Engram switched off, per domain and next-token category; off in prefill or decode only; MoE routing pinned."""
    _checked_out(out, "ablation")
    lm = _open(model, device, dtype)
    if lm.model.cfg.engram is None:
        raise typer.BadParameter(
            f"{model} has no Engram layers, so there is nothing to switch off; lens and similarity apply", param_hint="MODEL"
        )
    reading = _read(
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
        result = reports.ablation_report(
            lm, reading, mode=mode, prefill_fraction=prefill_fraction, batch_size=batch_size, show_progress=True
        )
    except ValueError as err:
        raise typer.BadParameter(str(err)) from err
    _write(out, result)
    columns = [c for c in ("on", "off", "off_pinned") if c in result["overall"]["loss"]]
    view = Table(title=f"{safe(model)}: loss (nats/token) with Engram {mode} zeroed; [95% bootstrap interval over documents]")
    for column in ("group", "tokens", "documents", *columns, "off - on"):
        view.add_column(column, justify="left" if column == "group" else "right")
    groups = [("all", result["overall"])] + [(f"domain {g['domain']}", g) for g in result["by_domain"]]
    groups += [(f"next token {g['category']}", g) for g in result["by_category"]]
    for name, group in groups:
        interval = group["delta_ci"]["off"]
        change = f"{group['delta']['off']:+.3f} " + (
            f"[{interval[0]:+.3f}, {interval[1]:+.3f}]" if interval else "[n/a: one document]"
        )
        view.add_row(
            shown(name), f"{group['tokens']:,}", f"{group['documents']:,}", *(f"{group['loss'][c]:.4f}" for c in columns),
            shown(change),
        )  # fmt: skip
    console.print(view)
    generation = result["generation"]
    console.print(
        "continuation loss: "
        + ", ".join(f"{safe(c)} {v:.4f}" for c, v in generation["loss"].items())
        + f" over {generation['tokens']:,} tokens"
    )


# the default window's cap: a released model's context (Qwen's 262,144) would leave every domain too short to score
MAX_EVAL_WINDOW = 4096


def evaluate(
    model: list[str] = typer.Option(["engram", "baseline"], help=MODEL_HELP + " Repeat it; differences are to the first."),
    corpus: list[str] = typer.Option(
        ["default", "heldout"],
        help="Repeat it. " + CORPUS_HELP,
    ),
    out: Path = typer.Option(Path("runs/evaluate"), help="Output directory (loss.json)."),
    samples: int = count_option(2000, low=100, high=MAX_RESAMPLES, help="Bootstrap resamples over windows."),
    max_tokens: int | None = count_option(None, low=2, help="Score at most this many tokens of each domain (default: all)."),
    table_means: bool = typer.Option(
        False,
        help="Also score each Engram model with every head's table rows collapsed to their mean ('NAME@means'); "
        "our checkpoints only.",
    ),
    seq_len: int | None = count_option(
        None,
        low=2,
        help=f"Tokens per window (default: the shortest context the models were trained on, at most {MAX_EVAL_WINDOW:,}).",
    ),
    device: str = device_option(),
    dtype: str | None = dtype_option(),
) -> None:
    """Loss per domain as training validates it, with bootstrap intervals, for several models on several corpora."""
    from engram_model import EngramLM

    from ..analyses.ablation import collapse_to_head_means
    from ..analyses.evaluation import loss_report
    from ..analyses.similarity import check_same_tokenizer

    _checked_out(out, "loss")
    names = list(dict.fromkeys(model))
    for name in names:
        unambiguous_model(name)
    for other in names[1:]:  # differences are paired window by window: the models must read the same tokens
        check_same_tokenizer(names[0], other)
    models = {name: open_model(name, device=device, dtype=dtype)[0] for name in names}
    if table_means:
        for name, m in list(models.items()):
            if not isinstance(m, EngramLM):
                raise typer.BadParameter(
                    f"{name} is a bridged transformers checkpoint: --table-means collapses our own checkpoints' tables; "
                    "drop --table-means or leave that model out",
                    param_hint="--table-means",
                )
        models |= {
            f"{name}@means": collapse_to_head_means(open_model(name, device=device, dtype=dtype)[0])
            for name, m in list(models.items())
            if m.cfg.engram
        }
    corpora = {name: resolve_corpus(name) for name in dict.fromkeys(corpus)}
    seq_len = seq_len or min(MAX_EVAL_WINDOW, *(m.cfg.max_seq_len for m in models.values()))
    try:
        result = loss_report(models, corpora, seq_len=seq_len, samples=samples, max_tokens_per_domain=max_tokens)
    except ValueError as err:
        raise typer.BadParameter(str(err)) from err
    _write(out, result)
    view = Table(title=f"loss (nats/token) over windows of {seq_len} tokens, 95% bootstrap intervals")
    for column in ("corpus", "domain", "tokens", *models, *(f"{m} - {model[0]}" for m in list(models)[1:])):
        view.add_column(shown(column), justify="left" if column in ("corpus", "domain") else "right")
    deltas = {(d["corpus"], d["domain"], d["model"]): d for d in result["differences"]}
    for key in dict.fromkeys((row["corpus"], row["domain"]) for row in result["losses"]):
        rows = {row["model"]: row for row in result["losses"] if (row["corpus"], row["domain"]) == key}
        windows = next(iter(rows.values()))["windows"]
        cells = [shown(f"{rows[m]['loss']:.3f} {interval(rows[m], windows, '.3f')}") for m in models]
        cells += [
            shown(f"{deltas[(*key, m)]['delta']:+.3f} {interval(deltas[(*key, m)], windows, '+.3f')}") for m in list(models)[1:]
        ]
        view.add_row(*map(shown, key), f"{next(iter(rows.values()))['tokens']:,}", *cells)
    console.print(view)


def interval(row: dict, windows: int, spec: str) -> str:
    """`[low, high]`, or why there is none: a bootstrap over one window cannot vary."""
    if row["ci_low"] is None:
        return f"[n/a: {windows} window{'s' if windows != 1 else ''}]"
    return f"[{row['ci_low']:{spec}}, {row['ci_high']:{spec}}]"
