"""`engram-probe sweep ...`: the allocation sweep (train every point, resumable) and its report."""

from __future__ import annotations

import math
from pathlib import Path

import pyarrow as pa
import typer
from rich.table import Table

from ..runs.exports import write_csv, write_file, write_json
from ._common import (
    MAX_RESAMPLES,
    MAX_SEED,
    MAX_WORKERS,
    command_line,
    console,
    count_option,
    number_option,
    output_target,
    safe,
)

sweep_app = typer.Typer(
    help="The allocation sweep: loss against rho at fixed total and active parameters.",
    no_args_is_help=True,
    add_completion=False,
)


@sweep_app.command()
def run(
    out: Path = typer.Option(
        Path("runs/sweep"), help="Sweep directory: one training run per point; an unfinished sweep there resumes."
    ),
    workers: int = count_option(
        1, high=MAX_WORKERS, help="Training processes, each pinned to a core of its own (at most one per core)."
    ),
    corpus: str = typer.Option(
        "default", help="default (the default corpus) or a Parquet file with text, domain and split columns."
    ),
    rho: list[float] = number_option(
        [], "--rho", kind=float, low=0.0, high=1.0, low_open=True, help="Train this rho (repeat it) at each --seed, not the plan."
    ),
    seed: list[int] = number_option(
        [], "--seed", kind=int, low=0, high=MAX_SEED, help="The seeds of the --rho points (repeat it)."
    ),
) -> None:
    """Train every point of the default plan not yet finished: each rho with seed 0 and the
    capacity retrains, then two more seeds at rho = 1, at the best rho and at 0.8. With --rho
    and --seed, exactly those points (each rho at each seed, full tables) instead; a rho that
    would train the same model as another (experts are whole) is refused."""
    import os

    from engram_model import load_tokenizer
    from engram_model.checkpoint import DATA_DIR
    from engram_model.corpus import ensure_default_corpus, iter_documents
    from engram_model.sweep import SweepPlan, chosen_points, record_plan, run_sweep
    from engram_model.train import tokenized_splits

    output_target(out, "--out", folder=True)
    cores = len(os.sched_getaffinity(0))
    if workers > cores:
        raise typer.BadParameter(
            f"{workers} workers on {cores} core(s): runs are pinned one per core; pass at most {cores}", param_hint="--workers"
        )
    plan = SweepPlan.default()
    if bool(rho) != bool(seed):
        given, missing = ("--rho", "--seed") if rho else ("--seed", "--rho")
        raise typer.BadParameter(f"{given} needs {missing} too: the points are each rho at each seed", param_hint=missing)
    try:
        points = chosen_points(plan, rho, seed) if rho else None
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--rho") from err
    try:
        record_plan(plan, out, points)  # before tokenizing: a directory of other points is refused at once
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--out") from err
    path = (
        ensure_default_corpus(lambda: console.print("building the default corpus first")) if corpus == "default" else Path(corpus)
    )
    tokenizer = load_tokenizer(DATA_DIR / "tokenizer.json")
    console.print(f"tokenizing {safe(path.name)}")
    streams = tokenized_splits(
        iter_documents(path, split="train"), iter_documents(path, split="validation"), tokenizer, plan.train.seq_len
    )
    runs = len(plan.first_pass()) + 3 * (len(plan.seeds) - 1) if points is None else len(points)  # extra seeds at up to 3 rhos
    console.print(
        f"sweep → {safe(out)}: {runs} runs of {plan.train.steps} steps x {plan.train.batch_size} x {plan.train.seq_len} "
        f"tokens, {workers} worker(s)"
    )
    run_sweep(plan, *streams, tokenizer, out, workers=workers, points=points)
    console.print(f"done: `{safe(command_line('engram-probe', 'sweep', 'report', '--sweep', out))}`")


@sweep_app.command()
def report(
    sweep: Path = typer.Option(Path("runs/sweep"), help="The sweep directory `sweep run` wrote."),
    out: Path = typer.Option(Path("benchmarks/results"), help="Where allocation_sweep.{csv,json,svg} go."),
    samples: int = count_option(2000, low=100, high=MAX_RESAMPLES, help="Bootstrap resamples for the optimum's interval."),
    earlier: list[Path] = typer.Option(
        [],
        "--with",
        help="An earlier report's allocation_sweep.csv whose points join the directory's (repeat it); a point twice or "
        "another plan's point is refused.",
    ),
) -> None:
    """Loss against rho with seed intervals, the quadratic fit, its optimum's bootstrap interval,
    each rho paired seed by seed with the best, the argmin's bootstrap over seeds, whether the
    minimum is bracketed, and the capacity retrains; CSV, JSON and (with kaleido installed) an SVG
    figure. A sweep of fewer than 3 rho values is refused; a fit that is not finite (a point whose
    loss is NaN) is reported as one that cannot be made, never as an optimum."""
    output_target(out, "--out", folder=True)
    for name in ("allocation_sweep.csv", "allocation_sweep.json", "allocation_sweep.svg"):
        output_target(out / name, "--out")
    from engram_model.sweep import Point, SweepError, merge_results, read_results_csv, sweep_results

    from ..analyses.allocation import bootstrap_argmin, bracket, loss_by_rho, paired_to_best, sweep_rows, u_shape

    try:
        rows = sweep_results(sweep)
    except SweepError as err:
        raise typer.BadParameter(str(err), param_hint="--sweep") from err
    finish = command_line("engram-probe", "sweep", "run", "--out", sweep)
    if not rows:
        raise typer.BadParameter(f"{sweep} holds no finished sweep point; run `{finish}` first", param_hint="--sweep")
    try:
        named = [(str(sweep / Point(r["rho"], r["seed"], r["rows"]).name), r) for r in rows]
        rows = merge_results(named + [row for path in earlier for row in read_results_csv(path)])
    except SweepError as err:
        raise typer.BadParameter(str(err), param_hint="--with") from err
    points = sweep_rows(rows)
    rhos = sorted({r["rho"] for r in points})
    if len(rhos) < 3:
        raise typer.BadParameter(
            f"{sweep}{' with --with' if earlier else ''} has finished points at {len(rhos)} rho value(s) {rhos}; the quadratic "
            "fit needs at least 3: run "
            f"`{finish}` to finish the sweep",
            param_hint="--sweep",
        )
    curve = loss_by_rho(points)
    fit, interval, unfitted = fit_optimum(points, samples)
    finite_curve = all(math.isfinite(point["mean"]) for point in curve)
    paired = paired_to_best(points) if finite_curve else None
    argmin = bootstrap_argmin(points, samples=samples) if finite_curve else None
    capacity_rhos = {r["rho"] for r in rows if r["rows"] != 1.0}
    domains = sorted(k.removeprefix("loss_") for k in rows[0] if k.startswith("loss_") and k != "loss_overall")
    result = {
        "sweep": str(sweep),
        "merged": [str(path) for path in earlier],  # earlier reports' CSVs whose points joined the directory's
        "points": len(points),
        "curve": curve,
        "fit": fit,  # null when it cannot be fitted: see "unfitted"
        "optimum_bootstrap": interval,
        "unfitted": unfitted,
        "shape": u_shape(curve) if finite_curve else None,
        "paired": paired,  # these three are null while a rho's mean loss is not finite
        "argmin_bootstrap": argmin,
        "bracket": bracket(paired, argmin) if finite_curve else None,
        "by_domain": {d: loss_by_rho(points, f"loss_{d}") for d in domains},
        "capacity": [r for r in rows if r["rho"] in capacity_rhos and r["seed"] == 0],  # the retrains and their full-table point
    }
    table = pa.Table.from_pylist(rows)
    write_file(out / "allocation_sweep.csv", lambda file: write_csv(table.to_batches(), table.schema, file))
    write_json(out / "allocation_sweep.json", result)  # a diverged point's NaN loss is null: strict JSON
    print_report(result)
    try:
        import kaleido  # noqa: F401  (plotly's static export; uses the installed Chrome or Chromium)
    except ImportError:
        console.print(f"→ {safe(out)}/allocation_sweep.csv, .json (pip install kaleido for the SVG figure)")
        return
    if fit is None or interval is None:
        console.print(f"→ {safe(out)}/allocation_sweep.csv, .json (no SVG figure without a fit and its interval)")
        return
    from ..plots.allocation import allocation_figure

    write_file(out / "allocation_sweep.svg", allocation_figure(points, curve, fit, interval).to_image(format="svg"))
    console.print(f"→ {safe(out)}/allocation_sweep.csv, .json, .svg")


def print_report(result: dict) -> None:
    """The console table (per rho: seeds, mean and interval, paired difference to the best, share
    of argmin resamples) and the lines of the fit, the shape and the bracket."""
    paired = {row["rho"]: row for row in result["paired"]["rows"]} if result["paired"] else {}
    shares = {row["rho"]: row["share"] for row in result["argmin_bootstrap"]["share"]} if result["argmin_bootstrap"] else {}
    best = result["paired"]["best_rho"] if result["paired"] else None
    table = Table("rho", "seeds", "loss (mean)", "95% interval", "minus best, paired (seeds)", "paired 95%", "argmin share")
    for point in result["curve"]:
        if not math.isfinite(point["mean"]):
            mean, low = "n/a: not finite", "n/a"
        else:
            mean = f"{point['mean']:.4f}"
            low = "n/a: one seed" if point["ci_low"] is None else f"{point['ci_low']:.4f}-{point['ci_high']:.4f}"
        pair = paired.get(point["rho"])
        if point["rho"] == best:
            difference, spread = "best", ""
        elif pair is None:
            difference, spread = "n/a", "n/a"
        elif pair["mean"] is None:
            difference, spread = "n/a: no shared seed", "n/a"
        else:
            difference = f"{pair['mean']:+.4f} ({pair['seeds']})"
            spread = "n/a: one seed" if pair["ci_low"] is None else f"{pair['ci_low']:+.4f} to {pair['ci_high']:+.4f}"
        share = f"{shares[point['rho']]:.0%}" if point["rho"] in shares else "n/a"
        table.add_row(f"{point['rho']:.2f}", str(point["seeds"]), mean, low, difference, spread, share)
    console.print(table)
    fit, interval, unfitted = result["fit"], result["optimum_bootstrap"], result["unfitted"]
    if fit is None:
        console.print(f"quadratic optimum: cannot be fitted ({safe(unfitted)})")
    else:
        where = "inside the range" if fit["optimum_inside"] else "at an end: no U"
        spread = (
            f"no bootstrap interval ({safe(unfitted)})"
            if interval is None
            else f"bootstrap 95% {interval['optimum_low']:.3f}-{interval['optimum_high']:.3f}, "
            f"U in {interval['share_inside']:.0%} of resamples"
        )
        console.print(f"quadratic optimum rho = {fit['optimum']:.3f} ({where}); {spread}")
    shape = result["shape"]
    if shape is None:
        console.print("shape and bracket: cannot be judged while a rho's mean loss is not finite")
        return
    sd = "n/a: no rho has two seeds" if shape["seed_sd"] is None else f"{shape['seed_sd']:.4f}"
    console.print(
        f"best rho {shape['best_rho']:.2f}; the lowest rho lies {shape['low_end_excess']:+.4f} and pure MoE "
        f"{shape['high_end_excess']:+.4f} above it (seed sd {sd}): {shape['verdict']}"
    )
    argmin = result["argmin_bootstrap"]
    console.print(
        f"argmin over {argmin['samples']} seed resamples: 95% rho {argmin['argmin_low']:g}-{argmin['argmin_high']:g}, "
        f"at the lowest rho tried in {argmin['share'][0]['share']:.0%}"
    )
    console.print(f"bracket: {result['bracket']['verdict']}")


def fit_optimum(points: list[dict], samples: int) -> tuple[dict | None, dict | None, str | None]:
    """(fit, bootstrap interval of its optimum, why either is missing): the quadratic fit of
    loss against rho and its bootstrap, or None with the reason where they cannot be computed
    (a point whose loss is not finite, a fit or resamples that come out NaN)."""
    import numpy as np

    from ..analyses.allocation import bootstrap_optimum, quadratic_fit

    diverged = [f"rho {r['rho']:g} seed {r['seed']}" for r in points if not math.isfinite(r["loss_overall"])]
    if diverged:
        return None, None, f"the validation loss of {', '.join(diverged)} is not finite; retrain those points"
    try:
        fit = quadratic_fit([r["rho"] for r in points], [r["loss_overall"] for r in points])
    except (ValueError, np.linalg.LinAlgError) as err:
        return None, None, f"the least-squares fit failed: {err}"
    if not all(math.isfinite(v) for v in (*fit["coefficients"], fit["optimum"], fit["loss_at_optimum"])):
        return None, None, "the least-squares fit is not finite"
    try:
        interval = bootstrap_optimum(points, samples=samples)
    except (ValueError, IndexError, np.linalg.LinAlgError):  # IndexError: no resample had 3 distinct rho
        return fit, None, "no resample of the points had 3 distinct rho values"
    if not interval["samples"] or not all(math.isfinite(v) for v in interval.values()):
        return fit, None, "the bootstrap's optima are not finite"
    return fit, interval, None
