"""Checkpoints: bit-exact round trip and every refusal, each naming the file."""

import copy
import dataclasses
import json

import pytest
import torch
from conftest import small_config
from tokenizers import Tokenizer

from engram_model import CheckpointError, EngramLM, load_model, load_tokenizer, save_model, train_bpe
from engram_model.files import sha256_of
from engram_model.tokenizer import CompressedVocab, tokenizer_sha256


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
    assert names == {
        "config.json",
        "model.safetensors",
        "engram_tables.safetensors",
        "addressing.json",
        "tokenizer.json",
        "manifest.json",
    }
    manifest = json.loads((saved / "manifest.json").read_text())
    assert set(manifest["files"]) == names - {"manifest.json"}
    for name, entry in manifest["files"].items():
        assert entry["bytes"] == (saved / name).stat().st_size and entry["sha256"] == sha256_of(saved / name)
    assert not list(saved.parent.glob(".ckpt*")), "no staging directory left behind"


def test_saving_over_a_checkpoint_replaces_it(model, saved):
    save_model(model, saved)
    assert load_model(saved).cfg == model.cfg
    assert sorted(p.name for p in saved.parent.iterdir()) == ["ckpt"]


def test_saving_over_what_no_save_made_is_refused_and_leaves_it_whole(model, tmp_path):
    precious = tmp_path / "notes"
    precious.mkdir()
    (precious / "thesis.txt").write_text("three years of work")
    with pytest.raises(CheckpointError, match=r"notes holds thesis\.txt, which no checkpoint manifest there lists"):
        save_model(model, precious)
    assert (precious / "thesis.txt").read_text() == "three years of work"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"], "no staging directory left behind"


def test_a_checkpoint_with_a_stranger_file_added_is_not_replaced(model, saved):
    (saved / "my-analysis.ipynb").write_text("{}")
    with pytest.raises(CheckpointError, match=r"my-analysis\.ipynb"):
        save_model(model, saved)
    assert (saved / "my-analysis.ipynb").exists() and load_model(saved).cfg == model.cfg


def test_saving_into_an_empty_directory_or_onto_a_file(model, tmp_path):
    (tmp_path / "empty").mkdir()
    assert load_model(save_model(model, tmp_path / "empty")).cfg == model.cfg
    (tmp_path / "file").write_text("x")
    with pytest.raises(CheckpointError, match="is a file"):
        save_model(model, tmp_path / "file")


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


def rewrite(saved, name: str, text: str) -> None:
    """Replace a checkpoint file and record it in the manifest, as a careless editor would."""
    (saved / name).write_text(text)
    manifest = json.loads((saved / "manifest.json").read_text())
    manifest["files"][name] = {"bytes": (saved / name).stat().st_size, "sha256": sha256_of(saved / name)}
    (saved / "manifest.json").write_text(json.dumps(manifest))


@pytest.mark.parametrize(
    "name, text, match",
    [
        ("config.json", "[1, 2, 3]", r"config\.json is not a readable ModelConfig"),
        ("config.json", '{"d_model": "wide"}', r"config\.json is not a readable ModelConfig"),
        ("config.json", "{not json", r"config\.json is not a readable ModelConfig"),
        ("addressing.json", '{"multipliers": [1, 2]}', r"addressing\.json does not hold per-layer multipliers"),
        ("tokenizer.json", '{"model": 3}', r"tokenizer\.json is not a HF tokenizer\.json"),
    ],
)
def test_malformed_json_files_are_refused_naming_the_file(saved, name, text, match):
    rewrite(saved, name, text)
    with pytest.raises(CheckpointError, match=match):
        load_model(saved)


@pytest.mark.parametrize(
    "manifest, match",
    [
        ('{"format_version": 1, "files": []}', "must map each file name"),
        ('{"format_version": 1, "files": {"../escape": {"bytes": 1, "sha256": "00"}}}', "only files inside"),
        ("[]", "a JSON object"),
        ("{trunc", "Expecting property name"),
    ],
)
def test_malformed_manifests_are_refused_with_or_without_verification(saved, manifest, match):
    (saved / "manifest.json").write_text(manifest)
    for verify in (True, False):
        with pytest.raises(CheckpointError, match=rf"manifest\.json is unreadable.*{match}"):
            load_model(saved, verify=verify)


def test_table_that_disagrees_with_addressing_is_refused(saved):
    config = json.loads((saved / "config.json").read_text())
    config["engram"]["table_base_sizes"] = [211, 89]  # other primes than the tables on disk were made for
    (saved / "config.json").write_text(json.dumps(config))
    manifest = json.loads((saved / "manifest.json").read_text())
    manifest["files"]["config.json"] = {
        "bytes": (saved / "config.json").stat().st_size,
        "sha256": sha256_of(saved / "config.json"),
    }
    (saved / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(CheckpointError, match=r"engram_tables\.safetensors: table blocks\.1\.engram\.table\.weight has shape"):
        load_model(saved)


def permuted(tokenizer: Tokenizer, a: int = 300, b: int = 301) -> Tokenizer:
    """The same vocabulary with two ids swapped: same size, same compressed size, other ids."""
    content = json.loads(tokenizer.to_str())
    vocab = content["model"]["vocab"]
    token_a, token_b = tokenizer.id_to_token(a), tokenizer.id_to_token(b)
    vocab[token_a], vocab[token_b] = b, a
    return Tokenizer.from_str(json.dumps(content))


def test_tokenizer_with_the_same_size_but_other_ids_is_refused_by_content(model, saved, text):
    other = permuted(model.tokenizer)
    assert (
        other.get_vocab_size() == model.tokenizer.get_vocab_size() and other.encode(text).ids != model.tokenizer.encode(text).ids
    )
    assert CompressedVocab.from_tokenizer(other).size == CompressedVocab.from_tokenizer(model.tokenizer).size
    with pytest.raises(
        CheckpointError, match=r"given tokenizer \(content sha256 \w{16}\) is not .*tokenizer\.json \(content sha256 \w{16}\)"
    ):
        load_model(saved, tokenizer=other)


def test_the_bundled_tokenizer_passed_back_is_accepted(model, saved, text):
    same = load_tokenizer(saved / "tokenizer.json")
    same.enable_truncation(64)  # settings that leave every id alone do not count
    assert torch.equal(load_model(saved, tokenizer=same)(text), model(text))
    manifest = json.loads((saved / "manifest.json").read_text())
    assert manifest["tokenizer_sha256"] == tokenizer_sha256(model.tokenizer) == tokenizer_sha256(same)


def test_without_a_bundled_tokenizer_only_the_compressed_size_is_checked_and_said(model, tmp_path):
    bare = copy.copy(model)
    bare.tokenizer = None  # a checkpoint written without its tokenizer
    saved = save_model(bare, tmp_path / "bare")
    assert not (saved / "tokenizer.json").exists()
    other = train_bpe(["a completely different little corpus, " * 50], vocab_size=300)
    with pytest.raises(CheckpointError, match=r"compresses to \d+ ids but .*manifest\.json records .*bundles no tokenizer\.json"):
        load_model(saved, tokenizer=other)
    with pytest.warns(UserWarning, match="checked only by its compressed size"):
        load_model(saved, tokenizer=model.tokenizer)


def test_bundled_default_names_resolve_or_say_how_to_make_them(tmp_path):
    from engram_model.checkpoint import DATA_DIR

    if (DATA_DIR / "checkpoints" / "baseline").is_dir():
        assert load_model("baseline").cfg.engram is None
    else:
        with pytest.raises(CheckpointError, match="engram-probe train"):
            load_model("baseline")
