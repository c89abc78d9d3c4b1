"""A probing run on disk.

    run_dir/manifest.json            what was run: model, tokenizer, corpus, options, code
    run_dir/shards/docs-000007.parquet   one row per document: text, tokens, status
    run_dir/shards/sha256-000007.json    the sha256 of the shard's two Parquet files, as committed
    run_dir/shards/gates-000007.parquet  one row per (token, Engram layer); its Parquet
                                         metadata lists the documents it completes
    run_dir/aggregates/*.parquet     n-gram statistics and gate histograms, once complete
    run_dir/aggregates/*.sha256      the sha256 of each, as written
    run_dir/report.json              counts, timings, skipped input, completeness
    run_dir/.lock                    held (flock) by the one process writing the run

Every part of a run carries its provenance: the manifest a `run_id` (a uuid4 made when the run
starts, kept across resumes), and the footer of every gates shard, docs file and stored
aggregate that id and the manifest's `corpus_hash` (`RUN_ID_KEY`, `CORPUS_KEY`), a shard's
files also its sequence number (`SHARD_KEY`). A part that names another run or corpus (a shard
or aggregate copied in from another run directory), or a shard's file under another shard's
name (a copy: its documents counted twice), is refused by name (`foreign_parts`), never read
or merged: by resuming, and by every reader, which lists the shards through `checked_shards`.
A run made before runs had an id: its parts
carry none and are read as before (`check_run` says so); resuming it gives it an id and pins
each of its shard files by sha256 in the manifest (`legacy_shards`), so only those bytes pass
unstamped from then on. An aggregate without a stamp in a run that has an id is stale: it is
computed again.

A run holds no symbolic link where its writer writes (`refuse_run_links`): every write inside
it goes through `write_atomically(..., inside=run_dir)` or `open_inside`, so a linked
`aggregates/`, lock file, shard folder, shard or manifest is refused by name, and what it
points to is never touched. Its JSON files are strict JSON (`json_text`): a non-finite number is
written as null.

Every file is written under a temporary name that starts with `TEMP_PREFIX`, and renamed
into place. A gates shard is the commit point for its documents: its docs file and its
checksum record are renamed first, so a committed gates shard always has its documents, and
a docs file or checksum record without its gates shard is an uncommitted leftover that
resuming removes. Readers glob `gates-*.parquet` and so only ever see whole shards; they
never take the lock. A gates shard is written a row group at a time, so a long document
never has to fit in memory as a whole.

Resuming trusts nothing it has not checked. A directory (or URI) that holds files but no run
is refused, and nothing in it is touched. In a run of ours, only names of ours are removed:
temporary names (`is_temporary`) and uncommitted leftovers, once the manifest has been read
and matched. Every committed shard is checked against its checksum record (a shard committed
before these records existed: its footer against its documents); one that fails, or lacks
its docs file, is named in a `RunWarning`, removed, and its documents are probed again.

A run whose home is a `pyarrow.fs` URI (`s3://`, `gs://`, `hdfs://`, `file://`) is written in
a local staging directory as above, and `RunMirror` copies it there as it goes: the manifest
first, each commit's docs file and checksum record before its gates shard, then the
aggregates and report.json, each object under a temporary name then moved into place. So
the URI, too, only ever shows whole shards. Object stores have no lock: one driver per URI
(the staging directory's lock guards one machine).
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import math
import os
import re
import shlex
import threading
import time
import uuid
import warnings
from collections.abc import Callable
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.fs as pafs
import pyarrow.parquet as pq

from engram_model import files
from engram_model.files import cache_dir, sha256_of

MANIFEST, REPORT, SHARDS, AGGREGATES, LOCK = "manifest.json", "report.json", "shards", "aggregates", ".lock"
SHARD_NAME = re.compile(r"^gates-(\d{6})\.parquet$")
SHARD_FILE = re.compile(r"^(?:(docs|gates)-(\d{6})\.parquet|sha256-(\d{6})\.json)$")  # a shard's files
DOCUMENTS_KEY = "engram_probe.documents"  # gates shard footer: the ids of the documents it commits
# the footer of every part of a run (gates shard, docs file, aggregate): the run it belongs to, its corpus;
# and of a shard's docs and gates files, the shard's sequence number (a copy under another number is refused)
RUN_ID_KEY, CORPUS_KEY, SHARD_KEY = "engram_probe.run_id", "engram_probe.corpus_hash", "engram_probe.shard"
# manifest field of a run made before runs had an id, once resumed: its unstamped shard files' sha256
LEGACY_SHARDS = "legacy_shards"
# the one prefix of every temporary name the run store writes, here and at a URI: the only
# names besides a run's own files that it ever removes
TEMP_PREFIX = ".engram-probe-tmp-"
# the temporary names of versions before TEMP_PREFIX: `.gates-000001.parquet.tmp-PID`,
# `.docs-000001.parquet.k2j3h4g5.partial` (mkstemp), `.manifest.json.partial-PID` (at a URI)
LEGACY_TEMPORARY = re.compile(r"^\.[\w.-]+?\.(?:json|parquet)\.(?:tmp-\d+|partial-\d+|[a-z0-9_]{8}\.partial)$")
# the folders of a run whose temporary files its writer may remove: those only it writes
WRITER_FOLDERS = ("", SHARDS, AGGREGATES)
# fields that define what a run holds; a resumed run must agree on all of them
IDENTITY = ("model_hash", "tokenizer_hash", "corpus_hash", "split", "text_field", "config", "options", "dtype")
RECORDED_LATER = ("dtype",)  # identity fields that runs made by earlier versions do not record
# the `engram-probe run` option that sets each identity field (by dotted path prefix)
IDENTITY_OPTIONS = {
    "model_hash": "--model",
    "config": "--model",
    "tokenizer_hash": "--tokenizer",
    "corpus_hash": "--corpus",
    "split": "--corpus",
    "text_field": "--text-field",
    "dtype": "--dtype",
    "options.max_tokens": "--max-tokens",
    "options.shard_tokens": "--shard-tokens",
    "options.record.rows": "--record-rows",
    "options.record.logprob": "--record-logprob",
    "options.record.out_norm": "--record-out-norm",
}


def fingerprint_tokenizer(tokenizer) -> str:
    """sha256 of the tokenizer's JSON, as a run's manifest records it (`tokenizer_hash`): the
    run's n-grams are text of its tokens."""
    return hashlib.sha256(tokenizer.to_str().encode()).hexdigest()


class RunError(ValueError):
    """A run directory that cannot be used as asked; the message says why and what to do."""


class RunWarning(UserWarning):
    """Something of a run that resuming found broken and repaired (a shard removed and probed again)."""


def is_temporary(name: str) -> bool:
    """Whether the file name `name` is one the run store writes before renaming it into place
    (`TEMP_PREFIX`, or the names of earlier versions)."""
    return name.startswith(TEMP_PREFIX) or bool(LEGACY_TEMPORARY.match(name))


def write_atomically(path: Path, data: bytes | Callable[[Path], None], inside: Path | None = None) -> None:
    """`engram_model.files.write_atomically` under `TEMP_PREFIX`: the one temporary name a
    resume may remove. `inside`: the run folder `path` belongs to, whose links are never followed."""
    files.write_atomically(path, data, temp_prefix=TEMP_PREFIX, inside=inside)


# the named corpora of `--corpus`, by the split of the default corpus a run's manifest records
NAMED_SPLITS = {"validation": "default", "validation-dedup": "default-dedup"}


def corpus_argument(manifest: dict | None) -> str:
    """The `--corpus` that reads a run's corpus again: a named split of the default corpus
    (`default`, `default-dedup`) or the path, quoted for a shell."""
    corpus = (manifest or {}).get("corpus")
    if not isinstance(corpus, str):
        return "default"
    return NAMED_SPLITS.get((manifest or {}).get("split"), shlex.quote(corpus))


def run_command(run_dir: str | Path, manifest: dict | None = None) -> str:
    """The `engram-probe run` command that makes (or, given its manifest, resumes) this run."""
    corpus = corpus_argument(manifest)
    return "engram-probe run" + ("" if corpus == "default" else f" --corpus {corpus}") + f" --out {shlex.quote(str(run_dir))}"


def _strict(value):
    """`value` with NaN and infinities as None (RFC 8259 JSON has neither), numpy scalars as Python's."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _strict(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_strict(item) for item in value]
    return value


def json_text(data) -> str:
    """`data` as strict JSON: a non-finite number is null; a path or other object its text."""
    return json.dumps(_strict(data), indent=2, allow_nan=False, default=str) + "\n"


def write_json(path: Path, data: dict, inside: Path | None = None) -> None:
    write_atomically(path, json_text(data).encode(), inside=inside)


def read_manifest(run_dir: Path) -> dict:
    path = Path(run_dir) / MANIFEST
    if not path.is_file():
        raise RunError(f"{run_dir} is not a probing run (no {MANIFEST}); create one with `engram-probe run --out {run_dir}`")
    try:
        manifest = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise RunError(f"{path} is corrupt ({err}); start the run again in a new directory") from err
    if isinstance(manifest, dict):  # its provenance, which every part is checked against (`part_problem`)
        run_id, pins = manifest.get("run_id"), manifest.get(LEGACY_SHARDS, {})
        if run_id is not None and not (isinstance(run_id, str) and RUN_ID.fullmatch(run_id)):
            raise RunError(f"{path}: its run_id {_quoted(run_id)} is not one `engram-probe run` writes; {REMADE}")
        if not (isinstance(pins, dict) and all(isinstance(v, str) for v in pins.values())):
            raise RunError(f"{path}: its {LEGACY_SHARDS} is not a map of file names to sha256 digests; {REMADE}")
    return manifest


RUN_ID = re.compile(r"[0-9a-f]{32}")  # a run's id: uuid4().hex
REMADE = "restore the manifest the run wrote, or probe again into a new directory"


def _quoted(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else f"{text[:40]}…"


def committed_shards(run_dir: Path) -> list[Path]:
    """The run's committed gates shards, by name only: a reader of their data lists them
    through `checked_shards`."""
    shard_dir = Path(run_dir) / SHARDS
    if not shard_dir.is_dir():
        return []
    return sorted(p for p in shard_dir.iterdir() if SHARD_NAME.match(p.name))


_REMEMBERED: dict[tuple, object] = {}
SETTLED_NS = 2_000_000_000  # a file modified longer ago than this is remembered by its stat (mtime ticks are coarse)


def remembered(path: Path, what: str, compute: Callable[[Path], object]):
    """`compute(path)`, computed once per version of the file in a process (one modified in
    the last seconds: every time). `what` names the computation. Raises OSError as `stat`."""
    stat = path.stat()
    key = (what, str(path), stat.st_ino, stat.st_size, stat.st_mtime_ns)
    if key in _REMEMBERED:
        return _REMEMBERED[key]
    value = compute(path)
    if time.time_ns() - stat.st_mtime_ns > SETTLED_NS:
        if len(_REMEMBERED) > 1 << 14:
            _REMEMBERED.clear()
        _REMEMBERED[key] = value
    return value


def provenance(manifest: dict) -> dict[str, str]:
    """The footer keys of every part the run writes: its id and corpus hash (none for a run
    made before runs had an id)."""
    if manifest.get("run_id") is None:
        return {}
    return {RUN_ID_KEY: str(manifest["run_id"]), CORPUS_KEY: str(manifest.get("corpus_hash"))}


def stamp(path: Path) -> dict[str, str] | None:
    """The provenance keys (run id, corpus, shard) a Parquet part's footer carries ({} for
    none), None when it cannot be read (damage: the checksum checks handle it)."""

    def read(path: Path) -> dict[str, str] | None:
        try:
            metadata = pq.read_metadata(path).metadata or {}
        except (OSError, pa.ArrowException):
            return None
        keys = [key for key in (RUN_ID_KEY, CORPUS_KEY, SHARD_KEY) if key.encode() in metadata]
        return {key: metadata[key.encode()].decode(errors="replace") for key in keys}

    try:
        return remembered(path, "stamp", read)
    except OSError:
        return None


def _short(value: str | None) -> str:
    return "none" if value is None else f"{value[:12]}…" if len(value) > 12 else value


def part_problem(run_dir: Path, path: Path, manifest: dict) -> str | None:
    """Why the Parquet part `path` (a shard's docs or gates file, an aggregate) is not the run's
    own, or None: its footer names another run or corpus, or, in a run that has an id, a shard
    file carries none and is not one the manifest pins as the run's from before ids."""
    found = stamp(path)
    if found is None:
        return None  # unreadable: damage, which the shard's checksums or the aggregate's check find
    own, origin = provenance(manifest), {key: found[key] for key in (RUN_ID_KEY, CORPUS_KEY) if key in found}
    if origin == own:
        shard = (shard_file(path.name) or (None, None))[1] if path.parent.name == SHARDS else None
        if own and shard is not None and found.get(SHARD_KEY) != shard:
            return f"is shard {found.get(SHARD_KEY)} of this run under another name: a copy, whose documents would count twice"
        return None
    if not origin:
        if path.parent.name == AGGREGATES:
            return None  # written before the run had an id: stale, computed again (`stored_aggregate`)
        pinned = (manifest.get(LEGACY_SHARDS) or {}).get(path.relative_to(run_dir).as_posix())
        if pinned is not None and remembered(path, "sha256", sha256_of) == pinned:
            return None
        return "carries no run id: it was written by a run of an earlier version, not by this one"
    corpus, own_corpus = found.get(CORPUS_KEY), str(manifest.get("corpus_hash"))
    if corpus != own_corpus:
        return f"was written by another run, on another corpus (sha256 {_short(corpus)}; this run's is {_short(own_corpus)})"
    run_id, own_id = found.get(RUN_ID_KEY), manifest.get("run_id")
    return f"was written by another run of the same corpus (run id {_short(run_id)}; this run's is {_short(own_id)})"


def foreign_parts(run_dir: Path, manifest: dict) -> list[tuple[Path, str]]:
    """Each docs or gates file in `shards/` (committed or not) and each aggregate that is not the
    run's own (`part_problem`), with why."""
    run_dir = Path(run_dir)
    parts = [p for p in sorted((run_dir / SHARDS).glob("*.parquet")) if (shard_file(p.name) or ("",))[0] in ("docs", "gates")]
    parts += sorted((run_dir / AGGREGATES).glob("*.parquet"))
    return [(path, problem) for path in parts if (problem := part_problem(run_dir, path, manifest)) is not None]


def refuse_foreign(run_dir: Path, manifest: dict) -> None:
    """Raise RunError naming the parts of `run_dir` that are not its own (`foreign_parts`)."""
    foreign = foreign_parts(run_dir, manifest)
    if foreign:
        (first, why), names = foreign[0], [path.relative_to(run_dir).as_posix() for path, _ in foreign]
        raise RunError(
            f"{first} {why}, so it is not part of the run in {run_dir}, which is not read while it is there: "
            f"remove {_shown(names, 6)} (copied in: this run did not write them there); resuming the run "
            f"(`{run_command(run_dir, manifest)}`) then probes again anything they replaced"
        )


def checked_shards(run_dir: Path) -> list[Path]:
    """The committed gates shards, once every part of the run is known to be its own
    (`refuse_foreign`): what every reader of a run's shards and aggregates lists."""
    run_dir = Path(run_dir)
    refuse_foreign(run_dir, read_manifest(run_dir))
    return committed_shards(run_dir)


# the paths of a run its writer writes or removes: none may be a symbolic link (`refuse_run_links`)
WRITTEN = (MANIFEST, REPORT, LOCK, SHARDS, AGGREGATES)


def refuse_run_links(run_dir: Path) -> None:
    """Raise LinkedPathError if a path of the run its writer writes or removes (`WRITTEN`, and
    every entry of its shards and aggregates folders) is a symbolic link."""
    for name in WRITTEN:
        files.refuse_links(run_dir, run_dir / name)
    for folder in (SHARDS, AGGREGATES):
        where = run_dir / folder
        for path in sorted(where.iterdir()) if where.is_dir() else ():
            files.refuse_links(run_dir, path)


def shard_files(gates: Path) -> tuple[Path, Path, Path]:
    """A committed gates shard's docs file, checksum record and itself."""
    seq = SHARD_NAME.match(gates.name).group(1)
    return gates.with_name(f"docs-{seq}.parquet"), gates.with_name(f"sha256-{seq}.json"), gates


def shard_file(name: str) -> tuple[str, str] | None:
    """(kind, sequence) of a shard's file name: kind "docs", "sha256" (its checksum record) or "gates"."""
    match = SHARD_FILE.match(name)
    return (match.group(1) or "sha256", match.group(2) or match.group(3)) if match else None


def completed_documents(run_dir: Path) -> set[str]:
    """Ids of every document a committed shard completes (read from Parquet footers only)."""
    done: set[str] = set()
    for shard in committed_shards(run_dir):
        metadata = pq.read_metadata(shard).metadata or {}
        done.update(json.loads(metadata[DOCUMENTS_KEY.encode()]))
    return done


def shard_problem(gates: Path, recorded_since: int | None = None) -> str | None:
    """What makes the committed shard `gates` unfit to resume from, or None: its docs file is
    missing, or a file's sha256 differs from its checksum record, or it has no record though
    the run records them since shard `recorded_since`; a shard committed before checksums were
    recorded (no record): a footer without its document list or documents that are not the
    ones it lists."""
    docs, record, _ = shard_files(gates)
    if not docs.is_file():
        return f"its documents ({docs.name}) are missing"
    if not record.is_file() and recorded_since is not None and int(SHARD_NAME.match(gates.name).group(1)) > recorded_since:
        return f"its checksum record {record.name} is missing (the run records one for every shard since {recorded_since})"
    if record.is_file():
        try:
            recorded = json.loads(record.read_text())
            if not isinstance(recorded, dict):
                raise ValueError("not a JSON object")
        except (OSError, UnicodeDecodeError, ValueError) as err:
            return f"its checksum record {record.name} is unreadable ({err})"
        for path in (docs, gates):
            if recorded.get(path.name) != sha256_of(path):
                return f"{path.name} does not have the sha256 recorded when it was committed (its bytes changed)"
        return None
    try:  # a shard from before checksum records: check what can be checked cheaply
        listed = json.loads((pq.read_metadata(gates).metadata or {})[DOCUMENTS_KEY.encode()])
        ids = pq.ParquetFile(docs).read(columns=["doc_id"]).column("doc_id").to_pylist()
    except (OSError, KeyError, TypeError, ValueError, pa.ArrowException) as err:
        return f"it is unreadable ({str(err).splitlines()[0] if str(err) else type(err).__name__})"
    if sorted(listed) != sorted(ids):
        return f"{docs.name} does not hold the documents {gates.name} commits"
    return None


def broken_shards(run_dir: Path) -> list[tuple[Path, str]]:
    """Each committed shard of `run_dir` that fails `shard_problem`, with why. A run records
    checksums from its first shard written by a version that records them on: a shard before
    that one is checked as such a version checked it, one after it must have its record."""
    shards = committed_shards(run_dir)
    recorded = [int(SHARD_NAME.match(g.name).group(1)) for g in shards if shard_files(g)[1].is_file()]
    since = min(recorded) if recorded else None
    return [(gates, problem) for gates in shards if (problem := shard_problem(gates, since)) is not None]


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
    # a run made before its manifest recorded a field (dtype) is compared on the others
    recorded = [key for key in IDENTITY if key in existing or key not in RECORDED_LATER]
    old, new = (_flatten({key: manifest.get(key) for key in recorded}) for manifest in (existing, wanted))
    shown = lambda v: f"{v[:12]}…" if isinstance(v, str) and len(v) > 16 else json.dumps(v)  # noqa: E731
    differences = []
    for key in sorted(set(old) | set(new)):
        if old.get(key) != new.get(key):
            option = next((o for prefix, o in IDENTITY_OPTIONS.items() if key == prefix or key.startswith(prefix + ".")), None)
            hint = f" ({option})" if option else ""
            differences.append(f"{key}{hint}: the run has {shown(old.get(key))}, this call {shown(new.get(key))}")
    return differences


def _other_settings(where: str, existing: dict, wanted: dict) -> RunError | None:
    """The refusal of a run at `where` made with other settings than `wanted`, or None."""
    if not isinstance(existing, dict) or not any(key in existing for key in IDENTITY):
        return RunError(
            f"{where} is not a probing run: it holds a {MANIFEST} that `engram-probe run` did not write; "
            "pass an empty or new --out"
        )
    differing = identity_differences(existing, wanted)
    if not differing:
        return None
    return RunError(
        f"{where} holds a run made with other settings: {'; '.join(differing)}. "
        "Pass the run's own values to resume it, or another --out to start a new run"
    )


def _hold_lock(run_dir: Path) -> int:
    """An exclusive flock on `run_dir/.lock`, with this pid written in it; the OS releases it
    when the holder exits, however it exits."""
    fd = files.open_inside(run_dir, run_dir / LOCK, os.O_RDWR | os.O_CREAT)
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


def _shown(names: list[str], most: int = 3) -> str:
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


class RunMirror:
    """A run's copy at a `pyarrow.fs` URI, kept whole while the run is written in `staging`.
    `open` (once the staging directory is locked) checks that the URI is empty or holds this
    run, and fetches the URI's run into an empty staging directory, the way another machine
    resumes it; `push` copies what is new, in commit order; `remove` takes broken shards away."""

    def __init__(self, uri: str, staging: Path):
        try:
            self.fs, root = pafs.FileSystem.from_uri(uri)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError, OSError) as err:
            raise RunError(
                f"--out {uri}: not a storage URI pyarrow can open ({err}); pass a path or an s3://, gs://, hdfs:// or file:// URI"
            ) from err
        self.uri, self.staging, self.root = uri, staging, root.rstrip("/")
        self._pushed: dict[str, tuple[int, int]] = {}  # relative path -> (size, mtime_ns) of the copy sent

    def _remote(self) -> dict[str, int]:
        """Relative path -> size of every file under the URI."""
        try:
            listing = self.fs.get_file_info(pafs.FileSelector(self.root, recursive=True, allow_not_found=True))
        except NotADirectoryError as err:
            raise RunError(f"{self.uri} is a file, not a run directory; pass a new or empty --out URI") from err
        return {info.path[len(self.root) + 1 :]: info.size for info in listing if info.type == pafs.FileType.File}

    def _read(self, name: str) -> bytes:
        with self.fs.open_input_stream(f"{self.root}/{name}") as stream:
            return stream.read()

    def _sha256(self, name: str) -> str:
        digest = hashlib.sha256()
        with self.fs.open_input_stream(f"{self.root}/{name}") as stream:
            for chunk in iter(lambda: stream.read(1 << 22), b""):
                digest.update(chunk)
        return digest.hexdigest()

    def _delete(self, names) -> None:
        for name in names:
            try:
                self.fs.delete_file(f"{self.root}/{name}")
            except FileNotFoundError:
                pass
            self._pushed.pop(name, None)

    def open(self, manifest: dict) -> list[str]:
        """Refuse a URI that holds files but no run, or a run made with other settings than
        `manifest`, touching nothing. Else, the URI being empty or this run: remove what a
        killed driver left there (temporary names, uncommitted docs files and checksum
        records, gates shards whose docs file is lost), then fetch the manifest and committed
        shards into a staging directory that holds no run, or refuse a staging directory that
        is behind the URI or holds another run. Returns the warnings about what was removed."""
        remote = self._remote()
        temporary = [n for n in remote if is_temporary(n.rpartition("/")[2]) and not _hidden_folder(n)]
        files = sorted(n for n in remote if n not in temporary)
        if MANIFEST not in files:
            if files:
                raise RunError(
                    f"{self.uri} holds files that are not a probing run ({_shown(files)}); pass an empty or new --out URI, "
                    "or the URI of a run of `engram-probe run` to resume it"
                )
            self._delete(temporary)  # nothing but names of ours: an empty target
            return []
        remote_manifest = self._read(MANIFEST)
        try:
            existing = json.loads(remote_manifest)
        except (UnicodeDecodeError, json.JSONDecodeError) as err:
            raise RunError(f"{self.uri}/{MANIFEST} is corrupt ({err}); pass another --out URI to start the run again") from err
        refusal = _other_settings(self.uri, existing, manifest)
        if refusal is not None:
            raise refusal
        # this run: sort its shards' files into committed shards, lost documents and leftovers
        by_seq: dict[str, dict[str, str]] = {}
        for name in files:
            kind_seq = shard_file(name.removeprefix(f"{SHARDS}/")) if name.startswith(f"{SHARDS}/") else None
            if kind_seq is not None:
                by_seq.setdefault(kind_seq[1], {})[kind_seq[0]] = name
        committed, orphans, leftovers, warned = [MANIFEST], [], [], []
        for seq, kinds in sorted(by_seq.items()):
            if "gates" in kinds and "docs" in kinds:
                committed += [kinds[kind] for kind in ("docs", "sha256", "gates") if kind in kinds]
            elif "gates" in kinds:  # its documents are lost: the shard goes, and comes back from staging or a new probe
                orphans += [kinds[kind] for kind in ("gates", "sha256") if kind in kinds]
            else:
                leftovers += kinds.values()
        staged = (self.staging / MANIFEST).is_file()
        for name in orphans:
            seq = shard_file(name.rpartition("/")[2])
            if seq[0] == "gates":
                again = "sent again from the staging directory" if staged and (self.staging / name).is_file() else "probed again"
                warned.append(
                    f"{self.uri}/{name} has lost its documents ({SHARDS}/docs-{seq[1]}.parquet): "
                    f"shard {seq[1]} removed from the URI, its documents are {again}"
                )
        if staged:
            if remote_manifest != (self.staging / MANIFEST).read_bytes():
                raise RunError(
                    f"{self.staging} stages another run than the one at {self.uri}; "
                    "pass an empty --staging directory to resume the URI's run"
                )
            missing = [name for name in committed if not (self.staging / name).is_file() and not name.endswith(".json")]
            if missing:
                raise RunError(
                    f"{self.uri} holds shards that its staging directory {self.staging} lacks ({missing[0]}): another machine "
                    "wrote it since; pass an empty --staging directory to resume from the URI"
                )
        # known to be this run: only now is anything removed, and only names of ours
        self._delete(temporary)
        self._delete(orphans)
        self._delete(leftovers)
        if not staged:
            (self.staging / SHARDS).mkdir(parents=True, exist_ok=True)
            for name in committed:  # the copies are checked against their checksums once staged (RunWriter)
                self._fetch(name)
            return warned
        broken = None  # the staged shards that fail their checks: RunWriter names and removes them
        for name in committed[1:]:  # a committed file that the URI holds as staged is not sent again
            path = self.staging / name
            if not path.is_file():  # a checksum record the staging directory lacks: checked with the shard (RunWriter)
                self._fetch(name)
            elif path.stat().st_size == remote[name] and self._sha256(name) == sha256_of(path):
                self._pushed[name] = self._stamp(path)
            else:
                broken = {gates.name for gates, _ in broken_shards(self.staging)} if broken is None else broken
                if f"gates-{shard_file(path.name)[1]}.parquet" not in broken:
                    warned.append(f"{self.uri}/{name} differs from its staged copy {path}: sent again")
        self._pushed[MANIFEST] = self._stamp(self.staging / MANIFEST)
        return warned

    def _fetch(self, name: str) -> None:
        """Copy `name` from the URI into the staging directory, as sent."""
        target, local = self.staging / name, pafs.LocalFileSystem()
        pafs.copy_files(f"{self.root}/{name}", str(target), source_filesystem=self.fs, destination_filesystem=local)
        self._pushed[name] = self._stamp(target)

    def remove(self, names: list[str]) -> None:
        """Delete these files (relative paths) from the URI, in this order."""
        self._delete(names)

    @staticmethod
    def _stamp(path: Path) -> tuple[int, int]:
        stat = path.stat()
        return stat.st_size, stat.st_mtime_ns

    def push(self, paths: list[Path] | None = None) -> None:
        """Copy `paths` (default: every file of the staging directory, in commit order: the
        manifest, shards by sequence with docs and checksums before gates, the rest,
        report.json last), each unless unchanged since it was last sent, under a temporary name
        then moved into place."""
        if paths is None:
            paths = [
                p for p in self.staging.rglob("*")
                if p.is_file() and not any(part.startswith(".") for part in p.relative_to(self.staging).parts)
            ]  # fmt: skip
            paths.sort(key=lambda p: _push_order(p.relative_to(self.staging).as_posix()))
        for path in paths:
            name, stamp = path.relative_to(self.staging).as_posix(), self._stamp(path)
            if self._pushed.get(name) == stamp:
                continue
            parent, _, base = f"{self.root}/{name}".rpartition("/")
            self.fs.create_dir(parent, recursive=True)
            partial = f"{parent}/{TEMP_PREFIX}{base}.partial-{os.getpid()}"
            pafs.copy_files(str(path), partial, source_filesystem=pafs.LocalFileSystem(), destination_filesystem=self.fs)
            self.fs.move(partial, f"{parent}/{base}")
            self._pushed[name] = stamp


def _hidden_folder(name: str) -> bool:
    """Whether the relative path `name` lies in a folder whose name starts with a dot (`.git/`)."""
    return any(part.startswith(".") for part in name.split("/")[:-1])


def _push_order(name: str) -> tuple:
    """The manifest first, then shards by sequence (a docs file and checksum record before its
    gates shard, the commit point), then the rest, report.json last: a reader of the copy sees
    whole shards."""
    kind_seq = shard_file(name.removeprefix(f"{SHARDS}/")) if name.startswith(f"{SHARDS}/") else None
    if name == MANIFEST:
        return (0,)
    if kind_seq:
        return (1, int(kind_seq[1]), ("docs", "sha256", "gates").index(kind_seq[0]))
    return (3,) if name == REPORT else (2, name)


class ShardWriter:
    """One shard as it is written: gates a row group at a time under a temporary name, its
    documents once they are all in, the checksums of both, then the rename that commits them."""

    def __init__(self, run_dir: Path, seq: int, flush_tokens: int, documents_schema: pa.Schema, footer: dict[str, str]):
        self.run_dir, shard_dir = run_dir, run_dir / SHARDS
        self.gates_path = shard_dir / f"gates-{seq:06d}.parquet"
        self.docs_path = shard_dir / f"docs-{seq:06d}.parquet"
        self.sums_path = shard_dir / f"sha256-{seq:06d}.json"
        self.temporary = self.gates_path.with_name(f"{TEMP_PREFIX}{self.gates_path.name}.{os.getpid()}")
        self.flush_tokens, self.footer = flush_tokens, footer  # footer: the run's `provenance`, on both files
        self.documents_schema = documents_schema.with_metadata({**(documents_schema.metadata or {}), **footer})
        self.tokens = 0  # in the shard so far
        self.documents: list[dict] = []
        self._groups: list[list[pa.Table]] = []  # per group (Engram layer), tables not yet written
        self._buffered = 0
        self._writer: pq.ParquetWriter | None = None
        self._sink = None  # the temporary file, opened inside the run (never through a link)

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
            flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
            self._sink = os.fdopen(files.open_inside(self.run_dir, self.temporary, flags), "wb")
            self._writer = pq.ParquetWriter(self._sink, table.schema)
        self._writer.write_table(table)
        self._groups, self._buffered = [], 0

    def commit(self) -> list[str]:
        """Write the documents and the checksums of both files, then rename the gates into
        place: their commit point."""
        self._flush()
        doc_ids = [row["doc_id"] for row in self.documents]
        self._writer.add_key_value_metadata({DOCUMENTS_KEY: json.dumps(doc_ids), **self.footer})
        self._writer.close()
        self._sink.close()
        write_atomically(
            self.docs_path,
            lambda tmp: pq.write_table(pa.Table.from_pylist(self.documents, self.documents_schema), tmp),
            inside=self.run_dir,
        )
        sums = {self.docs_path.name: sha256_of(self.docs_path), self.gates_path.name: sha256_of(self.temporary)}
        write_json(self.sums_path, sums, inside=self.run_dir)  # before the commit point: a committed shard always has its record
        os.replace(self.temporary, self.gates_path)
        return doc_ids


class RunWriter:
    """Creates or resumes a run directory, holds its lock, and commits shards into it. Use it
    as a context manager: leaving it releases the lock. `run_dir` may be a `pyarrow.fs` URI:
    the run is then written in `staging` (default `staging_dir(uri)`), resumed from the URI
    when that holds no run yet, and copied to the URI at every commit and on leaving.
    `repairs` lists what resuming found broken and repaired (each also a `RunWarning`)."""

    def __init__(self, run_dir: str | Path, manifest: dict, staging: Path | None = None):
        self.mirror = None
        self.repairs: list[str] = []
        if is_uri(run_dir):
            staging = Path(staging) if staging is not None else staging_dir(run_dir)
            self.mirror = RunMirror(run_dir, staging)
            run_dir = staging
        self.run_dir = Path(run_dir)
        self.shard_dir = self.run_dir / SHARDS
        manifest = json.loads(json_text(manifest))  # compare as it is stored (tuples become lists, NaN null)
        if self.run_dir.exists() and not self.run_dir.is_dir():
            raise RunError(f"{self.run_dir} is a file, not a run directory; pass a new or empty --out directory")
        if self.run_dir.is_dir():  # before anything is read, fetched or written: the writer never follows a link out of it
            refuse_run_links(self.run_dir)
        if (self.run_dir / MANIFEST).is_file():  # a manifest another tool wrote: refused before the lock file is made
            existing = read_manifest(self.run_dir)
            if not isinstance(existing, dict) or not any(key in existing for key in IDENTITY):
                raise _other_settings(str(self.run_dir), existing, manifest)
        elif self.run_dir.exists():
            foreign = sorted(p.name for p in self.run_dir.iterdir() if p.name != LOCK and not is_temporary(p.name))
            if foreign:
                raise RunError(
                    f"{self.run_dir} exists and is not a probing run (it holds {_shown(foreign)}); "
                    "pass an empty or new --out directory"
                )
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self._lock = _hold_lock(self.run_dir)
        try:
            if self.mirror is not None:
                for warning in self.mirror.open(manifest):
                    self._warn(warning)
            self._open(manifest)
            self._push()
        except BaseException:
            os.close(self._lock)
            raise

    def _warn(self, message: str) -> None:
        self.repairs.append(message)
        warnings.warn(message, RunWarning, stacklevel=3)

    def _open(self, manifest: dict) -> None:
        if (self.run_dir / MANIFEST).is_file():
            self.manifest = read_manifest(self.run_dir)
            refusal = _other_settings(str(self.run_dir), self.manifest, manifest)
            if refusal is not None:
                raise refusal
        else:
            self.manifest = dict(manifest, run_id=uuid.uuid4().hex)
            write_json(self.run_dir / MANIFEST, self.manifest, inside=self.run_dir)
        # known to be this run (its manifest matched, or just written into an empty directory); a part
        # of another run in it is refused before anything is removed
        refuse_foreign(self.run_dir, self.manifest)
        self.shard_dir.mkdir(exist_ok=True)
        self._remove_temporaries()
        self._remove_uncommitted()
        self._remove_broken()
        if self.manifest.get("run_id") is None:
            self._give_id()
        self.completed = completed_documents(self.run_dir)
        shards = committed_shards(self.run_dir)
        self.next_seq = int(SHARD_NAME.match(shards[-1].name).group(1)) + 1 if shards else 0

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

    def _remove_temporaries(self) -> None:
        """What a killed writer left under a temporary name, in the folders only the writer writes."""
        for folder in WRITER_FOLDERS:
            where = self.run_dir / folder
            for path in where.iterdir() if where.is_dir() else ():
                if path.is_file() and is_temporary(path.name):
                    path.unlink()

    def _remove_uncommitted(self) -> None:
        """Docs files and checksum records whose gates shard was never renamed into place."""
        committed = {SHARD_NAME.match(p.name).group(1) for p in committed_shards(self.run_dir)}
        for path in self.shard_dir.iterdir():
            kind_seq = shard_file(path.name)
            if kind_seq and kind_seq[0] != "gates" and kind_seq[1] not in committed and path.is_file():
                path.unlink()

    def _remove_broken(self) -> None:
        """Committed shards that fail their checks (`shard_problem`): named, removed here and at
        the URI (the gates shard first: it uncommits the documents), so they are probed again."""
        for gates, problem in broken_shards(self.run_dir):
            files = list(reversed(shard_files(gates)))
            where = f" here and at {self.mirror.uri}" if self.mirror is not None else ""
            self._warn(f"{gates}: {problem}; shard {gates.name} removed{where}, its documents are probed again")
            for path in files:
                path.unlink(missing_ok=True)
            if self.mirror is not None:
                self.mirror.remove([f"{SHARDS}/{path.name}" for path in files])

    def _give_id(self) -> None:
        """A run made before runs had an id gets one; its shard files (checked above) are pinned by
        sha256, the one way a part without the id is still the run's own (`part_problem`)."""
        pinned = {
            path.relative_to(self.run_dir).as_posix(): sha256_of(path)
            for gates in committed_shards(self.run_dir)
            for path in shard_files(gates)[::2]  # the docs file and the gates shard
        }
        self.manifest = dict(self.manifest, run_id=uuid.uuid4().hex, **{LEGACY_SHARDS: pinned})
        write_json(self.run_dir / MANIFEST, self.manifest, inside=self.run_dir)

    def new_shard(self, flush_tokens: int, documents_schema: pa.Schema) -> ShardWriter:
        """The next shard; its gates go to disk whenever `flush_tokens` positions are pending."""
        self.next_seq += 1
        seq = self.next_seq - 1
        footer = {**provenance(self.manifest), SHARD_KEY: f"{seq:06d}"}
        return ShardWriter(self.run_dir, seq, flush_tokens, documents_schema, footer)

    def commit(self, shard: ShardWriter) -> None:
        self.completed.update(shard.commit())
        self._push([shard.docs_path, shard.sums_path, shard.gates_path])


def connect(run_dir: str | Path) -> duckdb.DuckDBPyConnection:
    """A DuckDB connection with views `gates` and `documents` over the committed shards. It is a
    cursor on a database kept per run and set of shards: opening a DuckDB database takes 25-55 ms,
    which a page of the gate browser, running a query per figure, would pay every time. A cursor
    is a connection of its own (one per thread, closed with it); what it registers or creates as
    TEMP stays its own."""
    run_dir = Path(run_dir)
    shards = checked_shards(run_dir)
    if not shards:
        raise RunError(f"{run_dir} has no committed shards yet; let `engram-probe run` process some documents first")
    with _DATABASES_LOCK:
        return _database(tuple(p.resolve() for p in shards)).cursor()


def has_gate_column(con: duckdb.DuckDBPyConnection, column: str) -> bool:
    """Whether the run's gates shards have `column` (optional ones: `rows`, `next_logprob`)."""
    return column in [row[0] for row in con.sql("DESCRIBE gates").fetchall()]


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
