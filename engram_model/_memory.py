"""Host buffers kept mapped for the largest outputs of a no-grad forward.

glibc serves an allocation above its largest mmap threshold (32 MiB on 64-bit) from a fresh
mapping every time and unmaps it when it is freed, so the first write to each new 64 MiB
logits tensor (8 x 256 positions by 8,192 ids) faults in 16,384 zeroed 4 KiB pages: a
quarter to a third of the unembedding's time. A `BufferPool` keeps the last few such buffers
and hands one out again once nothing refers to it: a tensor made over a buffer with
`torch.frombuffer` holds a reference to that buffer for as long as it or any view of it
lives, so a buffer whose only holder is the pool is free.

(Advising fresh buffers onto transparent huge pages instead was tried and dropped: where
freed memory goes back to a host, as with a VM balloon's free page reporting, a huge-page
buffer allocated after a pause is faulted in again from the host, 3-5x slower.)
"""

from __future__ import annotations

import sys
import threading

import numpy as np
import torch

FRESH_MAPPING_BYTES = 32 << 20  # glibc's DEFAULT_MMAP_THRESHOLD_MAX: smaller buffers reuse heap pages


def _holders(items: list, i: int) -> int:
    return sys.getrefcount(items[i])


# what `_holders` says of a list's item that nothing else holds, measured rather than assumed
# (the interpreter's own references differ between Python versions)
FREE = _holders([object()], 0)


class BufferPool:
    """Up to `keep` host buffers of FRESH_MAPPING_BYTES to `max_bytes` each, reused for
    tensors of any shape that fit in them; other sizes are an ordinary `torch.empty`.
    Thread-safe. A copy or a pickle of the pool is a new, empty pool."""

    def __init__(self, keep: int = 2, max_bytes: int = 256 << 20):
        self.keep, self.max_bytes = keep, max_bytes
        self._blocks: list[np.ndarray] = []  # most recently made first
        self._lock = threading.Lock()

    def __reduce__(self):
        return BufferPool, (self.keep, self.max_bytes)

    def empty(self, shape: tuple[int, ...], dtype: torch.dtype) -> torch.Tensor:
        count = int(np.prod(shape))
        n_bytes = count * dtype.itemsize
        if not FRESH_MAPPING_BYTES <= n_bytes <= self.max_bytes:
            return torch.empty(shape, dtype=dtype)
        with self._lock:  # a free block is taken before another caller can see it free
            for i in range(len(self._blocks)):
                if self._blocks[i].nbytes >= n_bytes and _holders(self._blocks, i) == FREE:
                    return torch.frombuffer(self._blocks[i], dtype=dtype, count=count).view(shape)
            block = np.empty(n_bytes, dtype=np.uint8)
            self._blocks = [block, *self._blocks][: self.keep]  # a dropped block stays its tensor's
            return torch.frombuffer(block, dtype=dtype, count=count).view(shape)
