"""Bad input to `offload rowstats`, `offload bench` and `app`: each is refused before any work
with a non-zero exit, one message that names the input, and no traceback."""

import socket

import pytest
from typer.testing import CliRunner

from engram_model import save_model
from engram_model.corpus import Document
from probe import ProbeOptions, probe_corpus
from probe.cli import app


def refused(args: list, *named: str) -> str:
    """Run the command; assert it stopped on its own error (no exception escaped, so no
    traceback) with a non-zero exit, and that the message names every string in `named`."""
    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "400"})
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for name in named:
        assert name in result.output, (name, result.output)
    return result.output


@pytest.fixture
def text_file(tmp_path):
    path = tmp_path / "text.txt"
    path.write_text("Alexander the Great was born in Pella.", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def checkpoint(model, tmp_path_factory):
    return save_model(model, tmp_path_factory.mktemp("ckpt") / "ckpt")


@pytest.fixture(scope="module")
def run_dir(model, tmp_path_factory):
    """A real run of two documents, the kind `engram-probe app` serves."""
    run = tmp_path_factory.mktemp("run") / "run"
    documents = [Document("a", "Alexander the Great was born in Pella."), Document("b", "def main(argv): return 0")]
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": "two texts"}
    probe_corpus(model, documents, run, manifest, ProbeOptions(), show_progress=False)
    return run


@pytest.mark.parametrize(
    ("option", "value", "named"),
    [
        ("--sizes", "-5,0", ("'-5,0'", "greater than or equal to 1")),
        ("--sizes", "0", ("'0'", "greater than or equal to 1")),
        ("--sizes", ",", ("','", "greater than or equal to 1")),
        ("--sizes", "1.5,8", ("'1.5,8'", "comma-separated row counts")),
        ("--capacity", "-1", ("greater than or equal to 1",)),
        ("--capacity", "0", ("greater than or equal to 1",)),
    ],
)
def test_rowstats_refuses_nonsense_sizes_at_parse_time(text_file, option, value, named):
    # the bundled model is never loaded: these fail while the options are parsed
    refused(["offload", "rowstats", text_file, option, value], option, *named)


def test_rowstats_refuses_texts_it_cannot_read(tmp_path, checkpoint):
    binary = tmp_path / "binary.bin"
    binary.write_bytes(b"\xff\xfe\x00\x80" * 64)
    refused(["offload", "rowstats", binary, "--model", checkpoint], str(binary), "UTF-8")
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    refused(["offload", "rowstats", empty, "--model", checkpoint], str(empty), "no tokens")
    refused(["offload", "rowstats", tmp_path / "missing.txt"], "missing.txt", "does not exist")
    refused(["offload", "rowstats", tmp_path], tmp_path.name, "is a directory")


def test_rowstats_refuses_what_is_not_an_engram_checkpoint(text_file, tmp_path, run_dir):
    refused(["offload", "rowstats", text_file, "--model", tmp_path / "nowhere"], "nowhere", "--model")
    refused(["offload", "rowstats", text_file, "--model", run_dir], str(run_dir), "--model")  # a run, not a checkpoint
    refused(["offload", "rowstats", text_file, "--model", "baseline"], "baseline", "no Engram layers")


def test_rowstats_refuses_outputs_it_cannot_write_before_counting(text_file, tmp_path):
    a_file = tmp_path / "a_file"
    a_file.write_text("not a folder")
    refused(["offload", "rowstats", text_file, "--json", a_file / "rows.json"], "--json", str(a_file))
    refused(["offload", "rowstats", text_file, "--hot-rows-out", a_file / "hot.npz"], "--hot-rows-out", str(a_file))
    refused(["offload", "rowstats", text_file, "--json", tmp_path], "--json", "is a directory")


def test_bench_refuses_bad_places_before_generating_anything(tmp_path):
    a_file = tmp_path / "a_file"
    a_file.write_text("not a folder")
    refused(["offload", "bench", "--quick", "--workdir", tmp_path / "nowhere"], "--workdir", "nowhere", "does not exist")
    refused(["offload", "bench", "--quick", "--workdir", a_file], "--workdir", "a_file")
    refused(["offload", "bench", "--quick", "--out", a_file / "offload.json"], "--out", str(a_file))
    refused(["offload", "bench", "--quick", "--out", tmp_path], "--out", "is a directory")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file"]  # nothing left behind


def test_app_refuses_what_is_not_a_run(tmp_path, checkpoint):
    refused(["app", tmp_path / "nowhere"], "nowhere", "does not exist")
    refused(["app", checkpoint], str(checkpoint), "is a checkpoint, not a run")
    a_file = tmp_path / "a_file"
    a_file.write_text("not a run")
    refused(["app", a_file], str(a_file), "is a file")
    started = tmp_path / "started"
    started.mkdir()
    (started / "manifest.json").write_text("{not json")
    refused(["app", started], "started")


@pytest.mark.parametrize(
    ("port", "expected"),
    [("0", "greater than or equal to 1"), ("-1", "greater than or equal to 1"), ("70000", "less than or equal to 65535"),
     ("http", "is not a whole number")],
)  # fmt: skip
def test_app_refuses_ports_out_of_range(run_dir, port, expected):
    refused(["app", run_dir, "--port", port], "--port", expected)


def test_app_refuses_an_address_it_cannot_bind(run_dir):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        refused(["app", run_dir, "--port", port], f"127.0.0.1:{port}", "--port")
    refused(["app", run_dir, "--host", "no-such-host.invalid"], "no-such-host.invalid", "--host")


@pytest.mark.parametrize(
    ("option", "value", "named"),
    [
        ("--batch-sizes", "0", ("'0'", "greater than or equal to 1")),
        ("--batch-sizes", "8,x", ("'8,x'", "comma-separated batch sizes")),
        ("--gpus", "0", ("greater than or equal to 1",)),
        ("--cache-policy", "fifo", ("'fifo'", "static, lru or belady")),
        ("--active-params", "0.5", ("must exceed the routed experts",)),
    ],
)
def test_plan_refuses_nonsense_options(option, value, named):
    refused(["offload", "plan", option, value], option, *named)


def test_plan_refuses_unknown_and_malformed_profiles(tmp_path):
    refused(["offload", "plan", "--profile", "h100"], "--profile", "unknown profile 'h100'", "h200")
    malformed = tmp_path / "mine.json"
    malformed.write_text('{"name": "mine", "hbm_gib": {"value": "lots"}}')
    refused(["offload", "plan", "--profile", malformed], "--profile", str(malformed), "hbm_gib")
    malformed.write_text("{not json")
    refused(["offload", "plan", "--profile", malformed], "--profile", str(malformed), "JSON")


def test_plan_refuses_traffic_it_cannot_use(tmp_path):
    refused(["offload", "plan", "--traffic", tmp_path / "none.json"], "--traffic", "none.json", "offload traffic")
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"tokens": 3}')
    refused(["offload", "plan", "--traffic", wrong], "--traffic", str(wrong), "lacks")


@pytest.mark.parametrize(
    ("option", "value", "named"),
    [
        ("--decode-batches", "0", ("'0'", "greater than or equal to 1")),
        ("--prefill", "0x512", ("'0x512'", "BATCHxSEQ_LEN")),
        ("--prefill", "8", ("'8'", "BATCHxSEQ_LEN")),
        ("--capacities", "0", ("'0'", "greater than 0")),
    ],
)
def test_traffic_refuses_nonsense_shapes_at_parse_time(option, value, named):
    refused(["offload", "traffic", option, value], option, *named)


def test_traffic_refuses_a_corpus_without_tokens_and_a_model_without_rows(tmp_path, checkpoint):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    refused(["offload", "traffic", "--model", checkpoint, "--corpus", empty, "--out", tmp_path], "--corpus", "no tokens")
    refused(["offload", "traffic", "--model", tmp_path / "nowhere", "--out", tmp_path], "--model", "nowhere")
    refused(["offload", "traffic", "--model", "baseline", "--out", tmp_path], "--model", "no Engram layers")


def strict_json(path):
    """The file read as strict JSON: NaN and infinities refused."""
    import json

    def refuse(constant):
        raise AssertionError(f"{path} holds {constant}")

    return json.loads(path.read_text(), parse_constant=refuse)


@pytest.mark.parametrize(
    ("option", "value", "named"),
    [
        ("--prefill", "1x100000000", ("100,000,000 tokens a step",)),
        ("--prefill", "1x8,3x40", ("prefill 3x40", "120 tokens a step")),
        ("--decode-batches", "1,100000", ("decode batch 100,000",)),
        ("--cache-batch", "100000", ("cache batch 100,000",)),
    ],
)
def test_traffic_refuses_steps_longer_than_its_corpus(checkpoint, text_file, tmp_path, option, value, named):
    """A step the corpus cannot fill is an error naming the option and the corpus's tokens,
    never a step silently left out of traffic.json."""
    out = tmp_path / "out"
    args = ["offload", "traffic", "--model", checkpoint, "--corpus", text_file, "--out", out, "--prefill", "1x4"]
    args += ["--decode-batches", "1", "--cache-tokens", "20", "--cache-batch", "1", option, value]
    output = refused(args, option, *named)
    assert "gives" in output and " tokens" in output  # the corpus's own count
    assert not (out / "traffic.json").exists()


def test_traffic_of_a_few_tokens_is_strict_json(checkpoint, tmp_path):
    """Too few repeated rows for a Zipf fit and no reused row: null in traffic.json, not NaN."""
    few = tmp_path / "few.txt"
    few.write_text("Pella.", encoding="utf-8")
    args = ["offload", "traffic", "--model", checkpoint, "--corpus", few, "--out", tmp_path, "--prefill", "1x2"]
    args += ["--decode-batches", "1,2", "--cache-batch", "1", "--cache-tokens", "4", "--capacities", "0.000001,1"]
    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    report = strict_json(tmp_path / "traffic.json")
    assert report["zipf_exponent"] is None and "no Zipf fit" in result.output
    assert any(v["p50_tokens"] is None for v in report["reuse"].values())
    assert [s["batch"] for s in report["decode"]] == [1, 2] and [s["seq_len"] for s in report["prefill"]] == [2]


def test_traffic_report_refuses_steps_it_cannot_fill():
    import numpy as np

    from probe.offload.models import preset_addressing
    from probe.offload.traffic import traffic_report

    addresser = preset_addressing("deepseek-v4.1-flash")
    documents = [np.arange(50)]
    with pytest.raises(ValueError, match="prefill 1x64 needs 64 tokens a step and the corpus has 50"):
        traffic_report(addresser, documents, [(1, 8), (1, 64)], [1], [1.0])
    with pytest.raises(ValueError, match="decode batch 51"):
        traffic_report(addresser, documents, [(1, 8)], [51], [1.0])
    for capacities in ([float("nan")], [float("inf")], [0.0], [1e30]):
        with pytest.raises(ValueError, match="capacities"):
            traffic_report(addresser, documents, [(1, 8)], [1], capacities, cache_batch=1)


def test_plan_needs_no_checkout_its_defaults_come_with_the_package(tmp_path, monkeypatch):
    """Run from a folder that is not the checkout: the default traffic is the installed one."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["offload", "plan"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    plan = strict_json(tmp_path / "plan.json")
    from probe.offload.planner import bundled_traffic

    assert plan["traffic"] == str(bundled_traffic()) and bundled_traffic().is_file()


def test_the_installed_default_traffic_is_the_recorded_benchmark():
    from pathlib import Path

    from probe.offload.planner import bundled_traffic

    recorded = Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "v41_traffic.json"
    assert bundled_traffic().read_bytes() == recorded.read_bytes(), "copy benchmarks/results/v41_traffic.json again"


def broken_traffic(path, change):
    """The recorded traffic with one thing broken by `change(data)`, written to `path`."""
    import json

    from probe.offload.planner import bundled_traffic

    data = json.loads(bundled_traffic().read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


TRAFFIC_DAMAGE = {
    "row_bytes NaN": (lambda d: d.update(row_bytes=float("nan")), "row_bytes"),
    "table_gib 0": (lambda d: d.update(table_gib=0), "table_gib"),
    "no decode steps": (lambda d: d.update(decode=[]), "no decode steps"),
    "no prefill steps": (lambda d: d.update(prefill=[]), "no prefill steps"),
    "batch 2.5": (lambda d: d["decode"][0].update(batch=2.5), "decode[0]"),
    "heads of one layer": (lambda d: d["decode"][1].update(distinct_per_head=[[1.0]]), "decode[1]: distinct_per_head"),
    "negative rows": (lambda d: d["prefill"][0]["distinct_per_head"][0].__setitem__(0, -5), "prefill[0]: distinct_per_head"),
    "capacities down": (lambda d: d["cache"]["capacities_gib"].reverse(), "increasing order"),
    "hit rate 2": (lambda d: d["cache"]["lru"].__setitem__(0, 2.0), "cache.lru"),
    "no belady": (lambda d: d["cache"].pop("belady"), "cache.belady"),
    "layers missing": (lambda d: d.pop("layers"), "lacks layers"),
}


@pytest.mark.parametrize("damage", TRAFFIC_DAMAGE, ids=list(TRAFFIC_DAMAGE))
def test_plan_blames_a_bad_traffic_file_by_name(tmp_path, damage):
    change, named = TRAFFIC_DAMAGE[damage]
    traffic = broken_traffic(tmp_path / "traffic.json", change)
    output = refused(["offload", "plan", "--traffic", traffic, "--out", tmp_path / "plan", "--active-params", "20"],
                     "--traffic", str(traffic), named)  # fmt: skip
    assert "--active-params" not in output
    assert not (tmp_path / "plan").exists()


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"decode": NaN}', "", '"text"'])
def test_plan_blames_an_unreadable_traffic_file_by_name(tmp_path, text):
    traffic = tmp_path / "traffic.json"
    traffic.write_text(text)
    output = refused(["offload", "plan", "--traffic", traffic, "--out", tmp_path / "plan"], "--traffic", str(traffic))
    assert "--active-params" not in output


PROFILE_DAMAGE = {
    "gpus_per_node 2.5": ("gpus_per_node", 2.5),
    "gpus_per_node 0": ("gpus_per_node", 0),
    "gpus_per_node true": ("gpus_per_node", True),
    "gpus_per_node '8'": ("gpus_per_node", "8"),
    "host_dram_gib Infinity": ("host_dram_gib", float("inf")),
    "host_dram_gib 1e400": ("host_dram_gib", "1e400"),  # json.loads reads it as inf
    "hbm_gib NaN": ("hbm_gib", float("nan")),
    "hbm_gb_s -1": ("hbm_gb_s", -1),
    "nvme_iops null": ("nvme_iops", None),
}


@pytest.mark.parametrize("damage", PROFILE_DAMAGE, ids=list(PROFILE_DAMAGE))
def test_plan_refuses_a_profile_field_out_of_its_type_or_range(tmp_path, damage):
    import json

    from probe.offload.planner import bundled_profiles

    key, value = PROFILE_DAMAGE[damage]
    data = json.loads(bundled_profiles()["h200"].read_text())
    data[key]["value"] = value
    profile = tmp_path / "mine.json"
    text = json.dumps(data)
    profile.write_text(text.replace('"1e400"', "1e400"))
    refused(["offload", "plan", "--profile", profile, "--out", tmp_path], "--profile", str(profile), key)


def test_profiles_and_assumptions_are_typed_and_bounded():
    import dataclasses

    from probe.offload.planner import Assumptions, ProfileError, load_profile

    h200 = load_profile("h200")
    assert isinstance(h200.gpus_per_node, int) and h200.gpus_per_node == 8
    assert dataclasses.replace(h200, gpus_per_node=8.0).gpus_per_node == 8  # a whole number written as a float
    for key, value in (("gpus_per_node", 2.5), ("host_dram_gib", float("inf")), ("hbm_gib", 0.0), ("nvme_iops", float("nan"))):
        with pytest.raises(ProfileError, match=key):
            dataclasses.replace(h200, **{key: value})
    for fields in ({"gpus": 2.5}, {"gpus": 0}, {"cache_gib": float("inf")}, {"cache_gib": 0}, {"uva_efficiency": 1.5},
                   {"mfu": float("nan")}, {"cache_policy": "fifo"}, {"nvme_queue_rounds": 0}):  # fmt: skip
        with pytest.raises(ValueError, match=next(iter(fields))):
            Assumptions(**fields)
