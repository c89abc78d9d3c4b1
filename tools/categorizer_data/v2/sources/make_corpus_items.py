"""Items from the default corpus's validation split, as the main job's run saw them: half at
uniformly random positions, half among the top 1% of positions by mean gate (what enrichment
reads). Each item is the 2- or 3-gram ending at the position, with 200 characters either side.
Unlabelled: two annotators label them blind, like every other item of the set."""

import json
import random
import sys

import duckdb

run = sys.argv[1]
out = sys.argv[2]
rng = random.Random(20261201)
con = duckdb.connect()
con.execute(f"create view g as select * from read_parquet('{run}/shards/gates-*.parquet')")
con.execute(f"create view d as select * from read_parquet('{run}/shards/docs-*.parquet')")
texts = dict(con.execute("select doc_id, text from d").fetchall())
domains = dict(con.execute("select doc_id, domain from d").fetchall())
pools = {
    # USING SAMPLE samples the scan before WHERE filters it: filter in a subquery first
    "random": con.execute(
        "select * from (select doc_id, position, char_end, ngram_2, ngram_3 from g where layer = (select min(layer) from g)) using sample 4000 rows (reservoir, 7)"
    ).fetchall(),
    "top-gated": con.execute(
        "select * from (select doc_id, position, char_end, ngram_2, ngram_3 from g where gate_mean >= (select quantile_cont(gate_mean, 0.99) from g g2 where g2.layer = g.layer)) using sample 4000 rows (reservoir, 7)"
    ).fetchall(),
}
items = []
for kind, rows in pools.items():
    rng.shuffle(rows)
    taken = 0
    for doc_id, position, end, ng2, ng3 in rows:
        ngram = ng3 if rng.random() < 0.5 and ng3 else ng2
        text = texts[doc_id]
        if not ngram or not ngram.strip() or text[end - len(ngram) : end] != ngram:
            continue
        start = end - len(ngram)
        items.append(
            {
                "id": f"dc-{len(items) + 1:04d}",
                "genre": f"default-corpus-{domains[doc_id]}",
                "language": "en",
                "hard": False,
                "ngram": ngram,
                "left_context": text[max(0, start - 200) : start],
                "right_context": text[end : end + 200],
                "sampled": kind,
                "doc_id": str(doc_id),
                "position": int(position),
            }
        )
        taken += 1
        if taken == 90:
            break
with open(out, "w") as f:
    f.writelines(json.dumps(item, ensure_ascii=False) + "\n" for item in items)
print(len(items), "items;", {k: sum(1 for i in items if i["sampled"] == k) for k in pools})
