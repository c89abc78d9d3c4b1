"""Export: a table as CSV and JSON holds its values as they are, nested ones as JSON text."""

import csv
import io
import json

import pyarrow as pa
from probe.apps.export import csv_bytes, json_bytes

ROWS = [
    {"ngram": 'a,"b"\n<img src=x>', "count": 3, "gates": [0.5, 0.25]},
    {"ngram": "ünïcode", "count": 1, "gates": [1.0, 0.0]},
]


def test_csv_round_trips_text_with_commas_quotes_and_line_breaks():
    read = list(csv.DictReader(io.StringIO(csv_bytes(pa.Table.from_pylist(ROWS)).decode())))
    assert [r["ngram"] for r in read] == [r["ngram"] for r in ROWS]
    assert [int(r["count"]) for r in read] == [3, 1]
    assert [json.loads(r["gates"]) for r in read] == [[0.5, 0.25], [1.0, 0.0]]


def test_json_is_the_list_of_rows():
    assert json.loads(json_bytes(pa.Table.from_pylist(ROWS))) == ROWS
