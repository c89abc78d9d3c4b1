"""`engram-probe corpus ...`: build the default corpus and train the bundled tokenizer."""

from __future__ import annotations

import time
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from engram_model.corpus.build import (
    CORPUS_FILE,
    DEFAULT_MAX_MB_PER_SOURCE,
    BuildReport,
    CorpusBuildError,
    build_corpus,
    corpus_cache_dir,
    default_corpus_path,
)
from engram_model.corpus.sources import default_sources, provenance
from engram_model.corpus.tokenizer_training import DEFAULT_TOKENIZER_PATH, DEFAULT_VOCAB_SIZE, train_tokenizer
from engram_model.tokenizer import SPECIAL_TOKENS

from ._common import console, count_option, number_option, output_target, safe, shown

corpus_app = typer.Typer(help="Build the default corpus and train its tokenizer.", no_args_is_help=True, add_completion=False)
MAX_MB = 1_000_000  # a terabyte of text per source
MAX_VOCAB = 2**24  # tokens of a BPE vocabulary


@corpus_app.command()
def build(
    out: Path = typer.Option(None, help=f"Parquet file to write [default: {corpus_cache_dir() / CORPUS_FILE}]."),
    max_mb: float = number_option(
        DEFAULT_MAX_MB_PER_SOURCE, kind=float, low=0, low_open=True, high=MAX_MB, help="Cap per source, in MB of UTF-8 text."
    ),
    report: Path = typer.Option(None, help="Where to write the JSON build report [default: beside the corpus]."),
) -> None:
    """Assemble the default corpus from the installed sources: Parquet plus a JSON report."""
    out = output_target(out or corpus_cache_dir() / CORPUS_FILE, "--out")
    if report is not None:
        output_target(report, "--report")
    sources = default_sources()
    started = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console
    ) as bar:
        task = bar.add_task("sources", total=len(sources))

        def show(source, source_report):
            if source_report is None:
                bar.update(task, description=f"reading {safe(source.name)}")
            else:
                bar.advance(task)

        try:
            built = build_corpus(
                sources, out, max_mb_per_source=max_mb, report_path=report, provenance=provenance(), progress=show
            )
        except CorpusBuildError as err:
            console.print(f"[red]corpus not built[/]: {safe(err)}")
            raise typer.Exit(1) from err
    print_build_report(built)
    console.print(f"wrote {safe(out)} in {time.perf_counter() - started:.1f} s")


@corpus_app.command()
def tokenizer(
    corpus: Path = typer.Option(None, help="Corpus Parquet [default: the built default corpus]."),
    vocab_size: int = count_option(
        DEFAULT_VOCAB_SIZE,
        low=256 + len(SPECIAL_TOKENS),
        high=MAX_VOCAB,
        help="Vocabulary size, special tokens and the 256 bytes included.",
    ),
    out: Path = typer.Option(DEFAULT_TOKENIZER_PATH, help="tokenizer.json to write."),
) -> None:
    """Train the byte-level BPE on the corpus's train split; report bytes/token per domain."""
    output_target(out, "--out")
    try:
        corpus = corpus or default_corpus_path()
        with console.status(f"training a {vocab_size}-token BPE on {safe(corpus)}"):
            trained = train_tokenizer(corpus, vocab_size, out)
    except (FileNotFoundError, ValueError) as err:
        raise typer.BadParameter(str(err), param_hint="--corpus") from err
    table = Table(title=f"{safe(trained.path)}: {trained.vocab_size} tokens, {trained.compressed_vocab_size} after compression")
    table.add_column("domain")
    table.add_column("validation bytes/token", justify="right")
    for domain, ratio in trained.bytes_per_token.items():
        table.add_row(shown(domain), f"{ratio:.3f}")
    console.print(table)
    console.print(f"sha256 {trained.sha256}  ·  trained on {trained.train_documents} documents")


def print_build_report(report: BuildReport) -> None:
    sources = Table(title="sources")
    for column in ("source", "domain", "status", "docs", "MB", "skipped", "left out (cap)"):
        sources.add_column(column, justify="right" if column in ("docs", "MB", "left out (cap)") else "left")
    for source in report.sources:
        skipped = ", ".join(f"{reason} {n}" for reason, n in source.skipped.items() if n) or "-"
        sources.add_row(
            shown(source.name),
            shown(source.domain),
            shown(source.status),
            str(source.documents),
            f"{source.utf8_bytes / 1e6:.2f}",
            shown(skipped),
            str(source.left_out_by_cap),
        )
    console.print(sources)
    domains = Table(title="domains")
    for column in ("domain", "docs", "M chars", "validation docs", "validation M chars"):
        domains.add_column(column, justify="left" if column == "domain" else "right")
    for name, domain in report.domains.items():
        domains.add_row(
            shown(name),
            str(domain.documents),
            f"{domain.characters / 1e6:.2f}",
            str(domain.validation_documents),
            f"{domain.validation_characters / 1e6:.2f}",
        )
    console.print(domains)
    console.print(
        f"{report.documents} documents, {report.characters / 1e6:.1f} M characters  ·  {report.parquet_bytes / 1e6:.1f} MB "
        f"Parquet  ·  sha256 {report.sha256}"
    )
