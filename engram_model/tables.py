"""Where an Engram layer's rows live. Every tier implements one operation: gather rows by id.

A layer's (N-1)*K per-head tables are stored as one flat `[total_rows, head_dim]` table; head h
starts at `offsets[h]`, so a per-head row id r reads flat row `offsets[h] + r`.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


def head_offsets(primes_per_order: list[list[int]]) -> np.ndarray:
    """Start of each head's rows in the flat table, order-major like the row ids."""
    sizes = [p for order in primes_per_order for p in order]
    return np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)


class RowTable(Protocol):
    """What the Engram module needs from a table tier."""

    num_rows: int
    row_dim: int

    def gather(self, flat_rows: torch.Tensor) -> torch.Tensor:
        """flat_rows: int64 of any shape -> `[*shape, row_dim]` on the compute device."""
        ...


class ResidentTable(nn.Module):
    """The table as a parameter on the compute device: the reference tier, and trainable."""

    def __init__(self, num_rows: int, row_dim: int, init_std: float = 0.02, sparse_grad: bool = False):
        super().__init__()
        self.num_rows, self.row_dim = num_rows, row_dim
        self.sparse_grad = sparse_grad  # sparse gradients keep Adam's work proportional to rows touched
        self.weight = nn.Parameter(torch.empty(num_rows, row_dim).normal_(std=init_std))

    def gather(self, flat_rows: torch.Tensor) -> torch.Tensor:
        return F.embedding(flat_rows, self.weight, sparse=self.sparse_grad)
