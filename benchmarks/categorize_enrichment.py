"""The enrichment table of docs/findings/categories.md: `engram-probe categorize` on a run three ways, the learned
model, the learned model with positions below p = 0.6 left out, and the rules (the default, run
last so that the run's `categories/` holds its outputs), with how often the rules and the model
agree on the sampled positions (the same positions each time: the sample is seeded).

    engram-probe run                                      # the main job: runs/default
    python benchmarks/categorize_enrichment.py [RUN_DIR]  # -> benchmarks/results/categorize_enrichment.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pyarrow.parquet as pq

from probe.categorize.run import CATEGORIES, categorize_run
from probe.runs.store import connect

RESULT = Path(__file__).parent / "results" / "categorize_enrichment.json"
VARIANTS = {  # name -> categorize_run options, in the order they run
    "model": {"categorizer": "model"},
    "model_0.6": {"categorizer": "model", "min_confidence": 0.6},
    "rules": {"categorizer": "rules"},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path, nargs="?", default=Path("runs/default"))
    parser.add_argument("--out", type=Path, default=RESULT)
    args = parser.parse_args()
    with connect(args.run_dir) as con:
        documents, tokens = con.sql(
            "SELECT count(DISTINCT doc_id), count(*) FROM gates WHERE layer = (SELECT min(layer) FROM gates)"
        ).fetchall()[0]
    result: dict = {"run": str(args.run_dir), "documents": documents, "positions_per_layer": tokens, "variants": {}}
    labels = {}
    for name, options in VARIANTS.items():
        table = categorize_run(args.run_dir, **options)
        positions = pq.read_table(args.run_dir / CATEGORIES / "labelled_positions.parquet")
        labels[name] = positions.column("label").to_pylist()
        kept = positions.column("kept").to_pylist()
        result["variants"][name] = {
            "options": options,
            "kept_share": round(sum(kept) / len(kept), 4),
            "rows": [
                {key: round(value, 4) if isinstance(value, float) else value for key, value in row.items()}
                for row in table.to_pylist()
            ],
        }
        print(name, {(row["layer"], row["label"]): round(row["ratio"], 2) for row in table.to_pylist()})
    agree = sum(a == b for a, b in zip(labels["rules"], labels["model"]))
    result["agreement_rules_model_on_sampled_positions"] = round(agree / len(labels["model"]), 4)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"rules and model agree on {result['agreement_rules_model_on_sampled_positions']:.1%} of positions -> {args.out}")


if __name__ == "__main__":
    main()
