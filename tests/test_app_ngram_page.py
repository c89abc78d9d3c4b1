"""The n-gram feature page on a run made by the real pipeline: through Streamlit's AppTest (bins,
pages and their address, the context breakdown, hash neighbours read from recorded rows or
addressed again by the run's model, the Effects place), and in headless Chromium with the
harness of test_app_browser.py: an n-gram with more occurrences than a page holds, paged
forward, shows other occurrences and keeps the page number in the address, in one session."""

import json
import sys
import urllib.parse

import pytest
from conftest import documents
from streamlit.testing.v1 import AppTest
from test_app_browser import (  # noqa: F401  (browser and chromium are fixtures)
    DOCUMENT_LINK,
    _free_port,
    app_command,
    browser,
    button,
    chromium,
    served,
    shows,
)

from engram_model import save_model
from probe import ProbeOptions, RecordOptions, probe_corpus
from probe.cli.serve import browser_script
from probe.runs.ngram_feature import hash_neighbours, layer_position_rows
from probe.runs.queries import ngram_occurrences, ngram_table
from probe.runs.scan import run_manifest

BROWSER = browser_script()
DOCUMENT_HREFS = f"[...document.querySelectorAll({DOCUMENT_LINK!r})].map(a => a.getAttribute('href'))"


@pytest.fixture(scope="module")
def runs(model, tmp_path_factory):
    """Twelve documents, the code one repeated up to 12 times, so its n-grams occur dozens of
    times: probed with row ids recorded, and without (a run naming its checkpoint, whose model
    the page can open again to address the n-grams)."""
    base = tmp_path_factory.mktemp("ngram_page")
    checkpoint = save_model(model, base / "ckpt")
    corpus = base / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"text": d.text}) + "\n" for d in documents(12)))
    manifest = run_manifest(model, str(checkpoint), checkpoint, corpus, None)
    for name, rows in (("recorded", True), ("plain", False)):
        options = ProbeOptions(record=RecordOptions(rows=rows), categorize=False)
        probe_corpus(model, documents(12), base / name, manifest, options, show_progress=False)
    return base / "recorded", base / "plain"


def commonest(run) -> dict:
    [top] = ngram_table(run, layer=1, order=2, min_count=41, sort="count", limit=1).to_pylist()
    return top


def open_pick(monkeypatch, run, pick: str, **params: str) -> AppTest:
    monkeypatch.setattr(sys, "argv", [str(BROWSER), str(run)])
    app = AppTest.from_file(str(BROWSER), default_timeout=120).run()
    app.switch_page("views/ngrams.py")
    app.query_params.update({"pick": pick, **params})
    app.run()
    assert not app.exception, [e.message for e in app.exception]
    return app


def texts(elements) -> str:
    return "\n".join(str(e.value) for e in elements)


def documents_linked(app: AppTest) -> list[str]:
    return [link.proto.query_string for link in app.get("page_link") if link.proto.page == "documents"]


def test_bins_and_pages_of_every_occurrence(monkeypatch, runs):
    recorded, _ = runs
    top = commonest(recorded)
    app = open_pick(monkeypatch, recorded, f"1/2/{top['ngram']}")
    pages = -(-top["count"] // 20)
    assert f"**top** of the gate range: 1–20 of {top['count']:,}, page 1 of {pages}" in texts(app.markdown)
    first = documents_linked(app)
    assert len(first) == 20 and "ng_page" not in app.query_params  # the first page: nothing to add to the address
    [forward] = [b for b in app.button if b.label == "next page ▶"]
    forward.click().run()
    assert app.query_params["ng_page"] == "2" and not set(documents_linked(app)) & set(first)
    # a decile: a tenth of the occurrences by rank, from page 1
    app.selectbox(key="ng_bin").set_value("0–10th percentile").run()
    shown = documents_linked(app)
    assert app.query_params["ng_bin"] == "0–10th percentile" and "ng_page" not in app.query_params
    assert len(shown) == top["count"] * 10 // 10 - top["count"] * 9 // 10
    lowest = ngram_occurrences(recorded, 1, 2, top["ngram"]).to_pylist()[-1]  # the lowest gate is in the lowest decile
    assert any(f"doc={lowest['doc_id']}&pos={lowest['position']}&" in q for q in shown)
    # an address past the last page shows the last, and says so
    app = open_pick(monkeypatch, recorded, f"1/2/{top['ngram']}", ng_bin="bottom", ng_page="999")
    assert "page 999 is past the last" in texts(app.warning) and f"page {pages} of {pages}" in texts(app.markdown)
    app = open_pick(monkeypatch, recorded, f"1/2/{top['ngram']}", ng_page="0", ng_bin="middle")
    assert "`ng_page=0` is ignored: pages are numbered from 1" in texts(app.warning)
    assert "`ng_bin=middle` is ignored" in texts(app.warning)
    assert "Effects" in texts(app.subheader)
    # fewer than ten occurrences: some deciles are empty, and say so
    ngrams = layer_position_rows(recorded, 1, 2).column("ngram").to_pylist()
    rare = next(n for n in sorted(set(ngrams)) if ngrams.count(n) < 10)
    app = open_pick(monkeypatch, recorded, f"1/2/{rare}", ng_bin="90–100th percentile")
    assert "no occurrence, the n-gram has fewer than ten" in texts(app.markdown) and not documents_linked(app)


def test_breakdown_and_neighbours_on_the_page(monkeypatch, runs):
    recorded, plain = runs
    top = commonest(recorded)
    app = open_pick(monkeypatch, recorded, f"1/2/{top['ngram']}")
    breakdown, neighbours = app.dataframe
    assert breakdown.value["count"].sum() == top["count"] and "domain" in breakdown.value.columns
    app.radio(key="ng_by").set_value("preceding token").run()
    assert app.dataframe[0].value["count"].sum() == top["count"]
    app.number_input(key="ng_min").set_value(1000).run()
    assert len(app.dataframe[0].value) == 0  # no preceding token is seen 1000 times
    expected = hash_neighbours(layer_position_rows(recorded, 1, 2), top["ngram"], min_count=3).to_pandas()
    assert neighbours.value["count"].tolist() == expected["count"].tolist()
    assert neighbours.value["ngram"].tolist() == [repr(n) for n in expected["ngram"]]
    # a run without row ids: the model that made it addresses them again, on request
    app = open_pick(monkeypatch, plain, f"1/2/{top['ngram']}")
    assert "did not record its row ids" in texts(app.info) and len(app.dataframe) == 1
    [address] = [b for b in app.button if b.label == "address the run's n-grams"]
    address.click().run()
    assert not app.exception, [e.message for e in app.exception]
    assert app.dataframe[1].value["count"].tolist() == expected["count"].tolist()


def test_effects_on_the_page_are_the_analysis_of_the_runs_model(monkeypatch, runs):
    from probe.analyses.ngram_effects import gate_zero_loss_change, logit_effects, ngram_token_ids
    from probe.runs.model import load_run_model

    _, plain = runs
    top = commonest(plain)
    app = open_pick(monkeypatch, plain, f"1/2/{top['ngram']}")
    assert "Both run the run's model" in texts(app.info)  # nothing runs the model before the reader asks
    tables = len(app.dataframe)
    [measure] = [b for b in app.button if b.label == "measure its effects"]
    measure.click().run()
    assert not app.exception and not app.error, [e.value for e in app.error]
    model = load_run_model(plain)
    occurrences = ngram_occurrences(plain, 1, 2, top["ngram"])
    first = occurrences.to_pylist()[0]
    expected = logit_effects(model, 1, ngram_token_ids(model, plain, 1, 2, first["doc_id"], first["position"]))
    towards, away = app.dataframe[tables : tables + 2]
    assert towards.value["token"].tolist() == [repr(r["token"]) for r in expected if r["direction"] == "promoted"]
    assert away.value["token"].tolist() == [repr(r["token"]) for r in expected if r["direction"] == "suppressed"]
    loss = gate_zero_loss_change(model, plain, 1, occurrences)
    shown = {m.label: m.value for m in app.metric}["loss without it (nats per next token)"]
    assert shown == f"{loss['mean']:+.3f} [{loss['low']:+.3f}, {loss['high']:+.3f}]"


@pytest.mark.browser
@pytest.mark.slow
def test_paging_through_an_ngrams_occurrences_in_a_browser(runs, browser):  # noqa: F811
    recorded, _ = runs
    top = commonest(recorded)
    pick = f"1/2/{top['ngram']}"
    port = _free_port()
    with served(app_command(recorded, port), port):
        url = f"http://127.0.0.1:{port}/ngrams?{urllib.parse.urlencode({'pick': pick})}"
        first_page = shows("top of the gate range", "page 1 of") + f" && {DOCUMENT_HREFS}.length === 20"
        browser.open(url, first_page, "the n-gram's first page of occurrences")
        browser.mark_session()
        first = browser.js(DOCUMENT_HREFS)
        second_page = shows("page 2 of") + " && new URLSearchParams(location.search).get('ng_page') === '2'"
        browser.click(button("next page"), second_page, "the second page")
        second = browser.js(DOCUMENT_HREFS)
        assert len(second) == 20 and not set(first) & set(second), (first, second)  # 20 other occurrences
        path, params = browser.address()
        assert path == "ngrams" and params["pick"] == pick and params["ng_page"] == "2"
        assert f"21–40 of {top['count']:,}" in browser.text() and browser.same_session()
        browser.click(button("previous page"), shows("page 1 of") + " && !location.search.includes('ng_page')", "page 1")
        assert browser.js(DOCUMENT_HREFS) == first
