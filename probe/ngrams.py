"""Surface text of the suffix n-grams an Engram layer hashes, from the raw token ids."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from tokenizers import Tokenizer, decoders

from engram_model.tokenizer import PAD


def _byte_level_alphabet() -> dict[str, int]:
    """GPT-2's printable stand-in character for each byte, inverted: char -> byte."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    chars, extra = {}, 0
    for byte in range(256):
        if byte in printable:
            chars[chr(byte)] = byte
        else:
            chars[chr(256 + extra)] = byte
            extra += 1
    return chars


@lru_cache(maxsize=8)
def token_bytes(tokenizer: Tokenizer) -> list[bytes] | None:
    """The bytes each id decodes to, for byte-level tokenizers (None for others). Decoding a
    span is then a concatenation plus one lossy UTF-8 decode, exactly as the ByteLevel decoder
    does, but without a round trip into the tokenizer per n-gram."""
    if not isinstance(tokenizer.decoder, decoders.ByteLevel):
        return None
    alphabet = _byte_level_alphabet()
    added = {i: t.content for i, t in tokenizer.get_added_tokens_decoder().items()}
    out = []
    for token_id in range(tokenizer.get_vocab_size(with_added_tokens=True)):
        if token_id in added:
            out.append(added[token_id].encode())
        else:
            out.append(bytes(alphabet[c] for c in tokenizer.id_to_token(token_id)))
    return out


def suffix_ngram_texts(tokenizer: Tokenizer, ids: Sequence[int], max_order: int) -> list[list[str]]:
    """`texts[t][n-2]` is the n-gram ending at position t (orders 2..max_order), decoded from
    the raw ids so multi-byte characters split across tokens come out whole. Positions before
    the sequence start are shown as the pad token, which is what the hash reads there."""
    ids = [int(i) for i in ids]
    table = token_bytes(tokenizer)
    if table is None:
        def decode(span):
            return tokenizer.decode(span, skip_special_tokens=False)
    else:
        def decode(span):
            return b"".join(table[i] for i in span).decode("utf-8", errors="replace")
    texts = []
    for t in range(len(ids)):
        row = []
        for n in range(2, max_order + 1):
            missing = max(0, n - 1 - t)
            row.append(PAD * missing + decode(ids[max(0, t - n + 1) : t + 1]))
        texts.append(row)
    return texts
