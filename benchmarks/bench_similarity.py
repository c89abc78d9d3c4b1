"""Speed of minibatch CKA over every layer pair of two models (spec §6, issue: <= 10 s for two
6-to-12-layer models over 20,000 tokens of width 512).

Activations are synthetic, float32 as a model hands them over: model a's layer l is a running
sum of Gaussian steps (so neighbouring layers are similar), model b's the same steps through a
random rotation plus noise. Every minibatch carries all 24 layers; generating them is not
timed. Side by side, on the first minibatches, the textbook way: per layer pair, the Nguyen et
al. estimator with explicit matrix products (`tr(K~L~)` as a product of two n x n matrices).

    python benchmarks/bench_similarity.py [--tokens 20000] [--layers 12] [--width 512] [--minibatch 256]

writes benchmarks/results/similarity.json (wall-clock and CPU seconds, ratio to the textbook way).
BLAS threads follow OPENBLAS_NUM_THREADS (recorded); on a machine whose cores are busy with
other work, one thread (OPENBLAS_NUM_THREADS=1) avoids OpenBLAS's spinning workers and is
many times faster than the default.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

import numpy as np

from probe.analyses.similarity import MinibatchCKA

RESULT = Path(__file__).parent / "results" / "similarity.json"


def minibatches(tokens: int, layers: int, width: int, minibatch: int, seed: int = 0):
    """Lists of 2 * `layers` float32 arrays `[n, width]`, n = `minibatch` (the last may be smaller)."""
    rng = np.random.default_rng(seed)
    rotation, _ = np.linalg.qr(rng.standard_normal((width, width)))
    for start in range(0, tokens, minibatch):
        n = min(minibatch, tokens - start)
        if n < 4:
            return
        steps = rng.standard_normal((layers, n, width), dtype=np.float32)
        a = np.cumsum(steps, axis=0)
        b = a @ rotation.astype(np.float32) + 0.5 * rng.standard_normal((layers, n, width), dtype=np.float32)
        yield list(a) + list(b)


def textbook_hsic(features: list[np.ndarray]) -> np.ndarray:
    """Every pair separately: HSIC_1 with K~ @ L~ products, float64."""
    grams = []
    for f in features:
        f = f.astype(np.float64)
        k = f @ f.T
        np.fill_diagonal(k, 0)
        grams.append(k)
    n, ones = len(grams[0]), np.ones(len(grams[0]))
    out = np.empty((len(grams), len(grams)))
    for i, K in enumerate(grams):  # the paper's Gram matrices K and L
        for j, L in enumerate(grams):
            KL = K @ L
            out[i, j] = (
                np.trace(KL) + (ones @ K @ ones) * (ones @ L @ ones) / ((n - 1) * (n - 2)) - 2 / (n - 2) * ones @ KL @ ones
            ) / (n * (n - 3))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tokens", type=int, default=20_000)
    parser.add_argument("--layers", type=int, default=12, help="layers per model (two models)")
    parser.add_argument("--width", type=int, default=512)
    parser.add_argument("--minibatch", type=int, default=256)
    parser.add_argument("--textbook-batches", type=int, default=2, help="minibatches timed the textbook way")
    parser.add_argument("--out", type=Path, default=RESULT)
    args = parser.parse_args()

    load_before = os.getloadavg()
    acc, wall, cpu, batches = MinibatchCKA(), 0.0, 0.0, 0
    first = []
    for features in minibatches(args.tokens, args.layers, args.width, args.minibatch):
        if len(first) < args.textbook_batches:
            first.append(features)
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        acc.update(features)
        wall += time.perf_counter() - start_wall
        cpu += time.process_time() - start_cpu
        batches += 1
    start_wall = time.perf_counter()
    cka = acc.matrix()
    wall += time.perf_counter() - start_wall

    check = MinibatchCKA()
    fast_wall = time.perf_counter()
    for features in first:
        check.update(features)
    fast_wall = time.perf_counter() - fast_wall
    textbook_wall = time.perf_counter()
    textbook = sum(textbook_hsic(features) for features in first)
    textbook_wall = time.perf_counter() - textbook_wall
    agreement = float(np.max(np.abs(check.hsic - textbook) / np.abs(textbook).max()))

    layers = args.layers
    result = {
        "benchmark": "similarity",
        "what": "MinibatchCKA.update over every minibatch + matrix(): all pairs of 2 models' layers (cross and within)",
        "tokens": args.tokens,
        "layers_per_model": layers,
        "width": args.width,
        "minibatch": args.minibatch,
        "minibatches": batches,
        "layer_pairs": (2 * layers) ** 2,
        "seconds_wall": round(wall, 3),
        "seconds_cpu": round(cpu, 3),
        "target_seconds": 10,
        "textbook_per_pair": {
            "minibatches": len(first),
            "seconds_wall": round(textbook_wall, 3),
            "minibatchcka_seconds_wall": round(fast_wall, 3),
            "speedup": round(textbook_wall / fast_wall, 1),
            "max_relative_difference": agreement,
        },
        "cka_cross_diagonal": [round(float(cka[i, layers + i]), 4) for i in range(layers)],
        "machine": {
            "python": platform.python_version(),
            "numpy": np.__version__,
            "platform": platform.platform(),
            "cpu_count": os.cpu_count(),
            "openblas_num_threads": os.environ.get("OPENBLAS_NUM_THREADS", "default"),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in os.getloadavg()],
        },
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
