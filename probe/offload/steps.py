"""The steps `engram-probe offload traffic` measures: its default prefill shapes and decode
batches, and those of them a corpus of a given size fills. Torch-free: the gate browser
imports it to size the traffic job of a run."""

from __future__ import annotations

PREFILL = ((1, 512), (1, 2048), (1, 16384), (8, 2048), (32, 512))  # BATCH x SEQ_LEN
DECODE_BATCHES = (1, 8, 32, 128, 512, 2048)
CACHE_BATCH = 64  # sequences decoding side by side in the cache simulation: a token each


def fitting_steps(tokens: int) -> tuple[list[tuple[int, int]], list[int], int]:
    """(prefill shapes, decode batches, cache batch) of the defaults that a corpus of `tokens`
    tokens fills; where no default prefill fits, one prefill of the largest power of two that
    does, so a corpus of a few dozen tokens is still measured. Raises ValueError for a corpus
    of fewer than 2 tokens, which no prefill step fits."""
    if tokens < 2:
        raise ValueError(f"the corpus has {tokens} token(s): a prefill step needs at least 2")
    prefill = [(b, n) for b, n in PREFILL if b * n <= tokens] or [(1, 1 << (tokens.bit_length() - 1))]
    decode = [batch for batch in DECODE_BATCHES if batch <= tokens]
    return prefill, decode, min(CACHE_BATCH, tokens)
