"""Cut labelled categorizer training items out of the passages of this round.

Each `passages_*.py` holds passages written for this round and, per passage, the n-grams
chosen in it with the writer's label, in the notation of round v2's `train_extra`: one letter
(n=names, c=code, r=relational, b=boilerplate, o=other; upper case marks a deliberately hard
case) and the n-gram, optionally with k for its k-th occurrence (0-based). Unlike
`train_extra`, the chosen span is snapped outward to whole tokens of the bundled tokenizer
(`data/tokenizer.json`) and, in English, cut to its last `MAX_TOKENS` tokens, as the
evaluation sets' English n-grams are (2-4 tokens ending at the chosen position), so the n-grams
look like what an Engram layer sees. The tokenizer splits other languages into short pieces or
bytes, so there the writer keeps spans short (1-3 words, 2-5 CJK characters), as the evaluation
sets' are, and snapping only widens a span to whole tokens (whole characters).
"""

import sys
from pathlib import Path

from tokenizers import Tokenizer

ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT / "tools" / "categorizer_data" / "v2" / "train_extra" / "src"))
from common import CONTEXT, LABELS, find  # noqa: E402  (round v2's helpers: same letters, same context width)

TOKENIZER = Tokenizer.from_file(str(ROOT / "data" / "tokenizer.json"))
MAX_TOKENS = 4
CAPPED_LANGUAGES = ("en",)  # the 8k-token tokenizer has word pieces for English only


def snap(text: str, start: int, end: int, max_tokens: int | None = None) -> tuple[int, int]:
    """The smallest span of whole tokens covering text[start:end], cut to its last `max_tokens`
    tokens (the n-gram ends where the writer's span ends, as an Engram n-gram ends at a position)."""
    offsets = TOKENIZER.encode(text, add_special_tokens=False).offsets
    covering = sorted({(a, b) for a, b in offsets if a < end and b > start})  # byte pieces of one character share offsets
    if not covering:
        raise ValueError(f"span {text[start:end]!r} covers no token")
    if max_tokens is not None:
        covering = covering[-max_tokens:]
    return covering[0][0], max(b for _, b in covering)


def cut(passages: list[dict], batch: str) -> list[dict]:
    """Rows {id, genre, language, hard, ngram, left_context, right_context, label_a, passage}
    from passages {genre, lang, text, items}; label_a is the writer's label."""
    rows, errors = [], []
    for passage_no, passage in enumerate(passages, 1):
        text = passage["text"].strip("\n")
        for item in passage["items"]:
            letter, ngram = item[0], item[1]
            if letter.lower() not in LABELS:
                raise ValueError(f"label letter {letter!r} for {ngram!r} in {batch} is not one of {sorted(LABELS)}")
            try:
                start = find(text, ngram, item[2] if len(item) > 2 else 0)
            except ValueError as error:
                errors.append(str(error))
                continue
            max_tokens = MAX_TOKENS if passage["lang"] in CAPPED_LANGUAGES else None
            start, end = snap(text, start, start + len(ngram), max_tokens)
            rows.append(
                {
                    "id": f"v3-{batch}-{len(rows) + 1:03d}",
                    "genre": passage["genre"],
                    "language": passage["lang"],
                    "hard": letter.isupper(),
                    "ngram": text[start:end],
                    "left_context": text[max(0, start - CONTEXT) : start],
                    "right_context": text[end : end + CONTEXT],
                    "label_a": LABELS[letter.lower()],
                    "passage": f"{batch}-p{passage_no:02d}",
                }
            )
    if errors:
        raise ValueError("\n".join(errors))
    return rows
