"""Temporaries of killed writers (issue #44, section 7): a checkpoint save, a copy (`train
--export`) or a training run killed mid-write leaves `.NAME.PURPOSE-PID` folders and
`.NAME.PID.*.partial` files that a later process, with another pid, must clear, and a kill
between `replace_directory`'s two renames leaves the only complete copy at
`.NAME.replaced-PID`, which must come back. The leftovers here are made by real processes that
run our writers and are killed (or exit) mid-write, over generated target names; what a writer
that still runs holds is left alone."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import documents, small_train_config

from engram_model import load_model, save_model
from engram_model.checkpoint import copy_checkpoint
from engram_model.files import process_running, remove_leftovers
from engram_model.train import train

# hostile and ordinary target names: regex metacharacters, spaces, dots, dashes, non-ASCII
NAMES = ["ckpt", "my model", "a.b", "x-1", "ünïcødé", "[a]+(b)?*", "final.v2-3"]

# a writer of TARGET that stops mid-write, the way each of ours can be killed: its staging
# folder half written; replace_directory between its renames (the old copy set aside, the new
# one not yet in place); write_atomically with its temporary half written
WRITER = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from engram_model.files import replace_directory, staging_directory, write_atomically

    kind, target = sys.argv[1], Path(sys.argv[2])

    def ready():
        print("ready", flush=True)
        if sys.argv[3] == "stay":
            time.sleep(600)  # until the test kills it
        os._exit(0)  # at once, as a kill would: no `finally` of the writer runs

    if kind == "staging":
        (staging_directory(target, "saving") / "model.safetensors").write_bytes(b"half a model")
    elif kind == "replaced":
        try:  # the second rename fails, as if killed just before it: `target` is set aside and nothing replaces it
            replace_directory(target.with_name("never-written"), target)
        except FileNotFoundError:
            pass
    else:
        write_atomically(target, lambda temporary: (temporary.write_bytes(b"half"), ready()))
    ready()
    """
)


def interrupted_writer(kind: str, target: Path, stay: bool) -> subprocess.Popen:
    """A real process that leaves what a `kind` writer of `target` leaves, then waits (`stay`) or dies."""
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, kind, str(target), "stay" if stay else "exit"], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout.readline() == "ready\n"
    return process


def dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    assert not process_running(process.pid)
    return process.pid


def old_checkpoint(target: Path) -> dict[str, bytes]:
    target.mkdir()
    (target / "manifest.json").write_text('{"format_version": 1, "files": {}}')
    return {p.name: p.read_bytes() for p in target.iterdir()}


def beside(target: Path) -> list[str]:
    return sorted(p.name for p in target.parent.iterdir())


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("kind", ["staging", "replaced", "partial"])
def test_a_killed_writers_leftover_is_kept_while_it_runs_and_cleared_once_it_is_dead(tmp_path, name, kind):
    target = tmp_path / name
    before = old_checkpoint(target)
    writer = interrupted_writer(kind, target, stay=True)
    try:
        left = [n for n in beside(target) if n != name]
        assert len(left) == 1 and str(writer.pid) in left[0], left
        assert remove_leftovers(target) == [] and len(beside(target)) == len(left) + (name in beside(target))
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    restored = remove_leftovers(target)
    assert beside(target) == [name], "nothing of the killed writer is left"
    assert {p.name: p.read_bytes() for p in target.iterdir()} == before, "the complete copy is the one that stays"
    assert bool(restored) == (kind == "replaced")


@pytest.mark.parametrize("name", NAMES)
def test_only_a_targets_own_leftovers_of_dead_pids_are_touched(tmp_path, name):
    target = tmp_path / name
    dead, alive = dead_pid(), os.getpid()
    ours = [f".{name}.saving-{dead}", f".{name}.copying-{dead}", f".{name}.replaced-{dead}", f".{name}.{dead}.k2j3h4g5.partial"]
    kept = [
        f".{name}.saving-{alive}",  # a writer that runs
        f".{name}.{alive}.abcdefgh.partial",
        f".{name}x.saving-{dead}",  # another target's, whose name starts with this one's
        f"{name}.saving-{dead}",  # not hidden: not a name we write
        f".{name}.saving-{dead}.bak",
        f".{name}.saving-abc",
        f".other.saving-{dead}",
        f".{name}.k2j3h4g5.partial",  # an earlier version's temporary: no pid to tell a live writer by
        "notes.txt",
    ]
    old_checkpoint(target)
    for i, leftover in enumerate(ours + kept):
        if leftover.endswith(".partial") or i % 2:
            (tmp_path / leftover).write_bytes(b"x")
        else:
            (tmp_path / leftover).mkdir()
            (tmp_path / leftover / "inner").write_bytes(b"x")
    assert remove_leftovers(target) == []  # the target is there: a set-aside copy is only deleted
    assert beside(target) == sorted([name, *kept])


def test_pids_that_name_no_single_process_read_as_dead():
    assert not any(process_running(pid) for pid in (0, -1, dead_pid(), 2**40))
    assert process_running(os.getpid()) and process_running(1)


def test_a_set_aside_copy_that_is_a_link_is_never_restored_through(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious").write_text("not ours")
    (tmp_path / "out").mkdir()
    link = tmp_path / "out" / f".ckpt.replaced-{dead_pid()}"
    link.symlink_to(elsewhere)
    assert remove_leftovers(tmp_path / "out" / "ckpt") == []
    assert beside(link) == [] and (elsewhere / "precious").read_text() == "not ours"


@pytest.mark.parametrize("kind", ["staging", "replaced", "partial"])
def test_saving_and_copying_a_checkpoint_clear_what_a_killed_one_left(model, tmp_path, kind):
    source = save_model(model, tmp_path / "source")
    for i, save in enumerate([lambda target: save_model(model, target), lambda target: copy_checkpoint(source, target)]):
        folder = tmp_path / f"target-{i}"
        folder.mkdir()
        target = save_model(model, folder / "ckpt")
        interrupted_writer(kind, target, stay=False).wait()
        assert len(beside(target)) == 2 or not target.exists()
        save(target)
        assert beside(target) == ["ckpt"] and load_model(target).cfg == model.cfg


def test_training_clears_what_a_killed_run_left_and_keeps_a_live_writers(model, tokenizer, tmp_path):
    out = tmp_path / "run"
    final = save_model(model, out / "final")
    interrupted_writer("replaced", final, stay=False).wait()  # killed while replacing `final`: only the old copy is left
    for name in ("latest", "summary.json", "metrics.csv"):
        interrupted_writer("partial", out / name, stay=False).wait()
    live = out / f".eval.csv.{os.getpid()}.abcdefgh.partial"
    live.write_text("another process of this run, writing now")

    class Stopped(Exception):
        pass

    def stop(row):
        raise Stopped  # after the first step: what is left is what starting the run cleared

    cfg = small_train_config(tokenizer, log_every=1)
    with pytest.raises(Stopped):
        train(cfg, documents(12), documents(6), tokenizer, out, on_step=stop)
    assert beside(live) == sorted(["final", live.name])
    assert load_model(final).cfg == model.cfg
