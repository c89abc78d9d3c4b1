"""Engram table tiers on a GPU, side by side: HBM-resident, pinned host memory (with and without
the prefetcher's side stream) and mmap (the same), for our bundled `engram` model and for a
Qwen4-Exp PLE model whose table is several GiB (built randomly, saved, loaded once per tier);
and, as part `qwen4_exp_wide`, a Qwen4-Exp of realistic width (hidden 2048, 8 decoder layers,
one PLE table of 8 GiB in bfloat16) served from pinned host memory with the prefetcher against
HBM-resident, its gates checked against a CPU float32 reference.

    python benchmarks/gpu/measure.py [--table-gib 4] [--repeats 7] [--out DIR]
    python benchmarks/gpu/measure.py --parts qwen4_exp_wide --json wide.json
    python benchmarks/gpu/measure.py --smoke --parts qwen4_exp_wide     # tiny sizes, on a CPU too; writes to a temp dir

`benchmarks/gpu/check.sh` runs it after the CUDA tests. Every variant of a model runs the same
batches, alternating on every repeat after one warm-up call (`bench_bridge.alternate`), with a
device synchronisation around each timed call; figures are best and median seconds, ratios
are speed ratios to `resident` (resident seconds / variant seconds). Before timing, each
variant's logits are compared with resident's (bit-identical is expected; the JSON records
it). The mmap variants read a warm page cache (the rows were read in the warm-up); with `--cold`,
`mmap+prefetch, cold` also drops the Qwen table's pages before every batch.

Writes DIR/tiers.json (or --json; DIR: --out, else $OUT, else benchmarks/results/gpu/ on a GPU
and a fresh temp dir for --smoke or on a CPU), rewritten after each part so a run cut short
keeps what it measured. It records the code version (package and git commit), never a path. It has run on one H200 through
check.sh (benchmarks/results/gpu/tiers.json).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
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
WIDE_VARIANTS = {"resident": VARIANTS["resident"], "host+prefetch": VARIANTS["host+prefetch"]}  # HBM vs pinned host
WIDE_TABLE_GIB = 8.0  # the realistic model's one PLE table, bfloat16
# max |gate - CPU float32 gate| accepted: the device runs bfloat16 (8 significant bits, about
# 0.4% a rounding) through four decoder layers before the gate; a wrong row or a wrong hash
# moves a gate by tenths
GATE_TOLERANCE = 0.05
WIDE_RECORDED = (
    "hidden_size",
    "num_hidden_layers",
    "num_experts",
    "ple_layer_ids",
    "ple_embed_dim",
    "heads_per_ngram",
    "ngram_size",
)


def code_version() -> dict:
    """The package version and, in a git checkout, the commit it ran at."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        package = version("engram-probe")
    except PackageNotFoundError:
        package = None
    git = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=False)
    return {"package": package, "commit": git.stdout.strip() if git.returncode == 0 else None}


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


def measure_tiers(
    load, batches: list[torch.Tensor], repeats: int, device: torch.device, decode=None, cold=False, variants=VARIANTS, check=None
) -> dict:
    """Load the model once per tier of `variants` (`load(tier)`), check every variant's logits
    against resident's, run `check` (variant, function of the model) when given, then time every
    variant's forward over `batches` (and `decode(model)`, when given, as a second workload),
    alternating. The prefetch variants share their tier's model."""
    from engram_model import Prefetcher

    variants = {**variants, **(COLD if cold else {})}
    tiers = list(dict.fromkeys(tier for tier, _, _ in variants.values()))
    started = time.perf_counter()
    models = {tier: load(tier) for tier in tiers}
    load_s = time.perf_counter() - started
    prefetchers = {tier: Prefetcher(models[tier]) for tier, prefetch, _ in variants.values() if prefetch}
    on_device = [t.to(device) for t in batches]

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
    if check is not None:
        variant, work = check
        out["check"] = {"variant": variant, **with_variant(variant, work)}
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
    for tier, prefetcher in prefetchers.items():
        out[f"{tier}_prefetcher"] = prefetcher.summary()
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


# --- a Qwen4-Exp of realistic width -----------------------------------------------------------


def wide_config(smoke: bool):
    """Qwen3.8-Flash-Next's width (hidden 2048; PLE of 16 heads of 128 over 2- and 3-grams) with
    8 decoder layers, 16 experts and the bundled tokenizer's 8192 ids; one PLE table, on decoder
    layer 2 (a linear-attention layer, as PLE must be; two layers run while its rows are fetched), of WIDE_TABLE_GIB in bfloat16.
    `smoke`: the same layout at width 128 with a table of 8 MiB."""
    heads, head_dim = 16, (8 if smoke else 128)
    table_bytes = 8 * 2**20 if smoke else WIDE_TABLE_GIB * 2**30
    if smoke:
        sizes = dict(hidden_size=128, num_attention_heads=4, num_key_value_heads=2, head_dim=32, linear_key_head_dim=32,
                     linear_value_head_dim=32, linear_num_key_heads=2, linear_num_value_heads=4, moe_intermediate_size=64,
                     shared_expert_intermediate_size=64, hc_lowrank=16, split_ngram_parts=4)  # fmt: skip
    else:
        sizes = dict(hidden_size=2048, num_attention_heads=16, num_key_value_heads=2, head_dim=256, linear_key_head_dim=128,
                     linear_value_head_dim=128, linear_num_key_heads=16, linear_num_value_heads=32, moe_intermediate_size=512,
                     shared_expert_intermediate_size=512, hc_lowrank=64, indexer_n_heads=8, indexer_head_dim=128,
                     indexer_budget=512, split_ngram_parts=64)  # fmt: skip
    return bench_bridge.text_config(
        **sizes,
        num_hidden_layers=8,
        num_experts=16,
        num_experts_per_tok=4,
        ple_layer_ids=[3],  # one-indexed
        ple_embed_dim=heads * head_dim,
        heads_per_ngram=heads // 2,
        ngram_vocab_size_base=int(table_bytes / (heads * head_dim * 2)),  # each head's rows: the first prime past it
        max_position_embeddings=4096,
    )


def build_wide_checkpoint(directory: Path, config, device: str, seed: int = 0, file_bytes: int = 2 * 2**30) -> Path:
    """A random bfloat16 `Qwen4ExpForCausalLM` written without ever holding its table: built on
    the meta device with each PLE table taken out; its dense weights drawn on `device` by
    transformers' own initialisation (norm gains and the PLE conv, zero there, drawn too, so
    every term of the gate counts) and saved by save_pretrained; each table drawn a part at a
    time on `device` and written straight into safetensors files of about `file_bytes` beside
    them, as the checkpoint's parts (`ngram_embedding.shard_{k}.weight`, split as torch.chunk
    splits: transformers concatenates them back), the index naming them."""
    from safetensors import safe_open
    from safetensors.torch import save_file
    from transformers import Qwen4ExpForCausalLM
    from transformers.models.qwen4_exp.modeling_qwen4_exp import Qwen4ExpTextNGramEmbedding

    from engram_model.checkpoint import DATA_DIR

    torch.manual_seed(seed)
    with torch.device("meta"):
        model = Qwen4ExpForCausalLM(config).to(torch.bfloat16)
    tables = {}  # module name -> (rows, width)
    for name, module in model.named_modules():
        if isinstance(module, Qwen4ExpTextNGramEmbedding):
            tables[name] = tuple(module.ngram_embedding.weight.shape)
            module.ngram_embedding = torch.nn.Module()  # no weight: save_pretrained writes all but the table
    model.to_empty(device=device)
    with torch.no_grad():
        model.apply(model._init_weights)  # also computes the PLE buffers (multipliers, head offsets)
        for name, param in model.named_parameters():
            if "norm" in name or ".ple.conv1d" in name:
                param.normal_(0.0, 0.1)
    model.save_pretrained(directory, max_shard_size="2GB")
    del model
    index_path = directory / "model.safetensors.index.json"
    if index_path.is_file():
        index = json.loads(index_path.read_text())
    else:  # one file: the table's files need an index beside it
        with safe_open(directory / "model.safetensors", "pt") as f:
            index = {"metadata": {}, "weight_map": dict.fromkeys(f.keys(), "model.safetensors")}
        (directory / "model.safetensors").rename(directory / "model-dense.safetensors")
        index["weight_map"] = dict.fromkeys(index["weight_map"], "model-dense.safetensors")
    generator = torch.Generator(device).manual_seed(seed)
    pending, files = {}, 0

    def flush():
        nonlocal pending, files
        file = f"model-ple-{files:05d}.safetensors"
        save_file(pending, directory / file, metadata={"format": "pt"})
        index["weight_map"].update(dict.fromkeys(pending, file))
        pending, files = {}, files + 1

    for name, (rows, width) in tables.items():
        part_rows = math.ceil(rows / config.split_ngram_parts)
        for k, start in enumerate(range(0, rows, part_rows)):
            part = torch.randn(min(part_rows, rows - start), width, generator=generator, device=device, dtype=torch.bfloat16)
            pending[f"{name}.ngram_embedding.shard_{k}.weight"] = (part * config.initializer_range).cpu()
            if sum(t.nbytes for t in pending.values()) >= file_bytes:
                flush()
    if pending:
        flush()
    sizes = {file: (directory / file).stat().st_size for file in set(index["weight_map"].values())}
    index["metadata"]["total_size"] = sum(sizes.values())
    index_path.write_text(json.dumps(index, indent=2))
    shutil.copy(DATA_DIR / "tokenizer.json", directory / "tokenizer.json")
    gc.collect()
    return directory


def gates(model, tokens: torch.Tensor) -> dict[int, torch.Tensor]:
    """Each PLE layer's gate `[B, T, M]` (float32, on the CPU), running the decoder layers up to
    the last PLE layer only."""
    names = {layer: f"blocks.{layer}.engram.hook_gate" for layer in model.cfg.engram.layers}
    _, cache = model.run_with_cache(
        tokens.to(model.device), names_filter=lambda name: name in names.values(), stop_at_layer=max(names) + 1
    )
    return {layer: cache[name].float().cpu() for layer, name in names.items()}


def wide_part(device: torch.device, smoke: bool, repeats: int, root: Path) -> dict:
    """The realistic-width Qwen4-Exp (`wide_config`): its gates from pinned host memory with the
    prefetcher against CPU float32's on the first 64 tokens of one row, then HBM-resident against
    pinned host with the prefetcher for prefill batches and decode-shaped steps."""
    from engram_model import load_model
    from engram_model.bridges.qwen4_exp import load_qwen4_exp
    from engram_model.tables import TierOptions

    config = wide_config(smoke)
    started = time.perf_counter()
    build_on = "cuda" if device.type == "cuda" else "cpu"  # a GPU draws a GiB of rows in milliseconds
    directory = build_wide_checkpoint(root / "qwen4_exp_wide", config, build_on)
    build_s = time.perf_counter() - started
    (batch, length), n = ((2, 32), 1) if smoke else ((4, 2048), 2)
    batches = bench_bridge.random_batches(n, batch, length, seed=5)
    sample = batches[0][:1, :64]  # the gates' subset: few tokens, and only the layers up to the PLE layer
    started = time.perf_counter()
    reference = gates(load_qwen4_exp(directory, "cpu", tier="mmap", dtype=torch.float32), sample)
    reference_s = time.perf_counter() - started
    gc.collect()

    def check(model) -> dict:
        got = gates(model, sample)
        errors = torch.cat([(got[layer] - reference[layer]).abs().flatten() for layer in reference])
        return {
            "tokens": sample.shape[1],
            "layers": sorted(reference),
            "reference": "CPU float32 (mmap tier), decoder layers up to the PLE layer",
            "device_dtype": str(next(model.parameters()).dtype).removeprefix("torch."),
            "max_abs_error": errors.max().item(),
            "mean_abs_error": errors.mean().item(),
            "tolerance": GATE_TOLERANCE,
            "within_tolerance": errors.max().item() <= GATE_TOLERANCE,
            "reference_s": reference_s,
        }

    # decode-shaped steps: one new token in each of `streams` sequences per forward, so each step
    # reads a few rows per sequence (the bridge keeps no KV cache: no attention over a context)
    streams, steps = (4, 4) if smoke else (64, 32)
    step_tokens = bench_bridge.random_batches(1, streams, steps, seed=6)[0].to(device)

    def decode(model):
        return [model(step_tokens[:, t : t + 1]) for t in range(steps)]

    def load(tier: str):
        return load_model(directory, device=device, tier=TierOptions(tier))

    measured = measure_tiers(load, batches, repeats, device, decode, variants=WIDE_VARIANTS, check=("host+prefetch", check))
    tokens = {"prefill": n * batch * length, "decode": streams * steps}
    for workload, result in measured["workloads"].items():
        result["best_tokens_per_s"] = {name: tokens[workload] / s for name, s in result["best_s"].items()}
    return {
        "model": f"random Qwen4ExpForCausalLM in bfloat16 of width {config.hidden_size}, PLE on decoder layer 2",
        "config": {key: getattr(config, key) for key in WIDE_RECORDED},
        "table_bytes": bench_bridge.table_bytes(config) // 2,  # bfloat16: half of float32's
        "build_and_save_s": build_s,
        "prefill_batches": [[batch, length]] * n,
        "decode": {"streams": streams, "steps": steps, "shape": "one new token per stream a forward, no KV cache"},
        "gates": measured.pop("check"),
        **measured,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, 2 repeats, any device: the code path only")
    parser.add_argument("--table-gib", type=float, default=4.0, help="the Qwen4-Exp PLE table, GiB (fp32)")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(os.environ["OUT"]) if os.environ.get("OUT") else None,
        help="default: benchmarks/results/gpu/ on a GPU; a new temp dir with --smoke or on a CPU",
    )
    parser.add_argument("--json", default="tiers.json", help="the results file's name in --out")
    parser.add_argument("--parts", default="engram,qwen4_exp", help="comma-separated: engram, qwen4_exp, qwen4_exp_wide")
    parser.add_argument("--cold", action="store_true", help="also the Qwen table read cold (slow on a slow disk)")
    args = parser.parse_args()
    if torch.cuda.is_available():
        device = torch.device("cuda")
    elif args.smoke:
        device = torch.device("cpu")
    else:
        parser.error("no CUDA device: this measures GPU tiers; use --smoke to run the code path on a CPU")
    repeats, table_gib = (2, 8 / 1024) if args.smoke else (args.repeats, args.table_gib)
    if args.out is None:  # only a measurement on a GPU is a result
        args.out = DEFAULT_OUT if device.type == "cuda" and not args.smoke else Path(tempfile.mkdtemp(prefix="gpu_smoke_"))
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / args.json
    result = {
        "benchmark": "gpu_tiers",
        "smoke": args.smoke,
        "code_version": code_version(),
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
                elif part == "qwen4_exp_wide":
                    result["parts"][part] = wide_part(device, args.smoke, repeats, Path(tmp))
                else:
                    parser.error(f"--parts: unknown part {part!r}; choose engram, qwen4_exp, qwen4_exp_wide")
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
    failed = [part for part, v in result["parts"].items() if "error" in v or not v.get("gates", {}).get("within_tolerance", True)]
    if failed:
        print(f"failed: {', '.join(failed)} (an error, or gates beyond {GATE_TOLERANCE} of CPU float32's)", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
