"""A run's parts belong to it: every shard file and aggregate carries the run's id and corpus
hash, and one copied in from another run (of the same corpus or another; as a whole shard, its
gates or documents alone, over a shard of the run or as the next sequence number; an aggregate
with or without its checksum record) is refused by name by resuming, `top`, `export` and the
app's queries, the run left byte for byte as it was. Removing what the refusal names makes the
run whole again. A run made before runs had an id reads as before and is given one, its shards
pinned, when it is resumed."""

import itertools
import json
import re
import shutil

import pyarrow.parquet as pq
import pytest

from adversarial.test_run_integrity import OPTIONS, assert_same_gates, report, strict_parse, tree
from adversarial.test_runs import assert_every_document_once, invoke, run_args, write_corpus
from engram_model import save_model
from engram_model.files import sha256_of
from probe.runs.aggregate import gate_histogram, ngram_stats, stored_aggregate
from probe.runs.artefacts import check_run
from probe.runs.queries import document_list, layer_top_ngrams, ngram_table, overview
from probe.runs.store import (
    CORPUS_KEY,
    LEGACY_SHARDS,
    LOCK,
    MANIFEST,
    RUN_ID_KEY,
    SHARD_KEY,
    RunError,
    committed_shards,
    read_manifest,
    stamp,
)

N_DOCS = 8
NO_CATEGORIES = ("--no-categorize",)


@pytest.fixture(scope="module")
def runs(model, tmp_path_factory):
    """(checkpoint, corpus, {name: run}): this run, another run of the same corpus, a run of
    another corpus (the same documents and one more), each complete with the app's aggregate too."""
    root = tmp_path_factory.mktemp("provenance")
    checkpoint = save_model(model, root / "ckpt")
    corpus = write_corpus(root / "c.jsonl", N_DOCS)
    other = write_corpus(root / "other.jsonl", N_DOCS + 1)
    made = {}
    for name, text in (("own", corpus), ("same_corpus", corpus), ("other_corpus", other)):
        made[name] = root / name
        code, output = invoke(*run_args(checkpoint, text, made[name], *OPTIONS, *NO_CATEGORIES))
        assert code == 0, output
        layer_top_ngrams(made[name], n=2)
    assert len(committed_shards(made["own"])) >= 3, "too few shards to replace one in the middle; lower --shard-tokens"
    return checkpoint, corpus, made


def ours(run) -> dict[str, bytes]:
    """Every file of the run, but the lock file (a refused writer still takes the lock to look)."""
    return {name: data for name, data in tree(run).items() if name != LOCK}


def resume(runs, run) -> tuple[int, str]:
    checkpoint, corpus, _ = runs
    return invoke(*run_args(checkpoint, corpus, run, *OPTIONS, *NO_CATEGORIES))


def named_for_removal(message: str) -> list[str]:
    """The files a refusal says to remove: `remove A, B (copied in: ...`."""
    return re.search(r"remove (.+?) \(copied in:", message).group(1).split(", ")


def assert_refused_everywhere(runs, run, tmp_path, foreign: list[str]) -> str:
    """Resuming, top, export and the app's queries each refuse the run naming a foreign part,
    and leave every file as it was. Returns the resume's message."""
    before = ours(run)
    code, message = resume(runs, run)
    assert code == 2 and any(name in message for name in foreign), message
    assert "Traceback" not in message and "remove" in message
    out = tmp_path / "export.csv"
    for command in (["top", run, "--n", 3], *(["export", run, "--table", t, "--out", out] for t in ("gates", "ngram_stats"))):
        code, output = invoke(*command)  # a reader's refusal of its input: one line, exit status 1
        assert code == 1 and output.startswith("error: ") and any(name in output for name in foreign), output
        assert not out.exists()
    readers = [
        check_run,
        overview,
        document_list,
        ngram_stats,
        gate_histogram,
        lambda r: ngram_table(r, limit=5),
        lambda r: layer_top_ngrams(r, n=2),
    ]
    for read in readers:
        with pytest.raises(RunError) as refusal:
            read(run)
        assert any(name in str(refusal.value) for name in foreign), str(refusal.value)
    assert ours(run) == before
    return message


def assert_whole_again(runs, run, message: str) -> None:
    """Removing what the refusal names, then resuming, gives the run as it was made."""
    for name in named_for_removal(message):
        (run / name).unlink()
    code, output = resume(runs, run)
    assert code == 0, output
    assert report(run)["complete"]
    assert_every_document_once(run, N_DOCS)
    assert_same_gates(run, runs[2]["own"])
    assert check_run(run).manifest["run_id"] == read_manifest(runs[2]["own"])["run_id"]


def shard_names(seq: int) -> dict[str, str]:
    return {"docs": f"docs-{seq:06d}.parquet", "sha256": f"sha256-{seq:06d}.json", "gates": f"gates-{seq:06d}.parquet"}


# every way a shard of another run comes in: from which run, which of its files, under which sequence
# number; and the run's own middle shard copied under another number (its documents twice)
DONORS = ("same_corpus", "other_corpus")
COPIED = (("docs", "sha256", "gates"), ("gates",), ("docs",), ("gates", "sha256"), ("docs", "sha256"))
TARGETS = ("next", "gap", "over-first", "over-middle", "over-last")
CASES = [case for case in itertools.product((*DONORS, "own"), COPIED, TARGETS) if case[::2] != ("own", "over-middle")]


@pytest.mark.parametrize("donor, copied, target", CASES, ids=lambda v: "+".join(v) if isinstance(v, tuple) else v)
def test_a_shard_of_another_run_is_refused_by_name_and_the_run_left_as_it_was(runs, tmp_path, donor, copied, target):
    run = tmp_path / "run"
    shutil.copytree(runs[2]["own"], run)
    own_seqs = [int(p.name[6:12]) for p in committed_shards(run)]
    donor_shards = committed_shards(runs[2][donor])
    donor_seq = int(donor_shards[len(donor_shards) // 2].name[6:12])
    seq = {
        "next": own_seqs[-1] + 1,
        "gap": own_seqs[-1] + 40,
        "over-first": own_seqs[0],
        "over-middle": own_seqs[len(own_seqs) // 2],
        "over-last": own_seqs[-1],
    }[target]
    foreign = []
    for kind in copied:
        source = runs[2][donor] / "shards" / shard_names(donor_seq)[kind]
        shutil.copy(source, run / "shards" / shard_names(seq)[kind])
        if kind != "sha256":
            foreign.append(f"shards/{shard_names(seq)[kind]}")
    message = assert_refused_everywhere(runs, run, tmp_path, foreign)
    assert sorted(named_for_removal(message)) == sorted(foreign)
    assert_whole_again(runs, run, message)


AGGREGATES = ("ngram_stats", "gate_histogram", "top_ngrams")


@pytest.mark.parametrize("donor", DONORS)
@pytest.mark.parametrize("which", [*AGGREGATES, "all"])
@pytest.mark.parametrize("record", ["with-record", "without-record"])
def test_an_aggregate_of_another_run_is_refused_by_name(runs, tmp_path, donor, which, record):
    run = tmp_path / "run"
    shutil.copytree(runs[2]["own"], run)
    names = AGGREGATES if which == "all" else (which,)
    for name in names:
        for suffix in (".parquet", ".sha256") if record == "with-record" else (".parquet",):
            shutil.copy(runs[2][donor] / "aggregates" / f"{name}{suffix}", run / "aggregates" / f"{name}{suffix}")
    foreign = [f"aggregates/{name}.parquet" for name in names]
    message = assert_refused_everywhere(runs, run, tmp_path, foreign)
    assert sorted(named_for_removal(message)) == sorted(foreign)
    assert_whole_again(runs, run, message)


def test_every_part_a_run_writes_carries_its_id_and_corpus(runs):
    run = runs[2]["own"]
    manifest = read_manifest(run)
    assert re.fullmatch(r"[0-9a-f]{32}", manifest["run_id"])
    assert manifest["run_id"] != read_manifest(runs[2]["same_corpus"])["run_id"]
    parts = [*run.glob("shards/*.parquet"), *run.glob("aggregates/*.parquet")]
    assert {p.parent.name for p in parts} == {"shards", "aggregates"}
    for path in parts:
        shard = {SHARD_KEY: path.name[-14:-8]} if path.parent.name == "shards" else {}  # its sequence number
        assert stamp(path) == {RUN_ID_KEY: manifest["run_id"], CORPUS_KEY: manifest["corpus_hash"], **shard}, path
    for path in [run / MANIFEST, run / "report.json", *run.glob("shards/*.json")]:  # strict JSON, all of them
        assert isinstance(strict_parse(path.read_text()), dict), path


def test_resuming_keeps_the_run_id(runs, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(runs[2]["own"], run)
    before = read_manifest(run)["run_id"]
    assert resume(runs, run)[0] == 0
    assert read_manifest(run)["run_id"] == before


# -- runs made before runs had an id -------------------------------------------------------------


def strip_provenance(run) -> None:
    """Make `run` as an earlier version wrote it: no run id in the manifest, no stamps in the footers."""
    manifest = json.loads((run / MANIFEST).read_text())
    del manifest["run_id"]
    (run / MANIFEST).write_text(json.dumps(manifest))
    for path in [*run.glob("shards/*.parquet"), *run.glob("aggregates/*.parquet")]:
        dropped = (RUN_ID_KEY.encode(), CORPUS_KEY.encode(), b"ARROW:schema")
        kept = {k: v for k, v in pq.read_metadata(path).metadata.items() if k not in dropped}
        pq.write_table(pq.read_table(path).replace_schema_metadata(kept), path)
    for record in run.glob("shards/sha256-*.json"):
        seq = record.name[7:13]
        sums = {name: sha256_of(run / "shards" / name) for name in (f"docs-{seq}.parquet", f"gates-{seq}.parquet")}
        record.write_text(json.dumps(sums))
    for path in run.glob("aggregates/*.parquet"):
        path.with_suffix(".sha256").write_text(f"{sha256_of(path)}  {path.name}\n")


@pytest.fixture
def legacy(runs, tmp_path):
    """Runs as an earlier version wrote them: this one and one of another corpus."""
    made = {}
    for name in ("own", "other_corpus"):
        made[name] = tmp_path / f"legacy-{name}"
        shutil.copytree(runs[2][name], made[name])
        strip_provenance(made[name])
    return made


def test_a_run_from_before_ids_reads_with_a_note_and_is_given_an_id_when_resumed(runs, legacy, tmp_path):
    run = legacy["own"]
    assert any("before runs recorded an id" in warning for warning in check_run(run).warnings)
    assert stored_aggregate(run, "ngram_stats") is not None  # its aggregates are read as before
    code, top = invoke("top", run, "--n", 3)
    assert code == 0, top
    code, output = resume(runs, run)
    assert code == 0, output
    manifest = read_manifest(run)
    assert re.fullmatch(r"[0-9a-f]{32}", manifest["run_id"])
    shard_files = sorted(p.relative_to(run).as_posix() for p in run.glob("shards/*.parquet"))
    assert sorted(manifest[LEGACY_SHARDS]) == shard_files
    assert not any("before runs recorded an id" in warning for warning in check_run(run).warnings)
    assert invoke("top", run, "--n", 3) == (0, top)
    assert stamp(run / "aggregates" / "ngram_stats.parquet")[RUN_ID_KEY] == manifest["run_id"]  # rewritten by the resume
    assert_every_document_once(run, N_DOCS)


# unstamped over unstamped in a run without an id is not among them: nothing tells those apart, which is
# why resuming such a run pins its shards
@pytest.mark.parametrize("resumed, donor", [(False, "stamped"), (True, "stamped"), (True, "legacy")])
def test_a_run_from_before_ids_refuses_a_shard_of_another_run(runs, legacy, tmp_path, resumed, donor):
    run = legacy["own"]
    if resumed:
        assert resume(runs, run)[0] == 0  # its shards are now pinned by sha256
    # the other corpus's last shard holds a document this corpus lacks (its first ones are byte for byte
    # this run's: the same documents probed the same way, which is no foreign part)
    source = (legacy["other_corpus"] if donor == "legacy" else runs[2]["other_corpus"]) / "shards"
    name = committed_shards(run)[1].name
    shutil.copy(sorted(source.glob("gates-*.parquet"))[-1], run / "shards" / name)
    assert_refused_everywhere(runs, run, tmp_path, [f"shards/{name}"])


@pytest.mark.parametrize(
    "field, value",
    [("run_id", v) for v in (123, True, [], {}, "", "0" * 31, "G" * 32, "A" * 32, "0" * 32 + "\n", "x" * 10_000)]
    + [(LEGACY_SHARDS, v) for v in ([], "x", {"shards/gates-000000.parquet": 1}, {"a": None})],
)
def test_a_manifest_with_a_provenance_no_run_writes_is_refused_by_name(runs, tmp_path, field, value):
    run = tmp_path / "run"
    shutil.copytree(runs[2]["own"], run)
    manifest = json.loads((run / MANIFEST).read_text())
    (run / MANIFEST).write_text(json.dumps({**manifest, field: value}))
    before = ours(run)
    code, output = resume(runs, run)
    assert code == 2 and f"{run / MANIFEST}: its {field}" in output and "Traceback" not in output, output
    code, output = invoke("top", run)
    assert code == 1 and f"{run / MANIFEST}: its {field}" in output, output
    with pytest.raises(RunError, match=field):
        overview(run)
    assert ours(run) == before
