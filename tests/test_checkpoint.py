"""Checkpoints: bit-exact round trip and every refusal, each naming the file."""

import dataclasses
import json

import pytest
import torch

from engram_model import CheckpointError, EngramLM, load_model, save_model, train_bpe
from engram_model.checkpoint import sha256_of

from conftest import small_config


@pytest.fixture
def saved(model, tmp_path):
    return save_model(model, tmp_path / "ckpt")


def test_round_trip_is_bit_exact(model, saved, text):
    loaded = load_model(saved)
    original, again = model.state_dict(), loaded.state_dict()
    assert original.keys() == again.keys()
    assert all(torch.equal(original[k], again[k]) for k in original)
    tokens = model.to_tokens(text)
    assert torch.equal(model(tokens), loaded(tokens))
    assert loaded.addresser.multipliers == model.addresser.multipliers
    assert loaded.cfg == model.cfg


def test_layout_and_manifest(saved):
    names = {p.name for p in saved.iterdir()}
    assert names == {"config.json", "model.safetensors", "engram_tables.safetensors", "addressing.json", "tokenizer.json", "manifest.json"}
    manifest = json.loads((saved / "manifest.json").read_text())
    assert set(manifest["files"]) == names - {"manifest.json"}
    for name, entry in manifest["files"].items():
        assert entry["bytes"] == (saved / name).stat().st_size and entry["sha256"] == sha256_of(saved / name)
    assert not list(saved.parent.glob(".ckpt*")), "no staging directory left behind"


def test_saving_over_a_checkpoint_replaces_it(model, saved):
    save_model(model, saved)
    assert load_model(saved).cfg == model.cfg
    assert sorted(p.name for p in saved.parent.iterdir()) == ["ckpt"]


def test_tied_embeddings_round_trip(tokenizer, tmp_path, text):
    torch.manual_seed(0)
    model = EngramLM(dataclasses.replace(small_config(tokenizer), tie_embeddings=True), tokenizer).eval()
    loaded = load_model(save_model(model, tmp_path / "tied"))
    assert loaded.unembed.weight is loaded.embed.weight
    assert torch.equal(model(text), loaded(text))


def test_truncated_file_is_refused(saved):
    path = saved / "engram_tables.safetensors"
    path.write_bytes(path.read_bytes()[:-100])
    with pytest.raises(CheckpointError, match=r"engram_tables\.safetensors.*truncated"):
        load_model(saved)


def test_altered_file_is_refused(saved):
    path = saved / "model.safetensors"
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(CheckpointError, match=r"model\.safetensors.*sha256"):
        load_model(saved)


def test_missing_file_and_manifest_are_refused(saved, tmp_path):
    (saved / "addressing.json").unlink()
    with pytest.raises(CheckpointError, match=r"addressing\.json.*missing"):
        load_model(saved)
    (saved / "manifest.json").unlink()
    with pytest.raises(CheckpointError, match="manifest.json is missing"):
        load_model(saved)
    with pytest.raises(CheckpointError, match="neither a checkpoint directory"):
        load_model(tmp_path / "nowhere")


def test_table_that_disagrees_with_addressing_is_refused(saved):
    config = json.loads((saved / "config.json").read_text())
    config["engram"]["table_base_sizes"] = [211, 89]  # other primes than the tables on disk were made for
    (saved / "config.json").write_text(json.dumps(config))
    manifest = json.loads((saved / "manifest.json").read_text())
    manifest["files"]["config.json"] = {"bytes": (saved / "config.json").stat().st_size, "sha256": sha256_of(saved / "config.json")}
    (saved / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(CheckpointError, match=r"engram_tables\.safetensors: table blocks\.1\.engram\.table\.weight has shape"):
        load_model(saved)


def test_tokenizer_with_another_compressed_size_is_refused(saved):
    other = train_bpe(["a completely different little corpus, " * 50], vocab_size=300)
    with pytest.raises(CheckpointError, match=r"compresses to \d+ ids but .*manifest\.json records"):
        load_model(saved, tokenizer=other)


def test_bundled_default_names_resolve_or_say_how_to_make_them(tmp_path):
    from engram_model.checkpoint import DATA_DIR

    if (DATA_DIR / "checkpoints" / "baseline").is_dir():
        assert load_model("baseline").cfg.engram is None
    else:
        with pytest.raises(CheckpointError, match="engram-probe train"):
            load_model("baseline")
