"""Offloaded Engram tables: tiers x prefetch x cache x page cache, measured side by side.

The measurement behind `engram-probe offload bench` and `benchmarks/bench_offload.py`. It lives
in the engine because it measures only the engine's own serving paths (tables, prefetcher,
hot-row cache) and needs nothing above them. Two models share the `tiny` backbone (random
weights; timing does not depend on them): `tiny` itself and `large`, the same model with
`large_base_rows`-row heads, whose fp32 tables (4.0 GiB in the full plan) are generated on
disk. Workloads: prefill (batches of sequences with lengths uniform in [100, 1024] as in the
paper, each cut into rows of at most the model's `max_seq_len` positions, right-padded) and
greedy decode. Text: the running Python's standard library sources, tokenised with a BPE
trained on its `email` and `json` packages; hot rows are counted on other modules than the
ones served. Every variant of a model runs the same batches, each run between two runs of the
`resident` tier (see `bracketed`), so load from other processes on a shared machine cancels;
ratios are to `resident` on the same model, wall time and process CPU time.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import platform
import shutil
import statistics
import sysconfig
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable

import numpy as np
import torch

from engram_model.addressing import table_primes
from engram_model.checkpoint import save_model
from engram_model.config import ModelConfig
from engram_model.loading import load_model
from engram_model.model import EngramLM, configure_for_tokenizer
from engram_model.tables import (
    CachedTable,
    HostTable,
    MmapTable,
    PreadTable,
    RowCodec,
    TableFile,
    TierOptions,
    hot_set,
    row_counts,
)
from engram_model.tokenizer import train_bpe

from ..runs.exports import write_json

STDLIB = Path(sysconfig.get_paths()["stdlib"])


@dataclass(frozen=True)
class Plan:
    """How much to measure. `FULL` is what benchmarks/results/offload.json records; `QUICK`
    runs every tier, variant and workload once on little data: it proves the paths run, in
    seconds, and its ratios are too noisy to quote."""

    prefill_batches: int = 10
    batch: int = 2  # sequences per prefill batch and prompts per decode batch
    prefill_lengths: tuple[int, int] = (100, 1024)  # sequence lengths, uniform in this range (the paper's)
    decode_runs: int = 3
    prompt: int = 128
    decode_steps: int = 32
    cache_rows: int = 65536  # hot-row cache of the large model, rows per layer
    tiny_cache_rows: int = 4096
    large_base_rows: int = 2_100_000  # rows per hash head of the large model (4.0 GiB of fp32 tables)
    disk_reads: int = 8000  # random 4 KiB reads measuring the disk's ceiling
    every_variant: bool = True  # the large model's every variant; else the short list (see variants_for)
    large_warm: bool = True  # the large model with a warm page cache too (the tiny model covers the warm paths)
    io_threads: int = 4
    served_modules: tuple[str, ...] = ("logging", "argparse.py", "asyncio", "unittest")  # the text the workloads run on
    counted_modules: tuple[str, ...] = ("http", "xml", "concurrent", "importlib", "multiprocessing", "collections")  # hot rows
    cold_only: bool = False  # only the large model with a cold page cache (and its fetch-alone and overlap figures)


FULL = Plan()
QUICK = Plan(
    prefill_batches=1, batch=1, prefill_lengths=(16, 64), decode_runs=1, prompt=16, decode_steps=1,
    cache_rows=1024, tiny_cache_rows=1024, large_base_rows=20_000, disk_reads=200, every_variant=False, large_warm=False,
    served_modules=("argparse.py",), counted_modules=("json",),
)  # fmt: skip


@dataclass(frozen=True)
class Variant:
    """One way of serving a model's tables."""

    name: str
    tier: str
    reader: str = "mmap"
    prefetch: bool = False
    cache_rows: int = 0
    cache_policy: str = "lru"
    cold: bool = False  # evict the table file's pages before each measured batch / decode run
    lookahead: bool = False  # prefill: issue the next batch's rows before running this one


# --- environment ---------------------------------------------------------------------------


def memory() -> dict[str, int]:
    """This process's memory from /proc/self/status, in MiB (VmHWM: peak since last reset)."""
    out = {}
    with open("/proc/self/status") as f:
        for line in f:
            name = line.split(":")[0]
            if name in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                out[name] = int(line.split()[1]) // 1024
    return out


def reset_peak_rss() -> None:
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # resets VmHWM to the current RSS (Linux >= 4.0, no privileges needed)


def tokenizer_and_text(plan: Plan):
    files = sorted((STDLIB / "email").glob("*.py")) + sorted((STDLIB / "json").glob("*.py"))
    tokenizer = train_bpe((f.read_text(encoding="utf-8") for f in files), vocab_size=4096)

    def token_stream(modules) -> np.ndarray:
        paths = []
        for name in modules:
            path = STDLIB / name
            paths += sorted(path.rglob("*.py")) if path.is_dir() else [path]
        texts = [p.read_text(encoding="utf-8", errors="replace") for p in paths]
        return np.concatenate([np.array(tokenizer.encode(t).ids, dtype=np.int64) for t in texts])

    return tokenizer, token_stream(plan.served_modules), token_stream(plan.counted_modules)


def model_config(tokenizer, base_rows: int | None) -> ModelConfig:
    """The `tiny` preset for this tokenizer; with `base_rows`, every head gets that many rows."""
    cfg = configure_for_tokenizer(ModelConfig.preset("tiny"), tokenizer)
    if base_rows is None:
        return cfg
    sizes = (base_rows,) * (cfg.engram.max_ngram - 1)
    return dataclasses.replace(cfg, engram=dataclasses.replace(cfg.engram, table_base_sizes=sizes))


def write_checkpoint(cfg: ModelConfig, tokenizer, directory: Path) -> Path:
    """Random dense weights and N(0, 0.02) fp32 tables, streamed to disk by save_model. The
    tables are a 64 MiB random block, rolled differently for each chunk (fast to make, and
    every row differs from its neighbours)."""
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    codec = RowCodec("fp32", cfg.engram.head_dim)
    block = (rng.standard_normal((64 << 20) // 4, dtype=np.float32) * 0.02).view(np.uint8)
    tables = {}
    for layer, primes in table_primes(cfg.engram).items():
        num_rows = sum(map(sum, primes))
        raw = np.empty(num_rows * codec.row_bytes, dtype=np.uint8)
        for start in range(0, len(raw), len(block)):
            chunk = raw[start : start + len(block)]
            chunk[:] = np.roll(block, int(rng.integers(len(block) // 4)) * 4)[: len(chunk)]
        tables[layer] = HostTable(torch.from_numpy(raw.reshape(num_rows, codec.row_bytes)), codec)
    path = save_model(EngramLM(cfg, tokenizer, tables=tables), directory)
    with open(path / "engram_tables.safetensors", "rb+") as f:
        os.fsync(f.fileno())  # written back, so the cold runs can evict every page
    return path


def drop_page_cache(models) -> None:
    """Evict the table files' pages. Every mapping in the process must let go first (the
    kernel keeps a mapped page), so this unmaps the pages of every variant, not one."""
    for model in models:
        for layer in model.cfg.engram.layers:
            table = model.blocks[layer].engram.table
            table = table.backing if isinstance(table, CachedTable) else table
            if isinstance(table, (MmapTable, PreadTable)):
                table.drop_page_cache()


def warm_page_cache(path: Path) -> None:
    with open(path, "rb", buffering=0) as f:
        while f.read(64 << 20):
            pass


def disk_ceiling(path: Path, reads: int, threads: int) -> dict:
    """Random 4 KiB reads from the table file with its pages evicted: the most rows/s that a
    cold page cache can give, one thread and `threads` threads."""
    fd = os.open(path, os.O_RDONLY)
    pages = os.fstat(fd).st_size // 4096
    rng = np.random.default_rng(1)
    out = {}
    try:
        for n_threads in (1, threads):
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            offsets = (rng.choice(pages, reads, replace=False) * 4096).tolist()

            def work(part):
                for offset in part:
                    os.pread(fd, 4096, offset)

            workers = [threading.Thread(target=work, args=(offsets[i::n_threads],)) for i in range(n_threads)]
            start = time.perf_counter()
            for w in workers:
                w.start()
            for w in workers:
                w.join()
            seconds = time.perf_counter() - start
            out[f"{n_threads}_threads"] = {"reads_per_s": reads / seconds, "mib_per_s": reads * 4096 / seconds / 2**20}
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        start = time.perf_counter()
        done, length = 0, min(256 << 20, pages * 4096)
        while done < length:
            done += len(os.pread(fd, 8 << 20, done))
        out["sequential_mib_per_s"] = done / (time.perf_counter() - start) / 2**20
    finally:
        os.close(fd)
    return out


# --- serving variants ----------------------------------------------------------------------


def load_variants(path: Path, variants: list[Variant], hot_rows: dict, io_threads: int) -> dict[str, EngramLM]:
    models = {}
    for v in variants:
        before = memory()
        options = TierOptions(
            v.tier,
            v.reader,
            io_threads,
            v.cache_rows,
            v.cache_policy,
            hot_rows if v.cache_policy == "static" else None,
            v.prefetch,
        )
        models[v.name] = load_model(path, verify=False, tier=options)
        after = memory()
        models[v.name].load_rss_mib = {k: after[k] - before[k] for k in ("VmRSS", "RssAnon", "RssFile")}
    return models


def hot_rows_for(model: EngramLM, counted: np.ndarray, capacity: int) -> dict[int, np.ndarray]:
    """The offline-LFU hot set of each Engram layer, counted on text the workloads never serve."""
    ids = counted[: len(counted) // 512 * 512].reshape(-1, 512)
    out = {}
    rows = model.engram_rows_numpy(torch.from_numpy(ids))
    for layer, layer_rows in rows.items():
        flat, counts = row_counts(layer_rows + model.blocks[layer].engram.offsets.numpy())
        out[layer] = hot_set(flat, counts, capacity)
    return out


def reset_counters(model: EngramLM) -> None:
    if model.prefetcher is not None:
        model.prefetcher.reset()
    for layer in model.cfg.engram.layers:
        table = model.blocks[layer].engram.table
        if isinstance(table, CachedTable):
            table.stats.__init__()


def counters(model: EngramLM) -> dict:
    out = {}
    if model.prefetcher is not None:
        out.update(model.prefetcher.summary())
        out["step_fetch_p50_s"] = percentile([step.fetch_s for step in model.prefetcher.records], 50)
    caches = [model.blocks[layer].engram.table for layer in model.cfg.engram.layers]
    caches = [c.stats for c in caches if isinstance(c, CachedTable)]
    if caches:
        hits, unique = sum(c.hits for c in caches), sum(c.unique for c in caches)
        out["cache_hit_rate"] = hits / unique if unique else 0.0
        out["cache_evictions"] = sum(c.evictions for c in caches)
    return out


# --- workloads -----------------------------------------------------------------------------


def prefill_batches(text: np.ndarray, plan: Plan, pad_id: int, max_seq_len: int, seed: int = 0):
    """`plan.prefill_batches` batches of `plan.batch` sequences with lengths uniform in
    `plan.prefill_lengths`, each cut into rows of at most `max_seq_len` positions (the model's
    context), right-padded. Returns (tokens, mask, real tokens) per batch."""
    rng = np.random.default_rng(seed)
    shortest, longest = plan.prefill_lengths
    out = []
    for _ in range(plan.prefill_batches):
        rows = []
        for n in rng.integers(shortest, longest + 1, plan.batch):
            start = int(rng.integers(0, len(text) - n))
            sequence = text[start : start + n]
            rows += [sequence[i : i + max_seq_len] for i in range(0, n, max_seq_len)]
        tokens = torch.full((len(rows), max(map(len, rows))), pad_id, dtype=torch.long)
        mask = torch.zeros_like(tokens, dtype=torch.bool)
        for i, row in enumerate(rows):
            tokens[i, : len(row)] = torch.from_numpy(row)
            mask[i, : len(row)] = True
        out.append((tokens, mask, int(mask.sum())))
    return out


def percentile(values, q) -> float:
    return float(np.percentile(np.asarray(values), q))


def bracketed(variants: list[Variant], rounds: int, run_once) -> tuple[dict, dict, dict]:
    """Run every variant once per round, each between two runs of the resident reference:
    R V1 R V2 R ... (the order of the V reversed every other round). A variant's ratio in a
    round is the mean of its two neighbouring reference times over its own time, so load
    from other processes that drifts on a scale of seconds cancels; the ratio reported is
    the median over rounds. `run_once(variant, round)` returns (wall s, process-CPU s).
    Returns wall times, CPU times and ratios (wall, CPU) per variant."""
    reference = next(v for v in variants if v.tier == "resident")
    others = [v for v in variants if v is not reference]
    wall = {v.name: [] for v in variants}
    cpu = {v.name: [] for v in variants}
    ratios = {v.name: ([], []) for v in others}

    def timed(v, r):
        w, c = run_once(v, r)
        wall[v.name].append(w)
        cpu[v.name].append(c)
        return w, c

    for r in range(rounds):
        before = timed(reference, r)
        for v in others if r % 2 == 0 else others[::-1]:
            w, c = timed(v, r)
            after = timed(reference, r)
            ratios[v.name][0].append((before[0] + after[0]) / 2 / w)
            ratios[v.name][1].append((before[1] + after[1]) / 2 / c)
            before = after
    summary = {reference.name: (1.0, 1.0)}
    summary.update({name: (statistics.median(w), statistics.median(c)) for name, (w, c) in ratios.items()})
    return wall, cpu, summary


def measure_prefill(models: dict, variants: list[Variant], batches: list) -> dict:
    """Every variant runs every batch (one batch per round), bracketed by the reference."""
    with torch.no_grad():
        for v in variants:  # warm-up on a full batch (first-call allocations); counters start after
            models[v.name](batches[0][0], attention_mask=batches[0][1])
            reset_counters(models[v.name])
    pending = {v.name: None for v in variants}

    def run_once(v: Variant, index: int):
        model = models[v.name]
        tokens, mask, _ = batches[index]
        if v.cold:
            drop_page_cache(models.values())
        start, start_cpu = time.perf_counter(), time.process_time()
        with torch.no_grad():
            fetched = pending[v.name]
            if v.lookahead and fetched is None:
                fetched = model.prefetcher.issue(tokens)
            if v.lookahead:  # the next batch's rows move while this one computes
                pending[v.name] = model.prefetcher.issue(batches[index + 1][0]) if index + 1 < len(batches) else None
            model(tokens, attention_mask=mask, fetched=fetched)
        return time.perf_counter() - start, time.process_time() - start_cpu

    wall, cpu, ratios = bracketed(variants, len(batches), run_once)
    real_tokens = {v.name: sum(batches[i][2] for i in range(len(batches))) * len(wall[v.name]) // len(batches) for v in variants}
    out = {}
    for v in variants:
        out[v.name] = {
            **asdict(v),
            "tokens_per_s": real_tokens[v.name] / sum(wall[v.name]),
            "ratio_to_resident": ratios[v.name][0],
            "cpu_ratio_to_resident": ratios[v.name][1],
            "batch_p50_s": percentile(wall[v.name], 50),
            "batch_p99_s": percentile(wall[v.name], 99),
            "batch_cpu_p50_s": percentile(cpu[v.name], 50),
            **counters(models[v.name]),
        }
    return out


def measure_decode(
    models: dict, variants: list[Variant], text: np.ndarray, runs: int, batch: int, prompt: int, steps: int
) -> dict:
    """Greedy decoding, as `EngramLM.generate` does it, timing every step (issue + forward +
    sampling); one prompt batch per round, bracketed by the reference."""
    rng = np.random.default_rng(1)
    prompts = []
    for _ in range(runs + 1):  # the first is a warm-up
        starts = rng.integers(0, len(text) - prompt, batch)
        prompts.append(torch.from_numpy(np.stack([text[s : s + prompt] for s in starts])))
    step_times = {v.name: [] for v in variants}

    def decode(v: Variant, index: int, record: bool = True):
        model = models[v.name]
        if v.cold:
            drop_page_cache(models.values())
        wall = cpu = 0.0
        with torch.no_grad():
            state = model.new_state(batch)
            next_token = model(prompts[index], state=state)[:, -1].argmax(-1, keepdim=True)
            for _ in range(steps):
                start, start_cpu = time.perf_counter(), time.process_time()
                fetched = model.prefetcher.issue(next_token, state) if model.prefetcher is not None else None
                next_token = model(next_token, state=state, fetched=fetched)[:, -1].argmax(-1, keepdim=True)
                wall += time.perf_counter() - start
                cpu += time.process_time() - start_cpu
                if record:
                    step_times[v.name].append(time.perf_counter() - start)
        return wall, cpu

    for v in variants:
        decode(v, 0, record=False)
        reset_counters(models[v.name])
    _, _, ratios = bracketed(variants, runs, lambda v, r: decode(v, r + 1))
    out = {}
    for v in variants:
        measured = step_times[v.name]
        out[v.name] = {
            **asdict(v),
            "tokens_per_s": batch * len(measured) / sum(measured),
            "ratio_to_resident": ratios[v.name][0],
            "cpu_ratio_to_resident": ratios[v.name][1],
            "step_p50_ms": percentile(measured, 50) * 1e3,
            "step_p99_ms": percentile(measured, 99) * 1e3,
            **counters(models[v.name]),
        }
    return out


# --- the runs ------------------------------------------------------------------------------


def variants_for(cache_rows: int, cold: bool, few: bool = False) -> list[Variant]:
    """`resident` (the reference) and every way of serving the tables with a warm or a cold
    page cache. `few` keeps a short list (the tiny model's; every model's in the quick plan)
    that still runs each tier, reader and cache policy, and the lookahead, at least once."""
    static = dict(cache_rows=cache_rows, cache_policy="static")
    if not cold:
        every = [
            Variant("host", "host"),
            Variant("host+prefetch", "host", prefetch=True),
            Variant("mmap", "mmap"),
            Variant("mmap+prefetch", "mmap", prefetch=True),
            Variant("pread+prefetch", "mmap", reader="pread", prefetch=True),
            Variant("mmap+prefetch+lru", "mmap", prefetch=True, cache_rows=cache_rows),
            Variant("mmap+prefetch+static", "mmap", prefetch=True, **static),
        ]
        short = ("host+prefetch", "mmap", "mmap+prefetch", "mmap+prefetch+static")
    else:
        every = [
            Variant("cold mmap", "mmap", cold=True),
            Variant("cold mmap+prefetch", "mmap", prefetch=True, cold=True),
            Variant("cold pread+prefetch", "mmap", reader="pread", prefetch=True, cold=True),
            Variant("cold pread+prefetch+static", "mmap", reader="pread", prefetch=True, cold=True, **static),
            Variant("cold pread+prefetch, next batch ahead", "mmap", reader="pread", prefetch=True, cold=True, lookahead=True),
        ]
        short = ("cold mmap+prefetch", "cold pread+prefetch+static", "cold pread+prefetch, next batch ahead")
    return [Variant("resident", "resident")] + [v for v in every if not few or v.name in short]


def run_model(
    path: Path, text: np.ndarray, counted: np.ndarray, batches: list, plan: Plan, *, cache_rows: int, cold: bool, few: bool
) -> dict:
    """Every variant of one model, warm or cold page cache: prefill, decode, memory."""
    probe = load_model(path, verify=False, tier="mmap")
    hot = hot_rows_for(probe, counted, cache_rows)
    del probe
    variants = variants_for(cache_rows, cold, few=few)
    gc.collect()
    reset_peak_rss()
    models = load_variants(path, variants, hot, plan.io_threads)
    if not cold:
        warm_page_cache(path / "engram_tables.safetensors")
    result = {
        "prefill": measure_prefill(models, variants, batches),
        "decode": measure_decode(models, variants, text, plan.decode_runs, plan.batch, plan.prompt, plan.decode_steps),
        "load_rss_mib": {v.name: models[v.name].load_rss_mib for v in variants},
        "peak_rss_mib": memory()["VmHWM"],
    }
    for m in models.values():
        if m.prefetcher is not None:
            m.prefetcher.close()
    del models
    gc.collect()
    return result


def fetch_alone(path: Path, batches: list, io_threads: int) -> dict:
    """Each batch's rows fetched with no model running: both Engram layers at once, as the
    prefetcher does, per reader and page-cache state. Wall seconds and process CPU seconds
    (the CPU a fetch takes from compute when the two share cores)."""
    model = load_model(path, verify=False, tier="mmap")
    wanted = []
    for tokens, _, _ in batches:
        rows = model.engram_rows_numpy(tokens)
        wanted.append({layer: np.unique(r + model.blocks[layer].engram.offsets.numpy()) for layer, r in rows.items()})
    del model
    table_file = TableFile(path / "engram_tables.safetensors")
    out = {}
    pool = ThreadPoolExecutor(2)
    for reader, threads in (("mmap", 1), ("mmap", io_threads), ("pread", io_threads)):
        cls = MmapTable if reader == "mmap" else PreadTable
        tables = {layer: cls(table_file, f"blocks.{layer}.engram.table.weight", io_threads=threads) for layer in wanted[0]}
        for state in ("cold", "warm"):
            if state == "warm":
                warm_page_cache(path / "engram_tables.safetensors")
            wall, cpu = [], []
            for rows in wanted:
                if state == "cold":
                    for t in tables.values():
                        t.drop_page_cache()
                start, start_cpu = time.perf_counter(), time.process_time()
                list(pool.map(lambda layer, tables=tables, rows=rows: tables[layer].read_rows(rows[layer]), rows))
                wall.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            unique = statistics.median(sum(map(len, r.values())) for r in wanted)
            out[f"{reader} {threads} threads, {state}"] = {
                "wall_p50_s": statistics.median(wall),
                "cpu_p50_s": statistics.median(cpu),
                "unique_rows_per_batch": unique,
                "rows_per_s": unique / statistics.median(wall),
                "cpu_us_per_row": statistics.median(cpu) / unique * 1e6,
            }
        for t in tables.values():
            t.drop_page_cache()
        del tables
    pool.shutdown()
    return out


def overlap_check(cold: dict, fetch: dict, io_threads: int) -> dict:
    """The issue's cold-SSD target: step time <= 1.1 x max(compute time, fetch time), with
    compute = the resident tier's batch time and fetch = the same rows fetched with nothing
    else running. That bound assumes the fetch costs the compute nothing; here every cold read
    costs CPU (the kernel's I/O path) on the cores compute runs on. Compute gets P = its CPU
    seconds per wall second from those cores, so the fetch's CPU work cannot take less than
    fetch_cpu / P of extra wall time: `cpu_bound_s` = max(fetch, compute + fetch_cpu / P),
    and `ratio_to_cpu_bound` compares the step with that."""
    compute, compute_cpu = cold["resident"]["batch_p50_s"], cold["resident"]["batch_cpu_p50_s"]
    parallelism = compute_cpu / compute
    out = {}
    for name, r in cold.items():
        if not r.get("prefetch"):
            continue
        alone = fetch[f"{r['reader']} {io_threads} threads, cold"]
        bound = max(alone["wall_p50_s"], compute + alone["cpu_p50_s"] / parallelism)
        out[name] = {
            "step_s": r["batch_p50_s"],
            "compute_s": compute,
            "compute_cpu_s": compute_cpu,
            "fetch_s": alone["wall_p50_s"],
            "fetch_cpu_s": alone["cpu_p50_s"],
            "ratio": r["batch_p50_s"] / max(compute, alone["wall_p50_s"]),
            "cpu_bound_s": bound,
            "ratio_to_cpu_bound": r["batch_p50_s"] / bound,
        }
    return out


def run(
    plan: Plan,
    out_path: Path,
    workdir: Path | None = None,
    compute_threads: int | None = None,
    log: Callable[[str], None] = print,
) -> dict:
    """Generate the two checkpoints under `workdir` (default: the system temp dir; removed
    afterwards), measure every model, variant and workload of `plan`, and write the result
    as JSON to `out_path` (the layout `probe.plots.tier_ratio_figure` reads). `log` gets one
    line per finished stage."""
    if compute_threads is not None:
        torch.set_num_threads(compute_threads)  # the whole run: resident (compute) and every variant alike
    tokenizer, text, counted = tokenizer_and_text(plan)
    tiny_config = model_config(tokenizer, None)
    batches = prefill_batches(text, plan, tokenizer.token_to_id("<|pad|>"), tiny_config.max_seq_len)
    root = Path(tempfile.mkdtemp(prefix="bench_offload_", dir=workdir))
    started = time.perf_counter()
    try:
        tiny_path = write_checkpoint(tiny_config, tokenizer, root / "tiny")
        large_path = write_checkpoint(model_config(tokenizer, plan.large_base_rows), tokenizer, root / "large")
        large_file = large_path / "engram_tables.safetensors"
        log(
            f"checkpoints written in {time.perf_counter() - started:.0f} s; large tables {large_file.stat().st_size / 2**30:.2f} "
            "GiB"
        )
        large = {
            "table_bytes": large_file.stat().st_size,
            "disk_ceiling": disk_ceiling(large_file, plan.disk_reads, 8),
            "fetch_alone": fetch_alone(large_path, batches, plan.io_threads),
        }
        models, few = {"large": large}, not plan.every_variant
        if not plan.cold_only:
            tiny = {"table_bytes": (tiny_path / "engram_tables.safetensors").stat().st_size}
            tiny["warm"] = run_model(
                tiny_path, text, counted, batches, plan, cache_rows=plan.tiny_cache_rows, cold=False, few=True
            )
            log("  tiny: done")
            if plan.large_warm:
                large["warm"] = run_model(
                    large_path, text, counted, batches, plan, cache_rows=plan.cache_rows, cold=False, few=few
                )
                log("  large, page cache warm: done")
            models = {"tiny": tiny, "large": large}
        large["cold"] = run_model(large_path, text, counted, batches, plan, cache_rows=plan.cache_rows, cold=True, few=few)
        log("  large, page cache cold: done")
        large["cold_overlap"] = overlap_check(large["cold"]["prefill"], large["fetch_alone"], plan.io_threads)
        result = {
            "benchmark": "offload",
            "machine": {
                "cpu": platform.processor() or platform.machine(),
                "cores": os.cpu_count(),
                "torch_threads": torch.get_num_threads(),
                "kernel": platform.release(),
                "note": "shared machine: compare variants within a run (bracketed ratios), not across runs",
            },
            "plan": {**asdict(plan), "compute_threads": torch.get_num_threads()},
            "text": {"served": plan.served_modules, "hot_rows_counted_on": plan.counted_modules, "served_tokens": len(text)},
            "statistics": (
                "ratio_to_resident: median over rounds of (mean of the two neighbouring resident runs) / variant run; "
                "tokens/s and percentiles: all of a variant's runs"
            ),
            "models": models,
            "wall_s": time.perf_counter() - started,
        }
    finally:
        shutil.rmtree(root, ignore_errors=True)
    write_json(out_path, result)
    return result


def summary_lines(result: dict) -> list[str]:
    """The result as text: tokens/s and ratio to resident of every variant, then the fetch and
    overlap figures of the large model."""
    lines = []
    for model_name, model in result["models"].items():
        for phase in ("warm", "cold"):
            if phase not in model:
                continue
            for workload in ("prefill", "decode"):
                lines.append(f"{model_name} ({model['table_bytes'] / 2**20:.0f} MiB tables), page cache {phase}, {workload}")
                for name, r in model[phase][workload].items():
                    hidden = f"  hidden {r['hidden_fraction']:.2f}" if "hidden_fraction" in r else ""
                    hit = f"  hit {r['cache_hit_rate']:.2f}" if "cache_hit_rate" in r else ""
                    lines.append(
                        f"  {name:40s} {r['tokens_per_s']:9.0f} tok/s  x{r['ratio_to_resident']:.3f}"
                        f"  cpu x{r['cpu_ratio_to_resident']:.3f}{hidden}{hit}"
                    )
    for name, r in result["models"]["large"]["fetch_alone"].items():
        lines.append(f"  fetch alone, {name:28s} {r['wall_p50_s'] * 1e3:7.1f} ms wall {r['cpu_p50_s'] * 1e3:7.1f} ms cpu")
    for name, r in result["models"]["large"]["cold_overlap"].items():
        lines.append(
            f"  cold overlap, {name:40s} step / max(compute, fetch) = {r['ratio']:.2f}, / cpu bound = "
            f"{r['ratio_to_cpu_bound']:.2f}"
        )
    return lines


# --- this machine as a planner profile (`planner.validate_against_bench` checks it) ------------


def measure_machine(workdir: Path, row_bytes: int, file_mib: int = 512, reads: int = 4000, rows: int = 20000) -> dict:
    """This machine's profile for the planner, measured in seconds: the disk's random-read
    ceiling (`disk_ceiling`: 4 KiB reads with the file's pages evicted), the CPU's
    gather rate of `row_bytes` rows from RAM and from a warm memory map, and the CPU cost of
    one warm pread."""
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory(dir=workdir) as folder:
        path = Path(folder) / "rows.bin"
        block = rng.integers(0, 256, size=64 << 20, dtype=np.uint8).tobytes()
        with open(path, "wb") as handle:
            handle.writelines(block for _ in range(file_mib // 64))
        disk = disk_ceiling(path, reads, threads=4)
        n_rows = path.stat().st_size // row_bytes

        def best_rate(table) -> float:
            """Rows/s of the fastest of three gathers of fresh random rows (the machine is shared)."""
            seconds = []
            for _ in range(3):
                chosen = rng.integers(0, n_rows, size=rows)
                start = time.perf_counter()
                np.take(table, chosen, axis=0)
                seconds.append(time.perf_counter() - start)
            return rows / min(seconds)

        ram_rate = best_rate(np.fromfile(path, dtype=np.uint8)[: n_rows * row_bytes].reshape(n_rows, row_bytes))
        warm_page_cache(path)
        mapped = np.memmap(path, dtype=np.uint8, mode="r", shape=(n_rows, row_bytes))
        mmap_rate = best_rate(mapped)
        del mapped
        picks = rng.integers(0, n_rows, size=reads)
        fd = os.open(path, os.O_RDONLY)
        try:
            start = time.process_time()
            for offset in (picks * row_bytes).tolist():
                os.pread(fd, row_bytes, offset)
            pread_cpu_s = time.process_time() - start
        finally:
            os.close(fd)
    return {
        "row_bytes": row_bytes,
        "disk_reads_per_s_1_thread": disk["1_threads"]["reads_per_s"],
        "disk_reads_per_s_4_threads": disk["4_threads"]["reads_per_s"],
        "ram_gather_rows_per_s": ram_rate,
        "mmap_warm_gather_rows_per_s": mmap_rate,
        "pread_cpu_us": pread_cpu_s / reads * 1e6,
    }
