"""Gather Engram rows ahead of the layers that need them.

Row ids depend only on token ids, so as soon as a step's tokens are known (before layer 0 in
prefill, right after sampling in decode) every Engram layer's rows can start moving: hash on
the caller's thread (the n-gram history must advance in order), then, per layer on a worker
thread, deduplicate and sort the rows (sorted reads are as sequential as the rows allow), read
them from the layer's table tier, and expand them back to `[B, T, H, head_dim]`. Each Engram
layer waits only for its own rows.

On CUDA the worker issues its device work (copies out of the tier's pinned staging ring,
decode, expand) on a side stream and records an event; the compute stream waits on the event,
not the host, and the result is marked as used by the compute stream so the allocator does
not recycle it early.
"""

from __future__ import annotations

import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np
import torch


@dataclass
class LayerRecord:
    """One Engram layer's fetch in one step. Times are `time.perf_counter()` seconds."""

    layer: int
    rows_requested: int  # B * T * H
    unique_rows: int = 0
    bytes: int = 0  # bytes read from the layer's tier for the unique rows (before a cache)
    issued_at: float = 0.0
    ready_at: float = 0.0  # the worker finished (on CUDA: its device work is queued)
    waited_s: float = 0.0  # time the compute thread blocked waiting for these rows

    @property
    def fetch_s(self) -> float:
        return self.ready_at - self.issued_at


@dataclass
class StepRecord:
    """Everything one prefetched step moved."""

    step: int
    tokens: int
    issued_at: float
    layers: dict[int, LayerRecord] = field(default_factory=dict)

    @property
    def rows_requested(self) -> int:
        return sum(r.rows_requested for r in self.layers.values())

    @property
    def unique_rows(self) -> int:
        return sum(r.unique_rows for r in self.layers.values())

    @property
    def bytes(self) -> int:
        return sum(r.bytes for r in self.layers.values())

    @property
    def waited_s(self) -> float:
        return sum(r.waited_s for r in self.layers.values())

    @property
    def fetch_s(self) -> float:
        """From issue until the last layer's rows were ready."""
        return max((r.ready_at for r in self.layers.values()), default=self.issued_at) - self.issued_at


class RowFetch:
    """One Engram layer's rows for one step, being gathered on a worker."""

    def __init__(self, rows: torch.Tensor, future: Future, record: LayerRecord):
        self.rows = rows  # [B, T, H] per-head row ids, the tensor forward hands to the layer
        self._future, self.record = future, record

    def wait(self) -> torch.Tensor:
        """The gathered rows `[B, T, H, head_dim]`; blocks only until this layer's are ready."""
        start = time.perf_counter()
        gathered, ready = self._future.result()  # re-raises a worker's read error
        if ready is not None:  # CUDA: order the compute stream after the side stream's work
            compute = torch.cuda.current_stream(gathered.device)
            compute.wait_event(ready)
            gathered.record_stream(compute)
        self.record.waited_s += time.perf_counter() - start
        return gathered


@dataclass
class PrefetchStep:
    """A step's row ids for every Engram layer and their fetches; pass it to
    `EngramLM.forward(tokens, fetched=step)`."""

    rows: dict[int, torch.Tensor]  # {layer: [B, T, H]}
    fetches: dict[int, RowFetch]
    record: StepRecord


class Prefetcher:
    """Issues every Engram layer's row gather as soon as a step's tokens are known.

    `threads` workers serve the layers of a step in parallel (the first Engram layer's job is
    queued first). Per-step records (`records`, the last `keep_records` steps) hold rows
    requested, unique rows, bytes, issue/ready times and the time the compute thread waited.
    What it reads of the model: `addresser`, `cfg.engram.layers`, `device`, and per Engram
    layer `blocks[layer].engram.table` (a `RowTable`) and `.offsets` (each head's first flat
    row), which our `Engram` and a bridged model's hook module (`bridges`) both carry.
    """

    def __init__(self, model, threads: int = 2, keep_records: int = 10_000):
        if model.addresser is None:
            raise ValueError("this model has no Engram layers: there are no rows to prefetch")
        if threads < 1:
            raise ValueError(f"threads={threads} must be >= 1")
        self.model = model
        self.layers = sorted(model.cfg.engram.layers)
        self._engrams = {layer: model.blocks[layer].engram for layer in self.layers}
        self._offsets = {layer: e.offsets.cpu().numpy() for layer, e in self._engrams.items()}
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="engram-prefetch")
        self._stream = torch.cuda.Stream(model.device) if model.device.type == "cuda" else None
        self.records: deque[StepRecord] = deque(maxlen=keep_records)
        self._steps = 0

    def issue(self, tokens: torch.Tensor, state=None) -> PrefetchStep:
        """Hash `tokens` `[B, T]` (advancing `state`'s n-gram history, as a forward would) and
        start gathering every Engram layer's rows."""
        issued_at = time.perf_counter()
        rows = self.model.engram_rows_numpy(tokens, state)  # {layer: int64 [B, T, H]}
        return self.issue_rows(rows, issued_at)

    def issue_rows(self, rows: dict[int, np.ndarray], issued_at: float | None = None) -> PrefetchStep:
        """Start gathering rows already hashed: `{layer: int64 [B, T, H]}` per-head row ids for
        every Engram layer (a model whose row ids depend on more than its tokens, as a bridged
        model's do on the attention mask, hashes them itself). `issued_at`: when the step began."""
        issued_at = time.perf_counter() if issued_at is None else issued_at
        grad = torch.is_grad_enabled()  # grad mode is per thread: the workers follow the caller's
        batch, seq_len = rows[self.layers[0]].shape[:2]
        record = StepRecord(self._steps, batch * seq_len, issued_at)
        self._steps += 1
        step = PrefetchStep({}, {}, record)
        for layer in self.layers:
            layer_rows = rows[layer]
            layer_record = record.layers[layer] = LayerRecord(layer, int(layer_rows.size), issued_at=issued_at)
            future = self._pool.submit(self._gather, layer, layer_rows + self._offsets[layer], layer_record, grad)
            step.rows[layer] = torch.from_numpy(layer_rows).to(self.model.device)
            step.fetches[layer] = RowFetch(step.rows[layer], future, layer_record)
        self.records.append(record)
        return step

    def _gather(self, layer: int, flat: np.ndarray, record: LayerRecord, grad: bool):
        """On a worker: dedupe and sort, read each distinct row once, expand back."""
        with torch.set_grad_enabled(grad):
            return self._gather_rows(self._engrams[layer].table, flat, record)

    def _gather_rows(self, table, flat: np.ndarray, record: LayerRecord):
        unique, inverse = np.unique(flat.ravel(), return_inverse=True)
        record.unique_rows, record.bytes = len(unique), len(unique) * table.row_bytes
        if self._stream is None:
            values = table.read_rows(unique, requested=flat.size)  # [U, head_dim]
            gathered = values[torch.from_numpy(inverse)].view(*flat.shape, table.row_dim)
            ready = None
        else:
            with torch.cuda.stream(self._stream):
                values = table.read_rows(unique, requested=flat.size)
                inverse_t = torch.from_numpy(inverse).to(values.device, non_blocking=False)
                gathered = values[inverse_t].view(*flat.shape, table.row_dim)
                ready = torch.cuda.Event()
                ready.record(self._stream)
        record.ready_at = time.perf_counter()
        return gathered, ready

    def summary(self) -> dict:
        """Totals over the recorded steps: rows, bytes, fetch and wait time, share hidden."""
        steps = list(self.records)
        fetch = sum(r.fetch_s for s in steps for r in s.layers.values())
        waited = sum(s.waited_s for s in steps)
        requested = sum(s.rows_requested for s in steps)
        unique = sum(s.unique_rows for s in steps)
        tokens = sum(s.tokens for s in steps)
        return {
            "steps": len(steps),
            "tokens": tokens,
            "rows_requested": requested,
            "unique_rows": unique,
            "unique_per_requested": unique / requested if requested else 0.0,
            "bytes": sum(s.bytes for s in steps),
            "bytes_per_token": sum(s.bytes for s in steps) / tokens if tokens else 0.0,
            "rows_per_token": unique / tokens if tokens else 0.0,
            "fetch_s": fetch,
            "waited_s": waited,
            # the share of the layers' fetch time the compute thread did not spend waiting
            "hidden_fraction": 1.0 - min(1.0, waited / fetch) if fetch > 0 else 1.0,
        }

    def reset(self) -> None:
        self.records.clear()

    def close(self) -> None:
        self._pool.shutdown(wait=True)
