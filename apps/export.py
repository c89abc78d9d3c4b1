"""Export of what a page shows: any table or example list as CSV or JSON, from the page itself.

The files hold the table's values (n-grams and document text unescaped), so a spreadsheet or a
script reads what the run holds, not what the page drew; they are written by the one writer of
every exported file (`probe.runs.exports`): a CSV cell that a spreadsheet would run as a formula
gets a single quote before it, and JSON is strict (NaN and infinities as null)."""

from functools import partial

import pyarrow as pa
import streamlit as st

from probe.runs.exports import table_bytes


def as_table(rows: pa.Table | list[dict]) -> pa.Table:
    return rows if isinstance(rows, pa.Table) else pa.Table.from_pylist(rows)


def csv_bytes(table: pa.Table) -> bytes:
    """CSV with a header row; nested values (lists, structs) as JSON text, which CSV has no type for."""
    return table_bytes(table, "csv")


def json_bytes(table: pa.Table) -> bytes:
    """A JSON list of row objects."""
    return table_bytes(table, "json")


def export_buttons(rows: pa.Table | list[dict], name: str, key: str, container=None) -> None:
    """Two download buttons, CSV and JSON, for `rows` (what the page shows), saved as `name`.csv/.json;
    `key` tells this page's exports apart. The bytes are made only when a button is clicked."""
    table = as_table(rows)
    left, right = (container or st).columns(2)
    for column, (kind, to_bytes, mime) in zip(
        (left, right), (("csv", csv_bytes, "text/csv"), ("json", json_bytes, "application/json"))
    ):
        column.download_button(
            f"⤓ {kind.upper()}", partial(to_bytes, table), f"{name}.{kind}", mime, key=f"{key}_{kind}", on_click="ignore"
        )
