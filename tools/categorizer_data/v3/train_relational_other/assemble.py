"""Join round v3's written items with annotator B's blind labels, check them against the frozen
test items, and write the training batch and its agreement figures.

    python tools/categorizer_data/v3/train_relational_other/assemble.py

Reads the passages (annotator A: the writer's label), annotate/labels_b.txt (annotator B, in
the order of `sheet.py`'s sheet) and, for the overlap check only, the frozen evaluation files
(printing counts, never their text). Writes into data/categorizer/v3/train_relational_other/:
r01.jsonl (items both annotators labelled alike and that share no text with a frozen test
item), agreement.json (Cohen's kappa, the confusion of the two annotations, the overlap
counts) and the counts section of README.md.
"""

import collections
import importlib.util
import json
import re
from pathlib import Path

from cutting import LABELS, ROOT
from sheet import sheet_order
from written import written_items

HERE = Path(__file__).resolve().parent
OUT = ROOT / "data" / "categorizer" / "v3" / "train_relational_other"
CATEGORIZER_DATA = ROOT / "data" / "categorizer"
# the items no training text may share text with: the old frozen test, v2's test (items.jsonl
# holds it again, with the rest of v2) and v2's default-corpus evaluation items
FROZEN = ("eval_test.jsonl", "v2/test.jsonl", "v2/items.jsonl", "v2/default_corpus.jsonl")
WORD_SPAN = 5  # shared word 5-grams
CHARACTER_SPAN = 12  # shared character 12-grams, for the scripts written without spaces
UNSPACED = ("zh", "ja")
FIELDS = ("id", "genre", "language", "hard", "ngram", "left_context", "right_context", "label", "label_a", "label_b",
          "source", "passage")

_v2_spec = importlib.util.spec_from_file_location("v2_assemble", ROOT / "tools" / "categorizer_data" / "v2" / "assemble.py")
v2_assemble = importlib.util.module_from_spec(_v2_spec)
_v2_spec.loader.exec_module(v2_assemble)
cohen_kappa, read_jsonl, write_jsonl = v2_assemble.cohen_kappa, v2_assemble.read_jsonl, v2_assemble.write_jsonl


def labels_b(items: list[dict]) -> dict[str, str]:
    """Annotator B's label of every item, by id (the sheet lists items in `sheet_order`)."""
    letters = (HERE / "annotate" / "labels_b.txt").read_text(encoding="utf-8").split()
    order = sheet_order(items)
    if len(letters) != len(order):
        raise ValueError(f"labels_b.txt has {len(letters)} labels for {len(order)} sheet lines; label every line")
    unknown = sorted(set(letters) - set(LABELS))
    if unknown:
        raise ValueError(f"labels_b.txt has letters {unknown}, not among {sorted(LABELS)}")
    return {item["id"]: LABELS[letter] for item, letter in zip(order, letters)}


def shingles(text: str, unspaced: bool) -> set[str]:
    """Word 5-grams of text (lower-cased, white space collapsed), or its character 12-grams
    when it is written without spaces."""
    text = re.sub(r"\s+", " ", text.lower()).strip()
    if unspaced:
        return {text[i : i + CHARACTER_SPAN] for i in range(len(text) - CHARACTER_SPAN + 1)}
    words = text.split(" ")
    return {" ".join(words[i : i + WORD_SPAN]) for i in range(len(words) - WORD_SPAN + 1)}


def item_text(item: dict) -> str:
    return item["left_context"] + item["ngram"] + item["right_context"]


def frozen_overlap(items: list[dict]) -> tuple[set[str], dict]:
    """Ids of items sharing an exact (n-gram, context) triple or any shingle (word 5-gram;
    character 12-gram in Chinese and Japanese) with a frozen test item, and the counts; the frozen items themselves are never printed or returned."""
    frozen = [row for name in FROZEN for row in read_jsonl(CATEGORIZER_DATA / name)]
    triples = {(row["ngram"], row["left_context"], row["right_context"]) for row in frozen}
    frozen_words = set().union(*(shingles(item_text(row), False) for row in frozen))
    frozen_characters = set().union(*(shingles(item_text(row), True) for row in frozen))
    exact = {i["id"] for i in items if (i["ngram"], i["left_context"], i["right_context"]) in triples}
    words = {i["id"] for i in items if i["language"] not in UNSPACED and shingles(item_text(i), False) & frozen_words}
    characters = {i["id"] for i in items if i["language"] in UNSPACED and shingles(item_text(i), True) & frozen_characters}
    counts = {"frozen_items_checked": len(frozen), "exact_duplicates": len(exact),
              f"sharing_a_word_{WORD_SPAN}gram": len(words), f"sharing_a_character_{CHARACTER_SPAN}gram_zh_ja": len(characters),
              "dropped": len(exact | words | characters)}
    return exact | words | characters, counts


def counts_section(kept: list[dict]) -> str:
    lines = [f"{len(kept)} items in {len({i['genre'] for i in kept})} genres and {len({i['language'] for i in kept})} "
             f"languages; {sum(i['hard'] for i in kept) / len(kept):.0%} marked hard by the writer.", ""]
    for key in ("label", "language", "genre"):
        lines += [f"| {key} | items |", "| --- | ---: |"]
        lines += [f"| {value} | {n} |" for value, n in collections.Counter(i[key] for i in kept).most_common()]
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    items = written_items()
    by_b = labels_b(items)
    for item in items:
        item["label_b"] = by_b[item["id"]]
        item["label"] = item["label_a"] if item["label_a"] == item["label_b"] else None
        item["source"] = "v3-writer"
    overlapping, overlap_counts = frozen_overlap(items)
    kept = [{k: i[k] for k in FIELDS} for i in items if i["label"] is not None and i["id"] not in overlapping]
    a, b = [i["label_a"] for i in items], [i["label_b"] for i in items]
    pairs = collections.Counter(zip(a, b))
    agreement = {
        "items": len(items), "agreed": sum(x == y for x, y in zip(a, b)), "kept": len(kept),
        "observed_agreement": round(sum(x == y for x, y in zip(a, b)) / len(items), 4),
        "cohen_kappa": round(cohen_kappa(a, b), 4),
        "kappa_by_label_group": {
            "english": round(cohen_kappa(*zip(*[(i["label_a"], i["label_b"]) for i in items if i["language"] == "en"])), 4),
            "other_languages": round(cohen_kappa(*zip(*[(i["label_a"], i["label_b"]) for i in items if i["language"] != "en"])), 4),
        },
        "confusion_rows_a_columns_b": {
            "labels": list(LABELS.values()),
            "counts": [[pairs[(x, y)] for y in LABELS.values()] for x in LABELS.values()],
        },
        "frozen_test_overlap": overlap_counts,
    }
    OUT.mkdir(parents=True, exist_ok=True)
    write_jsonl(OUT / "r01.jsonl", kept)
    (OUT / "agreement.json").write_text(json.dumps(agreement, indent=1) + "\n", encoding="utf-8")
    card = OUT / "README.md"
    head = card.read_text(encoding="utf-8").split("<!-- counts -->")[0] if card.exists() else "<!-- counts -->"
    card.write_text(head + "<!-- counts -->\n\n" + counts_section(kept), encoding="utf-8")
    print(json.dumps({k: agreement[k] for k in ("items", "agreed", "kept", "cohen_kappa", "frozen_test_overlap")}))


if __name__ == "__main__":
    main()
