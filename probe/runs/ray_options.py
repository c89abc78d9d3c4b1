"""What a Ray scan is told: the cluster options, where each worker loads its model and corpus
from, the scan's fixed limits, and its one error type. Ray-free, so the driver and the workers'
module (`_ray_scan`, which imports Ray) share them without importing each other."""

from __future__ import annotations

from dataclasses import dataclass

from engram_model.tables import TierOptions

READ_CPUS = 0.25  # the one plan task: it reads and tokenizes while the workers run forwards
WORKER_RESTARTS = 3  # a worker killed more often than this fails the scan, with what it had committed kept
JOIN_TIMEOUT_S = 60  # for --address: an address that is not a Ray head is an error, not a hang
INSTALL = "pip install 'engram-probe[ray]' (in a checkout: pip install '.[ray]')"


class RayEngineError(ValueError):
    """A Ray scan that cannot start or went wrong on the cluster; the message says what to do."""


@dataclass(frozen=True)
class RayOptions:
    address: str | None = None  # a running cluster's head (HOST:PORT, or "auto"); None starts one on this machine
    workers: int = 1  # actors, each holding one model
    gpus_per_worker: float = 0.0
    cpus_per_worker: float | None = None  # default: the cluster's CPUs less the plan task's, shared out


@dataclass(frozen=True)
class ModelSource:
    """What each worker loads its model from: paths every node can read."""

    checkpoint: str
    tokenizer: str | None = None  # a tokenizer.json replacing the checkpoint's own (--tokenizer)
    tier: TierOptions = TierOptions()


@dataclass(frozen=True)
class CorpusSource:
    path: str  # a path every node can read, as `iter_documents` takes it
    text_field: str = "text"
    split: str | None = None


def first_line(err: BaseException) -> str:
    """The innermost cause's message, on one line: Ray wraps a worker's error in several layers."""
    while err.__cause__ is not None:
        err = err.__cause__
    lines = [line.strip() for line in str(err).splitlines() if line.strip()]
    return f"{type(err).__name__}: {lines[-1] if lines else ''}"
