"""`engram-probe offload ...`: the offloaded-table benchmark and row-frequency statistics.

Mounted by the main CLI as a sub-app: `app.add_typer(offload_app, name="offload")`.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

from engram_model import EngramLM, load_model
from engram_model.checkpoint import CheckpointError, resolve_checkpoint
from engram_model.tables import head_row_stats, hit_rate_curve, hot_set, row_counts, zipf_fit

offload_app = typer.Typer(help="Offloaded Engram tables: benchmark and row statistics.", no_args_is_help=True, add_completion=False)
console = Console()
BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_offload.py"


@offload_app.command()
def bench(
    quick: bool = typer.Option(False, help="A 0.6 GiB large table and fewer batches (a few minutes instead of about ten)."),
    workdir: Path = typer.Option(None, help="Where to generate the benchmark checkpoints (default: the system temp dir)."),
    out: Path = typer.Option(None, help="Result JSON (default: benchmarks/results/offload.json)."),
) -> None:
    """Tiers x prefetch x cache x page cache on the `tiny` model and a generated 4 GiB table."""
    if not BENCHMARK.is_file():
        raise typer.BadParameter(f"{BENCHMARK} is missing: the benchmark runs from a source checkout (pip install -e .)")
    spec = importlib.util.spec_from_file_location("bench_offload", BENCHMARK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.run(quick, workdir, out or module.RESULTS)
    module.print_table(result)
    console.print(f"wrote {out or module.RESULTS} in {result['wall_s']:.0f} s")


def open_for_rows(model: str) -> tuple[EngramLM, str]:
    """A checkpoint's addressing and tokenizer without reading its tables (mmap tier, no
    hashing): row ids depend only on the addressing, never on the weights."""
    return load_model(resolve_checkpoint(model), tier="mmap", verify=False), model


@offload_app.command()
def rowstats(
    text_file: Path = typer.Argument(..., exists=True, dir_okay=False, help="UTF-8 text to address."),
    model: str = typer.Option("engram", help="Checkpoint directory or bundled name."),
    sizes: str = typer.Option("256,1024,4096,16384,65536", help="Cache sizes (rows per layer) for the hit-rate curve."),
    json_out: Path = typer.Option(None, "--json", help="Write the statistics as JSON."),
    hot_rows_out: Path = typer.Option(None, help="Write each layer's hot set (most requested first) as .npz for load_model(hot_rows=...)."),
    capacity: int = typer.Option(65536, help="Rows per layer kept in --hot-rows-out."),
) -> None:
    """Row-frequency statistics of a text: per hash head (requests, distinct rows, Zipf fit,
    share of the top rows) and per layer the hit rate of a static cache against its size."""
    try:
        engram_model, name = open_for_rows(model)
    except CheckpointError as err:
        raise typer.BadParameter(str(err), param_hint="--model") from err
    if engram_model.addresser is None or engram_model.tokenizer is None:
        raise typer.BadParameter(f"{name} has no Engram layers or no tokenizer: nothing to count", param_hint="--model")
    try:
        cache_sizes = [int(s) for s in sizes.split(",") if s.strip()]
    except ValueError as err:
        raise typer.BadParameter(f"--sizes {sizes!r} must be comma-separated row counts", param_hint="--sizes") from err

    ids = np.array(engram_model.tokenizer.encode(text_file.read_text(encoding="utf-8")).ids, dtype=np.int64)
    if not len(ids):
        raise typer.BadParameter(f"{text_file} has no tokens", param_hint="TEXT_FILE")
    compressed = engram_model.compression_lookup.numpy()[ids]
    stream = engram_model.addresser.stream(batch=1)  # one continuous text: n-grams cross chunk edges
    chunks = [stream.rows(compressed[None, i : i + 65536]) for i in range(0, len(compressed), 65536)]
    rows = {layer: np.concatenate([c[layer][0] for c in chunks]) for layer in engram_model.cfg.engram.layers}  # [T, H]

    report = {"model": name, "text": str(text_file), "tokens": int(len(ids)), "layers": {}}
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
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=2) + "\n")
        console.print(f"wrote {json_out}")
    if hot_rows_out is not None:
        np.savez(hot_rows_out, **hot)
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
