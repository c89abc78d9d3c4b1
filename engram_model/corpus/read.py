"""Reading documents from what a user points at: a text file, a folder of text files, JSONL
with a text field, or Parquet. Shared by training and probing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow.parquet as pq

BINARY_SNIFF_BYTES = 8192


@dataclass(frozen=True)
class Document:
    doc_id: str
    text: str
    source: str = ""
    domain: str = "unknown"
    licence: str = "unknown"


@dataclass
class ReadReport:
    """What the reader met on the way; inputs it could not use are counted, not fatal."""

    documents: int = 0
    empty: int = 0  # documents with no text after stripping whitespace
    binary_files: int = 0  # files with NUL bytes: skipped
    non_utf8: int = 0  # documents whose undecodable bytes became U+FFFD
    bad_records: int = 0  # JSONL lines that are not objects with the text field
    skipped: list[str] = field(default_factory=list)  # what was skipped and why

    def as_dict(self) -> dict:
        return dict(self.__dict__, skipped=self.skipped[:100])


def iter_documents(
    source: str | Path, text_field: str = "text", report: ReadReport | None = None, split: str | None = None
) -> Iterator[Document]:
    """Documents in a stable order. Empty documents, binary files and bad JSONL records are
    skipped and counted in `report`; undecodable bytes are replaced and counted. `split`
    keeps only the Parquet rows whose `split` column has that value (the default corpus has
    "train" and "validation")."""
    report = report if report is not None else ReadReport()
    path = Path(source)
    if not path.exists():
        raise FileNotFoundError(f"corpus {source} does not exist: pass a text file, a folder, .jsonl or .parquet")
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file() and not p.name.startswith("."))
        if not files:
            raise ValueError(f"corpus folder {path} holds no files")
        documents = (doc for f in files for doc in _read_text_file(f, str(f.relative_to(path)), report))
    elif path.suffix == ".jsonl":
        documents = _read_jsonl(path, text_field, report)
    elif path.suffix == ".parquet":
        documents = _read_parquet(path, text_field, split)
    else:
        documents = _read_text_file(path, path.name, report)
    for doc in documents:
        if not doc.text.strip():
            report.empty += 1
            report.skipped.append(f"{doc.doc_id}: empty")
            continue
        report.documents += 1
        yield doc


def _decode(data: bytes, report: ReadReport) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        report.non_utf8 += 1
        return data.decode("utf-8", errors="replace")


def _read_text_file(path: Path, doc_id: str, report: ReadReport) -> Iterator[Document]:
    data = path.read_bytes()
    if b"\x00" in data[:BINARY_SNIFF_BYTES]:
        report.binary_files += 1
        report.skipped.append(f"{doc_id}: binary")
        return
    yield Document(doc_id=doc_id, text=_decode(data, report), source=str(path))


def _read_jsonl(path: Path, text_field: str, report: ReadReport) -> Iterator[Document]:
    with open(path, "rb") as f:
        for line_number, raw in enumerate(f, start=1):
            if not raw.strip():
                continue
            try:
                record = json.loads(_decode(raw, report))
                text = record[text_field]
                if not isinstance(text, str):
                    raise TypeError(f"field {text_field!r} is {type(text).__name__}")
            except (json.JSONDecodeError, KeyError, TypeError) as err:
                report.bad_records += 1
                report.skipped.append(f"{path.name}:{line_number}: {err!r}")
                continue
            doc_id = str(record.get("id", record.get("doc_id", f"{path.name}:{line_number}")))
            yield Document(doc_id, text, str(path), str(record.get("domain", "unknown")), str(record.get("licence", "unknown")))


def _read_parquet(path: Path, text_field: str, split: str | None) -> Iterator[Document]:
    parquet = pq.ParquetFile(path)
    names = parquet.schema_arrow.names
    if text_field not in names:
        raise ValueError(f"{path} has no column {text_field!r}; its columns are {names}")
    if split is not None and "split" not in names:
        raise ValueError(f"{path} has no split column, so split={split!r} cannot be selected")
    columns = [c for c in (text_field, "doc_id", "source", "domain", "licence", "split") if c in names]
    row = 0
    for batch in parquet.iter_batches(columns=columns, batch_size=1024):
        data = batch.to_pydict()
        for i, text in enumerate(data[text_field]):
            row += 1
            if split is not None and data["split"][i] != split:
                continue
            yield Document(
                doc_id=str(data["doc_id"][i]) if "doc_id" in data else f"{path.name}:{row - 1}",
                text=text or "",
                source=str(data["source"][i]) if "source" in data else str(path),
                domain=str(data["domain"][i]) if "domain" in data else "unknown",
                licence=str(data["licence"][i]) if "licence" in data else "unknown",
            )
