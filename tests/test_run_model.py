"""`load_run_model`: a run opens the model it was probed with, and refuses one that changed."""

import json

import pytest
import torch
from conftest import documents

from engram_model import save_model
from probe import ProbeOptions, probe_corpus
from probe.runs.model import load_run_model
from probe.runs.scan import run_manifest
from probe.runs.store import RunError


def probed(model, checkpoint, tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"text": d.text}) + "\n" for d in documents(2)))
    run = tmp_path / "run"
    manifest = run_manifest(model, str(checkpoint), checkpoint, corpus, None)
    probe_corpus(model, documents(2), run, manifest, ProbeOptions(categorize=False), show_progress=False)
    return run


def test_a_run_opens_the_model_it_was_probed_with(model, checkpoint, tmp_path):
    run = probed(model, checkpoint, tmp_path)
    opened = load_run_model(run)
    tokens = torch.tensor([[5, 17, 99, 3, 42]])
    with torch.no_grad():
        assert torch.equal(opened(tokens), model(tokens))


def test_a_checkpoint_changed_since_the_run_is_refused(model, checkpoint, tmp_path):
    run = probed(model, checkpoint, tmp_path)
    torch.manual_seed(1)
    changed = type(model)(model.cfg, model.tokenizer).eval()  # fresh weights, same architecture
    save_model(changed, checkpoint)
    with pytest.raises(RunError, match="has changed since"):
        load_run_model(run)


def test_a_model_that_cannot_be_found_is_named(model, checkpoint, tmp_path):
    run = probed(model, checkpoint, tmp_path)
    manifest = json.loads((run / "manifest.json").read_text())
    (run / "manifest.json").write_text(json.dumps({**manifest, "model": str(tmp_path / "gone")}))
    with pytest.raises(RunError, match="cannot be opened from here"):
        load_run_model(run)
