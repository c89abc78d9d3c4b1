"""The deduplicated validation split: hashes, coverage and paragraph removal against hand-worked cases."""

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from engram_model.corpus.dedup import (
    DEDUP_SPLIT,
    contains,
    deduplicate,
    ngram_hashes,
    paragraph_spans,
    seen_words,
    word_hashes,
)
from probe.runs.store import corpus_argument, run_command

TRAIN = "one two three four five six seven eight nine ten"
SCHEMA = pa.schema([(name, pa.string()) for name in ("doc_id", "text", "source", "domain", "licence", "split")])


def test_ngram_hashes_are_equal_exactly_for_equal_word_runs():
    cache: dict[str, int] = {}
    a = ngram_hashes(word_hashes("a b c d e f g h i".split(), cache))
    b = ngram_hashes(word_hashes("x a b c d e f g h".split(), cache))
    assert len(a) == 2 and len(b) == 2
    assert a[0] == b[1] and a[1] != b[0]  # "a..h" is in both; "b..i" and "x..g" differ
    assert len(ngram_hashes(word_hashes("too short".split(), cache))) == 0


def test_seen_words_cover_each_found_ngram():
    found = np.array([False, True, False, False])  # 4 starts over 11 words; the 8-gram at 1 covers words 1..8
    assert seen_words(found, 11).tolist() == [False] + [True] * 8 + [False, False]


def test_contains_is_membership():
    values = np.array([5, 1, 9, 7, 0], dtype=np.uint64)
    assert contains(np.array([1, 7, 9], dtype=np.uint64), values).tolist() == [False, True, True, True, False]
    assert contains(np.zeros(0, dtype=np.uint64), values).tolist() == [False] * 5


def test_paragraph_spans_cover_the_text():
    text = "first para\nstill first\n\n  \nsecond\n\nthird"
    spans = paragraph_spans(text)
    assert "".join(text[s:e] for s, e in spans) == text
    assert [text[s:e].strip() for s, e in spans] == ["first para\nstill first", "second", "third"]


def test_a_paragraph_mostly_seen_in_train_is_cut_and_the_rest_split_around_it(tmp_path):
    copied = "One, two THREE four five six seven eight nine."  # the train text's words, other case and punctuation
    fresh_a, fresh_b = "Alpha beta gamma delta.", "Epsilon zeta eta theta iota kappa lambda mu nu."
    partly = "one two three four five six seven eight and many other words that never occurred before anywhere"
    rows = [
        {"doc_id": "t", "text": TRAIN, "source": "s", "domain": "d", "licence": "l", "split": "train"},
        {"doc_id": "v", "text": f"{fresh_a}\n\n{copied}\n\n{fresh_b}\n\n{partly}", "source": "s", "domain": "d",
         "licence": "l", "split": "validation"},
    ]  # fmt: skip
    corpus = tmp_path / "corpus.parquet"
    pq.write_table(pa.Table.from_pylist(rows, schema=SCHEMA), corpus)
    table, report = deduplicate(corpus)
    # 8 of `partly`'s 17 words are seen (under half): it stays, joined to fresh_b
    assert table.column("doc_id").to_pylist() == ["v#0", "v#1"]
    assert table.column("split").to_pylist() == [DEDUP_SPLIT] * 2
    assert table.column("text").to_pylist() == [f"{fresh_a}\n\n", f"{fresh_b}\n\n{partly}"]
    (domain,) = report["domain"]
    assert (domain["words"], domain["words_removed"], domain["words_seen"]) == (4 + 9 + 9 + 17, 9, 9 + 8)
    assert domain["ngrams_found"] == 2 + 1  # copied: 2 of its 8-grams; partly: its first


def test_a_run_of_the_deduplicated_split_names_it_in_its_commands():
    dedup = {"corpus": "/cache/corpus/corpus_dedup.parquet", "split": DEDUP_SPLIT}
    assert corpus_argument(dedup) == "default-dedup"
    assert run_command("out", dedup) == "engram-probe run --corpus default-dedup --out out"
    assert corpus_argument({"corpus": "/cache/corpus/corpus.parquet", "split": "validation"}) == "default"
    assert corpus_argument({"corpus": "my texts/a b.txt", "split": None}) == "'my texts/a b.txt'"
