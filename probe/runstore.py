"""A probing run on disk.

    run_dir/manifest.json            what was run: model, tokenizer, corpus, options, code
    run_dir/shards/docs-000007.parquet   one row per document: text, tokens, status
    run_dir/shards/gates-000007.parquet  one row per (token, Engram layer); its Parquet
                                         metadata lists the documents it completes
    run_dir/aggregates/*.parquet     n-gram statistics and gate histograms, once complete
    run_dir/report.json              counts, timings, skipped input, completeness
    run_dir/.lock                    held (flock) by the one process writing the run

Every file is written under a dot-name and renamed into place. A gates shard is the commit
point for its documents: its docs file is renamed first, so a committed gates shard always
has its documents, and a docs file without its gates shard is an uncommitted leftover that
resuming removes. Readers glob `gates-*.parquet` and so only ever see whole shards; they
never take the lock. A gates shard is written a row group at a time, so a long document
never has to fit in memory as a whole.

A run whose home is a `pyarrow.fs` URI (`s3://`, `gs://`, `hdfs://`, `file://`) is written in
a local staging directory as above, and `RunMirror` copies it there as it goes: the manifest
first, each commit's docs file before its gates shard, then the aggregates and report.json,
each object under a dot-name then moved into place. So the URI, too, only ever shows whole
shards. Object stores have no lock: one driver per URI (the staging directory's lock guards
one machine).
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import os
import re
import threading
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.fs as pafs
import pyarrow.parquet as pq

from engram_model._io import cache_dir, write_atomically  # one atomic write for the engine and the run store

MANIFEST, REPORT, SHARDS, AGGREGATES, LOCK = "manifest.json", "report.json", "shards", "aggregates", ".lock"
SHARD_NAME = re.compile(r"^gates-(\d{6})\.parquet$")
DOCUMENTS_KEY = "engram_probe.documents"  # gates shard footer: the ids of the documents it commits
# fields that define what a run holds; a resumed run must agree on all of them
IDENTITY = ("model_hash", "tokenizer_hash", "corpus_hash", "split", "text_field", "config", "options")
# the `engram-probe run` option that sets each identity field (by dotted path prefix)
IDENTITY_OPTIONS = {
    "model_hash": "--model",
    "config": "--model",
    "tokenizer_hash": "--tokenizer",
    "corpus_hash": "--corpus",
    "split": "--corpus",
    "text_field": "--text-field",
    "options.max_tokens": "--max-tokens",
    "options.shard_tokens": "--shard-tokens",
    "options.record.rows": "--record-rows",
    "options.record.logprob": "--record-logprob",
    "options.record.out_norm": "--record-out-norm",
}


class RunError(ValueError):
    """A run directory that cannot be used as asked; the message says why and what to do."""


def write_json(path: Path, data: dict) -> None:
    write_atomically(path, lambda tmp: tmp.write_text(json.dumps(data, indent=2, default=str) + "\n"))


def read_manifest(run_dir: Path) -> dict:
    path = Path(run_dir) / MANIFEST
    if not path.is_file():
        raise RunError(f"{run_dir} is not a probing run (no {MANIFEST}); create one with `engram-probe run --out {run_dir}`")
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError as err:
        raise RunError(f"{path} is corrupt ({err}); start the run again in a new directory") from err


def committed_shards(run_dir: Path) -> list[Path]:
    shard_dir = Path(run_dir) / SHARDS
    if not shard_dir.is_dir():
        return []
    return sorted(p for p in shard_dir.iterdir() if SHARD_NAME.match(p.name))


def completed_documents(run_dir: Path) -> set[str]:
    """Ids of every document a committed shard completes (read from Parquet footers only)."""
    done: set[str] = set()
    for shard in committed_shards(run_dir):
        metadata = pq.read_metadata(shard).metadata or {}
        done.update(json.loads(metadata[DOCUMENTS_KEY.encode()]))
    return done


def _flatten(value, prefix: str = "") -> dict:
    if not isinstance(value, dict):
        return {prefix: value}
    flat = {}
    for key, item in value.items():
        flat.update(_flatten(item, f"{prefix}.{key}" if prefix else key))
    return flat


def identity_differences(existing: dict, wanted: dict) -> list[str]:
    """Each identity field (nested ones by dotted path) on which two manifests disagree, with
    both values and the option that sets it."""
    old, new = (_flatten({key: manifest.get(key) for key in IDENTITY}) for manifest in (existing, wanted))
    shown = lambda v: f"{v[:12]}…" if isinstance(v, str) and len(v) > 16 else json.dumps(v)  # noqa: E731
    differences = []
    for key in sorted(set(old) | set(new)):
        if old.get(key) != new.get(key):
            option = next((o for prefix, o in IDENTITY_OPTIONS.items() if key == prefix or key.startswith(prefix + ".")), None)
            hint = f" ({option})" if option else ""
            differences.append(f"{key}{hint}: the run has {shown(old.get(key))}, this call {shown(new.get(key))}")
    return differences


def _hold_lock(run_dir: Path) -> int:
    """An exclusive flock on `run_dir/.lock`, with this pid written in it; the OS releases it
    when the holder exits, however it exits."""
    fd = os.open(run_dir / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
        os.close(fd)
        raise RunError(
            f"{run_dir} is being written by another `engram-probe run` (pid {holder}); "
            "wait for it to finish (it can be resumed afterwards) or pass another --out"
        ) from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


def is_uri(location: str | Path) -> bool:
    """A `pyarrow.fs` URI (`s3://bucket/run`), as opposed to a path on this machine."""
    return isinstance(location, str) and "://" in location


def staging_dir(uri: str) -> Path:
    """Where a run at `uri` is staged on this machine unless told otherwise: the same place
    for the same URI, so a driver restarted here resumes from its own copy."""
    return cache_dir("staging") / hashlib.sha256(uri.encode()).hexdigest()[:16]


class RunMirror:
    """A run's copy at a `pyarrow.fs` URI, kept whole while the run is written in `staging`.
    `open` (once the staging directory is locked) fetches the URI's run into an empty staging
    directory, the way another machine resumes it; `push` copies what is new, in commit order."""

    def __init__(self, uri: str, staging: Path):
        try:
            self.fs, root = pafs.FileSystem.from_uri(uri)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError, OSError) as err:
            raise RunError(f"--out {uri}: not a storage URI pyarrow can open ({err}); pass a path or an s3://, gs://, hdfs:// or file:// URI") from err
        self.uri, self.staging, self.root = uri, staging, root.rstrip("/")
        self._pushed: dict[str, tuple[int, int]] = {}  # relative path -> (size, mtime_ns) of the copy sent

    def _remote(self) -> dict[str, int]:
        """Relative path -> size of every file under the URI."""
        listing = self.fs.get_file_info(pafs.FileSelector(self.root, recursive=True, allow_not_found=True))
        return {info.path[len(self.root) + 1 :]: info.size for info in listing if info.type == pafs.FileType.File}

    def open(self) -> None:
        """Remove a killed driver's half-sent copies from the URI; fetch its manifest and
        committed shards (each gates shard with its docs file) into a staging directory that
        holds no run, or refuse a staging directory that is behind the URI or holds another run."""
        remote = self._remote()
        for name in [n for n in remote if any(part.startswith(".") for part in n.split("/"))]:
            self.fs.delete_file(f"{self.root}/{name}")
            del remote[name]
        if MANIFEST not in remote:
            return
        committed = [MANIFEST]
        for name in sorted(remote):
            match = SHARD_NAME.match(name.removeprefix(f"{SHARDS}/"))
            if name.startswith(f"{SHARDS}/") and match and f"{SHARDS}/docs-{match.group(1)}.parquet" in remote:
                committed += [f"{SHARDS}/docs-{match.group(1)}.parquet", name]
        if not (self.staging / MANIFEST).is_file():
            (self.staging / SHARDS).mkdir(parents=True, exist_ok=True)
            for name in committed:
                pafs.copy_files(f"{self.root}/{name}", str(self.staging / name), source_filesystem=self.fs, destination_filesystem=pafs.LocalFileSystem())
        else:
            with self.fs.open_input_stream(f"{self.root}/{MANIFEST}") as stream:
                if stream.read() != (self.staging / MANIFEST).read_bytes():
                    raise RunError(f"{self.staging} stages another run than the one at {self.uri}; pass an empty --staging directory to resume the URI's run")
            missing = [name for name in committed if not (self.staging / name).is_file()]
            if missing:
                raise RunError(
                    f"{self.uri} holds shards that its staging directory {self.staging} lacks ({missing[0]}): another machine "
                    "wrote it since; pass an empty --staging directory to resume from the URI"
                )
        for name in committed:  # a shard, once committed, never changes: what the URI holds is not sent again
            if (self.staging / name).is_file() and (self.staging / name).stat().st_size == remote[name]:
                self._pushed[name] = self._stamp(self.staging / name)

    @staticmethod
    def _stamp(path: Path) -> tuple[int, int]:
        stat = path.stat()
        return stat.st_size, stat.st_mtime_ns

    def push(self, paths: list[Path] | None = None) -> None:
        """Copy `paths` (default: every file of the staging directory, in commit order: the
        manifest, shards by sequence with docs before gates, the rest, report.json last), each
        unless unchanged since it was last sent, under a dot-name then moved into place."""
        if paths is None:
            paths = [p for p in self.staging.rglob("*") if p.is_file() and not any(part.startswith(".") for part in p.relative_to(self.staging).parts)]
            paths.sort(key=lambda p: _push_order(p.relative_to(self.staging).as_posix()))
        for path in paths:
            name, stamp = path.relative_to(self.staging).as_posix(), self._stamp(path)
            if self._pushed.get(name) == stamp:
                continue
            parent, _, base = f"{self.root}/{name}".rpartition("/")
            self.fs.create_dir(parent, recursive=True)
            partial = f"{parent}/.{base}.partial-{os.getpid()}"
            pafs.copy_files(str(path), partial, source_filesystem=pafs.LocalFileSystem(), destination_filesystem=self.fs)
            self.fs.move(partial, f"{parent}/{base}")
            self._pushed[name] = stamp


def _push_order(name: str) -> tuple:
    """The manifest first, then shards by sequence (a docs file before its gates shard, the
    commit point), then the rest, report.json last: a reader of the copy sees whole shards."""
    shard = re.match(rf"^{SHARDS}/(docs|gates)-(\d{{6}})\.parquet$", name)
    if name == MANIFEST:
        return (0,)
    if shard:
        return (1, int(shard.group(2)), shard.group(1) == "gates")
    return (3,) if name == REPORT else (2, name)


class ShardWriter:
    """One shard as it is written: gates a row group at a time under a temporary name, its
    documents once they are all in, then the rename that commits them."""

    def __init__(self, shard_dir: Path, seq: int, flush_tokens: int, documents_schema: pa.Schema):
        self.gates_path = shard_dir / f"gates-{seq:06d}.parquet"
        self.docs_path = shard_dir / f"docs-{seq:06d}.parquet"
        self.temporary = self.gates_path.with_name(f".{self.gates_path.name}.tmp-{os.getpid()}")
        self.flush_tokens, self.documents_schema = flush_tokens, documents_schema
        self.tokens = 0  # in the shard so far
        self.documents: list[dict] = []
        self._groups: list[list[pa.Table]] = []  # per group (Engram layer), tables not yet written
        self._buffered = 0
        self._writer: pq.ParquetWriter | None = None

    def add_gates(self, groups: list[pa.Table], tokens: int) -> None:
        """Rows of `tokens` positions, one table per group; each row group holds its groups in order."""
        self._groups = [old + [new] for old, new in zip(self._groups, groups)] if self._groups else [[t] for t in groups]
        self.tokens += tokens
        self._buffered += tokens
        if self._buffered >= self.flush_tokens:
            self._flush()

    def add_document(self, row: dict) -> None:
        self.documents.append(row)

    def _flush(self) -> None:
        if not self._groups:
            return
        table = pa.concat_tables([t for group in self._groups for t in group])
        if self._writer is None:
            self._writer = pq.ParquetWriter(self.temporary, table.schema)
        self._writer.write_table(table)
        self._groups, self._buffered = [], 0

    def commit(self) -> list[str]:
        """Write the documents, then rename the gates into place: their commit point."""
        self._flush()
        doc_ids = [row["doc_id"] for row in self.documents]
        self._writer.add_key_value_metadata({DOCUMENTS_KEY: json.dumps(doc_ids)})
        self._writer.close()
        write_atomically(
            self.docs_path, lambda tmp: pq.write_table(pa.Table.from_pylist(self.documents, self.documents_schema), tmp)
        )
        os.replace(self.temporary, self.gates_path)
        return doc_ids


class RunWriter:
    """Creates or resumes a run directory, holds its lock, and commits shards into it. Use it
    as a context manager: leaving it releases the lock. `run_dir` may be a `pyarrow.fs` URI:
    the run is then written in `staging` (default `staging_dir(uri)`), resumed from the URI
    when that holds no run yet, and copied to the URI at every commit and on leaving."""

    def __init__(self, run_dir: str | Path, manifest: dict, staging: Path | None = None):
        self.mirror = None
        if is_uri(run_dir):
            staging = Path(staging) if staging is not None else staging_dir(run_dir)
            self.mirror = RunMirror(run_dir, staging)
            run_dir = staging
        self.run_dir = Path(run_dir)
        self.shard_dir = self.run_dir / SHARDS
        manifest = json.loads(json.dumps(manifest, default=str))  # compare as it is stored (tuples become lists)
        if self.run_dir.exists() and not self.run_dir.is_dir():
            raise RunError(f"{self.run_dir} is a file, not a run directory; pass a new or empty --out directory")
        if (
            not (self.run_dir / MANIFEST).is_file()
            and self.run_dir.exists()
            and any(p.name != LOCK for p in self.run_dir.iterdir())
        ):
            raise RunError(f"{self.run_dir} exists and is not a probing run; pass an empty or new --out directory")
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self._lock = _hold_lock(self.run_dir)
        try:
            if self.mirror is not None:
                self.mirror.open()
            self._open(manifest)
            self._push()
        except BaseException:
            os.close(self._lock)
            raise

    def _open(self, manifest: dict) -> None:
        if (self.run_dir / MANIFEST).is_file():
            differing = identity_differences(read_manifest(self.run_dir), manifest)
            if differing:
                raise RunError(
                    f"{self.run_dir} holds a run made with other settings: {'; '.join(differing)}. "
                    "Pass the run's own values to resume it, or another --out to start a new run"
                )
        else:
            write_json(self.run_dir / MANIFEST, manifest)
        self.shard_dir.mkdir(exist_ok=True)
        self.completed = completed_documents(self.run_dir)
        shards = committed_shards(self.run_dir)
        self.next_seq = int(SHARD_NAME.match(shards[-1].name).group(1)) + 1 if shards else 0
        self._remove_uncommitted()

    def __enter__(self) -> RunWriter:
        return self

    def __exit__(self, exc_type, *_) -> None:
        try:
            self._push()  # the aggregates and report.json, or whatever was committed before an error
        except OSError:
            if exc_type is None:
                raise  # else the error that ended the run is the one to report
        finally:
            os.close(self._lock)

    def _push(self, paths: list[Path] | None = None) -> None:
        if self.mirror is not None:
            self.mirror.push(paths)

    def _remove_uncommitted(self) -> None:
        committed = {p.name.replace("gates-", "docs-") for p in committed_shards(self.run_dir)}
        for path in self.shard_dir.iterdir():
            if path.name.startswith(".") or (path.name.startswith("docs-") and path.name not in committed):
                path.unlink()

    def new_shard(self, flush_tokens: int, documents_schema: pa.Schema) -> ShardWriter:
        """The next shard; its gates go to disk whenever `flush_tokens` positions are pending."""
        self.next_seq += 1
        return ShardWriter(self.shard_dir, self.next_seq - 1, flush_tokens, documents_schema)

    def commit(self, shard: ShardWriter) -> None:
        self.completed.update(shard.commit())
        self._push([shard.docs_path, shard.gates_path])


def connect(run_dir: str | Path) -> duckdb.DuckDBPyConnection:
    """A DuckDB connection with views `gates` and `documents` over the committed shards. It is a
    cursor on a database kept per run and set of shards: opening a DuckDB database takes 25-55 ms,
    which a page of the gate browser, running a query per figure, would pay every time. A cursor
    is a connection of its own (one per thread, closed with it); what it registers or creates as
    TEMP stays its own."""
    run_dir = Path(run_dir)
    read_manifest(run_dir)
    shards = committed_shards(run_dir)
    if not shards:
        raise RunError(f"{run_dir} has no committed shards yet; let `engram-probe run` process some documents first")
    with _DATABASES_LOCK:
        return _database(tuple(p.resolve() for p in shards)).cursor()


_DATABASES_LOCK = threading.Lock()  # sessions of the gate browser query from threads of their own


@functools.lru_cache(maxsize=8)
def _database(shards: tuple[Path, ...]) -> duckdb.DuckDBPyConnection:
    # views are bound again at every query, so shards written again under the same names
    # (another scan into the directory, other columns) are read as they are now
    docs = [p.with_name(p.name.replace("gates-", "docs-")) for p in shards]
    # a bounded memory limit makes large aggregations spill to disk instead of growing
    con = duckdb.connect(config={"memory_limit": "2GB"})
    con.execute(f"CREATE VIEW gates AS SELECT * FROM read_parquet({_sql_list(shards)})")
    con.execute(f"CREATE VIEW documents AS SELECT * FROM read_parquet({_sql_list(docs)})")
    return con


def _sql_list(paths: list[Path]) -> str:
    return "[" + ", ".join("'" + str(p).replace("'", "''") + "'" for p in paths) + "]"
