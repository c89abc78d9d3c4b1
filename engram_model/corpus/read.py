"""Reading documents from what a user points at: a text file, a folder of text files, JSONL
with a text field, or Parquet. Shared by training and probing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import pyarrow as pa
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
    renamed_ids: int = 0  # documents whose id repeated an earlier one's: given a unique id
    skipped: list[str] = field(default_factory=list)  # what was skipped and why
    renamed: list[str] = field(default_factory=list)  # which ids were renamed, from what, and where

    def as_dict(self) -> dict:
        return dict(self.__dict__, skipped=self.skipped[:100], renamed=self.renamed[:100])

    def why_nothing(self, text_field: str) -> str:
        """Why no document came out, for an error message."""
        reasons = {
            "empty documents": self.empty,
            "binary files": self.binary_files,
            f"records: its records lack the field {text_field!r} (pass --text-field) or are not JSON": self.bad_records,
        }
        found = ", ".join(f"{n} {what}" for what, n in reasons.items() if n) or "no input at all"
        return found + (f" (first: {self.skipped[0]})" if self.skipped else "")


def iter_documents(
    source: str | Path, text_field: str = "text", report: ReadReport | None = None, split: str | None = None
) -> Iterator[Document]:
    """Documents in a stable order, each with an id no earlier document has. Empty documents,
    binary files and bad JSONL records are skipped and counted in `report`; undecodable bytes
    are replaced and counted. A document whose id repeats an earlier one's (ids compare as
    strings, so JSONL's 7 and "7" are one id) gets `ID@WHERE` (WHERE: file and line, or
    Parquet row from 0), renamed in `report`; a missing or null id is `WHERE`. `split` keeps
    only the Parquet rows whose `split` column has that value (the default corpus has "train"
    and "validation")."""
    report = report if report is not None else ReadReport()
    path = Path(source)
    if not path.exists():
        raise FileNotFoundError(f"corpus {source} does not exist: pass a text file, a folder, .jsonl or .parquet")
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file() and not p.name.startswith("."))
        if not files:
            raise ValueError(f"corpus folder {path} holds no files")
        documents = (doc for f in files for doc in _read_text_file(f, str(f.relative_to(path)), report))
    elif not path.is_file():
        # a device, pipe or socket can be endless (/dev/zero): it would be read until memory runs out
        raise ValueError(f"corpus {source} is not a regular file or folder; pass a text file, a folder, .jsonl or .parquet")
    elif path.suffix == ".jsonl":
        documents = _read_jsonl(path, text_field, report)
    elif path.suffix == ".parquet":
        documents = _read_parquet(path, text_field, split)
    else:
        documents = _read_text_file(path, path.name, report)
    first_seen: dict[str, str] = {}  # id -> where it was first read
    for where, doc in documents:
        if not doc.text.strip():
            report.empty += 1
            report.skipped.append(f"{where}: empty")
            continue
        if doc.doc_id in first_seen:
            unique = f"{doc.doc_id}@{where}"
            report.renamed_ids += 1
            report.renamed.append(f"{where}: id {doc.doc_id!r} is also {first_seen[doc.doc_id]}'s, renamed {unique!r}")
            doc = replace(doc, doc_id=unique)
        first_seen.setdefault(doc.doc_id, where)
        report.documents += 1
        yield doc


def _decode(data: bytes, report: ReadReport) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        report.non_utf8 += 1
        return data.decode("utf-8", errors="replace")


def _read_text_file(path: Path, doc_id: str, report: ReadReport) -> Iterator[tuple[str, Document]]:
    data = path.read_bytes()
    if b"\x00" in data[:BINARY_SNIFF_BYTES]:
        report.binary_files += 1
        report.skipped.append(f"{doc_id}: binary")
        return
    yield doc_id, Document(doc_id=doc_id, text=_decode(data, report), source=str(path))


def _read_jsonl(path: Path, text_field: str, report: ReadReport) -> Iterator[tuple[str, Document]]:
    with open(path, "rb") as f:
        for line_number, raw in enumerate(f, start=1):
            if not raw.strip():
                continue
            where = f"{path.name}:{line_number}"
            try:
                record = json.loads(_decode(raw, report))
                if not isinstance(record, dict) or text_field not in record:
                    raise TypeError(f"no field {text_field!r} (see --text-field)")
                if not isinstance(record[text_field], str):
                    raise TypeError(f"field {text_field!r} is {type(record[text_field]).__name__}, not text")
            except (json.JSONDecodeError, TypeError) as err:
                report.bad_records += 1
                report.skipped.append(f"{where}: {err}")
                continue
            doc_id = record.get("id", record.get("doc_id"))
            yield where, Document(
                where if doc_id is None else str(doc_id),
                record[text_field],
                str(path),
                str(record.get("domain", "unknown")),
                str(record.get("licence", "unknown")),
            )


def _read_parquet(path: Path, text_field: str, split: str | None) -> Iterator[tuple[str, Document]]:
    parquet = pq.ParquetFile(path)
    schema = parquet.schema_arrow
    if text_field not in schema.names:
        raise ValueError(f"{path} has no column {text_field!r}; its columns are {schema.names} (see --text-field)")
    if not pa.types.is_string(schema.field(text_field).type) and not pa.types.is_large_string(schema.field(text_field).type):
        raise ValueError(f"{path} column {text_field!r} holds {schema.field(text_field).type}, not text; pass --text-field naming a text column")
    if split is not None and "split" not in schema.names:
        raise ValueError(f"{path} has no split column, so split={split!r} cannot be selected")
    columns = [c for c in (text_field, "doc_id", "source", "domain", "licence", "split") if c in schema.names]
    row = 0
    for batch in parquet.iter_batches(columns=columns, batch_size=1024):
        data = batch.to_pydict()
        for i, text in enumerate(data[text_field]):
            where, row = f"{path.name}:{row}", row + 1
            if split is not None and data["split"][i] != split:
                continue
            doc_id = data["doc_id"][i] if "doc_id" in data else None
            yield where, Document(
                doc_id=where if doc_id is None else str(doc_id),
                text=text or "",
                source=str(data["source"][i]) if "source" in data else str(path),
                domain=str(data["domain"][i]) if "domain" in data else "unknown",
                licence=str(data["licence"][i]) if "licence" in data else "unknown",
            )
