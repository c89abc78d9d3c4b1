"""Addressing throughput and its share of a `tiny` forward pass, measured side by side.

    python benchmarks/bench_addressing.py [--batch 4] [--seq-len 512] [--repeats 7]

Writes benchmarks/results/addressing.json. Addressing = compression lookup + multi-head
hashing for every Engram layer, exactly what `EngramLM.engram_rows` runs before layer 0.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path

import torch

from engram_model import EngramLM, ModelConfig

RESULTS = Path(__file__).parent / "results" / "addressing.json"


def median_seconds(fn, repeats: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(model: EngramLM, batch: int, seq_len: int, repeats: int) -> dict:
    generator = torch.Generator().manual_seed(0)
    tokens = torch.randint(0, model.cfg.vocab_size, (batch, seq_len), generator=generator)
    n_tokens = batch * seq_len
    with torch.no_grad():
        address = median_seconds(lambda: model.engram_rows(tokens), repeats)
        forward = median_seconds(lambda: model(tokens), repeats)

        def decode_step():
            state = model.new_state(batch)
            model(tokens[:, :1], state=state)

        step_address = median_seconds(lambda: model.engram_rows(tokens[:, :1]), repeats * 5)
        step_forward = median_seconds(decode_step, repeats * 5)
    return {
        "prefill": {
            "batch": batch,
            "seq_len": seq_len,
            "addressing_s": address,
            "forward_s": forward,
            "addressing_tokens_per_s": n_tokens / address,
            "forward_tokens_per_s": n_tokens / forward,
            "addressing_share_of_forward": address / forward,
        },
        "decode_step": {
            "batch": batch,
            "addressing_s": step_address,
            "forward_s": step_forward,
            "addressing_share_of_forward": step_address / step_forward,
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4)
    parser.add_argument("--seq-len", type=int, default=512)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()

    torch.manual_seed(0)
    cfg = ModelConfig.preset("tiny")
    model = EngramLM(cfg).eval()
    result = {
        "benchmark": "addressing",
        "model": "tiny preset (random weights; timing does not depend on them)",
        "engram": {"layers": list(cfg.engram.layers), "max_ngram": cfg.engram.max_ngram, "heads": cfg.engram.n_heads},
        "machine": {"cpu": platform.processor() or platform.machine(), "torch_threads": torch.get_num_threads()},
        "repeats": args.repeats,
        "statistic": "median wall seconds",
        **measure(model, args.batch, args.seq_len, args.repeats),
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
