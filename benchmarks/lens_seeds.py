"""The logit lens of the Engram model and the matched baseline at each seed of the bundled recipe
(docs/findings/depth.md): per layer, each model's KL from its lens to its own final prediction,
and baseline - engram with its standard error (the two models' standard errors over positions,
combined as independent: the same positions, so this errs wide). Above 0: the Engram model's
layer is nearer its final prediction, as a deeper layer would be.

Every input is the `lens.json` of `engram-probe lens ENGRAM BASELINE --positions all` on the same
corpus and positions, one per seed:

    engram-probe lens engram baseline --positions all --out runs/lens-seed0
    engram-probe lens runs/ckpt-engram-seed1 runs/ckpt-baseline-seed1 --positions all --out runs/lens-seed1
    python benchmarks/lens_seeds.py runs/lens-seed0/lens.json runs/lens-seed1/lens.json
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

RESULT = Path(__file__).parent / "results" / "lens_seeds.json"


def seed_row(path: Path) -> dict:
    report = json.loads(path.read_text())
    if report.get("analysis") != "lens" or len(report["models"]) != 2:
        raise SystemExit(f"{path}: not the lens.json of `engram-probe lens ENGRAM BASELINE`; see this script's help")
    engram, baseline = report["models"]
    if not engram["model"]["engram_layers"] or baseline["model"]["engram_layers"]:
        raise SystemExit(f"{path}: the first model must be the Engram model and the second the baseline")
    return {
        "engram": engram["model"]["name"],
        "baseline": baseline["model"]["name"],
        "corpus": report["corpus"],
        "positions": report["positions"]["count"],
        "layers": engram["layers"],
        "kl_engram": engram["kl"],
        "kl_baseline": baseline["kl"],
        "difference": [b - e for e, b in zip(engram["kl"], baseline["kl"])],
        "difference_se": [math.hypot(se_e, se_b) for se_e, se_b in zip(engram["kl_sem"], baseline["kl_sem"])],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lens", type=Path, nargs="+", help="one lens.json per seed, seed 0 first")
    parser.add_argument("--out", type=Path, default=RESULT)
    args = parser.parse_args()
    seeds = [seed_row(path) for path in args.lens]
    if len({json.dumps(s["corpus"], sort_keys=True) for s in seeds}) != 1:
        raise SystemExit("the lens runs read different text: run each with the same --corpus, --tokens and --seed")
    differences = [s["difference"] for s in seeds]
    result = {
        "analysis": "lens_over_seeds",
        "command": "python benchmarks/lens_seeds.py " + " ".join(map(str, args.lens)),
        "corpus": seeds[0]["corpus"],
        "layers": seeds[0]["layers"],
        "seeds": seeds,
        "mean_difference": [sum(column) / len(column) for column in zip(*differences)],
    }
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
