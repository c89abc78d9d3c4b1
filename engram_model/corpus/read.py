"""Reading documents from what a user points at: a text file, a folder of text files, JSONL
with a text field, a Parquet file, or a Parquet dataset (a folder of .parquet files, Hive
partitions such as `split=train/` included). Shared by training and probing.

Encodings: text files may open with a byte-order mark (UTF-8, or UTF-16/32, which the BOM
names); JSONL is UTF-8, with or without a BOM. Text that no UTF-8 can carry (invalid bytes
in a JSONL line or a Parquet value, a lone surrogate from a JSON `\\ud800` escape) is skipped
per record and reported (`ReadReport.undecodable`), so nothing downstream (the tokenizer, a
Parquet writer) ever sees it; a whole text file's invalid bytes become U+FFFD and are counted
(`non_utf8`).

Bounds: a document longer than `MAX_DOCUMENT_CHARS` is cut into pieces, each a document of
its own (`ID#0`, `ID#1`, …, reported in `ReadReport.cut`), so that a scan commits as it reads
a long text and a kill keeps what it committed; a text file is read a block at a time, so a
one-line text of hundreds of MB is never in memory whole. An id longer than `MAX_ID_CHARS`
(a scan stores it in every gate row) becomes its first characters and a hash of the whole,
reported as renamed."""

from __future__ import annotations

import codecs
import hashlib
import json
import os
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, fields, replace
from itertools import chain
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

BINARY_SNIFF_BYTES = 8192
TEXT_BLOCK_BYTES = 1 << 20  # a text file is read and decoded this much at a time
# a longer document is cut into pieces of at most this many characters: a scan commits each
# piece as it goes (it commits between documents), and one piece is a few hundred thousand tokens
MAX_DOCUMENT_CHARS = 1_000_000
# a longer id becomes its first characters and a hash of the whole (`bounded_id`): a scan stores
# the id in every gate row, and ids of file paths and URLs stay well below it
MAX_ID_CHARS = 256
ID_HASH_CHARS = 16
PARQUET_SUFFIXES = (".parquet", ".pq", ".parq")
# files a Parquet dataset folder may hold beside its data, which are not read: cards, schemas, Spark's _SUCCESS
DATASET_SIDE_SUFFIXES = (".md", ".json", ".yaml", ".yml", ".crc", ".txt")
# byte-order marks, longest first (UTF-32 LE's starts with UTF-16 LE's): the encoding they
# name, and the codec that decodes the bytes after them
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32", "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32", "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8", "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16", "utf-16-be"),
)
_METADATA = ("doc_id", "source", "domain", "licence", "split")


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
    non_utf8: int = 0  # text files whose undecodable bytes became U+FFFD
    bad_records: int = 0  # JSONL lines that are not objects with the text field
    undecodable: int = 0  # records (JSONL lines, Parquet rows) with invalid UTF-8 or lone surrogates: skipped
    renamed_ids: int = 0  # documents whose id repeated an earlier one's, or was too long: given a unique id
    cut_documents: int = 0  # documents longer than the bound: cut into pieces, each a document
    skipped: list[str] = field(default_factory=list)  # what was skipped and why
    renamed: list[str] = field(default_factory=list)  # which ids were renamed, from what, and where
    cut: list[str] = field(default_factory=list)  # which documents were cut, and their pieces' ids
    described: str = ""  # what was read: "a Parquet dataset of 3 files", "a folder of 12 text files", ...

    def as_dict(self) -> dict:
        return dict(self.__dict__, skipped=self.skipped[:100], renamed=self.renamed[:100], cut=self.cut[:100])

    def why_nothing(self, text_field: str) -> str:
        """Why no document came out, for an error message."""
        reasons = {
            "empty documents": self.empty,
            "binary files": self.binary_files,
            f"records: its records lack the field {text_field!r} (pass --text-field) or are not JSON": self.bad_records,
            "undecodable records (invalid UTF-8 or lone surrogates)": self.undecodable,
        }
        found = ", ".join(f"{n} {what}" for what, n in reasons.items() if n)
        found = found or (f"no rows or text in {self.described}" if self.described else "no input at all")
        return found + (f" (first: {self.skipped[0]})" if self.skipped else "")


def iter_documents(
    source: str | Path,
    text_field: str = "text",
    report: ReadReport | None = None,
    split: str | None = None,
    max_chars: int = MAX_DOCUMENT_CHARS,
) -> Iterator[Document]:
    """Documents in a stable order, each with an id no earlier document has. Empty documents,
    binary files, bad JSONL records and undecodable records (invalid UTF-8, lone surrogates, in
    any field) are skipped and counted in `report`; a text file's undecodable bytes are
    replaced and counted. A document whose id repeats an earlier one's (ids compare as
    strings, so JSONL's 7 and "7" are one id) gets `ID@WHERE` (WHERE: file and line, or
    Parquet file and row from 0), renamed in `report`; a missing or null id is `WHERE`; an id
    longer than MAX_ID_CHARS is shortened (`bounded_id`), renamed in `report` too. A document
    longer than `max_chars` is cut into pieces `ID#0`, `ID#1`, … (`cut_text`), each a document.
    `split` keeps only the Parquet rows whose `split` column (or `split=` partition folder)
    has that value (the default corpus has "train" and "validation")."""
    report = report if report is not None else ReadReport()
    path = Path(source)
    if max_chars < 2:
        raise ValueError(f"max_chars={max_chars}: a document is cut into pieces of at least 2 characters")
    if not path.exists():
        raise FileNotFoundError(f"corpus {source} does not exist: pass a text file, a folder, .jsonl or .parquet")
    if path.is_dir():
        documents = _read_folder(path, text_field, split, report, max_chars)
    elif not path.is_file():
        # a device, pipe or socket can be endless (/dev/zero): it would be read until memory runs out
        raise ValueError(f"corpus {source} is not a regular file or folder; pass a text file, a folder, .jsonl or .parquet")
    elif path.suffix == ".jsonl":
        report.described = f"the JSONL file {path}"
        documents = _read_jsonl(path, text_field, report, max_chars)
    elif path.suffix in PARQUET_SUFFIXES:
        report.described = f"the Parquet file {path}"
        _check_parquet_schema([path], path.parent, text_field, split)
        documents = _read_parquet(path, _name(path.name), text_field, split, report, {}, max_chars)
    else:
        report.described = f"the text file {path}"
        documents = _read_text_file(path, _name(path.name), report, max_chars)
    first_seen: dict[str, str] = {}  # id -> where it was first read
    for where, doc in documents:
        problem = _unencodable(doc)
        if problem:
            report.undecodable += 1
            report.skipped.append(f"{where}: {problem}; skipped")
            continue
        if not doc.text.strip():
            report.empty += 1
            report.skipped.append(f"{where}: empty")
            continue
        doc_id = bounded_id(doc.doc_id)
        if doc_id != doc.doc_id:
            report.renamed.append(f"{where}: id of {len(doc.doc_id):,} characters, more than {MAX_ID_CHARS}, renamed {doc_id!r}")
        while doc_id in first_seen:
            unique = bounded_id(f"{doc_id}@{where}")
            report.renamed.append(f"{where}: id {doc_id!r} is also {first_seen[doc_id]}'s, renamed {unique!r}")
            doc_id = unique
        if doc_id != doc.doc_id:
            report.renamed_ids += 1
            doc = replace(doc, doc_id=doc_id)
        first_seen[doc_id] = where
        report.documents += 1
        yield doc


def bounded_id(doc_id: str) -> str:
    """`doc_id`, or when it is longer than MAX_ID_CHARS, its first characters, "…" and a hash
    of the whole, MAX_ID_CHARS in all: the same id on every read, and distinct ids stay distinct."""
    if len(doc_id) <= MAX_ID_CHARS:
        return doc_id
    digest = hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[:ID_HASH_CHARS]
    return f"{doc_id[: MAX_ID_CHARS - ID_HASH_CHARS - 1]}…{digest}"


def cut_text(blocks: Iterable[str], max_chars: int) -> Iterator[str]:
    """The text that `blocks` concatenate to, in pieces of at most `max_chars` characters that
    concatenate back to it exactly (one piece, maybe empty, when it is no longer than that).
    Only `max_chars` and a block are held at a time. A piece ends where a pre-tokenizer cuts
    anyway (`_cut_point`), so the pieces tokenize as the whole text does."""
    text, start = "", 0
    for block in blocks:
        text, start = text[start:] + block, 0
        while len(text) - start > max_chars:
            end = _cut_point(text, start, max_chars)
            yield text[start:end]
            start = end
    yield text[start:]


# on the window read backwards: a line break, or any whitespace, just after a non-space
_LINE_BREAK_AFTER_WORD = re.compile(r"[\r\n](?=\S)")
_SPACE_AFTER_WORD = re.compile(r"\s(?=\S)")
ZERO_WIDTH_JOINER = "\u200d"


def _cut_point(text: str, start: int, max_chars: int) -> int:
    """Where the piece from `start` ends (`len(text) - start > max_chars`): in the second half
    of its window, before the last run of whitespace that follows a non-space, one that opens
    with a line break first. That is where a pre-tokenizer cuts (" word" is one pre-token, and
    DocumentChunker cuts its pieces so too). With no such run, at `max_chars`, moved back so
    as not to split a character from its combining marks, an emoji sequence, or a CRLF."""
    end, low = start + max_chars, start + max_chars // 2
    backwards = text[low - 1 : end + 1][::-1]  # backwards[q] is text[end - q]
    for after_word in (_LINE_BREAK_AFTER_WORD, _SPACE_AFTER_WORD):
        match = after_word.search(backwards)
        if match:
            return end - match.start()
    while end > low and _holds_together(text[end - 1], text[end]):
        end -= 1
    return end


def _holds_together(before: str, after: str) -> bool:
    """Whether cutting between these two characters would split what reads as one character."""
    return (
        unicodedata.category(after).startswith("M")  # combining marks, variation selectors
        or ZERO_WIDTH_JOINER in (before, after)
        or "\U0001f3fb" <= after <= "\U0001f3ff"  # emoji skin-tone modifiers
        or (before, after) == ("\r", "\n")
    )


def _pieces(
    where: str, document: Document, max_chars: int, report: ReadReport, blocks: Iterable[str] | None = None
) -> Iterator[tuple[str, Document]]:
    """`document` as read at `where`, or when its text is longer than `max_chars`, its pieces
    (`cut_text`), each a document `ID#0`, `ID#1`, … read at `WHERE#0`, … `blocks` is the text
    in consecutive blocks when it is not in `document` (a text file, read a block at a time)."""
    texts = cut_text([document.text] if blocks is None else blocks, max_chars)
    first, second = next(texts), next(texts, None)
    if second is None:
        yield where, replace(document, text=first)
        return
    report.cut_documents += 1
    first_ids = ", ".join(repr(bounded_id(f"{document.doc_id}#{index}")) for index in (0, 1))
    report.cut.append(f"{where}: longer than {max_chars:,} characters, cut into documents {first_ids}, …")
    for index, text in enumerate(chain([first, second], texts)):
        yield f"{where}#{index}", replace(document, doc_id=f"{document.doc_id}#{index}", text=text)


def _unencodable(doc: Document) -> str | None:
    """Why a document's fields are not text UTF-8 can carry (a lone surrogate), or None."""
    for f in fields(doc):
        value = getattr(doc, f.name)
        if value.isascii():
            continue
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as err:
            return f"{f.name} holds a lone surrogate U+{ord(value[err.start]):04X} at character {err.start}, which is not text"
    return None


def _read_folder(
    path: Path, text_field: str, split: str | None, report: ReadReport, max_chars: int
) -> Iterator[tuple[str, Document]]:
    """A folder of text files, or a Parquet dataset: a folder whose data files are all Parquet
    (beside cards, schemas and markers such as README.md or _SUCCESS, which are not read)."""
    files = sorted(p for p in path.rglob("*") if p.is_file() and not p.name.startswith("."))
    if not files:
        raise ValueError(f"corpus folder {path} holds no files")
    parquet = [f for f in files if f.suffix in PARQUET_SUFFIXES]
    if not parquet:
        report.described = f"the folder {path} of {len(files)} text files"
        return (doc for f in files for doc in _read_text_file(f, _name(f.relative_to(path)), report, max_chars))
    side = [f for f in files if f not in parquet and (f.name.startswith("_") or f.suffix.lower() in DATASET_SIDE_SUFFIXES)]
    others = [str(f.relative_to(path)) for f in files if f not in parquet and f not in side]
    if others:
        raise ValueError(
            f"corpus folder {path} holds {len(parquet)} Parquet files and {len(others)} other files ({', '.join(others[:3])}"
            f"{', …' if len(others) > 3 else ''}): pass a Parquet dataset (a folder of .parquet files) or a folder of text "
            "files, not both"
        )
    beside = f" ({', '.join(str(f.relative_to(path)) for f in side[:3])}{', …' if len(side) > 3 else ''} beside it, not read)"
    report.described = f"the Parquet dataset {path} of {len(parquet)} files" + (beside if side else "")
    _check_parquet_schema(parquet, path, text_field, split)
    return (
        doc
        for f in parquet
        for doc in _read_parquet(
            f, _name(f.relative_to(path)), text_field, split, report, _partitions(f.relative_to(path)), max_chars
        )
    )


def _name(path: str | Path) -> str:
    """A file name as text: bytes the file system holds that are not UTF-8 (which Python
    keeps as lone surrogates) become U+FFFD, so a document's id and source are always text."""
    return os.fsencode(path).decode("utf-8", errors="replace")


def _partitions(relative: Path) -> dict[str, str]:
    """Hive partition values from the folders above a dataset file: `split=train/x.parquet`."""
    return dict(part.split("=", 1) for part in relative.parts[:-1] if "=" in part)


def _text_type(arrow_type: pa.DataType) -> bool:
    """Whether a column holds text: string, large_string or string_view, plain or dictionary-encoded."""
    if pa.types.is_dictionary(arrow_type):
        arrow_type = arrow_type.value_type
    return pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type) or pa.types.is_string_view(arrow_type)


def _check_parquet_schema(files: list[Path], root: Path, text_field: str, split: str | None) -> None:
    """Every file has a text column `text_field` (and a split, as a column or partition, when
    one is asked for), checked before any row is read."""
    for path in files:
        try:
            schema = pq.read_schema(path)
        except (pa.ArrowException, OSError) as err:
            raise ValueError(f"{path} is not a readable Parquet file ({err})") from err
        if text_field not in schema.names:
            raise ValueError(f"{path} has no column {text_field!r}; its columns are {schema.names} (see --text-field)")
        if not _text_type(schema.field(text_field).type):
            raise ValueError(
                f"{path} column {text_field!r} holds {schema.field(text_field).type}, not text; pass --text-field naming a text "
                "column"
            )
        if split is not None and "split" not in schema.names and "split" not in _partitions(path.relative_to(root)):
            raise ValueError(f"{path} has no split column, so split={split!r} cannot be selected")


def _bom(data: bytes) -> tuple[bytes, str, str] | None:
    """The byte-order mark `data` opens with, the encoding it names, and the codec for the bytes after it."""
    return next((entry for entry in BOMS if data.startswith(entry[0])), None)


def _read_text_file(path: Path, doc_id: str, report: ReadReport, max_chars: int) -> Iterator[tuple[str, Document]]:
    """One document, or its pieces when it is longer than `max_chars`, read a block at a time."""
    with open(path, "rb") as file:
        head = file.read(BINARY_SNIFF_BYTES)
        bom = _bom(head)  # UTF-16/32 hold NUL bytes, but their BOM says they are text
        if bom is None and b"\x00" in head:
            report.binary_files += 1
            report.skipped.append(f"{doc_id}: binary")
            return
        mark, _, codec = bom or (b"", "utf-8", "utf-8")
        blocks = _decoded_blocks(file, head[len(mark) :], codec, report)
        yield from _pieces(doc_id, Document(doc_id=doc_id, text="", source=_name(path)), max_chars, report, blocks)


def _decoded_blocks(file, first: bytes, codec: str, report: ReadReport) -> Iterator[str]:
    """The text of `first` and the rest of `file`, decoded a block at a time (a character
    split between blocks waits in the decoder). Bytes that do not decode become U+FFFD, and
    the file is counted once in `non_utf8`."""
    decoder = codecs.getincrementaldecoder(codec)()  # strict until some bytes fail, then replacing
    for data in chain([first], iter(lambda: file.read(TEXT_BLOCK_BYTES), b"")):
        yield _decode(decoder, data, report)
    yield _decode(decoder, b"", report, final=True)  # a character cut off by the end of the file


def _decode(decoder: codecs.IncrementalDecoder, data: bytes, report: ReadReport, final: bool = False) -> str:
    try:
        return decoder.decode(data, final)
    except UnicodeDecodeError:
        report.non_utf8 += 1
        decoder.errors = "replace"  # a failed decode leaves the decoder's buffer as it was: decode the block again
        return decoder.decode(data, final)


def _read_jsonl(path: Path, text_field: str, report: ReadReport, max_chars: int) -> Iterator[tuple[str, Document]]:
    with open(path, "rb") as f:
        head = f.read(4)
        f.seek(0)
        bom = _bom(head)
        if bom is not None and bom[1] != "utf-8":
            raise ValueError(f"{path} is {bom[1].upper()} (its byte-order mark says so); JSONL is UTF-8: convert it")
        for line_number, raw in enumerate(f, start=1):
            raw = raw.removeprefix(codecs.BOM_UTF8)  # the file's BOM, or that of a file concatenated onto it
            if not raw.strip():
                continue
            where = f"{_name(path.name)}:{line_number}"
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as err:
                report.undecodable += 1
                report.skipped.append(f"{where}: not UTF-8 (byte {err.start}: {err.reason}); skipped")
                continue
            try:
                record = json.loads(line)
                if not isinstance(record, dict) or text_field not in record:
                    raise TypeError(f"no field {text_field!r} (see --text-field)")
                if not isinstance(record[text_field], str):
                    raise TypeError(f"field {text_field!r} is {type(record[text_field]).__name__}, not text")
            except (ValueError, TypeError) as err:  # ValueError: JSONDecodeError, or an integer of over 4,300 digits
                report.bad_records += 1
                report.skipped.append(f"{where}: {err}")
                continue
            except RecursionError:
                report.bad_records += 1
                report.skipped.append(f"{where}: JSON nested too deeply to be a record")
                continue
            doc_id = record.get("id", record.get("doc_id"))
            document = Document(
                where if doc_id is None else str(doc_id),
                record[text_field],
                _name(path),
                str(record.get("domain", "unknown")),
                str(record.get("licence", "unknown")),
            )
            yield from _pieces(where, document, max_chars, report)


class _Undecodable(str):
    """A Parquet value whose bytes are not UTF-8: the reason, in place of the value."""


def _column(array: pa.Array) -> list:
    """A column of one batch as Python values; text columns (of any string type, dictionary-
    encoded or not) as str, with `_Undecodable` where a value's bytes are not UTF-8."""
    if pa.types.is_dictionary(array.type):
        array = array.dictionary_decode()
    if not (pa.types.is_string(array.type) or pa.types.is_large_string(array.type) or pa.types.is_string_view(array.type)):
        return array.to_pylist()
    array = array.cast(pa.large_string())
    try:
        return array.to_pylist()
    except UnicodeDecodeError:  # some value is not UTF-8: decode value by value
        values = []
        for raw in array.cast(pa.large_binary()).to_pylist():
            try:
                values.append(None if raw is None else raw.decode("utf-8"))
            except UnicodeDecodeError as err:
                values.append(_Undecodable(f"not UTF-8 (byte {err.start}: {err.reason})"))
        return values


def _read_parquet(
    path: Path, name: str, text_field: str, split: str | None, report: ReadReport, partitions: dict[str, str], max_chars: int
) -> Iterator[tuple[str, Document]]:
    """Rows of one Parquet file (its schema checked by `_check_parquet_schema`); `partitions`
    fill metadata columns the file lacks."""
    parquet = pq.ParquetFile(path)
    names = parquet.schema_arrow.names
    columns = [c for c in (text_field, *_METADATA) if c in names]
    row = 0
    for batch in parquet.iter_batches(columns=columns, batch_size=1024):
        data = {c: _column(batch.column(c)) for c in columns}
        for i, text in enumerate(data[text_field]):
            where, row = f"{name}:{row}", row + 1
            values = {c: data[c][i] if c in data else partitions.get(c) for c in _METADATA}
            if split is not None and values["split"] != split:
                continue
            bad = next((f"{c} {v}" for c, v in ((text_field, text), *values.items()) if isinstance(v, _Undecodable)), None)
            if bad is not None:
                report.undecodable += 1
                report.skipped.append(f"{where}: {bad}; skipped")
                continue
            document = Document(
                doc_id=where if values["doc_id"] is None else str(values["doc_id"]),
                text=text or "",
                source=_name(path) if values["source"] is None else str(values["source"]),
                domain="unknown" if values["domain"] is None else str(values["domain"]),
                licence="unknown" if values["licence"] is None else str(values["licence"]),
            )
            yield from _pieces(where, document, max_chars, report)
