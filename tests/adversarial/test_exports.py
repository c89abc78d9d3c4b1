"""Exports are safe to open: every CSV we write (a run's tables from `engram-probe export`, the
app's downloads) has no cell a spreadsheet would run as a formula, and every JSON we write is
strict RFC 8259 (no bare NaN or Infinity), for hostile text and non-finite numbers generated here."""

import csv
import io
import json
import math
import os
import random
import subprocess

import pyarrow as pa
import pytest
from probe.apps.export import csv_bytes, json_bytes
from typer.testing import CliRunner

from engram_model.corpus import Document
from probe import ProbeOptions, probe_corpus
from probe.cli import app
from probe.runs import exports
from probe.runs.exports import EXPORTABLE, FORMULA_START

PREFIXES = FORMULA_START
PAYLOADS = [
    'HYPERLINK("http://x","click")',
    "cmd|' /C calc'!A0",
    "2+3",
    "SUM(A1)",
    "1+1",
    "ünïcödé=2",
    "ПРИВЕТ(1)",
    "数式()",
    "",
]


def hostile_cells(seed: int = 0, count: int = 60) -> list[str]:
    """Every formula prefix before every payload, and random mixes of them (doubled prefixes,
    a prefix after leading text, which is harmless and must stay as it is)."""
    cells = [prefix + payload for prefix in PREFIXES for payload in PAYLOADS]
    rng = random.Random(seed)
    for _ in range(count):
        cells.append("".join(rng.choice(PREFIXES) for _ in range(rng.randint(1, 3))) + rng.choice(PAYLOADS))
        cells.append(rng.choice(PAYLOADS) + rng.choice(PREFIXES) + rng.choice(PAYLOADS))
    return cells


def is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def assert_no_formula(data: bytes) -> list[list[str]]:
    """Every cell (header included) that begins with a formula character is a number; the rows."""
    rows = list(csv.reader(io.StringIO(data.decode(), newline="")))
    for row in rows:
        for cell in row:
            assert not cell or cell[0] not in FORMULA_START or is_number(cell), repr(cell)
    return rows


def refuse(constant: str):
    raise ValueError(f"not strict JSON: {constant}")


def strict_loads(text: str):
    return json.loads(text, parse_constant=refuse)


def hostile_documents() -> list[Document]:
    cells = hostile_cells()
    texts = [" ".join(cells[i : i + 12]) for i in range(0, 96, 12)] + [cells[i] for i in range(0, len(cells), 23)]
    return [Document(cells[i % len(cells)] + f"#{i}", text) for i, text in enumerate(texts)]


@pytest.fixture(scope="module")
def hostile_run(model, tmp_path_factory):
    """A run of a corpus whose ids and texts begin with formula characters."""
    root = tmp_path_factory.mktemp("hostile")
    manifest = {"model": "test", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": "hostile"}
    probe_corpus(model, hostile_documents(), root / "run", manifest, ProbeOptions(), show_progress=False)
    return root / "run"


def export(run, table: str, format: str, out) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["export", str(run), "--table", table, "--format", format, "--out", str(out)])
    return result.exit_code, result.output


@pytest.mark.parametrize("table", EXPORTABLE)
def test_a_runs_csv_has_no_formula_cells(hostile_run, tmp_path, table, monkeypatch):
    monkeypatch.setattr(exports, "DEFAULT_BATCH_ROWS", 97)  # many batches: the header once, every batch neutralised
    code, output = export(hostile_run, table, "csv", tmp_path / "out.csv")
    assert code == 0, output
    rows = assert_no_formula((tmp_path / "out.csv").read_bytes())
    assert len(rows) > 1
    if table == "documents":  # a quote is all that was added: the ids read back
        unquoted = {cell[1:] if cell[:1] == "'" and cell[1:2] and cell[1] in FORMULA_START else cell for cell in rows_ids(rows)}
        assert unquoted == {d.doc_id for d in hostile_documents()}


def rows_ids(rows: list[list[str]]) -> list[str]:
    return [row[rows[0].index("doc_id")] for row in rows[1:]]


@pytest.mark.parametrize("table", EXPORTABLE)
def test_a_runs_json_lines_are_strict(hostile_run, tmp_path, table):
    code, output = export(hostile_run, table, "json", tmp_path / "out.json")
    assert code == 0, output
    lines = (tmp_path / "out.json").read_text().splitlines()
    assert lines and all(isinstance(strict_loads(line), dict) for line in lines)


def test_export_to_standard_output_streams_the_same_csv(hostile_run, tmp_path):
    code, output = export(hostile_run, "ngram_stats", "csv", tmp_path / "file.csv")
    assert code == 0, output
    result = CliRunner().invoke(app, ["export", str(hostile_run), "--table", "ngram_stats", "--out", "-"])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes == (tmp_path / "file.csv").read_bytes()


def generated_tables(seed: int = 0) -> list[pa.Table]:
    """Tables like the app's: hostile text in plain, large, dictionary and nested columns and in
    column names, and NaN and infinities in float, list, struct and nested-list columns."""
    rng = random.Random(seed)
    cells = hostile_cells(seed)
    specials = [math.nan, math.inf, -math.inf, -0.0, -1.5, 2.0]
    tables = []
    for _ in range(12):
        n = rng.randint(1, 20)
        text = [rng.choice(cells) for _ in range(n)]
        numbers = [rng.choice(specials) for _ in range(n)]
        tables.append(
            pa.table(
                {
                    rng.choice(cells) or "=": pa.array(text),
                    "large": pa.array(text, pa.large_string()),
                    "dictionary": pa.array(text).dictionary_encode(),
                    "count": pa.array([rng.randint(-5, 5) for _ in range(n)]),
                    "gate": pa.array(numbers),
                    "gate32": pa.array(numbers, pa.float32()),
                    "gates": pa.array([[rng.choice(specials) for _ in range(3)] for _ in range(n)]),
                    "examples": pa.array([{"text": rng.choice(cells), "gate": rng.choice(specials)} for _ in range(n)]),
                    "deep": pa.array([[[rng.choice(specials)], []] for _ in range(n)]),
                    "words": pa.array([[rng.choice(cells)] for _ in range(n)]),
                }
            )
        )
    return tables


@pytest.mark.parametrize("table", generated_tables(), ids=lambda t: f"{t.num_rows}rows")
def test_the_apps_downloads_are_safe_to_open(table):
    rows = assert_no_formula(csv_bytes(table))
    assert len(rows) == table.num_rows + 1
    name = table.column_names[0]  # a hostile name too: quoted where it starts a formula, else as it is
    assert rows[0][0] == ("'" if name[0] in FORMULA_START else "") + name
    assert [int(row[3]) for row in rows[1:]] == table.column("count").to_pylist()  # numbers stay numbers
    listed = strict_loads(json_bytes(table).decode())
    assert len(listed) == table.num_rows
    for row, original in zip(listed, table.to_pylist()):
        for name in ("gate", "gate32"):
            value = original[name]
            assert row[name] == (None if not math.isfinite(value) else pytest.approx(value))
        assert all(g is None or math.isfinite(g) for g in row["gates"])
        assert row["large"] == original["large"]  # JSON holds text as it is: no quote added


def test_non_finite_values_at_any_depth_are_null_in_json_lines():
    rng = random.Random(1)
    specials = [math.nan, math.inf, -math.inf, 0.5]
    for _ in range(20):
        n = rng.randint(1, 10)
        values = [rng.choice(specials) for _ in range(n)]
        table = pa.table(
            {
                "x": values,
                "nested": pa.array([[[v, rng.choice(specials)]] for v in values]),
                "pair": pa.array([[v, v] for v in values], pa.list_(pa.float64(), 2)),
            }
        ).slice(rng.randint(0, n - 1))  # a slice: offsets that do not start at zero
        sink = io.BytesIO()
        exports.write_json_lines(table.to_batches(), sink)
        lines = [strict_loads(line) for line in sink.getvalue().decode().splitlines()]
        assert [line["x"] for line in lines] == [v if math.isfinite(v) else None for v in table.column("x").to_pylist()]
        assert all(v is None or math.isfinite(v) for line in lines for v in line["pair"])


def test_a_killed_exports_temporaries_are_removed_by_the_next_export(hostile_run, tmp_path):
    """A temporary whose writer is gone is removed; one whose writer still runs is kept."""
    out = tmp_path / "out.csv"
    gone = subprocess.Popen(["true"])
    gone.wait()
    running = subprocess.Popen(["sleep", "30"])
    try:
        stale = tmp_path / f".out.csv.{gone.pid}.abcd1234.partial"
        live = tmp_path / f".out.csv.{running.pid}.efgh5678.partial"
        other = tmp_path / f".other.csv.{gone.pid}.abcd1234.partial"  # another target's: not ours to remove
        for path in (stale, live, other):
            path.write_text("half")
        code, output = export(hostile_run, "gate_histogram", "csv", out)
        assert code == 0, output
        assert not stale.exists() and live.exists() and other.exists() and out.is_file()
        assert not [p for p in os.listdir(tmp_path) if p.startswith(".out.csv") and str(os.getpid()) in p]
    finally:
        running.kill()
        running.wait()
