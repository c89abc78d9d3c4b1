"""Build items_xx.jsonl (the non-English items of data/categorizer/v2/) from xx_passages.py.

python tools/categorizer_data/v2/sources/build_xx.py [OUT]     # OUT: default items_xx.jsonl here
"""

import collections
import json
import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ns = runpy.run_path(str(HERE / "xx_passages.py"))
P = ns["PASSAGES"]
split = json.loads((HERE.parents[3] / "data" / "categorizer" / "v2" / "genre_split.json").read_text())["genres"]
items = []
errors = 0
for lang, genre, text, spans in P:
    assert genre in split, genre
    for sp in spans:
        ng, hard = sp[0], sp[1]
        occ = sp[2] if len(sp) > 2 else 0
        i = -1
        for _ in range(occ + 1):
            i = text.find(ng, i + 1)
        if i < 0:
            print("NOT FOUND", lang, genre, repr(ng))
            errors += 1
            continue
        left = text[max(0, i - 200) : i]
        right = text[i + len(ng) : i + len(ng) + 200]
        items.append(
            {
                "genre": genre,
                "language": lang,
                "hard": bool(hard),
                "ngram": ng,
                "left_context": left,
                "right_context": right,
                "_text": text,
            }
        )
# ids
for n, it in enumerate(items, 1):
    it["id"] = f"xx-{n:04d}"
# validate
for it in items:
    assert (it["left_context"] + it["ngram"] + it["right_context"]) in it["_text"]
    if len(it["ngram"]) > 16:
        print("LONG", it["language"], repr(it["ngram"]))
with open(sys.argv[1] if len(sys.argv) > 1 else "items_xx.jsonl", "w", encoding="utf-8") as f:
    for it in items:
        o = {k: it[k] for k in ["id", "genre", "language", "hard", "ngram", "left_context", "right_context"]}
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
by_lang = collections.Counter(it["language"] for it in items)
print("total", len(items), "errors", errors)
for lang in sorted(by_lang):
    its = [it for it in items if it["language"] == lang]
    test = sum(split[it["genre"]] == "test" for it in its)
    genres = collections.Counter(it["genre"] for it in its)
    hard = sum(it["hard"] for it in its)
    print(lang, len(its), "test", test, "train", len(its) - test, "hard", hard, "ngenres", len(genres), dict(genres))
print("hard share", sum(it["hard"] for it in items) / max(1, len(items)))
print("genres", collections.Counter(it["genre"] for it in items))
# duplicate ngram+context check
seen = collections.Counter((it["ngram"], it["left_context"]) for it in items)
print("dups", [k for k, v in seen.items() if v > 1])
