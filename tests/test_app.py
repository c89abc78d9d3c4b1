"""The gate browser on a small run made by the real pipeline: every page through Streamlit's
AppTest, pages whose data the run lacks, and runs that cannot be shown."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
from conftest import write_app_results
from streamlit.testing.v1 import AppTest

from engram_model import save_model
from engram_model.corpus import Document
from probe import ProbeOptions, RecordOptions, categorize_run, probe_corpus
from probe.cli.serve import browser_script
from probe.runs.aggregate import document_trace
from probe.runs.artefacts import ARTEFACTS, artefact_command, artefact_path
from probe.runs.queries import document_text, ngram_table, top_gate_range

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
    run = base / "run"
    write_app_results(run, str(base / "ckpt"), base / "corpus.jsonl", tokens=300)
    return run


@pytest.fixture
def browse(monkeypatch):
    """Open the browser on a run directory, optionally at a page; the run is the script's argument."""

    def open_app(run: Path, page: str | None = None, **params: str) -> AppTest:
        monkeypatch.setattr(sys, "argv", [str(BROWSER), str(run)])
        app = AppTest.from_file(str(BROWSER), default_timeout=60).run()
        if page is not None:
            app.switch_page(page)
            app.query_params.update(params)
            app.run()
        assert not app.exception, [e.message for e in app.exception]
        return app

    return open_app


def texts(elements) -> str:
    return "\n".join(str(e.value) for e in elements)


def links(app: AppTest) -> list[tuple[str, dict]]:
    """The page's in-session links (st.page_link): the page each opens and its address."""
    return [(link.proto.page, dict(parse_qsl(link.proto.query_string))) for link in app.get("page_link")]


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
    assert any("percentile scale" in h.value and "Q1 = " in h.value for h in app.html)  # the colour bar
    assert "Token at position 0" in texts(app.subheader)
    app.number_input[0].set_value(5).run()
    assert not app.exception
    assert "Token at position 5" in texts(app.subheader)
    assert app.query_params["pos"] == "5"  # the view is in the address
    layer_table = app.dataframe[-1].value
    assert list(layer_table["layer"]) == [1, 2]
    assert {"branch 0", "branch 1", "rows (per head)"} <= set(layer_table.columns)
    assert "category **" in texts(app.markdown)
    at_5 = document_trace(run_dir, app.selectbox(key="doc").value, layer=1).to_pylist()[5]
    assert ("ngrams", {"layer": "1", "order": "3", "pick": f"1/3/{at_5['ngram_3']}"}) in links(app)  # each n-gram opens its page
    app.selectbox(key="gate").set_value("gate_b1").run()  # shade by branch 1
    app.selectbox(key="scale").set_value("absolute").run()
    assert not app.exception
    assert app.query_params["gate"] == "gate_b1" and app.query_params["scale"] == "absolute"


def test_an_address_opens_the_viewer_at_its_document_layer_and_position(browse, run_dir):
    app = browse(run_dir, "views/documents.py", doc="doc2", pos="30", layer="2")
    assert app.selectbox(key="doc").value == "doc2" and app.selectbox(key="layer").value == 2
    assert "Token at position 30" in texts(app.subheader)


def test_search_jumps_to_the_first_match_in_the_best_matching_document(browse, run_dir):
    app = browse(run_dir, "views/documents.py", q="parser")
    assert app.selectbox(key="doc").value in {"doc2", "doc6", "doc10"}  # the code, where 'parser' occurs
    assert "3 matches of 'parser'" in texts(app.caption)
    first = document_text(run_dir, app.selectbox(key="doc").value).index("parser")
    [panel] = [m.value for m in app.markdown if "characters" in m.value]
    start, end = map(int, re.search(r"characters (\d+)–(\d+)", panel).groups())
    assert start <= first < end  # the inspected token is the first match's
    at_first = app.session_state["pos"]
    assert "match 1 of 3 matches" in texts(app.caption)
    app.button(key="next_match").click().run()
    assert app.session_state["pos"] > at_first and "match 2 of 3 matches" in texts(app.caption)
    assert app.query_params["pos"] == str(app.session_state["pos"])
    app.button(key="previous_match").click().run()
    app.button(key="previous_match").click().run()  # from the first match, round to the last
    assert "match 3 of 3 matches" in texts(app.caption)


@pytest.mark.parametrize("name", [n for n in ARTEFACTS if n != "categories"])
@pytest.mark.parametrize("content", ["{ half", '{"analysis": "something else"}'])
def test_a_corrupt_result_file_is_one_clear_error_on_every_page(browse, run_dir, tmp_path, name, content):
    run = tmp_path / "run"
    shutil.copytree(run_dir, run)
    artefact_path(run, name).write_text(content)
    shown_on = {"similarity": "similarity", "lens": "similarity", "ablation": "ablations"}.get(name, "offload")
    for page in PAGES:
        app = browse(run, page)
        errors = [e.value for e in app.error if str(artefact_path(run, name)) in e.value]
        assert len(errors) == (page == f"views/{shown_on}.py"), (page, errors)
        assert all(artefact_command(run, name) in e for e in errors)
        assert artefact_command(run, name) not in texts(app.code)  # not also "no ... yet"


@pytest.mark.parametrize("table", ["enrichment.parquet", "labelled_positions.parquet"])
def test_a_corrupt_categories_table_is_an_error(browse, run_dir, tmp_path, table):
    run = tmp_path / "run"
    shutil.copytree(run_dir, run)
    (run / "categories" / table).write_bytes(b"not parquet")
    app = browse(run, "views/categories.py")
    assert not app.exception and f"categories/{table} is unreadable" in texts(app.error)


@pytest.mark.parametrize(
    "params, says",
    [
        ({"pos": "abc"}, "`pos=abc` is ignored"),
        ({"layer": "7"}, "`layer=7` is ignored"),
        ({"pos": "99999"}, "is outside this document"),
    ],
)
def test_a_bad_address_is_a_warning_not_a_traceback(browse, run_dir, params, says):
    app = browse(run_dir, "views/documents.py", **params)
    assert says in texts(app.warning)


def test_ngram_explorer_filters_ranks_and_opens_an_ngram_page(browse, run_dir):
    app = browse(run_dir, "views/ngrams.py")
    table = app.dataframe[0].value
    assert len(table) > 0 and {"shown", "count", "lower_bound", "mean_gate", "category", "example"} <= set(table.columns)
    assert list(table["lower_bound"]) == sorted(table["lower_bound"], reverse=True)
    app.text_input(key="q").set_value("REAT").run()  # case-insensitive
    table = app.dataframe[0].value
    assert len(table) > 0 and all("reat" in n.lower() for n in table["shown"])
    app.text_input(key="q").set_value("").run()
    app.multiselect(key="cat").set_value(["code"]).run()
    assert not app.exception
    assert not app.dataframe or set(app.dataframe[0].value["category"]) <= {"code"}
    assert app.query_params["cat"] == "code"


def test_an_ngram_page_shows_its_distribution_contexts_and_paged_examples(browse, run_dir):
    top = ngram_table(run_dir, layer=1, order=2, min_count=3, limit=1).to_pylist()[0]
    app = browse(run_dir, "views/ngrams.py", pick=f"1/2/{top['ngram']}", min="2")
    assert app.title[0].value == f"2-gram {top['ngram']!r} at layer 1"  # a page of its own: no table above it
    assert {m.label: m.value for m in app.metric}["occurrences"] == f"{top['count']:,}"
    assert len(app.get("plotly_chart")) == 2  # its gates against the layer's, and layer against layer
    assert "top** of the gate range" in texts(app.markdown)
    examples = [address for page, address in links(app) if page == "documents"]
    assert examples and all(a["doc"].startswith("doc") and a["layer"] == "1" for a in examples)
    domains = app.dataframe[0]  # the context breakdown, by domain first
    assert {"domain", "count", "share", "mean_gate", "low", "high", "expected_share"} <= set(domains.value.columns)
    assert domains.value["count"].sum() == top["count"]
    app.button[0].click().run()  # back to the table, with the filters it had
    assert app.title[0].value == "N-gram explorer" and "pick" not in app.query_params and app.query_params["min"] == "2"
    app = browse(run_dir, "views/ngrams.py", pick="1/9/x")
    assert "`pick=1/9/x` is ignored" in texts(app.warning)


def test_overview_points_where_to_look(browse, run_dir):
    app = browse(run_dir)
    assert "What a gate is" in texts(app.markdown)
    tops = [address for page, address in links(app) if page == "ngrams"]
    assert {a["layer"] for a in tops} == {"1", "2"} and all(a["pick"].startswith(f"{a['layer']}/") for a in tops)
    low, high = top_gate_range(run_dir, 1)  # the default range: the top tenth of the first layer's gates
    assert f"positions of layer 1 have a branch-mean gate in [{low:.2f}, 1.00] (the default" in texts(app.caption)
    app = browse(run_dir, "views/overview.py", range="0,1", layer="2", branch="1")  # a range chosen on the histogram
    assert "positions of layer 2 have a branch 1 gate in [0.00, 1.00]; 8 drawn" in texts(app.caption)
    samples = [address for page, address in links(app) if page == "documents"]
    assert len(samples) == 8 and all(a["layer"] == "2" for a in samples)  # the sampled positions open the viewer
    assert app.query_params["range"] == "0.00,1.00"


def test_pages_without_their_data_name_the_command(browse, base, tmp_path):
    bare = tmp_path / "bare"
    shutil.copytree(base / "run", bare, ignore=shutil.ignore_patterns("analysis", "offload", "categories"))
    expected = {"views/categories.py": "categories", "views/similarity.py": "similarity", "views/offload.py": "offload",
                "views/ablations.py": "ablation"}  # fmt: skip
    for page, name in expected.items():
        app = browse(bare, page)
        if name == "similarity":  # the run's tokenizer is not the baseline's: the model against itself is offered
            assert "The bundled baseline is not offered" in texts(app.info)
            assert "engram-probe similarity --a 'small test model' --b none" in texts(app.code), page
        else:
            assert artefact_command(bare, name) in texts(app.code), page
        assert [b for b in app.button if b.key == f"compute_{name}"], page  # and it can be computed there
    # of the run's own model and corpus, against the bundled baseline
    assert artefact_command(bare, "similarity") == (
        f"engram-probe similarity --a 'small test model' --b baseline --out {bare}/analysis --corpus 'test texts'"
    )


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


# every page in a fresh process, then the modules it loaded: the app reads Parquet and JSON only
NO_TORCH = """
import sys
from streamlit.testing.v1 import AppTest
script, run, pages = sys.argv[1], sys.argv[2], sys.argv[3:]
sys.argv = [script, run]
for page in pages:
    app = AppTest.from_file(script, default_timeout=120).run()
    app.switch_page(page).run()
    assert not app.exception, (page, [e.message for e in app.exception])
print(sorted(m for m in ("torch", "transformer_lens") if m in sys.modules))
"""


def test_the_app_imports_no_torch(run_dir):
    result = subprocess.run(
        [sys.executable, "-c", NO_TORCH, str(BROWSER), str(run_dir), *PAGES],
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().splitlines()[-1] == "[]"
