"""Surface text of the suffix n-grams an Engram layer hashes, from the raw token ids."""

from __future__ import annotations

from collections.abc import Sequence

from tokenizers import Tokenizer

from engram_model.tokenizer import PAD


def suffix_ngram_texts(tokenizer: Tokenizer, ids: Sequence[int], max_order: int) -> list[list[str]]:
    """`texts[t][n-2]` is the n-gram ending at position t (orders 2..max_order), decoded from
    the raw ids so multi-byte characters split across tokens come out whole. Positions before
    the sequence start are shown as the pad token, which is what the hash reads there."""
    ids = [int(i) for i in ids]
    texts = []
    for t in range(len(ids)):
        row = []
        for n in range(2, max_order + 1):
            missing = max(0, n - 1 - t)
            row.append(PAD * missing + tokenizer.decode(ids[max(0, t - n + 1) : t + 1], skip_special_tokens=False))
        texts.append(row)
    return texts
