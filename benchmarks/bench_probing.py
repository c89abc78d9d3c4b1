"""Probing throughput against a plain forward pass (to logits) over the same batches, for
three sets of recorders, and peak memory for 1x and 10x the same corpus.

    chrt -f 50 taskset -c 1 python benchmarks/bench_probing.py [--docs 8] [--repeats 9]

Recorders (`RECORDERS`): `default` is `RecordOptions()`, gates and n-grams (`engram-probe run
--no-record-logprob`); `cli_default` adds the next-token log-prob, as `engram-probe run`
records by default; `all` adds row ids and the Engram output norm. Each repeat runs the plain
forward and every variant back to back (interleaved), so drift hits them all; the ratios are
of the best and of the median times. Pinning with real-time priority on one core gives
near-idle numbers on a shared machine; the result records the policy and cores it ran with.

Writes benchmarks/results/probing.json. The corpus is the running Python's `json` and
`email` packages (real text on every machine); 10x repeats it under new document ids.
Each memory figure is the peak RSS of a separate process that probes that corpus with every
recorder on.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

import torch

from engram_model.corpus import Document, iter_documents
from probe.batching import batched, model_inputs
from probe.cli import open_model
from probe.runs.recorder import RecordOptions
from probe.runs.scan import GateScan, ProbeOptions, probe_corpus

RESULTS = Path(__file__).parent / "results" / "probing.json"
RECORDERS = {
    "default": RecordOptions(),
    "cli_default": RecordOptions(logprob=True),
    "all": RecordOptions(rows=True, logprob=True, out_norm=True),
}
RECORDER_DESCRIPTIONS = {
    "default": "gates and n-grams: RecordOptions(), `engram-probe run --no-record-logprob`",
    "cli_default": "gates, n-grams, next-token log-prob: what `engram-probe run` records by default",
    "all": "gates, n-grams, next-token log-prob, row ids, Engram output norm",
}
# chunks as long as the model takes (at most 512); small shards, so that even the 1x corpus
# spans several and memory is measured at its bound
OPTIONS = ProbeOptions(shard_tokens=8192, record=RECORDERS["all"])
IDENTITY = {"model_hash": "benchmark", "tokenizer_hash": "benchmark", "corpus_hash": "benchmark"}


def corpus(n_docs: int, scale: int) -> list[Document]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    base = [d for package in ("json", "email") for d in iter_documents(stdlib / package)][:n_docs]
    return [Document(f"{copy}/{d.doc_id}", d.text) for copy in range(scale) for d in base]


def plain_forward(model, documents: list[Document], options: ProbeOptions, stop_at_layer: int | None = None) -> int:
    """The same tokenization, chunks, batches and addressing as the scan, with no hooks and
    nothing written: what a model costs before any probing (to logits, or to `stop_at_layer`)."""
    chunks = list(GateScan(model, options.for_model(model)).chunker.stream(documents))
    with torch.no_grad():
        for batch in batched(chunks, options.batch_size):
            tokens, mask, rows = model_inputs(model, batch)
            model(tokens, attention_mask=mask, rows=rows, stop_at_layer=stop_at_layer)
    return sum(len(c) for c in chunks)


def worker(n_docs: int, scale: int) -> None:
    """Probe `scale` copies of the corpus in this process and print the peak RSS."""
    model, _, _ = open_model("engram")
    documents = corpus(n_docs, scale)
    with tempfile.TemporaryDirectory() as tmp:
        probe_corpus(model, documents, Path(tmp) / "run", IDENTITY, OPTIONS, show_progress=False)
    tokens = sum(len(model.tokenizer.encode(d.text).ids) + 1 for d in documents)
    print(
        json.dumps(
            {
                "scale": scale,
                "documents": len(documents),
                "tokens": tokens,
                "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--worker-scale", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker_scale:
        worker(args.docs, args.worker_scale)
        return

    torch.set_num_threads(len(os.sched_getaffinity(0)))  # one thread per core this process may run on
    model, described, _ = open_model("engram")
    documents = corpus(args.docs, 1)
    last_engram = max(model.cfg.engram.layers) + 1  # where the default recorders stop the forward
    seconds: dict[str, list[float]] = {"plain": [], "plain_to_last_engram": [], **{name: [] for name in RECORDERS}}
    with tempfile.TemporaryDirectory() as tmp:
        plain_forward(model, documents[:2], OPTIONS)  # warm-up
        for repeat in range(args.repeats):  # interleaved, so drift on a shared machine hits every variant
            start = time.perf_counter()
            tokens = plain_forward(model, documents, OPTIONS)
            seconds["plain"].append(time.perf_counter() - start)
            start = time.perf_counter()
            plain_forward(model, documents, OPTIONS, stop_at_layer=last_engram)
            seconds["plain_to_last_engram"].append(time.perf_counter() - start)
            for name, record in RECORDERS.items():
                options = dataclasses.replace(OPTIONS, record=record)
                start = time.perf_counter()
                probe_corpus(model, documents, Path(tmp) / f"{name}{repeat}", IDENTITY, options, show_progress=False)
                seconds[name].append(time.perf_counter() - start)
    memory = []
    for scale in (1, 10):
        output = subprocess.run(
            [sys.executable, __file__, "--docs", str(args.docs), "--worker-scale", str(scale)],
            capture_output=True,
            text=True,
            check=True,
        )
        memory.append(json.loads(output.stdout.strip().splitlines()[-1]))
    plain = seconds["plain"]
    result = {
        "benchmark": "probing",
        "model": described,
        "machine": {
            "cpu": platform.processor() or platform.machine(),
            "torch_threads": torch.get_num_threads(),
            "cores": sorted(os.sched_getaffinity(0)),
            "scheduler": {os.SCHED_FIFO: "SCHED_FIFO (real-time)", os.SCHED_OTHER: "SCHED_OTHER"}.get(
                os.sched_getscheduler(0), "other"
            ),
        },
        "corpus": f"{len(documents)} documents of the stdlib json and email packages, {tokens} tokens",
        "written": "shards, manifest, aggregates and report, as `engram-probe run` writes them",
        "statistic": f"best and median of {args.repeats} interleaved runs (best: least disturbed by a noisy VM)",
        "plain_forward_tokens_per_s": tokens / min(plain),
        # the same forward as the default recorders run, without hooks: what recording itself costs
        "plain_to_last_engram_tokens_per_s": tokens / min(seconds["plain_to_last_engram"]),
        "default_over_plain_to_last_engram": min(seconds["plain_to_last_engram"]) / min(seconds["default"]),
        "default_over_plain_to_last_engram_median": statistics.median(seconds["plain_to_last_engram"])
        / statistics.median(seconds["default"]),
        "recorders": {
            name: {
                "records": RECORDER_DESCRIPTIONS[name],
                "tokens_per_s": tokens / min(seconds[name]),
                "over_plain": min(plain) / min(seconds[name]),
                "over_plain_median": statistics.median(plain) / statistics.median(seconds[name]),
            }
            for name in RECORDERS
        },
        "seconds": seconds,
        "peak_memory": memory,
        "peak_memory_10x_over_1x": memory[1]["peak_rss_mib"] / memory[0]["peak_rss_mib"],
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
