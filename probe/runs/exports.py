"""Exports of a run's tables: the one writer for every file a user opens elsewhere."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

import duckdb

from .aggregate import gate_histogram, ngram_stats
from .store import connect, write_atomically

EXPORTABLE = ("gates", "documents", "ngram_stats", "gate_histogram")


def export_table(run_dir: str | Path, table: str, out: str | Path, format: str = "csv") -> None:
    """Write one of a run's tables (`EXPORTABLE`) to `out` as CSV or JSON lines ("json"),
    under a temporary name renamed into place. An OSError names `out`, not the temporary."""
    if table not in EXPORTABLE or format not in ("csv", "json"):
        raise ValueError(f"cannot export table {table!r} as {format!r}: tables are {', '.join(EXPORTABLE)}, formats csv and json")
    computed = {"ngram_stats": ngram_stats, "gate_histogram": gate_histogram}
    with connect(run_dir) as con:
        if table in computed:
            con.register("result", computed[table](run_dir))
        else:
            con.execute(f"CREATE TEMP VIEW result AS SELECT * FROM {table}")

        def copy(temporary: Path) -> None:
            try:
                con.execute(f"COPY result TO '{str(temporary).replace(chr(39), chr(39) * 2)}' (FORMAT {format.upper()})")
            except duckdb.IOException as err:  # DuckDB puts the errno into its message
                found = re.search(r'"errno":"(\d+)"', str(err))
                raise OSError(int(found.group(1)) if found else errno.EIO, str(err).splitlines()[0]) from err

        try:
            write_atomically(Path(out), copy)
        except OSError as err:
            raise OSError(err.errno, os.strerror(err.errno) if err.errno else err.strerror, str(out)) from err
