"""Write the blind annotation sheet of round v3: every item's n-gram and nearest context, in a
seeded shuffled order, without its id, genre, writer's label or hard mark.

    python tools/categorizer_data/v3/train_relational_other/sheet.py   # writes annotate/sheet.txt

Annotator B labels the sheet line by line into annotate/labels_b.txt (one letter a line, in
the sheet's order: n=names, c=code, r=relational, b=boilerplate, o=other) by reading
data/categorizer/GUIDELINES.md and v2/train_extra/NOTES.md, never the passages' files.
"""

import random
from pathlib import Path

from written import written_items

HERE = Path(__file__).resolve().parent
SHEET = HERE / "annotate" / "sheet.txt"
SEED = 3
SHOWN_LEFT, SHOWN_RIGHT = 90, 40  # context characters shown: enough to read the n-gram's clause


def sheet_order(items: list[dict]) -> list[dict]:
    order = list(items)
    random.Random(SEED).shuffle(order)
    return order


def sheet_line(number: int, item: dict) -> str:
    left = item["left_context"][-SHOWN_LEFT:].replace("\n", "⏎")
    right = item["right_context"][:SHOWN_RIGHT].replace("\n", "⏎")
    ngram = item["ngram"].replace("\n", "⏎")
    return f"{number:04d} {item['language']} | {left}⟦{ngram}⟧{right}"


def main() -> None:
    SHEET.parent.mkdir(exist_ok=True)
    lines = [sheet_line(n, item) for n, item in enumerate(sheet_order(written_items()), 1)]
    SHEET.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{SHEET}: {len(lines)} items")


if __name__ == "__main__":
    main()
