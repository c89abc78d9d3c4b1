"""The gate scan: every token of a corpus through the model, its gates written to a run."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.metadata
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

import numpy as np
import pyarrow as pa
import torch
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from engram_model import EngramLM
from engram_model.checkpoint import sha256_of
from engram_model.corpus import Document, ReadReport
from engram_model.tokenizer import BOS

from .aggregate import write_aggregates
from .ngrams import suffix_ngram_columns, token_texts
from .recorder import GateRecorder, RecordOptions
from .runstore import REPORT, RunWriter, write_json


@dataclass(frozen=True)
class ProbeOptions:
    max_tokens: int | None = None  # chunk length (default: the model's max_seq_len, at most 512)
    batch_size: int = 8  # chunks per forward pass
    shard_tokens: int = 32_768  # documents are committed once this many tokens are pending; bounds memory
    record: RecordOptions = field(default_factory=RecordOptions)

    def identity(self) -> dict:
        """The options that change what is measured (batching does not)."""
        return {"max_tokens": self.max_tokens, "record": dataclasses.asdict(self.record)}

    def for_model(self, model: EngramLM) -> ProbeOptions:
        """These options with the default chunk length filled in for `model`."""
        return self if self.max_tokens is not None else dataclasses.replace(self, max_tokens=min(512, model.cfg.max_seq_len))


@dataclass
class Chunk:
    ids: list[int]
    history: list[int]  # the raw ids before `start` the n-grams read (empty at a document's start)


@dataclass
class TokenizedDocument:
    document: Document
    ids: list[int]
    offsets: np.ndarray  # [tokens, 2] int32: character span of each token in the text


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
    """Tokenizes, chunks and batches documents, records their gates, writes shards."""

    def __init__(self, model: EngramLM, options: ProbeOptions):
        if model.tokenizer is None:
            raise ValueError("probing needs the model's tokenizer to show n-gram text; load a checkpoint that has one")
        if options.max_tokens < model.cfg.engram.max_ngram or options.max_tokens > model.cfg.max_seq_len:
            raise ValueError(
                f"max_tokens={options.max_tokens} must lie in [{model.cfg.engram.max_ngram}, max_seq_len={model.cfg.max_seq_len}]"
            )
        self.model, self.options = model, options
        self.recorder = GateRecorder(model, options.record)
        self.tokenizer = model.tokenizer
        self.token_text = token_texts(self.tokenizer)
        self.bos = self.tokenizer.token_to_id(BOS)
        self.n_back = model.cfg.engram.max_ngram - 1

    def tokenize(self, document: Document) -> TokenizedDocument:
        encoding = self.tokenizer.encode(document.text)
        offsets = np.array([(0, 0)] + encoding.offsets, np.int32).reshape(-1, 2)
        return TokenizedDocument(document, [self.bos] + encoding.ids, offsets)

    def chunks(self, docs: list[TokenizedDocument]) -> Iterator[Chunk]:
        size = self.options.max_tokens
        for doc in docs:
            for start in range(0, len(doc.ids), size):
                yield Chunk(doc.ids[start : start + size], doc.ids[max(0, start - self.n_back) : start])

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

    def shard_tables(self, docs: list[TokenizedDocument], record: Callable[..., dict]) -> tuple[pa.Table, pa.Table]:
        """Run every chunk of `docs` through `record` (a `GateRecorder.attached` recorder);
        one gates row per (token, layer), one row per document."""
        recorded: dict = {}
        all_chunks = list(self.chunks(docs))
        for i in range(0, len(all_chunks), self.options.batch_size):
            batch = all_chunks[i : i + self.options.batch_size]
            captured = record(*self.batch_inputs(batch))
            for b, chunk in enumerate(batch):
                for key, value in captured.items():
                    recorded.setdefault(key, []).append(value[b, : len(chunk.ids)])
        # Chunks run in document order, each document's in position order, so the recorded
        # rows are the documents' tokens end to end: every token column is built whole.
        lengths = np.array([len(d.ids) for d in docs])
        doc_index = np.repeat(np.arange(len(docs)), lengths)
        token_ids = np.concatenate([d.ids for d in docs]).astype(np.int32)
        offsets = np.concatenate([d.offsets for d in docs])
        ngrams = suffix_ngram_columns(self.tokenizer, [d.ids for d in docs], self.n_back + 1)
        token_cols = {
            "doc_id": pa.array([d.document.doc_id for d in docs], pa.string()).take(doc_index),
            "position": pa.array((np.arange(len(doc_index)) - np.repeat(np.cumsum(lengths) - lengths, lengths)).astype(np.int32)),
            "token_id": pa.array(token_ids),
            "token": self.token_text.take(token_ids),
            "char_start": pa.array(offsets[:, 0]),
            "char_end": pa.array(offsets[:, 1]),
        }
        for n, texts in ngrams.items():
            token_cols[f"ngram_{n}"] = texts
        if "logprob" in recorded:
            token_cols["next_logprob"] = pa.array(np.concatenate(recorded["logprob"]).astype(np.float32))

        per_layer = []
        for layer in self.recorder.layers:
            gates = np.concatenate(recorded[("gate", layer)]).astype(np.float32)  # [tokens, M]
            cols = dict(token_cols)
            cols["layer"] = pa.array(np.full(len(gates), layer, np.int16))
            cols["gates"] = pa.FixedSizeListArray.from_arrays(pa.array(gates.reshape(-1)), gates.shape[1])
            cols["gate_mean"] = pa.array(gates.mean(1))
            cols["gate_max"] = pa.array(gates.max(1))
            if ("rows", layer) in recorded:
                rows = np.concatenate(recorded[("rows", layer)]).astype(np.int64)
                cols["rows"] = pa.FixedSizeListArray.from_arrays(pa.array(rows.reshape(-1)), rows.shape[1])
            if ("out_norm", layer) in recorded:
                cols["out_norm"] = pa.array(np.concatenate(recorded[("out_norm", layer)]).astype(np.float32))
            per_layer.append(pa.table(cols))
        gates_table = pa.concat_tables(per_layer)
        documents = pa.table(
            {
                "doc_id": [d.document.doc_id for d in docs],
                "text": [d.document.text for d in docs],
                "source": [d.document.source for d in docs],
                "domain": [d.document.domain for d in docs],
                "n_tokens": pa.array(lengths, pa.int32()),
                "n_chunks": pa.array(-(-lengths // self.options.max_tokens), pa.int32()),
            }
        )
        return gates_table, documents


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
    the model, tokenizer and corpus identity; options and code version are added here."""
    options = options.for_model(model)
    manifest = dict(manifest, options=options.identity(), config=model.cfg.to_dict(), code_version=code_version())
    writer = RunWriter(run_dir, manifest)
    scan = GateScan(model, options)
    started = time.perf_counter()
    counts = {"documents": 0, "resumed_skip": 0, "tokens": 0, "chunked_documents": 0, "shards": 0}
    columns = [
        TextColumn("[bold]probing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("docs"),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
    ]
    with Progress(*columns, disable=not show_progress, transient=True) as progress, scan.recorder.attached(model) as record:
        task = progress.add_task("probe", total=limit, rate="")
        pending: list[TokenizedDocument] = []
        for document in islice(documents, limit):
            if document.doc_id in writer.completed:
                counts["resumed_skip"] += 1
                progress.advance(task)
                continue
            pending.append(scan.tokenize(document))
            if sum(len(d.ids) for d in pending) >= options.shard_tokens:
                _commit(scan, writer, pending, counts, record)
                pending = []
            progress.update(task, advance=1, rate=f"{counts['tokens'] / (time.perf_counter() - started):,.0f} tok/s")
        if pending:
            _commit(scan, writer, pending, counts, record)
    elapsed = time.perf_counter() - started
    write_aggregates(writer.run_dir)
    report = {
        "complete": True,
        "documents_total": len(writer.completed),
        "this_session": dict(
            counts, seconds=round(elapsed, 3), tokens_per_s=round(counts["tokens"] / elapsed, 1) if elapsed else None
        ),
        "input": read_report.as_dict() if read_report is not None else None,
    }
    write_json(writer.run_dir / REPORT, report)
    return report


def _commit(scan: GateScan, writer: RunWriter, docs: list[TokenizedDocument], counts: dict, record: Callable[..., dict]) -> None:
    gates, documents = scan.shard_tables(docs, record)
    writer.commit(gates, documents)
    counts["documents"] += len(docs)
    counts["tokens"] += sum(len(d.ids) for d in docs)
    counts["chunked_documents"] += sum(len(d.ids) > scan.options.max_tokens for d in docs)
    counts["shards"] += 1
