"""Export of what a page shows: any table or example list as CSV or JSON, from the page itself.

The files hold the table's values as they are (n-grams and document text unescaped), so a
spreadsheet or a script reads what the run holds, not what the page drew."""

import io
import json
from functools import partial

import pyarrow as pa
import pyarrow.csv as pa_csv
import streamlit as st


def as_table(rows: pa.Table | list[dict]) -> pa.Table:
    return rows if isinstance(rows, pa.Table) else pa.Table.from_pylist(rows)


def csv_bytes(table: pa.Table) -> bytes:
    """CSV with a header row; nested values (lists, structs) as JSON text, which CSV has no type for."""
    flat = {}
    for name, column in zip(table.column_names, table.columns):
        nested = pa.types.is_nested(column.type)
        flat[name] = pa.array([json.dumps(v) for v in column.to_pylist()]) if nested else column
    out = io.BytesIO()
    pa_csv.write_csv(pa.table(flat), out)
    return out.getvalue()


def json_bytes(table: pa.Table) -> bytes:
    """A JSON list of row objects."""
    return json.dumps(table.to_pylist(), ensure_ascii=False, indent=1, default=str).encode()


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
