"""A probing run on disk.

    run_dir/manifest.json            what was run: model, tokenizer, corpus, options, code
    run_dir/shards/docs-000007.parquet   one row per document: text, tokens, status
    run_dir/shards/gates-000007.parquet  one row per (token, Engram layer); its Parquet
                                         metadata lists the documents it completes
    run_dir/aggregates/*.parquet     n-gram statistics and gate histograms, once complete
    run_dir/report.json              counts, timings, skipped input, completeness

Every file is written under a dot-name and renamed into place. A gates shard is the commit
point for its documents: its docs file is renamed first, so a committed gates shard always
has its documents, and a docs file without its gates shard is an uncommitted leftover that
resuming removes. Readers glob `gates-*.parquet` and so only ever see whole shards.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

MANIFEST, REPORT, SHARDS, AGGREGATES = "manifest.json", "report.json", "shards", "aggregates"
SHARD_NAME = re.compile(r"^gates-(\d{6})\.parquet$")
# fields that define what a run measures; a resumed run must agree on all of them
IDENTITY = ("model_hash", "tokenizer_hash", "corpus_hash", "config", "options")


class RunError(ValueError):
    """A run directory that cannot be used as asked; the message says why and what to do."""


def write_atomically(path: Path, write) -> None:
    """Call `write(temporary_path)`, then rename the result to `path`."""
    temporary = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        write(temporary)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


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
        done.update(json.loads(metadata[b"engram_probe.documents"]))
    return done


class RunWriter:
    """Creates or resumes a run directory and commits shards into it."""

    def __init__(self, run_dir: str | Path, manifest: dict):
        self.run_dir = Path(run_dir)
        self.shard_dir = self.run_dir / SHARDS
        manifest = json.loads(json.dumps(manifest, default=str))  # compare as it is stored (tuples become lists)
        if (self.run_dir / MANIFEST).is_file():
            existing = read_manifest(self.run_dir)
            differing = [key for key in IDENTITY if existing.get(key) != manifest.get(key)]
            if differing:
                raise RunError(
                    f"{self.run_dir} holds a run with other {', '.join(differing)}; "
                    "pass another --out to start a new run, or the same model, corpus and options to resume it"
                )
        elif self.run_dir.exists() and any(self.run_dir.iterdir()):
            raise RunError(f"{self.run_dir} exists and is not a probing run; pass an empty or new --out directory")
        else:
            self.shard_dir.mkdir(parents=True, exist_ok=True)
            write_json(self.run_dir / MANIFEST, manifest)
        self.shard_dir.mkdir(exist_ok=True)
        self.completed = completed_documents(self.run_dir)
        shards = committed_shards(self.run_dir)
        self.next_seq = int(SHARD_NAME.match(shards[-1].name).group(1)) + 1 if shards else 0
        self._remove_uncommitted()

    def _remove_uncommitted(self) -> None:
        committed = {p.name.replace("gates-", "docs-") for p in committed_shards(self.run_dir)}
        for path in self.shard_dir.iterdir():
            if path.name.startswith(".") or (path.name.startswith("docs-") and path.name not in committed):
                path.unlink()

    def commit(self, gates: pa.Table, documents: pa.Table) -> Path:
        """Write one shard: its documents, then the gates that commit them."""
        seq = self.next_seq
        doc_ids = documents.column("doc_id").to_pylist()
        write_atomically(self.shard_dir / f"docs-{seq:06d}.parquet", lambda tmp: pq.write_table(documents, tmp))
        gates = gates.replace_schema_metadata({"engram_probe.documents": json.dumps(doc_ids)})
        path = self.shard_dir / f"gates-{seq:06d}.parquet"
        write_atomically(path, lambda tmp: pq.write_table(gates, tmp))
        self.completed.update(doc_ids)
        self.next_seq += 1
        return path


def connect(run_dir: str | Path) -> duckdb.DuckDBPyConnection:
    """A DuckDB connection with views `gates` and `documents` over the committed shards."""
    run_dir = Path(run_dir)
    read_manifest(run_dir)
    shards = committed_shards(run_dir)
    if not shards:
        raise RunError(f"{run_dir} has no committed shards yet; let `engram-probe run` process some documents first")
    docs = [p.with_name(p.name.replace("gates-", "docs-")) for p in shards]
    # a bounded memory limit makes large aggregations spill to disk instead of growing
    con = duckdb.connect(config={"memory_limit": "2GB"})
    con.execute(f"CREATE VIEW gates AS SELECT * FROM read_parquet({_sql_list(shards)})")
    con.execute(f"CREATE VIEW documents AS SELECT * FROM read_parquet({_sql_list(docs)})")
    return con


def _sql_list(paths: list[Path]) -> str:
    return "[" + ", ".join("'" + str(p).replace("'", "''") + "'" for p in paths) + "]"
