"""The allocation sweep: configs at fixed total and active parameters, a resumable multi-worker
run, and its analysis (fit, optimum, intervals) against hand-computed values."""

import dataclasses
import fcntl
import json
import math

import numpy as np
import pytest
from adversarial.test_cli_intervals import write_point
from adversarial.test_runs import invoke
from conftest import small_config, small_train_config

from engram_model import EngramLM, ModelConfig, table_primes
from engram_model.sweep import (
    SWEEP_BASE,
    Point,
    SweepPlan,
    allocate,
    check_rhos,
    chosen_points,
    record_plan,
    run_sweep,
    scale_tables,
    sweep_results,
)
from engram_model.train import parameter_counts, tokenized_splits
from probe.analyses.allocation import (
    bootstrap_argmin,
    bootstrap_optimum,
    bracket,
    loss_by_rho,
    paired_to_best,
    quadratic_fit,
    u_shape,
)


def sparse(counts: dict) -> int:
    return counts["total"] - counts["active"]


def test_tiny_at_rho_one_is_the_bundled_baseline():
    """The `tiny` preset's own sparse budget, all in experts, is `tiny-baseline` (a preset
    written out by hand and checked against matched_baseline)."""
    tiny = ModelConfig.preset("tiny")
    counts = parameter_counts(EngramLM(tiny))
    rows_read = len(tiny.engram.layers) * tiny.engram.memory_dim
    budget = counts["total"] - counts["active"] + rows_read  # unchosen experts + every table row
    assert allocate(tiny, 1.0, budget) == ModelConfig.preset("tiny-baseline")


def test_every_rho_keeps_total_and_active_parameters():
    """Counted on built models: total within one expert (the unit experts round to), active
    within the routers' rows, and rho the experts' share of the sparse parameters."""
    plan = SweepPlan.default()
    expert = 3 * SWEEP_BASE.d_model * SWEEP_BASE.moe.d_expert
    moe_layers = SWEEP_BASE.n_layers - SWEEP_BASE.first_dense_layers
    counts = {rho: parameter_counts(EngramLM(allocate(SWEEP_BASE, rho, plan.sparse_params))) for rho in plan.rhos}
    totals = [c["total"] for c in counts.values()]
    actives = [c["active"] for c in counts.values()]
    assert max(totals) - min(totals) < expert * moe_layers
    assert (max(actives) - min(actives)) / max(actives) < 0.01
    for rho, c in counts.items():
        experts = sparse(c) - c["tables"] + (0 if rho == 1.0 else SWEEP_BASE.engram.memory_dim)  # rows read are active
        assert abs(experts / sparse(c) - rho) < 0.03, rho
    assert counts[1.0]["tables"] == 0 and allocate(SWEEP_BASE, 1.0, plan.sparse_params).engram is None


def test_allocation_refuses_rho_outside_its_range():
    with pytest.raises(ValueError, match=r"rho=0.0 must be in \(0, 1\]"):
        allocate(SWEEP_BASE, 0.0, 10**6)
    with pytest.raises(ValueError, match="needs both an MoE and Engram"):
        allocate(dataclasses.replace(SWEEP_BASE, engram=None), 0.5, 10**6)


def test_one_row_per_head_is_the_smallest_primes():
    one = scale_tables(allocate(SWEEP_BASE, 0.5, SweepPlan.default().sparse_params), 0.0)
    assert table_primes(one.engram) == {1: [[2, 3, 5, 7], [11, 13, 17, 19]]}


def test_point_names_round_trip():
    for point in (Point(0.65, 0), Point(1.0, 2), Point(0.5, 0, 0.01), Point(0.5, 0, 0.0)):
        assert Point.from_name(point.name) == point
    with pytest.raises(ValueError, match="not a sweep point"):
        Point.from_name("final")


def test_quadratic_fit_finds_a_known_vertex_and_an_end():
    rho = np.linspace(0.2, 1.0, 7)
    fit = quadratic_fit(rho, 2 * (rho - 0.6) ** 2 + 3)
    assert fit["optimum"] == pytest.approx(0.6) and fit["optimum_inside"] and fit["loss_at_optimum"] == pytest.approx(3)
    assert fit["coefficients"] == pytest.approx([2, -2.4, 3.72])
    falling = quadratic_fit(rho, 4 - rho)  # monotone: the best end, no U
    assert falling["optimum"] == pytest.approx(1.0) and not falling["optimum_inside"]
    with pytest.raises(ValueError, match="at least 3 distinct rho"):
        quadratic_fit([0.2, 0.2, 0.5], [1, 2, 3])


def test_seed_intervals_by_hand():
    rows = [{"rho": 1.0, "loss_overall": v} for v in (1.0, 2.0, 3.0)] + [{"rho": 0.5, "loss_overall": 4.0}]
    one, three = loss_by_rho(rows)
    assert one == {"rho": 0.5, "seeds": 1, "mean": 4.0, "sd": None, "ci_low": None, "ci_high": None}
    half = 4.303 / math.sqrt(3)  # t(0.975, 2) * sd 1 / sqrt(3)
    assert three["mean"] == 2.0 and three["sd"] == pytest.approx(1.0)
    assert (three["ci_low"], three["ci_high"]) == pytest.approx((2 - half, 2 + half))


def test_bootstrap_optimum_covers_the_true_vertex():
    rng = np.random.default_rng(1)
    rows = [
        {"rho": rho, "loss_overall": 2 * (rho - 0.7) ** 2 + 3 + rng.normal(0, 0.003)}
        for rho in np.linspace(0.2, 1.0, 9)
        for _ in range(3)
    ]
    interval = bootstrap_optimum(rows, samples=400)
    assert interval["optimum_low"] < 0.7 < interval["optimum_high"]
    assert interval["optimum_high"] - interval["optimum_low"] < 0.1 and interval["share_inside"] == 1.0


def test_u_shape_reads_the_seed_means_not_the_fit():
    def curve(means, sd=0.01):
        return [{"rho": rho, "mean": mean, "sd": sd if rho == 1.0 else None} for rho, mean in means.items()]

    assert u_shape(curve({0.2: 3.10, 0.5: 3.00, 1.0: 3.20}))["verdict"] == "U"
    plateau_and_cliff = u_shape(curve({0.2: 3.00, 0.5: 3.01, 0.8: 3.01, 1.0: 3.30}))  # a quadratic puts its vertex inside
    assert plateau_and_cliff["best_rho"] == 0.2 and plateau_and_cliff["verdict"].startswith(
        "no U: it rises towards pure MoE only"
    )
    assert u_shape(curve({0.2: 3.00, 0.5: 3.005, 1.0: 3.01}))["verdict"].startswith("flat")
    assert u_shape(curve({0.2: 3.3, 1.0: 3.0}))["verdict"].startswith("no U: it rises towards the lowest rho")
    assert u_shape(curve({0.2: 3.3, 1.0: 3.0}, sd=None))["verdict"].startswith("unknown")
    assert u_shape(curve({0.2: 3.10, 0.5: 3.00, 1.0: 3.20}))["seed_sd"] == pytest.approx(0.01)


@pytest.fixture
def small_plan(tokenizer):
    base = small_config(tokenizer)
    train = small_train_config(tokenizer, tokens=4 * 4 * 32, eval_every=10**6)
    return SweepPlan(
        base=base,
        sparse_params=20_000,
        rhos=(0.3, 0.6, 1.0),
        train=train,
        seeds=(0, 1),
        also_seeded=0.3,
        capacity_rho=0.6,
        capacity_fractions=(0.0,),
    )


@pytest.mark.slow
def test_sweep_trains_every_point_once_resumes_and_refuses_another_plan(small_plan, tokenizer, corpus, tmp_path):
    streams = tokenized_splits(*corpus, tokenizer, small_plan.train.seq_len)
    run_sweep(small_plan, *streams, tokenizer, tmp_path / "sweep", workers=2)
    rows = sweep_results(tmp_path / "sweep")
    first = {(r["rho"], r["seed"], r["rows"]) for r in rows}
    best = min((r for r in rows if r["seed"] == 0 and r["rows"] == 1.0), key=lambda r: r["loss_overall"])["rho"]
    expected = {(0.3, 0, 1.0), (0.6, 0, 1.0), (1.0, 0, 1.0), (0.6, 0, 0.0), (1.0, 1, 1.0), (best, 1, 1.0), (0.3, 1, 1.0)}
    assert first == expected
    assert all(r["tokens"] == 4 * 4 * 32 and r["training_flops"] > 0 for r in rows)
    finished = {p.name: p.stat().st_mtime_ns for p in (tmp_path / "sweep").glob("rho-*/summary.json")}
    run_sweep(small_plan, *streams, tokenizer, tmp_path / "sweep", workers=1)  # nothing left to do
    assert {p.name: p.stat().st_mtime_ns for p in (tmp_path / "sweep").glob("rho-*/summary.json")} == finished
    other = dataclasses.replace(small_plan, rhos=(0.3, 1.0))
    with pytest.raises(ValueError, match="another plan"):
        run_sweep(other, *streams, tokenizer, tmp_path / "sweep")


def test_a_point_another_worker_holds_is_left_to_it(small_plan, tokenizer, corpus, tmp_path):
    streams = tokenized_splits(*corpus, tokenizer, small_plan.train.seq_len)
    out = tmp_path / "sweep"
    (out / ".locks").mkdir(parents=True)
    held = Point(0.6, 0)
    with open(out / ".locks" / f"{held.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        with pytest.raises(RuntimeError, match=r"rho \[0.6\] are unfinished"):
            run_sweep(small_plan, *streams, tokenizer, out)
    assert not (out / held.name).exists() and (out / Point(0.3, 0).name / "summary.json").is_file()


def test_report_writes_the_curve_and_refuses_an_empty_sweep(small_plan, tokenizer, corpus, tmp_path):
    streams = tokenized_splits(*corpus, tokenizer, small_plan.train.seq_len)
    run_sweep(small_plan, *streams, tokenizer, tmp_path / "sweep")
    code, output = invoke("sweep", "report", "--sweep", tmp_path / "sweep", "--out", tmp_path / "out", "--samples", 200)
    assert code == 0, output
    report = json.loads((tmp_path / "out" / "allocation_sweep.json").read_text())
    assert [p["rho"] for p in report["curve"]] == [0.3, 0.6, 1.0]
    assert report["points"] == len(
        [r for r in sweep_results(tmp_path / "sweep") if r["rows"] == 1.0]
    )  # 5 or 6: the best rho may be 0.3
    assert {(r["rho"], r["rows"]) for r in report["capacity"]} == {(0.6, 0.0), (0.6, 1.0)}
    assert (tmp_path / "out" / "allocation_sweep.csv").read_text().startswith("rho,seed,rows,loss_")
    (tmp_path / "empty").mkdir()
    code, output = invoke("sweep", "report", "--sweep", tmp_path / "empty", "--out", tmp_path / "o2")
    assert code == 2 and "no finished sweep point" in output, output  # on one line, however long the path


# --- chosen points: `sweep run --rho R --seed S` ---------------------------------------------


def test_chosen_points_are_each_rho_at_each_seed_and_small_rhos_are_distinct_models():
    plan = SweepPlan.default()
    assert chosen_points(plan, [0.1, 0.05, 0.1], [2, 0]) == [Point(0.05, 0), Point(0.05, 2), Point(0.1, 0), Point(0.1, 2)]
    # the budget is 20 experts' worth (3 MoE blocks x 3 x 64 x 128 each), so rho buys round(20 rho) experts beyond the top-1
    routed = {rho: allocate(SWEEP_BASE, rho, plan.sparse_params).moe.n_routed for rho in (0.026, 0.05, 0.1, 0.2)}
    assert routed == {0.026: 2, 0.05: 2, 0.1: 3, 0.2: 5}


@pytest.mark.parametrize(
    "rhos, message",
    [
        (
            [0.025],
            "rho 0.025 rounds to no routed expert.*smallest rho that gives a distinct model is 0.026",
        ),  # 20 x 0.025 = 0.5 rounds to 0
        ([0.05, 0.06], "rho 0.05 gives the same model as rho 0.06.*smallest rho above 0.06 that gives a distinct model is 0.075"),
        ([0.21], "rho 0.21 gives the same model as rho 0.2 .*above 0.21 .* is 0.226"),  # a rho of the plan
        ([0.0501], "to 3 decimals; pass 0.05"),
        ([1.5], r"must be in \(0, 1\]"),
    ],
)
def test_a_rho_that_is_no_model_of_its_own_is_refused(rhos, message):
    with pytest.raises(ValueError, match=message):
        check_rhos(SweepPlan.default(), rhos)
    with pytest.raises(ValueError, match="negative"):
        chosen_points(SweepPlan.default(), [0.05], [-1])


def test_sweep_run_refuses_bad_points_before_reading_the_corpus(tmp_path):
    code, output = invoke("sweep", "run", "--rho", 0.025, "--seed", 0, "--out", tmp_path / "low")
    flat = " ".join(output.replace("│", " ").split())
    assert code == 2 and "--rho" in flat and "is 0.026" in flat, output
    code, output = invoke("sweep", "run", "--rho", 0.05, "--out", tmp_path / "low")
    assert code == 2 and "--rho needs --seed too" in " ".join(output.replace("│", " ").split()), output
    assert not (tmp_path / "low").exists()
    record_plan(SweepPlan.default(), tmp_path / "low", chosen_points(SweepPlan.default(), [0.05], [0]))
    code, output = invoke("sweep", "run", "--rho", 0.05, "--rho", 0.1, "--seed", 0, "--out", tmp_path / "low")
    flat = " ".join(output.replace("│", " ").split())
    assert code == 2 and "--out" in flat and "another plan or other points" in flat and "rho [0.05] x seed [0]" in flat, output


def test_chosen_points_train_exactly_those_resume_and_refuse_other_points(small_plan, tokenizer, corpus, tmp_path):
    streams = tokenized_splits(*corpus, tokenizer, small_plan.train.seq_len)
    out = tmp_path / "sweep"
    points = chosen_points(small_plan, [0.9], [1, 2])  # 0.9: three experts beyond the top-2, tables kept (1.0 drops them)
    run_sweep(small_plan, *streams, tokenizer, out, points=points)
    assert {(r["rho"], r["seed"], r["rows"]) for r in sweep_results(out)} == {(0.9, 1, 1.0), (0.9, 2, 1.0)}
    assert json.loads((out / "plan.json").read_text())["points"] == [dataclasses.asdict(p) for p in points]
    finished = {p.name: p.stat().st_mtime_ns for p in out.glob("rho-*/summary.json")}
    run_sweep(small_plan, *streams, tokenizer, out, points=chosen_points(small_plan, [0.9], [2, 1]))  # same points: resumes
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("rho-*/summary.json")} == finished
    for other in (chosen_points(small_plan, [0.9], [1]), None):  # fewer points, or the plan's own
        with pytest.raises(ValueError, match=r"another plan or other points .*rho \[0.9\] x seed \[1, 2\]"):
            run_sweep(small_plan, *streams, tokenizer, out, points=other)
    with pytest.raises(ValueError, match="gives the same model as rho 0.3"):
        chosen_points(small_plan, [0.45], [0])  # one expert is ~0.4 of rho here: 0.45 and the plan's 0.3 both buy one


# --- sweep report --with: an earlier report's points ------------------------------------------


def report_of(tmp_path, name: str, losses: dict, **options) -> tuple[int, str]:
    """A sweep directory of `losses` {(rho, seed): loss} reported into tmp_path/name-report."""
    for (rho, seed), loss in losses.items():
        write_point(tmp_path / name, Point(rho, seed).name, loss)
    extra = [a for k, v in options.items() for a in (f"--{k}", v)]
    return invoke("sweep", "report", "--sweep", tmp_path / name, "--out", tmp_path / f"{name}-report", "--samples", 200, *extra)


def test_report_with_an_earlier_csv_adds_its_points(tmp_path):
    code, output = report_of(tmp_path, "old", {(0.2, 0): 3.2, (0.5, 0): 3.0, (1.0, 0): 3.4, (1.0, 1): 3.45})
    assert code == 0, output
    earlier = tmp_path / "old-report" / "allocation_sweep.csv"
    code, output = report_of(tmp_path, "new", {(0.05, 0): 3.5, (0.05, 1): 3.55, (0.2, 1): 3.25}, **{"with": earlier})
    assert code == 0, output
    report = json.loads((tmp_path / "new-report" / "allocation_sweep.json").read_text())
    assert [(p["rho"], p["seeds"]) for p in report["curve"]] == [(0.05, 2), (0.2, 2), (0.5, 1), (1.0, 2)]
    assert report["merged"] == [str(earlier)] and report["points"] == 7
    lines = (tmp_path / "new-report" / "allocation_sweep.csv").read_text().splitlines()
    assert [line.split(",")[:2] for line in lines[1:]] == [
        ["0.05", "0"], ["0.05", "1"], ["0.2", "0"], ["0.2", "1"], ["0.5", "0"], ["1", "0"], ["1", "1"]
    ]  # fmt: skip
    assert report["paired"]["best_rho"] == 0.5 and report["bracket"]["verdict"].startswith("not bracketed")
    flat = " ".join(output.replace("│", " ").split())
    assert "argmin over 200 seed resamples" in flat and "bracket: not bracketed" in flat and "+0.2000 (1)" in flat, output


def test_report_with_refuses_a_point_twice_and_another_plan(tmp_path):
    assert report_of(tmp_path, "old", {(0.2, 0): 3.2, (0.5, 0): 3.0, (1.0, 0): 3.4})[0] == 0
    earlier = tmp_path / "old-report" / "allocation_sweep.csv"
    code, output = report_of(tmp_path, "twice", {(0.5, 0): 3.1}, **{"with": earlier})
    flat = " ".join(output.replace("│", " ").split())
    assert code == 2 and "--with" in flat and "rho 0.5 seed 0 rows 1 is already a point of" in flat, output
    other = earlier.read_text().replace(",1000,400,", ",2000,400,", 1)  # the first row (rho 0.2) of a bigger model
    (tmp_path / "other.csv").write_text(other)
    code, output = report_of(tmp_path, "plan", {(0.2, 1): 3.1}, **{"with": tmp_path / "other.csv"})
    flat = " ".join(output.replace("│", " ").split())
    assert code == 2 and "differ in params_total (2000 vs 1000) at rho 0.2 rows 1" in flat and "another plan" in flat, output
    (tmp_path / "broken.csv").write_text(earlier.read_text().replace("3.2", "low", 1))
    code, output = report_of(tmp_path, "broken", {(0.2, 1): 3.1}, **{"with": tmp_path / "broken.csv"})
    flat = " ".join(output.replace("│", " ").split())
    assert code == 2 and "line 2 holds a cell that is not a number" in flat, output
    code, output = report_of(tmp_path, "missing", {(0.2, 1): 3.1}, **{"with": tmp_path / "absent.csv"})
    assert code == 2 and "is not a readable CSV" in " ".join(output.replace("│", " ").split()), output


# --- the bracket: paired differences, the argmin's bootstrap, the verdict ------------------------


def rows_of(losses: dict) -> list[dict]:
    return [{"rho": rho, "seed": seed, "loss_overall": loss} for rho, by_seed in losses.items() for seed, loss in by_seed.items()]


def test_paired_differences_by_hand():
    losses = {0.2: {0: 3.0, 1: 3.2, 2: 3.1}, 0.5: {0: 2.9, 1: 3.0, 2: 2.95}, 1.0: {0: 3.3}}
    paired = paired_to_best(rows_of(losses))
    assert paired["best_rho"] == 0.5  # mean 2.95
    low, high = paired["rows"]
    half = 4.303 * 0.05 / math.sqrt(3)  # differences 0.1, 0.2, 0.15: sd 0.05, t(0.975, 2)
    assert low["rho"] == 0.2 and low["shared_seeds"] == [0, 1, 2] and low["mean"] == pytest.approx(0.15)
    assert (low["ci_low"], low["ci_high"]) == pytest.approx((0.15 - half, 0.15 + half))
    assert high == {"rho": 1.0, "shared_seeds": [0], "seeds": 1, "mean": pytest.approx(0.4), "sd": None, "ci_low": None,
                    "ci_high": None}  # fmt: skip
    verdict = bracket(paired, bootstrap_argmin(rows_of(losses), samples=200))
    assert (verdict["below"], verdict["above"], verdict["bracketed"]) == (0.2, None, False)
    assert verdict["verdict"].startswith("not bracketed: no rho above the best rho 0.5")
    losses[1.0].update({1: 3.35, 2: 3.4})  # differences 0.4, 0.35, 0.45: clear above
    verdict = bracket(paired_to_best(rows_of(losses)), bootstrap_argmin(rows_of(losses), samples=200))
    assert (
        verdict["bracketed"] and (verdict["below"], verdict["above"]) == (0.2, 1.0) and verdict["verdict"].startswith("bracketed")
    )
    unseeded = {0.2: {0: 3.0}, 0.5: {1: 2.9}, 1.0: {0: 3.3}}  # no seed shared with the best
    assert paired_to_best(rows_of(unseeded))["rows"][0]["mean"] is None
    with pytest.raises(ValueError, match="rho 0.2 seed 0 appears twice"):
        paired_to_best(rows_of(losses) + [{"rho": 0.2, "seed": 0, "loss_overall": 3.0}])


def test_argmin_bootstrap_against_a_loop_and_the_exact_share():
    """rho 0.1 has seeds {1, 3}: its resampled mean is 1 (p 1/4), 2 (1/2) or 3 (1/4), so it beats
    rho 0.5's lone 2.5 with probability 3/4; rho 1.0 never wins."""
    losses = {0.1: {0: 1.0, 1: 3.0}, 0.5: {0: 2.5}, 1.0: {0: 4.0, 1: 5.0, 2: 4.5}}
    result = bootstrap_argmin(rows_of(losses), samples=20_000, seed=3)
    assert [s["rho"] for s in result["share"]] == [0.1, 0.5, 1.0]
    assert result["share"][0]["share"] == pytest.approx(0.75, abs=0.015) and result["share"][2]["share"] == 0.0
    assert result["at_boundary"] and (result["argmin_low"], result["argmin_high"]) == (0.1, 0.5)
    # a second implementation: one resample at a time, the same draws in the same order
    rng = np.random.default_rng(3)
    draws = {rho: rng.integers(0, len(v), size=(20_000, len(v))) for rho, v in losses.items()}
    argmins = []
    for i in range(20_000):
        means = {rho: np.mean([list(v.values())[j] for j in draws[rho][i]]) for rho, v in losses.items()}
        argmins.append(min(means, key=lambda rho: (means[rho], rho)))
    assert [s["share"] for s in result["share"]] == [argmins.count(rho) / 20_000 for rho in losses]
    ordered = sorted(argmins)
    assert (ordered[math.ceil(0.025 * 20_000) - 1], ordered[math.ceil(0.975 * 20_000) - 1]) == (
        result["argmin_low"],
        result["argmin_high"],
    )
    verdict = bracket(paired_to_best(rows_of(losses)), result)
    assert (
        verdict["at_boundary"] and not verdict["bracketed"] and verdict["verdict"].startswith("at the boundary: the lowest rho")
    )
