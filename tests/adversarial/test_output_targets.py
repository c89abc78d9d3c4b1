"""Every option that writes a file or folder the user names refuses, before any work, in one
line naming the option and the path, and leaves the target as it was: a run's files, a
checkpoint's (ours or a transformers directory), a device, a FIFO and a symbolic link, for
every writing command. The folder of a run that a command owns (`offload/`) stays writable."""

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engram_model import save_model
from engram_model.corpus import Document
from probe import ProbeOptions, probe_corpus
from probe.cli import app

TEXTS = ["Alexander the Great was born in Pella.", "def main(argv):\n    return argv[1:]\n"]


@pytest.fixture(scope="module")
def root(model, tmp_path_factory):
    """A run, our checkpoint, a transformers-style directory, and things that are not files."""
    root = tmp_path_factory.mktemp("targets")
    documents = [Document(f"doc{i}", text) for i, text in enumerate(TEXTS * 3)]
    manifest = {"model": "test", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": "test"}
    probe_corpus(model, documents, root / "run", manifest, ProbeOptions(), show_progress=False)
    save_model(model, root / "ckpt")
    (root / "hf").mkdir()
    (root / "hf" / "config.json").write_text('{"model_type": "qwen4_exp"}')
    (root / "hf" / "model.safetensors").write_bytes(b"\x08\x00\x00\x00\x00\x00\x00\x00{}      ")
    (root / "outside.txt").write_text("someone else's file\n")
    (root / "outside").mkdir()
    (root / "file-link").symlink_to(root / "outside.txt")
    (root / "folder-link").symlink_to(root / "outside")
    os.mkfifo(root / "fifo")
    (root / "text.txt").write_text(" ".join(TEXTS) * 5)
    shutil.copytree(root / "run", root / "linked-run")  # its offload/ folder is a link out of the run
    (root / "linked-run" / "offload").symlink_to(root / "outside")
    return root


def aggregate(root: Path) -> Path:
    return next((root / "run" / "aggregates").glob("*.parquet"))


# a file a command would write over: (name, the path under the fixture's root or an absolute one)
FILE_TARGETS = {
    "run manifest": lambda r: r / "run" / "manifest.json",
    "committed shard": lambda r: next((r / "run" / "shards").glob("gates-*.parquet")),
    "aggregate": aggregate,
    "run report": lambda r: r / "run" / "report.json",
    "checkpoint config": lambda r: r / "ckpt" / "config.json",
    "checkpoint weights": lambda r: r / "ckpt" / "model.safetensors",
    "checkpoint manifest": lambda r: r / "ckpt" / "manifest.json",
    "transformers config": lambda r: r / "hf" / "config.json",
    "transformers weights": lambda r: r / "hf" / "model.safetensors",
    "new file in a run": lambda r: r / "run" / "shards" / "new.json",
    "fifo": lambda r: r / "fifo",
    "device": lambda r: Path("/dev/null"),
    "link to a file outside": lambda r: r / "file-link",
    "a run's folder linked out": lambda r: r / "linked-run" / "offload" / "result.json",
}
FOLDER_TARGETS = {
    "run": lambda r: r / "run",
    "run shards": lambda r: r / "run" / "shards",
    "run aggregates": lambda r: r / "run" / "aggregates",
    "checkpoint": lambda r: r / "ckpt",
    "transformers checkpoint": lambda r: r / "hf",
    "fifo": lambda r: r / "fifo",
    "device": lambda r: Path("/dev/null"),
    "link to a folder outside": lambda r: r / "folder-link",
    "a run's folder linked out": lambda r: r / "linked-run" / "offload",
}
# (command line with {target} for the path, the option named)
FILE_COMMANDS = {
    "export": (["export", "{root}/run", "--out", "{target}", "--overwrite"], "--out"),
    "export json": (["export", "{root}/run", "--format", "json", "--out", "{target}", "--overwrite"], "--out"),
    "rowstats --json": (["offload", "rowstats", "{root}/text.txt", "--model", "{root}/ckpt", "--json", "{target}"], "--json"),
    "rowstats --hot-rows-out": (
        ["offload", "rowstats", "{root}/text.txt", "--model", "{root}/ckpt", "--hot-rows-out", "{target}"],
        "--hot-rows-out",
    ),
    "bench --out": (["offload", "bench", "--quick", "--out", "{target}"], "--out"),
    "corpus build --out": (["corpus", "build", "--out", "{target}"], "--out"),
    "corpus build --report": (["corpus", "build", "--out", "{root}/new/corpus.parquet", "--report", "{target}"], "--report"),
    "corpus tokenizer --out": (["corpus", "tokenizer", "--corpus", "{root}/none.parquet", "--out", "{target}"], "--out"),
}
FOLDER_COMMANDS = {
    "traffic --out": (["offload", "traffic", "--model", "{root}/ckpt", "--out", "{target}"], "--out"),
    "plan --out": (["offload", "plan", "--out", "{target}"], "--out"),
    "lens --out": (["lens", "{root}/ckpt", "--corpus", "{root}/text.txt", "--out", "{target}"], "--out"),
    "evaluate --out": (["evaluate", "--model", "{root}/ckpt", "--corpus", "{root}/text.txt", "--out", "{target}"], "--out"),
    "sweep report --out": (["sweep", "report", "--sweep", "{root}/nosweep", "--out", "{target}"], "--out"),
    "sweep run --out": (["sweep", "run", "--out", "{target}"], "--out"),
    "train --out": (["train", "--out", "{target}"], "--out"),
    "train --export": (["train", "--out", "{root}/new/train", "--export", "{target}"], "--export"),
}


def state(path: Path):
    """What is at `path`, to compare before and after: a link and what it points to, a FIFO, a
    device, a folder's files, a file's bytes."""
    if path.is_symlink():
        return ("link", os.readlink(path), state(path.resolve()))
    if path.is_fifo():
        return "fifo"
    if path.is_char_device():
        return ("device", path.stat().st_rdev)
    if path.is_dir():
        return sorted((str(p.relative_to(path)), p.read_bytes() if p.is_file() else None) for p in path.rglob("*"))
    return path.read_bytes() if path.exists() else None


def refused(root: Path, command: list[str], option: str, target: Path) -> None:
    before = state(target)
    args = [a.format(root=root, target=target) for a in command]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "2000"})
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if "Invalid value" in line]
    assert len(lines) == 1 and f"for {option}:" in lines[0] and str(target) in lines[0], result.output
    assert state(target) == before


# what a command owns: `train --export` replaces a checkpoint of ours (engram_model.checkpoint.check_replaceable)
OWNED = {("train --export", "checkpoint")}


def cases(commands: dict, targets: dict) -> list:
    return [pytest.param(c, t, id=f"{c}: {t}") for c in commands for t in targets if (c, t) not in OWNED]


@pytest.mark.parametrize("command, target", cases(FILE_COMMANDS, FILE_TARGETS))
def test_a_file_option_refuses_what_it_does_not_own(root, command, target):
    refused(root, *FILE_COMMANDS[command], FILE_TARGETS[target](root))


@pytest.mark.parametrize("command, target", cases(FOLDER_COMMANDS, FOLDER_TARGETS))
def test_a_folder_option_refuses_what_it_does_not_own(root, command, target):
    refused(root, *FOLDER_COMMANDS[command], FOLDER_TARGETS[target](root))


def test_export_names_standard_output_for_a_device(root):
    result = CliRunner().invoke(app, ["export", str(root / "run"), "--out", "/dev/null", "--overwrite"], env={"COLUMNS": "2000"})
    assert result.exit_code == 2 and "--out -" in result.output


@pytest.mark.parametrize("folder", ["offload", "offload/deeper"])
def test_offload_results_go_into_the_runs_offload_folder(root, folder):
    out = root / "run" / folder / "rowstats.json"
    result = CliRunner().invoke(
        app, ["offload", "rowstats", str(root / "text.txt"), "--model", str(root / "ckpt"), "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert out.is_file()


@pytest.mark.parametrize("elsewhere", ["analysis/rowstats.json", "categories/rowstats.json", "rowstats.json"])
def test_offload_results_stay_out_of_the_runs_other_folders(root, elsewhere):
    refused(root, FILE_COMMANDS["rowstats --json"][0], "--json", root / "run" / elsewhere)


@pytest.mark.parametrize("run_marker", [None, "shards", ".lock"])
def test_a_projects_own_manifest_makes_no_run_but_a_runs_does(tmp_path, run_marker):
    """A manifest.json alone (a web app's, a data repository's) is not a run: writing beside it is
    allowed; with the shards folder or the lock a run's writer takes first, it is refused."""
    from probe.runs.exports import OutputError, check_target

    (tmp_path / "manifest.json").write_text('{"name": "a project"}')
    if run_marker == "shards":
        (tmp_path / "shards").mkdir()
    elif run_marker == ".lock":
        (tmp_path / ".lock").write_text("")
    for target in (tmp_path / "docs.csv", tmp_path / "results" / "out.json"):
        if run_marker is None:
            check_target(target)
        else:
            with pytest.raises(OutputError, match="run"):
                check_target(target)


def test_a_folder_named_like_a_bundled_checkpoint_opens_by_its_relative_path(tmp_path, monkeypatch):
    """`./engram` is the folder, resolved once or twice (load_model resolves what the CLI resolved);
    the bare name beside that folder is refused, naming both."""
    from engram_model.checkpoint import CheckpointError, resolve_checkpoint

    monkeypatch.chdir(tmp_path)
    for name in ("engram", "baseline"):
        (tmp_path / name).mkdir()
        assert resolve_checkpoint(resolve_checkpoint(f"./{name}")).resolve() == (tmp_path / name).resolve()
        with pytest.raises(CheckpointError, match=f"pass ./{name} for the folder"):
            resolve_checkpoint(name)
