"""Bad input to the commands that read runs, checkpoints and corpora: each ends in a non-zero
exit and one message naming the input, never a traceback, and nothing half-written is left."""

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from typer.testing import CliRunner

from engram_model import EngramLM, save_model
from engram_model.corpus import Document
from probe import ProbeOptions, probe_corpus
from probe.cli import app

TEXTS = [
    "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle.",
    "Permission is hereby granted, free of charge, to any person obtaining a copy of this software.",
    "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n",
]
AS_ROOT = os.geteuid() == 0


@pytest.fixture(scope="module")
def root(model, tokenizer, tmp_path_factory):
    """A probed run, the model's checkpoint, one without Engram, corpora, and broken runs."""
    root = tmp_path_factory.mktemp("adversarial")
    documents = [Document(f"doc{i}", text) for i, text in enumerate(TEXTS * 4)]
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": "test texts"}
    probe_corpus(model, documents, root / "run", manifest, ProbeOptions(), show_progress=False)
    save_model(model, root / "ckpt")
    torch.manual_seed(1)
    save_model(EngramLM(dataclasses.replace(model.cfg, engram=None), tokenizer).eval(), root / "baseline")
    (root / "corpus.jsonl").write_text("".join(json.dumps({"body": t}) + "\n" for t in TEXTS))
    (root / "binary").mkdir()
    (root / "binary" / "a.txt").write_bytes(bytes(range(256)) * 8)
    (root / "afile").write_text("not a run")
    (root / "empty").mkdir()
    (root / "folder").mkdir()
    (root / "taken.csv").write_text("someone else's file\n")
    for name, text in {
        "bad-json": "{not json",
        "list-manifest": "[1, 2, 3]",
        "no-engram": json.dumps({"config": {"engram": None, "hc_streams": 1}}),
        "bad-layers": json.dumps({"config": {"engram": {"layers": "1,2", "max_ngram": 3}, "hc_streams": 2}}),
    }.items():
        (root / name).mkdir()
        (root / name / "manifest.json").write_text(text)
    shutil.copytree(root / "run", root / "no-shards", ignore=shutil.ignore_patterns("*.parquet"))
    shutil.copytree(root / "run", root / "corrupt-shard")
    next((root / "corrupt-shard" / "shards").glob("gates-*.parquet")).write_bytes(b"PAR1 truncated")
    return root


def invoke(root: Path, args) -> tuple[int, str, BaseException | None]:
    result = CliRunner().invoke(app, [str(a).format(root=root) for a in args], env={"COLUMNS": "400"})
    return result.exit_code, result.output, result.exception


# the analyses read this fixture's corpus and write under it, whatever a regression lets through
SAFE = ["--corpus", "{root}/corpus.jsonl", "--text-field", "body", "--out", "{root}/analysis"]
CASES = [
    # (command line, {root} is the fixture's folder; text the message must hold)
    (["top", "{root}/run", "--n", "-5"], "--n"),
    (["top", "{root}/run", "--n", "0"], "--n"),
    (["top", "{root}/run", "--layer", "99"], "99 is not an Engram layer of this run; its Engram layers are [1, 2]"),
    (["top", "{root}/run", "--examples", "-1"], "--examples"),
    (["top", "{root}/run", "--min-count", "0"], "--min-count"),
    (["top", "{root}/run", "--order", "9"], "9: this run has n-grams of order 2 to 3"),
    (["top", "{root}/ckpt"], "is a checkpoint, not a run; run `engram-probe run --model"),
    (["top", "{root}/missing"], "missing does not exist"),
    (["top", "{root}/afile"], "afile is a file, not a run directory"),
    (["top", "{root}/empty"], "empty is not a probing run (no manifest.json)"),
    (["top", "{root}/bad-json"], "bad-json/manifest.json is corrupt"),
    (["top", "{root}/list-manifest"], "list-manifest/manifest.json has no model config"),
    (["top", "{root}/no-engram"], "no-engram was probed with a model that has no Engram layers"),
    (["top", "{root}/bad-layers"], "bad-layers/manifest.json has a config without Engram layers"),
    (["top", "{root}/no-shards"], "no-shards has no committed shard"),
    (["top", "{root}/corrupt-shard"], "is unreadable"),
    (["show", "{root}/run", "nosuchdoc"], "document 'nosuchdoc' is not in run"),
    (["show", "{root}/run", "doc0", "--layer", "0"], "0 is not an Engram layer of this run"),
    (["show", "{root}/run", "doc0", "--branch", "7"], "'7': use mean, max or a branch below 2"),
    (["show", "{root}/ckpt", "doc0"], "is a checkpoint, not a run"),
    (["export", "{root}/run", "--out", "{root}/run/manifest.json"], "lies inside the run directory"),
    (["export", "{root}/run", "--out", "{root}/run/shards/gates-000000.parquet", "--overwrite"], "lies inside the run directory"),
    (["export", "{root}/run", "--out", "{root}/folder"], "folder is a folder; pass a file path"),
    (["export", "{root}/run", "--out", "{root}/taken.csv"], "taken.csv exists; pass --overwrite"),
    (["export", "{root}/run", "--out", "{root}/nowhere/x.csv"], "nowhere is not a folder"),
    (["export", "{root}/run", "--out", "{root}/x.csv", "--table", "secrets"], "secrets"),
    (["export", "{root}/run", "--out", "{root}/x.csv", "--format", "xml"], "xml"),
    (["export", "{root}/ckpt", "--out", "{root}/x.csv"], "is a checkpoint, not a run"),
    (["categorize", "{root}/run", "--gate", "median"], "median"),
    (["categorize", "{root}/run", "--top-fraction", "2"], "--top-fraction"),
    (["categorize", "{root}/run", "--order", "1"], "'1' is out of range: it must be greater than or equal to 2"),
    (["categorize", "{root}/run", "--order", "4"], "4: this run has n-grams of order 2 to 3"),
    (["categorize", "{root}/run", "--n-boot", "0"], "--n-boot"),
    (["categorize", "{root}/run", "--min-confidence", "2"], "--min-confidence"),
    (["gates", "hello", "--model", "{root}/ckpt", "--top", "-1"], "--top"),
    (["gates", "hello", "--model", "{root}/no/such/checkpoint"], "no/such/checkpoint is neither a checkpoint directory"),
    (["gates", "hello", "--model", "{root}/baseline"], "baseline has no Engram layers"),
    (["gates", "hello", "--model", "{root}/run"], "run is a probing run, not a checkpoint"),
    (["lens", "{root}/run", *SAFE], "run is a probing run, not a checkpoint"),
    (
        ["lens", "{root}/ckpt", "--corpus", "{root}/corpus.jsonl", "--text-field", "body", "--out", "{root}/afile"],
        "afile: File exists; pass a path that does not exist yet",
    ),
    (
        ["similarity", "--a", "{root}/ckpt", "--b", "none", "--k", "100", *SAFE],
        "100: b ({root}/ckpt) has 3 layers, so k is at most 3",
    ),
    (["similarity", "--a", "{root}/ckpt", "--positions", "last", *SAFE], "'last'"),
    (["similarity", "--a", "{root}/ckpt", "--sample", "0", *SAFE], "--sample"),
    (["lens", "{root}/ckpt", "--corpus", "{root}/missing.txt", "--out", "{root}/analysis"], "missing.txt does not exist"),
    (["ablate", "{root}/ckpt", "--mode", "both", *SAFE], "both"),
    (["ablate", "{root}/ckpt", "--prefill-fraction", "2", *SAFE], "--prefill-fraction"),
    # each with its own --out, so that a regression cannot overwrite the bundled corpus or tokenizer
    (["corpus", "build", "--max-mb", "0", "--out", "{root}/built.parquet"], "'0' is out of range: it must be greater than 0"),
    (["corpus", "tokenizer", "--vocab-size", "5", "--out", "{root}/tokenizer.json"], "--vocab-size"),
    (
        ["corpus", "tokenizer", "--corpus", "{root}/missing.parquet", "--out", "{root}/tokenizer.json"],
        "missing.parquet does not exist",
    ),
    (["no-such-command"], "no-such-command"),
]


@pytest.mark.parametrize("args, expected", CASES, ids=[" ".join(a).replace("{root}/", "") for a, _ in CASES])
def test_bad_input_gets_one_clear_message(root, args, expected):
    code, output, exception = invoke(root, args)
    assert code != 0, output
    assert exception is None or isinstance(exception, SystemExit), repr(exception)
    assert "Traceback" not in output
    assert expected.format(root=root) in " ".join(output.replace("│", " ").split()), output


@pytest.mark.parametrize(
    "corpus, message",
    [("binary", "binary gave no document with text"), ("corpus.jsonl", "its records lack the field 'text' (pass --text-field)")],
)
def test_a_corpus_without_text_is_named_not_blamed_on_shards(root, corpus, message):
    code, output, _ = invoke(
        root, ["run", "--model", "{root}/ckpt", "--corpus", f"{{root}}/{corpus}", "--out", root / f"run-{corpus}"]
    )
    assert code != 0 and message in " ".join(output.replace("│", " ").split())
    assert "no committed shards" not in output


def test_export_writes_the_table_once_and_replaces_only_when_asked(root, tmp_path):
    out = tmp_path / "documents.csv"
    code, output, _ = invoke(root, ["export", "{root}/run", "--table", "documents", "--out", out])
    assert code == 0, output
    assert out.read_text().splitlines()[0].startswith("doc_id,text")
    out.write_text("edited\n")
    assert invoke(root, ["export", "{root}/run", "--table", "documents", "--out", out])[0] != 0
    assert out.read_text() == "edited\n"
    assert invoke(root, ["export", "{root}/run", "--table", "documents", "--out", out, "--overwrite"])[0] == 0
    assert out.read_text().startswith("doc_id,text")


def test_an_unreadable_shard_is_named(root, tmp_path):
    """chmod 000 where it takes effect; as root (where it does not) a folder where the shard's file should be."""
    run = tmp_path / "run"
    shutil.copytree(root / "run", run)
    shard = next((run / "shards").glob("gates-*.parquet"))
    if AS_ROOT:
        shard.unlink()
        shard.mkdir()
    else:
        shard.chmod(0)
    code, output, exception = invoke(root, ["top", run])
    assert code == 1 and exception is None or isinstance(exception, SystemExit)
    assert f"{shard} is unreadable" in " ".join(output.split())


@pytest.fixture
def small_disk(tmp_path):
    """A 64 KiB tmpfs, or a skip where this machine cannot mount one."""
    mount = tmp_path / "small"
    mount.mkdir()
    if (
        not AS_ROOT
        or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True).returncode
    ):
        pytest.skip("mounting a small tmpfs needs root")
    yield mount
    subprocess.run(["umount", str(mount)], check=True)


def test_a_full_disk_leaves_no_half_written_export(root, small_disk):
    out = small_disk / "gates.csv"
    (small_disk / "filler").write_bytes(b"x" * 56 * 1024)
    code, output, exception = invoke(root, ["export", "{root}/run", "--table", "gates", "--out", out])
    assert code == 1 and (exception is None or isinstance(exception, SystemExit)), output
    assert f"error: {out}: No space left on device; free space on that disk or write elsewhere" in output
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler"]


def test_a_read_only_disk_is_named(root, small_disk):
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    out = small_disk / "gates.csv"
    code, output, _ = invoke(root, ["export", "{root}/run", "--out", out])
    assert code == 1 and f"error: {out}: Read-only file system; write elsewhere" in output


def test_errors_are_one_line_on_stderr_in_a_real_process(root):
    """Outside the test runner too: one line, exit status 1, the input named."""
    process = subprocess.run(
        [sys.executable, "-m", "probe", "top", str(root / "ckpt")],
        capture_output=True,
        text=True,
        env=dict(os.environ, COLUMNS="80"),
    )
    assert process.returncode == 1 and process.stdout == ""
    assert process.stderr.count("\n") == 1 and f"{root / 'ckpt'} is a checkpoint, not a run" in process.stderr
