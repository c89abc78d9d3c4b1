"""Validate every train_extra batch: n-gram at the cut point, known labels and genres, no duplicates.

Usage: python tools/categorizer_data/v2/train_extra/src/check.py
(exits non-zero on the first kind of problem found; prints counts)
"""

import collections
import json
import sys
from pathlib import Path

TRAIN_EXTRA = Path(__file__).resolve().parents[5] / "data" / "categorizer" / "v2" / "train_extra"
SPLIT = json.loads((TRAIN_EXTRA.parent / "genre_split.json").read_text())["genres"]
LABELS = {"names", "code", "relational", "boilerplate", "other"}
LANGS = {"en", "fr", "es", "nl", "de", "zh", "ja", "ko", "ru", "ar", "hi", "tr", "vi", "pt", "it", "pl"}


def main() -> int:
    problems, rows = [], []
    for path in sorted(TRAIN_EXTRA.glob("*.jsonl")):
        for line_no, line in enumerate(path.open(encoding="utf-8"), 1):
            row = json.loads(line)
            row["_where"] = f"{path.name}:{line_no}"
            rows.append(row)
    ids, keys = collections.Counter(), collections.Counter()
    for r in rows:
        w = r["_where"]
        if r["label"] not in LABELS:
            problems.append(f"{w}: label {r['label']!r}")
        if r["language"] not in LANGS:
            problems.append(f"{w}: language {r['language']!r}")
        if SPLIT.get(r["genre"], "train") != "train":
            problems.append(f"{w}: genre {r['genre']!r} is a test genre")
        if not r["ngram"] or len(r["left_context"]) > 200 or len(r["right_context"]) > 200:
            problems.append(f"{w}: empty n-gram or context over 200 characters")
        if r.get("source") != "catdata" or not r["id"].startswith(f"x-{r['language']}-"):
            problems.append(f"{w}: id/source {r['id']!r} {r.get('source')!r}")
        ids[r["id"]] += 1
        keys[(r["left_context"], r["ngram"], r["right_context"])] += 1
    problems += [f"duplicate id {k}" for k, v in ids.items() if v > 1]
    problems += [f"duplicate item {k[1]!r} after {k[0][-40:]!r}" for k, v in keys.items() if v > 1]
    for p in problems:
        print("PROBLEM", p)
    n = len(rows)
    print(f"{n} items")
    for field in ("label", "language", "hard"):
        c = collections.Counter(r[field] for r in rows)
        print(field, ", ".join(f"{k}={v} ({v / n:.0%})" for k, v in c.most_common()))
    print("genres", len({r["genre"] for r in rows}))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
