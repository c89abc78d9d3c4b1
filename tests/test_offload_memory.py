"""Bounded memory: a table file far bigger than what the process holds stays on disk.

The bound, for a 2.1 GiB table file served with prefill and decode:
- cold page cache, mmap reader: VmRSS (which counts mapped file pages) grows by less than
  64 MiB plus 64 KiB (the kernel's fault-around window) per distinct row read; under 5% of
  the file here.
- warm page cache: the kernel maps whole large folios (up to 2 MiB) of page cache on a fault,
  so VmRSS's file part grows faster; that memory is the shared, reclaimable page cache. The
  process's own memory (RssAnon) still grows by less than 64 MiB, and with the pread reader,
  which copies rows instead of mapping them, all of VmRSS does.
The file is created sparse (header, size, a few written rows), so this takes seconds and
almost no disk. Each serving is measured in a fresh interpreter: inside the test process, what
earlier tests left in the allocator's arenas moves VmRSS by more than the bound.
"""

import gc
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch
from conftest import small_config

from engram_model import EngramLM, TableFile, TierOptions, load_model, save_model, table_primes
from engram_model.checkpoint import table_key
from engram_model.tables import MmapTable, RowCodec

pytestmark = pytest.mark.slow

GIB, MIB = 1 << 30, 1 << 20


def memory_status() -> dict[str, int]:
    """VmRSS, RssAnon, RssFile of this process in bytes, from /proc/self/status."""
    out = {}
    with open("/proc/self/status") as f:
        for line in f:
            name = line.split(":")[0]
            if name in ("VmRSS", "RssAnon", "RssFile"):
                out[name] = int(line.split()[1]) * 1024
    return out


@pytest.fixture(scope="module")
def big_checkpoint(tokenizer, tmp_path_factory):
    # 2 Engram layers x 4 heads x ~1.1M rows x 64 fp32 values = 2.1 GiB of table
    cfg = small_config(tokenizer, table_base_sizes=(1_100_000, 1_100_000), head_dim=64)
    codec = RowCodec("fp32", cfg.engram.head_dim)
    directory = tmp_path_factory.mktemp("big")
    source, checkpoint = directory / "synthetic_tables.safetensors", directory / "ckpt"
    try:
        primes = table_primes(cfg.engram)
        shapes = {table_key(layer): (sum(map(sum, primes[layer])), codec) for layer in cfg.engram.layers}
        table_file = TableFile.create(source, shapes, {})
        rng = np.random.default_rng(0)
        for key, (num_rows, _) in shapes.items():  # a few real rows at the start, middle and end
            for start in (0, num_rows // 2, num_rows - 1000):
                values = torch.from_numpy(rng.standard_normal((1000, codec.row_dim), dtype=np.float32))
                table_file.write_rows(key, start, codec.encode(values).numpy())
        tables = {layer: MmapTable(table_file, table_key(layer)) for layer in cfg.engram.layers}
        torch.manual_seed(0)
        save_model(EngramLM(cfg, tokenizer, tables=tables), checkpoint)
        del tables
        source.unlink()
        yield checkpoint
    finally:  # never leave gigabytes (even sparse ones) in pytest's kept temp directories
        source.unlink(missing_ok=True)
        (checkpoint / "engram_tables.safetensors").unlink(missing_ok=True)


def serve(model, text) -> torch.Tensor:
    tokens, mask = model.to_tokens([text, text[:50]], return_mask=True)
    with torch.no_grad():
        logits = model(tokens, attention_mask=mask)
        generated = model.generate(tokens[:1, :12], max_new_tokens=24, stop_at_eos=False)
    return torch.cat([logits.flatten(), generated.flatten().float()])


def measure_serving(checkpoint: str, text: str, options: str) -> dict:
    """In this process: load the checkpoint with `options` (JSON; "cold": drop the table file
    from the page cache after loading), serve, and report the memory it grew by, the rows the
    prefetcher read and a digest of what it served."""
    options = json.loads(options)
    cold = options.pop("cold", False)
    gc.collect()
    before = memory_status()
    verify = options.pop("verify", True)  # verify hashes the file: page cache warm
    model = load_model(checkpoint, verify=verify, tier=TierOptions("mmap", prefetch=True, **options))
    if cold:
        with open(Path(checkpoint) / "engram_tables.safetensors", "rb") as f:
            os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)
    served = serve(model, text)
    after = memory_status()
    rows_read = sum(step.unique_rows for step in model.prefetcher.records)
    model.prefetcher.close()
    return {
        "grown": {name: after[name] - before[name] for name in after},
        "rows_read": rows_read,
        "served_sha256": hashlib.sha256(served.numpy().tobytes()).hexdigest(),
    }


def serving_in_fresh_process(checkpoint: Path, text: str, **options) -> dict:
    code = "import sys; from test_offload_memory import measure_serving as m; print(__import__('json').dumps(m(*sys.argv[1:])))"
    done = subprocess.run(
        [sys.executable, "-c", code, str(checkpoint), text, json.dumps(options)],
        cwd=Path(__file__).parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_cold_mmap_serving_grows_rss_far_less_than_the_file(big_checkpoint, text):
    table_bytes = (big_checkpoint / "engram_tables.safetensors").stat().st_size
    assert table_bytes >= 2 * GIB
    served = serving_in_fresh_process(big_checkpoint, text, cold=True)
    grown, rows_read = served["grown"]["VmRSS"], served["rows_read"]
    bound = 64 * MIB + rows_read * 64 * 1024
    assert rows_read > 0 and bound < 0.05 * table_bytes
    assert grown < bound, f"VmRSS grew {grown / MIB:.1f} MiB serving a {table_bytes / GIB:.2f} GiB table"


def test_warm_page_cache_keeps_the_process_own_memory_flat(big_checkpoint, text):
    mapped = serving_in_fresh_process(big_checkpoint, text)  # verify leaves the file in page cache
    assert mapped["grown"]["RssAnon"] < 64 * MIB
    read = serving_in_fresh_process(big_checkpoint, text, reader="pread", verify=False)
    assert read["served_sha256"] == mapped["served_sha256"]
    assert read["grown"]["VmRSS"] < 64 * MIB
