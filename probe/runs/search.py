"""The gate browser's global search: one query, looked up as an n-gram, a document id and a
document's text. Each lookup gives how many match in all and the first `limit` of them; the
rows come from `probe.runs.queries` (`ngram_table`, `document_list`), so the search ranks and
matches exactly as the n-gram explorer's and the document viewer's own boxes do (case-insensitive
substrings)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from .aggregate import ngram_stats
from .queries import document_list, ngram_table
from .store import connect


def _checked(query: str) -> str:
    if not isinstance(query, str) or not query:
        raise ValueError(f"search query {query!r}: type some text to search for (an empty query would match everything)")
    return query


def ngram_matches(run_dir: str | Path, query: str, limit: int = 50) -> tuple[int, pa.Table]:
    """How many (layer, order, n-gram) of the run contain `query`, and the `limit` most frequent
    (`ngram_table` rows: layer, order, ngram, count, mean_gate, lower_bound, max_gate, examples, category)."""
    query = _checked(query)
    with duckdb.connect() as con:
        con.register("stats", ngram_stats(run_dir))
        # the same test as ngram_table's search (DuckDB's lower, not Python's), so the count and the rows agree
        [(total,)] = con.sql("SELECT count(*) FROM stats WHERE contains(lower(ngram), lower(?))", params=[query]).fetchall()
    rows = ngram_table(run_dir, min_count=1, search=query, sort="count", limit=limit, examples=1)
    return total, rows


def document_matches(run_dir: str | Path, query: str, limit: int = 50) -> dict[str, tuple[int, pa.Table]]:
    """Documents whose id contains `query` ("id") and those whose text does ("text"): for each,
    how many and the first `limit` (`document_list` rows, most matches first, with `position`:
    the token holding the first match in the text, 0 when only the id matches). A document
    matching both ways is in both."""
    query = _checked(query)
    found = document_list(run_dir, query, limit=None)
    by_id = found.filter(pc.match_substring(found.column("doc_id"), query, ignore_case=True))
    by_text = found.filter(pc.greater_equal(found.column("match_at"), 0))
    return {
        "id": (by_id.num_rows, _with_positions(run_dir, by_id.slice(0, limit))),
        "text": (by_text.num_rows, _with_positions(run_dir, by_text.slice(0, limit))),
    }


def _with_positions(run_dir: str | Path, documents: pa.Table) -> pa.Table:
    """`documents` with `position`: the first token of each whose characters reach past `match_at`
    (the token the match starts in), 0 where there is no match in the text (match_at -1)."""
    wanted = documents.select(["doc_id", "match_at"]).append_column("row", pa.array(range(documents.num_rows), pa.int64()))
    with connect(run_dir) as con:
        con.register("wanted", wanted)
        positions = con.sql(
            """SELECT w.row, coalesce(min(g.position) FILTER (WHERE g.char_end > w.match_at), 0) AS position
               FROM wanted w LEFT JOIN gates g ON g.doc_id = w.doc_id AND g.layer = (SELECT min(layer) FROM gates)
                                              AND w.match_at >= 0
               GROUP BY w.row ORDER BY w.row"""
        ).to_arrow_table()
    return documents.append_column("position", positions.column("position").cast(pa.int64()))
