"""The allocation sweep: configs at fixed total and active parameters, a resumable multi-worker
run, and its analysis (fit, optimum, intervals) against hand-computed values."""

import dataclasses
import fcntl
import json
import math

import numpy as np
import pytest
from adversarial.test_runs import invoke
from conftest import small_config, small_train_config

from engram_model import EngramLM, ModelConfig, table_primes
from engram_model.sweep import SWEEP_BASE, Point, SweepPlan, allocate, run_sweep, scale_tables, sweep_results
from engram_model.train import parameter_counts, tokenized_splits
from probe.analyses.allocation import bootstrap_optimum, loss_by_rho, quadratic_fit, u_shape


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
