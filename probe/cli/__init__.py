"""`engram-probe`: the batch command line.

Start-up is cheap: this module imports neither torch nor the run readers at the top. A command
imports what it needs inside its function, and the commands defined in other modules
(`LAZY_COMMANDS`) are imported only when one of them runs, so `engram-probe --help` and the
commands that read a run start in a fraction of a second (benchmarks/bench_startup.py).

Bad input ends in one line on stderr and exit status 1: the library raises typed errors whose
message names the input, what was expected and the fix, and `EngramProbe.invoke` prints them
(`input_errors`). Options are checked while parsing (Typer's usage errors, exit status 2): every
number by the parsers of `_common` (finite, in range). Data (texts, ids, n-grams, paths) is printed
through `_common.safe`/`shown`: never read as markup, and stripped of what a terminal would act on,
in error messages too.
"""

from __future__ import annotations

import errno
import importlib
import math
import re
import sys
from pathlib import Path
from typing import Literal

import typer
import typer.main
from rich.table import Table
from rich.text import Text
from typer._click.exceptions import UsageError  # typer's own click: what its parser raises
from typer.core import TyperCommand, TyperGroup

from ._common import (
    MAX_BATCH,
    MAX_LAYER,
    MAX_ORDER,
    MAX_RESAMPLES,
    MAX_WORKERS,
    clean,
    clean_pieces,
    command_line,
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
)

# command -> (module, attribute, the one-line help `engram-probe --help` lists without importing it)
LAZY_COMMANDS = {
    "similarity": (
        "probe.cli.analysis",
        "similarity",
        "Linear minibatch CKA between every layer of --a and every layer of --b, and a's soft alignment a_j.",
    ),
    "lens": (
        "probe.cli.analysis",
        "lens",
        "Logit lens: KL(final || layer) per layer, for one or more models on the same tokens.",
    ),
    "ablate": (
        "probe.cli.analysis",
        "ablate",
        "Loss with Engram switched off, per domain and next-token category; off in prefill or decode only; MoE routing pinned.",
    ),
    "evaluate": (
        "probe.cli.analysis",
        "evaluate",
        "Loss per domain as training validates it, with bootstrap intervals, for several models on several corpora.",
    ),
    "train": (
        "probe.cli.train",
        "train_command",
        "Train with the spec's optimiser rules; checkpoints every few steps and resumes after a kill.",
    ),
    "app": (
        "probe.cli.serve",
        "app_command",
        "Browse a run: gates token by token, n-grams, categories, layer similarity, offload, ablations.",
    ),
    "corpus": ("probe.cli.corpus", "corpus_app", "Build the default corpus and train its tokenizer."),
    "offload": ("probe.cli.offload", "offload_app", "Offloaded Engram tables: benchmark and row statistics."),
    "sweep": ("probe.cli.sweep", "sweep_app", "The allocation sweep: loss against rho at fixed total and active parameters."),
}
# typed errors about the input, each message naming it and the fix (module, class); a module
# that is not imported yet cannot have raised its error, so none is imported just to catch it
INPUT_ERRORS = (
    ("probe.runs.store", "RunError"),
    ("engram_model.checkpoint", "CheckpointError"),
    ("engram_model.tables", "TableError"),
    ("engram_model.config", "ConfigError"),
    ("engram_model.corpus.build", "CorpusBuildError"),
    ("engram_model.train", "TrainingError"),
    ("engram_model.files", "LinkedPathError"),
    ("probe.runs.exports", "OutputError"),
)
OS_ERROR_ADVICE = {
    errno.EACCES: "check its permissions or pass another path",
    errno.EPERM: "check its permissions or pass another path",
    errno.ENOSPC: "free space on that disk or write elsewhere",
    errno.EDQUOT: "free space on that disk or write elsewhere",
    errno.EROFS: "write elsewhere",
    errno.ENOENT: "check the path",
    errno.EISDIR: "pass a file, not a folder",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EEXIST: "pass a path that does not exist yet",
}


def input_errors() -> tuple[type[Exception], ...]:
    return (OSError, *(getattr(sys.modules[module], name) for module, name in INPUT_ERRORS if module in sys.modules))


def describe(err: Exception) -> str:
    """One line: what went wrong with which input and what to do (cleaned of what a terminal acts on)."""
    if isinstance(err, OSError) and err.strerror:
        where = f"{err.filename}: " if err.filename else ""
        advice = OS_ERROR_ADVICE.get(err.errno)
        return clean(f"{where}{err.strerror}" + (f"; {advice}" if advice else ""))
    return " ".join(clean(err).split())


class LazyCommand(TyperCommand):
    """A command listed by name and help; its module is imported when it runs (or shows its help)."""

    def __init__(self, name: str, module: str, attribute: str, help: str):
        super().__init__(name=name, help=help)
        self.module, self.attribute = module, attribute

    def load(self):
        target = getattr(importlib.import_module(self.module), self.attribute)
        if not isinstance(target, typer.Typer):
            target = typer.Typer(add_completion=False)
            target.command(self.name)(getattr(importlib.import_module(self.module), self.attribute))
        return typer.main.get_command(target)

    def make_context(self, info_name, args, parent=None, **extra):
        return self.load().make_context(info_name, args, parent=parent, **extra)


class EngramProbe(TyperGroup):
    """The top-level group: the commands of this module, the lazy ones, and one place where
    an input error becomes one line and exit status 1."""

    def list_commands(self, ctx) -> list[str]:
        return [*super().list_commands(ctx), *LAZY_COMMANDS]

    def get_command(self, ctx, name: str):
        if name in LAZY_COMMANDS:
            return LazyCommand(name, *LAZY_COMMANDS[name])
        return super().get_command(ctx, name)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except UsageError as err:  # usage errors quote the input: shown, never acted on
            err.message = clean(err.message)
            raise
        except input_errors() as err:
            if isinstance(err, BrokenPipeError):  # the reader went away (`| head`): click exits quietly
                raise
            typer.echo(f"error: {describe(err)}", err=True)
            raise typer.Exit(1) from err


app = typer.Typer(cls=EngramProbe, help="Run and probe Engram language models.", no_args_is_help=True, add_completion=False)


@app.callback()
def engram_probe() -> None:
    """Run and probe Engram language models."""


DEFAULT_TEXT = (
    "Alexander the Great was born in Pella, the capital of Macedon. By the way, the Milky Way "
    "is a barred spiral galaxy. Licensed under the Apache License, Version 2.0."
)


@app.command()
def gates(
    text: str = typer.Argument(
        DEFAULT_TEXT, help="Text to run through the model (longer than max_seq_len: in chunks, as `run` does)."
    ),
    model: str = typer.Option("engram", help="Checkpoint directory or bundled name (engram, baseline)."),
    top: int = count_option(
        10, low=0, help="Show the N positions with the highest mean gate per layer (0: every position, in order)."
    ),
    device: str = device_option(),
    dtype: str | None = dtype_option(),
) -> None:
    """Tokenize, address, run the model and print each Engram layer's gate per n-gram."""
    from ..batching import text_gates
    from ..runs.ngrams import suffix_ngram_texts

    lm, described, _ = open_model(model, device=device, dtype=dtype)
    if lm.cfg.engram is None:
        raise typer.BadParameter(f"{model} has no Engram layers, so there are no gates to show", param_hint="--model")
    ids, gate_by_layer = text_gates(lm, text)
    ngrams = suffix_ngram_texts(lm.tokenizer, ids, lm.cfg.engram.max_ngram)
    console.print(f"[bold]model[/]: {safe(described)}  ·  {len(ids)} tokens  ·  Engram layers {list(lm.cfg.engram.layers)}")
    for layer, gate in gate_by_layer.items():
        gate = gate.float().cpu()  # [T, M], read in float32 whatever the model's dtype
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
            cells = [shown(repr(s)[1:-1]) for s in ngrams[t]]
            table.add_row(str(t), *cells, *(f"{g:.3f}" for g in gate[t].tolist()), f"{gate[t].mean():.3f}")
        console.print(table)


@app.command()
def run(
    corpus: str = typer.Option(
        "default",
        help="default (the default corpus's validation split), default-dedup (that split without the paragraphs it shares "
        "with the train split), a text file, a folder of text files, .jsonl (see --text-field) or .parquet.",
    ),
    model: str = typer.Option("engram", help="Checkpoint directory or bundled name (engram, baseline)."),
    out: str = typer.Option(
        "runs/default",
        help="Run directory, or a pyarrow.fs URI (s3://bucket/run) the run is copied to as it is written; an existing run with "
        "the same model, corpus and options resumes.",
    ),
    limit: int | None = count_option(None, help="Stop after this many documents."),
    batch_size: int = count_option(8, high=MAX_BATCH, help="Chunks per forward pass."),
    max_tokens: int | None = count_option(
        None, low=2, help="Chunk length (default: max_seq_len, at most 512); longer documents are split with positions kept."
    ),
    shard_tokens: int = count_option(32_768, help="Commit a shard once this many tokens are pending (bounds memory)."),
    text_field: str = typer.Option("text", help="JSONL/Parquet field holding the text."),
    tokenizer: Path | None = typer.Option(None, help="A tokenizer.json to use instead of the checkpoint's own."),
    record_rows: bool = typer.Option(False, help="Record the per-head row ids."),
    record_logprob: bool = typer.Option(True, help="Record log p(next token)."),
    record_out_norm: bool = typer.Option(False, help="Record the norm of the Engram output."),
    tier: str = typer.Option(
        "resident", help="Where the Engram tables live: resident, host or mmap (see README, Offloaded tables)."
    ),
    prefetch: bool = typer.Option(False, help="Gather each batch's rows on worker threads while earlier layers run."),
    device: str = device_option(),
    dtype: str | None = dtype_option(),
    summary: int = count_option(5, low=0, high=10_000, help="Top n-grams per layer to print at the end (0: none)."),
    categorize: bool = typer.Option(
        True,
        help="At the end, categorize the top-gated and random positions with the learned model (what `engram-probe "
        "categorize` does with its defaults), for the app's Categories page.",
    ),
    engine: Literal["local", "ray"] = typer.Option(
        "local", help="local: this process; ray: the forwards in a Ray actor pool (pip install '.[ray]'), the same run directory."
    ),
    address: str | None = typer.Option(
        None,
        help="With --engine ray: a running cluster's head, HOST:PORT or auto (default: start one on this machine, on loopback).",
    ),
    workers: int | None = count_option(
        None, high=MAX_WORKERS, help="With --engine ray: actors, each loading the model once (default 1)."
    ),
    gpus_per_worker: float | None = number_option(
        None, kind=float, low=0, high=MAX_WORKERS, help="With --engine ray: GPUs per actor; the model runs on CUDA when above 0."
    ),
    cpus_per_worker: float | None = number_option(
        None,
        kind=float,
        low=0.01,
        high=MAX_WORKERS,
        help="With --engine ray: CPUs per actor (default: the cluster's, less a quarter for reading, shared out).",
    ),
    staging: Path | None = typer.Option(
        None,
        file_okay=False,
        help="With a URI --out: the local directory the run is written in first (default: one per URI under "
        "~/.cache/engram-probe/staging).",
    ),
) -> None:
    """Probe a corpus: every token's gates per Engram layer and branch, with its n-grams."""
    from engram_model.corpus import ReadReport, iter_documents

    from ..runs.recorder import RecordOptions
    from ..runs.scan import ProbeOptions, probe_corpus, run_manifest
    from ..runs.store import RunError, is_uri, staging_dir

    if staging is not None and not is_uri(out):
        raise typer.BadParameter(
            f"--staging only applies to a URI --out (s3://..., file://...); {out} is a directory already", param_hint="--staging"
        )
    local_out = (staging or staging_dir(out)) if is_uri(out) else Path(out)  # what the summary below reads
    ray_options = {
        "--address": address,
        "--workers": workers,
        "--gpus-per-worker": gpus_per_worker,
        "--cpus-per-worker": cpus_per_worker,
    }
    if engine == "local" and any(value is not None for value in ray_options.values()):
        given = ", ".join(name for name, value in ray_options.items() if value is not None)
        raise typer.BadParameter(f"{given} only apply to --engine ray; add --engine ray or leave them out", param_hint="--engine")
    if engine == "ray" and device != "cpu":
        raise typer.BadParameter(
            f"--device {device} applies to --engine local; with --engine ray, --gpus-per-worker puts the workers on GPUs",
            param_hint="--device",
        )
    lm, described, checkpoint_dir = open_model(model, tokenizer, tier, prefetch, device, dtype)
    if max_tokens is not None and not lm.cfg.engram.max_ngram <= max_tokens <= lm.cfg.max_seq_len:
        raise typer.BadParameter(
            f"max_tokens={max_tokens} must lie in [{lm.cfg.engram.max_ngram}, max_seq_len={lm.cfg.max_seq_len}]: the n-gram "
            "order to the model's context",
            param_hint="--max-tokens",
        )
    corpus_path, split = resolve_corpus(corpus)
    options = ProbeOptions(
        max_tokens=max_tokens,
        batch_size=batch_size,
        shard_tokens=shard_tokens,
        record=RecordOptions(rows=record_rows, logprob=record_logprob, out_norm=record_out_norm),
        categorize=categorize,
        dtype=dtype,
    )
    manifest = run_manifest(lm, described, checkpoint_dir, corpus_path, split, text_field)
    if engine == "ray":  # the workers' device, not this process's
        manifest["device"] = "cuda" if gpus_per_worker else "cpu"
    try:
        if engine == "ray":
            from engram_model.tables import TierOptions

            from ..runs.distributed import CorpusSource, ModelSource, RayEngineError, RayOptions, probe_corpus_on_ray

            tiers = TierOptions(tier, prefetch=prefetch)
            try:  # every node reads these paths: absolute, as the workers start elsewhere
                report = probe_corpus_on_ray(
                    lm,
                    ModelSource(str(Path(checkpoint_dir).resolve()), tokenizer and str(tokenizer.resolve()), tiers),
                    CorpusSource(str(Path(corpus_path).resolve()), text_field, split),
                    out,
                    manifest,
                    options,
                    RayOptions(address, workers or 1, gpus_per_worker or 0.0, cpus_per_worker),
                    limit=limit,
                    staging=staging,
                )
            except RayEngineError as err:  # the cluster, not an option: one line and exit status 1
                typer.echo(f"error: {describe(err)}", err=True)
                raise typer.Exit(1) from err
        else:
            read_report = ReadReport()
            documents = iter_documents(corpus_path, text_field, read_report, split)
            report = probe_corpus(lm, documents, out, manifest, options, limit=limit, read_report=read_report, staging=staging)
    except (RunError, ValueError, OSError) as err:  # OSError: an unreadable corpus, a full disk
        raise typer.BadParameter(str(err)) from err
    session = report["this_session"]
    on = f" on {session['workers']} Ray workers" if engine == "ray" else ""
    console.print(
        f"[bold]{safe(out)}[/]: {report['documents_total']} documents ({session['documents']} new, "
        f"{session['resumed_skip']} already done), "
        f"{session['tokens']:,} tokens at {session['tokens_per_s']:,} tokens/s{on} · model {safe(described)}"
    )
    skipped = {
        k: v
        for k, v in (report["input"] or {}).items()
        if k in ("empty", "binary_files", "non_utf8", "undecodable", "bad_records", "renamed_ids", "cut_documents") and v
    }
    if skipped:
        console.print(f"input skipped, repaired, renamed or cut (see {safe(local_out / 'report.json')}): {safe(skipped)}")
    for repair in session.get("repaired") or ():  # damaged shards this resume removed and probed again
        console.print(f"[yellow]repaired:[/] {safe(repair)}")
    if not report["complete"]:
        console.print(
            f"stopped by --limit {limit} before the end of the corpus; run the same command without --limit to complete it"
        )
    if summary:
        print_top(local_out, n=summary, order=None, layer=None, min_count=3, examples=1)
    if "seconds" in report["categories"]:
        console.print(
            f"categorized in {report['categories']['seconds']:.1f} s: {safe(local_out / 'categories')} "
            f"(`{safe(command_line('engram-probe', 'categorize', local_out))}` prints the enrichment)"
        )
    if is_uri(out):
        console.print(f"copied to {safe(out)}; staged in {safe(local_out)}")
    console.print(f"browse it: [bold]{safe(command_line('engram-probe', 'app', local_out))}[/]")


WHOLE_BRANCH = re.compile(r"[0-9]{1,4}")  # ASCII digits: str.isdigit() also takes "²", which int() refuses


def print_top(run_dir: Path, n: int, order: int | None, layer: int | None, min_count: int, examples: int) -> None:
    from ..runs.aggregate import top_ngrams

    table = top_ngrams(run_dir, layer=layer, order=order, n=n, min_count=min_count, examples=examples)
    if not table.num_rows:
        console.print(why_no_ngrams(run_dir, layer, order, min_count))
        return
    view = Table(title=f"top-gated n-grams (mean gate, at least {min_count} occurrences)")
    for column in ("layer", "order", "n-gram", "count", "mean gate", "in context"):
        view.add_column(column, justify="right" if column in ("count", "mean gate", "layer", "order") else "left")
    for row in table.to_pylist():
        context = Text()
        for i, e in enumerate(row["examples"] or []):
            context.append(" | " if i else "")
            context.append(f"…{one_line(e['left'])[-24:]}")  # cleaned whole, then cut: no sequence's tail shows
            context.append(one_line(e["text"]), style="bold")
            context.append(f"{one_line(e['right'])[:24]}…")
        view.add_row(
            str(row["layer"]),
            str(row["order"]),
            shown(repr(row["ngram"])[1:-1]),
            str(row["count"]),
            f"{row['mean_gate']:.3f}",
            context,
        )
    console.print(view)


def why_no_ngrams(run_dir: Path, layer: int | None, order: int | None, min_count: int) -> str:
    """Why `top_ngrams` found nothing: the layer or order is not in the run's shards (a usage error,
    naming what they hold), or no n-gram occurs --min-count times (a line saying so)."""
    from ..runs.aggregate import ngram_stats

    stats = ngram_stats(run_dir)
    for option, column, given, what in (("--layer", "layer", layer, "Engram layer"), ("--order", "order", order, "n-gram order")):
        held = sorted(set(stats.column(column).to_pylist()))
        if given is not None and given not in held:
            raise typer.BadParameter(
                f"{run_dir}'s shards hold no rows of {what} {given}: they hold {what}s {held}; pass one of those",
                param_hint=option,
            )
    where = "".join(f" {name} {value}" for name, value in (("in layer", layer), ("of order", order)) if value is not None)
    most = max(stats.column("count").to_pylist(), default=0)
    return f"no n-gram{where} occurs at least {min_count} times (the most frequent occurs {most}); lower --min-count"


def one_line(text: str) -> str:
    """Corpus text for a table cell: cleaned, newlines as ⏎."""
    return clean(text).replace("\n", "⏎")


def checked_run(run_dir: Path) -> dict:
    """The manifest of a readable run with committed shards; else a RunError saying what to do."""
    from ..runs.artefacts import check_run

    return check_run(run_dir).manifest


def checked_layer(manifest: dict, layer: int | None) -> int | None:
    layers = manifest["config"]["engram"]["layers"]
    if layer is not None and layer not in layers:
        raise typer.BadParameter(
            f"{layer} is not an Engram layer of this run; its Engram layers are {layers}", param_hint="--layer"
        )
    return layer


def checked_order(manifest: dict, order: int | None) -> int | None:
    max_ngram = manifest["config"]["engram"]["max_ngram"]
    if order is not None and not 2 <= order <= max_ngram:
        raise typer.BadParameter(f"{order}: this run has n-grams of order 2 to {max_ngram}", param_hint="--order")
    return order


def run_path(value: str) -> Path:
    """The parser of a RUN_DIR argument: a run directory on this machine. A URI (s3://..., file:...)
    is refused as given (a Path would drop its slashes), with the local directory to pass instead."""
    from urllib.parse import urlparse

    from ..runs.store import is_uri, staging_dir

    if value.startswith("file:"):
        raise typer.BadParameter(
            f"{value} is a URI; this command reads a run directory on this machine: pass the path it names, "
            f"{urlparse(value).path or '/'}",
            param_hint="RUN_DIR",
        )
    if is_uri(value):
        raise typer.BadParameter(
            f"{value} is a URI; this command reads a run directory on this machine: pass the directory `engram-probe run` "
            f"staged it in here ({staging_dir(value)} unless --staging said otherwise), or a copy of it",
            param_hint="RUN_DIR",
        )
    return Path(value)


RunArgument = typer.Argument(..., parser=run_path, help="A run directory made by `engram-probe run`.")


@app.command()
def top(
    run_dir: Path = RunArgument,
    layer: int | None = count_option(None, low=0, high=MAX_LAYER, help="Only this Engram layer."),
    order: int | None = count_option(None, low=2, high=MAX_ORDER, help="Only n-grams of this order."),
    n: int = count_option(20, help="N-grams per layer and order."),
    min_count: int = count_option(3, help="Ignore n-grams seen fewer times."),
    examples: int = count_option(1, low=0, high=1000, help="Examples in context per n-gram."),
) -> None:
    """The n-grams with the highest mean gate, with examples in context."""
    manifest = checked_run(run_dir)
    layer, order = checked_layer(manifest, layer), checked_order(manifest, order)
    print_top(run_dir, n=n, order=order, layer=layer, min_count=min_count, examples=examples)


# `show`'s bounds: a document id longer than any a corpus reader makes is refused before it reaches
# DuckDB (a 10 MB id ran it out of memory), and a document is drawn SHOW_TOKENS tokens at a time
# (a terminal cannot show a 5 MB document as one styled text, nor a reader read it there)
MAX_DOC_ID = 4096
SHOW_TOKENS = 20_000


@app.command()
def show(
    run_dir: Path = RunArgument,
    doc_id: str = typer.Argument(..., help="The document to show (see `engram-probe export RUN_DIR --table documents`)."),
    layer: int | None = count_option(None, low=0, high=MAX_LAYER, help="Engram layer (default: the first)."),
    branch: str = typer.Option("mean", help="mean, max, or a branch number."),
    start: int = count_option(0, low=0, help="The first token to show (0: the document's first)."),
    limit: int = count_option(SHOW_TOKENS, high=1_000_000, help="Tokens to show from --start."),
) -> None:
    """A document with each token shaded by its gate, --limit tokens from --start."""
    from ..runs.aggregate import document_trace

    if len(doc_id) > MAX_DOC_ID:
        raise typer.BadParameter(
            f"{quoted(doc_id)} is {len(doc_id):,} characters long, past the {MAX_DOC_ID:,} of any document id; "
            f"list the run's ids with `{command_line('engram-probe', 'export', run_dir, '--table', 'documents', '--out', '-')}`",
            param_hint="DOC_ID",
        )
    manifest = checked_run(run_dir)
    layer = manifest["config"]["engram"]["layers"][0] if layer is None else checked_layer(manifest, layer)
    branches = manifest["config"]["hc_streams"]
    if not (branch in ("mean", "max") or WHOLE_BRANCH.fullmatch(branch) and int(branch) < branches):
        raise typer.BadParameter(f"{quoted(branch)}: use mean, max or a branch below {branches}", param_hint="--branch")
    try:
        whole = document_trace(run_dir, doc_id, layer)
    except KeyError as err:
        raise typer.BadParameter(
            f"{err.args[0]}; list its documents with "
            f"`{command_line('engram-probe', 'export', run_dir, '--table', 'documents', '--out', 'documents.csv')}`",
            param_hint="DOC_ID",
        ) from err
    if start and start >= whole.num_rows:
        raise typer.BadParameter(f"{start}: {quoted(doc_id)} has {whole.num_rows:,} tokens", param_hint="--start")
    trace = whole.slice(start, limit).to_pylist()
    values = [row[f"gate_{branch}"] if branch in ("mean", "max") else row["gates"][int(branch)] for row in trace]
    text = Text()
    for token, gate in zip(clean_pieces([row["token"] for row in trace]), values):
        shade = int(255 * (1 - min(max(gate, 0.0), 1.0))) if gate is not None and math.isfinite(gate) else 255
        text.append(token, style=f"black on rgb(255,{shade},{shade})")
    shown_tokens = f"tokens {start:,} to {start + len(trace):,} of {whole.num_rows:,}"
    console.print(f"[bold]{safe(doc_id)}[/] · layer {layer} · gate {branch} (white 0 → red 1) · {shown_tokens}")
    console.print(text)
    if start + len(trace) < whole.num_rows:
        rest = command_line("engram-probe", "show", run_dir, doc_id, "--start", start + len(trace), "--limit", limit)
        console.print(
            f"cut at {len(trace):,} tokens; the next ones: `{safe(rest)}` (or the whole table: "
            f"`{safe(command_line('engram-probe', 'export', run_dir, '--table', 'gates', '--out', 'gates.csv'))}`)"
        )


@app.command()
def export(
    run_dir: Path = RunArgument,
    out: str = typer.Option(..., help="File to write (outside the run directory), or - for standard output."),
    table: Literal["gates", "documents", "ngram_stats", "gate_histogram"] = typer.Option(
        "ngram_stats", help="The table to write."
    ),
    format: Literal["csv", "json"] = typer.Option("csv", help="csv or json (one object per line)."),
    overwrite: bool = typer.Option(False, help="Replace --out if it exists."),
) -> None:
    """Write a run's table to CSV or JSON lines. CSV cells that a spreadsheet would run as a formula
    (text starting with = + - @, a tab or a line break) get a single quote before them; JSON is
    strict, NaN and infinities written as null."""
    from ..runs.exports import STDOUT, export_table

    checked_run(run_dir)
    if out == STDOUT:
        export_table(run_dir, table, sys.stdout.buffer, format)
        sys.stdout.buffer.flush()
        return
    output_target(out, "--out", overwrite=overwrite, make_parents=False, stdout=True)
    export_table(run_dir, table, out, format)
    console.print(f"wrote {safe(out)}")


@app.command()
def categorize(
    run_dir: Path = RunArgument,
    order: int | None = count_option(None, low=2, high=MAX_ORDER, help="N-gram order to categorize (default: the longest)."),
    gate: Literal["mean", "max"] = typer.Option("mean", help="Gate over branches."),
    top_fraction: float = number_option(
        0.01, kind=float, low=0.0, low_open=True, high=1.0, help="Share of each layer's positions that counts as top-gated."
    ),
    n_boot: int = count_option(1000, high=MAX_RESAMPLES, help="Bootstrap resamples for the 95% intervals."),
    seed: int = seed_option(help="Seed of the random sample and the bootstrap."),
    categorizer: Literal["rules", "model"] = typer.Option(
        "model", help="The learned model (the default: other genres and languages, calibrated) or the hand-written rules."
    ),
    min_confidence: float = number_option(
        0.0,
        kind=float,
        low=0.0,
        high=1.0,
        help="With --categorizer model: leave out positions whose label's probability is below this (no corrected "
        "figures then: the error rates were measured over all items).",
    ),
    error_rates: Literal["test", "default_corpus"] = typer.Option(
        "test",
        help="Where the categorizer's error rates that correct the label shares were measured: the frozen test set "
        "(unseen genres and languages) or the default corpus's own labelled items (a run of the default corpus).",
    ),
) -> None:
    """Kinds of text among top-gated positions vs random ones, per layer and domain: raw and corrected for the
    categorizer's errors, with 95% intervals that resample documents."""
    from ..categorize.report import enrichment_report
    from ..categorize.run import categorize_run

    order = checked_order(checked_run(run_dir), order)
    try:
        table = categorize_run(
            run_dir,
            order=order,
            gate=gate,
            top_fraction=top_fraction,
            n_boot=n_boot,
            seed=seed,
            min_confidence=min_confidence,
            categorizer=categorizer,
            error_rates=error_rates,
        )
    except ValueError as err:
        raise typer.BadParameter(str(err)) from err
    console.print(enrichment_report(table, top_fraction))
    console.print(f"tables and figure in {safe(run_dir / 'categories')}")
