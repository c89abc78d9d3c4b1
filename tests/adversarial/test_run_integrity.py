"""A run's integrity under damage: a target that is not a run (at a URI or a local path) is
refused and left exactly as it was; a run of ours loses only our own temporary names; shards
that lost their partner or whose bytes changed are named, removed and probed again, at a URI
and locally, never left beside their replacement; garbled aggregates are computed again; a run
written before checksums were recorded still resumes."""

import csv
import json
import math
import random
import shutil
import warnings

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from adversarial.test_runs import assert_every_document_once, gate_rows, invoke, run_args, write_corpus
from engram_model.files import LinkedPathError
from probe.runs.aggregate import gate_histogram, ngram_stats, store_aggregate, stored_aggregate
from probe.runs.artefacts import check_run
from probe.runs.queries import layer_top_ngrams, ngram_table
from probe.runs.store import (
    AGGREGATES,
    LOCK,
    MANIFEST,
    REPORT,
    SHARD_KEY,
    TEMP_PREFIX,
    RunError,
    RunWarning,
    RunWriter,
    committed_shards,
    is_temporary,
    shard_problem,
    write_json,
)

OPTIONS = ("--shard-tokens", 40, "--batch-size", 2)
N_DOCS = 16
FOREIGN = {  # what a user keeps in a folder: hidden folders, hidden files, plain files
    ".git/HEAD": b"ref: refs/heads/main\n",
    ".git/objects/ab/cdef": b"\x78\x01blob",
    ".ssh/id": b"-----BEGIN OPENSSH PRIVATE KEY-----\n",
    ".cache/y": b"cached",
    ".env": b"SECRET=1\n",
    "notes.txt": b"my notes\n",
    ".git/.engram-probe-tmp-in-a-hidden-folder": b"not ours: it lies in .git",
}


def tree(root) -> dict[str, bytes]:
    """Relative path -> bytes of every file under `root`, hidden ones included."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def plant(root, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)


def flip(path, at: float = 0.5) -> None:
    """Invert one byte of `path`, `at` of the way in: the size stays, the bytes change."""
    data = bytearray(path.read_bytes())
    data[int(len(data) * at)] ^= 0xFF
    path.write_bytes(bytes(data))


def probe(checkpoint, corpus, out, *extra):
    code, output = invoke(*run_args(checkpoint, corpus, out, *OPTIONS, *extra))
    assert code == 0, output
    return output


def report(run_dir) -> dict:
    return json.loads((run_dir / REPORT).read_text())


def assert_no_orphans(run_dir) -> None:
    """Every gates shard has its docs file and checksum record, and no docs file lacks its gates shard."""
    names = {p.name for p in (run_dir / "shards").iterdir()}
    gates = {n.removeprefix("gates-").removesuffix(".parquet") for n in names if n.startswith("gates-")}
    docs = {n.removeprefix("docs-").removesuffix(".parquet") for n in names if n.startswith("docs-")}
    records = {n.removeprefix("sha256-").removesuffix(".json") for n in names if n.startswith("sha256-")}
    assert gates == docs == records, names
    assert not [n for n in names if n.startswith(".")], names


def assert_glob_sees_each_row_once(run_dir) -> None:
    """What a reader that globs the shards (not `connect`) sees: each (doc, layer, position) once."""
    pattern = str(run_dir / "shards" / "gates-*.parquet")
    with duckdb.connect() as con:
        [(total, distinct)] = con.sql(
            "SELECT count(*), count(DISTINCT (doc_id, layer, position)) FROM read_parquet(?)", params=[pattern]
        ).fetchall()
    assert total == distinct


def assert_same_gates(run_dir, whole) -> None:
    got, expected = gate_rows(run_dir), gate_rows(whole)
    assert [row[:5] for row in got] == [row[:5] for row in expected]
    np.testing.assert_allclose([row[5] for row in got], [row[5] for row in expected], rtol=1e-5, atol=1e-6)


@pytest.fixture
def corpus(tmp_path):
    return write_corpus(tmp_path / "c.jsonl", N_DOCS)


@pytest.fixture
def whole(checkpoint, corpus, tmp_path):
    """The run uninterrupted and undamaged, to compare with."""
    out = tmp_path / "whole"
    probe(checkpoint, corpus, out)
    assert len(committed_shards(out)) >= 4, "too few shards to damage one in the middle; lower --shard-tokens"
    return out


# -- names: ours and not ours --------------------------------------------------------------


def test_only_our_temporary_names_are_ours():
    ours = [
        f"{TEMP_PREFIX}gates-000001.parquet.123",
        f"{TEMP_PREFIX}manifest.json.k2j3h4g5.partial",
        f"{TEMP_PREFIX}docs-000003.parquet.partial-77",
        ".gates-000002.parquet.tmp-1",  # names of earlier versions, in a run of ours
        ".docs-000001.parquet.abcd_123.partial",
        ".manifest.json.partial-4242",
        ".ngram_stats.parquet.partial-9",
    ]
    theirs = [".git", ".ssh", ".cache", ".env", ".lock", ".gitignore", ".DS_Store", ".bashrc", "notes.txt",
              "gates-000001.parquet", ".engram-probe", ".gates-000002.parquet", ".x.json.partial",
              ".id_rsa.partial-1"]  # fmt: skip
    assert [name for name in ours if not is_temporary(name)] == []
    assert [name for name in theirs if is_temporary(name)] == []


# -- targets that are not a run --------------------------------------------------------------


@pytest.mark.parametrize("form", ["uri", "local"])
@pytest.mark.parametrize(
    "extra",
    [
        {},
        {MANIFEST: b'{"name": "a manifest of some other tool"}'},
        {MANIFEST: b"{not json"},
        {"shards/gates-000000.parquet": b"PAR1 looks like ours, no manifest"},
        {f"{TEMP_PREFIX}manifest.json.partial-1": b"ours, but beside files that are not"},
    ],
    ids=["plain", "foreign-manifest", "corrupt-manifest", "shards-without-manifest", "with-a-temporary-of-ours"],
)
def test_a_target_that_is_not_a_run_is_refused_and_left_untouched(checkpoint, corpus, tmp_path, form, extra):
    target = tmp_path / "home"
    plant(target, {**FOREIGN, **extra})
    before = tree(target)
    out = target.as_uri() if form == "uri" else target
    staging = ("--staging", tmp_path / "staging") if form == "uri" else ()
    code, output = invoke(*run_args(checkpoint, corpus, out, *OPTIONS, *staging))
    assert code == 2, output
    assert str(out) in output and ("not a probing run" in output or "did not write" in output or "corrupt" in output), output
    assert "Traceback" not in output
    assert tree(target) == before  # every file, by name and bytes, and nothing added


@pytest.mark.parametrize("form", ["uri", "local"])
def test_a_target_that_is_a_file_is_refused_and_left_untouched(checkpoint, corpus, tmp_path, form):
    target = tmp_path / "a-file"
    target.write_bytes(b"someone's file")
    out = target.as_uri() if form == "uri" else target
    staging = ("--staging", tmp_path / "staging") if form == "uri" else ()
    code, output = invoke(*run_args(checkpoint, corpus, out, *OPTIONS, *staging))
    assert code == 2 and f"{out} is a file, not a run directory" in output, output
    assert target.read_bytes() == b"someone's file"


def test_a_uri_run_made_with_other_settings_is_refused_with_nothing_removed(checkpoint, corpus, tmp_path):
    remote = tmp_path / "bucket" / "run"
    probe(checkpoint, corpus, remote.as_uri(), "--limit", 3, "--staging", tmp_path / "a")
    plant(remote, {**FOREIGN, f"shards/{TEMP_PREFIX}gates-000009.parquet.partial-1": b"half"})
    before = tree(remote)
    args = run_args(checkpoint, corpus, remote.as_uri(), *OPTIONS, "--max-tokens", 16, "--staging", tmp_path / "b")
    code, output = invoke(*args)
    assert code == 2 and "holds a run made with other settings" in output and "--max-tokens" in output, output
    assert tree(remote) == before


def test_an_empty_uri_or_one_with_only_our_temporaries_is_a_new_run(checkpoint, corpus, tmp_path):
    remote = tmp_path / "bucket" / "run"
    plant(remote, {f"{TEMP_PREFIX}manifest.json.partial-1": b"a killed first push"})
    probe(checkpoint, corpus, remote.as_uri(), "--staging", tmp_path / "staging")
    assert not [name for name in tree(remote) if name.rpartition("/")[2].startswith(".")]
    assert_every_document_once(remote, N_DOCS)


def test_a_local_directory_with_only_a_lock_and_our_temporaries_is_a_new_run(checkpoint, corpus, tmp_path):
    """A run killed between taking its lock and renaming its manifest into place."""
    out = tmp_path / "run"
    plant(out, {LOCK: b"123\n", f"{TEMP_PREFIX}manifest.json.abcdefgh.partial": b"{", ".manifest.json.k2j3h4g5.partial": b"{"})
    probe(checkpoint, corpus, out)
    assert sorted(name for name in tree(out) if name.rpartition("/")[2].startswith(".")) == [LOCK]
    assert_every_document_once(out, N_DOCS)


# -- a run of ours with what killed writers left ---------------------------------------------------


STALE = {  # what killed writers of this version and earlier ones left, in a run of ours
    f"{TEMP_PREFIX}manifest.json.partial-12": b"half a manifest",
    f"shards/{TEMP_PREFIX}gates-000099.parquet.partial-12": b"half a shard",
    f"shards/{TEMP_PREFIX}docs-000099.parquet.abcdefgh.partial": b"half a docs file",
    f"aggregates/{TEMP_PREFIX}ngram_stats.parquet.partial-12": b"half an aggregate",
    "shards/.gates-000098.parquet.tmp-5": b"an earlier version's",
    "shards/.docs-000098.parquet.partial-5": b"an earlier version's",
    ".report.json.partial-5": b"an earlier version's",
}


@pytest.mark.parametrize("staging", ["fresh", "same"])
def test_a_uri_run_of_ours_loses_our_stale_temporaries_and_nothing_else(checkpoint, corpus, tmp_path, staging):
    remote = tmp_path / "bucket" / "run"
    probe(checkpoint, corpus, remote.as_uri(), "--limit", 5, "--staging", tmp_path / "a")
    plant(remote, {**FOREIGN, **STALE, "shards/README": b"a user's note among the shards"})
    kept = {name: data for name, data in tree(remote).items() if name not in STALE}
    probe(checkpoint, corpus, remote.as_uri(), "--staging", tmp_path / ("b" if staging == "fresh" else "a"))
    after = tree(remote)
    assert not set(STALE) & set(after)
    assert {name: after[name] for name in FOREIGN} == FOREIGN
    assert after["shards/README"] == kept["shards/README"]
    assert_every_document_once(remote, N_DOCS)


def test_a_local_run_of_ours_loses_our_stale_temporaries_and_nothing_else(checkpoint, corpus, tmp_path):
    out = tmp_path / "run"
    probe(checkpoint, corpus, out, "--limit", 5)
    # another `categorize`, writing now (pid 1 runs): its staging folder is left alone
    theirs = {**FOREIGN, ".categories.staged-1/enrichment.parquet": b"another command, writing now"}
    plant(out, {**theirs, **STALE})
    probe(checkpoint, corpus, out)
    after = tree(out)
    assert not set(STALE) & set(after)
    assert {name: after[name] for name in theirs} == theirs
    assert_every_document_once(out, N_DOCS)


def test_a_commit_killed_before_its_gates_rename_leaves_nothing_after_resume(checkpoint, corpus, tmp_path):
    """The docs file and checksum record of a shard whose gates shard never came: removed, here and at the URI."""
    remote = tmp_path / "bucket" / "run"
    probe(checkpoint, corpus, remote.as_uri(), "--limit", 5, "--staging", tmp_path / "a")
    last = committed_shards(remote)[-1]
    for root in (remote, tmp_path / "a"):  # what shard 90's commit wrote before it was killed: its docs file and record
        docs = root / "shards" / last.name.replace("gates-", "docs-")
        footer = {**pq.read_metadata(docs).metadata, SHARD_KEY.encode(): b"000090"}
        footer.pop(b"ARROW:schema")
        pq.write_table(pq.read_table(docs).replace_schema_metadata(footer), root / "shards" / "docs-000090.parquet")
        (root / "shards" / "sha256-000090.json").write_bytes(
            (root / "shards" / last.name.replace("gates-", "sha256-")).with_suffix(".json").read_bytes()
        )
    with warnings.catch_warnings():
        warnings.simplefilter("error", RunWarning)  # leftovers are no damage: no warning
        probe(checkpoint, corpus, remote.as_uri(), "--staging", tmp_path / "a")
    assert not (remote / "shards" / "docs-000090.parquet").exists() and not (remote / "shards" / "sha256-000090.json").exists()
    assert_no_orphans(remote)
    assert_every_document_once(remote, N_DOCS)


# -- lost and damaged shards ---------------------------------------------------------------------


@pytest.mark.parametrize("staging", ["fresh", "same"])
@pytest.mark.parametrize("lost", ["docs", "gates", "sha256"])
def test_a_shard_object_lost_at_a_uri_leaves_every_row_once_and_no_orphan(checkpoint, corpus, whole, tmp_path, staging, lost):
    remote = tmp_path / "bucket" / "run"
    probe(checkpoint, corpus, remote.as_uri(), "--staging", tmp_path / "a")
    ext = "json" if lost == "sha256" else "parquet"
    (remote / "shards" / f"{lost}-000001.{ext}").unlink()
    resumed = tmp_path / ("b" if staging == "fresh" else "a")
    named = {"docs": "gates-000001.parquet has lost its documents", "sha256": "sha256-000001.json is missing"}
    if lost == "docs" or (lost == "sha256" and staging == "fresh"):  # a lost record: the shard cannot be checked
        with pytest.warns(RunWarning, match=named[lost]):
            probe(checkpoint, corpus, remote.as_uri(), "--staging", resumed)
    else:  # a lost gates shard leaves an uncommitted docs file; a lost record is sent again from staging
        probe(checkpoint, corpus, remote.as_uri(), "--staging", resumed)
    assert_no_orphans(remote)
    assert_glob_sees_each_row_once(remote)
    assert_every_document_once(remote, N_DOCS)
    assert_same_gates(remote, whole)
    assert {n: d for n, d in tree(remote).items() if n != LOCK} == {n: d for n, d in tree(resumed).items() if n != LOCK}
    if lost == "docs" and staging == "same":
        assert report(remote)["this_session"]["documents"] == 0  # sent again from the staging copy, not probed


@pytest.mark.parametrize("kind", ["docs", "gates"])
@pytest.mark.parametrize("where", ["local", "uri", "staged"])
def test_a_shard_whose_bytes_changed_is_named_and_probed_again(checkpoint, corpus, whole, tmp_path, kind, where):
    """local: a run directory; uri: the copy at the URI, resumed by another machine; staged: the
    staging directory's copy, resumed on this machine."""
    remote, staging = tmp_path / "bucket" / "run", tmp_path / "a"
    if where == "local":
        out = home = tmp_path / "run"
        probe(checkpoint, corpus, out)
        resume = ()
    else:
        out, home = remote.as_uri(), remote if where == "uri" else staging
        probe(checkpoint, corpus, out, "--staging", staging)
        resume = ("--staging", tmp_path / "b" if where == "uri" else staging)
    damaged = home / "shards" / f"{kind}-000002.parquet"
    documents = pq.read_metadata(damaged.with_name("docs-000002.parquet")).num_rows
    flip(damaged)
    with pytest.warns(RunWarning, match=rf"{kind}-000002\.parquet does not have the sha256 recorded") as caught:
        probe(checkpoint, corpus, out, *resume)
    assert any("probed again" in str(w.message) for w in caught)
    assert not any("differs from its staged copy" in str(w.message) for w in caught)  # the damaged copy is the one named
    result = tmp_path / "run" if where == "local" else remote
    session = report(result)["this_session"]
    assert session["documents"] == documents and session["resumed_skip"] == N_DOCS - documents
    assert any(f"{kind}-000002.parquet" in line for line in session["repaired"])
    assert_no_orphans(result)
    assert_glob_sees_each_row_once(result)
    assert_every_document_once(result, N_DOCS)
    assert_same_gates(result, whole)
    assert all(shard_problem(gates) is None for gates in committed_shards(result))


def test_a_uri_copy_that_differs_from_the_staged_one_is_sent_again(checkpoint, corpus, whole, tmp_path):
    remote, staging = tmp_path / "bucket" / "run", tmp_path / "a"
    probe(checkpoint, corpus, remote.as_uri(), "--staging", staging)
    flip(remote / "shards" / "gates-000001.parquet")
    with pytest.warns(RunWarning, match="gates-000001.parquet differs from its staged copy"):
        probe(checkpoint, corpus, remote.as_uri(), "--staging", staging)
    assert report(remote)["this_session"]["documents"] == 0
    assert (remote / "shards" / "gates-000001.parquet").read_bytes() == (staging / "shards" / "gates-000001.parquet").read_bytes()
    assert_same_gates(remote, whole)


def test_a_garbled_shard_of_a_run_from_before_checksums_is_probed_again(checkpoint, corpus, whole, tmp_path):
    """Without a checksum record a shard is checked by its footer and its documents."""
    out = tmp_path / "run"
    probe(checkpoint, corpus, out)
    for record in (out / "shards").glob("sha256-*.json"):
        record.unlink()
    (out / "shards" / "docs-000001.parquet").write_bytes(b"PAR1 garbled PAR1")
    with pytest.warns(RunWarning, match="docs-000001|gates-000001"):
        probe(checkpoint, corpus, out)
    assert_every_document_once(out, N_DOCS)
    assert_same_gates(out, whole)


# -- runs from before this version -------------------------------------------------------------------


@pytest.mark.parametrize("form", ["local", "uri"])
def test_a_run_written_before_checksums_resumes_and_reads(checkpoint, corpus, whole, tmp_path, form):
    remote, staging = tmp_path / "bucket" / "run", tmp_path / "a"
    out, homes = (tmp_path / "run", [tmp_path / "run"]) if form == "local" else (remote.as_uri(), [remote, staging])
    extra = ("--staging", staging) if form == "uri" else ()
    probe(checkpoint, corpus, out, "--limit", 6, *extra)
    for home in homes:  # as an earlier version wrote it: no checksum records, its temporary names
        for record in [*home.glob("shards/sha256-*.json"), *home.glob("aggregates/*.sha256")]:
            record.unlink()
        plant(home, {"shards/.gates-000077.parquet.tmp-3": b"half"})
    assert stored_aggregate(homes[0], "ngram_stats") is not None  # its aggregates still read
    assert check_run(homes[0]).manifest
    with warnings.catch_warnings():
        warnings.simplefilter("error", RunWarning)  # nothing is damaged: nothing is removed
        probe(checkpoint, corpus, out, *(("--staging", tmp_path / "b") if form == "uri" else ()))
    result = homes[0]
    assert report(result)["complete"] and report(result)["this_session"]["resumed_skip"] == 6
    assert not (result / "shards" / ".gates-000077.parquet.tmp-3").exists()
    assert_every_document_once(result, N_DOCS)
    assert_same_gates(result, whole)


def test_a_writer_refuses_a_corrupt_checksum_record_as_damage_not_a_crash(tmp_path, checkpoint, corpus):
    out = tmp_path / "run"
    probe(checkpoint, corpus, out, "--limit", 6)
    (out / "shards" / "sha256-000000.json").write_text("[1, 2]")
    manifest = json.loads((out / MANIFEST).read_text())
    with pytest.warns(RunWarning, match="sha256-000000.json is unreadable"):
        with RunWriter(out, manifest) as writer:
            assert "gates-000000.parquet" not in {p.name for p in committed_shards(out)}
            assert writer.repairs


# -- derived data ----------------------------------------------------------------------------------


def garble(path, how: str) -> None:
    if how == "junk":
        path.write_bytes(b"not a parquet file at all")
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "truncated":
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    elif how == "flipped":
        flip(path, 0.3)
    elif how == "flipped-footer":
        flip(path, 0.97)
    elif how == "record":  # the file is whole; its checksum record is not
        path.with_suffix(".sha256").write_text("0" * 64 + "\n")
    elif how == "legacy-junk":  # from before checksum records, and garbled
        path.with_suffix(".sha256").unlink()
        path.write_bytes(b"PAR1 garbled PAR1")


def rows(path) -> list[list]:
    """A CSV's rows, numbers as floats (a recomputed mean may differ in its last bit)."""

    def cell(value):
        try:
            return pytest.approx(float(value), rel=1e-9, abs=1e-12)
        except ValueError:
            return value

    with open(path, newline="") as f:
        return [[cell(v) for v in row] for row in csv.reader(f)]


@pytest.mark.parametrize("how", ["junk", "empty", "truncated", "flipped", "flipped-footer", "record", "legacy-junk"])
def test_garbled_aggregates_are_computed_again_by_top_export_and_the_app(checkpoint, corpus, tmp_path, how):
    out = tmp_path / "run"
    probe(checkpoint, corpus, out)
    assert layer_top_ngrams(out, n=2).num_rows  # the app's first page stores its table too
    code, top_before = invoke("top", out, "--n", 4, "--examples", 2)
    assert code == 0, top_before
    expected = {}
    for table in ("ngram_stats", "gate_histogram"):
        assert invoke("export", out, "--table", table, "--out", tmp_path / f"{table}.csv")[0] == 0
        expected[table] = rows(tmp_path / f"{table}.csv")
    app = {"top": layer_top_ngrams(out, n=2), "table": ngram_table(out, limit=20), "histogram": gate_histogram(out)}
    stats = ngram_stats(out, min_count=2)
    aggregates = sorted((out / "aggregates").glob("*.parquet"))
    assert {p.stem for p in aggregates} == {"ngram_stats", "gate_histogram", "top_ngrams"}
    for path in aggregates:
        garble(path, how)

    code, top_after = invoke("top", out, "--n", 4, "--examples", 2)
    assert code == 0 and top_after == top_before, top_after
    for table in ("ngram_stats", "gate_histogram"):
        code, output = invoke("export", out, "--table", table, "--out", tmp_path / f"{table}-again.csv")
        assert code == 0, output
        assert rows(tmp_path / f"{table}-again.csv") == expected[table]
    assert any("damaged" in warning for warning in check_run(out).warnings)
    assert _same(ngram_stats(out, min_count=2), stats)
    assert _same(gate_histogram(out), app["histogram"]) and _same(ngram_table(out, limit=20), app["table"])
    assert _same(layer_top_ngrams(out, n=2), app["top"])
    key = {"n": 2, "sort": "lower_bound", "min_count": 3, "longest_only": True, "scan": 20_000}
    assert stored_aggregate(out, "top_ngrams", key) is not None  # the app's table, computed again, is stored whole again
    # resuming the finished run rewrites them whole
    probe(checkpoint, corpus, out)
    assert stored_aggregate(out, "ngram_stats") is not None and stored_aggregate(out, "gate_histogram") is not None
    assert not any("damaged" in warning for warning in check_run(out).warnings)


def _same(a: pa.Table, b: pa.Table) -> bool:
    """Equal tables, floats nearly (a recomputed mean may differ in its last bit)."""
    return a.schema.remove_metadata() == b.schema.remove_metadata() and _close(a.to_pylist(), b.to_pylist())


def _close(a, b) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):
        return a == pytest.approx(b, rel=1e-9, abs=1e-12)
    return a == b


def test_aggregates_that_cannot_be_computed_name_the_command_that_rebuilds_them(checkpoint, corpus, tmp_path):
    out = tmp_path / "run"
    probe(checkpoint, corpus, out)
    garble(out / "aggregates" / "ngram_stats.parquet", "junk")
    (out / "shards" / "gates-000001.parquet").write_bytes(b"PAR1 garbled PAR1")
    with pytest.raises(RunError, match=r"ngram_stats.*engram-probe run .*--out .*run"):
        ngram_stats(out)


# -- links inside a run ------------------------------------------------------------------------------

# every path of a run its writer writes or removes, each linked in turn to a copy of itself outside
LINKED = (
    AGGREGATES,
    LOCK,
    MANIFEST,
    REPORT,
    "shards",
    "shards/gates-000001.parquet",
    "shards/docs-000001.parquet",
    "shards/sha256-000001.json",
    "aggregates/ngram_stats.parquet",
    "aggregates/ngram_stats.sha256",
)


@pytest.mark.parametrize("linked", LINKED)
def test_a_link_inside_a_run_is_refused_and_what_it_points_to_is_untouched(checkpoint, corpus, tmp_path, linked):
    out, outside = tmp_path / "run", tmp_path / "outside"
    probe(checkpoint, corpus, out, "--limit", 5, "--no-categorize")  # a partial run: resuming it writes
    outside.mkdir()
    shutil.move(out / linked, outside / "target")  # the real file or folder, moved out and linked back
    (out / linked).symlink_to(outside / "target")
    before, run_before = tree(outside), tree(out)
    code, output = invoke(*run_args(checkpoint, corpus, out, *OPTIONS, "--no-categorize"))
    assert code == 2 and f"{out / linked} is a symbolic link inside {out}" in output and "remove the link" in output, output
    assert "Traceback" not in output
    assert tree(outside) == before and tree(out) == run_before


@pytest.mark.parametrize("linked", [LOCK, MANIFEST, AGGREGATES, "shards"])
def test_a_link_in_an_empty_target_is_refused_and_what_it_points_to_is_untouched(checkpoint, corpus, tmp_path, linked):
    out, outside = tmp_path / "run", tmp_path / "outside"
    plant(outside, {"file": b"someone else's file\n", "folder/file": b"theirs\n"})
    out.mkdir()
    (out / linked).symlink_to(outside / ("folder" if linked in (AGGREGATES, "shards") else "file"))
    before = tree(outside)
    code, output = invoke(*run_args(checkpoint, corpus, out, *OPTIONS, "--no-categorize"))
    assert code == 2 and f"{out / linked} is a symbolic link inside {out}" in output, output
    assert tree(outside) == before


def test_an_aggregate_is_never_written_through_a_link_made_after_the_run(checkpoint, corpus, tmp_path):
    out, outside = tmp_path / "run", tmp_path / "outside"
    probe(checkpoint, corpus, out, "--no-categorize")
    shutil.move(out / AGGREGATES, outside)
    (out / AGGREGATES).symlink_to(outside)
    before = tree(outside)
    assert layer_top_ngrams(out, n=2).num_rows  # the app computes it, and does not store it there
    with pytest.raises(LinkedPathError, match=f"{out / AGGREGATES} is a symbolic link"):
        store_aggregate(out, "ngram_stats", ngram_stats(out), [p.name for p in committed_shards(out)])
    assert tree(outside) == before


# -- strict JSON ---------------------------------------------------------------------------------------


def hostile_json(rng: random.Random, depth: int = 0):
    """A JSON-like value with NaN, infinities and numpy scalars among plain values."""
    leaves = [float("nan"), float("inf"), -float("inf"), np.float32("nan"), np.float64("-inf"), np.float32(0.25),
              np.int64(7), 1.5, -0.0, 3, None, True, "NaN", "x"]  # fmt: skip
    if depth >= 3 or rng.random() < 0.3:
        return rng.choice(leaves)
    if rng.random() < 0.5:
        return [hostile_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {f"k{i}": hostile_json(rng, depth + 1) for i in range(rng.randint(0, 4))}


def finite_or_none(value):
    """What strict JSON holds for `value`: a non-finite number is null."""
    if isinstance(value, (np.floating, np.integer)):
        value = value.item()
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (list, tuple)):
        return [finite_or_none(v) for v in value]
    if isinstance(value, dict):
        return {k: finite_or_none(v) for k, v in value.items()}
    return value


def strict_parse(text: str):
    def refuse(constant):
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


def test_the_json_a_run_writes_is_strict(tmp_path):
    rng = random.Random(44)
    for i in range(200):
        data = {"value": hostile_json(rng)}
        write_json(tmp_path / "x.json", data)
        assert strict_parse((tmp_path / "x.json").read_text()) == finite_or_none(data), i
