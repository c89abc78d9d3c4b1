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
        ("--sizes", "-5,0", ("'-5,0'", "at least 1")),
        ("--sizes", "0", ("'0'", "at least 1")),
        ("--sizes", ",", ("','", "at least 1")),
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
     ("http", "valid integer")],
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
        ("--batch-sizes", "0", ("'0'", "at least 1")),
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
        ("--decode-batches", "0", ("'0'", "at least 1")),
        ("--prefill", "0x512", ("'0x512'", "BATCHxSEQ_LEN")),
        ("--prefill", "8", ("'8'", "BATCHxSEQ_LEN")),
        ("--capacities", "0", ("'0'", "above 0")),
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
