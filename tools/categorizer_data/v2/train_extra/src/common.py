"""Cut hand-labelled categorizer training items out of hand-written passages.

Each batch script holds passages written for this set and, per passage, the n-grams chosen
in it with their labels. A label is one letter: n=names, c=code, r=relational,
b=boilerplate, o=other; an upper-case letter marks a deliberately hard case. An item is
(letter, ngram) or (letter, ngram, k) for the k-th occurrence (0-based) of ngram.
"""

import json
from pathlib import Path

LABELS = {"n": "names", "c": "code", "r": "relational", "b": "boilerplate", "o": "other"}
CONTEXT = 200  # characters kept on each side, as in the evaluation sets
OUT_DIR = Path(__file__).resolve().parents[5] / "data" / "categorizer" / "v2" / "train_extra"  # where the batches live


def find(text: str, ngram: str, k: int) -> int:
    """Start of the k-th occurrence of ngram in text; a missing n-gram is a writing error."""
    start = -1
    for _ in range(k + 1):
        start = text.find(ngram, start + 1)
        if start < 0:
            raise ValueError(f"n-gram {ngram!r} (occurrence {k}) not found in passage {text[:60]!r}; fix the item")
    return start


def cut(passages: list[dict], batch: str) -> list[dict]:
    """Turn passages {genre, lang, text, items} into JSONL rows with ids x-<lang>-<batch>-<n>."""
    rows, counters, errors = [], {}, []
    for passage_no, p in enumerate(passages, 1):
        text = p["text"].strip("\n")
        for item in p["items"]:
            letter, ngram = item[0], item[1]
            k = item[2] if len(item) > 2 else 0
            if letter.lower() not in LABELS:
                raise ValueError(f"label letter {letter!r} for {ngram!r} is not one of {sorted(LABELS)}")
            try:
                start = find(text, ngram, k)
            except ValueError as e:
                errors.append(str(e))
                continue
            end = start + len(ngram)
            lang = p["lang"]
            counters[lang] = counters.get(lang, 0) + 1
            rows.append(
                {
                    "id": f"x-{lang}-{batch}-{counters[lang]}",
                    "genre": p["genre"],
                    "language": lang,
                    "hard": letter.isupper(),
                    "ngram": ngram,
                    "left_context": text[max(0, start - CONTEXT) : start],
                    "right_context": text[end : end + CONTEXT],
                    "label": LABELS[letter.lower()],
                    "source": "catdata",
                    # items cut from one passage share text: group by this when splitting for validation
                    "passage": f"{batch}-p{passage_no:02d}",
                }
            )
    if errors:
        raise ValueError("\n".join(errors))
    return rows


def write(passages: list[dict], batch: str) -> Path:
    rows = cut(passages, batch)
    path = OUT_DIR / f"{batch}.jsonl"
    with path.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{path.name}: {len(rows)} items from {len(passages)} passages")
    return path
