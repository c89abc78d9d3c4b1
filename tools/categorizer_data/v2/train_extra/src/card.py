"""Rewrite the counts section of data/categorizer/v2/train_extra/README.md from the batch files
(run after every batch)."""

import collections
import json
from pathlib import Path

TRAIN_EXTRA = Path(__file__).resolve().parents[5] / "data" / "categorizer" / "v2" / "train_extra"
MARK = "<!-- counts -->"


def table(counter: collections.Counter, head: str, n: int) -> str:
    rows = [f"| {head} | items | share |", "| --- | ---: | ---: |"]
    rows += [f"| {k} | {v} | {v / n:.0%} |" for k, v in counter.most_common()]
    return "\n".join(rows)


def main() -> None:
    rows = [json.loads(line) for path in sorted(TRAIN_EXTRA.glob("*.jsonl")) for line in path.open(encoding="utf-8")]
    n = len(rows)
    n_genres, n_langs = len({r["genre"] for r in rows}), len({r["language"] for r in rows})
    summary = f"{n} items in {n_genres} genres and {n_langs} languages; {sum(r['hard'] for r in rows) / n:.0%} marked hard."
    parts = [
        summary,
        table(collections.Counter(r["label"] for r in rows), "label", n),
        table(collections.Counter(r["language"] for r in rows), "language", n),
        table(collections.Counter(r["genre"] for r in rows), "genre", n),
    ]
    readme = TRAIN_EXTRA / "README.md"
    head = readme.read_text(encoding="utf-8").split(MARK)[0]
    readme.write_text(head + MARK + "\n\n" + "\n\n".join(parts) + "\n", encoding="utf-8")
    print(f"README counts: {n} items")


if __name__ == "__main__":
    main()
