"""Effective depth against the null of another seed (docs/findings/depth.md): where each layer of
an Engram model sits among the layers of the matched baseline (a_j), less where a baseline of
another seed sits, for k = 1..3, at every seed pair given; and the seed spread of each recipe (a
model against the same recipe at another seed, less the model against itself).

Every input is the `similarity.json` of one `engram-probe similarity --positions all` run on the
same corpus and positions:

    engram-probe similarity --a engram --b baseline --positions all --out runs/sim-pair0
    engram-probe similarity --a runs/ckpt-engram-seed1 --b runs/ckpt-baseline-seed1 --positions all --out runs/sim-pair1
    engram-probe similarity --a runs/ckpt-baseline-seed1 --b baseline --positions all --out runs/sim-baseline-seeds
    engram-probe similarity --a runs/ckpt-engram-seed1 --b engram --positions all --out runs/sim-engram-seeds
    python benchmarks/depth_seed_null.py --pair runs/sim-pair0/similarity.json --pair runs/sim-pair1/similarity.json \\
        --baseline-seeds runs/sim-baseline-seeds/similarity.json --engram-seeds runs/sim-engram-seeds/similarity.json

The seed nulls compare seed 1 with seed 0; pair 0's null is baseline 1 in baseline 0's layers,
pair 1's is baseline 0 in baseline 1's (the same CKA matrix, transposed: linear CKA is symmetric).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from probe.analyses.similarity import alignment_against_null, alignment_index

RESULT = Path(__file__).parent / "results" / "alignment_seed_null.json"
K = (1, 2, 3)


def read(path: Path) -> dict:
    report = json.loads(path.read_text())
    if report.get("analysis") != "similarity" or report["positions"]["rule"] != "all":
        raise SystemExit(f"{path}: not a similarity report over --positions all; make it with the commands in this script's help")
    return report


def hashes(report: dict) -> tuple[str, str]:
    return report["a"]["model_hash"], report["b"]["model_hash"]


def rows(values: np.ndarray) -> list[float]:
    return [round(float(v), 4) for v in values]


def seed_null(pairs: list[dict], baseline_seeds: dict) -> list[np.ndarray]:
    """For each pair (engram s against baseline s), the baseline of the other seed against baseline s."""
    other, first = hashes(baseline_seeds)  # a: baseline seed 1, b: baseline seed 0
    matrix = np.asarray(baseline_seeds["cka"], dtype=np.float64)
    nulls = []
    for pair in pairs:
        baseline = pair["b"]["model_hash"]
        if baseline == first:
            nulls.append(matrix)
        elif baseline == other:
            nulls.append(matrix.T)
        else:
            raise SystemExit(
                f"pair {pair['a']['name']} against {pair['b']['name']}: its baseline is in neither seed of --baseline-seeds"
            )
    return nulls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", type=Path, action="append", required=True, help="engram seed s against baseline seed s")
    parser.add_argument("--baseline-seeds", type=Path, required=True, help="baseline seed 1 (--a) against baseline seed 0 (--b)")
    parser.add_argument("--engram-seeds", type=Path, required=True, help="engram seed 1 (--a) against engram seed 0 (--b)")
    parser.add_argument("--out", type=Path, default=RESULT)
    args = parser.parse_args()
    pairs = [read(path) for path in args.pair]
    baseline_seeds, engram_seeds = read(args.baseline_seeds), read(args.engram_seeds)
    corpora = {json.dumps(r["corpus"], sort_keys=True) for r in [*pairs, baseline_seeds, engram_seeds]}
    if len(corpora) != 1:
        raise SystemExit("the reports read different text: run every similarity with the same --corpus, --tokens and --seed")
    nulls = seed_null(pairs, baseline_seeds)
    by_k = []
    for k in K:
        per_pair = [alignment_against_null(p["cka"], null, k) for p, null in zip(pairs, nulls)]
        by_k.append(
            {
                "k": k,
                "pairs": [
                    {
                        "a": p["a"]["name"],
                        "b": p["b"]["name"],
                        "a_j": rows(alignment_index(p["cka"], k)),
                        "seed_null_a_j": rows(alignment_index(null, k)),
                        "excess_over_seed_null": rows(excess),
                        "excess_over_self": rows(alignment_against_null(p["cka"], p["cka_b"], k)),
                    }
                    for p, null, excess in zip(pairs, nulls, per_pair)
                ],
                "mean_excess_over_seed_null": rows(np.mean(per_pair, axis=0)),
                "min_excess_over_seed_null": rows(np.min(per_pair, axis=0)),
                "max_excess_over_seed_null": rows(np.max(per_pair, axis=0)),
                # a recipe's spread between training runs: seed 1 in seed 0's layers, less seed 0 in its own
                "seed_spread": {
                    name: rows(alignment_against_null(r["cka"], r["cka_b"], k))
                    for name, r in (("baseline", baseline_seeds), ("engram", engram_seeds))
                },
            }
        )
    result = {
        "analysis": "alignment_against_seed_null",
        "command": "python benchmarks/depth_seed_null.py "
        + " ".join(f"--pair {p}" for p in args.pair)
        + f" --baseline-seeds {args.baseline_seeds} --engram-seeds {args.engram_seeds}",
        "pairs": [{"a": p["a"], "b": p["b"]} for p in pairs],
        "baseline_seeds": {"a": baseline_seeds["a"], "b": baseline_seeds["b"]},
        "engram_seeds": {"a": engram_seeds["a"], "b": engram_seeds["b"]},
        "corpus": pairs[0]["corpus"],
        "positions": pairs[0]["positions"],
        "minibatch": pairs[0]["minibatch"],
        "minibatches": [r["minibatches"] for r in [*pairs, baseline_seeds, engram_seeds]],
        "layers": pairs[0]["layers_a"],
        "by_k": by_k,
    }
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
