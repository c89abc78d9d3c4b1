"""Spec §1: tokenizer compression, on a hand-built byte-level vocabulary."""

import json

import numpy as np
import pytest
from tokenizers import Tokenizer, decoders, models
from tokenizers.pre_tokenizers import ByteLevel

from engram_model import CompressedVocab, load_tokenizer
from engram_model.tokenizer import compression_normalizer, tokenizer_sha256


def byte_level(text: str) -> str:
    return "".join(piece for piece, _ in ByteLevel(add_prefix_space=False, use_regex=False).pre_tokenize_str(text))


# (token text, expected compressed id) in raw-id order; ids are handed out by first appearance
VOCAB = [
    ("<|bos|>", 0),
    ("<|eos|>", 1),
    ("<|pad|>", 2),
    ("Hello", 3),
    (" hello", 3),  # stripped and lowercased
    ("HELLO", 3),
    (" ", 4),  # exactly one space survives the strip (sentinel rule)
    ("  ", 4),  # whitespace runs collapse to one space
    ("\n", 4),
    ("\t ", 4),
    ("café", 5),  # accents stripped
    ("Cafe", 5),
    ("ﬁ", 6),  # NFKC: the ligature becomes "fi"
    ("fi", 6),
    ("\u0301", 7),  # a lone combining accent normalises to "": the key is the text itself
    (" World", 8),
]
PARTIAL = ["Ã", "Ä"]  # bytes 0xC3, 0xC4: partial UTF-8, kept apart by their raw strings


@pytest.fixture(scope="module")
def handmade():
    vocab = {byte_level(text): i for i, (text, _) in enumerate(VOCAB)}
    for raw in PARTIAL:
        vocab[raw] = len(vocab)
    tokenizer = Tokenizer(models.BPE(vocab=vocab, merges=[]))
    tokenizer.decoder = decoders.ByteLevel()
    return tokenizer


def test_compression_follows_the_rules(handmade):
    vocab = CompressedVocab.from_tokenizer(handmade)
    assert handmade.decode([len(VOCAB)]) == "\ufffd"
    assert vocab.lookup.tolist() == [c for _, c in VOCAB] + [9, 10]
    assert vocab.size == 11
    assert vocab.lookup.dtype == np.int64


def test_negative_ids_pass_through(handmade):
    vocab = CompressedVocab.from_tokenizer(handmade)
    assert vocab.compress([[3, -1, 5, -100]]).tolist() == [[3, -1, 3, -100]]
    with pytest.raises(ValueError, match="outside the vocabulary"):
        vocab.compress([99])


def test_normaliser_steps():
    norm = compression_normalizer()
    assert norm.normalize_str(" ") == " "
    assert norm.normalize_str(" \t\r\n ") == " "
    assert norm.normalize_str("  Élan  VITAL ") == "elan vital"
    assert norm.normalize_str("Ｆｕｌｌ") == "full"


def test_trained_tokenizer_compresses_by_first_appearance(tokenizer):
    vocab = CompressedVocab.from_tokenizer(tokenizer)
    lookup = vocab.lookup
    assert len(lookup) == tokenizer.get_vocab_size() and vocab.size < len(lookup)
    # first appearance: each id is at most one above every id handed out before it
    assert (lookup <= np.maximum.accumulate(np.concatenate([[-1], lookup[:-1]])) + 1).all()
    assert lookup[:3].tolist() == [0, 1, 2]


def test_load_tokenizer_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_tokenizer(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    with pytest.raises(ValueError, match="not a HF tokenizer"):
        load_tokenizer(bad)


def test_tokenizer_sha256_follows_the_ids_not_the_object(tokenizer, tmp_path):
    tokenizer.save(str(tmp_path / "tokenizer.json"))
    reloaded = load_tokenizer(tmp_path / "tokenizer.json")
    reloaded.enable_padding(pad_id=2, pad_token="<|pad|>")  # settings that change no id
    assert tokenizer_sha256(reloaded) == tokenizer_sha256(tokenizer)
    content = json.loads(tokenizer.to_str())
    vocab = content["model"]["vocab"]
    vocab[tokenizer.id_to_token(300)], vocab[tokenizer.id_to_token(301)] = 301, 300
    assert tokenizer_sha256(Tokenizer.from_str(json.dumps(content))) != tokenizer_sha256(tokenizer)
