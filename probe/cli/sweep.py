"""`engram-probe sweep ...`: the allocation sweep (train every point, resumable) and its report."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from engram_model._io import write_atomically

sweep_app = typer.Typer(
    help="The allocation sweep: loss against rho at fixed total and active parameters.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


@sweep_app.command()
def run(
    out: Path = typer.Option(
        Path("runs/sweep"), help="Sweep directory: one training run per point; an unfinished sweep there resumes."
    ),
    workers: int = typer.Option(1, min=1, help="Training processes, each pinned to a core of its own (at most one per core)."),
    corpus: str = typer.Option(
        "default", help="default (the default corpus) or a Parquet file with text, domain and split columns."
    ),
) -> None:
    """Train every point of the default plan not yet finished: each rho with seed 0 and the
    capacity retrains, then two more seeds at rho = 1, at the best rho and at 0.2."""
    import os

    from engram_model import load_tokenizer
    from engram_model.checkpoint import DATA_DIR
    from engram_model.corpus import ensure_default_corpus, iter_documents
    from engram_model.sweep import SweepPlan, run_sweep
    from engram_model.train import tokenized_splits

    cores = len(os.sched_getaffinity(0))
    if workers > cores:
        raise typer.BadParameter(
            f"{workers} workers on {cores} core(s): runs are pinned one per core; pass at most {cores}", param_hint="--workers"
        )
    plan = SweepPlan.default()
    path = (
        ensure_default_corpus(lambda: console.print("building the default corpus first")) if corpus == "default" else Path(corpus)
    )
    tokenizer = load_tokenizer(DATA_DIR / "tokenizer.json")
    console.print(f"tokenizing {path.name}")
    streams = tokenized_splits(
        iter_documents(path, split="train"), iter_documents(path, split="validation"), tokenizer, plan.train.seq_len
    )
    points = len(plan.first_pass()) + 3 * (len(plan.seeds) - 1)  # extra seeds at up to three rhos
    console.print(
        f"sweep → {out}: {points} runs of {plan.train.steps} steps x {plan.train.batch_size} x {plan.train.seq_len} tokens, {workers} worker(s)"
    )
    run_sweep(plan, *streams, tokenizer, out, workers=workers)
    console.print(f"done: `engram-probe sweep report --sweep {out}`")


@sweep_app.command()
def report(
    sweep: Path = typer.Option(Path("runs/sweep"), help="The sweep directory `sweep run` wrote."),
    out: Path = typer.Option(Path("benchmarks/results"), help="Where allocation_sweep.{csv,json,svg} go."),
    samples: int = typer.Option(2000, min=100, help="Bootstrap resamples for the optimum's interval."),
) -> None:
    """Loss against rho with seed intervals, the quadratic fit, its optimum's bootstrap interval,
    and the capacity retrains; CSV, JSON and (with kaleido installed) an SVG figure."""
    from engram_model.sweep import sweep_results

    from ..allocation import bootstrap_optimum, loss_by_rho, quadratic_fit, sweep_rows, u_shape

    rows = sweep_results(sweep)
    if not rows:
        raise typer.BadParameter(
            f"{sweep} holds no finished sweep point; run `engram-probe sweep run --out {sweep}` first", param_hint="--sweep"
        )
    points = sweep_rows(rows)
    curve = loss_by_rho(points)
    fit = quadratic_fit([r["rho"] for r in points], [r["loss_overall"] for r in points])
    interval = bootstrap_optimum(points, samples=samples)
    capacity_rhos = {r["rho"] for r in rows if r["rows"] != 1.0}
    domains = sorted(k.removeprefix("loss_") for k in rows[0] if k.startswith("loss_") and k != "loss_overall")
    result = {
        "sweep": str(sweep),
        "points": len(points),
        "curve": curve,
        "fit": fit,
        "optimum_bootstrap": interval,
        "shape": u_shape(curve),
        "by_domain": {d: loss_by_rho(points, f"loss_{d}") for d in domains},
        "capacity": [r for r in rows if r["rho"] in capacity_rhos and r["seed"] == 0],  # the retrains and their full-table point
    }
    out.mkdir(parents=True, exist_ok=True)
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    write_atomically(out / "allocation_sweep.csv", text.getvalue().encode())
    write_atomically(out / "allocation_sweep.json", json.dumps(result, indent=2).encode())
    table = Table("rho", "seeds", "loss (mean)", "95% interval")
    for point in curve:
        low = "" if point["ci_low"] is None else f"{point['ci_low']:.4f}-{point['ci_high']:.4f}"
        table.add_row(f"{point['rho']:.2f}", str(point["seeds"]), f"{point['mean']:.4f}", low)
    console.print(table)
    console.print(
        f"quadratic optimum rho = {fit['optimum']:.3f} ({'inside the range' if fit['optimum_inside'] else 'at an end: no U'}); "
        f"bootstrap 95% {interval['optimum_low']:.3f}-{interval['optimum_high']:.3f}, U in {interval['share_inside']:.0%} of resamples"
    )
    shape = result["shape"]
    console.print(
        f"best rho {shape['best_rho']:.2f}; the lowest rho lies {shape['low_end_excess']:+.4f} and pure MoE "
        f"{shape['high_end_excess']:+.4f} above it (seed sd {shape['seed_sd'] or float('nan'):.4f}): {shape['verdict']}"
    )
    try:
        import kaleido  # noqa: F401  (plotly's static export; uses the installed Chrome or Chromium)
    except ImportError:
        console.print(f"→ {out}/allocation_sweep.csv, .json (pip install kaleido for the SVG figure)")
        return
    from ..plots.allocation import allocation_figure

    allocation_figure(points, curve, fit, interval).write_image(out / "allocation_sweep.svg")
    console.print(f"→ {out}/allocation_sweep.csv, .json, .svg")
