"""The gate scan: every token of a corpus through the model, its gates written to a run."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.metadata
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path

import numpy as np
import pyarrow as pa
import torch
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from engram_model import EngramLM
from engram_model._io import sha256_of
from engram_model.corpus import Document, ReadReport
from engram_model.tokenizer import BOS

from .aggregate import write_aggregates
from .ngrams import suffix_ngram_columns, token_texts
from .recorder import GateRecorder, RecordOptions
from .runstore import REPORT, RunWriter, ShardWriter, write_json

# Characters tokenized at a time: a long document is tokenized piece by piece, so one
# document's memory stays bounded by the chunk length (and its text), not its token count.
PIECE_CHARS = 16_384
DOCUMENTS_SCHEMA = pa.schema(
    [("doc_id", pa.string()), ("text", pa.string()), ("source", pa.string()), ("domain", pa.string()),
     ("n_tokens", pa.int32()), ("n_chunks", pa.int32())]
)


@dataclass(frozen=True)
class ProbeOptions:
    max_tokens: int | None = None  # chunk length (default: the model's max_seq_len, at most 512)
    batch_size: int = 8  # chunks per forward pass
    shard_tokens: int = 32_768  # documents are committed once this many tokens are pending; bounds memory
    record: RecordOptions = field(default_factory=RecordOptions)

    def identity(self) -> dict:
        """The options that change what a run holds (batching does not)."""
        return {"max_tokens": self.max_tokens, "shard_tokens": self.shard_tokens, "record": dataclasses.asdict(self.record)}

    def for_model(self, model: EngramLM) -> ProbeOptions:
        """These options with the default chunk length filled in for `model`."""
        return self if self.max_tokens is not None else dataclasses.replace(self, max_tokens=min(512, model.cfg.max_seq_len))


@dataclass
class Chunk:
    document: Document
    start: int  # position of ids[0] in the document
    ids: list[int]
    offsets: np.ndarray  # [len(ids), 2] int32: character span of each token in the text
    history: list[int]  # the raw ids before `start` the n-grams read (empty at a document's start)
    last: bool  # the document's final chunk


def fingerprint_model(model: EngramLM, checkpoint_dir: Path | None) -> str:
    """The checkpoint manifest's sha256 (it covers every file), else a hash of the weights."""
    if checkpoint_dir is not None:
        return sha256_of(Path(checkpoint_dir) / "manifest.json")
    digest = hashlib.sha256(model.cfg.to_json().encode())
    for name, tensor in sorted(model.state_dict().items()):
        digest.update(name.encode())
        digest.update(tensor.detach().cpu().contiguous().view(torch.uint8).numpy().tobytes())
    return digest.hexdigest()


def fingerprint_corpus(path: Path) -> str:
    if path.is_file():
        return sha256_of(path)
    digest = hashlib.sha256()
    for file in sorted(p for p in path.rglob("*") if p.is_file()):
        digest.update(f"{file.relative_to(path)}\0{sha256_of(file)}\n".encode())
    return digest.hexdigest()


def code_version() -> str:
    try:
        return importlib.metadata.version("engram-probe")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


class GateScan:
    """Tokenizes and chunks documents as a stream, batches the chunks, records their gates."""

    def __init__(self, model: EngramLM, options: ProbeOptions, piece_chars: int = PIECE_CHARS):
        if model.cfg.engram is None:
            raise ValueError("this model has no Engram layers, so there are no gates to probe; pass an Engram model (e.g. --model engram)")
        if model.tokenizer is None:
            raise ValueError("probing needs the model's tokenizer to show n-gram text; load a checkpoint that has one")
        if options.max_tokens < model.cfg.engram.max_ngram or options.max_tokens > model.cfg.max_seq_len:
            raise ValueError(
                f"max_tokens={options.max_tokens} must lie in [{model.cfg.engram.max_ngram}, max_seq_len={model.cfg.max_seq_len}]"
            )
        self.model, self.options, self.piece_chars = model, options, piece_chars
        self.recorder = GateRecorder(model, options.record)
        self.tokenizer = model.tokenizer
        # pieces are cut where the pre-tokenizer cuts; a normalizer would move those cuts
        self.pre_tokenizer = self.tokenizer.pre_tokenizer if self.tokenizer.normalizer is None else None
        self.token_text = token_texts(self.tokenizer)
        self.bos = self.tokenizer.token_to_id(BOS)
        self.n_back = model.cfg.engram.max_ngram - 1
        self.forced_cuts = 0  # pieces cut inside one pre-token longer than a piece

    def _piece_end(self, text: str, start: int) -> int:
        """Where the piece from `start` ends: at the start of the last pre-token in the next
        `piece_chars` characters that follows a non-space. Pre-tokens before the window's
        last one ended inside it, so the text beyond it could not have changed them; and
        after a non-space the piece's own end cannot change how it splits (a run of spaces
        is split by what follows it: two newlines then a word are two pre-tokens, two
        newlines at the end one)."""
        if len(text) - start <= self.piece_chars or self.pre_tokenizer is None:
            return len(text)
        words = self.pre_tokenizer.pre_tokenize_str(text[start : start + self.piece_chars])
        for _, (word_start, _) in reversed(words[1:]):
            if not text[start + word_start - 1].isspace():
                return start + word_start
        self.forced_cuts += 1  # no such cut (one word or run of spaces longer than a piece): ids may differ at the cut
        return start + self.piece_chars

    def token_pieces(self, text: str) -> Iterator[tuple[list[int], np.ndarray]]:
        """The ids and character spans of `text`, tokenized a piece at a time. BPE merges only
        inside a pre-token, so pieces cut between pre-tokens give the ids of the whole text."""
        start = 0
        while start < len(text):
            end = self._piece_end(text, start)
            encoding = self.tokenizer.encode(text[start:end])
            yield encoding.ids, np.array(encoding.offsets, np.int32).reshape(-1, 2) + start
            start = end

    def chunks(self, documents: Iterable[Document]) -> Iterator[Chunk]:
        """Every document's tokens (after a BOS) in chunks of `max_tokens`, produced as the
        text is tokenized: a document never has more than a piece and a chunk in memory."""
        size = self.options.max_tokens
        for document in documents:
            ids, offsets, start, history = [self.bos], np.zeros((1, 2), np.int32), 0, []
            for piece_ids, piece_offsets in self.token_pieces(document.text):
                ids += piece_ids
                offsets = np.concatenate([offsets, piece_offsets])
                while len(ids) > size:  # `>`: the final chunk is only known once the text ends
                    yield Chunk(document, start, ids[:size], offsets[:size], history, last=False)
                    history = ids[size - self.n_back : size]
                    ids, offsets, start = ids[size:], offsets[size:], start + size
            yield Chunk(document, start, ids, offsets, history, last=True)

    def batch_inputs(self, batch: list[Chunk]) -> tuple[torch.Tensor, torch.Tensor, dict[int, torch.Tensor]]:
        """Right-padded tokens `[B, T]`, their mask, and each Engram layer's row ids, with
        every later chunk's n-grams continuing from the end of the chunk before it."""
        model = self.model
        length = max(len(c.ids) for c in batch)
        tokens = torch.full((len(batch), length), model.pad_token_id, dtype=torch.long)
        mask = torch.zeros((len(batch), length), dtype=torch.bool)
        for b, chunk in enumerate(batch):
            tokens[b, : len(chunk.ids)] = torch.tensor(chunk.ids)
            mask[b, : len(chunk.ids)] = True
        lookup = model.compression_lookup.cpu().numpy()
        history = model.addresser.empty_history(len(batch))
        for b, chunk in enumerate(batch):
            if chunk.history:
                history[b, self.n_back - len(chunk.history) :] = lookup[chunk.history]
        rows = model.addresser.rows(lookup[tokens.numpy()], history)
        rows = {layer: torch.from_numpy(r).to(model.device) for layer, r in rows.items()}
        return tokens.to(model.device), mask.to(model.device), rows

    def batch_tables(self, batch: list[Chunk], record: Callable[..., dict]) -> list[pa.Table]:
        """Run `batch` through `record` (a `GateRecorder.attached` recorder): per Engram layer,
        one row per token of the chunks, end to end in chunk order."""
        captured = record(*self.batch_inputs(batch))
        recorded = {key: np.concatenate([value[b, : len(c.ids)] for b, c in enumerate(batch)]) for key, value in captured.items()}
        lengths = [len(c.ids) for c in batch]
        token_ids = np.concatenate([c.ids for c in batch]).astype(np.int32)
        offsets = np.concatenate([c.offsets for c in batch])
        # each chunk's n-grams read its history; those history rows are dropped after
        ngrams = suffix_ngram_columns(self.tokenizer, [c.history + c.ids for c in batch], self.n_back + 1)
        own = pa.array(np.concatenate([np.arange(len(c.history) + len(c.ids)) >= len(c.history) for c in batch]))
        token_cols = {
            "doc_id": pa.array([c.document.doc_id for c in batch], pa.string()).take(np.repeat(np.arange(len(batch)), lengths)),
            "position": pa.array(np.concatenate([np.arange(c.start, c.start + len(c.ids)) for c in batch]).astype(np.int32)),
            "token_id": pa.array(token_ids),
            "token": self.token_text.take(token_ids),
            "char_start": pa.array(offsets[:, 0]),
            "char_end": pa.array(offsets[:, 1]),
        }
        for n, texts in ngrams.items():
            token_cols[f"ngram_{n}"] = texts.filter(own)
        if "logprob" in recorded:
            token_cols["next_logprob"] = pa.array(recorded["logprob"].astype(np.float32))
        per_layer = []
        for layer in self.recorder.layers:
            gates = recorded[("gate", layer)].astype(np.float32)  # [tokens, M]
            cols = dict(token_cols)
            cols["layer"] = pa.array(np.full(len(gates), layer, np.int16))
            cols["gates"] = pa.FixedSizeListArray.from_arrays(pa.array(gates.reshape(-1)), gates.shape[1])
            cols["gate_mean"] = pa.array(gates.mean(1))
            cols["gate_max"] = pa.array(gates.max(1))
            if ("rows", layer) in recorded:
                rows = recorded[("rows", layer)].astype(np.int64)
                cols["rows"] = pa.FixedSizeListArray.from_arrays(pa.array(rows.reshape(-1)), rows.shape[1])
            if ("out_norm", layer) in recorded:
                cols["out_norm"] = pa.array(recorded[("out_norm", layer)].astype(np.float32))
            per_layer.append(pa.table(cols))
        return per_layer


def probe_corpus(
    model: EngramLM,
    documents: Iterable[Document],
    run_dir: str | Path,
    manifest: dict,
    options: ProbeOptions = ProbeOptions(),
    limit: int | None = None,
    read_report: ReadReport | None = None,
    show_progress: bool = True,
) -> dict:
    """Scan `documents` into `run_dir`, resuming where a killed run stopped. `manifest` holds
    the model, tokenizer and corpus identity; options and code version are added here. Every
    check on the model, options and corpus comes before the run directory is touched."""
    if limit is not None and limit < 1:
        raise ValueError(f"limit={limit}: probe at least 1 document, or give no limit to probe them all")
    options = options.for_model(model)
    scan = GateScan(model, options)
    documents = iter(documents)
    first = next(documents, None)  # the reader's errors (a missing column, ...) surface here
    if first is None:
        why = read_report.why_nothing(manifest.get("text_field") or "text") if read_report is not None else "an empty iterable"
        raise ValueError(f"{manifest.get('corpus', 'the corpus')} gave no document with text, so nothing was probed: {why}")
    documents = chain([first], documents)
    manifest = dict(manifest, options=options.identity(), config=model.cfg.to_dict(), code_version=code_version())
    counts = {"documents": 0, "resumed_skip": 0, "tokens": 0, "chunked_documents": 0, "shards": 0}
    started = time.perf_counter()
    columns = [
        TextColumn("[bold]probing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("docs"),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
    ]
    with (
        RunWriter(run_dir, manifest) as writer,
        Progress(*columns, disable=not show_progress, transient=True) as progress,
        scan.recorder.attached(model) as record,
    ):
        task = progress.add_task("probe", total=limit, rate="")

        def to_probe() -> Iterator[Document]:
            for document in islice(documents, limit):
                progress.update(task, advance=1, rate=f"{counts['tokens'] / (time.perf_counter() - started):,.0f} tok/s")
                if document.doc_id in writer.completed:
                    counts["resumed_skip"] += 1
                else:
                    yield document

        shard = None
        for batch in _batched(scan.chunks(to_probe()), options.batch_size):
            shard = _write_batch(scan, writer, shard, batch, scan.batch_tables(batch, record), counts)
        if shard is not None:
            _commit(writer, shard, counts)
        # a limit stops the scan early; the run is complete only if no later document is missing
        complete = all(document.doc_id in writer.completed for document in documents)
        elapsed = time.perf_counter() - started
        write_aggregates(writer.run_dir)
        report = {
            "complete": complete,
            "stopped_by": None if complete else "limit",
            "limit": limit,
            "documents_total": len(writer.completed),
            "this_session": dict(
                counts,
                forced_cuts=scan.forced_cuts,
                seconds=round(elapsed, 3),
                tokens_per_s=round(counts["tokens"] / elapsed, 1) if elapsed else None,
            ),
            "input": read_report.as_dict() if read_report is not None else None,
        }
        write_json(writer.run_dir / REPORT, report)
    return report


def _batched(chunks: Iterator[Chunk], size: int) -> Iterator[list[Chunk]]:
    while batch := list(islice(chunks, size)):
        yield batch


def _write_batch(
    scan: GateScan, writer: RunWriter, shard: ShardWriter | None, batch: list[Chunk], tables: list[pa.Table], counts: dict
) -> ShardWriter | None:
    """Add a batch's rows to the open shard, committing it after every document that brings
    it to `shard_tokens`; returns the shard still open."""
    row = 0
    for chunk in batch:
        shard = shard or writer.new_shard(scan.options.shard_tokens, DOCUMENTS_SCHEMA)
        shard.add_gates([t.slice(row, len(chunk.ids)) for t in tables], len(chunk.ids))
        row += len(chunk.ids)
        counts["tokens"] += len(chunk.ids)
        if chunk.last:
            n_tokens = chunk.start + len(chunk.ids)
            doc = chunk.document
            shard.add_document(
                dict(doc_id=doc.doc_id, text=doc.text, source=doc.source, domain=doc.domain, n_tokens=n_tokens, n_chunks=chunk.start // scan.options.max_tokens + 1)
            )
            counts["chunked_documents"] += chunk.start > 0
            if shard.tokens >= scan.options.shard_tokens:
                _commit(writer, shard, counts)
                shard = None
    return shard


def _commit(writer: RunWriter, shard: ShardWriter, counts: dict) -> None:
    writer.commit(shard)
    counts["documents"] += len(shard.documents)
    counts["shards"] += 1
