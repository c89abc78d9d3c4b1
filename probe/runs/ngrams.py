"""Surface text of the suffix n-grams an Engram layer hashes, from the raw token ids."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
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


@lru_cache(maxsize=8)
def token_texts(tokenizer: Tokenizer) -> pa.StringArray:
    """Each id's text on its own, indexed by id (so a column of tokens is one `take`)."""
    table = token_bytes(tokenizer)
    if table is not None:
        return pa.array([b.decode("utf-8", errors="replace") for b in table], pa.string())
    return pa.array(
        [tokenizer.decode([i], skip_special_tokens=False) for i in range(tokenizer.get_vocab_size(with_added_tokens=True))],
        pa.string(),
    )


@lru_cache(maxsize=8)
def _whole_characters(tokenizer: Tokenizer) -> np.ndarray:
    """Per id: do its bytes decode to UTF-8 on their own? A span of such tokens decodes to
    the concatenation of their texts; any other span has to be decoded as one byte string."""
    whole = np.ones(tokenizer.get_vocab_size(with_added_tokens=True), bool)
    for token_id, data in enumerate(token_bytes(tokenizer)):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            whole[token_id] = False
    return whole


def suffix_ngram_columns(tokenizer: Tokenizer, sequences: Sequence[Sequence[int]], max_order: int) -> dict[int, pa.StringArray]:
    """`{n: texts}` for orders 2..max_order over the concatenated `sequences`: the n-gram
    ending at each position of each sequence, decoded from the raw ids so multi-byte
    characters split across tokens come out whole. Positions before a sequence's start are
    shown as the pad token, which is what the hash reads there."""
    lengths = np.array([len(s) for s in sequences], np.int64)
    ids = np.concatenate([np.asarray(s, np.int64) for s in sequences]) if len(sequences) else np.zeros(0, np.int64)
    position = np.arange(len(ids)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    table = token_bytes(tokenizer)
    if table is None:
        return {n: pa.array(_decoded_one_by_one(tokenizer, ids, position, n), pa.string()) for n in range(2, max_order + 1)}
    tokens = token_texts(tokenizer).take(pa.array(ids))
    broken = ~_whole_characters(tokenizer)[ids]
    # shifted[k]: the token k back, or the pad token before the sequence start (shared by every order)
    shifted, broken_back = [], []
    for k in range(max_order):
        inside = position >= k
        back = np.where(inside, np.arange(len(ids)) - k, 0)
        shifted.append(pc.if_else(pa.array(inside), tokens.take(pa.array(back)), PAD))
        broken_back.append(inside & broken[back])
    columns = {}
    for n in range(2, max_order + 1):
        texts = pc.binary_join_element_wise(*shifted[n - 1 :: -1], "")
        redecode = np.logical_or.reduce(broken_back[:n])
        if redecode.any():
            fixed = [_decode_span(table, ids, t, position[t], n) for t in np.flatnonzero(redecode)]
            texts = pc.replace_with_mask(texts, pa.array(redecode), pa.array(fixed, pa.string()))
        columns[n] = texts
    return columns


def _decode_span(table: list[bytes], ids: np.ndarray, t: int, position: int, n: int) -> str:
    """The n-gram ending at flat index `t`, as the ByteLevel decoder decodes it: bytes joined, one lossy decode."""
    start = max(0, position - n + 1)
    span = b"".join(table[i] for i in ids[t - position + start : t + 1])
    return PAD * (n - 1 - position + start) + span.decode("utf-8", errors="replace")


def _decoded_one_by_one(tokenizer: Tokenizer, ids: np.ndarray, position: np.ndarray, n: int) -> list[str]:
    """For tokenizers whose decoding is not a concatenation (WordPiece, Metaspace): the tokenizer decodes every span."""
    texts = []
    for t, p in enumerate(position.tolist()):
        start = max(0, p - n + 1)
        texts.append(PAD * (n - 1 - p + start) + tokenizer.decode(ids[t - p + start : t + 1].tolist(), skip_special_tokens=False))
    return texts


def suffix_ngram_texts(tokenizer: Tokenizer, ids: Sequence[int], max_order: int) -> list[list[str]]:
    """`texts[t][n-2]` is the n-gram ending at position t (orders 2..max_order); see `suffix_ngram_columns`."""
    columns = suffix_ngram_columns(tokenizer, [ids], max_order)
    return [list(row) for row in zip(*(columns[n].to_pylist() for n in range(2, max_order + 1)))]
