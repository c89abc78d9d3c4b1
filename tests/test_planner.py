"""The offload planner (probe.offload.planner): profiles as cited data, the roofline against the
engine's own parameter count, the overlap timeline by hand, head placement, and the
projection of our own offload bench."""

import json
from pathlib import Path

import pytest

from engram_model import ModelConfig, load_model
from engram_model.checkpoint import resolve_checkpoint
from engram_model.train import parameter_counts
from probe.offload.planner import (
    PROFILE_FIELDS,
    Assumptions,
    ModelCompute,
    Profile,
    ProfileError,
    bundled_profiles,
    decode_distinct,
    head_placement,
    load_profile,
    overlapped_step,
    plan,
    predict_bench,
)

RESULTS = Path(__file__).parents[1] / "benchmarks" / "results"


@pytest.mark.parametrize("name", ["h200", "b200", "gb200", "b300"])
def test_bundled_profiles_load_and_cite_every_figure(name):
    profile = load_profile(name)
    assert set(profile.sources) == set(PROFILE_FIELDS)
    for key, source in profile.sources.items():
        assert "http" in source or source.startswith("assumption"), (name, key)


def test_h200_figures_are_the_datasheets():
    h200 = load_profile("h200")
    assert h200.hbm_gib == pytest.approx(141e9 / 2**30, abs=0.1)
    assert h200.hbm_gb_s == 4800
    assert h200.host_link_gb_s == 64  # PCIe Gen5 x16, one direction
    assert bundled_profiles().keys() >= {"h200", "b200", "gb200", "b300"}


@pytest.mark.parametrize(
    ("content", "named"),
    [
        ("not json", "cannot be read as JSON"),
        ('["a list"]', "must be a JSON object"),
        ('{"name": "x"}', "hbm_gib must be"),
        ('{"name": "x", "hbm_gib": {"value": -1}}', "hbm_gib must be"),
    ],
)
def test_a_malformed_profile_is_refused_naming_file_and_key(tmp_path, content, named):
    path = tmp_path / "profile.json"
    path.write_text(content)
    with pytest.raises(ProfileError, match=named) as err:
        Profile.from_file(path)
    assert str(path) in str(err.value)


def test_unknown_profile_names_the_choices():
    with pytest.raises(ProfileError, match="unknown profile 'h100'.*h200"):
        load_profile("h100")


def test_roofline_counts_the_engines_active_parameters():
    model = load_model(resolve_checkpoint("engram"))
    counted = parameter_counts(model)["active"]
    assert ModelCompute.from_config(model.cfg).active_params == pytest.approx(counted, rel=0.02)


def test_overlap_timeline_by_hand():
    # 10 layers of 1 s; Engram at layers 1 and 4. Fetches of 0.5 s and 2 s: layer 1 waits for
    # nothing (0.5 < 1), layer 4's rows arrive at 2.5 s < 4 s: the step is the compute alone.
    assert overlapped_step(10.0, [0.5, 2.0], (1, 4), 10) == pytest.approx(10.0)
    # a 3 s fetch for layer 1: compute waits 2 s there and reaches layer 4 at 3 + 3 = 6 s;
    # layer 4's rows arrived at 3 + 2 = 5 s, so the step is 10 + 2 = 12 s
    assert overlapped_step(10.0, [3.0, 2.0], (1, 4), 10) == pytest.approx(12.0)
    # both slow: layer 4 waits until 3 + 5 = 8 s; then 6 layers remain
    assert overlapped_step(10.0, [3.0, 5.0], (1, 4), 10) == pytest.approx(14.0)


def test_contiguous_heads_unbalance_ranks_that_hold_different_orders():
    # one layer, 2-gram heads read 10 rows each, 4-gram heads 50: two ranks
    heads = [[10, 10, 50, 50]]
    assert head_placement(heads, 2, "contiguous") == [20, 100]
    assert head_placement(heads, 2, "interleaved") == [60, 60]


@pytest.fixture(scope="module")
def traffic():
    return json.loads((RESULTS / "v41_traffic.json").read_text())


def test_decode_distinct_is_the_measured_count_at_a_measured_batch(traffic):
    measured = next(s for s in traffic["decode"] if s["batch"] == 128)
    # per-head means are stored to 0.1 row
    assert sum(decode_distinct(traffic, 128)) == pytest.approx(
        measured["distinct_per_step"], abs=0.05 * traffic["rows_per_token"]
    )


def test_plan_projects_every_option_and_frees_the_tables_share(traffic):
    a = Assumptions(gpus=8)
    result = plan(traffic, ModelConfig.preset("deepseek-v4.1-flash"), load_profile("h200"), a, [1, 64, 1024])
    assert {(p["option"], p["batch"]) for p in result["projections"]} == {
        (o, b) for o in ("hbm", "host dram", "nvme") for b in (1, 64, 1024)
    }
    for p in result["projections"]:
        assert p["step_s"] >= p["compute_s"]
        freed = 0 if p["option"] == "hbm" else traffic["table_gib"] / 8
        assert p["hbm_freed_gib_per_gpu"] == pytest.approx(freed)
    assert any("assumption" in line for line in result["assumption_lines"])
    assert result["placement"]["tensor_parallel"]["contiguous"]["imbalance_max_over_mean"] > 1.05


def test_bench_prediction_is_compute_plus_rows_times_their_cost():
    bench = json.loads((RESULTS / "offload.json").read_text())
    machine = {
        "ram_gather_rows_per_s": 1e7,
        "mmap_warm_gather_rows_per_s": 1e6,
        "disk_reads_per_s_1_thread": 1e4,
        "pread_cpu_us": 1.0,
    }
    rows = {(r["tier"], r["workload"]): r for r in predict_bench(bench, machine)}
    cold = rows[("mmap cold", "prefill")]
    extra = cold["distinct_rows_per_step"] * (1e-4 - 1e-7)
    assert cold["predicted_ratio_to_resident"] == pytest.approx(cold["compute_s"] / (cold["compute_s"] + extra))
    assert rows[("resident", "decode")]["predicted_ratio_to_resident"] == 1.0


def test_committed_validation_records_predicted_measured_and_ratio():
    validation = json.loads((RESULTS / "v41_traffic_plan_validation.json").read_text())
    for r in validation["with_disk_measured_during_bench"]:
        assert r["predicted_over_measured"] == pytest.approx(r["predicted_ratio_to_resident"] / r["measured_ratio_to_resident"])
    assert {r["tier"] for r in validation["with_disk_measured_now"]} == {"resident", "host", "mmap warm", "mmap cold"}


@pytest.mark.parametrize(
    "traffic_file, plan_file",
    [("v41_traffic.json", "v41_traffic_plan_h200.json"), ("qwen38_traffic.json", "qwen38_traffic_plan_h200.json")],
)
def test_offload_page_shows_traffic_and_plan(model, tmp_path, monkeypatch, traffic_file, plan_file):
    """The Offload page of a real run whose offload folder holds the recorded traffic and plan
    (V4.1-Flash's, and Qwen3.8-Flash-Next's in the same layout)."""
    import shutil
    import sys

    from streamlit.testing.v1 import AppTest

    from engram_model.corpus import Document
    from probe import ProbeOptions, probe_corpus

    run = tmp_path / "run"
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": "two texts"}
    probe_corpus(
        model, [Document("a", "Alexander the Great was born in Pella.")], run, manifest, ProbeOptions(), show_progress=False
    )
    (run / "offload").mkdir()
    shutil.copy(RESULTS / traffic_file, run / "offload" / "traffic.json")
    shutil.copy(RESULTS / plan_file, run / "offload" / "plan.json")
    browser = Path(__file__).parents[1] / "apps" / "browser.py"  # this checkout's app, not the installed one
    monkeypatch.setattr(sys, "argv", [str(browser), str(run)])
    app = AppTest.from_file(str(browser), default_timeout=60).run()
    app.switch_page("views/offload.py").run()
    assert not app.exception, [e.message for e in app.exception]
    titles = [json.loads(chart.proto.spec)["layout"]["title"]["text"] for chart in app.get("plotly_chart")]
    assert any(t.startswith("Rows per decode step") for t in titles)
    assert any(t.startswith("Hit rate against capacity") for t in titles)
    assert any(t.startswith("Projected decode pareto") for t in titles)
    assert any("shared memory" in str(i.value) for i in app.info)


def test_given_active_parameters_replace_the_counted_ones(traffic):
    cfg = ModelConfig.preset("deepseek-v4.1-flash")
    counted = plan(traffic, cfg, load_profile("h200"), Assumptions(), [4096])
    given = plan(traffic, cfg, load_profile("h200"), Assumptions(), [4096], active_params=2 * counted["model"]["active_params"])
    assert given["model"]["active_params"] == pytest.approx(2 * counted["model"]["active_params"])
    compute = {r["option"]: r["compute_s"] for r in given["projections"]}
    assert compute["hbm"] > next(r["compute_s"] for r in counted["projections"] if r["option"] == "hbm")
    with pytest.raises(ValueError, match="must exceed the routed experts"):
        plan(traffic, cfg, load_profile("h200"), Assumptions(), [1], active_params=1.0)
