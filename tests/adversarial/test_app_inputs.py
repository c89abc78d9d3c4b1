"""The gate browser against hostile input: addresses with values a page cannot take, and result
files that pass as JSON, or even have every field, but hold what no analysis writes. Each is a
message on the page, never a traceback."""

import json
import sys
from html.parser import HTMLParser

import pytest
from markdown_it import MarkdownIt
from streamlit.testing.v1 import AppTest

from engram_model.corpus import Document
from probe import ProbeOptions, probe_corpus
from probe.cli.serve import browser_script
from probe.runs.artefacts import artefact_path

BROWSER = str(browser_script())
TEXTS = ["Alexander the Great was born in Pella.", "def main(argv):\n    return argv\n", "Permission is hereby granted."]


@pytest.fixture(scope="module")
def run(model, tmp_path_factory):
    run = tmp_path_factory.mktemp("hostile") / "run"
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
    documents = [Document(f"doc{i}", text) for i, text in enumerate(TEXTS * 2)]
    probe_corpus(model, documents, run, manifest, ProbeOptions(), show_progress=False)
    return run


def rendered(markdown: str) -> str:
    """What a message shows: its Markdown rendered, as plain text (data in it is escaped)."""
    parser, parts = HTMLParser(convert_charrefs=True), []
    parser.handle_data = parts.append
    parser.feed(MarkdownIt("commonmark").render(markdown))
    return "".join(parts).strip()


def open_page(monkeypatch, run, page: str, **params) -> AppTest:
    monkeypatch.setattr(sys, "argv", [BROWSER, str(run)])
    app = AppTest.from_file(BROWSER, default_timeout=60).run()
    app.switch_page(page)
    app.query_params.update(params)
    app.run()
    assert not app.exception, [e.message for e in app.exception]
    return app


@pytest.mark.parametrize(
    "page, params, says",
    [
        ("views/documents.py", {"pos": "-3"}, "is outside this document"),
        ("views/documents.py", {"pos": "1e9"}, "pos=1e9 is ignored: it is not a whole number"),
        ("views/documents.py", {"gate": "gate_b99"}, "gate=gate_b99 is ignored"),
        ("views/documents.py", {"scale": "log"}, "scale=log is ignored: use one of absolute, percentile"),
        ("views/documents.py", {"doc": "no such doc"}, "document 'no such doc' is not in run"),
        ("views/documents.py", {"doc": "a`b *c* [d](e)"}, "document 'a`b *c* [d](e)' is not in run"),
        ("views/documents.py", {"pos": "`1` **2**"}, "pos=`1` **2** is ignored: it is not a whole number"),
        ("views/ngrams.py", {"cat": "names,poetry"}, "cat=names,poetry is ignored"),
        ("views/ngrams.py", {"min": "three"}, "min=three is ignored"),
        ("views/ngrams.py", {"ng_page": "0"}, "ng_page=0 is ignored: pages are numbered from 1"),
        ("views/ngrams.py", {"ng_bin": "middle"}, "ng_bin=middle is ignored"),
        ("views/ngrams.py", {"pick": "1/2"}, "pick=1/2 is ignored: write it as LAYER/ORDER/NGRAM"),
        ("views/ngrams.py", {"pick": "9/2/ the"}, "pick=9/2/ the is ignored: use one of 1, 2"),
        ("views/ngrams.py", {"pick": "1/2/never seen"}, "The run has no 2-gram 'never seen' at layer 1"),
        ("views/ngrams.py", {"pick": "1/2/<b>$x$</b>"}, "The run has no 2-gram '<b>$x$</b>' at layer 1"),
        ("views/ngrams.py", {"q": "\x00<script>"}, "No n-gram passes these filters"),
        ("views/overview.py", {"range": "0.9"}, "range=0.9 is ignored: write it as LOW,HIGH"),
        ("views/overview.py", {"range": "0.5,2"}, "range=0.5,2 is ignored: use 0 <= LOW <= HIGH <= 1"),
        ("views/overview.py", {"range": "0,1`![i](http://e.invalid/i.png)"}, "range=0,1`![i](http://e.invalid/i.png) is"),
        ("views/overview.py", {"branch": "7"}, "branch=7 is ignored"),
    ],
)
def test_an_address_the_page_cannot_take_is_a_message(monkeypatch, run, page, params, says):
    """Said as it is: the value the address holds, however it is written (tests/adversarial/test_app_escaping.py
    checks that no such value is ever markup)."""
    app = open_page(monkeypatch, run, page, **params)
    shown = "\n".join(rendered(e.value) for e in [*app.warning, *app.error])
    assert says in shown, shown


# every field the browser checks is there, with the right type; what is inside is not what ablate, lens or similarity write
POSITIONS = {"rule": "all", "count": 3, "description": "all positions"}
MODEL = {"name": "m", "engram_layers": [1]}
INSIDE_OUT = {
    "lens": {"positions": POSITIONS, "models": [{"model": MODEL, "layers": [-1, 0], "kl": ["a", "b"], "kl_sem": [None]}]},
    "similarity": {
        "a": MODEL, "b": MODEL, "positions": POSITIONS, "representation": "r", "layers_a": [0, 1], "layers_b": [0],
        "cka": [[None, "x"]], "cka_a": [], "cka_b": [[1]], "alignment": {"k": 1, "a_j": [None, None, None]},
    },
    "ablation": {
        "model": MODEL, "mode": "gate", "corpus": {"tokens": 3}, "conditions": {"on": "on"},
        "overall": {"tokens": 3, "loss": {"on": 1.0, "off": 2.0}, "delta": {}},
        "by_domain": [{"domain": "prose", "tokens": 3, "loss": {}, "delta": {}}], "by_category": [],
        "generation": {"prefill_fraction": 0.5, "tokens": 1, "loss": {"on": "high"}},
    },
    "rowstats": {"model": "m", "text": "t", "tokens": 3, "layers": {"1": {"unique": 1, "hit_rate_curve": {"a": "b"}}}},
}  # fmt: skip
PAGE_OF = {
    "lens": "views/similarity.py",
    "similarity": "views/similarity.py",
    "ablation": "views/ablations.py",
    "rowstats": "views/offload.py",
}


@pytest.mark.parametrize("name", INSIDE_OUT)
def test_a_result_file_with_every_field_but_nonsense_inside_is_an_error(monkeypatch, run, name):
    path = artefact_path(run, name)
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(INSIDE_OUT[name]))
    try:
        app = open_page(monkeypatch, run, PAGE_OF[name])
    finally:
        path.unlink()
    errors = [e.value for e in app.error if str(path) in e.value]
    assert errors and "does not have the layout this app reads" in errors[0], [e.value for e in app.error]
