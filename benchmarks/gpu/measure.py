"""Engram table tiers on a GPU, side by side: HBM-resident, pinned host memory (with and without
the prefetcher's side stream) and mmap (the same), for our bundled `engram` model and for a
Qwen4-Exp PLE model whose table is several GiB (built randomly, saved, loaded once per tier).

    python benchmarks/gpu/measure.py [--table-gib 4] [--repeats 7] [--out DIR]
    python benchmarks/gpu/measure.py --smoke --out /tmp/gpu-smoke     # tiny sizes; runs on a CPU too

`benchmarks/gpu/check.sh` runs it after the CUDA tests. Every variant of a model runs the same
batches, alternating on every repeat after one warm-up call (`bench_bridge.alternate`), with a
device synchronisation around each timed call; figures are best and median seconds, ratios
are speed ratios to `resident` (resident seconds / variant seconds). Before timing, each
variant's logits are compared with resident's (bit-identical is expected; the JSON records
it). The mmap variants read a warm page cache (the rows were read in the warm-up); with `--cold`,
`mmap+prefetch, cold` also drops the Qwen table's pages before every batch.

Writes DIR/tiers.json (default benchmarks/results/gpu/, or $OUT when set), rewritten after
each part so a run cut short keeps what it measured. It has run on one H200 through
check.sh (benchmarks/results/gpu/tiers.json).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # benchmarks/: the builders and timing of bench_bridge
import bench_bridge  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_OUT = ROOT / "benchmarks" / "results" / "gpu"
# variant: (tier, prefetch, drop the page cache before each batch)
VARIANTS = {
    "resident": ("resident", False, False),
    "host": ("host", False, False),
    "host+prefetch": ("host", True, False),
    "mmap": ("mmap", False, False),
    "mmap+prefetch": ("mmap", True, False),
}
COLD = {"mmap+prefetch, cold": ("mmap", True, True)}  # with --cold: every batch's rows read from the disk


def machine(device: torch.device) -> dict:
    info = {
        "python": platform.python_version(),
        "torch": torch.__version__,
        "cpus": os.cpu_count(),
        "device": str(device),
    }
    try:
        import transformers

        info["transformers"] = transformers.__version__
    except ImportError:
        pass
    if device.type == "cuda":
        props = torch.cuda.get_device_properties(device)
        info.update(gpu=props.name, gpu_memory_gib=props.total_memory / 2**30, cuda=torch.version.cuda)
    return info


def sync(device: torch.device):
    return (lambda: torch.cuda.synchronize(device)) if device.type == "cuda" else (lambda: None)


def drop_page_cache(model) -> None:
    for layer in model.cfg.engram.layers:
        table = model.blocks[layer].engram.table
        getattr(table, "backing", table).drop_page_cache()


def measure_tiers(load, batches: list[torch.Tensor], repeats: int, device: torch.device, decode=None, cold=False) -> dict:
    """Load the model once per tier (`load(tier)`), check every variant's logits against
    resident's, then time every variant's forward over `batches` (and `decode(model)`, when
    given, as a second workload), alternating. The prefetch variants share their tier's model."""
    from engram_model import Prefetcher

    started = time.perf_counter()
    models = {tier: load(tier) for tier in ("resident", "host", "mmap")}
    load_s = time.perf_counter() - started
    prefetchers = {tier: Prefetcher(models[tier]) for tier in ("host", "mmap")}
    on_device = [t.to(device) for t in batches]
    variants = {**VARIANTS, **(COLD if cold else {})}

    def with_variant(name: str, work):
        tier, prefetch, drop = variants[name]
        model = models[tier]
        model.prefetcher = prefetchers[tier] if prefetch else None
        try:
            if drop:
                drop_page_cache(model)
            with torch.no_grad():
                return work(model)
        finally:
            model.prefetcher = None

    expected = with_variant("resident", lambda m: m(on_device[0]))
    identical = {name: bool(torch.equal(with_variant(name, lambda m: m(on_device[0])), expected)) for name in variants}
    workloads = {"prefill": lambda m: [m(t) for t in on_device]}
    if decode is not None:
        workloads["decode"] = decode
    out = {"load_s_all_tiers": load_s, "logits_identical_to_resident": identical, "workloads": {}}
    for workload, work in workloads.items():
        print(f"  {workload}", file=sys.stderr, flush=True)
        calls = {name: (lambda name=name, work=work: with_variant(name, work)) for name in variants}
        seconds = bench_bridge.alternate(calls, repeats, sync(device))
        out["workloads"][workload] = {
            "seconds": seconds,
            "best_s": {k: min(v) for k, v in seconds.items()},
            "median_s": {k: statistics.median(v) for k, v in seconds.items()},
            "over_resident": bench_bridge.speed_ratios(seconds, "resident"),
        }
    out["mmap_prefetcher"] = prefetchers["mmap"].summary()
    for prefetcher in prefetchers.values():
        prefetcher.close()
    models.clear()
    gc.collect()
    if device.type == "cuda":
        torch.cuda.empty_cache()
    return out


def engram_part(device: torch.device, smoke: bool, repeats: int) -> dict:
    """Our bundled `engram` checkpoint: prefill batches and greedy decode."""
    from engram_model import load_model
    from engram_model.tables import TierOptions

    vocab = load_model("engram", verify=False).cfg.vocab_size
    shape, n, new = ((2, 32), 1, 4) if smoke else ((8, 256), 4, 32)
    generator = torch.Generator().manual_seed(0)
    batches = [torch.randint(3, vocab, shape, generator=generator) for _ in range(n)]
    prompt = batches[0][:4, :16].to(device)

    def decode(model):
        return model.generate(prompt, max_new_tokens=new, stop_at_eos=False)

    def load(tier: str):
        return load_model("engram", device=device, tier=TierOptions(tier), verify=False)

    return {
        "model": "engram (bundled)",
        "prefill_batches": [list(shape)] * n,
        "decode": {"batch": len(prompt), "prompt": prompt.shape[1], "new_tokens": new},
        **measure_tiers(load, batches, repeats, device, decode),
    }


def qwen_part(device: torch.device, smoke: bool, repeats: int, table_gib: float, root: Path, cold: bool) -> dict:
    """A Qwen4-Exp model whose one PLE table (block 1, fp32) is `table_gib` GiB, saved with
    save_pretrained in 2 GB shards and opened per tier with load_model."""
    from engram_model import load_model
    from engram_model.tables import TierOptions

    config = bench_bridge.table_heavy_config(table_gib * 1024, ple_layer=2)
    started = time.perf_counter()
    build_on = "cuda" if device.type == "cuda" else "cpu"  # a GPU draws the table's values in milliseconds
    directory = bench_bridge.build_checkpoint(root / "qwen4_exp", config, device=build_on, max_shard_size="2GB")
    build_s = time.perf_counter() - started
    shape, n = ((2, 32), 1) if smoke else ((8, 512), 4)
    batches = bench_bridge.random_batches(n, *shape, seed=3)

    def load(tier: str):
        return load_model(directory, device=device, tier=TierOptions(tier))

    return {
        "model": "random Qwen4ExpForCausalLM, 2 linear-attention layers of width 64, PLE on block 1",
        "table_bytes": bench_bridge.table_bytes(config),
        "build_and_save_s": build_s,
        "prefill_batches": [list(shape)] * n,
        **measure_tiers(load, batches, repeats, device, cold=cold),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, 2 repeats, any device: the code path only")
    parser.add_argument("--table-gib", type=float, default=4.0, help="the Qwen4-Exp PLE table, GiB (fp32)")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--out", type=Path, default=Path(os.environ["OUT"]) if os.environ.get("OUT") else DEFAULT_OUT)
    parser.add_argument("--parts", default="engram,qwen4_exp", help="comma-separated: engram, qwen4_exp")
    parser.add_argument("--cold", action="store_true", help="also the Qwen table read cold (slow on a slow disk)")
    args = parser.parse_args()
    if torch.cuda.is_available():
        device = torch.device("cuda")
    elif args.smoke:
        device = torch.device("cpu")
    else:
        parser.error("no CUDA device: this measures GPU tiers; use --smoke to run the code path on a CPU")
    repeats, table_gib = (2, 8 / 1024) if args.smoke else (args.repeats, args.table_gib)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "tiers.json"
    result = {
        "benchmark": "gpu_tiers",
        "smoke": args.smoke,
        "machine": machine(device),
        "repeats": repeats,
        "statistic": f"best and median of {repeats} alternating repeats; over_resident is resident seconds / variant seconds",
        "parts": {},
    }
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gpu_tiers_", dir=os.environ.get("TMPDIR")) as tmp:
        for part in args.parts.split(","):
            print(part, file=sys.stderr, flush=True)
            try:
                if part == "engram":
                    result["parts"][part] = engram_part(device, args.smoke, repeats)
                elif part == "qwen4_exp":
                    result["parts"][part] = qwen_part(device, args.smoke, repeats, table_gib, Path(tmp), args.cold or args.smoke)
                else:
                    parser.error(f"--parts: unknown part {part!r}; choose engram, qwen4_exp")
            except Exception as err:  # keep what the other parts measured
                result["parts"][part] = {"error": f"{type(err).__name__}: {err}"}
                print(f"{part} failed: {err!r}", file=sys.stderr, flush=True)
            result["wall_s"] = time.perf_counter() - started
            path.write_text(json.dumps(result, indent=2) + "\n")
    brief = {
        part: {w: r["over_resident"] for w, r in v["workloads"].items()} if "workloads" in v else v
        for part, v in result["parts"].items()
    }
    print(json.dumps(brief, indent=1))
    print(f"wrote {path}")
    if any("error" in v for v in result["parts"].values()):
        sys.exit(1)


if __name__ == "__main__":
    main()
