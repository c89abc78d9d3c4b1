"""What `engram-probe run`, `similarity`, `lens` and `ablate` write for the bundled models on a
small fixed corpus, in a canonical form (paths left out, rows in a fixed order) that
`tests/test_equivalence.py` compares with the committed `tests/data/reference_outputs.json`.

The reference was written by the code before `probe/batching.py` replaced the two batching
layers; a refactor that changes what lands on disk fails that test. To accept a deliberate
change, rewrite it:

    python tests/reference_outputs.py --write
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import pyarrow.parquet as pq

REFERENCE = Path(__file__).parent / "data" / "reference_outputs.json"
TEXTS = [
    (
        "prose",
        (
            "Alexander the Great was born in Pella, the capital of Macedon, in 356 BC. He was tutored by Aristotle "
            "until the age of 16. By the age of thirty, he had created one of the largest empires in history, stretching "
            "from Greece to northwestern India. Julius Caesar later wept before a statue of Alexander in Gades. "
        ),
    ),
    (
        "licence",
        (
            'Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except '
            "in compliance with the License. Unless required by applicable law or agreed to in writing, software "
            'distributed under the License is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS. '
        ),
    ),
    (
        "code",
        (
            "def main(argv):\n    parser = argparse.ArgumentParser(description=__doc__)\n    parser.add_argument('--out', "
            "type=Path)\n    args = parser.parse_args(argv[1:])\n    for path in sorted(args.out.glob('*.json')):\n"
            "        print(path.name, json.loads(path.read_text())['value'])\n    return 0\n"
        ),
    ),
    (
        "science",
        (
            "The Milky Way is a barred spiral galaxy with an estimated visible diameter of 100,000 light-years. "
            "Marie Curie, born in Warsaw, discovered polonium and radium with Pierre Curie in Paris. Albert Einstein "
            "published the theory of general relativity in Berlin in 1915. "
        ),
    ),
]
# fields that hold where the corpus lay (a temporary folder), not what was computed
VARYING = ("path", "source")


def write_corpus(path: Path) -> Path:
    """Twelve documents of four domains, some long enough for several chunks (`run` reads six)."""
    with open(path, "w") as f:
        for i in range(12):
            domain, text = TEXTS[i % 4]
            f.write(json.dumps({"id": f"d{i}", "text": text * (1 + i % 3), "domain": domain}) + "\n")
    return path


def invoke(*args) -> None:
    from typer.testing import CliRunner

    from probe.cli import app

    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})
    if result.exit_code != 0:
        raise RuntimeError(f"engram-probe {' '.join(map(str, args))} failed:\n{result.output}") from result.exception


def without_paths(value):
    """`value` without the VARYING fields, at any depth."""
    if isinstance(value, dict):
        return {k: without_paths(v) for k, v in value.items() if k not in VARYING}
    if isinstance(value, list):
        return [without_paths(v) for v in value]
    return value


def run_outputs(run_dir: Path) -> dict:
    """Every gate row (sorted by layer, document, position), every document row, and which
    documents each shard commits, of a run."""
    shards = sorted((run_dir / "shards").glob("gates-*.parquet"))
    gates = [row for shard in shards for row in pq.read_table(shard).to_pylist()]
    documents = [row for path in sorted((run_dir / "shards").glob("docs-*.parquet")) for row in pq.read_table(path).to_pylist()]
    gates.sort(key=lambda r: (r["layer"], r["doc_id"], r["position"]))
    return {
        "gates": {name: [r[name] for r in gates] for name in gates[0]},  # by column: a third of the size
        "documents": sorted(documents, key=lambda r: r["doc_id"]),
        "shards": [sorted({row["doc_id"] for row in pq.read_table(shard, columns=["doc_id"]).to_pylist()}) for shard in shards],
    }


def outputs(workdir: Path) -> dict:
    """Run the four commands on the bundled models and the fixed corpus in `workdir`."""
    corpus = write_corpus(workdir / "corpus.jsonl")
    run_dir = workdir / "run"
    invoke(
        "run",
        "--corpus",
        corpus,
        "--out",
        run_dir,
        "--max-tokens",
        40,
        "--batch-size",
        3,
        "--shard-tokens",
        300,
        "--record-rows",
        "--record-out-norm",
        "--summary",
        0,
        "--limit",
        6,
    )
    reading = ("--corpus", corpus, "--tokens", 900, "--max-tokens", 48, "--batch-size", 4)
    invoke(
        "similarity",
        "--a",
        "engram",
        "--b",
        "baseline",
        *reading,
        "--positions",
        "entities",
        "--minibatch",
        16,
        "--out",
        workdir / "similarity",
    )
    invoke(
        "similarity",
        "--a",
        "engram",
        "--b",
        "none",
        *reading,
        "--positions",
        "sample",
        "--sample",
        200,
        "--minibatch",
        32,
        "--out",
        workdir / "similarity_self",
    )
    invoke("lens", "engram", "baseline", *reading, "--positions", "all", "--out", workdir / "lens")
    invoke("ablate", "engram", *reading, "--mode", "memory", "--out", workdir / "ablation")

    def read(path: Path) -> dict:
        return without_paths(json.loads(path.read_text()))

    return {
        "run": without_paths(run_outputs(run_dir)),
        "similarity": read(workdir / "similarity" / "similarity.json"),
        "similarity_self": read(workdir / "similarity_self" / "similarity.json"),
        "lens": read(workdir / "lens" / "lens.json"),
        "ablation": read(workdir / "ablation" / "ablation.json"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"rewrite {REFERENCE}")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        result = outputs(Path(tmp))
    if args.write:
        REFERENCE.parent.mkdir(parents=True, exist_ok=True)
        REFERENCE.write_text(json.dumps(result, sort_keys=True, separators=(",", ":")) + "\n")
        print(f"wrote {REFERENCE}")
    else:
        print(json.dumps({k: len(json.dumps(v)) for k, v in result.items()}))


if __name__ == "__main__":
    main()
