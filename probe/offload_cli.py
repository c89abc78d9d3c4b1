"""`engram-probe offload ...`: the offloaded-table benchmark and row-frequency statistics.

Mounted by the main CLI as a sub-app: `app.add_typer(offload_app, name="offload")`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

offload_app = typer.Typer(help="Offloaded Engram tables: benchmark and row statistics.", no_args_is_help=True, add_completion=False)
console = Console()
# torch and the engine are imported inside the commands: `engram-probe --help` needs neither


def output_file(path: Path | None) -> Path | None:
    """An output file option: refused before any work if its folder cannot be made or written."""
    if path is None:
        return None
    folder = path.absolute().parent
    existing = next(p for p in (folder, *folder.parents) if p.exists())
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise typer.BadParameter(f"{path}: cannot write into {existing}; choose a file in a folder you can write")
    return path


@offload_app.command()
def bench(
    quick: bool = typer.Option(False, help="Every tier, reader and cache once on little data: seconds, not ten minutes; too noisy to quote."),
    workdir: Path = typer.Option(
        None, exists=True, file_okay=False, writable=True, help="Where to generate the benchmark checkpoints (default: the system temp dir)."
    ),
    out: Path = typer.Option(
        Path("offload.json"), dir_okay=False, callback=output_file, help="Result JSON; the app reads RUN_DIR/offload/offload.json."
    ),
) -> None:
    """Tiers x prefetch x cache x page cache on the `tiny` model and a generated 4 GiB table."""
    from engram_model.offload_bench import FULL, QUICK, run, summary_lines

    result = run(QUICK if quick else FULL, out, workdir, log=console.print)
    typer.echo("\n".join(summary_lines(result)))  # plain lines: a table this wide must not wrap
    console.print(f"wrote {out} in {result['wall_s']:.0f} s")


def open_for_rows(model: str):
    """A checkpoint's addressing and tokenizer without reading its tables (mmap tier, no
    hashing): row ids depend only on the addressing, never on the weights."""
    from engram_model import load_model
    from engram_model.checkpoint import resolve_checkpoint

    return load_model(resolve_checkpoint(model), tier="mmap", verify=False)


def cache_sizes_option(sizes: str) -> list[int]:
    """--sizes: comma-separated row counts, each at least 1."""
    try:
        cache_sizes = [int(s) for s in sizes.split(",") if s.strip()]
    except ValueError as err:
        raise typer.BadParameter(f"{sizes!r} must be comma-separated row counts, e.g. 256,4096") from err
    if not cache_sizes or min(cache_sizes) < 1:
        raise typer.BadParameter(f"{sizes!r} must be comma-separated row counts of at least 1, e.g. 256,4096")
    return cache_sizes


@offload_app.command()
def rowstats(
    text_file: Path = typer.Argument(..., exists=True, dir_okay=False, help="UTF-8 text to address."),
    model: str = typer.Option("engram", help="Checkpoint directory or bundled name."),
    cache_sizes: str = typer.Option(  # the callback hands the command a list[int]
        "256,1024,4096,16384,65536", "--sizes", callback=cache_sizes_option, help="Cache sizes (rows per layer) for the hit-rate curve."
    ),
    json_out: Path = typer.Option(None, "--json", dir_okay=False, callback=output_file, help="Write the statistics as JSON."),
    hot_rows_out: Path = typer.Option(None, dir_okay=False, callback=output_file, help="Write each layer's hot set (most requested first) as .npz for load_model(hot_rows=...)."),
    capacity: int = typer.Option(65536, min=1, help="Rows per layer kept in --hot-rows-out."),
) -> None:
    """Row-frequency statistics of a text: per hash head (requests, distinct rows, Zipf fit,
    share of the top rows) and per layer the hit rate of a static cache against its size."""
    from engram_model.checkpoint import CheckpointError
    from engram_model.tables import hot_set, row_counts
    from probe.rowstats import head_row_stats, hit_rate_curve, zipf_fit

    try:
        engram_model = open_for_rows(model)
    except (CheckpointError, OSError) as err:  # OSError: a folder that holds no checkpoint files
        raise typer.BadParameter(f"{model} is not a readable checkpoint ({err})", param_hint="--model") from err
    if engram_model.addresser is None or engram_model.tokenizer is None:
        raise typer.BadParameter(f"{model} has no Engram layers or no tokenizer: nothing to count", param_hint="--model")

    try:
        text = text_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise typer.BadParameter(f"{text_file} cannot be read as UTF-8 text ({err}); give a UTF-8 text file", param_hint="TEXT_FILE") from err
    ids = np.array(engram_model.tokenizer.encode(text).ids, dtype=np.int64)
    if not len(ids):
        raise typer.BadParameter(f"{text_file} has no tokens", param_hint="TEXT_FILE")
    compressed = engram_model.compression_lookup.numpy()[ids]
    stream = engram_model.addresser.stream(batch=1)  # one continuous text: n-grams cross chunk edges
    chunks = [stream.rows(compressed[None, i : i + 65536]) for i in range(0, len(compressed), 65536)]
    rows = {layer: np.concatenate([c[layer][0] for c in chunks]) for layer in engram_model.cfg.engram.layers}  # [T, H]

    report = {"model": model, "text": str(text_file), "tokens": int(len(ids)), "layers": {}}
    hot = {}
    for layer, layer_rows in rows.items():
        offsets = engram_model.blocks[layer].engram.offsets.numpy()
        flat, counts = row_counts(layer_rows + offsets)
        hot[str(layer)] = hot_set(flat, counts, capacity)
        fit = zipf_fit(counts)
        report["layers"][str(layer)] = {
            "requests": int(layer_rows.size),
            "unique": int(len(flat)),
            "table_rows": int(engram_model.blocks[layer].engram.table.num_rows),
            "zipf_exponent": fit.exponent,
            "zipf_r2": fit.r2,
            "hit_rate_curve": {str(s): float(r) for s, r in zip(cache_sizes, hit_rate_curve(counts, cache_sizes))},
            "heads": head_row_stats(layer_rows, sizes=tuple(cache_sizes[:3])),
        }
    print_rowstats(report, cache_sizes)
    try:
        if json_out is not None:
            json_out.parent.mkdir(parents=True, exist_ok=True)
            json_out.write_text(json.dumps(report, indent=2) + "\n")
            console.print(f"wrote {json_out}")
        if hot_rows_out is not None:
            hot_rows_out.parent.mkdir(parents=True, exist_ok=True)
            np.savez(hot_rows_out, **hot)
    except OSError as err:
        raise typer.BadParameter(f"cannot write {err.filename}: {err.strerror}; choose a file in a folder you can write") from err
    if hot_rows_out is not None:
        console.print(f"wrote {hot_rows_out}: load_model(..., cache_policy='static', hot_rows={{int(k): v for k, v in np.load(path).items()}})")


def print_rowstats(report: dict, cache_sizes: list[int]) -> None:
    console.print(f"model: {report['model']}  ·  {report['text']}  ·  {report['tokens']} tokens")
    for layer, stats in report["layers"].items():
        curve = Table(title=f"layer {layer}: {stats['unique']} distinct of {stats['requests']} requested rows, "
                      f"Zipf exponent {stats['zipf_exponent']:.2f} (R² {stats['zipf_r2']:.2f})")
        for size in cache_sizes:
            curve.add_column(f"top {size}", justify="right")
        curve.add_row(*(f"{stats['hit_rate_curve'][str(s)]:.3f}" for s in cache_sizes))
        console.print(curve)
        heads = Table(title=f"layer {layer}: per hash head")
        for column in ("head", "requests", "unique", "zipf", "R²", *[f"top {s}" for s in cache_sizes[:3]]):
            heads.add_column(column, justify="right")
        for h in stats["heads"]:
            heads.add_row(
                str(h["head"]), str(h["requests"]), str(h["unique"]), f"{h['zipf_exponent']:.2f}", f"{h['zipf_r2']:.2f}",
                *(f"{h[f'top_{s}_share']:.3f}" for s in cache_sizes[:3]),
            )
        console.print(heads)
