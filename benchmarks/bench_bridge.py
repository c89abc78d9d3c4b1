"""The Qwen4-Exp bridge (engram_model.bridges) against transformers, and its table tiers, side by side.

    chrt -f 50 taskset -c 0,1 python benchmarks/bench_bridge.py --threads 1     # what results/bridge.json records
    python benchmarks/bench_bridge.py [--repeats 15] [--tier-repeats 31] [--threads N] [--table-mib 384] [--out PATH]
    python benchmarks/bench_bridge.py --quick --out /tmp/bridge-quick.json   # the code paths, in seconds

The recorded run computes on one torch thread at real-time priority and leaves the second core
to the prefetcher's worker (on this shared 2-core VM, unpinned runs moved by +-10% between
repeats, more than the effects measured).

Both parts build random `Qwen4ExpForCausalLM` models with transformers' own classes, write them
with `save_pretrained` into a temporary directory and open them with `load_model` (nothing is
downloaded). Each measurement runs in one process, the variants alternating on every repeat
after one warm-up call each, so load from other processes hits them all. Figures: best and
median of `--repeats` (probing) or `--tier-repeats` (tiers; its calls are short), and the
median of each repeat's own ratio (`paired_median`). Ratios are speed ratios, reference
seconds / variant seconds: above 1 is faster than the reference.

probing: a 4-layer model (3 linear-attention layers and 1 indexed-attention layer, 4
hyper-connection streams of 128, 8 experts, PLE on one-indexed layers 1 and 3 with 41 MB
tables). On the same batches: transformers' plain forward of the checkpoint (its own
`Qwen4ExpForCausalLM`, loaded with `from_pretrained`, without hooks) against the bridged
model's plain forward, its `run_with_cache(names_filter=<every hook_gate>)` (the headline:
target >= 0.95 of transformers' speed) and `probe`'s `GateRecorder` (default options: it stops
after the last PLE layer, as `engram-probe run --no-record-logprob` does, so it does less work
than a full forward).

tiers: a PLE table far larger than its backbone (`--table-mib`, fp32, 16 hash heads of 64;
two linear-attention layers of width 64) at two placements: PLE on block 0 (`ple_layer_ids=[1]`,
where nothing runs before the lookup for a prefetch to hide behind) and on block 1 (the released
model's placement, `ple_layer_ids=[2]`: one decoder layer runs before it). Against `resident`
(transformers' own `nn.Embedding`): `host`, `mmap`,
`host+prefetch`, `mmap+prefetch` (target >= 0.97), with the page cache warm (the batches'
rows were read in the warm-up), and `mmap+prefetch, cold`, whose table pages are dropped from
the page cache before every batch. The prefetch variants are the same loaded model as the plain
ones, with a `Prefetcher` attached. Also the table lookup alone per tier (the batch's rows,
outside the forward), so the share of the forward that tiers can change is on record.

Tokens are random ids with end-of-text tokens about one in 50 (so the history cuts are
exercised); random ids make nearly every n-gram distinct, the most rows a batch can read.
Writes benchmarks/results/bridge.json (or `--out`) with the machine's CPU count, torch and
transformers versions, torch threads and the load average before and after.
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
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

RESULTS = Path(__file__).parent / "results" / "bridge.json"
EOS, PAD = 1, 2
VOCAB = 8192
TARGETS = {"probing": ("bridge_gate_cache", 0.95), "tiers": ("mmap+prefetch", 0.97)}


# --- building random Qwen4-Exp checkpoints ----------------------------------------------------


def text_config(**overrides):
    """A small Qwen4-Exp text config; every size can be overridden (transformers' key names)."""
    from transformers import Qwen4ExpTextConfig

    fields = dict(
        vocab_size=VOCAB,
        hidden_size=128,
        num_hidden_layers=4,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=32,
        linear_key_head_dim=32,
        linear_value_head_dim=32,
        linear_num_key_heads=2,
        linear_num_value_heads=4,
        moe_intermediate_size=128,
        shared_expert_intermediate_size=128,
        num_experts=8,
        num_experts_per_tok=2,
        hc_count=4,
        hc_lowrank=32,
        ple_layer_ids=[1, 3],
        ple_embed_dim=512,
        ngram_size=3,
        heads_per_ngram=4,
        ngram_vocab_size_base=20_000,
        make_ngram_vocab_size_divisible_by=128,
        split_ngram_parts=8,
        eos_token_id=EOS,
        pad_token_id=PAD,
        bos_token_id=0,
        max_position_embeddings=2048,
        indexer_n_heads=2,
        indexer_kv_heads=1,
        indexer_head_dim=32,
        indexer_budget=64,
        indexer_compress_ratio=4,
    )
    return Qwen4ExpTextConfig(**{**fields, **overrides})


def probing_config(quick: bool = False):
    return text_config(ngram_vocab_size_base=2_000) if quick else text_config()


def table_heavy_config(table_mib: float, ple_layer: int):
    """Two linear-attention layers of width 64 and one PLE table of about `table_mib` MiB
    (fp32, 16 heads of 64: 256 bytes a row) on one-indexed layer `ple_layer`."""
    heads, head_dim = 16, 64
    base = max(1_000, int(table_mib * 2**20 / (heads * head_dim * 4)))
    return text_config(
        hidden_size=64,
        num_hidden_layers=2,
        layer_types=["linear_attention", "linear_attention"],
        num_attention_heads=2,
        num_key_value_heads=1,
        linear_key_head_dim=16,
        linear_value_head_dim=16,
        linear_num_value_heads=2,
        moe_intermediate_size=64,
        shared_expert_intermediate_size=64,
        num_experts=4,
        hc_lowrank=16,
        ple_layer_ids=[ple_layer],
        ple_embed_dim=heads * head_dim,
        heads_per_ngram=heads // 2,
        ngram_vocab_size_base=base,
        split_ngram_parts=16,
    )


def build_checkpoint(directory: Path, config, seed: int = 0, device: str = "cpu", max_shard_size: str = "1GB") -> Path:
    """A random `Qwen4ExpForCausalLM` written by `save_pretrained`, with the bundled tokenizer
    (8192 ids) beside it. `device`: where the weights are drawn (a GPU draws a GiB table in
    milliseconds); they are written from there."""
    import shutil

    from transformers import Qwen4ExpForCausalLM

    from engram_model.checkpoint import DATA_DIR

    torch.manual_seed(seed)
    with torch.device(device):
        model = Qwen4ExpForCausalLM(config).eval()
    model.save_pretrained(directory, max_shard_size=max_shard_size)
    shutil.copy(DATA_DIR / "tokenizer.json", directory / "tokenizer.json")
    del model
    gc.collect()
    return directory


def table_bytes(config) -> int:
    """Bytes of every PLE table the config makes (fp32)."""
    from engram_model.bridges.qwen4_exp import Qwen4ExpAddresser, Qwen4ExpBridgeConfig

    cfg = Qwen4ExpBridgeConfig.from_text_config(config)
    addresser = Qwen4ExpAddresser(cfg.engram)
    return sum(addresser.num_rows.values()) * cfg.engram.head_dim * 4


def random_batches(n: int, batch: int, length: int, seed: int = 0) -> list[torch.Tensor]:
    """`n` batches of random ids `[batch, length]`, end-of-text about one in 50."""
    generator = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(n):
        tokens = torch.randint(3, VOCAB, (batch, length), generator=generator)
        tokens[torch.rand(tokens.shape, generator=generator) < 0.02] = EOS
        out.append(tokens)
    return out


# --- timing ------------------------------------------------------------------------------------


def alternate(calls: dict, repeats: int, sync=lambda: None) -> dict[str, list[float]]:
    """Seconds per repeat of each zero-argument call, the calls in turn on every repeat after
    one warm-up call each. `sync` runs before each clock read (CUDA: synchronize)."""
    for call in calls.values():
        call()
    sync()
    seconds: dict[str, list[float]] = {name: [] for name in calls}
    for repeat in range(repeats):
        print(f"  repeat {repeat + 1}/{repeats}", file=sys.stderr, flush=True)
        for name, call in calls.items():
            sync()
            start = time.perf_counter()
            call()
            sync()
            seconds[name].append(time.perf_counter() - start)
    return seconds


def speed_ratios(seconds: dict[str, list[float]], reference: str) -> dict[str, dict[str, float]]:
    """{variant: {best, median, paired_median}} of reference time / variant time (above 1:
    faster): best over best, median over median, and the median of each repeat's own ratio
    (the two ran moments apart in that repeat, so slow drift in the machine's load cancels)."""
    ref = seconds[reference]
    return {
        name: {
            "best": min(ref) / min(times),
            "median": statistics.median(ref) / statistics.median(times),
            "paired_median": statistics.median(r / t for r, t in zip(ref, times)),
        }
        for name, times in seconds.items()
        if name != reference
    }


def summary(seconds: dict[str, list[float]], tokens: int) -> dict:
    return {
        name: {
            "best_tokens_per_s": tokens / min(times),
            "median_tokens_per_s": tokens / statistics.median(times),
            "seconds": times,
        }
        for name, times in seconds.items()
    }


def target_note(part: str, ratios: dict) -> dict:
    """Whether the part's headline variant reaches its target, by each statistic."""
    variant, target = TARGETS[part]
    got = ratios[variant]
    met = {stat: value >= target for stat, value in got.items()}
    figures = ", ".join(f"{value:.3f} ({stat.replace('_', ' ')})" for stat, value in got.items())
    missed = [stat.replace("_", " ") for stat, ok in met.items() if not ok]
    verdict = f"{variant} runs at {figures} of the reference's speed; target {target}: "
    verdict += "met by every statistic" if not missed else f"MISSED by the {', '.join(missed)}"
    return {"variant": variant, "target": target, **{f"met_by_{stat}": ok for stat, ok in met.items()}, "verdict": verdict}


# --- (a) probing speed -------------------------------------------------------------------------


def probing(directory: Path, repeats: int, batches: list[torch.Tensor]) -> dict:
    from transformers import Qwen4ExpForCausalLM
    from transformers.utils import logging as hf_logging

    from engram_model import load_model
    from probe.runs.recorder import GateRecorder

    bridged = load_model(directory)
    hf_logging.set_verbosity_error()
    plain = Qwen4ExpForCausalLM.from_pretrained(directory, dtype="auto").eval()  # the same checkpoint, no hooks
    is_gate = lambda name: name.endswith("hook_gate")  # noqa: E731
    recorder = GateRecorder(bridged)
    masks = [torch.ones_like(tokens, dtype=torch.bool) for tokens in batches]

    def each(run):
        def call():
            with torch.no_grad():
                for tokens, mask in zip(batches, masks):
                    run(tokens, mask)

        return call

    def record():  # the hooks attached once for every batch, as a scan attaches them
        with recorder.attached(bridged) as run:
            for tokens, mask in zip(batches, masks):
                run(tokens, mask)

    calls = {
        "transformers": each(lambda tokens, mask: plain(input_ids=tokens, use_cache=False)),
        "bridge_forward": each(lambda tokens, mask: bridged(tokens)),
        "bridge_gate_cache": each(lambda tokens, mask: bridged.run_with_cache(tokens, names_filter=is_gate)),
        "bridge_gate_recorder": record,
    }
    with torch.no_grad():  # the bridged model is transformers' model: the same logits
        diff = (bridged(batches[0]) - plain(input_ids=batches[0], use_cache=False).logits).abs().max().item()
    seconds = alternate(calls, repeats)
    n_tokens = sum(t.numel() for t in batches)
    ratios = speed_ratios(seconds, "transformers")
    config = plain.config
    return {
        "model": {
            "parameters": sum(p.numel() for p in plain.parameters()),
            "table_bytes": table_bytes(config),
            "layer_types": list(config.layer_types),
            "ple_layer_ids": list(config.ple_layer_ids),
            "hidden_size": config.hidden_size,
            "hc_count": config.hc_count,
            "num_experts": config.num_experts,
        },
        "batches": [list(t.shape) for t in batches],
        "max_abs_logit_difference": diff,
        "variants": {
            "transformers": "transformers' Qwen4ExpForCausalLM.from_pretrained(dir), forward(input_ids, use_cache=False)",
            "bridge_forward": "load_model(dir) forward(tokens), no hooks attached",
            "bridge_gate_cache": "load_model(dir).run_with_cache(tokens, names_filter=<every hook_gate>)",
            "bridge_gate_recorder": "probe GateRecorder(model) default options: gates only, stops after the last PLE layer",
        },
        "results": summary(seconds, n_tokens),
        "over_transformers": ratios,
        "target": target_note("probing", ratios),
    }


# --- (b) tiers ---------------------------------------------------------------------------------


def lookup_seconds(model, batches: list[torch.Tensor], repeats: int) -> float:
    """Median seconds to read every PLE layer's rows for the batches, the table alone."""
    tables = {layer: model.blocks[layer].engram.table for layer in model.cfg.engram.layers}
    flats = [
        {
            layer: torch.from_numpy(rows + model.addresser.offsets[layer])
            for layer, rows in model.addresser.rows(t.numpy()).items()
        }
        for t in batches
    ]
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for flat in flats:
            for layer, table in tables.items():
                table.gather(flat[layer])
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def tiers_at(directory: Path, repeats: int, batches: list[torch.Tensor], cold: bool) -> dict:
    from engram_model import Prefetcher, load_model
    from engram_model.tables import TierOptions

    models = {name: load_model(directory, tier=TierOptions(name)) for name in ("resident", "host", "mmap")}
    prefetchers = {name: Prefetcher(models[name]) for name in ("host", "mmap")}
    # variant: (loaded model, with its prefetcher, page cache dropped before each batch)
    variants = {
        "resident": ("resident", False, False),
        "host": ("host", False, False),
        "mmap": ("mmap", False, False),
        "host+prefetch": ("host", True, False),
        "mmap+prefetch": ("mmap", True, False),
    }
    if cold:
        variants["mmap+prefetch, cold"] = ("mmap", True, True)

    def run(name: str, tokens: torch.Tensor) -> torch.Tensor:
        tier, prefetch, drop = variants[name]
        model = models[tier]
        model.prefetcher = prefetchers[tier] if prefetch else None
        try:
            if drop:
                for layer in model.cfg.engram.layers:
                    model.blocks[layer].engram.table.drop_page_cache()
            with torch.no_grad():
                return model(tokens)
        finally:
            model.prefetcher = None

    expected = run("resident", batches[0])
    for name in variants:  # every variant's logits are resident's, bit for bit
        if not torch.equal(run(name, batches[0]), expected):
            raise AssertionError(f"{name}: logits differ from resident's")
    calls = {name: (lambda name=name: [run(name, tokens) for tokens in batches]) for name in variants}
    seconds = alternate(calls, repeats)
    lookups = {name: lookup_seconds(models[name], batches, repeats) for name in ("resident", "host", "mmap")}
    served = prefetchers["mmap"].summary()
    for prefetcher in prefetchers.values():
        prefetcher.close()
    n_tokens = sum(t.numel() for t in batches)
    ratios = speed_ratios(seconds, "resident")
    result = {
        "results": summary(seconds, n_tokens),
        "over_resident": ratios,
        "lookup_alone_median_s": lookups,
        "lookup_share_of_resident_forward": lookups["resident"] / statistics.median(seconds["resident"]),
        "mmap_prefetcher": {k: served[k] for k in ("steps", "unique_rows", "bytes", "fetch_s", "waited_s", "hidden_fraction")},
        "target": target_note("tiers", ratios),
    }
    models.clear()
    gc.collect()
    return result


def tiers(root: Path, table_mib: float, repeats: int, batches: list[torch.Tensor], cold: bool) -> dict:
    out = {"batches": [list(t.shape) for t in batches], "placements": {}}
    for ple_layer in (1, 2):
        config = table_heavy_config(table_mib, ple_layer)
        print(f"tiers: PLE on block {ple_layer - 1}, table {table_bytes(config) / 2**20:.0f} MiB", file=sys.stderr, flush=True)
        directory = build_checkpoint(root / f"tiers_ple{ple_layer}", config, seed=ple_layer)
        with torch.device("meta"):  # the backbone's size, without allocating the table
            from transformers import Qwen4ExpForCausalLM

            meta = Qwen4ExpForCausalLM(config)
        backbone = sum(p.numel() for n, p in meta.named_parameters() if "ngram_embedding" not in n)
        placement = {
            "ple_layer_ids": [ple_layer],
            "block": ple_layer - 1,
            "table_bytes": table_bytes(config),
            "backbone_bytes": backbone * 4,
            **tiers_at(directory, repeats, batches, cold),
        }
        out["placements"][f"block_{ple_layer - 1}"] = placement
        import shutil

        shutil.rmtree(directory)
    return out


# --- the run -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    probing_batches: int = 1
    probing_shape: tuple[int, int] = (4, 128)
    tier_batches: int = 2
    tier_shape: tuple[int, int] = (4, 256)
    probing_repeats: int = 15
    tier_repeats: int = 31
    table_mib: float = 384.0


QUICK = Plan(probing_shape=(2, 32), tier_batches=1, tier_shape=(2, 32), probing_repeats=2, tier_repeats=2, table_mib=8.0)


def machine(threads: int) -> dict:
    import transformers

    return {
        "cpu": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "numpy": np.__version__,
        "python": platform.python_version(),
        "torch_threads": threads,
        "cores": sorted(os.sched_getaffinity(0)),
        "scheduler": {os.SCHED_FIFO: "SCHED_FIFO (real-time)", os.SCHED_OTHER: "SCHED_OTHER"}.get(
            os.sched_getscheduler(0), "other"
        ),
    }


def command(args, plan: Plan) -> str:
    """The command line that reproduces this run, with the pinning it ran under."""
    line = f"python benchmarks/bench_bridge.py --threads {args.threads}"
    line += " --quick" if args.quick else f" --repeats {plan.probing_repeats} --tier-repeats {plan.tier_repeats}"
    if os.sched_getscheduler(0) == os.SCHED_FIFO:
        cores = ",".join(map(str, sorted(os.sched_getaffinity(0))))
        line = f"chrt -f {os.sched_getparam(0).sched_priority} taskset -c {cores} {line}"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=Plan.probing_repeats, help="repeats of the probing part")
    parser.add_argument(
        "--tier-repeats", type=int, default=Plan.tier_repeats, help="repeats of the tier part (its calls are short)"
    )
    parser.add_argument("--threads", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--table-mib", type=float, default=Plan.table_mib, help="the tier part's PLE table, MiB (fp32)")
    parser.add_argument("--no-cold", action="store_true", help="skip the cold-page-cache mmap variant")
    parser.add_argument("--quick", action="store_true", help="tiny sizes, 2 repeats: the code paths only, figures meaningless")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    plan = QUICK if args.quick else Plan(probing_repeats=args.repeats, tier_repeats=args.tier_repeats, table_mib=args.table_mib)
    torch.set_num_threads(args.threads)
    started, load_before = time.perf_counter(), os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench_bridge_") as tmp:
        root = Path(tmp)
        print("probing", file=sys.stderr, flush=True)
        directory = build_checkpoint(root / "probing", probing_config(args.quick))
        probing_batches = random_batches(plan.probing_batches, *plan.probing_shape, seed=1)
        probing_result = probing(directory, plan.probing_repeats, probing_batches)
        tier_batches = random_batches(plan.tier_batches, *plan.tier_shape, seed=2)
        tiers_result = tiers(root, plan.table_mib, plan.tier_repeats, tier_batches, cold=not args.no_cold)
    notes = [f"probing: {probing_result['target']['verdict']}"]
    for name, placement in tiers_result["placements"].items():
        notes.append(f"tiers, PLE on {name.replace('_', ' ')}: {placement['target']['verdict']}")
        lookups, ratios = placement["lookup_alone_median_s"], placement["over_resident"]
        forward_s = statistics.median(placement["results"]["resident"]["seconds"])
        notes.append(
            f"tiers, PLE on {name.replace('_', ' ')}: the lookup alone (every batch's rows, outside the forward) takes "
            f"{lookups['resident'] * 1e3:.2f} ms resident, {lookups['host'] * 1e3:.2f} ms host, {lookups['mmap'] * 1e3:.2f} ms "
            f"mmap, against {forward_s * 1e3:.0f} ms for resident's forward of the same batches; with the prefetcher, mmap "
            f"runs at {ratios['mmap+prefetch']['median'] / ratios['mmap']['median']:.3f} and host at "
            f"{ratios['host+prefetch']['median'] / ratios['host']['median']:.3f} of their speed without it (medians), and "
            f"the mmap prefetcher hid {placement['mmap_prefetcher']['hidden_fraction']:.0%} of its fetch time"
        )
    notes.append(
        "probing: bridge_gate_recorder runs only as far as the last PLE layer (block 2 of 4: no indexed-attention layer, "
        "no unembedding), as engram-probe run does without the log-prob; its ratio is not like for like"
    )
    notes.append(
        "CPU only: the transformers code paths here are its reference PyTorch kernels (no causal-conv1d or "
        "flash-linear-attention on a CPU), which dominate the forward; the machine is shared, so read medians first"
    )
    result = {
        "benchmark": "bridge",
        "command": command(args, plan),
        "quick": args.quick,
        "machine": machine(torch.get_num_threads()),
        "load_average_before_after": [load_before, os.getloadavg()],
        "repeats": {"probing": plan.probing_repeats, "tiers": plan.tier_repeats},
        "statistic": (
            "best and median of the alternating repeats, and the median of each repeat's own ratio (paired_median); "
            "ratios are reference seconds / variant seconds"
        ),
        "probing": probing_result,
        "tiers": tiers_result,
        "notes": notes,
        "wall_s": time.perf_counter() - started,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    brief = {
        "probing_over_transformers": probing_result["over_transformers"],
        "tiers_over_resident": {k: v["over_resident"] for k, v in tiers_result["placements"].items()},
        "notes": notes,
    }
    print(json.dumps(brief, indent=2))


if __name__ == "__main__":
    main()
