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


def suffix_ngram_columns(
    tokenizer: Tokenizer,
    sequences: Sequence[Sequence[int]],
    max_order: int,
    fill: str = PAD,
    segment_end: int | None = None,
) -> dict[int, pa.StringArray]:
    """`{n: texts}` for orders 2..max_order over the concatenated `sequences`: the n-gram
    ending at each position of each sequence, decoded from the raw ids so multi-byte
    characters split across tokens come out whole. What the hash reads before a sequence's
    start is shown as `fill` (our models read the pad token there). With `segment_end` (an id:
    Qwen4-Exp's end-of-text), an n-gram does not reach back past the last such token before
    its position either: the hash reads `fill` there too (`bridges.qwen4_exp.shift_within_segments`)."""
    lengths = np.array([len(s) for s in sequences], np.int64)
    ids = np.concatenate([np.asarray(s, np.int64) for s in sequences]) if len(sequences) else np.zeros(0, np.int64)
    position = np.arange(len(ids)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    start = _segment_starts(ids, position, segment_end)  # [len(ids)]: the first position each n-gram may read
    table = token_bytes(tokenizer)
    if table is None:
        return {
            n: pa.array(_decoded_one_by_one(tokenizer, ids, position, start, n, fill), pa.string())
            for n in range(2, max_order + 1)
        }
    tokens = token_texts(tokenizer).take(pa.array(ids))
    broken = ~_whole_characters(tokenizer)[ids]
    # shifted[k]: the token k back, or `fill` before the segment's start (shared by every order)
    shifted, broken_back = [], []
    for k in range(max_order):
        inside = position - k >= start
        back = np.where(inside, np.arange(len(ids)) - k, 0)
        shifted.append(pc.if_else(pa.array(inside), tokens.take(pa.array(back)), fill))
        broken_back.append(inside & broken[back])
    columns = {}
    for n in range(2, max_order + 1):
        texts = pc.binary_join_element_wise(*shifted[n - 1 :: -1], "")
        redecode = np.logical_or.reduce(broken_back[:n])
        if redecode.any():
            fixed = [_decode_span(table, ids, t, position[t], start[t], n, fill) for t in np.flatnonzero(redecode)]
            texts = pc.replace_with_mask(texts, pa.array(redecode), pa.array(fixed, pa.string()))
        columns[n] = texts
    return columns


def _segment_starts(ids: np.ndarray, position: np.ndarray, segment_end: int | None) -> np.ndarray:
    """Per flat index, the first position (within its sequence) its n-gram may read: 0, or one
    past the last `segment_end` token strictly before it in the same sequence."""
    if segment_end is None:
        return np.zeros(len(ids), np.int64)
    flat = np.arange(len(ids))
    sequence_start = flat - position
    ends = np.where(ids == segment_end, flat, -1)
    last_end = np.maximum.accumulate(ends) if len(ids) else ends  # the last end at or before each index
    before = np.concatenate([[-1], last_end[:-1]]) if len(ids) else last_end  # strictly before
    return np.where(before >= sequence_start, before + 1 - sequence_start, 0)


def _decode_span(table: list[bytes], ids: np.ndarray, t: int, position: int, first: int, n: int, fill: str) -> str:
    """The n-gram ending at flat index `t`, as the ByteLevel decoder decodes it: bytes joined, one lossy decode."""
    start = max(first, position - n + 1)
    span = b"".join(table[i] for i in ids[t - position + start : t + 1])
    return fill * (n - 1 - position + start) + span.decode("utf-8", errors="replace")


def _decoded_one_by_one(
    tokenizer: Tokenizer, ids: np.ndarray, position: np.ndarray, first: np.ndarray, n: int, fill: str
) -> list[str]:
    """For tokenizers whose decoding is not a concatenation (WordPiece, Metaspace): the tokenizer decodes every span."""
    texts = []
    for t, (p, f) in enumerate(zip(position.tolist(), first.tolist())):
        start = max(f, p - n + 1)
        span = tokenizer.decode(ids[t - p + start : t + 1].tolist(), skip_special_tokens=False)
        texts.append(fill * (n - 1 - p + start) + span)
    return texts


def suffix_ngram_texts(tokenizer: Tokenizer, ids: Sequence[int], max_order: int) -> list[list[str]]:
    """`texts[t][n-2]` is the n-gram ending at position t (orders 2..max_order); see `suffix_ngram_columns`."""
    columns = suffix_ngram_columns(tokenizer, [ids], max_order)
    return [list(row) for row in zip(*(columns[n].to_pylist() for n in range(2, max_order + 1)))]
