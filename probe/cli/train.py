"""`engram-probe train`: train (or resume) a named recipe or a config on a Parquet corpus."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from engram_model import ModelConfig, load_tokenizer
from engram_model.checkpoint import DATA_DIR, CheckpointError, check_replaceable, copy_checkpoint
from engram_model.config import ConfigError
from engram_model.corpus import ensure_default_corpus, iter_documents
from engram_model.sweep import scale_tables
from engram_model.train import RECIPES, TrainingError, train

from ._common import MAX_SEED, MAX_WORKERS, console, count_option, number_option, output_target, quoted, safe

MAX_TABLE_SCALE = 1000  # --table-rows: a thousand times the recipe's rows is past any table that trains here


def train_command(
    recipe: str = typer.Option("engram", help=f"Named recipe: {', '.join(RECIPES)} (the bundled checkpoints)."),
    out: Path = typer.Option(None, help="Run directory (default: runs/train-RECIPE); an unfinished run there resumes."),
    corpus: str = typer.Option(
        "default", help="default (the default corpus) or a Parquet file with text, domain and split columns."
    ),
    tokenizer: Path = typer.Option(DATA_DIR / "tokenizer.json", help="tokenizer.json (byte-level BPE) the model uses."),
    model_config: Path | None = typer.Option(None, help="A ModelConfig JSON that replaces the recipe's model."),
    tokens: int | None = count_option(None, help="Training budget in tokens (default: the recipe's)."),
    seed: int | None = count_option(
        None, low=0, high=MAX_SEED, help="Seed for initialisation and batch order (default: the recipe's)."
    ),
    table_rows: float | None = number_option(
        None,
        kind=float,
        low=0.0,
        high=MAX_TABLE_SCALE,
        help="Each Engram order's table rows times this (0: the fewest the addressing allows, 2-19 rows a head), "
        "e.g. 0.01 to ask how much the tables' capacity matters.",
    ),
    threads: int | None = count_option(None, low=0, high=MAX_WORKERS, help="torch CPU threads (0: torch's default)."),
    export: Path | None = typer.Option(None, help="Also copy the final checkpoint here (e.g. data/checkpoints/engram)."),
) -> None:
    """Train with the spec's optimiser rules; checkpoints every few steps and resumes after a kill."""
    if recipe not in RECIPES:
        raise typer.BadParameter(f"unknown recipe {quoted(recipe)}; choose one of {list(RECIPES)}", param_hint="--recipe")
    overrides = {k: v for k, v in {"tokens": tokens, "seed": seed, "threads": threads}.items() if v is not None}
    try:
        if model_config is not None:
            overrides["model"] = ModelConfig.from_json(model_config)
        cfg = dataclasses.replace(RECIPES[recipe], **overrides)
        if table_rows is not None:
            if cfg.model.engram is None:
                source = model_config or f"the {recipe} recipe"
                raise ConfigError(f"--table-rows scales Engram tables, and the model of {source} has none")
            cfg = dataclasses.replace(cfg, model=scale_tables(cfg.model, table_rows))
    except (ConfigError, TrainingError, OSError) as err:
        raise typer.BadParameter(str(err)) from err
    out = output_target(out or Path("runs") / f"train-{recipe}", "--out", folder=True)
    if export is not None:  # checked before training: a bad --export must not surface after hours of it
        output_target(export, "--export", folder=True, owns="checkpoint")
        try:
            check_replaceable(export, protected=[out])
        except CheckpointError as err:
            raise typer.BadParameter(str(err), param_hint="--export") from err
    corpus_path = (
        ensure_default_corpus(lambda: console.print("building the default corpus first")) if corpus == "default" else Path(corpus)
    )
    if corpus_path.suffix != ".parquet" or not corpus_path.is_file():
        raise typer.BadParameter(
            f"{corpus} is not a Parquet corpus: pass default or a .parquet with a split column", param_hint="--corpus"
        )
    _check_training_corpus(corpus_path)
    try:
        tok = load_tokenizer(tokenizer)
    except (OSError, ValueError) as err:
        raise typer.BadParameter(str(err), param_hint="--tokenizer") from err

    console.print(f"recipe [bold]{safe(recipe)}[/]: {cfg.steps} steps of {cfg.batch_size} x {cfg.seq_len} tokens → {safe(out)}")
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[status]}"))
    with Progress(*columns, TimeElapsedColumn(), TimeRemainingColumn(), console=console) as bar:
        task = bar.add_task("training", total=cfg.steps, status="tokenizing")

        def show(row: dict) -> None:
            status = f"loss {row['loss']:.3f} · {row['tokens_per_s']:,.0f} tok/s"
            bar.update(task, completed=row["step"], status=status)

        try:
            summary = train(
                cfg,
                iter_documents(corpus_path, split="train"),
                iter_documents(corpus_path, split="validation"),
                tok,
                out,
                recipe=recipe,
                on_step=show,
            )
        except TrainingError as err:
            raise typer.BadParameter(str(err)) from err
    validation = summary["validation"]
    per_domain = ", ".join(f"{safe(k)} {v:.3f}" for k, v in validation.items() if k not in ("overall", "tokens"))
    console.print(
        f"validation loss {validation['overall']:.4f} over {validation['tokens']:,} tokens ({per_domain}); "
        f"{summary['tokens']:,} tokens in {summary['wall_time_s'] / 60:.1f} min; {summary['training_flops']:.3g} FLOPs"
    )
    console.print(f"summary → {safe(out / 'summary.json')}")
    if export is not None:
        try:
            copy_checkpoint(out / "final", export, protected=[out])
        except (CheckpointError, OSError) as err:
            console.print(
                f"[red]the model is trained ({safe(out / 'final')}), but exporting it to {safe(export)} failed:[/] {safe(err)}"
            )
            raise typer.Exit(1) from err
        console.print(f"checkpoint → {safe(export)}")


def _check_training_corpus(path: Path) -> None:
    """The columns training reads, checked before anything is tokenized or written."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        schema = pq.read_schema(path)
    except (pa.ArrowException, OSError) as err:
        raise typer.BadParameter(f"{path} is not a readable Parquet file ({err})", param_hint="--corpus") from err
    for column in ("text", "split"):
        if column not in schema.names:
            raise typer.BadParameter(
                f"{path} has no {column!r} column (its columns: {', '.join(schema.names)}); "
                "a training corpus has text and split columns, as `engram-probe corpus build` writes",
                param_hint="--corpus",
            )
        kind = schema.field(column).type
        if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
            raise typer.BadParameter(
                f"{path}: column {column!r} holds {kind}, not text; training reads strings", param_hint="--corpus"
            )
