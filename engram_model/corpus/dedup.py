"""The default corpus's validation split without the text it shares with its train split.

Part of an in-distribution gain can be recall of text the model trained on: licences, copyright
files and reference pages repeat across documents. Here a validation word is *seen* when it lies
inside a word 8-gram (lower-cased `\\w+` words) that occurs anywhere in the train split, and a
paragraph (the text between blank lines) is *duplicated* when at least half of its words are
seen. Each maximal run of a document's remaining paragraphs becomes a document of its own
(`DOC_ID#k`, its text an exact slice of the original), so no context reaches across removed
text. `ensure_dedup_corpus` writes it once beside the corpus, with a report of what was removed
per domain and source; `--corpus default-dedup` reads it in every command.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from ..files import sha256_of, write_atomically
from .build import ROW_GROUP_ROWS, corpus_cache_dir
from .sources import ensure_default_corpus

NGRAM_WORDS = 8
SEEN_SHARE = 0.5  # a paragraph goes when at least this share of its words is seen in train
DEDUP_FILE = "corpus_dedup.parquet"
DEDUP_SPLIT = "validation-dedup"  # its split column: a run's manifest then says which text it read
WORD = re.compile(r"\w+")
PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)  # odd: the rolling hash below mixes word hashes mod 2**64


def words_of(text: str) -> list[re.Match]:
    return list(WORD.finditer(text.lower()))


def word_hashes(words: Iterable[str], cache: dict[str, int]) -> np.ndarray:
    """A 64-bit hash per word (blake2b: the same in every process, unlike `hash`)."""
    out = []
    for word in words:
        value = cache.get(word)
        if value is None:
            value = cache[word] = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
        out.append(value)
    return np.array(out, dtype=np.uint64)


def ngram_hashes(hashes: np.ndarray, n: int = NGRAM_WORDS) -> np.ndarray:
    """One hash per run of `n` consecutive words (len(hashes) - n + 1 of them, none for a shorter
    text): sum over k of hashes[i + k] * M**(n - 1 - k), wrapping mod 2**64."""
    if len(hashes) < n:
        return np.zeros(0, dtype=np.uint64)
    out = np.zeros(len(hashes) - n + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for k in range(n):
            out = out * _MULTIPLIER + hashes[k : len(hashes) - n + 1 + k]
    return out


def seen_words(found: np.ndarray, n_words: int, n: int = NGRAM_WORDS) -> np.ndarray:
    """Which of `n_words` words lie inside one of the n-grams flagged in `found` (one flag per n-gram start)."""
    covered = np.zeros(n_words + 1, dtype=np.int64)
    starts = np.flatnonzero(found)
    np.add.at(covered, starts, 1)
    np.add.at(covered, starts + n, -1)
    return np.cumsum(covered)[:n_words] > 0


def paragraph_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each paragraph, the blank lines after it included, covering `text` exactly."""
    ends = [m.end() for m in PARAGRAPH_BREAK.finditer(text)]
    starts = [0, *ends]
    return [(s, e) for s, e in zip(starts, [*ends, len(text)]) if e > s]


def kept_pieces(text: str, train: np.ndarray, cache: dict[str, int]) -> tuple[list[str], dict]:
    """The runs of `text`'s paragraphs that are not duplicated of `train` (sorted unique n-gram
    hashes), and counts: words, words seen, n-grams, n-grams found, words removed."""
    words = words_of(text)
    grams = ngram_hashes(word_hashes((w.group() for w in words), cache))
    found = contains(train, grams)
    seen = seen_words(found, len(words))
    word_starts = np.array([w.start() for w in words], dtype=np.int64)
    pieces, run, removed = [], None, 0
    for start, end in paragraph_spans(text):
        inside = slice(*np.searchsorted(word_starts, [start, end]))
        n_words = int(inside.stop - inside.start)
        duplicated = n_words > 0 and seen[inside].mean() >= SEEN_SHARE
        if duplicated:
            removed += n_words
            if run is not None:
                pieces.append(text[run[0] : run[1]])
                run = None
        else:
            run = (start, end) if run is None else (run[0], end)
    if run is not None:
        pieces.append(text[run[0] : run[1]])
    counts = {
        "words": len(words),
        "words_seen": int(seen.sum()),
        "ngrams": len(grams),
        "ngrams_found": int(found.sum()),
        "words_removed": removed,
    }
    return [p for p in pieces if WORD.search(p)], counts


def contains(sorted_values: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Which of `values` are in `sorted_values` (sorted, unique): a binary search each, where
    `np.isin` would sort the train split's millions of hashes again for every document."""
    at = np.searchsorted(sorted_values, values).clip(max=max(len(sorted_values) - 1, 0))
    return sorted_values[at] == values if len(sorted_values) else np.zeros(len(values), dtype=bool)


def train_ngrams(texts: Iterable[str], cache: dict[str, int]) -> np.ndarray:
    """The sorted unique word n-gram hashes of `texts`."""
    parts = [ngram_hashes(word_hashes((w.group() for w in words_of(t)), cache)) for t in texts]
    return np.unique(np.concatenate(parts)) if parts else np.zeros(0, dtype=np.uint64)


def deduplicate(corpus: Path) -> tuple[pa.Table, dict]:
    """The validation split of `corpus` (a Parquet corpus with doc_id, text, source, domain,
    licence and split) without its duplicated paragraphs, and the report of what went."""
    table = pq.read_table(corpus)
    split = np.array(table.column("split").to_pylist())
    cache: dict[str, int] = {}
    train = train_ngrams(table.filter(pa.array(split == "train")).column("text").to_pylist(), cache)
    rows, totals = [], {}
    for doc in table.filter(pa.array(split == "validation")).to_pylist():
        pieces, counts = kept_pieces(doc["text"], train, cache)
        for k, piece in enumerate(pieces):
            rows.append({**doc, "doc_id": f"{doc['doc_id']}#{k}", "text": piece, "split": DEDUP_SPLIT})
        for key in (("domain", doc["domain"]), ("source", doc["source"])):
            total = totals.setdefault(key, {"documents": 0, "documents_emptied": 0, **dict.fromkeys(counts, 0)})
            total["documents"] += 1
            total["documents_emptied"] += not pieces
            for name, value in counts.items():
                total[name] += value
    report = {
        "corpus": str(corpus),
        "made_with": made_with(corpus),
        "rule": (
            f"a validation paragraph is removed when at least {SEEN_SHARE:.0%} of its words lie inside a word "
            f"{NGRAM_WORDS}-gram found in the train split; each run of remaining paragraphs is a document"
        ),
        "train_ngrams": len(train),
        "documents_out": len(rows),
        **{
            by: [{by: name, **figures(total)} for (kind, name), total in sorted(totals.items()) if kind == by]
            for by in ("domain", "source")
        },
    }
    return pa.Table.from_pylist(rows, schema=table.schema), report


def figures(total: dict) -> dict:
    words = max(total["words"], 1)
    return {
        **total,
        "share_ngrams_in_train": total["ngrams_found"] / max(total["ngrams"], 1),
        "share_words_removed": total["words_removed"] / words,
    }


def made_with(corpus: Path) -> dict:
    """What the file depends on: a change to any of it makes it again."""
    return {"corpus_sha256": sha256_of(corpus), "split": DEDUP_SPLIT, "ngram_words": NGRAM_WORDS, "seen_share": SEEN_SHARE}


def dedup_report_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}_report.json")


def ensure_dedup_corpus(on_build: Callable[[], None] = lambda: None) -> Path:
    """The deduplicated validation split's Parquet file (beside the default corpus, with
    `corpus_dedup_report.json`), made from the default corpus on first use and again whenever
    the corpus or this rule has changed since."""
    corpus = ensure_default_corpus(on_build)
    path, report_path = corpus_cache_dir() / DEDUP_FILE, dedup_report_path(corpus_cache_dir() / DEDUP_FILE)
    made_from = json.loads(report_path.read_text()).get("made_with") if report_path.is_file() else None
    if not path.is_file() or made_from != made_with(corpus):
        on_build()
        table, report = deduplicate(corpus)
        write_atomically(path, lambda tmp: pq.write_table(table, tmp, row_group_size=ROW_GROUP_ROWS))
        write_atomically(report_path, json.dumps(report, indent=1).encode())  # last: it vouches for the file
    return path
