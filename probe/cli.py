"""`engram-probe`: the batch command line."""

from __future__ import annotations

import hashlib
from pathlib import Path

import torch
import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from engram_model import (
    EngramLM,
    load_model,
    load_tokenizer,
)
from engram_model.checkpoint import CheckpointError, resolve_checkpoint
from engram_model.corpus import ReadReport, ensure_default_corpus, iter_documents
from engram_model.tables import TableError

from .aggregate import document_trace, gate_histogram, ngram_stats, top_ngrams
from .analysis_cli import ablate, lens, similarity
from .app_cli import app_command
from .categorize.run import categorize_run
from .corpus_cli import corpus_app
from .ngrams import suffix_ngram_texts
from .offload_cli import offload_app
from .probing import ProbeOptions, fingerprint_corpus, fingerprint_model, probe_corpus
from .recorder import RecordOptions
from .runstore import RunError, connect, read_manifest
from .train_cli import train_command

app = typer.Typer(help="Run and probe Engram language models.", no_args_is_help=True, add_completion=False)
console = Console()


app.add_typer(corpus_app, name="corpus")
app.add_typer(offload_app, name="offload")
app.command()(similarity)
app.command()(lens)
app.command()(ablate)
app.command("train")(train_command)
app.command("app")(app_command)


@app.callback()
def engram_probe() -> None:
    """Run and probe Engram language models."""


DEFAULT_TEXT = (
    "Alexander the Great was born in Pella, the capital of Macedon. By the way, the Milky Way "
    "is a barred spiral galaxy. Licensed under the Apache License, Version 2.0."
)


def open_model(
    model: str, tokenizer: Path | None = None, tier: str = "resident", prefetch: bool = False
) -> tuple[EngramLM, str, Path | None]:
    """(model, description, checkpoint directory) for a checkpoint path or bundled name (engram,
    baseline). A `tokenizer` that does not fit the model stops here, before anything is written."""
    tok = load_tokenizer(tokenizer) if tokenizer is not None else None
    try:
        directory = resolve_checkpoint(model)
        return load_model(directory, tokenizer=tok, tier=tier, prefetch=prefetch), str(model), directory
    except TableError as err:
        raise typer.BadParameter(str(err), param_hint="--tier") from err
    except CheckpointError as err:
        raise typer.BadParameter(str(err), param_hint="--model/--tokenizer") from err


@app.command()
def gates(
    text: str = typer.Argument(DEFAULT_TEXT, help="Text to run through the model."),
    model: str = typer.Option("engram", help="Checkpoint directory or bundled name (engram, baseline)."),
    top: int = typer.Option(10, help="Show the N positions with the highest mean gate per layer (0: every position, in order)."),
) -> None:
    """Tokenize, address, run the model and print each Engram layer's gate per n-gram."""
    lm, described, _ = open_model(model)
    if lm.cfg.engram is None:
        raise typer.BadParameter(f"{model} has no Engram layers, so there are no gates to show", param_hint="--model")
    tokens = lm.to_tokens(text)
    with torch.no_grad():
        _, cache = lm.run_with_cache(tokens, names_filter=lambda name: name.endswith("engram.hook_gate"))
    ngrams = suffix_ngram_texts(lm.tokenizer, tokens[0].tolist(), lm.cfg.engram.max_ngram)
    console.print(f"[bold]model[/]: {described}  ·  {tokens.shape[1]} tokens  ·  Engram layers {list(lm.cfg.engram.layers)}")
    for layer in lm.cfg.engram.layers:
        gate = cache[f"blocks.{layer}.engram.hook_gate"][0]  # [T, M]
        positions = range(gate.shape[0])
        if top:
            positions = gate.mean(-1).topk(min(top, gate.shape[0])).indices.tolist()
        table = Table(title=f"layer {layer}: gate per branch", show_lines=False)
        table.add_column("pos", justify="right")
        for n in lm.cfg.engram.orders:
            table.add_column(f"{n}-gram")
        for branch in range(gate.shape[1]):
            table.add_column(f"b{branch}", justify="right")
        table.add_column("mean", justify="right")
        for t in positions:
            cells = [repr(s)[1:-1] for s in ngrams[t]]
            table.add_row(str(t), *cells, *(f"{g:.3f}" for g in gate[t].tolist()), f"{gate[t].mean():.3f}")
        console.print(table)


def resolve_corpus(corpus: str) -> tuple[Path, str | None]:
    """(path, split): `default` is the default corpus's validation split, built on first use."""
    if corpus == "default":
        path = ensure_default_corpus(lambda: console.print("building the default corpus (once; `engram-probe corpus build` rebuilds it)"))
        return path, "validation"
    path = Path(corpus)
    if not path.exists():
        raise typer.BadParameter(f"{corpus} does not exist: pass default, a text file, a folder, .jsonl or .parquet", param_hint="--corpus")
    return path, None


@app.command()
def run(
    corpus: str = typer.Option("default", help="default (the default corpus's validation split), a text file, a folder of text files, .jsonl (see --text-field) or .parquet."),
    model: str = typer.Option("engram", help="Checkpoint directory or bundled name (engram, baseline)."),
    out: Path = typer.Option(Path("runs/default"), help="Run directory; an existing run with the same model, corpus and options resumes."),
    limit: int | None = typer.Option(None, help="Stop after this many documents."),
    batch_size: int = typer.Option(8, min=1, help="Chunks per forward pass."),
    max_tokens: int | None = typer.Option(None, min=2, help="Chunk length (default: max_seq_len, at most 512); longer documents are split with positions kept."),
    shard_tokens: int = typer.Option(32_768, min=1, help="Commit a shard once this many tokens are pending (bounds memory)."),
    text_field: str = typer.Option("text", help="JSONL/Parquet field holding the text."),
    tokenizer: Path | None = typer.Option(None, help="A tokenizer.json to use instead of the checkpoint's own."),
    record_rows: bool = typer.Option(False, help="Record the per-head row ids."),
    record_logprob: bool = typer.Option(True, help="Record log p(next token)."),
    record_out_norm: bool = typer.Option(False, help="Record the norm of the Engram output."),
    tier: str = typer.Option("resident", help="Where the Engram tables live: resident, host or mmap (see README, Offloaded tables)."),
    prefetch: bool = typer.Option(False, help="Gather each batch's rows on worker threads while earlier layers run."),
    summary: int = typer.Option(5, help="Top n-grams per layer to print at the end."),
) -> None:
    """Probe a corpus: every token's gates per Engram layer and branch, with its n-grams."""
    lm, described, checkpoint_dir = open_model(model, tokenizer, tier, prefetch)
    corpus_path, split = resolve_corpus(corpus)
    options = ProbeOptions(
        max_tokens=max_tokens,
        batch_size=batch_size,
        shard_tokens=shard_tokens,
        record=RecordOptions(rows=record_rows, logprob=record_logprob, out_norm=record_out_norm),
    )
    manifest = {
        "model": described,
        "model_hash": fingerprint_model(lm, checkpoint_dir),
        "tokenizer_hash": hashlib.sha256(lm.tokenizer.to_str().encode()).hexdigest(),
        "corpus": str(corpus_path),
        "split": split,
        "corpus_hash": fingerprint_corpus(corpus_path),
        "text_field": text_field if corpus_path.suffix in (".jsonl", ".parquet") else None,  # what it reads, else nothing
        "seed": None,  # probing is deterministic: no sampling
    }
    read_report = ReadReport()
    try:
        report = probe_corpus(
            lm, iter_documents(corpus_path, text_field, read_report, split), out, manifest, options, limit=limit, read_report=read_report
        )
    except (RunError, ValueError, OSError) as err:  # OSError: an unreadable corpus, a full disk
        raise typer.BadParameter(str(err)) from err
    session = report["this_session"]
    console.print(
        f"[bold]{out}[/]: {report['documents_total']} documents ({session['documents']} new, {session['resumed_skip']} already done), "
        f"{session['tokens']:,} tokens at {session['tokens_per_s']:,} tokens/s · model {described}"
    )
    skipped = {k: v for k, v in (report["input"] or {}).items() if k in ("empty", "binary_files", "non_utf8", "bad_records", "renamed_ids") and v}
    if skipped:
        console.print(f"input skipped, repaired or renamed (see {out / 'report.json'}): {skipped}")
    if not report["complete"]:
        console.print(f"stopped by --limit {limit} before the end of the corpus; run the same command without --limit to complete it")
    if summary:
        print_top(out, n=summary, order=None, layer=None, min_count=3, examples=1)
    console.print(f"browse it: [bold]engram-probe app {out}[/]")


def print_top(run_dir: Path, n: int, order: int | None, layer: int | None, min_count: int, examples: int) -> None:
    table = top_ngrams(run_dir, layer=layer, order=order, n=n, min_count=min_count, examples=examples)
    view = Table(title=f"top-gated n-grams (mean gate, at least {min_count} occurrences)")
    for column in ("layer", "order", "n-gram", "count", "mean gate", "in context"):
        view.add_column(column, justify="right" if column in ("count", "mean gate", "layer", "order") else "left")
    for row in table.to_pylist():
        shown = " | ".join(
            f"…{escape(e['left'][-24:])}[bold]{escape(e['text'])}[/]{escape(e['right'][:24])}…" for e in row["examples"] or []
        )
        view.add_row(str(row["layer"]), str(row["order"]), escape(repr(row["ngram"])[1:-1]), str(row["count"]), f"{row['mean_gate']:.3f}", shown.replace("\n", "⏎"))
    console.print(view)


def checked_run(run_dir: Path) -> Path:
    try:
        read_manifest(run_dir)
    except RunError as err:
        raise typer.BadParameter(str(err), param_hint="RUN_DIR") from err
    return run_dir


@app.command()
def top(
    run_dir: Path = typer.Argument(..., help="A run directory made by `engram-probe run`."),
    layer: int | None = typer.Option(None, help="Only this Engram layer."),
    order: int | None = typer.Option(None, help="Only n-grams of this order."),
    n: int = typer.Option(20, help="N-grams per layer and order."),
    min_count: int = typer.Option(3, help="Ignore n-grams seen fewer times."),
    examples: int = typer.Option(1, help="Examples in context per n-gram."),
) -> None:
    """The n-grams with the highest mean gate, with examples in context."""
    print_top(checked_run(run_dir), n=n, order=order, layer=layer, min_count=min_count, examples=examples)


@app.command()
def show(
    run_dir: Path = typer.Argument(..., help="A run directory made by `engram-probe run`."),
    doc_id: str = typer.Argument(..., help="The document to show (see `engram-probe export RUN_DIR --table documents`)."),
    layer: int | None = typer.Option(None, help="Engram layer (default: the first)."),
    branch: str = typer.Option("mean", help="mean, max, or a branch number."),
) -> None:
    """A document with each token shaded by its gate."""
    manifest = read_manifest(checked_run(run_dir))
    layer = manifest["config"]["engram"]["layers"][0] if layer is None else layer
    try:
        trace = document_trace(run_dir, doc_id, layer).to_pylist()
    except KeyError as err:
        raise typer.BadParameter(str(err.args[0]), param_hint="DOC_ID") from err
    if branch in ("mean", "max"):
        values = [row[f"gate_{branch}"] for row in trace]
    elif branch.isdigit() and int(branch) < manifest["config"]["hc_streams"]:
        values = [row["gates"][int(branch)] for row in trace]
    else:
        raise typer.BadParameter(f"{branch!r}: use mean, max or a branch below {manifest['config']['hc_streams']}", param_hint="--branch")
    text = Text()
    for row, gate in zip(trace, values):
        shade = int(255 * (1 - gate))
        text.append(row["token"], style=f"black on rgb(255,{shade},{shade})")
    console.print(f"[bold]{doc_id}[/] · layer {layer} · gate {branch} (white 0 → red 1)")
    console.print(text)


@app.command()
def export(
    run_dir: Path = typer.Argument(..., help="A run directory made by `engram-probe run`."),
    out: Path = typer.Option(..., help="File to write."),
    table: str = typer.Option("ngram_stats", help="gates, documents, ngram_stats or gate_histogram."),
    format: str = typer.Option("csv", help="csv or json (one object per line)."),
) -> None:
    """Write a run's table to CSV or JSON lines."""
    checked_run(run_dir)
    if format not in ("csv", "json"):
        raise typer.BadParameter(f"{format!r}: use csv or json", param_hint="--format")
    tables = {"ngram_stats": ngram_stats, "gate_histogram": gate_histogram}
    with connect(run_dir) as con:
        if table in tables:
            con.register("result", tables[table](run_dir))
        elif table in ("gates", "documents"):
            con.execute(f"CREATE VIEW result AS SELECT * FROM {table}")
        else:
            raise typer.BadParameter(f"{table!r}: use gates, documents, ngram_stats or gate_histogram", param_hint="--table")
        target = str(out).replace("'", "''")
        con.execute(f"COPY result TO '{target}' (FORMAT {format.upper()})")
    console.print(f"wrote {out}")


@app.command()
def categorize(
    run_dir: Path = typer.Argument(..., help="A run directory made by `engram-probe run`."),
    order: int | None = typer.Option(None, help="N-gram order to categorize (default: the longest)."),
    gate: str = typer.Option("mean", help="Gate over branches: mean or max."),
    top_fraction: float = typer.Option(0.01, help="Share of each layer's positions that counts as top-gated."),
    n_boot: int = typer.Option(1000, help="Bootstrap resamples for the 95% intervals."),
    seed: int = typer.Option(0, help="Seed of the random sample and the bootstrap."),
) -> None:
    """Kinds of text among top-gated positions vs random ones, per layer, with 95% intervals."""
    try:
        table = categorize_run(checked_run(run_dir), order=order, gate=gate, top_fraction=top_fraction, n_boot=n_boot, seed=seed)
    except ValueError as err:
        raise typer.BadParameter(str(err)) from err
    view = Table(title=f"P(label | top {top_fraction:.1%} gated) / P(label | random), 95% bootstrap interval")
    for column in ("layer", "label", "top", "random", "ratio", "95% interval"):
        view.add_column(column, justify="left" if column == "label" else "right")
    for row in table.to_pylist():
        view.add_row(
            str(row["layer"]), row["label"], f"{row['count_top']}/{row['n_top']}", f"{row['count_random']}/{row['n_random']}",
            f"{row['ratio']:.2f}", f"[{row['lo']:.2f}, {row['hi']:.2f}]",
        )
    console.print(view)
    console.print(f"tables and figure in {run_dir / 'categories'}")
