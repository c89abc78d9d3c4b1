"""The enrichment tables of docs/findings/categories.md: `engram-probe categorize` on a run five
ways, the rules and the learned model each with their errors measured on the default corpus's
labelled items and on the frozen test set, and the model with positions below p = 0.6 left out
(the default, the model corrected by the test set, runs last so that the run's `categories/`
holds its outputs). Each gives, per layer, over every domain and per domain, the raw ratio and
the one corrected for the categorizer's errors, with document-level 95% intervals, and the
categorizer's accuracy per domain;
then how often the rules and the model agree on the sampled positions (the same positions each
time: the sample is seeded) and what each categorization cost against the run itself.

    engram-probe run                                      # the main job: runs/default
    python benchmarks/categorize_enrichment.py [RUN_DIR]  # -> benchmarks/results/categorize_enrichment.json
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import pyarrow.parquet as pq

from probe.categorize.run import CATEGORIES, categorize_run
from probe.runs.store import connect

RESULT = Path(__file__).parent / "results" / "categorize_enrichment.json"
VARIANTS = {  # name -> categorize_run options, in the order they run
    "rules_default_corpus": {"categorizer": "rules", "error_rates": "default_corpus"},
    "rules": {"categorizer": "rules"},
    "model_0.6": {"categorizer": "model", "min_confidence": 0.6},
    "model_default_corpus": {"categorizer": "model", "error_rates": "default_corpus"},
    "model": {"categorizer": "model"},
}


def rounded(row: dict) -> dict:
    return {key: round(value, 4) if isinstance(value, float) else value for key, value in row.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path, nargs="?", default=Path("runs/default"))
    parser.add_argument("--out", type=Path, default=RESULT)
    args = parser.parse_args()
    with connect(args.run_dir) as con:
        documents, tokens = con.sql(
            "SELECT count(DISTINCT doc_id), count(*) FROM gates WHERE layer = (SELECT min(layer) FROM gates)"
        ).fetchall()[0]
        domains = dict(con.sql("SELECT domain, count(*) FROM documents GROUP BY domain ORDER BY domain").fetchall())
    run_seconds = json.loads((args.run_dir / "report.json").read_text())["this_session"]["seconds"]
    result: dict = {
        "run": str(args.run_dir),
        "documents": documents,
        "documents_per_domain": domains,
        "positions_per_layer": tokens,
        "run_seconds": run_seconds,
        "variants": {},
    }
    labels = {}
    for name, options in VARIANTS.items():
        started = time.perf_counter()
        table = categorize_run(args.run_dir, **options)
        seconds = time.perf_counter() - started
        positions = pq.read_table(args.run_dir / CATEGORIES / "labelled_positions.parquet")
        labels[name] = positions.column("label").to_pylist()
        kept = positions.column("kept").to_pylist()
        rows = [rounded(row) for row in table.to_pylist()]
        result["variants"][name] = {
            "options": options,
            "kept_share": round(sum(kept) / len(kept), 4),
            "seconds": round(seconds, 2),
            "seconds_over_run": round(seconds / run_seconds, 4),
            "corrected_with": json.loads((args.run_dir / CATEGORIES / "options.json").read_text())["corrected_with"],
            "flips": [(row["layer"], row["domain"], row["label"]) for row in rows if row["flips"]],
            "rows": rows,
        }
        print(f"{name} ({seconds:.1f} s):")
        for row in rows:
            if row["domain"] is None:
                print(f"  layer {row['layer']} {row['label']:<12} raw {row['ratio']:.2f}  corrected {row['corrected_ratio']}")
    agree = sum(a == b for a, b in zip(labels["rules"], labels["model"]))
    result["agreement_rules_model_on_sampled_positions"] = round(agree / len(labels["model"]), 4)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"rules and model agree on {result['agreement_rules_model_on_sampled_positions']:.1%} of positions -> {args.out}")


if __name__ == "__main__":
    main()
