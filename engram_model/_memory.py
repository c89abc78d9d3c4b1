"""Large host buffers on transparent huge pages.

glibc serves an allocation above its largest mmap threshold (32 MiB on 64-bit) from a fresh
mapping, every time, and the first write to it faults once per 4 KiB page: 16,384 faults for
a 2048 x 8192 float32 logits tensor, a quarter of the time of the matmul that fills it.
Advising the kernel to back such a buffer with 2 MiB pages (`madvise(MADV_HUGEPAGE)`, which
is what PyTorch's own `THP_MEM_ALLOC_ENABLE=1` does for the whole process) leaves 32 faults.
The advice is only advice: where the kernel, the platform or the device has no such pages,
the buffer is an ordinary `torch.empty`.
"""

from __future__ import annotations

import ctypes
import functools
import sys

import torch

HUGE_PAGE_BYTES = 2 << 20
FRESH_MAPPING_BYTES = 32 << 20  # glibc's DEFAULT_MMAP_THRESHOLD_MAX: smaller buffers reuse heap pages
MADV_HUGEPAGE = 14  # <sys/mman.h> on Linux


@functools.cache
def _madvise():
    if not sys.platform.startswith("linux"):
        return None
    try:
        madvise = ctypes.CDLL(None, use_errno=True).madvise
    except (OSError, AttributeError):
        return None
    madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    madvise.restype = ctypes.c_int
    return madvise


def empty_on_huge_pages(shape: tuple[int, ...], dtype: torch.dtype, device: torch.device) -> torch.Tensor:
    """`torch.empty(shape)`, with the whole 2 MiB pages inside it advised onto huge pages when
    it is a host buffer large enough to be a fresh mapping."""
    out = torch.empty(shape, dtype=dtype, device=device)
    n_bytes = out.numel() * out.element_size()
    madvise = _madvise()
    if device.type != "cpu" or n_bytes < FRESH_MAPPING_BYTES or madvise is None:
        return out
    start = -(-out.data_ptr() // HUGE_PAGE_BYTES) * HUGE_PAGE_BYTES  # madvise wants aligned pages
    end = (out.data_ptr() + n_bytes) // HUGE_PAGE_BYTES * HUGE_PAGE_BYTES
    if end > start:
        madvise(start, end - start, MADV_HUGEPAGE)  # refused (EINVAL) where THP is off: nothing lost
    return out
