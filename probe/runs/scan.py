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
from tokenizers import Tokenizer

from engram_model import EngramLM
from engram_model.bridges import transformers_config
from engram_model.corpus import Document, ReadReport
from engram_model.files import sha256_of
from engram_model.tables.file import read_safetensors_index, safetensors_header
from engram_model.tokenizer import PAD

from ..batching import PIECE_CHARS, Chunk, DocumentChunker, batched, model_inputs
from .aggregate import write_aggregates
from .ngrams import suffix_ngram_columns, token_texts
from .recorder import GateRecorder, RecordOptions
from .store import REPORT, RunWriter, ShardWriter, fingerprint_tokenizer, write_json

DOCUMENTS_SCHEMA = pa.schema(
    [
        ("doc_id", pa.string()),
        ("text", pa.string()),
        ("source", pa.string()),
        ("domain", pa.string()),
        ("n_tokens", pa.int32()),
        ("n_chunks", pa.int32()),
    ]
)


@dataclass(frozen=True)
class ProbeOptions:
    max_tokens: int | None = None  # chunk length (default: the model's max_seq_len, at most 512)
    batch_size: int = 8  # chunks per forward pass
    shard_tokens: int = 32_768  # documents are committed once this many tokens are pending; bounds memory
    record: RecordOptions = field(default_factory=RecordOptions)
    # categorize the top-gated and random positions once the scan ends (`categorize_run`), so
    # every run has its categories; derived from the gates, so a resumed run redoes them at its end
    categorize: bool = True
    # the backbone's dtype (float32, bfloat16, float16; None: the checkpoint's) for the models Ray
    # workers load; the local scan runs the model it is handed, already in its dtype
    dtype: str | None = None

    def identity(self) -> dict:
        """The options that change what a run holds (batching and categorizing do not)."""
        return {"max_tokens": self.max_tokens, "shard_tokens": self.shard_tokens, "record": dataclasses.asdict(self.record)}

    def for_model(self, model: EngramLM) -> ProbeOptions:
        """These options with the default chunk length filled in for `model`."""
        return self if self.max_tokens is not None else dataclasses.replace(self, max_tokens=min(512, model.cfg.max_seq_len))


# bytes of a transformers weight file's data hashed at each of its start, middle and end
SAMPLE_BYTES = 1 << 16


def fingerprint_model(model: EngramLM, checkpoint_dir: Path | None) -> str:
    """Our checkpoint's manifest's sha256 (it covers every file), a transformers checkpoint's
    `fingerprint_transformers_checkpoint`, else (a model not read from a directory) a hash of the weights."""
    if checkpoint_dir is not None:
        if transformers_config(Path(checkpoint_dir)) is not None:
            return fingerprint_transformers_checkpoint(Path(checkpoint_dir))
        return sha256_of(Path(checkpoint_dir) / "manifest.json")
    digest = hashlib.sha256(model.cfg.to_json().encode())
    for name, tensor in sorted(model.state_dict().items()):
        digest.update(name.encode())
        digest.update(tensor.detach().cpu().contiguous().view(torch.uint8).numpy().tobytes())
    return digest.hexdigest()


def fingerprint_transformers_checkpoint(directory: Path) -> str:
    """A transformers checkpoint directory (config.json, safetensors index and shards, no manifest
    of ours), as the sha256 of: config.json and the index whole, and per weight file its name,
    size, safetensors header, and SAMPLE_BYTES of its data at the start, middle and end.

    Not a full sha256 of every file: a released model's weights are ~100 GB (Qwen3.8-Flash-Next),
    minutes of reading at disk speed, and a run hashes its model on every start and resume. The
    headers fix every tensor's name, dtype, shape and place, so another model, revision or layout
    differs; the sampled bytes tell other weights in the same layout apart (training changes every
    tensor). An edit confined to unsampled bytes of a file goes unseen: hash such a checkpoint
    yourself and put it in the manifest. tokenizer.json is the run's `tokenizer_hash`."""
    index = directory / "model.safetensors.index.json"
    digest = hashlib.sha256()
    for name in ("config.json", index.name):
        if (directory / name).is_file():
            digest.update(f"{name}\0{sha256_of(directory / name)}\n".encode())
    files = sorted(set(read_safetensors_index(index).values())) if index.is_file() else ["model.safetensors"]
    for name in files:
        path = directory / name
        _, _, data_start = safetensors_header(path)  # checked and bounded before any byte is hashed
        size = path.stat().st_size
        with open(path, "rb") as f:
            digest.update(f"{name}\0{size}\0".encode() + f.read(data_start))
            for at in (data_start, (data_start + size) // 2, size - SAMPLE_BYTES):
                f.seek(min(max(at, data_start), size))
                digest.update(f.read(SAMPLE_BYTES))
    return digest.hexdigest()


def fingerprint_corpus(path: Path) -> str:
    if path.is_file():
        return sha256_of(path)
    digest = hashlib.sha256()
    for file in sorted(p for p in path.rglob("*") if p.is_file()):
        digest.update(f"{file.relative_to(path)}\0{sha256_of(file)}\n".encode())
    return digest.hexdigest()


def run_manifest(
    model: EngramLM, described: str, checkpoint_dir: Path | None, corpus: Path, split: str | None, text_field: str = "text"
) -> dict:
    """What identifies a run besides its options: the model, its tokenizer and the corpus
    (`probe_corpus` adds the options, config and code version); and where the model ran, in which
    dtype. A run resumes on another device (gates change by rounding only) but not in another
    dtype (bfloat16 moves a gate by up to a few hundredths: one run holds one dtype's gates)."""
    corpus = Path(corpus)
    return {
        "model": described,
        "device": str(model.device),
        "dtype": str(model.unembed.weight.dtype).removeprefix("torch."),
        "model_hash": fingerprint_model(model, checkpoint_dir),
        "tokenizer_hash": fingerprint_tokenizer(model.tokenizer),
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


def check_scan(model: EngramLM, options: ProbeOptions) -> None:
    """Refuse a model or options a gate scan cannot run, naming the fix."""
    if model.cfg.engram is None:
        raise ValueError(
            "this model has no Engram layers, so there are no gates to probe; pass an Engram model (e.g. --model engram)"
        )
    if model.tokenizer is None:
        raise ValueError("probing needs the model's tokenizer to show n-gram text; load a checkpoint that has one")
    if options.max_tokens < model.cfg.engram.max_ngram or options.max_tokens > model.cfg.max_seq_len:
        raise ValueError(
            f"max_tokens={options.max_tokens} must lie in [{model.cfg.engram.max_ngram}, max_seq_len={model.cfg.max_seq_len}]"
        )


def scan_chunker(tokenizer: Tokenizer, max_ngram: int, options: ProbeOptions, piece_chars: int = PIECE_CHARS) -> DocumentChunker:
    """How a gate scan cuts documents: chunks of `max_tokens`, each carrying the N-1 ids before
    it that its n-grams read."""
    return DocumentChunker(tokenizer, options.max_tokens, history=max_ngram - 1, piece_chars=piece_chars)


class GateScan:
    """Chunks documents as a stream (`probe.batching`), batches the chunks, records their gates."""

    def __init__(self, model: EngramLM, options: ProbeOptions, piece_chars: int = PIECE_CHARS):
        check_scan(model, options)
        self.model, self.options = model, options
        self.recorder = GateRecorder(model, options.record)
        self.tokenizer = model.tokenizer
        self.token_text = token_texts(self.tokenizer)
        self.n_back = model.cfg.engram.max_ngram - 1
        # n-grams as the hash reads them: history stops at `ngram_segment_end` (Qwen4-Exp's
        # end-of-text, which also fills before a document) or, for ours, reads the pad token
        self.segment_end = model.ngram_segment_end
        self.ngram_fill = PAD if self.segment_end is None else self.token_text[self.segment_end].as_py()
        self.chunker = scan_chunker(self.tokenizer, model.cfg.engram.max_ngram, options, piece_chars)

    def batch_tables(self, batch: list[Chunk], record: Callable[..., dict]) -> list[pa.Table]:
        """Run `batch` through `record` (a `GateRecorder.attached` recorder): per Engram layer,
        one row per token of the chunks, end to end in chunk order."""
        captured = record(*model_inputs(self.model, batch))
        recorded = {key: np.concatenate([value[b, : len(c.ids)] for b, c in enumerate(batch)]) for key, value in captured.items()}
        lengths = [len(c.ids) for c in batch]
        token_ids = np.concatenate([c.ids for c in batch]).astype(np.int32)
        offsets = np.concatenate([c.offsets for c in batch])
        # each chunk's n-grams read its history; those history rows are dropped after
        ngrams = suffix_ngram_columns(
            self.tokenizer, [c.history + c.ids for c in batch], self.n_back + 1, self.ngram_fill, self.segment_end
        )
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


class ScanPlan:
    """The forward batches of a scan, in order: the documents read (at most `limit`) that are not
    in `completed`, chunked and batched. Both engines run this one plan, the local one in its
    loop and the Ray one in its read task, so both run the same batches: on CPU the batch a
    chunk is padded and run with decides the last bit of its gates."""

    def __init__(
        self, chunker: DocumentChunker, batch_size: int, documents: Iterable[Document], completed: set[str], limit: int | None
    ):
        self.chunker, self.batch_size, self.completed, self.limit = chunker, batch_size, completed, limit
        self.documents = iter(documents)
        self.resumed_skip = 0
        self.complete: bool | None = None  # known once the plan is exhausted

    def __iter__(self) -> Iterator[list[Chunk]]:
        def to_probe() -> Iterator[Document]:
            for document in islice(self.documents, self.limit):
                if document.doc_id in self.completed:
                    self.resumed_skip += 1
                else:
                    yield document

        yield from batched(self.chunker.stream(to_probe()), self.batch_size)
        # a limit stops the scan early; the run is complete only if no later document is missing
        self.complete = all(document.doc_id in self.completed for document in self.documents)

    def summary(self, read_report: ReadReport | None) -> dict:
        """What the plan met, once exhausted: completeness, skips and forced cuts, the reader's report."""
        return {
            "complete": self.complete,
            "session": {"resumed_skip": self.resumed_skip, "forced_cuts": self.chunker.forced_cuts},
            "input": read_report.as_dict() if read_report is not None else None,
        }


def prepare_scan(
    model: EngramLM,
    documents: Iterable[Document],
    manifest: dict,
    options: ProbeOptions,
    limit: int | None,
    read_report: ReadReport | None,
) -> tuple[ProbeOptions, Iterator[Document], dict]:
    """Every check on the model, options and corpus, before the run directory is touched: the
    options with the model's defaults, the documents (their first already read), the manifest
    with the options, config and code version added."""
    if limit is not None and limit < 1:
        raise ValueError(f"limit={limit}: probe at least 1 document, or give no limit to probe them all")
    options = options.for_model(model)
    check_scan(model, options)
    documents = iter(documents)
    first = next(documents, None)  # the reader's errors (a missing column, ...) surface here
    if first is None:
        why = read_report.why_nothing(manifest.get("text_field") or "text") if read_report is not None else "an empty iterable"
        raise ValueError(f"{manifest.get('corpus', 'the corpus')} gave no document with text, so nothing was probed: {why}")
    manifest = dict(manifest, options=options.identity(), config=model.cfg.to_dict(), code_version=code_version())
    return options, chain([first], documents), manifest


def probe_corpus(
    model: EngramLM,
    documents: Iterable[Document],
    run_dir: str | Path,
    manifest: dict,
    options: ProbeOptions = ProbeOptions(),
    limit: int | None = None,
    read_report: ReadReport | None = None,
    show_progress: bool = True,
    staging: Path | None = None,
) -> dict:
    """Scan `documents` into `run_dir`, resuming where a killed run stopped. `manifest` holds
    the model, tokenizer and corpus identity; options and code version are added here. Every
    check on the model, options and corpus comes before the run directory is touched.
    `run_dir` may be a `pyarrow.fs` URI, written through the local `staging` directory
    (`RunWriter`)."""
    options, documents, manifest = prepare_scan(model, documents, manifest, options, limit, read_report)
    scan = GateScan(model, options)
    with RunWriter(run_dir, manifest, staging) as writer, scan.recorder.attached(model) as record:
        plan = ScanPlan(scan.chunker, options.batch_size, documents, writer.completed, limit)
        results = ((batch, scan.batch_tables(batch, record)) for batch in plan)
        return write_scan(writer, options, results, lambda: dict(plan.summary(read_report), engine="local"), limit, show_progress)


def write_scan(
    writer: RunWriter,
    options: ProbeOptions,
    results: Iterable[tuple[list[Chunk], list[pa.Table]]],
    finished: Callable[[], dict],
    limit: int | None,
    show_progress: bool = True,
) -> dict:
    """Commit each (batch, its tables per Engram layer) as it comes, in plan order, then the
    aggregates and report.json. `finished()` is called once `results` is exhausted: the plan's
    summary (`ScanPlan.summary`) with the `engine` and anything it adds to `session`."""
    counts = {"documents": 0, "tokens": 0, "chunked_documents": 0, "shards": 0}
    started = time.perf_counter()
    columns = [
        TextColumn("[bold]probing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("docs"),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
    ]
    with Progress(*columns, disable=not show_progress, transient=True) as progress:
        task = progress.add_task("probe", total=limit, rate="")
        shard, first_batch = None, None
        for batch, tables in results:
            if first_batch is None:  # the engine's start-up: a Ray actor pool loading its models
                first_batch = time.perf_counter() - started
            shard = _write_batch(options, writer, shard, batch, tables, counts)
            rate = f"{counts['tokens'] / (time.perf_counter() - started):,.0f} tok/s"
            progress.update(task, advance=sum(chunk.last for chunk in batch), rate=rate)
        if shard is not None:
            _commit(writer, shard, counts)
    summary = finished()
    elapsed = time.perf_counter() - started
    write_aggregates(writer.run_dir)
    categories = _categorize(writer.run_dir) if options.categorize else {"skipped": "categorize=False"}
    report = {
        "complete": summary["complete"],
        "stopped_by": None if summary["complete"] else "limit",
        "limit": limit,
        "documents_total": len(writer.completed),
        "this_session": dict(
            counts,
            **summary["session"],
            engine=summary["engine"],
            seconds=round(elapsed, 3),
            first_batch_seconds=None if first_batch is None else round(first_batch, 3),
            tokens_per_s=round(counts["tokens"] / elapsed, 1) if elapsed else None,
            repaired=writer.repairs,  # broken shards resuming removed (each also a RunWarning)
        ),
        "input": summary["input"],
        "categories": categories,
    }
    write_json(writer.run_dir / REPORT, report, inside=writer.run_dir)
    return report


def _categorize(run_dir: Path) -> dict:
    """`categorize_run` with its defaults, timed: its seconds beside the scan's in report.json."""
    from ..categorize.run import categorize_run  # the categorizer's model loads only when a run ends

    started = time.perf_counter()
    categorize_run(run_dir)
    return {"seconds": round(time.perf_counter() - started, 3)}


def _write_batch(
    options: ProbeOptions, writer: RunWriter, shard: ShardWriter | None, batch: list[Chunk], tables: list[pa.Table], counts: dict
) -> ShardWriter | None:
    """Add a batch's rows to the open shard, committing it after every document that brings
    it to `shard_tokens`; returns the shard still open."""
    row = 0
    for chunk in batch:
        shard = shard or writer.new_shard(options.shard_tokens, DOCUMENTS_SCHEMA)
        shard.add_gates([t.slice(row, len(chunk.ids)) for t in tables], len(chunk.ids))
        row += len(chunk.ids)
        counts["tokens"] += len(chunk.ids)
        if chunk.last:
            n_tokens = chunk.start + len(chunk.ids)
            doc = chunk.document
            shard.add_document(
                {
                    "doc_id": doc.doc_id,
                    "text": doc.text,
                    "source": doc.source,
                    "domain": doc.domain,
                    "n_tokens": n_tokens,
                    "n_chunks": chunk.start // options.max_tokens + 1,
                }
            )
            counts["chunked_documents"] += chunk.start > 0
            if shard.tokens >= options.shard_tokens:
                _commit(writer, shard, counts)
                shard = None
    return shard


def _commit(writer: RunWriter, shard: ShardWriter, counts: dict) -> None:
    writer.commit(shard)
    counts["documents"] += len(shard.documents)
    counts["shards"] += 1
