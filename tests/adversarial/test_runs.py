"""Probing runs under attack: kills, concurrent writers, changed options, hostile ids and
corpora, options that must be refused, runs stopped by --limit, one very long document."""

import dataclasses
import json
import os
import signal
import time
import tracemalloc

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch
from conftest import small_config
from test_probing import TEXTS, run_cli, stdlib_text
from typer.testing import CliRunner

from engram_model import EngramLM, save_model
from engram_model.corpus import Document
from probe.cli import app
from probe.runs.artefacts import check_run
from probe.runs.scan import ProbeOptions, probe_corpus
from probe.runs.store import LOCK, RunError, RunWriter, committed_shards, connect


def write_corpus(path, n_docs):
    with open(path, "w") as f:
        for i in range(n_docs):
            f.write(
                json.dumps({"id": f"d{i:03d}", "text": f"{TEXTS[i % 4]} Document number {i}.", "body": f"Other text {i}."}) + "\n"
            )
    return path


def run_args(checkpoint, corpus, out, *extra):
    return ["run", "--model", str(checkpoint), "--corpus", str(corpus), "--out", str(out), "--summary", "0", *map(str, extra)]


def invoke(*args):
    """`engram-probe ARGS` in this process: (exit code, output on one line)."""
    result = CliRunner().invoke(app, [str(arg) for arg in args], env={"COLUMNS": "400"})
    return result.exit_code, " ".join(result.output.replace("│", " ").split())


def wait_for(condition, what, timeout=600):  # a bound for a hung run only: loaded machines are slow
    deadline = time.time() + timeout
    while not condition():
        assert time.time() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def holds_lock(run_dir, process):
    lock = run_dir / LOCK
    return lock.is_file() and lock.read_text().strip() == str(process.pid)


def gate_rows(run_dir):
    with connect(run_dir) as con:
        return con.sql(
            "SELECT doc_id, layer, position, token_id, ngram_3, gates FROM gates ORDER BY doc_id, layer, position"
        ).fetchall()


def assert_every_document_once(run_dir, n_docs):
    with connect(run_dir) as con:
        assert con.sql("SELECT count(*), count(DISTINCT doc_id) FROM documents").fetchall() == [(n_docs, n_docs)]
        assert con.sql("SELECT doc_id, layer, position, count(*) c FROM gates GROUP BY ALL HAVING c > 1").fetchall() == []
        assert con.sql("SELECT sum(n_tokens) * 2 FROM documents").fetchall() == con.sql("SELECT count(*) FROM gates").fetchall()


@pytest.mark.slow
def test_killed_at_three_moments_resumes_to_what_an_uninterrupted_run_holds(checkpoint, tmp_path):
    n_docs = 150
    corpus = write_corpus(tmp_path / "c.jsonl", n_docs)
    options = ("--shard-tokens", 40, "--batch-size", 2)
    code, output = invoke(*run_args(checkpoint, corpus, tmp_path / "whole", *options))
    assert code == 0, output
    killed = tmp_path / "killed"
    # killed before its first commit (just after taking the lock), just after a commit, a few commits later
    for new_shards in (0, 1, 3):
        process = run_cli(*run_args(checkpoint, corpus, killed, *options))
        wait_for(lambda: holds_lock(killed, process), "the run to take its lock")
        before = len(committed_shards(killed))
        wait_for(lambda: len(committed_shards(killed)) >= before + new_shards, f"{new_shards} commits")
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        assert not (killed / "report.json").exists(), "the run finished before it was killed; make the corpus longer"
    resumed = run_cli(*run_args(checkpoint, corpus, killed, *options))
    output, _ = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, output
    assert_every_document_once(killed, n_docs)
    whole, after_kills = gate_rows(tmp_path / "whole"), gate_rows(killed)
    assert [row[:5] for row in after_kills] == [row[:5] for row in whole]
    np.testing.assert_allclose([row[5] for row in after_kills], [row[5] for row in whole], rtol=1e-5, atol=1e-6)
    assert json.loads((killed / "report.json").read_text())["complete"] is True


@pytest.mark.slow
def test_a_second_writer_is_refused_at_once_and_a_killed_writer_releases_the_run(checkpoint, tmp_path):
    n_docs = 400
    corpus = write_corpus(tmp_path / "c.jsonl", n_docs)
    run_dir = tmp_path / "run"
    args = run_args(checkpoint, corpus, run_dir, "--shard-tokens", 40, "--batch-size", 2)
    first = run_cli(*args)
    wait_for(lambda: holds_lock(run_dir, first) and committed_shards(run_dir), "the first writer's first commit")
    # paused, holding its lock, so that however fast this machine probes it is still writing
    # when the second writer starts
    os.kill(first.pid, signal.SIGSTOP)
    second = run_cli(*args, env=dict(os.environ, COLUMNS="400"))
    output, _ = second.communicate(timeout=600)
    assert first.poll() is None, "the first writer finished before it was paused; make the corpus longer"
    assert second.returncode != 0
    assert f"{run_dir} is being written by another `engram-probe run` (pid {first.pid})" in " ".join(
        output.replace("│", " ").split()
    )
    with connect(run_dir) as con:  # readers never wait for the lock
        assert con.sql("SELECT count(DISTINCT doc_id) FROM gates").fetchall()[0][0] > 0
    os.kill(first.pid, signal.SIGKILL)
    first.wait()
    third = run_cli(*args)
    output, _ = third.communicate(timeout=600)
    assert third.returncode == 0, output
    assert_every_document_once(run_dir, n_docs)


def test_the_lock_is_per_writer_not_per_process(tmp_path):
    with RunWriter(tmp_path / "run", {"model_hash": "m"}):
        with pytest.raises(RunError, match=rf"being written by another `engram-probe run` \(pid {os.getpid()}\)"):
            RunWriter(tmp_path / "run", {"model_hash": "m"})
    with RunWriter(tmp_path / "run", {"model_hash": "m"}):  # released on leaving
        pass


def test_every_option_that_changes_the_run_is_checked_on_resume(checkpoint, tmp_path):
    corpus = write_corpus(tmp_path / "c.jsonl", 6)
    out = tmp_path / "run"
    assert invoke(*run_args(checkpoint, corpus, out, "--limit", 2))[0] == 0
    shards = committed_shards(out)
    refusals = {
        ("--shard-tokens", 99): "options.shard_tokens (--shard-tokens): the run has 32768, this call 99",
        ("--text-field", "body"): 'text_field (--text-field): the run has "text", this call "body"',
        ("--max-tokens", 16): "options.max_tokens (--max-tokens): the run has 128, this call 16",
        ("--record-rows",): "options.record.rows (--record-rows): the run has false, this call true",
        ("--no-record-logprob",): "options.record.logprob (--record-logprob): the run has true, this call false",
    }
    for extra, message in refusals.items():
        code, output = invoke(*run_args(checkpoint, corpus, out, *extra))
        assert code != 0 and message in output and "Pass the run's own values to resume it, or another --out" in output, output
    # the tokenizer counts by content: the same one elsewhere resumes, one with two ids swapped does not
    (tmp_path / "same.json").write_text((checkpoint / "tokenizer.json").read_text())
    spec = json.loads((checkpoint / "tokenizer.json").read_text())
    vocab = spec["model"]["vocab"]
    first, second = sorted(vocab, key=vocab.get)[300:302]
    vocab[first], vocab[second] = vocab[second], vocab[first]
    (tmp_path / "swapped.json").write_text(json.dumps(spec))
    code, output = invoke(*run_args(checkpoint, corpus, out, "--tokenizer", tmp_path / "swapped.json", "--limit", 3))
    assert code != 0 and "tokenizer" in output, output
    assert committed_shards(out) == shards
    (tmp_path / "more.jsonl").write_text(corpus.read_text() + '{"id": "new", "text": "A document the run never saw."}\n')
    code, output = invoke(*run_args(checkpoint, tmp_path / "more.jsonl", out))
    assert code != 0 and "corpus_hash (--corpus): the run has" in output, output
    code, output = invoke(
        *run_args(checkpoint, corpus, out, "--tokenizer", tmp_path / "same.json", "--batch-size", 3, "--limit", 3)
    )
    assert code == 0, output  # batch size and limit may differ
    assert len(committed_shards(out)) == len(shards) + 1


def test_duplicate_ids_are_renamed_so_an_interrupted_run_skips_no_other_document(checkpoint, tmp_path):
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(
        '{"id": 7, "text": "The first seven."}\n{"id": "7", "text": "The second seven."}\n{"text": "No id at all."}\n'
    )
    out = tmp_path / "run"
    assert invoke(*run_args(checkpoint, corpus, out, "--limit", 1))[0] == 0
    code, output = invoke(*run_args(checkpoint, corpus, out))
    assert code == 0 and "'renamed_ids': 1" in output, output
    with connect(out) as con:
        rows = con.sql("SELECT doc_id, text FROM documents ORDER BY text").fetchall()
    assert rows == [("c.jsonl:3", "No id at all."), ("7", "The first seven."), ("7@c.jsonl:2", "The second seven.")]
    report = json.loads((out / "report.json").read_text())
    assert report["this_session"]["resumed_skip"] == 1 and report["this_session"]["documents"] == 2
    assert report["input"]["renamed"] == ["c.jsonl:2: id '7' is also c.jsonl:1's, renamed '7@c.jsonl:2'"]


@pytest.fixture
def baseline_checkpoint(tokenizer, tmp_path):
    torch.manual_seed(0)
    return save_model(EngramLM(dataclasses.replace(small_config(tokenizer), engram=None), tokenizer), tmp_path / "baseline")


def test_rejected_options_leave_nothing_behind(checkpoint, baseline_checkpoint, tmp_path):
    corpus = write_corpus(tmp_path / "c.jsonl", 4)
    binary = tmp_path / "binary"
    binary.mkdir()
    for name in ("a.bin", "b.bin"):
        (binary / name).write_bytes(bytes(range(256)) * 8)
    pq.write_table(pa.table({"text": [1, 2, 3]}), tmp_path / "ints.parquet")
    out = tmp_path / "run"
    cases = [
        (run_args(checkpoint, corpus, out, "--max-tokens", 2), "max_tokens=2 must lie in [3, max_seq_len=128]"),
        (run_args(checkpoint, corpus, out, "--limit", 0), "'--limit': '0' is out of range"),
        (run_args(baseline_checkpoint, corpus, out), "has no Engram layers, so there are no gates to probe"),
        (run_args(checkpoint, tmp_path / "ints.parquet", out), "column 'text' holds int64, not text; pass --text-field"),
        (
            run_args(checkpoint, binary, out),
            f"{binary} gave no document with text, so nothing was probed: 2 binary files (first: a.bin: binary)",
        ),
        (
            run_args(checkpoint, corpus, out, "--text-field", "title"),
            "4 records: its records lack the field 'title' (pass --text-field)",
        ),
        (run_args(checkpoint, "/dev/zero", out), "/dev/zero is not a regular file or folder"),
    ]
    for args, message in cases:
        code, output = invoke(*args)
        assert code != 0 and message in output, (args, output)
        assert "no committed shards" not in output and "Traceback" not in output
        assert not out.exists(), args
    code, output = invoke(*run_args(checkpoint, corpus, out, "--limit", 2))  # the corrected command, on the same --out
    assert code == 0, output


def test_a_run_stopped_by_limit_is_not_complete_until_resumed_without_it(checkpoint, tmp_path):
    corpus = write_corpus(tmp_path / "c.jsonl", 5)
    out = tmp_path / "run"
    code, output = invoke(*run_args(checkpoint, corpus, out, "--limit", 2))
    assert code == 0 and "stopped by --limit 2 before the end of the corpus" in output, output
    report = json.loads((out / "report.json").read_text())
    assert (report["complete"], report["stopped_by"], report["documents_total"]) == (False, "limit", 2)
    assert any("partial" in warning for warning in check_run(out).warnings)
    assert invoke(*run_args(checkpoint, corpus, out))[0] == 0
    report = json.loads((out / "report.json").read_text())
    assert (report["complete"], report["stopped_by"], report["documents_total"]) == (True, None, 5)
    assert not any("partial" in warning for warning in check_run(out).warnings)
    assert invoke(*run_args(checkpoint, corpus, out, "--limit", 1))[0] == 0  # a limit on a finished run finds nothing missing
    assert json.loads((out / "report.json").read_text())["complete"] is True


def test_one_long_document_is_probed_in_memory_bounded_by_the_chunk_not_the_document(model, tmp_path):
    text = stdlib_text().replace("\n", " ")  # one line: a single document

    def peak_mib(n_chars: int) -> float:
        tracemalloc.start()
        probe_corpus(
            model,
            [Document("long", text[:n_chars])],
            tmp_path / str(n_chars),
            {},
            # the scan alone: categorizing afterwards reads every position's gate from the run's table
            ProbeOptions(shard_tokens=1024, categorize=False),
            show_progress=False,
        )
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        return peak

    short, long = peak_mib(20_000), peak_mib(80_000)
    # holding the whole document's ids, offsets and gates at once grew 4x with it (1.5 -> 6.1 MiB)
    assert long < 1.5 * short, f"a 4x longer document took {long:.1f} MiB at peak, against {short:.1f} MiB"
    with connect(tmp_path / "80000") as con:
        assert con.sql("SELECT n_tokens FROM documents").fetchall()[0][0] > 10 * 1024
