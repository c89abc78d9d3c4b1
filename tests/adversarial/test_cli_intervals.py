"""Intervals and fits that cannot be computed say so: `sweep report` with fewer than 3 rho values,
an unreadable summary.json or a diverged point; `evaluate` on a domain of one window; the
enrichment of `categorize` for labels absent from a group or groups of one position. Never a
zero-width [x, x], never an optimum fitted to NaN, never a NaN in a JSON result."""

import json
import shutil

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from engram_model import save_model
from engram_model.corpus import Document
from probe import ProbeOptions, probe_corpus
from probe.analyses.evaluation import bootstrap_mean
from probe.categorize.enrichment import LABELS, enrichment
from probe.cli import app


def invoke(*args) -> tuple[int, str]:
    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "300"})
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def strict_json(path):
    def refuse(constant):
        raise AssertionError(f"{path} holds {constant}")

    return json.loads(path.read_text(), parse_constant=refuse)


# --- sweep report --------------------------------------------------------------------------


def write_point(sweep, name: str, loss: float, text: str | None = None) -> None:
    """A finished sweep point as `sweep run` leaves it: its summary.json."""
    folder = sweep / name
    folder.mkdir(parents=True)
    summary = {
        "validation": {"overall": loss, "code": loss + 0.1, "prose": loss - 0.1, "tokens": 1024},
        "parameters": {"total": 1000, "active": 400, "tables": 300},
        "tokens": 4096,
        "training_flops": 1e9,
        "wall_time_s": 1.0,
    }
    (folder / "summary.json").write_text(text if text is not None else json.dumps(summary))


U_CURVE = {0.2: 3.30, 0.5: 3.10, 0.8: 3.05, 1.0: 3.25}


@pytest.fixture
def sweep(tmp_path):
    sweep = tmp_path / "sweep"
    for rho, loss in U_CURVE.items():
        write_point(sweep, f"rho-{rho:.3f}-seed-0", loss)
    return sweep


def test_a_sweep_of_four_rhos_reports_its_optimum(sweep, tmp_path):
    code, output = invoke("sweep", "report", "--sweep", sweep, "--out", tmp_path / "out", "--samples", 100)
    assert code == 0, output
    assert "quadratic optimum rho = " in output and "n/a: one seed" in output
    report = strict_json(tmp_path / "out" / "allocation_sweep.json")
    assert 0.2 < report["fit"]["optimum"] < 1.0 and report["unfitted"] is None


@pytest.mark.parametrize("rhos", [[0.5], [0.5, 1.0], [0.2, 0.2, 1.0]])
def test_fewer_than_three_rhos_is_one_line(tmp_path, rhos):
    sweep = tmp_path / "sweep"
    for seed, rho in enumerate(rhos):
        write_point(sweep, f"rho-{rho:.3f}-seed-{seed}", 3.0 + rho)
    write_point(sweep, "rho-0.300-seed-0-rows-0.01", 3.5)  # a capacity retrain is not a rho of the curve
    code, output = invoke("sweep", "report", "--sweep", sweep, "--out", tmp_path / "out", "--samples", 100)
    assert code == 2 and "--sweep" in output and "the quadratic fit needs at least 3" in " ".join(output.split()), output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "name, text, named",
    [
        ("rho-0.650-seed-0", "{not json", "is not a readable summary"),
        ("rho-0.650-seed-0", "[1, 2]", "lacks what a finished point records"),
        ("rho-0.650-seed-0", json.dumps({"validation": {"overall": "low"}}), "lacks what a finished point records"),
        ("rho-0.650-seed-0", "", "is not a readable summary"),
        ("rho-1.2.3-seed-0", None, "is not a sweep point's directory name"),
        ("rho-5.000-seed-0", None, "lies outside (0, 1]"),
    ],
)
def test_an_unreadable_point_is_named(sweep, tmp_path, name, text, named):
    write_point(sweep, name, 3.2, text)
    code, output = invoke("sweep", "report", "--sweep", sweep, "--out", tmp_path / "out", "--samples", 100)
    flat = " ".join(output.replace("│", " ").split())
    assert code == 2 and "--sweep" in flat and named in flat and name in flat, output


@pytest.mark.parametrize("loss", ["NaN", "Infinity"])
def test_a_diverged_point_cannot_be_fitted_and_no_optimum_is_printed(sweep, tmp_path, loss):
    text = (sweep / "rho-0.500-seed-0" / "summary.json").read_text().replace("3.1,", f"{loss},", 1)
    (sweep / "rho-0.500-seed-0" / "summary.json").write_text(text)
    code, output = invoke("sweep", "report", "--sweep", sweep, "--out", tmp_path / "out", "--samples", 100)
    assert code == 0, output
    assert "cannot be fitted" in output and "rho 0.5 seed 0" in output
    assert "optimum rho =" not in output and "nan" not in output.lower().replace("n/a", "")
    report = strict_json(tmp_path / "out" / "allocation_sweep.json")
    assert report["fit"] is None and report["optimum_bootstrap"] is None and "not finite" in report["unfitted"]
    assert next(p for p in report["curve"] if p["rho"] == 0.5)["mean"] is None


# --- evaluate ------------------------------------------------------------------------------


def test_bootstrap_of_one_unit_has_no_interval():
    assert bootstrap_mean(np.array([2.5])) == (None, None)
    assert bootstrap_mean(np.array([])) == (None, None)
    assert bootstrap_mean(np.array([1.0, 2.0, 3.0]), groups=np.array(["d", "d", "d"])) == (None, None)  # one document
    low, high = bootstrap_mean(np.array([1.0, 2.0]))
    assert low < high


def test_evaluate_on_a_domain_of_one_window_reports_no_interval(model, tokenizer, tmp_path):
    checkpoint = save_model(model, tmp_path / "ckpt")
    seq_len = model.cfg.max_seq_len
    word = "Alexander the Great was born in Pella. "
    one = word * 40
    while len(tokenizer.encode(one).ids) + 2 >= 2 * seq_len:  # BOS text EOS: one window, not two
        one = one[: len(one) * 3 // 4]
    assert len(tokenizer.encode(one).ids) + 2 >= seq_len
    corpus = tmp_path / "corpus.parquet"
    texts = [one, "def main(argv):\n    return parse(argv[1:])\n" * 60]
    pq.write_table(pa.table({"doc_id": ["a", "b"], "text": texts, "domain": ["one", "many"], "split": ["validation"] * 2}),
                   corpus)  # fmt: skip
    code, output = invoke("evaluate", "--model", checkpoint, "--model", checkpoint, "--corpus", corpus,
                          "--out", tmp_path / "out", "--samples", 100)  # fmt: skip
    assert code == 0, output
    report = strict_json(tmp_path / "out" / "loss.json")
    rows = {(r["domain"], r["model"]): r for r in report["losses"]}
    one_window = next(r for (domain, _), r in rows.items() if domain == "one")
    assert one_window["windows"] == 1 and one_window["ci_low"] is None and one_window["ci_high"] is None
    assert all(r["ci_low"] < r["ci_high"] for r in report["losses"] if r["windows"] > 1)
    assert "n/a: 1 window" in output


# --- categorize ----------------------------------------------------------------------------


def test_enrichment_of_one_item_against_one_has_no_interval():
    table = enrichment(["other"], ["other"]).to_pylist()
    assert all(row["lo"] is None and row["hi"] is None for row in table)
    assert {row["label"]: row["ratio"] for row in table}["names"] == pytest.approx(1.0)


def test_enrichment_has_no_interval_where_a_label_is_absent_from_a_group():
    top = ["names"] * 6 + ["code"] * 4
    random = ["names"] * 2 + ["other"] * 8
    rows = {row["label"]: row for row in enrichment(top, random, n_boot=300, seed=1).to_pylist()}
    assert rows["names"]["lo"] < rows["names"]["ratio"] < rows["names"]["hi"]  # 6/10 against 2/10: an interval
    for label in ("code", "other", "relational", "boilerplate"):  # a count of 0 in one group or both
        assert rows[label]["lo"] is None and rows[label]["hi"] is None, label
    # never a zero-width interval
    for n in (1, 2, 3, 5):
        for row in enrichment(["names"] * n, ["names"] * n, n_boot=200).to_pylist():
            assert row["lo"] is None or row["lo"] < row["hi"], (n, row)
    assert set(LABELS) == set(rows)


@pytest.fixture(scope="module")
def small_run(model, tmp_path_factory):
    run = tmp_path_factory.mktemp("categorize") / "run"
    texts = ["Alexander the Great was born in Pella, the capital of Macedon.", "def main(argv):\n    return 0\n"]
    documents = [Document(f"doc{i}", text) for i, text in enumerate(texts * 3)]
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": "test"}
    probe_corpus(model, documents, run, manifest, ProbeOptions(), show_progress=False)
    return run


def test_categorize_with_one_top_position_prints_no_interval(small_run, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(small_run, run)
    code, output = invoke("categorize", run, "--top-fraction", "0.0001", "--n-boot", "50")
    assert code == 0, output
    assert "n/a" in output and "1.00 [1.00, 1.00]" not in output and "n/a: no interval" in " ".join(output.split())
    table = pq.read_table(run / "categories" / "enrichment.parquet").to_pylist()
    assert all(row["n_top"] == 1 and row["lo"] is None and row["hi"] is None for row in table)
    assert (run / "categories" / "enrichment.html").is_file()  # the figure draws no bar for an undefined interval
