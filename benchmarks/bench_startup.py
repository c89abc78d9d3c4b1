"""Start-up of the command line: wall time of `engram-probe --help` and of the commands that
read a run, each a fresh process, next to `python -c "import torch"` in the same loop.

The commands run as `python -m probe ...` (what the `engram-probe` script runs). Each round
runs every command once, in turn, so a busy machine slows all of them alike; the result is
the median of the rounds, the CPU time (user + system) of each command's process, and each
median as a share of the torch import.

    python benchmarks/bench_startup.py [--run RUN_DIR --doc DOC_ID] [--rounds 9]

Without --run it first probes a small corpus (three standard-library modules' docstrings)
with the bundled `engram` model into a temporary run. Writes benchmarks/results/startup.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULT = Path(__file__).parent / "results" / "startup.json"
SOURCES = ("json/__init__.py", "csv.py", "shlex.py")  # standard-library modules with long docstrings


def make_run(workdir: Path) -> tuple[Path, str]:
    """A small run of the bundled model on three standard-library docstrings; (run, a doc id)."""
    import ast
    import sysconfig

    corpus = workdir / "corpus"
    corpus.mkdir()
    for source in SOURCES:
        path = Path(sysconfig.get_paths()["stdlib"]) / source
        (corpus / f"{path.stem}.txt").write_text(ast.get_docstring(ast.parse(path.read_text())))
    run = workdir / "run"
    command = [sys.executable, "-m", "probe", "run", "--corpus", str(corpus), "--out", str(run), "--summary", "0"]
    subprocess.run(command, check=True, capture_output=True)
    return run, "csv.txt"


def timed(command: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of `command`, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ, COLUMNS="120"))
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(run: Path, doc: str, rounds: int, workdir: Path) -> dict:
    cli = [sys.executable, "-m", "probe"]
    commands = {
        "import torch (reference)": [sys.executable, "-c", "import torch"],
        "import probe": [sys.executable, "-c", "import probe"],
        "engram-probe --help": [*cli, "--help"],
        "engram-probe top --help": [*cli, "top", "--help"],
        "engram-probe top RUN": [*cli, "top", str(run)],
        "engram-probe show RUN DOC": [*cli, "show", str(run), doc],
        "engram-probe export RUN": [*cli, "export", str(run), "--out", str(workdir / "ngram_stats.csv"), "--overwrite"],
    }
    samples = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            samples[name].append(timed(command))
    torch_wall = statistics.median(wall for wall, _ in samples["import torch (reference)"])
    return {
        name: {
            "wall_s": round(statistics.median(wall for wall, _ in runs), 3),
            "cpu_s": round(statistics.median(cpu for _, cpu in runs), 3),
            "share_of_torch_import": round(statistics.median(wall for wall, _ in runs) / torch_wall, 3),
            "wall_s_all": [round(wall, 3) for wall, _ in runs],
        }
        for name, runs in samples.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--run", type=Path, help="A run directory to read (default: probe a small one first).")
    parser.add_argument("--doc", help="A document of --run for `show`.")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--out", type=Path, default=RESULT)
    args = parser.parse_args()
    if (args.run is None) != (args.doc is None):
        parser.error("--run and --doc go together")
    with tempfile.TemporaryDirectory() as tmp:
        run, doc = (args.run, args.doc) if args.run else make_run(Path(tmp))
        load_before = os.getloadavg()
        commands = measure(run, doc, args.rounds, Path(tmp))
        load_after = os.getloadavg()
    result = {
        "benchmark": "startup",
        "rounds": args.rounds,
        "statistic": "median over rounds; each round runs every command once, in turn, as a fresh process",
        "run": str(args.run) if args.run else f"temporary: bundled engram model on {', '.join(SOURCES)} docstrings",
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "loadavg_1min_before_after": [load_before[0], load_after[0]],
        },
        "commands": commands,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    width = max(map(len, commands))
    for name, row in commands.items():
        print(
            f"{name:<{width}}  {row['wall_s']:6.3f} s wall  {row['cpu_s']:6.3f} s CPU  {row['share_of_torch_import']:5.2f} x "
            "torch import"
        )
    print(f"load average {load_before[0]:.1f} -> {load_after[0]:.1f}; wrote {args.out}")


if __name__ == "__main__":
    main()
