import subprocess
import sys

import pytest
import torch
from typer.testing import CliRunner

from probe import suffix_ngram_texts
from probe.batching import text_gates
from probe.cli import LAZY_COMMANDS, LazyCommand, app


def test_suffix_ngrams_line_up_with_positions(tokenizer):
    ids = tokenizer.encode("Alexander the Great").ids
    texts = suffix_ngram_texts(tokenizer, ids, max_order=3)
    assert len(texts) == len(ids)
    assert texts[0] == ["<|pad|>" + tokenizer.decode(ids[:1]), "<|pad|><|pad|>" + tokenizer.decode(ids[:1])]
    assert texts[-1] == [tokenizer.decode(ids[-2:]), tokenizer.decode(ids[-3:])]


def test_multibyte_characters_come_out_whole(tokenizer):
    ids = tokenizer.encode("naïve café ünïcödé").ids
    last = suffix_ngram_texts(tokenizer, ids, max_order=len(ids) + 1)[-1][-1]
    assert last.endswith("naïve café ünïcödé")


def test_gates_command_prints_each_engram_layer():
    result = CliRunner().invoke(app, ["gates", "Alexander the Great was born in Pella.", "--top", "3"])
    assert result.exit_code == 0, result.output
    assert "layer 1: gate per branch" in result.output and "layer 3: gate per branch" in result.output
    assert "2-gram" in result.output and "3-gram" in result.output


def test_gates_command_names_a_bad_model():
    result = CliRunner().invoke(app, ["gates", "hi", "--model", "/no/such/checkpoint"], env={"COLUMNS": "300"})
    assert result.exit_code != 0
    assert "neither a checkpoint directory" in result.output


def test_gates_runs_text_longer_than_the_model_in_chunks(model):
    text = " ".join(["Alexander the Great was born in Pella, the capital of Macedon."] * 30)
    ids, gates = text_gates(model, text)
    size = model.cfg.max_seq_len
    assert len(ids) > 2 * size and all(g.shape == (len(ids), model.cfg.hc_streams) for g in gates.values())
    first = torch.tensor([ids[:size]])
    with torch.no_grad():
        _, cache = model.run_with_cache(first, names_filter=lambda name: name.endswith("engram.hook_gate"))
    for layer, gate in gates.items():
        torch.testing.assert_close(gate[:size], cache[f"blocks.{layer}.engram.hook_gate"][0])


@pytest.mark.parametrize(
    "code",
    [
        "import probe",
        "from probe import top_ngrams, categorize, RunError; assert callable(categorize)",
        "from probe.cli import app; app(['--help'])",
        "from probe.cli import app; app(['top', '--help'])",
        "from probe.cli import app; app(['show', '--help'])",
        "from probe.cli import app; app(['export', '--help'])",
    ],
)
def test_starting_up_imports_no_torch(code):
    """`import probe` and the commands that read a run leave torch and transformer_lens unimported."""
    check = "import sys\ntry:\n    " + code + "\nexcept SystemExit:\n    pass\n"
    check += "print('heavy:', sorted(m for m in ('torch', 'transformer_lens') if m in sys.modules))"
    process = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert process.returncode == 0, process.stderr
    assert process.stdout.splitlines()[-1] == "heavy: []"


def test_public_names_are_those_of_all():
    import engram_model
    import probe

    for package in (probe, engram_model):
        assert all(getattr(package, name) is not None for name in package.__all__)
        assert set(package.__all__) <= set(dir(package))
    from probe.categorize import run  # importing the subpackage leaves probe.categorize the function

    assert callable(probe.categorize) and run.CATEGORIES == "categories"


def test_lazy_commands_list_their_own_help():
    """The help `engram-probe --help` lists for a lazily loaded command is its docstring's first line."""
    for name, (module, attribute, listed) in LAZY_COMMANDS.items():
        loaded = LazyCommand(name, module, attribute, listed).load()
        assert loaded.help.strip().splitlines()[0] == listed, name


@pytest.fixture(scope="module")
def long_run(model, tmp_path_factory):
    """A run with one long document and short ones."""
    from engram_model.corpus import Document
    from probe import ProbeOptions, probe_corpus

    root = tmp_path_factory.mktemp("long")
    text = " ".join(f"word{i % 97} and more," for i in range(600))
    documents = [Document("long", text), Document("short", "Alexander the Great.")]
    manifest = {"model": "test", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": "test"}
    probe_corpus(model, documents, root / "run", manifest, ProbeOptions(), show_progress=False)
    return root / "run"


def invoke(*args) -> tuple[int, str]:
    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "1000"})
    return result.exit_code, " ".join(result.output.replace("│", " ").split())


def test_show_draws_a_long_document_a_window_at_a_time(long_run):
    from probe.runs.aggregate import document_trace

    total = document_trace(long_run, "long", 1).num_rows
    for start, limit in [(0, 1), (0, 50), (10, 700), (total - 5, 100), (0, total)]:
        code, output = invoke("show", long_run, "long", "--start", start, "--limit", limit)
        assert code == 0, output
        shown = min(limit, total - start)
        assert f"tokens {start:,} to {start + shown:,} of {total:,}" in output
        assert ("cut at" in output and f"--start {start + shown}" in output) == (start + shown < total)
    code, output = invoke("show", long_run, "long", "--start", total)
    assert code == 2 and f"has {total:,} tokens" in output


@pytest.mark.parametrize("length", [4097, 100_000, 10_000_000])
def test_show_refuses_a_document_id_past_the_bound(long_run, length):
    code, output = invoke("show", long_run, "x" * length)
    assert code == 2 and f"{length:,} characters long, past the 4,096" in output


@pytest.mark.parametrize(
    "uri", ["file:///tmp/some/run", "file:/tmp/some/run", "file://localhost/tmp/run", "s3://bucket/runs/a", "gs://b//r"]
)
def test_a_uri_given_as_the_run_is_named_as_given(uri):
    for command in (["top"], ["export", "--out", "-"]):
        code, output = invoke(command[0], uri, *command[1:])
        assert code == 2 and f"{uri} is a URI" in output, output


def test_top_says_which_layers_the_shards_hold(long_run, tmp_path):
    import json
    import shutil

    run = tmp_path / "run"
    shutil.copytree(long_run, run)
    manifest = json.loads((run / "manifest.json").read_text())
    held = manifest["config"]["engram"]["layers"]
    manifest["config"]["engram"]["layers"] = [*held, 5, 7]  # the manifest claims layers no shard holds
    (run / "manifest.json").write_text(json.dumps(manifest))
    for layer in (5, 7):
        code, output = invoke("top", run, "--layer", layer)
        assert code == 2 and f"hold no rows of Engram layer {layer}: they hold Engram layers {held}" in output, output
    code, output = invoke("top", run, "--min-count", 10_000)
    assert code == 0 and "no n-gram occurs at least 10000 times" in output


@pytest.mark.parametrize("name", ["baseline", "engram"])
def test_a_bundled_name_beside_a_folder_of_that_name_is_refused(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).mkdir()
    code, output = invoke("gates", "hi", "--model", name)
    assert code == 2 and f"pass ./{name} for the folder" in output and f"checkpoints/{name} for the bundled" in output
