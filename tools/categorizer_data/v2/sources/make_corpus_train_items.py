"""Unlabelled training items from the default corpus's *train* split (its validation split,
which the main job scans and `default_corpus.jsonl` samples, is never read): documents drawn
per domain in proportion to the validation split's, one position each, and the 2- or 3-token
n-gram of the bundled tokenizer ending there, with 200 characters either side. Annotators label
them blind to the rules and to each other's labels (`data/categorizer/v2/train_corpus/README.md`).

    python tools/categorizer_data/v2/sources/make_corpus_train_items.py OUT.jsonl [N]
"""

import json
import random
import sys

import pyarrow.parquet as pq

from engram_model.checkpoint import DATA_DIR
from engram_model.corpus.build import default_corpus_path
from engram_model.tokenizer import load_tokenizer

out = sys.argv[1]
n_items = int(sys.argv[2]) if len(sys.argv) > 2 else 1000  # 1000: the 997 items of data/categorizer/v2/train_corpus/
rng = random.Random(20261204)
table = pq.read_table(default_corpus_path()).to_pylist()
train = [row for row in table if row["split"] == "train"]
validation_share = {}
for row in table:
    if row["split"] == "validation":
        validation_share[row["domain"]] = validation_share.get(row["domain"], 0) + 1
total = sum(validation_share.values())
tokenizer = load_tokenizer(DATA_DIR / "tokenizer.json")
items = []
for domain, count in sorted(validation_share.items()):
    pool = [row for row in train if row["domain"] == domain and len(row["text"]) > 600]
    rng.shuffle(pool)
    want = round(n_items * count / total)
    for row in pool[:want]:
        text = row["text"]
        offsets = tokenizer.encode(text).offsets
        end_token = rng.randrange(3, len(offsets))
        order = rng.choice((2, 3))
        start, end = offsets[end_token - order + 1][0], offsets[end_token][1]
        ngram = text[start:end]
        if not ngram.strip():
            continue
        items.append(
            {
                "id": f"tc-{len(items) + 1:04d}",
                "genre": f"default-corpus-{domain}",
                "language": "en",
                "hard": False,
                "ngram": ngram,
                "left_context": text[max(0, start - 200) : start],
                "right_context": text[end : end + 200],
                "doc_id": str(row["doc_id"]),
            }
        )
with open(out, "w", encoding="utf-8") as f:
    f.writelines(json.dumps(item, ensure_ascii=False) + "\n" for item in items)
print(len(items), "items", {d: sum(1 for i in items if i["genre"].endswith(d)) for d in validation_share})
