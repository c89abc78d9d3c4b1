"""Gate scans on Ray: the local engine's plan and commits, its forward passes in an actor pool.

    driver: RunWriter ──► Ray Data read: one task runs the ScanPlan (reader, chunker, batcher)
    (lock, manifest,          │ one row per forward batch, numbered in plan order
     completed ids)           ▼
                          map_batches: ScanWorker actors, one model each, loaded once
                              │ the batch and its gate tables, per Engram layer
                              ▼
    driver: in plan order, the local engine's `write_scan` (same shards, same commit points)

The plan is one sequential task because two things in it depend on everything before them:
the id of a renamed document (`iter_documents`), and the batch a chunk lands in, which on CPU
decides the last bit of its gates. Running the same plan makes a Ray run's directory hold
what the local engine's holds, bit for bit, and either engine may resume the other's run
(the engine is not part of a run's identity). Planning is tokenizing; the forwards are the work.

Only the driver writes the run directory, with the local engine's commit logic. Ray restarts
a killed worker (`WORKER_RESTARTS` times) and retries its batch; a batch that does not come back
never reached the driver, and the driver takes batches strictly in sequence (one seen again is
dropped), so nothing is written twice. A killed driver takes its Ray job with it and resumes
like a local run. This module imports Ray only when a scan starts (`probe.runs._ray_scan` holds
what needs it), so its options and errors are there without the `[ray]` extra.
"""

from __future__ import annotations

import importlib
import os
import socket
import subprocess
import sys
from pathlib import Path

from engram_model import EngramLM
from engram_model.corpus import ReadReport, iter_documents

from .ray_options import (
    INSTALL,
    JOIN_TIMEOUT_S,
    READ_CPUS,
    CorpusSource,
    ModelSource,
    RayEngineError,
    RayOptions,
)
from .scan import ProbeOptions, prepare_scan, write_scan
from .store import RunWriter


def import_ray(options: RayOptions):
    """Ray, imported so that a cluster this process starts listens on loopback only."""
    if options.address is None and "ray" not in sys.modules:
        # Ray binds its servers to the node's address and, even when told 127.0.0.1, takes the
        # machine's outward one, unless it believes it is a single-machine cluster (read at import)
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # a scan reports nothing unless its user asks Ray to
    try:
        return importlib.import_module("ray")
    except ModuleNotFoundError as err:
        raise RayEngineError(f"--engine ray needs Ray, which is not installed: {INSTALL}") from err


def connect(options: RayOptions) -> None:
    """Join the cluster at `options.address`, or start one on this machine; a cluster already
    joined (a notebook, a test) is used as it is."""
    ray = import_ray(options)
    if ray.is_initialized():
        return
    if options.address is not None:
        check_joins(options.address)
    ray.init(address=options.address, include_dashboard=False, configure_logging=False)


_START_HEAD = "start one with `ray start --head --node-ip-address IP --port 6379` and pass --address IP:6379"


def check_joins(address: str, timeout: float = JOIN_TIMEOUT_S) -> None:
    """Refuse within seconds an address that is not a Ray head: Ray retries one that does not
    answer for minutes, and waits without end on one that answers but is something else, so a
    child process tries it first and is killed if it takes too long."""
    if address != "auto":
        host, _, port = address.removeprefix("ray://").rpartition(":")
        if not host or not port.isdigit():
            raise RayEngineError(f"--address {address}: expected HOST:PORT of a Ray head (or auto); {_START_HEAD}")
        try:
            socket.create_connection((host, int(port)), timeout=timeout).close()
        except OSError as err:
            raise RayEngineError(f"--address {address}: nothing answers there ({err.strerror or err}); {_START_HEAD}") from err
    join = "import sys, ray; ray.init(address=sys.argv[1], include_dashboard=False, logging_level='ERROR'); ray.shutdown()"
    try:
        tried = subprocess.run(
            [sys.executable, "-c", join, address], check=False, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        raise RayEngineError(
            f"--address {address}: something answers there, but no Ray cluster could be joined within {timeout:g} s; "
            f"pass the head's GCS address (port 6379 unless `ray start --port` said otherwise); {_START_HEAD}"
        ) from None
    if tried.returncode != 0:
        why = [line for line in tried.stderr.splitlines() if line.strip()][-1:] or ["no message"]
        raise RayEngineError(f"--address {address}: could not join a Ray cluster there ({why[0].strip()}); {_START_HEAD}")


def worker_resources(options: RayOptions, nodes: list[dict]) -> tuple[float, int]:
    """(CPUs each worker asks Ray for, torch threads it runs) on nodes with these resources.
    The plan task always keeps READ_CPUS: actors that each claim a whole CPU of a 2-CPU
    machine starve the read, and the pipeline waits forever. A pool that cannot be placed on
    the nodes is refused here rather than left pending."""
    total_cpus = sum(node.get("CPU", 0.0) for node in nodes)
    cpus = options.cpus_per_worker or (total_cpus - READ_CPUS) / options.workers
    asked = (
        f"--workers {options.workers} with {cpus:.3g} CPUs"
        + (f" and {options.gpus_per_worker:g} GPUs" if options.gpus_per_worker else "")
        + " each"
    )
    have = f"the cluster has {total_cpus:g} CPUs and {sum(node.get('GPU', 0.0) for node in nodes):g} GPUs on {len(nodes)} node(s)"
    if cpus <= 0 or options.workers * cpus + READ_CPUS > total_cpus + 1e-9:
        raise RayEngineError(
            f"{asked}, plus {READ_CPUS} for reading, do not fit: {have}; pass fewer --workers or --cpus-per-worker"
        )
    fits = 0
    for node in nodes:
        per_node = int(node.get("CPU", 0.0) / cpus + 1e-9)
        if options.gpus_per_worker:
            per_node = min(per_node, int(node.get("GPU", 0.0) / options.gpus_per_worker + 1e-9))
        fits += per_node
    if fits < options.workers:
        raise RayEngineError(
            f"{asked} do not fit: {have}, room for {fits} such workers; pass fewer --workers or smaller --cpus/--gpus-per-worker"
        )
    return cpus, max(1, round(cpus))


def probe_corpus_on_ray(
    model: EngramLM,
    source: ModelSource,
    corpus: CorpusSource,
    run_dir: str | Path,
    manifest: dict,
    options: ProbeOptions,
    cluster: RayOptions,
    limit: int | None = None,
    show_progress: bool = True,
    staging: Path | None = None,
) -> dict:
    """`probe_corpus` with the forwards on Ray: the same checks (on `model`, which runs no
    forward here), the same plan, the same run directory (or URI, through `staging`); the
    report adds the workers."""
    if cluster.workers < 1:
        raise RayEngineError(f"--workers {cluster.workers}: run at least one worker")
    read_report = ReadReport()
    documents = iter_documents(corpus.path, corpus.text_field, read_report, corpus.split)
    options, _, manifest = prepare_scan(model, documents, manifest, options, limit, read_report)
    connect(cluster)  # before the run directory is touched: a cluster that cannot be used leaves nothing behind
    from ._ray_scan import InOrder, cluster_nodes, scan_dataset

    resources = worker_resources(cluster, cluster_nodes())
    with RunWriter(run_dir, manifest, staging) as writer:
        dataset = scan_dataset(
            source, corpus, model.cfg.engram.max_ngram, options, cluster, resources, set(writer.completed), limit
        )
        results = InOrder(dataset.iter_rows(), writer)
        return write_scan(writer, options, results, lambda: results.finished(cluster), limit, show_progress)
