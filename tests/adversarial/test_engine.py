"""Adversarial cases for the engine and training: kills, dangerous save and export targets,
corrupt checkpoints, hostile tokenizers and ids. Each case is real files and real processes;
each asserts a clean error naming the input (or bit-exact recovery), and that nothing was lost."""

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch
from conftest import small_config, small_train_config
from tokenizers import Tokenizer, normalizers

from engram_model import CheckpointError, EngramLM, load_model, save_model
from engram_model.checkpoint import copy_checkpoint
from engram_model.corpus import Document
from engram_model.files import sha256_of
from engram_model.train import TrainingError, train

# --- helpers -------------------------------------------------------------------------------


@pytest.fixture
def saved(model, tmp_path):
    return save_model(model, tmp_path / "ckpt")


def with_ids_swapped(tokenizer: Tokenizer, a: int = 300, b: int = 301) -> Tokenizer:
    content = json.loads(tokenizer.to_str())
    vocab = content["model"]["vocab"]
    vocab[tokenizer.id_to_token(a)], vocab[tokenizer.id_to_token(b)] = b, a
    return Tokenizer.from_str(json.dumps(content))


def record_in_manifest(directory: Path, name: str) -> None:
    """Make the manifest agree with a file changed on purpose, so only the deeper check can catch it."""
    manifest = json.loads((directory / "manifest.json").read_text())
    manifest["files"][name] = {"bytes": (directory / name).stat().st_size, "sha256": sha256_of(directory / name)}
    (directory / "manifest.json").write_text(json.dumps(manifest))


def tree(directory: Path) -> dict[str, str]:
    return {str(p.relative_to(directory)): sha256_of(p) for p in sorted(directory.rglob("*")) if p.is_file()}


# --- kills -----------------------------------------------------------------------------------

KILLED_TRAINING = """
import json, os, signal, sys
import engram_model.checkpoint as checkpoint
from engram_model import load_tokenizer
from engram_model.corpus import Document
from engram_model.train import TrainConfig, train

config, tokenizer, documents, out, where = sys.argv[1:]
train_docs, validation_docs = ([Document(**d) for d in split] for split in json.loads(open(documents).read()))
kill = lambda: os.kill(os.getpid(), signal.SIGKILL)
on_step = None
if where == "after-step-6":  # the step-4 state is on disk; steps 5-6 are lost
    on_step = lambda row: kill() if row["step"] == 6 else None
else:  # half-way through saving the step-8 state: tables written, the rest not, `latest` still at 4
    write_tables = checkpoint._write_tables
    def dying(model, path, row_format):
        write_tables(model, path, row_format)
        if "state-000008" in str(path):
            kill()
    checkpoint._write_tables = dying
config = TrainConfig.from_dict(json.loads(open(config).read()))
train(config, train_docs, validation_docs, load_tokenizer(tokenizer), out, on_step=on_step)
"""


@pytest.mark.parametrize("where", ["after-step-6", "saving-state-8"])
def test_training_killed_with_sigkill_resumes_to_the_bits_of_a_straight_run(tokenizer, corpus, tmp_path, where):
    train_docs, validation_docs = corpus
    cfg = small_train_config(tokenizer, threads=1)  # one thread, so the child computes the same bits
    (tmp_path / "config.json").write_text(json.dumps(cfg.to_dict()))
    tokenizer.save(str(tmp_path / "tokenizer.json"))
    (tmp_path / "documents.json").write_text(json.dumps([[dataclasses.asdict(d) for d in split] for split in corpus]))
    inputs = [str(tmp_path / name) for name in ("config.json", "tokenizer.json", "documents.json")]
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_TRAINING, *inputs, str(tmp_path / "resumed"), where],
        capture_output=True,
        text=True,
        check=False,
    )
    assert killed.returncode == -9, killed.stderr[-2000:]
    assert (tmp_path / "resumed" / "latest").read_text() == "state-000004"

    train(cfg, train_docs, validation_docs, tokenizer, tmp_path / "resumed")
    train(cfg, train_docs, validation_docs, tokenizer, tmp_path / "straight")
    straight, resumed = (
        load_model(tmp_path / "straight" / "final").state_dict(),
        load_model(tmp_path / "resumed" / "final").state_dict(),
    )
    assert straight.keys() == resumed.keys() and all(torch.equal(straight[k], resumed[k]) for k in straight)
    steps = [line.split(",")[0] for line in (tmp_path / "resumed" / "metrics.csv").read_text().splitlines()[1:]]
    assert steps == ["2", "4", "6", "8", "10", "12"]
    assert sorted(p.name for p in (tmp_path / "resumed").iterdir()) == sorted(p.name for p in (tmp_path / "straight").iterdir())


TRUNCATED_UNDER_A_LOADED_MODEL = """
import os, sys
from engram_model import TableError, TierOptions, load_model
model = load_model(sys.argv[1], tier=TierOptions("mmap", "mmap", io_threads=2))
model("Alexander the Great was born in Pella.")
os.truncate(sys.argv[2], 4096)  # the tables' pages vanish under the mapping
try:
    model("Permission is hereby granted, free of charge.")
except TableError as err:
    print(err)
    sys.exit(3)
"""


def test_table_file_truncated_under_a_loaded_mmap_model_is_an_error_not_a_signal(saved):
    table_file = saved / "engram_tables.safetensors"
    done = subprocess.run(
        [sys.executable, "-c", TRUNCATED_UNDER_A_LOADED_MODEL, str(saved), str(table_file)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 3, f"exit {done.returncode}: {done.stderr[-1000:]}"
    assert f"{table_file} shrank to 4096 bytes while mapped" in done.stdout


# --- saves and exports into dangerous targets ----------------------------------------------


def test_saving_onto_a_training_run_is_refused_and_the_run_survives(model, tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    run = tmp_path / "run"
    train(dataclasses.replace(small_train_config(tokenizer), tokens=4 * 4 * 32), train_docs, validation_docs, tokenizer, run)
    before = tree(run)
    with pytest.raises(
        CheckpointError, match=r"run holds final, latest, metrics\.csv, state-000004, summary\.json, which no checkpoint"
    ):
        save_model(model, run)
    for target in (run, tmp_path, run / "final"):
        with pytest.raises(CheckpointError, match="is, holds or sits inside"):
            copy_checkpoint(run / "final", target, protected=[run])
    assert tree(run) == before


def test_saving_over_a_probe_run_or_a_hidden_folder_is_refused(model, saved, tmp_path):
    probe_run = tmp_path / "probe-run"
    probe_run.mkdir()
    (probe_run / "manifest.json").write_text(json.dumps({"model": "engram", "options": {}}))  # a manifest, but not ours
    with pytest.raises(CheckpointError, match="holds manifest.json, which no checkpoint manifest there lists"):
        save_model(model, probe_run)
    (saved / ".git").mkdir()
    with pytest.raises(CheckpointError, match=r"holds \.git"):
        save_model(model, saved)
    assert (probe_run / "manifest.json").exists() and (saved / ".git").is_dir()


def test_exporting_onto_a_symlink_or_from_a_corrupt_checkpoint_changes_nothing(model, saved, tmp_path):
    previous = save_model(model, tmp_path / "previous")
    (tmp_path / "link").symlink_to(previous)
    with pytest.raises(CheckpointError, match="is a symbolic link"):
        copy_checkpoint(saved, tmp_path / "link")
    before = tree(previous)
    with open(saved / "model.safetensors", "r+b") as f:
        f.truncate(1000)
    with pytest.raises(CheckpointError, match=r"model\.safetensors has 1000 bytes, the manifest records \d+"):
        copy_checkpoint(saved, previous)
    assert tree(previous) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ckpt", "link", "previous"], "no staging left behind"


# --- corrupt checkpoints ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, cut, match",
    [
        ("model.safetensors", 50, r"model\.safetensors is not a readable safetensors file"),
        ("engram_tables.safetensors", 50, r"engram_tables\.safetensors .*(header|safetensors)"),
        ("engram_tables.safetensors", -4096, r"engram_tables\.safetensors has \d+ bytes but its header describes \d+"),
        ("config.json", 0, r"config\.json is not a readable ModelConfig"),
        ("addressing.json", 10, r"addressing\.json does not hold per-layer multipliers"),
    ],
)
def test_truncated_files_are_named_even_without_verification(saved, name, cut, match):
    path = saved / name
    data = path.read_bytes()
    path.write_bytes(data[:cut])
    with pytest.raises(CheckpointError, match=match):
        load_model(saved, verify=False)
    with pytest.raises(CheckpointError, match=rf"{re.escape(name)} has \d+ bytes, the manifest records"):
        load_model(saved)


def test_an_empty_directory_or_a_missing_listed_file_is_named(saved, tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(CheckpointError, match=r"empty/manifest\.json is missing: .* not a checkpoint"):
        load_model(tmp_path / "empty")
    (saved / "engram_tables.safetensors").unlink()
    with pytest.raises(CheckpointError, match=r"engram_tables\.safetensors is listed in the manifest but missing"):
        load_model(saved)


def test_weights_of_another_shape_are_refused_naming_both_files(tokenizer, saved):
    wide = EngramLM(dataclasses.replace(small_config(tokenizer), d_model=64), tokenizer)
    other = save_model(wide, saved.parent / "wide")
    (saved / "model.safetensors").write_bytes((other / "model.safetensors").read_bytes())
    record_in_manifest(saved, "model.safetensors")
    with pytest.raises(CheckpointError, match=r"model\.safetensors does not fit config\.json"):
        load_model(saved)


# --- hostile tokenizers ----------------------------------------------------------------------


def test_hostile_tokenizers_are_refused_by_content(model, saved):
    swapped = with_ids_swapped(model.tokenizer)
    lowercasing = Tokenizer.from_str(model.tokenizer.to_str())
    lowercasing.normalizer = normalizers.Lowercase()  # same vocabulary, other ids for "Pella"
    extended = Tokenizer.from_str(model.tokenizer.to_str())
    extended.add_tokens(["<|tool|>"])
    for hostile in (swapped, lowercasing, extended):
        with pytest.raises(CheckpointError, match=r"the given tokenizer \(content sha256 \w+\) is not .*tokenizer\.json"):
            load_model(saved, tokenizer=hostile)


def test_a_bundled_tokenizer_that_is_not_json_is_named(saved):
    (saved / "tokenizer.json").write_text('{"version": "1.0", "model": {"type": "Nonsense"}}')
    record_in_manifest(saved, "tokenizer.json")
    with pytest.raises(CheckpointError, match=r"tokenizer\.json is not a HF tokenizer\.json"):
        load_model(saved)


def test_without_a_bundled_tokenizer_a_same_size_impostor_is_at_least_announced(model, tmp_path):
    bare = EngramLM.__new__(EngramLM)
    bare.__dict__ = {**model.__dict__, "tokenizer": None}
    directory = save_model(bare, tmp_path / "bare")
    with pytest.warns(UserWarning, match="bundles no tokenizer.json: the given tokenizer is checked only by its compressed size"):
        load_model(directory, tokenizer=with_ids_swapped(model.tokenizer))


def test_training_with_a_tokenizer_that_has_no_special_tokens_writes_nothing(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    stripped = json.loads(tokenizer.to_str())
    stripped["added_tokens"] = []
    vocab = stripped["model"]["vocab"]
    for special in ("<|bos|>", "<|eos|>"):
        vocab[f"renamed{special}"] = vocab.pop(special)
    with pytest.raises(TrainingError, match=r"no <\|bos\|> or <\|eos\|> token"):
        train(
            small_train_config(tokenizer), train_docs, validation_docs, Tokenizer.from_str(json.dumps(stripped)), tmp_path / "run"
        )
    assert not (tmp_path / "run").exists()


# --- hostile ids and corpora ------------------------------------------------------------------


@pytest.mark.parametrize(
    "ids",
    [
        np.array([[np.nan, 1.0]]),
        np.array([[1, 2]], dtype=np.float32),
        np.array([[-128, 3]], dtype=np.int8),
        np.array([[0, np.iinfo(np.int64).max]]),
        np.array([["1", "2"]]),
    ],
)
def test_the_addresser_refuses_what_is_not_a_compressed_id(model, ids):
    with pytest.raises(ValueError, match=r"compressed_ids (must be integer|holds ids from)"):
        model.addresser.rows(ids)


def test_a_corpus_of_empty_and_whitespace_documents_is_refused_before_anything_is_written(tokenizer, corpus, tmp_path):
    _, validation_docs = corpus
    blank = [Document(str(i), text) for i, text in enumerate(["", " ", "\n"])]
    with pytest.raises(TrainingError, match="training split has \\d+ tokens, fewer than one window of 32"):
        train(small_train_config(tokenizer), blank, validation_docs, tokenizer, tmp_path / "run")
    assert not (tmp_path / "run").exists()


def test_a_file_passed_as_the_run_directory_is_refused(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    (tmp_path / "run").write_text("not a directory")
    with pytest.raises(TrainingError, match="run is a file"):
        train(small_train_config(tokenizer), train_docs, validation_docs, tokenizer, tmp_path / "run")
    assert (tmp_path / "run").read_text() == "not a directory"


def test_a_state_with_truncated_optimizer_moments_cannot_resume_silently(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    cfg = dataclasses.replace(small_train_config(tokenizer), tokens=4 * 4 * 32)
    train(cfg, train_docs, validation_docs, tokenizer, tmp_path)
    moments = tmp_path / "state-000004" / "optimizer-dense.safetensors"
    moments.write_bytes(moments.read_bytes()[:200])
    with pytest.raises(
        TrainingError, match=r"cannot resume from state-000004: .*optimizer-dense\.safetensors or its \.json is unreadable"
    ):
        train(cfg, train_docs, validation_docs, tokenizer, tmp_path)
