"""Suffix n-gram hashing (spec §2): table primes, layer multipliers, row ids.

Row ids depend only on token ids, so every Engram layer's rows are known before layer 0 runs;
this module is pure numpy and never touches the model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # config checks table sizes with this module's primes
    from tokenizers import Tokenizer

    from .config import EngramConfig

INT64_MAX = np.iinfo(np.int64).max


def is_prime(n: int) -> bool:
    """Deterministic Miller-Rabin for every n < 3.3e24 (covers all int64 table sizes)."""
    if n < 2:
        return False
    small = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    for p in small:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in small:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def table_primes(config: EngramConfig) -> dict[int, list[list[int]]]:
    """`{layer: [[prime per head] per order]}`: each head's modulus is the next prime at or
    above its order's base that no earlier layer, order or head has taken."""
    used: set[int] = set()
    primes: dict[int, list[list[int]]] = {}
    for layer in config.layers:
        per_order = []
        for base in config.table_base_sizes:
            heads, candidate = [], base
            for _ in range(config.heads_per_order):
                while candidate in used or not is_prime(candidate):
                    candidate += 1
                used.add(candidate)
                heads.append(candidate)
                candidate += 1
            per_order.append(heads)
        primes[layer] = per_order
    return primes


def layer_multipliers(config: EngramConfig, layer: int) -> list[int]:
    """N odd multipliers, one per look-back offset, drawn as the spec fixes. numpy does not
    promise this stream forever, so checkpoints store the result instead of recomputing it."""
    half_bound = max(1, (INT64_MAX // config.compressed_vocab_size) // 2)
    rng = np.random.default_rng(config.seed + 10007 * layer)
    draws = rng.integers(0, half_bound, size=config.max_ngram, dtype=np.int64)
    return [int(m) for m in draws * 2 + 1]


def suffix_mixes(shifted: list[np.ndarray], multipliers: list[int]) -> np.ndarray:
    """`[..., N-1]` hashes of the suffix n-grams n = 2..N: `mix_2 = (x_t*m_0) XOR (x_{t-1}*m_1)`,
    `mix_n = mix_{n-1} XOR (x_{t-n+1}*m_{n-1})` (int64, wrapping). `shifted[j]`: the ids j
    positions back, however the caller fills what lies before a sequence (pad id, or EOS)."""
    mix = shifted[0] * np.int64(multipliers[0])
    per_order = []
    for j in range(1, len(multipliers)):
        mix = np.bitwise_xor(mix, shifted[j] * np.int64(multipliers[j]))  # mix_{j+1}
        per_order.append(mix)
    return np.stack(per_order, axis=-1)


class NgramAddresser:
    """Maps compressed token ids `[B, T]` to per-head row ids `{layer: [B, T, (N-1)*K]}`.

    Row ids are `mix_n mod P` within each head's own table (no table offsets); heads are
    ordered order-major (n=2 heads 0..K-1, then n=3, ...).
    """

    def __init__(
        self,
        config: EngramConfig,
        compressed_vocab_size: int | None = None,
        multipliers: dict[int, list[int]] | None = None,
        compressed_pad_id: int | None = None,
    ):
        if compressed_vocab_size is not None and compressed_vocab_size != config.compressed_vocab_size:
            raise ValueError(
                f"compressed_vocab_size={compressed_vocab_size} disagrees with "
                f"engram.compressed_vocab_size={config.compressed_vocab_size}"
            )
        self.config = config
        self.compressed_pad_id = self._pad(config, compressed_pad_id)
        self.table_sizes = table_primes(config)
        if multipliers is None:
            multipliers = {layer: layer_multipliers(config, layer) for layer in config.layers}
        if sorted(multipliers) != sorted(config.layers) or any(len(m) != config.max_ngram for m in multipliers.values()):
            raise ValueError(f"multipliers must give {config.max_ngram} values for each layer {list(config.layers)}")
        self.multipliers = {layer: [int(m) for m in multipliers[layer]] for layer in config.layers}
        # [(N-1)*K] moduli per layer, in the order the row ids come out
        self._moduli = {
            layer: np.array([p for order in self.table_sizes[layer] for p in order], dtype=np.int64) for layer in config.layers
        }

    @staticmethod
    def _pad(config: EngramConfig, given: int | None) -> int:
        """The compressed pad id: given, or recorded in the config. Never the raw pad id: the
        compression map moves it whenever a token below it merges with another."""
        recorded = config.compressed_pad_id
        if given is not None and recorded is not None and int(given) != recorded:
            raise ValueError(f"compressed_pad_id={given} disagrees with engram.compressed_pad_id={recorded}")
        if given is None and recorded is None:
            raise ValueError(
                f"the compressed pad id is unknown: pass compressed_pad_id=lookup[{config.pad_id}] from the "
                "tokenizer's CompressedVocab, or build the config with configure_for_tokenizer"
            )
        return int(recorded if given is None else given)

    @property
    def history_length(self) -> int:
        """Compressed ids of history a sequence needs to continue decoding: N-1."""
        return self.config.max_ngram - 1

    def empty_history(self, batch: int) -> np.ndarray:
        """`[B, N-1]` of the compressed pad id: the left fill before a sequence's first token."""
        return np.full((batch, self.history_length), self.compressed_pad_id, dtype=np.int64)

    def rows(self, compressed_ids, history=None) -> dict[int, np.ndarray]:
        """Row ids for every Engram layer.

        compressed_ids: int array `[B, T]`. history: the `[B, N-1]` compressed ids that precede
        the first position (oldest first); by default the pad id, as at a sequence's start.
        """
        ids = self._checked_ids(compressed_ids, "compressed_ids")
        if ids.ndim != 2:
            raise ValueError(f"compressed_ids must be [batch, pos], got shape {ids.shape}")
        batch, seq_len = ids.shape
        n_back = self.history_length
        history = self.empty_history(batch) if history is None else self._checked_ids(history, "history")
        if history.shape != (batch, n_back):
            raise ValueError(f"history must be [batch={batch}, {n_back}], got shape {history.shape}")
        padded = np.concatenate([history, ids], axis=1)  # [B, N-1+T]
        # shifted[j]: the token j positions back from each position
        shifted = [padded[:, n_back - j : n_back - j + seq_len] for j in range(self.config.max_ngram)]
        k = self.config.heads_per_order
        out = {}
        for layer in self.config.layers:
            mixes = np.repeat(suffix_mixes(shifted, self.multipliers[layer]), k, axis=-1)  # [B, T, (N-1)*K]
            out[layer] = np.mod(mixes, self._moduli[layer])
        return out

    def _checked_ids(self, values, name: str) -> np.ndarray:
        """`values` as int64, refused unless they are integers in [0, compressed_vocab_size):
        anything else would hash to rows that no token addresses (one min and max, no loop)."""
        ids = np.asarray(values)
        if not np.issubdtype(ids.dtype, np.integer):
            raise ValueError(
                f"{name} must be integer compressed token ids, got dtype {ids.dtype}; map raw ids through the compression lookup"
            )
        vocab = self.config.compressed_vocab_size
        if ids.size and (ids.min() < 0 or ids.max() >= vocab):
            raise ValueError(
                f"{name} holds ids from {ids.min()} to {ids.max()}; compressed ids lie in [0, {vocab}): "
                "pad with the compressed pad id and compress raw ids first"
            )
        return ids.astype(np.int64, copy=False)

    def stream(self, batch: int) -> NgramStream:
        """Incremental addressing for decoding: feed ids chunk by chunk, get the same rows as
        addressing the whole sequence at once."""
        return NgramStream(self, self.empty_history(batch))


class NgramStream:
    """Keeps the last N-1 ids of each sequence between decoding steps (or chunks of a long
    text), for any addresser with `rows(ids, history)`: ours, V4.1's or a bridge's."""

    def __init__(self, addresser: NgramAddresser, history: np.ndarray):
        self.addresser = addresser
        self.history = history  # [B, N-1], oldest first

    def rows(self, ids) -> dict[int, np.ndarray]:
        out = self.addresser.rows(ids, self.history)
        joined = np.concatenate([self.history, np.asarray(ids, dtype=np.int64)], axis=1)
        self.history = joined[:, joined.shape[1] - self.history.shape[1] :]
        return out


@dataclass(frozen=True)
class TableAddressing:
    """Where one model's Engram rows lie, as every command asks it (DESIGN.md: one adapter
    contract for every model kind): its tokenizer, the ids its hash reads, row ids over a token
    stream, and its tables' sizes and stored row bytes. Every model kind answers with one and
    none reads a table's weights for it: `EngramLM.table_addressing`, `EngramParts.table_addressing`,
    a bridge adapter's `table_addressing(directory)` (config.json and tokenizer.json, and the
    shards' headers for the row dtype), and the named presets (`probe.offload.models`).

    `addresser` maps `[B, T]` ids the hash reads to per-head rows `{layer: [B, T, H]}` before head
    offsets (`rows(ids, history)`, `empty_history(batch)`, `table_sizes`, `config`). The model's
    document convention lives in it: ours and V4.1's `NgramAddresser` read compressed ids and
    fill what lies before a document with the pad id; Qwen4-Exp's reads raw ids, and its history
    never crosses an end-of-text id. So a stream over a token stream keeps the model's own
    convention without the caller knowing which it is."""

    name: str  # the model, as reports name it
    addresser: Any
    row_format: str  # how the checkpoint stores a row (`bf16`, `float32`, `fp8_e4m3` with E8M0 scales, ...)
    row_bytes: int  # bytes of one stored row, as read from the checkpoint
    stored_rows: dict[int, int]  # rows of each Engram layer's table as stored: its heads' rows and any padding
    tokenizer: Tokenizer | None = None
    id_map: np.ndarray | None = None  # raw token id -> the id the hash reads (a compression map); None: raw ids

    @classmethod
    def of_tables(cls, name: str, addresser, tables: dict, tokenizer=None, id_map=None) -> TableAddressing:
        """The addressing of a model whose Engram layers' tables (`RowTable`s, `{layer: table}`) are
        open: their stored row format and sizes, none of their rows read."""
        first = next(iter(tables.values()))
        return cls(
            name=name,
            addresser=addresser,
            row_format=first.row_format,
            row_bytes=first.row_bytes,
            stored_rows={layer: table.num_rows for layer, table in tables.items()},
            tokenizer=tokenizer,
            id_map=id_map,
        )

    @property
    def layers(self) -> tuple[int, ...]:
        return tuple(self.addresser.config.layers)

    def head_rows(self, layer: int) -> np.ndarray:
        """`[H]` rows of each hash head of `layer`, order-major as the row ids come out."""
        return np.array([rows for order in self.addresser.table_sizes[layer] for rows in order], dtype=np.int64)

    def head_offsets(self, layer: int) -> np.ndarray:
        """`[H]` start of each head's rows in `layer`'s table: row id + offset is the stored row."""
        return np.concatenate([[0], np.cumsum(self.head_rows(layer))[:-1]]).astype(np.int64)

    def encode(self, text: str) -> np.ndarray:
        """Raw token ids of `text`, by the model's own tokenizer."""
        if self.tokenizer is None:
            raise ValueError(f"{self.name} has no tokenizer: put the model's tokenizer.json beside its config.json")
        return np.asarray(self.tokenizer.encode(text).ids, dtype=np.int64)

    def hashed(self, token_ids) -> np.ndarray:
        """The ids the hash reads for raw token ids (compressed for ours and V4.1, raw for Qwen)."""
        ids = np.asarray(token_ids, dtype=np.int64)
        return ids if self.id_map is None else self.id_map[ids]

    def stream(self, batch: int = 1) -> NgramStream:
        """Rows chunk by chunk of `batch` sequences of hashed ids, each from a document's start."""
        return NgramStream(self.addresser, self.addresser.empty_history(batch))

    def sequence_rows(self, hashed_ids: np.ndarray, chunk: int = 65536) -> dict[int, np.ndarray]:
        """`{layer: [T, H]}` rows of one sequence of hashed ids `[T]`, read from its start as one
        continuous stream (n-grams cross the chunk edges), in chunks of `chunk` ids."""
        stream = self.stream(batch=1)
        parts = [stream.rows(np.asarray(hashed_ids)[None, start : start + chunk]) for start in range(0, len(hashed_ids), chunk)]
        return {layer: np.concatenate([part[layer][0] for part in parts]) for layer in self.layers}
