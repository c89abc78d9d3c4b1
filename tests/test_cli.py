from typer.testing import CliRunner

from probe import suffix_ngram_texts
from probe.cli import app


def test_suffix_ngrams_line_up_with_positions(tokenizer):
    ids = tokenizer.encode("Alexander the Great").ids
    texts = suffix_ngram_texts(tokenizer, ids, max_order=3)
    assert len(texts) == len(ids)
    assert texts[0] == ["<|pad|>" + tokenizer.decode(ids[:1]), "<|pad|><|pad|>" + tokenizer.decode(ids[:1])]
    assert texts[-1] == [tokenizer.decode(ids[-2:]), tokenizer.decode(ids[-3:])]


def test_multibyte_characters_come_out_whole(tokenizer):
    ids = tokenizer.encode("naïve café ünïcödé").ids
    last = suffix_ngram_texts(tokenizer, ids, max_order=len(ids) + 1)[-1][-1]
    assert last.endswith("naïve café ünïcödé")


def test_gates_command_prints_each_engram_layer():
    result = CliRunner().invoke(app, ["gates", "Alexander the Great was born in Pella.", "--top", "3"])
    assert result.exit_code == 0, result.output
    assert "layer 1: gate per branch" in result.output and "layer 3: gate per branch" in result.output
    assert "2-gram" in result.output and "3-gram" in result.output


def test_gates_command_names_a_bad_model():
    result = CliRunner().invoke(app, ["gates", "hi", "--model", "/no/such/checkpoint"], env={"COLUMNS": "300"})
    assert result.exit_code != 0
    assert "neither a checkpoint directory" in result.output
