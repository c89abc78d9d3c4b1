"""The Ray side of `probe.runs.distributed`: the plan as a Ray Data source, the worker actors, and
the driver's in-order reading of what they return. Imported only once Ray is (`import_ray`)."""

from __future__ import annotations

import json
import logging
import os
import pickle
import resource
import warnings
from collections.abc import Iterable, Iterator
from contextlib import ExitStack

import pyarrow as pa
import ray
import ray.data
from ray.data.block import BlockMetadata
from ray.data.datasource import Datasource, ReadTask

from engram_model.corpus import ReadReport, iter_documents

from ..batching import Chunk
from .ray_options import READ_CPUS, WORKER_RESTARTS, CorpusSource, ModelSource, RayEngineError, RayOptions, first_line
from .scan import ProbeOptions, ScanPlan, scan_chunker
from .store import RunWriter


def cluster_nodes() -> list[dict]:
    """The resources of each live node."""
    return [node["Resources"] for node in ray.nodes() if node["Alive"]]


def _tokenizer(source: ModelSource):
    from engram_model import load_tokenizer
    from engram_model.checkpoint import TOKENIZER

    return load_tokenizer(source.tokenizer or os.path.join(source.checkpoint, TOKENIZER))


class PlanSource(Datasource):
    """The scan plan as a Ray Data source: one read task, one row per forward batch, then one
    row with the plan's summary. A row holds a whole batch (pickled), so no block split or
    merge can regroup chunks into other batches."""

    def __init__(
        self, corpus: CorpusSource, source: ModelSource, max_ngram: int, options: ProbeOptions, completed, limit: int | None
    ):
        self.corpus, self.source, self.max_ngram, self.options = corpus, source, max_ngram, options
        self.completed, self.limit = completed, limit  # completed: an ObjectRef, so a long resume's ids travel once

    def estimate_inmemory_data_size(self) -> int | None:
        return None

    def get_read_tasks(self, parallelism: int, per_task_row_limit: int | None = None, data_context=None) -> list[ReadTask]:
        return [ReadTask(self._rows, BlockMetadata(num_rows=None, size_bytes=None, exec_stats=None))]

    def _rows(self) -> Iterator[pa.Table]:
        report = ReadReport()
        chunker = scan_chunker(_tokenizer(self.source), self.max_ngram, self.options)
        documents = iter_documents(self.corpus.path, self.corpus.text_field, report, self.corpus.split)
        plan = ScanPlan(chunker, self.options.batch_size, documents, ray.get(self.completed), self.limit)
        seq = -1
        for seq, batch in enumerate(plan):
            yield _row(seq, batch=pickle.dumps(batch))
        yield _row(seq + 1, summary=json.dumps(plan.summary(report)))


def _row(seq: int, batch: bytes | None = None, summary: str | None = None) -> pa.Table:
    return pa.table(
        {"seq": pa.array([seq], pa.int64()), "batch": pa.array([batch], pa.binary()), "summary": pa.array([summary], pa.string())}
    )


class ScanWorker:
    """One model per actor, loaded once (any tier): a forward batch in, its gate tables out."""

    def __init__(self, source: ModelSource, options: ProbeOptions, device: str, threads: int):
        import torch

        from engram_model import load_model

        from .scan import GateScan

        torch.set_num_threads(threads)
        model = load_model(source.checkpoint, device, _tokenizer(source), tier=source.tier, dtype=options.dtype)
        self.scan = GateScan(model, options)
        self._attached = ExitStack()  # for the actor's life: attaching the hooks visits every hook point
        self.record = self._attached.enter_context(self.scan.recorder.attached(model))

    def __call__(self, rows: pa.Table) -> pa.Table:
        results = []
        for batch in rows.column("batch").to_pylist():
            if batch is not None:
                chunks = pickle.loads(batch)
                batch = pickle.dumps((chunks, self.scan.batch_tables(chunks, self.record)))
            results.append(batch)
        peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # bytes; Linux counts KiB
        return pa.table(
            {
                "seq": rows.column("seq"),
                "result": pa.array(results, pa.binary()),
                "summary": rows.column("summary"),
                "pid": pa.array([os.getpid()] * rows.num_rows, pa.int64()),
                "peak_rss": pa.array([peak_rss] * rows.num_rows, pa.int64()),
            }
        )


def scan_dataset(
    source: ModelSource,
    corpus: CorpusSource,
    max_ngram: int,
    options: ProbeOptions,
    cluster: RayOptions,
    resources: tuple[float, int],
    completed: set[str],
    limit: int | None,
):
    """The Ray Data pipeline of a scan; iterate it for its rows in plan order."""
    cpus, threads = resources
    context = ray.data.DataContext.get_current()
    context.execution_options.preserve_order = True  # the driver commits in plan order
    # a block per row: else the read buffers its rows into one block, the workers wait for the
    # whole plan, and the driver's memory grows with the corpus
    context.target_max_block_size = 1
    context.enable_progress_bars = False  # the scan shows its own
    context.print_on_execution_start = False
    for handler in logging.getLogger("ray.data").handlers:
        if handler.name == "console":  # a failed scan is one line (InOrder); Ray Data's log file keeps the traceback
            handler.setLevel(logging.CRITICAL)
    plan = PlanSource(corpus, source, max_ngram, options, ray.put(completed), limit)
    batches = ray.data.read_datasource(plan, override_num_blocks=1, num_cpus=READ_CPUS)
    with warnings.catch_warnings():
        # Ray 2.60 deprecates passing max_restarts to map_batches but offers no other way to bound
        # them (its default retries a worker that dies on every batch forever)
        warnings.simplefilter("ignore", DeprecationWarning)
        return batches.map_batches(
            ScanWorker,
            fn_constructor_args=(source, options, "cuda" if cluster.gpus_per_worker else "cpu", threads),
            batch_size=1,
            batch_format="pyarrow",
            # the batch runs on the actor's own thread, where __init__ set torch's threads and loaded
            # the model; on Ray Data's default helper thread its OpenMP team gave up its cores between
            # ops (1.4 of 2 cores busy, a third slower over the validation split)
            compute=ray.data.ActorPoolStrategy(
                size=cluster.workers, enable_true_multi_threading=True, max_concurrent_calls_per_actor=1
            ),
            num_cpus=cpus,
            num_gpus=cluster.gpus_per_worker or None,
            max_restarts=WORKER_RESTARTS,
            max_task_retries=WORKER_RESTARTS,
        )


def _mib(n_bytes: int) -> float:
    return round(n_bytes / 2**20, 1)


class InOrder:
    """The dataset's rows as (batch, tables), strictly in plan order, recording the plan's
    summary and each worker's peak RSS on the way."""

    def __init__(self, rows: Iterable[dict], writer: RunWriter):
        self.rows, self.writer = rows, writer
        self.summary: dict | None = None
        self.workers: dict[int, list[int]] = {}  # pid -> [peak RSS after its first batch, after its last]

    def __iter__(self) -> Iterator[tuple[list[Chunk], list[pa.Table]]]:
        rows, expected = iter(self.rows), 0
        while self.summary is None:
            try:
                row = next(rows)
            except StopIteration:
                raise RayEngineError(f"the Ray scan ended before batch {expected} came back; {self._kept()}") from None
            except Exception as err:  # whatever Ray raises once a worker has failed every attempt
                raise RayEngineError(f"the Ray scan stopped at batch {expected}: {first_line(err)}; {self._kept()}") from err
            if row["seq"] < expected:  # a retried task's batch seen again: it is written already
                continue
            if row["seq"] > expected:
                raise RayEngineError(
                    f"batch {expected} never came back from the workers (batch {row['seq']} did); {self._kept()}"
                )
            expected += 1
            if row["summary"] is not None:
                self.summary = json.loads(row["summary"])
                continue
            self.workers.setdefault(row["pid"], [row["peak_rss"]] * 2)[1] = row["peak_rss"]
            yield pickle.loads(row["result"])

    def _kept(self) -> str:
        return (
            f"the run keeps the {len(self.writer.completed)} documents committed so far, each once; "
            "fix the cause and run the same command to resume"
        )

    def finished(self, cluster: RayOptions) -> dict:
        session = dict(
            self.summary["session"],
            workers=cluster.workers,
            worker_peak_rss_mib={str(pid): [_mib(first), _mib(last)] for pid, (first, last) in self.workers.items()},
            driver_peak_rss_mib=_mib(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024),
        )
        return dict(self.summary, session=session, engine="ray")
