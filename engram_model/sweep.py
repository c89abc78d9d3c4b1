"""The allocation sweep of the Engram paper at our scale: with total and activated parameters
fixed, vary rho, the share of the sparse budget held by routed experts, the rest by Engram
table rows; rho = 1 is pure MoE.

    plan = SweepPlan.default()
    run_sweep(plan, train_stream, validation, tokenizer, "runs/sweep", workers=2)
    table = sweep_results("runs/sweep")           # one row per finished (rho, seed)
    points = chosen_points(plan, [0.05, 0.1], [0, 1, 2])   # or exactly these points, checked
    run_sweep(plan, train_stream, validation, tokenizer, "runs/sweep-low", points=points)
    table = merge_results(...)                    # with an earlier report's rows, checked

The sparse budget is every parameter a token does not use: the unchosen routed experts and the
table rows. A point's run directory is `rho-0.600-seed-0/`, an ordinary training run, so a
sweep killed at any point resumes where it stopped. Points are claimed with a lock file, so
workers (one process per core, pinned) never train the same point twice.
"""

from __future__ import annotations

import csv
import dataclasses
import fcntl
import json
import math
import multiprocessing
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer

from .config import EngramConfig, ModelConfig, MoEConfig
from .files import remove_leftovers, write_atomically
from .train import TrainConfig, train_on_streams, without_engram

LOCKS = ".locks"
RHO_DECIMALS = 3  # Point.name writes rho to 3 decimals: a finer rho would be read back as another
NUMBER = r"[0-9]+(?:\.[0-9]*)?(?:e-?[0-9]+)?"  # how Point.name writes rho and the rows fraction


class SweepError(ValueError):
    """A sweep directory that cannot be reported on; the message names the file and what to do."""


def allocate(base: ModelConfig, rho: float, sparse_params: int) -> ModelConfig:
    """`base` with `rho * sparse_params` in unchosen routed experts and the rest in table rows
    (rounded to whole experts and to the tables' primes). At rho = 1 the Engram modules go and
    their projections widen the dense FFN, as `train.matched_baseline` does, so every point has
    the same activated parameters."""
    if not 0.0 < rho <= 1.0:
        raise ValueError(f"rho={rho} must be in (0, 1]; rho = 0 would leave no routed expert to choose")
    if base.moe is None or base.engram is None:
        raise ValueError("the sweep's base config needs both an MoE and Engram layers")
    moe_layers = sum(base.is_moe_layer(layer) for layer in range(base.n_layers))
    per_expert = 3 * base.d_model * base.moe.d_expert
    extra_experts = round(rho * sparse_params / (per_expert * moe_layers))
    if rho == 1.0:
        return without_engram(base, base.moe.top_k + extra_experts)
    moe = dataclasses.replace(base.moe, n_routed=base.moe.top_k + extra_experts)
    left = sparse_params - extra_experts * per_expert * moe_layers
    engram = base.engram
    heads = len(engram.layers) * (engram.max_ngram - 1) * engram.heads_per_order
    rows = max(2, round(left / (heads * engram.head_dim)))
    engram = dataclasses.replace(engram, table_base_sizes=(rows,) * (engram.max_ngram - 1))
    return dataclasses.replace(base, moe=moe, engram=engram)


def scale_tables(cfg: ModelConfig, fraction: float) -> ModelConfig:
    """The same model with each order's base row count times `fraction`; 0 asks for the
    smallest tables the addressing allows (each head takes the next free prime from 2 up, so
    2-19 rows a head), the nearest we come to "a table of capacity 1"."""
    bases = tuple(max(2, round(b * fraction)) for b in cfg.engram.table_base_sizes)
    return dataclasses.replace(cfg, engram=dataclasses.replace(cfg.engram, table_base_sizes=bases))


# The sweep's own small model: a quarter of `tiny`'s width-squared, one Engram layer, one
# stream, so one point trains in minutes on one core.
SWEEP_BASE = ModelConfig(
    vocab_size=8192,
    d_model=64,
    n_layers=4,
    n_heads=2,
    n_kv_heads=1,
    d_ff=256,
    moe=MoEConfig(n_routed=2, top_k=1, d_expert=128, n_shared=1),
    first_dense_layers=1,
    max_seq_len=256,
    tie_embeddings=True,
    engram=EngramConfig(
        layers=(1,),
        compressed_vocab_size=8192,
        table_base_sizes=(2, 2),
        max_ngram=3,
        heads_per_order=4,
        head_dim=16,
        conv_zero_init=True,
    ),
)


@dataclass(frozen=True)
class Point:
    rho: float
    seed: int
    rows: float = 1.0  # the tables' row counts as a fraction of the allocation's

    @property
    def name(self) -> str:
        """The point's run directory: `rho-0.650-seed-0`, `rho-0.500-seed-0-rows-0.01`."""
        return f"rho-{self.rho:.3f}-seed-{self.seed}" + (f"-rows-{self.rows:g}" if self.rows != 1.0 else "")

    @classmethod
    def from_name(cls, name: str) -> Point:
        match = re.fullmatch(rf"rho-({NUMBER})-seed-(\d+)(?:-rows-({NUMBER}))?", name)
        if match is None:
            raise ValueError(f"{name!r} is not a sweep point's directory name (rho-R-seed-S[-rows-F])")
        return cls(float(match[1]), int(match[2]), float(match[3]) if match[3] else 1.0)


@dataclass(frozen=True)
class SweepPlan:
    base: ModelConfig
    sparse_params: int
    rhos: tuple[float, ...]
    train: TrainConfig  # its model is replaced per point
    seeds: tuple[int, ...] = (0, 1, 2)  # at rho = 1, at the best rho and at `also_seeded`
    also_seeded: float = 0.8  # the paper's optimum
    # "Does Engram memorise?": the point at `capacity_rho` retrained with each order's rows
    # times these fractions (0: one row, as small as the addressing allows)
    capacity_rho: float = 0.5
    capacity_fractions: tuple[float, ...] = (0.0, 0.01)

    @classmethod
    def default(cls) -> SweepPlan:
        train = TrainConfig(
            model=SWEEP_BASE,
            tokens=250 * 16 * 256,
            seq_len=256,
            batch_size=16,
            lr=3e-3,
            warmup_steps=30,
            eval_every=10**9,
            checkpoint_every=50,
            threads=1,
        )
        rhos = (0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 1.0)
        return cls(base=SWEEP_BASE, sparse_params=20 * 3 * 3 * 64 * 128, rhos=rhos, train=train)

    def point_config(self, point: Point) -> TrainConfig:
        model = allocate(self.base, point.rho, self.sparse_params)
        if point.rows != 1.0:
            model = scale_tables(model, point.rows)
        return dataclasses.replace(self.train, model=model, seed=point.seed)

    def first_pass(self) -> list[Point]:
        sweep = [Point(rho, self.seeds[0]) for rho in self.rhos]
        return sweep + [Point(self.capacity_rho, self.seeds[0], rows) for rows in self.capacity_fractions]

    def seeded_points(self, first_losses: dict[float, float]) -> list[Point]:
        """The extra seeds, once the first pass says which rho is best."""
        best = min(first_losses, key=first_losses.get)
        chosen = dict.fromkeys([1.0, best, self.also_seeded])  # ordered, without repeats
        return [Point(rho, seed) for rho in chosen for seed in self.seeds[1:]]


def _summary(out_dir: Path, point: Point) -> dict | None:
    path = out_dir / point.name / "summary.json"
    return json.loads(path.read_text()) if path.is_file() else None


def _train_point(plan: SweepPlan, point: Point, streams, tokenizer: Tokenizer, out_dir: Path) -> None:
    """Train one point unless it is done or another worker holds it."""
    (out_dir / LOCKS).mkdir(parents=True, exist_ok=True)
    with open(out_dir / LOCKS / f"{point.name}.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # released by the kernel if we die
        except BlockingIOError:
            return
        if _summary(out_dir, point) is None:
            train_stream, validation = streams
            train_on_streams(
                plan.point_config(point), train_stream, validation, tokenizer, out_dir / point.name, recipe=f"sweep {point.name}"
            )


def _worker(core: int | None, plan: SweepPlan, points: list[Point], streams, tokenizer, out_dir: Path) -> None:
    if core is not None:
        os.sched_setaffinity(0, {core})
        torch.set_num_threads(1)  # on one core, more threads only wait for each other (a plan's own threads still win)
    for point in points:
        _train_point(plan, point, streams, tokenizer, out_dir)


def _run_pass(plan: SweepPlan, points: list[Point], streams, tokenizer, out_dir: Path, workers: int) -> None:
    """Each worker takes its share of the points first, then any left, so one that finishes
    early helps the others; a worker is pinned to a core of its own."""
    if workers == 1:
        _worker(None, plan, points, streams, tokenizer, out_dir)
        return
    cores = sorted(os.sched_getaffinity(0))
    # spawn, not fork: a child forked after torch has run a parallel region inherits OpenMP's
    # state without its threads and hangs in its first matmul (seen in the sweep test)
    context = multiprocessing.get_context("spawn")
    processes = [
        context.Process(
            target=_worker, args=(cores[i % len(cores)], plan, points[i::workers] + points, streams, tokenizer, out_dir)
        )
        for i in range(workers)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join()
    failed = [p.exitcode for p in processes if p.exitcode != 0]
    if failed:
        raise RuntimeError(f"{len(failed)} sweep worker(s) failed (exit codes {failed}); run the sweep again to resume")


def run_sweep(
    plan: SweepPlan,
    train_stream: np.ndarray,
    validation: dict,
    tokenizer: Tokenizer,
    out_dir: str | Path,
    workers: int = 1,
    points: list[Point] | None = None,
) -> None:
    """Train every point not yet finished: the first pass (the rhos and the capacity points),
    then the extra seeds at the rhos the first pass picks; or, given `points` (`chosen_points`),
    exactly those."""
    out_dir = Path(out_dir)
    record_plan(plan, out_dir, points)
    streams = (train_stream, validation)
    first = plan.first_pass() if points is None else points
    _run_pass(plan, first, streams, tokenizer, out_dir, workers)
    done = {point: _summary(out_dir, point) for point in first if point.rows == 1.0}
    unfinished = [point.rho if points is None else point.name for point, summary in done.items() if summary is None]
    if unfinished:
        which = "the first pass's points at rho" if points is None else "the points"
        raise RuntimeError(f"{which} {unfinished} are unfinished in {out_dir} (another sweep process holds them?); run again")
    if points is None:
        losses = {point.rho: summary["validation"]["overall"] for point, summary in done.items()}
        _run_pass(plan, plan.seeded_points(losses), streams, tokenizer, out_dir, workers)


def chosen_points(plan: SweepPlan, rhos: list[float], seeds: list[int]) -> list[Point]:
    """Each rho at each seed with full tables, in place of the plan's own points; rhos that would
    not each train a model of their own are refused (`check_rhos`)."""
    if not rhos or not seeds:
        raise ValueError(f"chosen points need at least one rho and one seed, got rho {rhos} and seed {seeds}")
    if any(seed < 0 for seed in seeds):
        raise ValueError(f"seed {min(seeds)} is negative; seeds are whole numbers from 0")
    check_rhos(plan, rhos)
    return [Point(rho, seed) for rho in sorted(set(rhos)) for seed in sorted(set(seeds))]


def check_rhos(plan: SweepPlan, rhos: list[float]) -> None:
    """Refuse a rho outside (0, 1], finer than the directory names' 3 decimals, one that leaves no
    routed expert beyond the chosen ones (experts are whole, so a small rho rounds to none), or one
    whose model equals another asked-for or planned rho's; each error names the smallest rho that
    gives a model of its own."""
    models = {}
    for rho in sorted(set(plan.rhos) | set(rhos)):  # the plan's rhos: the points reported next to these
        if not 0 < rho <= 1:
            raise ValueError(f"rho {rho:g} must be in (0, 1]: the share of the sparse budget in routed experts")
        if round(rho, RHO_DECIMALS) != rho:
            raise ValueError(f"rho {rho!r}: a point's directory names rho to {RHO_DECIMALS} decimals; pass {round(rho, 3):g}")
        models[rho] = allocate(plan.base, rho, plan.sparse_params)
    grid = [k / 10**RHO_DECIMALS for k in range(1, 10**RHO_DECIMALS + 1)]
    for rho in sorted(rhos):
        model = models[rho]
        if model.moe.n_routed == plan.base.moe.top_k:
            smallest = next(r for r in grid if allocate(plan.base, r, plan.sparse_params).moe.n_routed > plan.base.moe.top_k)
            raise ValueError(
                f"rho {rho:g} rounds to no routed expert beyond the top-{plan.base.moe.top_k} chosen ones (experts are whole): "
                f"the smallest rho that gives a distinct model is {smallest:g}"
            )
        same = [other for other in models if other != rho and models[other] == model]
        if same:
            above = max(rho, *same)
            distinct = next((r for r in grid if r > above and allocate(plan.base, r, plan.sparse_params) != model), None)
            raise ValueError(
                f"rho {rho:g} gives the same model as rho {same[0]:g} ({model.moe.n_routed} routed experts; experts are whole): "
                f"keep one of them; the smallest rho above {above:g} that gives a distinct model is {distinct:g}"
            )


def record_plan(plan: SweepPlan, out_dir: Path, points: list[Point] | None = None) -> None:
    """`plan.json`, with the chosen points if any; a directory holding another plan or other
    points is refused, since its points would mix. Writes nothing when it is there already."""
    recorded = {
        "base": plan.base.to_dict(),
        "sparse_params": plan.sparse_params,
        "rhos": list(plan.rhos),
        "train": plan.train.to_dict(),
        "seeds": list(plan.seeds),
        "also_seeded": plan.also_seeded,
        "capacity_rho": plan.capacity_rho,
        "capacity_fractions": list(plan.capacity_fractions),
    }
    if points is not None:  # absent for the plan's own points, so a default sweep's plan.json reads as before
        recorded["points"] = [dataclasses.asdict(point) for point in points]
    path = out_dir / "plan.json"
    if path.is_file():
        held = json.loads(path.read_text())
        if held != json.loads(json.dumps(recorded)):
            if "points" in held:
                there = sorted({p["rho"] for p in held["points"]}), sorted({p["seed"] for p in held["points"]})
                there = f"the points rho {there[0]} x seed {there[1]}"
            else:
                there = "the plan's own points"
            raise ValueError(
                f"{out_dir} holds a sweep with another plan or other points ({path}: {there}); resume it with the same "
                "plan and points or pick a new directory"
            )
        return
    remove_leftovers(path)  # the temporary of a record_plan that was killed
    write_atomically(path, json.dumps(recorded, indent=2).encode())  # a kill never leaves half a plan to refuse


def _summary_numbers(path: Path) -> dict:
    """A finished point's summary.json, checked for what `sweep_results` reads: a SweepError
    naming the file otherwise. A loss may be NaN (a run that diverged): that is a result."""
    redo = f"delete {path.parent} and run the sweep again to retrain that point"
    try:
        summary = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SweepError(f"{path} is not a readable summary ({err}); {redo}") from err

    def number(value) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool)

    validation = summary.get("validation") if isinstance(summary, dict) else None
    counts = summary.get("parameters") if isinstance(summary, dict) else None
    if (
        not isinstance(validation, dict)
        or not number(validation.get("overall"))
        or not all(number(v) for v in validation.values())
        or not isinstance(counts, dict)
        or not all(number(counts.get(k)) and math.isfinite(counts[k]) for k in ("total", "active", "tables"))
        or not all(number(summary.get(k)) for k in ("tokens", "training_flops", "wall_time_s"))
    ):
        raise SweepError(
            f"{path} lacks what a finished point records (validation losses, parameters, tokens, training_flops, "
            f"wall_time_s); {redo}"
        )
    return summary


def sweep_results(out_dir: str | Path) -> list[dict]:
    """One row per finished point: rho, seed, rows (table fraction), validation loss overall
    and per domain, parameters, tokens, FLOPs and wall time. A summary that cannot be read, or a
    point's folder whose name is not one, is a SweepError naming it."""
    rows = []
    for path in sorted(Path(out_dir).glob("rho-*/summary.json")):
        try:
            point = Point.from_name(path.parent.name)
        except ValueError as err:
            raise SweepError(f"{path.parent}: {err}; move it out of the sweep directory") from err
        if not 0 < point.rho <= 1:
            raise SweepError(f"{path.parent}: rho {point.rho:g} lies outside (0, 1]; move it out of the sweep directory")
        summary = _summary_numbers(path)
        validation = {k: v for k, v in summary["validation"].items() if k != "tokens"}
        counts = summary["parameters"]
        rows.append(
            {
                **dataclasses.asdict(point),
                **{f"loss_{k}": v for k, v in validation.items()},
                "validation_tokens": summary["validation"]["tokens"],
                "params_total": counts["total"],
                "params_active": counts["active"],
                "params_sparse": counts["total"] - counts["active"],
                "params_tables": counts["tables"],
                "tokens": summary["tokens"],
                "training_flops": summary["training_flops"],
                "wall_time_s": summary["wall_time_s"],
            }
        )
    return rows


INTEGER_COLUMNS = ("seed", "validation_tokens", "params_total", "params_active", "params_sparse", "params_tables", "tokens")
PLAN_COLUMNS = ("params_total", "params_active", "tokens")  # equal at one (rho, rows) within one plan


def read_results_csv(path: str | Path) -> list[tuple[str, dict]]:
    """The rows of an earlier report's allocation_sweep.csv as `sweep_results` gives them, each
    with where it comes from (`file line N`); a cell that is not a number is a SweepError naming it."""
    path = Path(path)
    try:
        with open(path, newline="") as file:
            lines = list(csv.DictReader(file))
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        raise SweepError(f"{path} is not a readable CSV ({err}); pass the allocation_sweep.csv a sweep report wrote") from err
    rows = []
    for number, line in enumerate(lines, start=2):  # line 1 is the header
        where = f"{path} line {number}"
        if not {"rho", "seed", "rows", "loss_overall", *PLAN_COLUMNS} <= set(line):
            raise SweepError(f"{where} lacks the columns of a sweep report (rho, seed, rows, loss_overall, ...); is {path} one?")
        try:
            row = {k: int(v) if k in INTEGER_COLUMNS else float(v) for k, v in line.items()}
        except (TypeError, ValueError) as err:
            raise SweepError(
                f"{where} holds a cell that is not a number ({err}); restore it from the report that wrote it"
            ) from err
        if not 0 < row["rho"] <= 1 or row["seed"] < 0:
            raise SweepError(f"{where}: rho {row['rho']:g} seed {row['seed']} is not a sweep point (rho in (0, 1], seed >= 0)")
        rows.append((where, row))
    return rows


def merge_results(named_rows: list[tuple[str, dict]]) -> list[dict]:
    """Rows of several sweeps (each with where it comes from) as one table, sorted like a sweep
    directory. Refused with a SweepError: other columns than the first row's, a (rho, seed, rows)
    point twice, or two rows at one (rho, rows) with other parameters or tokens (another plan)."""
    if not named_rows:
        return []
    columns = list(named_rows[0][1])
    seen: dict[tuple, str] = {}
    plans: dict[tuple, tuple[str, dict]] = {}
    for where, row in named_rows:
        if set(row) != set(columns):
            differ = sorted(set(row) ^ set(columns))
            raise SweepError(f"{where} has other columns than {named_rows[0][0]} ({differ}): a report of another sweep")
        point = (row["rho"], row["seed"], row["rows"])
        if point in seen:
            raise SweepError(
                f"{where}: rho {point[0]:g} seed {point[1]} rows {point[2]:g} is already a point of {seen[point]}; "
                "leave out one of them (the same CSV twice, or a report of this directory's own points?)"
            )
        seen[point] = where
        first_where, first = plans.setdefault((row["rho"], row["rows"]), (where, row))
        differ = [k for k in PLAN_COLUMNS if row[k] != first[k]]
        if differ:
            raise SweepError(
                f"{where} and {first_where} differ in {', '.join(f'{k} ({row[k]} vs {first[k]})' for k in differ)} at rho "
                f"{row['rho']:g} rows {row['rows']:g}: points of another plan, which cannot share one curve"
            )
    rows = [row for _, row in named_rows]
    return sorted(rows, key=lambda r: (r["rho"], r["seed"], r["rows"] != 1.0, r["rows"]))
