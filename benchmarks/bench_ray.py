"""The Ray engine against the local one on this machine: throughput with 1 and 2 workers, and
memory (driver and worker peak RSS) for 1x and 10x the corpus.

    python benchmarks/bench_ray.py [--docs 600] [--repeats 3] [--memory-docs 60]

One local Ray cluster (loopback only, every CPU) serves the whole run. Each repeat runs the
local engine, Ray with one worker and Ray with two, then the model on one core either way
(the local engine at one torch thread; one Ray worker given one CPU, so one thread, with the
driver and the plan task on the other core), in a rotating order, each into a fresh
run directory with `engram-probe run`'s default recorders; a run's time is `write_scan`'s,
so it includes starting the actor pool (loading one model per worker) and writing the shards
and aggregates. Ratios are of the best and of the median times; the `steady` ratios leave out
each run's time to its first batch (the pool's start-up, a cost a longer scan amortises).
Memory: `engram-probe run --engine ray` as a separate driver process joining the cluster, on
the first `--memory-docs` documents and on ten times as many; its report gives the driver's
and each worker's peak RSS (a worker's after its first batch and after its last).

Writes benchmarks/results/ray.json. The corpus is the default corpus's validation split.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import torch

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # a single-machine cluster, on loopback

from engram_model.corpus import ReadReport, ensure_default_corpus, iter_documents
from probe.cli import open_model
from probe.runs.distributed import CorpusSource, ModelSource, RayOptions, connect, probe_corpus_on_ray
from probe.runs.recorder import RecordOptions
from probe.runs.scan import ProbeOptions, probe_corpus, run_manifest

RESULTS = Path(__file__).parent / "results" / "ray.json"
OPTIONS = ProbeOptions(record=RecordOptions(logprob=True))  # what `engram-probe run` records by default
# the last two give the model one core each way, leaving the other to the driver and the plan task
ENGINES = ("local", "ray_1_worker", "ray_2_workers", "local_1_thread", "ray_1_worker_1_thread")


def one_run(engine: str, lm, checkpoint: Path, corpus: Path, docs: int, out: Path) -> dict:
    manifest = run_manifest(lm, "engram", checkpoint, corpus, "validation")
    if engine.startswith("local"):
        report = ReadReport()
        documents = iter_documents(corpus, "text", report, "validation")
        threads = torch.get_num_threads()
        if engine == "local_1_thread":
            torch.set_num_threads(1)
        try:
            return probe_corpus(lm, documents, out, manifest, OPTIONS, limit=docs, read_report=report, show_progress=False)
        finally:
            torch.set_num_threads(threads)
    cluster = {
        "ray_1_worker": RayOptions(workers=1),
        "ray_2_workers": RayOptions(workers=2),
        "ray_1_worker_1_thread": RayOptions(workers=1, cpus_per_worker=1.0),  # 1 CPU: 1 torch thread
    }[engine]
    return probe_corpus_on_ray(
        lm,
        ModelSource(str(checkpoint)),
        CorpusSource(str(corpus), "text", "validation"),
        out,
        manifest,
        OPTIONS,
        cluster,
        limit=docs,
        show_progress=False,
    )


# each ratio's name: (reference, candidate); the ratio is the candidate's throughput over the reference's
RATIOS = {
    "ray_1_worker_over_local": ("local", "ray_1_worker"),
    "ray_2_workers_over_1": ("ray_1_worker", "ray_2_workers"),
    "ray_1_worker_over_local_at_1_thread": ("local_1_thread", "ray_1_worker_1_thread"),
}


def ratio(reference: str, candidate: str, times: dict) -> tuple[float, float]:
    """(best, median) of the candidate's throughput over the reference's: their times' inverse ratio."""
    return min(times[reference]) / min(times[candidate]), statistics.median(times[reference]) / statistics.median(
        times[candidate]
    )


def memory_run(address: str, docs: int, workdir: Path) -> dict:
    out = workdir / f"memory-{docs}"
    command = [
        sys.executable,
        "-m",
        "probe",
        "run",
        "--engine",
        "ray",
        "--address",
        address,
        "--limit",
        str(docs),
        "--out",
        str(out),
        "--summary",
        "0",
    ]
    subprocess.run(command, check=True, capture_output=True, text=True)
    session = json.loads((out / "report.json").read_text())["this_session"]
    return {
        "documents": docs,
        "tokens": session["tokens"],
        "driver_peak_rss_mib": session["driver_peak_rss_mib"],
        "worker_peak_rss_mib_first_and_last_batch": list(session["worker_peak_rss_mib"].values()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=int, default=600)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--memory-docs", type=int, default=60)
    args = parser.parse_args()

    import ray

    lm, _, checkpoint = open_model("engram")
    corpus = ensure_default_corpus()
    connect(RayOptions())
    seconds = {engine: [] for engine in ENGINES}
    first_batch = {engine: [] for engine in ENGINES}
    tokens = None
    load = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        for repeat in range(args.repeats):
            order = ENGINES[repeat % len(ENGINES) :] + ENGINES[: repeat % len(ENGINES)]
            for engine in order:
                report = one_run(engine, lm, checkpoint, corpus, args.docs, workdir / f"{engine}-{repeat}")
                seconds[engine].append(report["this_session"]["seconds"])
                first_batch[engine].append(report["this_session"]["first_batch_seconds"])
                tokens = report["this_session"]["tokens"]
                print(f"repeat {repeat} {engine}: {report['this_session']['seconds']:.1f} s", flush=True)
            load.append(os.getloadavg()[0])
        address = ray.get_runtime_context().gcs_address
        memory = [memory_run(address, docs, workdir) for docs in (args.memory_docs, 10 * args.memory_docs)]
    best = {engine: min(s) for engine, s in seconds.items()}
    overall = {name: ratio(*pair, seconds) for name, pair in RATIOS.items()}
    steady = {engine: [total - start for total, start in zip(seconds[engine], first_batch[engine])] for engine in ENGINES}
    result = {
        "benchmark": "ray",
        "model": "engram",
        "machine": {
            "cpu": platform.machine(),
            "cores": os.cpu_count(),
            "ray_cpus": ray.cluster_resources().get("CPU"),
            "load_average_1min_during": [round(x, 2) for x in load],
        },
        "corpus": f"the first {args.docs} documents of the default corpus's validation split, {tokens} tokens",
        "records": "gates, n-grams, next-token log-prob: what `engram-probe run` records by default",
        "statistic": f"best and median of {args.repeats} rotating runs; a run's time includes starting the actor pool",
        "tokens_per_s": {engine: round(tokens / best[engine], 1) for engine in ENGINES},
        **{name: best_ratio for name, (best_ratio, _) in overall.items()},
        **{f"{name}_median": median_ratio for name, (_, median_ratio) in overall.items()},
        "steady_best_and_median": {name: ratio(*pair, steady) for name, pair in RATIOS.items()},
        "seconds": seconds,
        "first_batch_seconds": first_batch,
        "memory": memory,
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    ray.shutdown()


if __name__ == "__main__":
    main()
