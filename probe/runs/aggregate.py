"""Tables over a run's gates: n-gram statistics, histograms, top n-grams in context, traces.

Each function takes a run directory and returns a pyarrow Table; DuckDB does the work on the
Parquet shards, so memory stays flat however large the run.

The stored aggregates are derived data: one that is missing, stale, fails its checksum
(`aggregates/NAME.sha256`, written with it) or cannot be read is computed from the shards again.
Each carries the run's id and corpus hash in its footer (`store.provenance`): one of another run
is refused by name (`store.checked_shards`), never read as this run's.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from engram_model import files
from engram_model.files import sha256_of

from .store import (
    AGGREGATES,
    RunError,
    checked_shards,
    connect,
    provenance,
    read_manifest,
    remembered,
    run_command,
    stamp,
    write_atomically,
)

# what reading a stored aggregate that is garbled raises (DuckDB raises a bare duckdb.Error for some)
UNREADABLE = (OSError, pa.ArrowException, duckdb.Error)
# DuckDB's errors about the query rather than the files it reads
QUERY_ERRORS = (duckdb.BinderException, duckdb.ParserException, duckdb.CatalogException)


def _orders(run_dir: Path) -> list[int]:
    return list(range(2, read_manifest(run_dir)["config"]["engram"]["max_ngram"] + 1))


def _branches(run_dir: Path) -> int:
    return read_manifest(run_dir)["config"]["hc_streams"]


SHARDS_KEY = "engram_probe.shards"  # aggregate footer: the gates shards it was computed from
KEY = "engram_probe.key"  # aggregate footer: the parameters it was computed with, for one that has some
HISTOGRAM_BINS = 50  # the bins of the stored gate histogram


def checksum_path(path: Path) -> Path:
    """Where the sha256 of the stored aggregate `path` is kept (as `sha256sum` writes it)."""
    return path.with_suffix(".sha256")


def aggregate_intact(path: Path) -> bool:
    """Whether the stored aggregate `path` has the sha256 recorded when it was written (one
    stored before checksums were recorded: whether its footer reads). Checked once per
    version of the file in a process (one modified in the last seconds: every time)."""
    try:
        record = checksum_path(path)
        recorded = record.read_text().split()[0] if record.is_file() else None
        if recorded is not None:
            return remembered(path, "sha256", sha256_of) == recorded
        return stamp(path) is not None  # its footer reads
    except (OSError, UnicodeDecodeError, IndexError):
        return False


def stored_aggregate(run_dir: str | Path, name: str, key: dict | None = None) -> Path | None:
    """The file of the aggregate `name` the run stored, if it is intact (`aggregate_intact`)
    and was computed from exactly the shards committed now and with the parameters `key`;
    None when it is missing, garbled or stale (a resumed run committed more since, or it
    answers other parameters). Reading it may still fail (a file changed since): readers fall
    back to computing it (`UNREADABLE`).
    Read it with DuckDB or `pq.ParquetFile`: pyarrow's dataset and compute layers import pandas,
    which would cost a command that only reads a run most of its start-up."""
    run_dir = Path(run_dir)
    shards = [shard.name for shard in checked_shards(run_dir)]  # refuses an aggregate of another run
    path = run_dir / AGGREGATES / f"{name}.parquet"
    if not path.is_file() or not aggregate_intact(path):
        return None
    try:
        metadata = pq.ParquetFile(path).schema_arrow.metadata or {}
        current = json.loads(metadata.get(SHARDS_KEY.encode(), b"null")) == shards
        own = stamp(path) == provenance(read_manifest(run_dir))  # one written before the run had an id is stale
        return path if current and own and json.loads(metadata.get(KEY.encode(), b"null")) == key else None
    except (*UNREADABLE, ValueError):  # ValueError: a footer whose keys are not JSON
        return None


def read_stored(run_dir: str | Path, name: str, key: dict | None = None) -> pa.Table | None:
    """The stored aggregate `name` (see `stored_aggregate`) as a table, or None when there is
    no usable one: the caller computes it from the shards."""
    path = stored_aggregate(run_dir, name, key)
    if path is None:
        return None
    try:
        return pq.ParquetFile(path).read()
    except UNREADABLE:
        return None


def computed_from_shards(run_dir: Path, name: str, compute):
    """`compute()` (a query over the shards), its failure to read a shard a RunError that names
    what to do: resuming the run probes broken shards again and rewrites the aggregates."""
    try:
        return compute()
    except duckdb.Error as err:
        if isinstance(err, QUERY_ERRORS):
            raise
        try:
            manifest = read_manifest(run_dir)
        except RunError:
            manifest = None
        raise RunError(
            f"{run_dir}: the aggregate {name} cannot be computed from the shards ({str(err).splitlines()[0]}); run "
            f"`{run_command(run_dir, manifest)}` again: it probes broken shards again and rebuilds {AGGREGATES}/{name}.parquet"
        ) from err


def store_aggregate(run_dir: str | Path, name: str, table: pa.Table, shards: list[str], key: dict | None = None) -> None:
    """Write `table` as the aggregate `name`, its footer naming `shards` and `key` (see
    `stored_aggregate`). List `shards` before computing `table`: a shard committed meanwhile
    then makes the file stale, never wrongly current."""
    run_dir = Path(run_dir)
    out = run_dir / AGGREGATES
    files.refuse_links(run_dir, out)
    out.mkdir(exist_ok=True)
    footer = {
        SHARDS_KEY: json.dumps(shards),
        **({KEY: json.dumps(key)} if key is not None else {}),
        **provenance(read_manifest(run_dir)),
    }
    table = table.replace_schema_metadata({**(table.schema.metadata or {}), **footer})
    digest = []

    def write(tmp: Path) -> None:
        pq.write_table(table, tmp)
        digest.append(sha256_of(tmp))

    path = out / f"{name}.parquet"
    write_atomically(path, write, inside=run_dir)
    # after the file: a kill between the two leaves a record that fails, so the file is computed again
    write_atomically(checksum_path(path), f"{digest[0]}  {path.name}\n".encode(), inside=run_dir)


def ngram_stats(run_dir: str | Path, min_count: int = 1) -> pa.Table:
    """Per layer, order and n-gram text: occurrences, mean and max of the branch-mean gate,
    the largest single-branch gate, and the mean gate of each branch. Read from the run's stored
    statistics when they are current (a run stores them with min_count 1), else computed."""
    run_dir = Path(run_dir)
    stored = stored_aggregate(run_dir, "ngram_stats")
    if stored is not None:
        try:
            with duckdb.connect() as con:
                sql = "SELECT * FROM read_parquet(?) WHERE count >= ?"
                return con.sql(sql, params=[str(stored), min_count]).to_arrow_table()
        except UNREADABLE:
            pass  # changed since it was checked: computed below
    branch_means = ", ".join(f"avg(gates[{b + 1}]) AS mean_b{b}" for b in range(_branches(run_dir)))
    per_order = " UNION ALL ".join(
        f'SELECT layer, {n} AS "order", ngram_{n} AS ngram, gate_mean, gate_max, gates FROM gates' for n in _orders(run_dir)
    )
    sql = f"""
        SELECT layer, "order", ngram, count(*) AS count, avg(gate_mean) AS mean_gate,
               max(gate_mean) AS max_mean_gate, max(gate_max) AS max_gate, {branch_means}
        FROM ({per_order})
        GROUP BY layer, "order", ngram
        HAVING count(*) >= ?
        ORDER BY layer, "order", mean_gate DESC, ngram
    """

    def query() -> pa.Table:
        with connect(run_dir) as con:
            return con.sql(sql, params=[min_count]).to_arrow_table()

    return computed_from_shards(run_dir, "ngram_stats", query)


def gate_histogram(run_dir: str | Path, bins: int = HISTOGRAM_BINS) -> pa.Table:
    """Counts of gate values in `bins` equal bins over [0, 1], per layer and branch
    (branch -1 is the mean over branches); the run's stored histogram when it is current."""
    run_dir = Path(run_dir)
    stored = read_stored(run_dir, "gate_histogram") if bins == HISTOGRAM_BINS else None
    if stored is not None:
        return stored
    branch_values = " UNION ALL ".join(
        ["SELECT layer, -1 AS branch, gate_mean AS g FROM gates"]
        + [f"SELECT layer, {b} AS branch, gates[{b + 1}] AS g FROM gates" for b in range(_branches(run_dir))]
    )
    sql = f"""
        SELECT layer, branch, least(floor(g * {bins}), {bins - 1})::INTEGER AS bin, count(*) AS count
        FROM ({branch_values}) GROUP BY ALL ORDER BY layer, branch, bin
    """

    def query() -> pa.Table:
        with connect(run_dir) as con:
            return con.sql(sql).to_arrow_table()

    table = computed_from_shards(run_dir, "gate_histogram", query)
    bin_index = table.column("bin").to_numpy()
    return table.append_column("bin_lo", pa.array(bin_index / bins)).append_column("bin_hi", pa.array((bin_index + 1) / bins))


def top_ngrams(
    run_dir: str | Path,
    layer: int | None = None,
    order: int | None = None,
    n: int = 20,
    min_count: int = 2,
    examples: int = 3,
    context_chars: int = 60,
) -> pa.Table:
    """The n-grams with the highest mean gate (per layer and order unless fixed), each with up
    to `examples` occurrences in context: left text, the n-gram's characters, right text."""
    run_dir = Path(run_dir)
    stats = ngram_stats(run_dir, min_count=min_count)
    filters = []
    if layer is not None:
        filters.append(f"layer = {int(layer)}")
    if order is not None:
        filters.append(f'"order" = {int(order)}')
    where = "WHERE " + " AND ".join(filters) if filters else ""
    with connect(run_dir) as con:
        con.register("stats", stats)
        con.execute(f"""CREATE TEMP TABLE top AS SELECT layer, "order", rank, ngram, count, mean_gate, max_gate FROM (
            SELECT *, row_number() OVER (PARTITION BY layer, "order" ORDER BY mean_gate DESC, ngram) AS rank
            FROM stats {where}) WHERE rank <= {int(n)}""")
        return _with_examples(con, run_dir, "top", examples, context_chars, 'top.layer, top."order", top.rank')


def ngram_examples(run_dir: str | Path, ngrams: pa.Table, examples: int = 3, context_chars: int = 60) -> pa.Table:
    """`ngrams` (any table with columns layer, order, ngram) with an `examples` column: up to
    `examples` occurrences each, highest gate first, as {doc_id, position, gate, left, text, right}."""
    with connect(run_dir) as con:
        con.register("wanted", ngrams.append_column("input_row", pa.array(np.arange(ngrams.num_rows))))
        return _with_examples(con, Path(run_dir), "wanted", examples, context_chars, "wanted.input_row").drop_columns(
            ["input_row"]
        )


def _with_examples(con, run_dir: Path, keys: str, examples: int, context_chars: int, order_by: str) -> pa.Table:
    """The rows of table `keys` joined to their examples in context, ordered by `order_by`."""
    occurrences = " UNION ALL ".join(
        f'SELECT layer, {k} AS "order", ngram_{k} AS ngram, doc_id, position, char_end, gate_mean FROM gates'
        for k in _orders(run_dir)
    )
    sql = f"""
        WITH hits AS (
            SELECT o.*, row_number() OVER (
                       PARTITION BY o.layer, o."order", o.ngram ORDER BY o.gate_mean DESC, o.doc_id, o.position) AS k
            FROM ({occurrences}) o JOIN (SELECT DISTINCT layer, "order", ngram FROM {keys}) USING (layer, "order", ngram)),
        spans AS (  -- the n-gram's characters: from its first token's start to its last token's end
            SELECT h.*, f.char_start AS span_start
            FROM hits h JOIN gates f
              ON f.doc_id = h.doc_id AND f.layer = h.layer AND f.position = greatest(h.position - h."order" + 1, 0)
            WHERE h.k <= {int(examples)}),
        ex AS (
            SELECT s.layer, s."order", s.ngram,
                   list({{'doc_id': s.doc_id, 'position': s.position, 'gate': s.gate_mean,
                          'left': substr(d.text, greatest(1, s.span_start - {context_chars} + 1),
                                         s.span_start - greatest(0, s.span_start - {context_chars})),
                          'text': substr(d.text, s.span_start + 1, s.char_end - s.span_start),
                          'right': substr(d.text, s.char_end + 1, {context_chars})}}
                        ORDER BY s.k) AS examples
            FROM spans s JOIN documents d USING (doc_id)
            GROUP BY s.layer, s."order", s.ngram)
        SELECT {keys}.*, ex.examples
        FROM {keys} LEFT JOIN ex USING (layer, "order", ngram)
        ORDER BY {order_by}
    """
    return con.sql(sql).to_arrow_table()


def document_trace(run_dir: str | Path, doc_id: str, layer: int | None = None) -> pa.Table:
    """One document's tokens in order with their gates, per Engram layer."""
    with connect(run_dir) as con:
        if not con.sql("SELECT 1 FROM documents WHERE doc_id = ? LIMIT 1", params=[doc_id]).fetchall():
            raise KeyError(f"document {doc_id!r} is not in run {run_dir}")
        layer_filter = "AND layer = ?" if layer is not None else ""
        params = [doc_id] + ([layer] if layer is not None else [])
        return con.sql(
            f"SELECT * FROM gates WHERE doc_id = ? {layer_filter} ORDER BY layer, position", params=params
        ).to_arrow_table()


def write_aggregates(run_dir: str | Path) -> None:
    """Store the n-gram statistics and gate histograms beside the shards. A run without a
    committed shard read no document at all: the error says where the text was expected."""
    shards = [shard.name for shard in checked_shards(Path(run_dir))]
    if not shards:
        manifest = read_manifest(run_dir)
        raise RunError(
            f"{manifest.get('corpus', 'the corpus')} gave no document with text, so nothing was probed: its files are "
            f"empty or binary, or its records lack the field {manifest.get('text_field', 'text')!r} (pass --text-field)"
        )
    store_aggregate(run_dir, "ngram_stats", ngram_stats(run_dir), shards)
    store_aggregate(run_dir, "gate_histogram", gate_histogram(run_dir), shards)
