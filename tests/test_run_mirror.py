"""A run written to a `pyarrow.fs` URI (`--out file:///...`, as `s3://` would be): staged
locally, copied in commit order, byte for byte what a local run holds; a driver killed
mid-run leaves only whole shards at the URI, and a driver with an empty staging directory
(another machine) resumes from the URI to every document once."""

import json
import os
import signal

import pyarrow.fs as pafs
import pyarrow.parquet as pq
import pytest
from adversarial.test_runs import assert_every_document_once, gate_rows, invoke, run_args, wait_for, write_corpus
from test_probing import run_cli

from probe.runs.store import DOCUMENTS_KEY, MANIFEST, REPORT, RunError, RunMirror, committed_shards, staging_dir

OPTIONS = ("--shard-tokens", 40, "--batch-size", 2)


def files(root) -> dict[str, bytes]:
    """Relative path -> bytes of every file under `root`, the lock left out."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file() and p.name != ".lock"}


def test_a_uri_run_is_staged_and_copied_byte_for_byte(checkpoint, tmp_path):  # noqa: F811
    corpus = write_corpus(tmp_path / "c.jsonl", 20)
    local, remote, staging = tmp_path / "local", tmp_path / "bucket" / "run", tmp_path / "staging"
    assert invoke(*run_args(checkpoint, corpus, local, *OPTIONS))[0] == 0
    code, output = invoke(*run_args(checkpoint, corpus, remote.as_uri(), *OPTIONS, "--staging", staging))
    assert code == 0 and f"copied to {remote.as_uri()}; staged in {staging}" in output, output
    assert files(remote) == files(staging)  # every file, the report and aggregates included
    assert {n for n in files(remote) if n.startswith("shards/")} == {n for n in files(local) if n.startswith("shards/")}
    assert gate_rows(remote) == gate_rows(local)
    assert json.loads((remote / REPORT).read_text())["complete"]


def test_a_killed_driver_leaves_whole_shards_and_another_machine_resumes_from_the_uri(checkpoint, tmp_path):  # noqa: F811
    n_docs = 150
    corpus = write_corpus(tmp_path / "c.jsonl", n_docs)
    remote, first, second = tmp_path / "bucket" / "run", tmp_path / "staging-a", tmp_path / "staging-b"
    driver = run_cli(*run_args(checkpoint, corpus, remote.as_uri(), *OPTIONS, "--staging", first))
    wait_for(lambda: len(committed_shards(remote)) >= 3 or driver.poll() is not None, "three commits at the URI")
    os.kill(driver.pid, signal.SIGKILL)
    driver.communicate()
    assert not (remote / REPORT).exists(), "the run finished before it was killed; make the corpus longer"
    for gates in committed_shards(remote):  # every gates shard at the URI is whole, with its documents
        assert DOCUMENTS_KEY.encode() in pq.read_metadata(gates).metadata
        assert (gates.parent / gates.name.replace("gates-", "docs-")).is_file()
    kept = {gates.name for gates in committed_shards(remote)}

    # a fresh staging directory: the URI's committed run is fetched, then completed
    code, output = invoke(*run_args(checkpoint, corpus, remote.as_uri(), *OPTIONS, "--staging", second))
    assert code == 0 and "already done" in output, output
    assert kept <= {gates.name for gates in committed_shards(second)}
    assert not [p for p in remote.rglob(".*") if p.is_file()], "a half-sent copy was left at the URI"
    assert_every_document_once(remote, n_docs)
    assert files(remote) == files(second)

    # the first staging directory is now behind the URI: resuming from it is refused, nothing sent
    before = files(remote)
    code, output = invoke(*run_args(checkpoint, corpus, remote.as_uri(), *OPTIONS, "--staging", first))
    assert code == 2 and "holds shards that its staging directory" in output and "pass an empty --staging directory" in output, (
        output
    )
    assert files(remote) == before


def test_the_staging_directory_is_one_per_uri_and_bad_uris_are_refused(tmp_path, checkpoint):  # noqa: F811
    assert staging_dir("s3://bucket/a") == staging_dir("s3://bucket/a") != staging_dir("s3://bucket/b")
    with pytest.raises(RunError, match="--out nosuch://bucket/run: not a storage URI pyarrow can open"):
        RunMirror("nosuch://bucket/run", tmp_path / "staging")
    corpus = write_corpus(tmp_path / "c.jsonl", 2)
    code, output = invoke(*run_args(checkpoint, corpus, tmp_path / "run", "--staging", tmp_path / "staging"))
    assert code == 2 and "--staging only applies to a URI --out" in output, output
    assert not (tmp_path / "run").exists() and not (tmp_path / "staging").exists()


def test_a_mirror_sends_shards_in_commit_order(tmp_path):
    """The order of the copies, the guarantee a reader of the URI relies on."""
    staging = tmp_path / "staging"
    (staging / "shards").mkdir(parents=True)
    (staging / "aggregates").mkdir()
    for name in (
        MANIFEST,
        REPORT,
        "shards/gates-000001.parquet",
        "shards/docs-000001.parquet",
        "shards/docs-000000.parquet",
        "shards/gates-000000.parquet",
        "shards/sha256-000001.json",
        "aggregates/ngram_stats.parquet",
        "shards/.gates-000002.parquet.tmp-1",
        "shards/.engram-probe-tmp-docs-000002.parquet.abc.partial",
    ):
        (staging / name).write_bytes(name.encode())

    sent = []

    class Recording(pafs.LocalFileSystem):
        def move(self, src, dest):
            sent.append(os.path.relpath(dest, tmp_path / "bucket"))
            super().move(src, dest)

    mirror = RunMirror((tmp_path / "bucket").as_uri(), staging)
    mirror.fs = Recording()
    mirror.open({})
    mirror.push()
    assert sent == [
        MANIFEST,
        "shards/docs-000000.parquet",
        "shards/gates-000000.parquet",
        "shards/docs-000001.parquet",
        "shards/sha256-000001.json",
        "shards/gates-000001.parquet",
        "aggregates/ngram_stats.parquet",
        REPORT,
    ]
    mirror.push()  # nothing changed: nothing sent again
    assert len(sent) == 8
