"""Offloaded Engram tables: tiers x prefetch x cache x page cache, measured side by side.

    python benchmarks/bench_offload.py [--quick] [--cold-only] [--compute-threads N] [--workdir DIR] [--out PATH]

The measurement is `probe.offload.bench` (its docstring says what runs); this script
picks the plan and records the full one in benchmarks/results/offload.json.
"""

import argparse
import dataclasses
from pathlib import Path

from probe.offload.bench import FULL, QUICK, run, summary_lines

RESULTS = Path(__file__).parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="every path once on little data, in seconds (ratios too noisy to quote)"
    )
    parser.add_argument("--workdir", type=Path, default=None, help="where to generate the checkpoints (default: system temp)")
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="result JSON (default: results/offload.json, results/offload-quick.json with --quick)",
    )
    parser.add_argument(
        "--cold-only",
        action="store_true",
        help="only the large model with a cold page cache (and its fetch-alone and overlap figures)",
    )
    parser.add_argument(
        "--compute-threads", type=int, default=None, help="torch intra-op threads for the whole run (default: torch's default)"
    )
    args = parser.parse_args()
    plan = dataclasses.replace(QUICK if args.quick else FULL, cold_only=args.cold_only)
    out = args.out or RESULTS / ("offload-quick.json" if args.quick else "offload.json")  # a quick run never replaces the record
    result = run(plan, out, args.workdir, args.compute_threads)
    print("\n".join(summary_lines(result)))
    print(f"\nwrote {out} in {result['wall_s']:.0f} s")


if __name__ == "__main__":
    main()
