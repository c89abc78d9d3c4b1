"""Training the bundled tokenizer on a built corpus's train split, and measuring it on the
validation split of each domain."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pyarrow.compute as pc
import pyarrow.parquet as pq

from ..checkpoint import DATA_DIR
from ..files import sha256_of, write_atomically
from ..tokenizer import CompressedVocab, train_bpe
from .build import COLUMNS, TRAIN, VALIDATION

DEFAULT_VOCAB_SIZE = 8192
DEFAULT_TOKENIZER_PATH = DATA_DIR / "tokenizer.json"


@dataclass(frozen=True)
class TokenizerReport:
    path: str
    sha256: str
    vocab_size: int
    compressed_vocab_size: int  # CompressedVocab.from_tokenizer(...).size
    train_documents: int
    bytes_per_token: dict[str, float]  # domain -> UTF-8 bytes per token on its validation documents


def train_tokenizer(
    corpus_path: Path, vocab_size: int = DEFAULT_VOCAB_SIZE, out: Path = DEFAULT_TOKENIZER_PATH
) -> TokenizerReport:
    """A byte-level BPE (`train_bpe`) on the corpus's train split in corpus order, written
    atomically to `out` as a HF tokenizer.json. Same corpus, same vocab size: same file."""
    corpus_path, out = Path(corpus_path), Path(out)
    if not corpus_path.is_file():
        raise FileNotFoundError(f"corpus {corpus_path} does not exist: build it with `engram-probe corpus build`")
    table = pq.read_table(corpus_path)
    missing = [name for name in COLUMNS if name not in table.column_names]
    if missing:
        raise ValueError(f"{corpus_path} lacks the columns {missing}; rebuild it with `engram-probe corpus build`")
    train = table.filter(pc.equal(table["split"], TRAIN))
    validation = table.filter(pc.equal(table["split"], VALIDATION))
    if train.num_rows == 0 or validation.num_rows == 0:
        raise ValueError(
            f"{corpus_path} has {train.num_rows} train and {validation.num_rows} validation documents; both must be non-empty"
        )
    tokenizer = train_bpe(train["text"].to_pylist(), vocab_size=vocab_size)
    write_atomically(out, tokenizer.to_str().encode("utf-8"))
    return TokenizerReport(
        path=str(out),
        sha256=sha256_of(out),
        vocab_size=tokenizer.get_vocab_size(),
        compressed_vocab_size=CompressedVocab.from_tokenizer(tokenizer).size,
        train_documents=train.num_rows,
        bytes_per_token=_bytes_per_token_by_domain(tokenizer, validation),
    )


def _bytes_per_token_by_domain(tokenizer, documents) -> dict[str, float]:
    texts = documents["text"].to_pylist()
    domains = documents["domain"].to_pylist()
    encodings = tokenizer.encode_batch(texts, add_special_tokens=False)
    totals: dict[str, list[int]] = {}
    for text, domain, encoding in zip(texts, domains, encodings):
        counts = totals.setdefault(domain, [0, 0])
        counts[0] += len(text.encode("utf-8"))
        counts[1] += len(encoding.ids)
    return {domain: round(n_bytes / n_tokens, 3) for domain, (n_bytes, n_tokens) in sorted(totals.items())}
