"""Assembles the second evaluation set from the written items and the two blind annotations.

    python tools/categorizer_data/v2/assemble.py SOURCE_DIR [OUT_DIR]

SOURCE_DIR holds items_en.jsonl, items_xx.jsonl, items_dc.jsonl, more/items_more.jsonl and
annotate/{,dc_,mo_}labels_{A,B}.jsonl.
Writes, into OUT_DIR (default: data/categorizer/v2/, whose genre_split.json it reads):
items.jsonl (every item with both labels and the agreed one, or null), train.jsonl and
test.jsonl (agreed items of the train and test genres of genre_split.json), default_corpus.jsonl
(agreed items from the default corpus's validation split) and agreement.json.
"""

import collections
import hashlib
import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "data" / "categorizer" / "v2"  # what this script wrote
FIELDS = ("id", "genre", "language", "hard", "ngram", "left_context", "right_context")


def read_jsonl(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def cohen_kappa(a: list[str], b: list[str]) -> float:
    n = len(a)
    observed = sum(x == y for x, y in zip(a, b)) / n
    count_a, count_b = collections.Counter(a), collections.Counter(b)
    expected = sum(count_a[label] * count_b[label] for label in set(a) | set(b)) / n**2
    return (observed - expected) / (1 - expected)


def write_jsonl(path: Path, rows: list[dict]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main(source: Path, out: Path = DATA) -> None:
    item_files = ("items_en.jsonl", "items_xx.jsonl", "items_dc.jsonl", "more/items_more.jsonl")
    items = [item for name in item_files for item in read_jsonl(source / name)]
    labels = {
        who: {
            row["id"]: row["label"]
            for name in (f"labels_{who}.jsonl", f"dc_labels_{who}.jsonl", f"mo_labels_{who}.jsonl")
            for row in read_jsonl(source / "annotate" / name)
        }
        for who in ("A", "B")
    }
    missing = [item["id"] for item in items if item["id"] not in labels["A"] or item["id"] not in labels["B"]]
    if missing:
        raise SystemExit(f"{len(missing)} items lack a label from one annotator, e.g. {missing[:5]}")
    split = json.loads((DATA / "genre_split.json").read_text())["genres"]
    rows = []
    for item in items:
        a, b = labels["A"][item["id"]], labels["B"][item["id"]]
        row = {key: item[key] for key in FIELDS}
        row.update(label_a=a, label_b=b, label=a if a == b else None)
        row["part"] = "default-corpus" if item["genre"].startswith("default-corpus") else split[item["genre"]]
        rows.append(row)
    write_jsonl(out / "items.jsonl", rows)
    agreed = [row for row in rows if row["label"] is not None]
    parts = {part: [row for row in agreed if row["part"] == part] for part in ("train", "test", "default-corpus")}
    write_jsonl(out / "train.jsonl", parts["train"])
    write_jsonl(out / "test.jsonl", parts["test"])
    write_jsonl(out / "default_corpus.jsonl", parts["default-corpus"])
    report = {
        "items": len(rows),
        "agreed": len(agreed),
        "observed_agreement": round(len(agreed) / len(rows), 4),
        "cohen_kappa": round(cohen_kappa([r["label_a"] for r in rows], [r["label_b"] for r in rows]), 4),
        "kappa_by_part": {
            part: round(
                cohen_kappa([r["label_a"] for r in rows if r["part"] == part], [r["label_b"] for r in rows if r["part"] == part]),
                4,
            )
            for part in parts
        },
        "agreed_by_part": {part: len(v) for part, v in parts.items()},
        "agreed_by_label": dict(collections.Counter(r["label"] for r in agreed)),
        "agreed_by_language": dict(collections.Counter(r["language"] for r in agreed)),
        "test_by_language": dict(collections.Counter(r["language"] for r in parts["test"])),
        "genres": len({r["genre"] for r in rows}),
        "non_english_share": round(sum(r["language"] != "en" for r in rows) / len(rows), 4),
        "hard_share": round(sum(bool(r["hard"]) for r in rows) / len(rows), 4),
        "disagreements": dict(collections.Counter(f"{r['label_a']}/{r['label_b']}" for r in rows if r["label"] is None)),
        "test_sha256": hashlib.sha256((out / "test.jsonl").read_bytes()).hexdigest(),
    }
    (out / "agreement.json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else DATA)
