"""The gate browser on a small run made by the real pipeline: every page through Streamlit's
AppTest, pages whose data the run lacks, and runs that cannot be shown."""

import json
import shutil
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from typer.testing import CliRunner

from engram_model import save_model
from engram_model.corpus import Document
from probe import ProbeOptions, RecordOptions, categorize_run, probe_corpus
from probe.cli.serve import browser_script
from probe.cli import app as cli

ROOT = Path(__file__).resolve().parent.parent
BROWSER = browser_script()  # the script `engram-probe app` serves: probe.apps, as installed
TEXTS = [
    ("prose", "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle."),
    ("licence", "Permission is hereby granted, free of charge, to any person obtaining a copy of this software."),
    ("code", "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n"),
    ("prose", "The Milky Way is a barred spiral galaxy. Princess of Wales is a title. By the way, it rained."),
]
PAGES = {
    "views/overview.py": "Overview",
    "views/documents.py": "Document viewer",
    "views/ngrams.py": "N-gram explorer",
    "views/categories.py": "Categories",
    "views/similarity.py": "Layer similarity",
    "views/offload.py": "Offload",
    "views/ablations.py": "Ablations",
}


@pytest.fixture(scope="module")
def base(model, tmp_path_factory):
    """A probed run with row ids and categories, plus a checkpoint of the model and the corpus
    as JSON lines, for the analysis commands."""
    base = tmp_path_factory.mktemp("app")
    documents = [Document(f"doc{i}", text, domain=domain) for i, (domain, text) in enumerate(TEXTS * 3)]
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": "test texts"}
    probe_corpus(model, documents, base / "run", manifest, ProbeOptions(record=RecordOptions(rows=True)), show_progress=False)
    categorize_run(base / "run", top_fraction=0.1, n_boot=50)
    save_model(model, base / "ckpt")
    (base / "corpus.jsonl").write_text("".join(json.dumps({"text": d.text, "domain": d.domain}) + "\n" for d in documents))
    return base


@pytest.fixture(scope="module")
def run_dir(base):
    """The run with every analysis the browser shows, each written where the app looks for it."""
    run, ckpt, corpus = base / "run", str(base / "ckpt"), str(base / "corpus.jsonl")
    analysis = str(run / "analysis")
    common = ["--corpus", corpus, "--tokens", "300", "--out", analysis]
    for args in (
        ["similarity", "--a", ckpt, "--b", ckpt, "--positions", "all", "--minibatch", "64", *common],
        ["lens", ckpt, *common],
        ["ablate", ckpt, *common],
    ):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
    (run / "offload").mkdir()
    result = CliRunner().invoke(
        cli,
        ["offload", "rowstats", str(base / "corpus.jsonl"), "--model", ckpt, "--json", str(run / "offload" / "rowstats.json")],
    )
    assert result.exit_code == 0, result.output
    shutil.copy(ROOT / "benchmarks" / "results" / "offload.json", run / "offload" / "offload.json")
    shutil.copy(ROOT / "benchmarks" / "results" / "v41_traffic.json", run / "offload" / "traffic.json")
    result = CliRunner().invoke(cli, ["offload", "plan", "--traffic", str(run / "offload" / "traffic.json"), "--out", str(run / "offload")])
    assert result.exit_code == 0, result.output
    return run


@pytest.fixture
def browse(monkeypatch):
    """Open the browser on a run directory, optionally at a page; the run is the script's argument."""

    def open_app(run: Path, page: str | None = None) -> AppTest:
        monkeypatch.setattr(sys, "argv", [str(BROWSER), str(run)])
        app = AppTest.from_file(str(BROWSER), default_timeout=60).run()
        if page is not None:
            app.switch_page(page).run()
        assert not app.exception, [e.message for e in app.exception]
        return app

    return open_app


def texts(elements) -> str:
    return "\n".join(str(e.value) for e in elements)


def test_every_page_opens_on_a_real_run(browse, run_dir):
    for page, title in PAGES.items():
        app = browse(run_dir, page)
        assert app.title[0].value == title
        assert not app.sidebar.warning, texts(app.sidebar.warning)  # a finished run: nothing to warn about
        if page not in ("views/documents.py", "views/ngrams.py"):
            assert app.get("plotly_chart"), f"{page} shows no figure"
        assert "Produce it with" not in texts(app.info), f"{page} lacks its data"


def test_overview_shows_the_model_and_headline_numbers(browse, run_dir):
    app = browse(run_dir)
    assert "small test model" in texts(app.markdown)
    metrics = {m.label: m.value for m in app.metric}
    assert metrics["documents"] == "12"
    assert int(metrics["tokens"].replace(",", "")) > 100
    assert len(app.dataframe) >= 3


def test_document_viewer_shades_tokens_and_details_one(browse, run_dir):
    app = browse(run_dir, "views/documents.py")
    shaded = [m.value for m in app.markdown if "background:rgb(255," in m.value]
    assert len(shaded) == 1 and 'title="position 0' in shaded[0] and "rows: " in shaded[0]  # hover: n-grams, gates, rows
    app.number_input[0].set_value(5).run()
    assert not app.exception
    assert "Token at position 5" in texts(app.subheader)
    layer_table = app.dataframe[-1].value
    assert list(layer_table["layer"]) == [1, 2]
    assert {"branch 0", "branch 1", "rows (per head)"} <= set(layer_table.columns)
    assert "category **" in texts(app.markdown)
    app.selectbox[2].set_value("gate_b1").run()  # shade by branch 1
    assert not app.exception


def test_ngram_explorer_filters_and_shows_examples(browse, run_dir):
    app = browse(run_dir, "views/ngrams.py")
    table = app.dataframe[0].value
    assert len(table) > 0 and {"ngram", "count", "mean_gate", "category", "example"} <= set(table.columns)
    assert "<mark>" in texts(app.markdown)
    app.text_input[0].set_value("REAT").run()  # case-insensitive
    table = app.dataframe[0].value
    assert len(table) > 0 and all("reat" in n.lower() for n in table["ngram"])
    app.text_input[0].set_value("").run()
    app.multiselect[0].set_value(["code"]).run()
    assert not app.exception
    assert not app.dataframe or set(app.dataframe[0].value["category"]) <= {"code"}


def test_pages_without_their_data_name_the_command(browse, base, tmp_path):
    bare = tmp_path / "bare"
    shutil.copytree(base / "run", bare, ignore=shutil.ignore_patterns("analysis", "offload", "categories"))
    expected = {
        "views/categories.py": f"engram-probe categorize {bare}",
        "views/similarity.py": f"engram-probe similarity --a engram --b baseline --out {bare}/analysis",
        "views/offload.py": f"engram-probe offload bench --out {bare}/offload/offload.json",
        "views/ablations.py": f"engram-probe ablate engram --out {bare}/analysis",
    }
    for page, command in expected.items():
        app = browse(bare, page)
        assert command in texts(app.code), page


def test_a_partial_run_is_shown_with_a_warning(browse, base, tmp_path):
    partial = tmp_path / "partial"
    shutil.copytree(base / "run", partial)
    (partial / "report.json").unlink()
    shutil.rmtree(partial / "aggregates")
    app = browse(partial, "views/ngrams.py")
    assert "The run is partial" in texts(app.sidebar.warning)
    assert len(app.dataframe[0].value) > 0


def _corrupt_shard(run: Path) -> None:
    next((run / "shards").glob("gates-*.parquet")).write_bytes(b"not parquet")


@pytest.mark.parametrize(
    "make, says",
    [
        (lambda run: None, "does not exist"),
        (lambda run: run.mkdir(), "is not a probing run"),
        (lambda run: (run.mkdir(), (run / "manifest.json").write_text("{ half")), "is corrupt"),
        (lambda run: (run.mkdir(), (run / "manifest.json").write_text('{"model": "x"}')), "has no model config"),
        ("no shards", "has no committed shard"),
        ("corrupt shard", "is unreadable"),
    ],
)
def test_a_run_that_cannot_be_shown_says_why_and_how_to_make_one(browse, base, tmp_path, make, says):
    run = tmp_path / "run"
    if make == "no shards":
        shutil.copytree(base / "run", run, ignore=shutil.ignore_patterns("*.parquet"))
    elif make == "corrupt shard":
        shutil.copytree(base / "run", run)
        _corrupt_shard(run)
    else:
        make(run)
    app = browse(run)
    assert app.title[0].value == "This run directory cannot be shown"
    assert says in app.error[0].value
    assert "engram-probe run" in app.error[0].value + texts(app.code)
