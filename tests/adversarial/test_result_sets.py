"""Results of several files are committed as a set: `categorize` stopped before any of its files,
or between the renames that swap its folder into place, leaves a reader the old set whole (or,
between the renames, no set), never new files beside old ones; the next categorize leaves the new
set whole and no leftover. A linked `categories/` is refused, what it points to untouched."""

import json
import pathlib
import shutil
import subprocess

import pyarrow.parquet as pq
import pytest

from adversarial.test_run_integrity import tree
from engram_model.corpus import Document
from engram_model.files import LinkedPathError
from probe import ProbeOptions, categorize_run, probe_corpus
from probe.categorize.run import CATEGORIES

SET = ("enrichment.parquet", "labelled_positions.parquet", "enrichment.html", "enrichment.json", "options.json")
OLD = dict(top_fraction=0.2, n_boot=10, seed=0, categorizer="rules")
NEW = dict(top_fraction=0.1, n_boot=10, seed=1, categorizer="rules")
TEXTS = [
    "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle.",
    "Permission is hereby granted, free of charge, to any person obtaining a copy of this software.",
    "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n",
]


class Killed(Exception):
    """Stands for the kill: raised where the writer would have died."""


@pytest.fixture(scope="module")
def categorized(model, tmp_path_factory):
    """A run categorized once (the old set)."""
    out = tmp_path_factory.mktemp("sets") / "run"
    documents = [Document(f"doc{i}", text, domain=("prose", "code")[i % 2]) for i, text in enumerate(TEXTS * 2)]
    manifest = {"model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
    probe_corpus(model, documents, out, manifest, ProbeOptions(categorize=False), show_progress=False)
    categorize_run(out, **OLD)
    return out


def seen(run) -> dict[str, bytes] | None:
    """What a reader of the run's categories finds: each file's bytes, None when there is no folder."""
    folder = run / CATEGORIES
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else None


def leftovers(run) -> list[str]:
    return sorted(p.name for p in run.iterdir() if p.name.startswith(f".{CATEGORIES}."))


def assert_new_set_whole(run) -> None:
    assert sorted(seen(run)) == sorted(SET)
    options = json.loads((run / CATEGORIES / "options.json").read_text())
    assert {key: options[key] for key in NEW} == NEW
    table = pq.read_table(run / CATEGORIES / "enrichment.parquet")
    labelled = pq.read_table(run / CATEGORIES / "labelled_positions.parquet")
    assert max(table.column("n_top").to_pylist()) <= labelled.num_rows  # counted from the positions beside it


@pytest.mark.parametrize("kill_before", range(len(SET)))
def test_categorize_killed_before_any_file_leaves_the_old_set_whole(categorized, tmp_path, monkeypatch, kill_before):
    run = tmp_path / "run"
    shutil.copytree(categorized, run)
    old = seen(run)
    started, views = [], []
    write_table, write_text = pq.write_table, pathlib.Path.write_text

    def starting(path) -> None:
        """A file of the set is about to be written: what a reader sees now; the kill, at the chosen one."""
        name = pathlib.Path(path).name
        if name in SET and name not in started:
            started.append(name)
            views.append(seen(run))
            if len(started) == kill_before + 1:
                raise Killed(name)

    monkeypatch.setattr(pq, "write_table", lambda table, where, *a, **k: (starting(where), write_table(table, where, *a, **k)))
    monkeypatch.setattr(pathlib.Path, "write_text", lambda self, *a, **k: (starting(self), write_text(self, *a, **k))[1])
    with pytest.raises(Killed):
        categorize_run(run, **NEW)
    monkeypatch.undo()
    assert len(started) == kill_before + 1
    assert all(view == old for view in views) and seen(run) == old
    assert leftovers(run) == []
    categorize_run(run, **NEW)
    assert_new_set_whole(run)
    assert leftovers(run) == []


def test_categorize_killed_between_the_renames_shows_no_mix_and_the_next_one_recovers(categorized, tmp_path, monkeypatch):
    run = tmp_path / "run"
    shutil.copytree(categorized, run)
    old = seen(run)
    rename, renames = pathlib.Path.rename, []

    def killed_at_the_second(self, target):
        renames.append(self.name)
        if len(renames) == 2:  # the old folder is aside, the new one not yet in place
            raise Killed(self.name)
        return rename(self, target)

    monkeypatch.setattr(pathlib.Path, "rename", killed_at_the_second)
    with pytest.raises(Killed):
        categorize_run(run, **NEW)
    monkeypatch.undo()
    assert seen(run) is None  # no set at all, never a mix
    # as a killed process leaves it: the old set aside under the name of a process that has ended
    [aside] = [name for name in leftovers(run) if ".replaced-" in name]
    ended = subprocess.Popen(["true"])
    ended.wait()
    (run / aside).rename(run / f".{CATEGORIES}.replaced-{ended.pid}")
    (run / f".{CATEGORIES}.staged-{ended.pid}").mkdir()
    (run / f".{CATEGORIES}.staged-{ended.pid}" / "enrichment.parquet").write_bytes(b"half written")
    categorize_run(run, **NEW)
    assert_new_set_whole(run)
    assert seen(run) != old and leftovers(run) == []


def test_a_linked_categories_folder_is_refused_and_what_it_points_to_untouched(categorized, tmp_path):
    run, outside = tmp_path / "run", tmp_path / "outside"
    shutil.copytree(categorized, run)
    shutil.move(run / CATEGORIES, outside)
    (run / CATEGORIES).symlink_to(outside)
    before = tree(outside)
    with pytest.raises(LinkedPathError, match=f"{run / CATEGORIES} is a symbolic link inside {run}"):
        categorize_run(run, **NEW)
    assert tree(outside) == before and leftovers(run) == []
