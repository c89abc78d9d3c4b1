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

from .aggregate import write_aggregates
from .batching import PIECE_CHARS, Chunk, DocumentChunker, batched, model_inputs
from .ngrams import suffix_ngram_columns, token_texts
from .recorder import GateRecorder, RecordOptions
from .runstore import REPORT, RunWriter, ShardWriter, write_json

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


def run_manifest(model: EngramLM, described: str, checkpoint_dir: Path | None, corpus: Path, split: str | None, text_field: str = "text") -> dict:
    """What identifies a run besides its options: the model, its tokenizer and the corpus
    (`probe_corpus` adds the options, config and code version)."""
    corpus = Path(corpus)
    return {
        "model": described,
        "model_hash": fingerprint_model(model, checkpoint_dir),
        "tokenizer_hash": hashlib.sha256(model.tokenizer.to_str().encode()).hexdigest(),
        "corpus": str(corpus),
        "split": split,
        "corpus_hash": fingerprint_corpus(corpus),
        "text_field": text_field if corpus.suffix in (".jsonl", ".parquet") else None,  # what it reads, else nothing
        "seed": None,  # probing is deterministic: no sampling
    }


def code_version() -> str:
    try:
        return importlib.metadata.version("engram-probe")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


class GateScan:
    """Chunks documents as a stream (`probe.batching`), batches the chunks, records their gates."""

    def __init__(self, model: EngramLM, options: ProbeOptions, piece_chars: int = PIECE_CHARS):
        if model.cfg.engram is None:
            raise ValueError("this model has no Engram layers, so there are no gates to probe; pass an Engram model (e.g. --model engram)")
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
        self.n_back = model.cfg.engram.max_ngram - 1
        self.chunker = DocumentChunker(self.tokenizer, options.max_tokens, history=self.n_back, piece_chars=piece_chars)

    def batch_tables(self, batch: list[Chunk], record: Callable[..., dict]) -> list[pa.Table]:
        """Run `batch` through `record` (a `GateRecorder.attached` recorder): per Engram layer,
        one row per token of the chunks, end to end in chunk order."""
        captured = record(*model_inputs(self.model, batch))
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
        for batch in batched(scan.chunker.stream(to_probe()), options.batch_size):
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
                forced_cuts=scan.chunker.forced_cuts,
                seconds=round(elapsed, 3),
                tokens_per_s=round(counts["tokens"] / elapsed, 1) if elapsed else None,
            ),
            "input": read_report.as_dict() if read_report is not None else None,
        }
        write_json(writer.run_dir / REPORT, report)
    return report


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
