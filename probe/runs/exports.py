"""The one writer for every file a user opens elsewhere: a run's tables (`engram-probe export`),
the app's CSV and JSON downloads, and the tables and results the commands write.

CSV follows OWASP's advice on CSV injection. A text cell, a nested value (a list or struct,
written as JSON text: CSV has no type for it) or a column name that begins with a character a
spreadsheet takes as the start of a formula (`FORMULA_START`: = + - @, tab, carriage return,
line feed, and the full-width = + - @) is written with a single quote (') before it, which
spreadsheets read as "this cell is text" and do not show. So `=HYPERLINK(...)` from a corpus is
shown, never run. Numeric columns stay numbers (a negative number keeps its sign; NaN and
infinities are written `nan`, `inf`, `-inf`).

JSON is strict RFC 8259: NaN and ±Infinity, which JSON has no literal for, are written as
`null`, at any depth; everything else is written as it is (text unescaped, no quote added).

Files are written under a temporary name beside the target, `.NAME.PID.XXXXXXXX.partial`, and
renamed over it, so a reader finds the old file or the new one, never half of one. A killed
writer leaves its temporary; the next write to the same target removes those whose writer
(the PID in the name) is gone, and never one a live writer is still filling.

`check_target` is the one check of a path the user names for us to write (`--out`, `--json`,
...): never a link, a device, a folder where a file is meant, or a path inside a run or a
checkpoint that the writing command does not own.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pa_csv

from engram_model.files import LinkedPathError, refuse_links, remove_leftovers, write_atomically

from .aggregate import gate_histogram, ngram_stats
from .store import LOCK, MANIFEST, SHARDS, connect, json_text

EXPORTABLE = ("gates", "documents", "ngram_stats", "gate_histogram")
FORMATS = ("csv", "json")
STDOUT = "-"  # `--out -`: standard output instead of a file

# what a spreadsheet reads as the start of a formula (OWASP: = + - @ tab CR; line feed and the
# full-width forms, which some spreadsheets read as their ASCII twins, for good measure)
FORMULA_START = "=+-@\t\r\n\uff1d\uff0b\uff0d\uff20"
FORMULA = "^[=+\\-@\t\r\n\uff1d\uff0b\uff0d\uff20]"  # FORMULA_START as a pattern RE2 (pyarrow) and Python read alike
# rows per batch of a run's table: a documents row holds a whole text, a gates row one token
BATCH_ROWS = {"documents": 64}
DEFAULT_BATCH_ROWS = 32_768


class OutputError(ValueError):
    """A path we will not write (a link, a device, a folder, a run's or checkpoint's file); the
    message names it and the fix."""


# --- cells ---------------------------------------------------------------------------------


def neutralised(text: str) -> str:
    """`text`, with a single quote before it when a spreadsheet would read it as a formula."""
    return "'" + text if re.match(FORMULA, text) else text


def finite(array: pa.Array | pa.ChunkedArray) -> pa.Array | pa.ChunkedArray:
    """`array` with every NaN and infinity, at any depth of lists and structs, made null."""
    if isinstance(array, pa.ChunkedArray):
        return pa.chunked_array([finite(chunk) for chunk in array.chunks], array.type)
    kind = array.type
    if pa.types.is_floating(kind):
        return pc.if_else(pc.is_finite(array), array, pa.scalar(None, kind))
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        offsets = array.offsets  # of this slice, into the whole child array
        start = offsets[0].as_py()
        values = finite(array.values.slice(start, offsets[-1].as_py() - start))
        return type(array).from_arrays(pc.subtract(offsets, start), values, mask=array.is_null())
    if pa.types.is_fixed_size_list(kind):
        return pa.FixedSizeListArray.from_arrays(finite(array.flatten()), kind.list_size, mask=array.is_null())
    if pa.types.is_struct(kind):
        return pa.StructArray.from_arrays([finite(f) for f in array.flatten()], fields=list(kind), mask=array.is_null())
    return array


def json_value(value) -> str:
    """One value of a table as strict JSON (its floats made finite or None by `finite` first)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, default=str)


def csv_column(column: pa.Array) -> pa.Array:
    """A column as CSV writes it safely: text neutralised, nested values as neutralised JSON text."""
    if pa.types.is_dictionary(column.type):
        column = column.dictionary_decode()
    if pa.types.is_nested(column.type):
        column = pa.array([None if v is None else json_value(v) for v in finite(column).to_pylist()], pa.string())
    if pa.types.is_string(column.type) or pa.types.is_large_string(column.type) or pa.types.is_string_view(column.type):
        column = column.cast(pa.string()) if pa.types.is_string_view(column.type) else column
        quote = pa.scalar("'", column.type)
        return pc.if_else(
            pc.match_substring_regex(column, FORMULA),
            pc.binary_join_element_wise(quote, column, pa.scalar("", column.type)),
            column,
        )
    return column


def csv_batch(batch: pa.RecordBatch) -> pa.RecordBatch:
    return pa.RecordBatch.from_arrays(
        [csv_column(column) for column in batch.columns], names=[neutralised(name) for name in batch.schema.names]
    )


# --- writers -------------------------------------------------------------------------------


def csv_name(name: str) -> str:
    """A column name for the header row: neutralised, and quoted only where CSV needs it (pyarrow quotes them all)."""
    name = neutralised(name)
    return '"' + name.replace('"', '""') + '"' if re.search('[",\r\n]', name) else name


def write_csv(batches: Iterable[pa.RecordBatch], schema: pa.Schema, sink: BinaryIO) -> None:
    """The batches as CSV with a header row, one batch in memory at a time (see the module docstring)."""
    empty = pa.RecordBatch.from_arrays([pa.array([], field.type) for field in schema], schema=schema)
    sink.write((",".join(csv_name(name) for name in schema.names) + "\n").encode())
    with pa_csv.CSVWriter(sink, csv_batch(empty).schema, write_options=pa_csv.WriteOptions(include_header=False)) as writer:
        for batch in batches:
            writer.write_batch(csv_batch(batch))


def write_json_lines(batches: Iterable[pa.RecordBatch], sink: BinaryIO) -> None:
    """The batches as JSON lines, one object per row, strict (non-finite numbers as null)."""
    for batch in batches:
        rows = pa.Table.from_arrays([finite(c) for c in batch.columns], names=batch.schema.names).to_pylist()
        sink.write("".join(json_value(row) + "\n" for row in rows).encode())


def table_bytes(table: pa.Table, format: str) -> bytes:
    """A whole (small) table as CSV, or as one strict JSON list of row objects: what the app offers to download."""
    if format == "csv":
        sink = pa.BufferOutputStream()
        write_csv(table.to_batches(), table.schema, sink)
        return sink.getvalue().to_pybytes()
    rows = pa.Table.from_arrays([finite(c) for c in table.columns], names=table.column_names).to_pylist()
    return json.dumps(rows, ensure_ascii=False, allow_nan=False, default=str, indent=1).encode()


def write_table(batches: Iterable[pa.RecordBatch], schema: pa.Schema, format: str, sink: BinaryIO) -> None:
    if format == "csv":
        write_csv(batches, schema, sink)
    else:
        write_json_lines(batches, sink)


# --- files ---------------------------------------------------------------------------------


def write_file(path: str | Path, data: bytes | Callable[[BinaryIO], None]) -> None:
    """Write `path` (bytes, or `data(file)` filling an open binary file) through a temporary
    beside it renamed over it, after removing the temporaries that killed writers of `path`
    left (`engram_model.files.remove_leftovers`: never one whose writer still runs). The path
    is checked again here (`check_written`): a link or device that appeared since the command
    started is refused. An OSError names `path`, not the temporary."""
    path = Path(path)
    check_written(path)
    remove_leftovers(path)

    def fill(staged: Path) -> None:
        with open(staged, "wb") as file:
            data(file)

    try:
        write_atomically(path, data if isinstance(data, bytes) else fill)
    except OSError as err:
        raise OSError(err.errno, os.strerror(err.errno) if err.errno else err.strerror, str(path)) from err


def write_json(path: str | Path, data) -> None:
    """A JSON result file, strict (`probe.runs.store.json_text`: NaN and infinities as null)."""
    write_file(path, json_text(data).encode())


def export_table(run_dir: str | Path, table: str, out: str | Path | BinaryIO, format: str = "csv") -> None:
    """Write one of a run's tables (`EXPORTABLE`) to `out` (a path, or an open binary file such
    as standard output) as CSV or JSON lines ("json"), a batch of rows at a time: the gates
    table of a large run never sits in memory whole."""
    if table not in EXPORTABLE or format not in FORMATS:
        raise ValueError(f"cannot export table {table!r} as {format!r}: tables are {', '.join(EXPORTABLE)}, formats csv and json")
    computed = {"ngram_stats": ngram_stats, "gate_histogram": gate_histogram}
    with connect(run_dir) as con:
        if table in computed:
            reader = computed[table](run_dir).to_reader(max_chunksize=DEFAULT_BATCH_ROWS)
        else:
            reader = con.sql(f"SELECT * FROM {table}").to_arrow_reader(BATCH_ROWS.get(table, DEFAULT_BATCH_ROWS))
        if isinstance(out, (str, Path)):
            write_file(out, lambda file: write_table(reader, reader.schema, format, file))
        else:
            write_table(reader, reader.schema, format, out)


# --- targets -------------------------------------------------------------------------------

# the folder of a run each kind of command writes its results into (probe.runs.artefacts.ARTEFACTS)
RUN_FOLDERS = {"analysis": "analysis", "offload": "offload"}


def run_or_checkpoint(folder: Path) -> str | None:
    """What `folder` holds: a "run", a "checkpoint" (ours, or a transformers directory) or neither (None)."""
    if (folder / "config.json").is_file() and (
        (folder / "manifest.json").is_file()
        or (folder / "model.safetensors.index.json").is_file()
        or any(folder.glob("*.safetensors"))
    ):
        return "checkpoint"
    # a run's manifest beside the shards folder or the lock its writer takes first (a project's own
    # manifest.json, a web app's say, makes no run)
    is_run = (folder / MANIFEST).is_file() and ((folder / SHARDS).is_dir() or (folder / LOCK).exists())
    return "run" if is_run else None


def check_target(path: str | Path, *, folder: bool = False, owns: str | None = None, stdout: bool = False) -> None:
    """Refuse `path` as a place to write, in an OutputError naming it and the fix, where writing
    it could destroy what the command did not make: a symbolic link (we would replace it or write
    through it), anything but a regular file (a device, FIFO or socket: never replaced; a
    folder, where a file is meant) and a path inside a run or a checkpoint. `folder`: `path` is a
    folder to write files into. `owns`: what the command may write inside a run (its folder of
    `RUN_FOLDERS`: "analysis", "offload") or "checkpoint" (a folder that is a checkpoint it
    replaces). `stdout`: the command takes `--out -` instead."""
    path = Path(path)
    instead = " (or `--out -` to write to standard output)" if stdout else ""
    if path.is_symlink():
        raise OutputError(
            f"{path} is a symbolic link, which writing would replace or write through; pass the path it points to, "
            f"or another path{instead}"
        )
    if path.exists():
        if not path.is_dir() and not path.is_file():
            raise OutputError(
                f"{path} is not a regular file (a device, FIFO or socket), which is never replaced; "
                f"pass a {'folder' if folder else 'file'} path{instead}"
            )
        if path.is_dir() and not folder:
            raise OutputError(f"{path} is a folder; pass a file path, inside it or elsewhere")
        if path.is_file() and folder:
            raise OutputError(f"{path}: File exists; pass a path that does not exist yet, or a folder")
    # the path as written (a link inside a run, on the way, counts as inside it) and where it leads
    for target in dict.fromkeys((Path(os.path.abspath(path)), path.resolve())):
        for container in (target, *target.parents) if folder else target.parents:
            refuse_container(path, target, container, owns)


def refuse_container(path: Path, target: Path, container: Path, owns: str | None) -> None:
    """`check_target`'s refusal of `target` (where `path` leads) inside `container`, a run or checkpoint it does not own."""
    kind = run_or_checkpoint(container)
    if kind is None or (kind == "checkpoint" and owns == "checkpoint" and container == target):
        return
    if kind == "run" and owns in RUN_FOLDERS and target.relative_to(container).parts[:1] == (RUN_FOLDERS[owns],):
        try:  # a run's own folder for these results: still never through a link inside the run
            refuse_links(container, target)
        except LinkedPathError as err:
            raise OutputError(f"{path}: {err}") from err
        return
    allowed = f", or into {container / RUN_FOLDERS[owns]}" if kind == "run" and owns in RUN_FOLDERS else ""
    writer = "`engram-probe run`" if kind == "run" else "the command that saved it"
    raise OutputError(
        f"{path} lies inside the {kind} directory {container}, which only {writer} writes; pass a path outside it{allowed}"
    )


def check_written(path: Path) -> None:
    """The part of `check_target` a writer repeats just before it writes: a regular file or nothing."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        check_target(path)
