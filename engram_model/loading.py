"""`load_model`, the one door every checkpoint comes through: it looks at what a directory holds
and hands it to the reader of that kind. Our own checkpoints (`checkpoint`), a DeepSeek-V4.1
directory's Engram side (`v41_checkpoint`), and transformers checkpoints of the public Engram
architectures (`bridges`) each build on `checkpoint`; only this module knows all three.
"""

from __future__ import annotations

from pathlib import Path

import torch
from tokenizers import Tokenizer
from torch import nn

from .bridges import bridge_for
from .checkpoint import CheckpointError, load_checkpoint, resolve_checkpoint
from .model import EngramLM
from .tables import ResidentTable, TierOptions
from .v41_checkpoint import EngramParts, is_v41_checkpoint, load_v41


def load_model(
    name_or_path: str | Path,
    device: str | torch.device = "cpu",
    tokenizer: Tokenizer | None = None,
    verify: bool = True,
    tier: str | TierOptions = "resident",
    *,
    engram_only: bool = False,
    dtype: str | torch.dtype | None = None,
) -> EngramLM | EngramParts:
    """Load a checkpoint directory (or a bundled default by name). `tokenizer` replaces the
    checkpoint's own; it must be the same tokenizer, compared by content with the bundled
    tokenizer.json (a checkpoint without one can check only the compressed size, and warns).

    tier: where the Engram tables live and how their rows are read: a tier name (`resident`,
    `host`, `mmap`) or `TierOptions` (reader, threads, hot-row cache, prefetch); with `mmap`
    only the rows touched ever enter memory. With `prefetch` the model has a `Prefetcher`, so
    forward and generate gather rows ahead of the layers.
    verify hashes every file against the manifest (a table file is read once, sequentially).

    A DeepSeek-V4.1 checkpoint directory (config.json, model.safetensors.index.json, shards)
    loads its Engram side only, `engram_only=True`, as `EngramParts`: the tables served
    straight out of the shards in the chosen tier, the addressing and the Engram modules
    (`engram_model.v41_checkpoint`); our backbone is not DeepSeek's. Such a directory has no
    manifest, so `verify` checks only what loading reads (shapes, dtypes, data extents).

    A transformers checkpoint of a bridged architecture (config.json `model_type` qwen4_exp)
    loads as transformers' own model under our hook points (`engram_model.bridges`).

    device: where the backbone runs (`cpu`, `cuda`, `cuda:1`). dtype: its floating-point dtype
    (`float32`, `bfloat16`, `float16`, or a torch dtype; default: the checkpoint's). Tables keep
    their row format in every tier, the resident one included, so rows come out the same
    wherever the table lives; the Engram layer casts the rows it reads to the backbone's dtype.
    """
    options = TierOptions.of(tier)
    dtype = torch_dtype(dtype)
    directory = resolve_checkpoint(name_or_path)
    bridge = bridge_for(directory)  # a transformers checkpoint of a bridged architecture (Qwen4-Exp)
    if bridge is not None:
        return bridge.load(directory, device, tokenizer, options, verify, dtype=dtype)
    if is_v41_checkpoint(directory):
        if not engram_only:
            raise CheckpointError(
                f"{directory} is a DeepSeek-V4.1 checkpoint, whose backbone (MLA attention, its MoE) this engine does not "
                "implement: load its Engram side with load_model(..., engram_only=True)"
            )
        if options.prefetch:
            raise CheckpointError("prefetch=True needs a whole model to run ahead of; EngramParts gathers rows when asked")
        return cast_backbone(load_v41(directory, device, tokenizer, options), dtype)
    if engram_only:
        raise CheckpointError(
            f"{directory} is one of our checkpoints: it loads whole; engram_only=True is for a DeepSeek-V4.1 checkpoint"
        )
    return cast_backbone(load_checkpoint(directory, device, tokenizer, verify, options), dtype)


DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}


def torch_dtype(dtype: str | torch.dtype | None) -> torch.dtype | None:
    """`dtype` as a torch dtype: one of DTYPES by name, or given as one; None stays None."""
    if dtype is None or isinstance(dtype, torch.dtype):
        return dtype
    if dtype not in DTYPES:
        raise ValueError(f"dtype={dtype!r}: use one of {', '.join(DTYPES)}")
    return DTYPES[dtype]


def cast_backbone(model: nn.Module, dtype: torch.dtype | None) -> nn.Module:
    """`model` with every floating-point parameter and buffer in `dtype`, but the resident
    tables', which keep their row format as the other tiers do (None: as it is)."""
    if dtype is None:
        return model
    for module in model.modules():
        if isinstance(module, ResidentTable):
            continue
        for tensor in [*module.parameters(recurse=False), *module.buffers(recurse=False)]:
            if tensor.is_floating_point():
                tensor.data = tensor.data.to(dtype)
    return model
