"""Row gathers from a DeepSeek-V4.1 checkpoint's shards against the same rows in our table file.

    python benchmarks/bench_v41_gather.py [--base-rows 10000] [--batch 4] [--seq-len 1024] [--repeats 9]

Writes benchmarks/results/v41_gather.json. One synthetic V4.1 checkpoint (engram_model.
v41_synthetic: codes and scales as two tensors in different shards) and one table file of our
format holding the same bytes (one 264-byte record per row) are served by the same tier; the
same row ids (a prefill step of random token ids through the real addressing) are gathered
from each, alternating A, B, A, B... in one process, so machine noise hits both alike. The
shards' rows come out dequantised and rounded to bf16, ours in fp32. Both files are warm in
the page cache (read once before timing): this measures the formats, not the disk.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import load_file

from engram_model import load_model
from engram_model.tables import RowCodec, TableFile, TierOptions, open_table
from engram_model.v41_checkpoint import INDEX, engram_tensor
from engram_model.v41_synthetic import write_synthetic_v41

RESULTS = Path(__file__).parent / "results" / "v41_gather.json"
SETUPS = [("mmap", "mmap"), ("mmap", "pread"), ("host", "mmap")]


def our_table_file(v41_dir: Path, layer: int, path: Path) -> TableFile:
    """The layer's rows as our format: codes then scales in one record per row."""
    weight_map = json.loads((v41_dir / INDEX).read_text())["weight_map"]
    tensors = {}
    for name in ("embed.weight", "embed.scale"):
        key = engram_tensor(layer, name)
        tensors[name] = load_file(v41_dir / weight_map[key])[key].view(torch.uint8).numpy()
    records = np.concatenate([tensors["embed.weight"], tensors["embed.scale"]], axis=1)
    table_file = TableFile.create(path, {"table": (len(records), RowCodec("fp8_e4m3", 256))}, {})
    table_file.write_rows("table", 0, records)
    return table_file


def alternate(gathers: dict[str, callable], repeats: int) -> dict[str, float]:
    """Median seconds of each gather, run in turn `repeats` times after one warm-up each."""
    times = {name: [] for name in gathers}
    for fn in gathers.values():
        fn()
    for _ in range(repeats):
        for name, fn in gathers.items():
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-rows", type=int, default=10_000, help="rows per hash head before the prime search")
    parser.add_argument("--batch", type=int, default=4)
    parser.add_argument("--seq-len", type=int, default=1024)
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bench-v41-") as tmp:
        v41_dir = write_synthetic_v41(Path(tmp) / "v41", base_rows=args.base_rows)
        layer = 1
        parts = load_model(v41_dir, tier="mmap", engram_only=True)
        ours = our_table_file(v41_dir, layer, Path(tmp) / "engram_tables.safetensors")
        tokens = np.random.default_rng(0).integers(0, parts.tokenizer.get_vocab_size(), size=(args.batch, args.seq_len))
        flat_rows = torch.from_numpy(parts.rows(tokens)[layer]) + parts.engrams[str(layer)].offsets
        results = []
        for tier, reader in SETUPS:
            v41 = load_model(v41_dir, tier=TierOptions(tier, reader, io_threads=2), engram_only=True).engrams[str(layer)].table
            our = open_table(ours, "table", TierOptions(tier, reader, io_threads=2))
            assert torch.equal(v41.gather(flat_rows), our.gather(flat_rows).bfloat16())  # the same rows
            seconds = alternate(
                {"ours": lambda t=our: t.gather(flat_rows), "v41": lambda t=v41: t.gather(flat_rows)}, args.repeats
            )
            results.append(
                {
                    "tier": tier,
                    "reader": reader,
                    "ours_s": seconds["ours"],
                    "v41_s": seconds["v41"],
                    "v41_speed_vs_ours": seconds["ours"] / seconds["v41"],
                }
            )
            print(
                f"{tier:5} {reader:5}  ours {seconds['ours'] * 1e3:7.2f} ms   v41 {seconds['v41'] * 1e3:7.2f} ms   "
                f"v41 speed {seconds['ours'] / seconds['v41']:.3f}x"
            )
        result = {
            "benchmark": "v41_gather",
            "table": {"layer": layer, "rows": int(our.num_rows), "row_bytes": 264, "base_rows": args.base_rows},
            "step": {
                "batch": args.batch,
                "seq_len": args.seq_len,
                "row_requests": int(flat_rows.numel()),
                "distinct_rows": int(np.unique(flat_rows.numpy()).size),
            },
            "machine": {"cpu": platform.machine(), "cores": os.cpu_count(), "torch_threads": torch.get_num_threads()},
            "page_cache": "warm (both files read before timing)",
            "repeats": args.repeats,
            "statistic": "median wall seconds of one gather, formats alternated",
            "results": results,
        }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
