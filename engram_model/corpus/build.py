"""Building a corpus: documents from sources, a fixed train/validation split, one Parquet file
written atomically, and a JSON build report.

A source is a plain object (`Source`): a name, the domain and licence of its text, and a
function listing its items. An item is a key that is stable within the source and a function
that reads its bytes or text, so a read that fails is counted and skipped instead of ending
the build. `default_sources()` (in `sources.py`) lists the real ones; tests pass their own.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from ..files import cache_dir, sha256_of, write_atomically

COLUMNS = ("doc_id", "text", "source", "domain", "licence", "split")
TRAIN, VALIDATION = "train", "validation"
VALIDATION_PERCENT = 5
CHUNK_CHARS = 20_000
DEFAULT_MAX_MB_PER_SOURCE = 8.0
CORPUS_FILE = "corpus.parquet"
BUILD_COMMAND = "engram-probe corpus build"
ROW_GROUP_ROWS = 2048  # small row groups so a reader can stream or sample without loading it all
SKIP_REASONS = ("unreadable", "binary", "not_utf8", "empty", "duplicate")


class CorpusBuildError(ValueError):
    """A build that cannot produce a usable corpus; the message names the input and the fix."""


class SourceUnavailable(Exception):
    """Raised by a source's `items` when what it reads is not installed or not readable."""


@dataclass(frozen=True)
class Item:
    key: str  # stable within its source: part of the document id, so part of the split
    read: Callable[[], bytes | str]


@dataclass(frozen=True)
class Source:
    name: str
    domain: str  # prose / literature / code / legal / web
    licence: str
    origin: str  # where the text comes from and how to install it, for the report
    items: Callable[[], Iterable[Item]]
    to_text: Callable[[str], str] = str  # turns a decoded item into document text


@dataclass(frozen=True)
class SourceReport:
    name: str
    domain: str
    licence: str
    origin: str
    status: str  # "read", or "unavailable: <why>"
    documents: int = 0
    characters: int = 0
    utf8_bytes: int = 0
    skipped: dict[str, int] = field(default_factory=dict)  # reason -> count (SKIP_REASONS)
    left_out_by_cap: int = 0  # items not read because the source had reached its cap


@dataclass(frozen=True)
class DomainReport:
    documents: int
    characters: int
    validation_documents: int
    validation_characters: int


@dataclass(frozen=True)
class BuildReport:
    corpus: str  # file name only, so the committed report names no machine's paths
    sha256: str
    parquet_bytes: int
    documents: int
    characters: int
    validation_percent: int
    chunk_chars: int
    max_mb_per_source: float
    domains: dict[str, DomainReport]
    sources: tuple[SourceReport, ...]
    provenance: dict[str, str]  # versions of what the sources read (Python, packages)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class _Row:
    doc_id: str
    text: str
    source: str
    domain: str
    licence: str


def corpus_cache_dir() -> Path:
    """Where the built corpus lives: outside git, because part of it is share-alike text that
    must not be committed, and outside the work tree, so a fresh checkout keeps using it."""
    return cache_dir("corpus")


def default_corpus_path() -> Path:
    path = corpus_cache_dir() / CORPUS_FILE
    if not path.is_file():
        raise FileNotFoundError(f"no corpus at {path}: build it with `{BUILD_COMMAND}`")
    return path


def report_path_for(corpus_path: Path) -> Path:
    return corpus_path.with_name(f"{corpus_path.stem}_report.json")


def file_items(root: Path, pattern: str, exclude: Callable[[Path], bool] = lambda path: False) -> list[Item]:
    """Every non-directory under `root` matching the glob `pattern`, keyed by its relative
    path. Broken links and unreadable files are listed too, so that they are counted."""
    if not root.is_dir():
        raise SourceUnavailable(f"{root} is not a directory")
    paths = sorted(p for p in root.glob(pattern) if not p.is_dir() and not exclude(p))
    return [Item(p.relative_to(root).as_posix(), p.read_bytes) for p in paths]


def text_item(key: str, text: str) -> Item:
    return Item(key, lambda: text)


def split_of(doc_id: str) -> str:
    """The split a document id hashes to: fixed, whatever else the corpus holds."""
    return VALIDATION if _hash_bucket(doc_id) < VALIDATION_PERCENT else TRAIN


def split_into_chunks(text: str, max_chars: int) -> list[str]:
    """Consecutive pieces of at most `max_chars` that concatenate back to `text`, cut after a
    blank line where one lies in the second half of the window, else after a newline."""
    chunks = []
    start = 0
    while len(text) - start > max_chars:
        window_end = start + max_chars
        cut = text.rfind("\n\n", start + max_chars // 2, window_end - 1)
        if cut != -1:
            cut += 2
        else:
            cut = text.rfind("\n", start + max_chars // 2, window_end)
            cut = cut + 1 if cut != -1 else window_end
        chunks.append(text[start:cut])
        start = cut
    chunks.append(text[start:])
    return chunks


def build_corpus(
    sources: Sequence[Source],
    out: Path,
    *,
    max_mb_per_source: float = DEFAULT_MAX_MB_PER_SOURCE,
    chunk_chars: int = CHUNK_CHARS,
    report_path: Path | None = None,
    provenance: Mapping[str, str] | None = None,
    progress: Callable[[Source, SourceReport | None], None] | None = None,
) -> BuildReport:
    """Read every source (each up to `max_mb_per_source` MB of UTF-8 text, items taken in an
    order fixed by the hash of their keys, so a cap samples the whole source), split long
    documents into chunks, drop exact duplicates, assign splits, and write `out` (Parquet) and
    its report atomically. `progress` is called with None as a source starts and with its
    report when it is done."""
    out = Path(out)
    report_path = Path(report_path) if report_path else report_path_for(out)
    max_bytes = int(max_mb_per_source * 1_000_000)
    rows: list[_Row] = []
    seen_texts: set[bytes] = set()
    source_reports = []
    for source in sources:
        if progress:
            progress(source, None)
        source_report = _read_source(source, max_bytes, chunk_chars, seen_texts, rows)
        source_reports.append(source_report)
        if progress:
            progress(source, source_report)
    if not rows:
        statuses = "; ".join(_summary(r) for r in source_reports) or "no sources given"
        raise CorpusBuildError(f"no source gave a document ({statuses}); install the corpus packages and rerun `{BUILD_COMMAND}`")
    duplicate_ids = [doc_id for doc_id, n in Counter(row.doc_id for row in rows).items() if n > 1]
    if duplicate_ids:
        raise CorpusBuildError(
            f"document ids {duplicate_ids[:5]} occur twice: two sources share a name, or a source repeats an item key"
        )
    splits = _assign_splits(rows)
    _check_validation_covers_domains(rows, splits)
    table = pa.table(
        {
            "doc_id": [row.doc_id for row in rows],
            "text": [row.text for row in rows],
            "source": [row.source for row in rows],
            "domain": [row.domain for row in rows],
            "licence": [row.licence for row in rows],
            "split": splits,
        },
        schema=pa.schema([(name, pa.string()) for name in COLUMNS]),
    )
    write_atomically(out, lambda staged: pq.write_table(table, staged, compression="zstd", row_group_size=ROW_GROUP_ROWS))
    report = BuildReport(
        corpus=out.name,
        sha256=sha256_of(out),
        parquet_bytes=out.stat().st_size,
        documents=len(rows),
        characters=sum(len(row.text) for row in rows),
        validation_percent=VALIDATION_PERCENT,
        chunk_chars=chunk_chars,
        max_mb_per_source=max_mb_per_source,
        domains=_domain_reports(rows, splits),
        sources=tuple(source_reports),
        provenance=dict(provenance or {}),
    )
    write_atomically(report_path, report.to_json().encode("utf-8"))
    return report


def _hash_bucket(doc_id: str) -> int:
    return int.from_bytes(hashlib.sha256(doc_id.encode("utf-8")).digest()[:8], "big") % 100


def _read_source(source: Source, max_bytes: int, chunk_chars: int, seen_texts: set[bytes], rows: list[_Row]) -> SourceReport:
    def report(status: str, **counts) -> SourceReport:
        return SourceReport(source.name, source.domain, source.licence, source.origin, status, **counts)

    try:
        # Hash order rather than listing order: a capped source then samples all of itself
        # (every stdlib package, not just those early in the alphabet).
        items = sorted(source.items(), key=lambda item: hashlib.sha256(item.key.encode("utf-8")).digest())
    except (SourceUnavailable, OSError) as err:
        return report(f"unavailable: {err}")
    skipped = Counter({reason: 0 for reason in SKIP_REASONS})
    documents = characters = utf8_bytes = left_out = 0
    for position, item in enumerate(items):
        if utf8_bytes >= max_bytes:
            left_out = len(items) - position
            break
        text, problem = _decode(item)
        if problem:
            skipped[problem] += 1
            continue
        text = source.to_text(text.replace("\r\n", "\n"))
        if not text.strip():
            skipped["empty"] += 1
            continue
        chunks = split_into_chunks(text, chunk_chars)
        for index, chunk in enumerate(chunks):
            fingerprint = hashlib.sha256(chunk.encode("utf-8")).digest()
            if not chunk.strip() or fingerprint in seen_texts:
                skipped["empty" if not chunk.strip() else "duplicate"] += 1
                continue
            seen_texts.add(fingerprint)
            doc_id = f"{source.name}/{item.key}" + (f"#{index}" if len(chunks) > 1 else "")
            rows.append(_Row(doc_id, chunk, source.name, source.domain, source.licence))
            documents += 1
            characters += len(chunk)
            utf8_bytes += len(chunk.encode("utf-8"))
    return report(
        "read", documents=documents, characters=characters, utf8_bytes=utf8_bytes, skipped=dict(skipped), left_out_by_cap=left_out
    )


def _summary(report: SourceReport) -> str:
    skipped = ", ".join(f"{reason} {n}" for reason, n in report.skipped.items() if n)
    return f"{report.name}: {report.status}" + (f", skipped {skipped}" if skipped else "")


def _decode(item: Item) -> tuple[str, str | None]:
    """The item's text, or the reason it is skipped."""
    try:
        raw = item.read()
    except OSError:
        return "", "unreadable"
    if isinstance(raw, str):
        return raw, None
    if b"\x00" in raw:
        return "", "binary"
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError:
        return "", "not_utf8"


def _assign_splits(rows: list[_Row]) -> list[str]:
    """Each document's `split_of`; except that a domain whose documents all hash to train gives
    its lowest-hash document to validation, so every domain can be evaluated on its own."""
    splits = [split_of(row.doc_id) for row in rows]
    by_domain: dict[str, list[int]] = {}
    for index, row in enumerate(rows):
        by_domain.setdefault(row.domain, []).append(index)
    for indices in by_domain.values():
        if len(indices) > 1 and all(splits[i] == TRAIN for i in indices):
            promoted = min(indices, key=lambda i: hashlib.sha256(rows[i].doc_id.encode("utf-8")).digest())
            splits[promoted] = VALIDATION
    return splits


def _check_validation_covers_domains(rows: list[_Row], splits: list[str]) -> None:
    domains = {row.domain for row in rows}
    validated = {row.domain for row, split in zip(rows, splits) if split == VALIDATION}
    if not validated:
        raise CorpusBuildError(
            f"the validation split is empty: {len(rows)} document(s) is too few to hold one out; add documents to the sources"
        )
    missing = sorted(domains - validated)
    if missing:
        raise CorpusBuildError(
            f"domain(s) {missing} have a single document, so none is left for validation; add documents of those domains or drop "
            "their sources"
        )


def _domain_reports(rows: list[_Row], splits: list[str]) -> dict[str, DomainReport]:
    totals: dict[str, Counter] = {}
    for row, split in zip(rows, splits):
        counts = totals.setdefault(row.domain, Counter())
        counts["documents"] += 1
        counts["characters"] += len(row.text)
        if split == VALIDATION:
            counts["validation_documents"] += 1
            counts["validation_characters"] += len(row.text)
    return {
        domain: DomainReport(**{f: counts[f] for f in DomainReport.__dataclass_fields__})
        for domain, counts in sorted(totals.items())
    }
