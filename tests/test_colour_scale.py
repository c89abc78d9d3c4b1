"""One colour scale everywhere: the static shaded text (`probe.plots.tokens.shaded_text_html`)
against hand-computed colours and values, the same gate in the same colour on every page's path,
the sidebar setting (`apps/colour.py`) carried from page to page and into the address, a legend
over every shaded text, and, in headless Chromium, a token's value shown on hover."""

import json
import re
import sys
from html.parser import HTMLParser
from urllib.parse import parse_qsl

import numpy as np
import pytest
import test_app_browser as harness
from streamlit.testing.v1 import AppTest

from engram_model.corpus import Document
from probe import ProbeOptions, categorize_run, probe_corpus
from probe.cli.serve import browser_script
from probe.plots import shaded_text_html
from probe.plots.tokens import SCALES, colour_bar_html, token_view_data, visible
from probe.runs.aggregate import document_trace
from probe.runs.queries import token_contexts

chromium, browser = harness.chromium, harness.browser  # its fixtures: a headless Chromium driven over DevTools
BROWSER = str(browser_script())
TEXTS = [
    ("prose", "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle."),
    ("code", "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n"),
]
# a layer where 80% of the positions have a gate below 0.5: (bin edges, share at or below each edge)
CDF = (np.array([0.0, 0.5, 1.0]), np.array([0.0, 0.8, 1.0]))


class ShadedTokens(HTMLParser):
    """Each shaded token of `shaded_text_html`'s HTML as {style, text, value}."""

    def __init__(self, body: str):
        super().__init__(convert_charrefs=True)
        self.tokens, self.depth, self.in_value = [], 0, False
        self.feed(body)
        self.close()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("class") == "gate-tok":
            self.tokens.append({"style": attrs["style"], "text": "", "value": ""})
        self.in_value = attrs.get("class") == "gate-tok-value"
        if self.in_value:
            assert attrs["style"] == "display:none"  # hidden wherever the hover style is not loaded

    def handle_endtag(self, tag):
        self.in_value = False

    def handle_data(self, data):
        if self.tokens:
            self.tokens[-1]["value" if self.in_value else "text"] += data


def background(style: str) -> str:
    return re.search(r"background:(#[0-9a-f]{6})", style).group(1)


def test_each_shaded_token_holds_its_value_and_its_colour_on_either_scale():
    tokens, gates = ["<b>x</b>", " ", "\n", "end"], [0.25, 0.5, 0.75, 1.0]
    shaded = ShadedTokens(shaded_text_html(tokens, gates, selected=3, scale="percentile", cdf=CDF, what="mean gate")).tokens
    assert [t["text"] for t in shaded] == ["<b>x</b>", "␣", "↵\n", "end"]  # the token as text, whitespace as a glyph
    # percentiles by hand: 0.25 is half of the first bin (0.4), 0.5 its edge (0.8), 0.75 half of the second (0.9)
    assert [t["value"] for t in shaded] == [
        "mean gate 0.250 (percentile 40)",
        "mean gate 0.500 (percentile 80)",
        "mean gate 0.750 (percentile 90)",
        "mean gate 1.000 (percentile 100)",
    ]
    # YlOrRd's stops at 0, .25, .5, .75, 1: percentile 0.4 is 0.6 of the way from (254,217,118) to (253,141,60),
    # 0.8 is 0.2 of the way from (227,26,28) to (128,0,38): (207.2, 20.8, 30), 0.9 is 0.6 of it: (167.6, 10.4, 34)
    assert [background(t["style"]) for t in shaded] == ["#fdab53", "#cf151e", "#a80a22", "#800026"]
    assert "color:black" in shaded[0]["style"] and "color:white" in shaded[1]["style"]  # dark from 0.6 on
    assert "outline:2px solid #1f4fd6" in shaded[3]["style"]
    absolute = ShadedTokens(shaded_text_html(tokens, gates, scale="absolute", cdf=CDF)).tokens
    assert [background(t["style"]) for t in absolute] == ["#fed976", "#fd8d3c", "#e31a1c", "#800026"]  # the stops themselves
    assert absolute[0]["value"] == "gate 0.250 (percentile 40)"


def test_the_ngram_pages_call_keeps_working_on_the_absolute_scale():
    shaded = ShadedTokens(shaded_text_html(["a", "b"], [0.0, 0.5], marked={1})).tokens
    assert [t["value"] for t in shaded] == ["gate 0.000", "gate 0.500"]  # no layer distribution: no percentile
    assert [background(t["style"]) for t in shaded] == ["#ffffcc", "#fd8d3c"]
    assert "underline" in shaded[1]["style"] and "underline" not in shaded[0]["style"]


def test_bad_input_is_an_error_that_names_the_fix():
    with pytest.raises(ValueError, match="pass cdf=histogram_cdf"):
        shaded_text_html(["a"], [0.5], scale="percentile")
    with pytest.raises(ValueError, match="use one of absolute, percentile"):
        shaded_text_html(["a"], [0.5], scale="log", cdf=CDF)
    with pytest.raises(ValueError, match="2 tokens but 1 gates"):
        shaded_text_html(["a", "b"], [0.5])


@pytest.mark.parametrize("scale", SCALES)
def test_a_gate_has_one_colour_on_every_pages_path(scale):
    """The Overview's and the n-gram page's static text and the document viewer's token view."""
    gates = np.linspace(0, 1, 41)
    static = ShadedTokens(shaded_text_html([f"t{i}" for i in range(41)], gates, scale=scale, cdf=CDF)).tokens
    rows = [
        {"position": i, "token": f"t{i}", "gate_mean": g, "gate_max": g, "gates": [g], "ngram_2": ""} for i, g in enumerate(gates)
    ]
    viewer = token_view_data(rows, "gate_mean", scale, CDF, 2)
    assert [background(t["style"]) for t in static] == viewer["colour"]
    assert [("color:white" in t["style"]) for t in static] == viewer["dark"]
    legend = colour_bar_html(scale, CDF, "layer 1 mean gate")
    assert f"layer 1 mean gate, {scale} scale" in legend


@pytest.fixture(scope="module")
def run(model, tmp_path_factory):
    run = tmp_path_factory.mktemp("colour") / "run"
    documents = [Document(f"doc{i}", text, domain=domain) for i, (domain, text) in enumerate(TEXTS * 3)]
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
    probe_corpus(model, documents, run, manifest, ProbeOptions(), show_progress=False)
    categorize_run(run, top_fraction=0.1, n_boot=20)
    return run


def open_page(run, monkeypatch, page: str = "views/overview.py", **params) -> AppTest:
    monkeypatch.setattr(sys, "argv", [BROWSER, str(run)])
    app = AppTest.from_file(BROWSER, default_timeout=60).run()
    go(app, page, **params)
    return app


def go(app: AppTest, page: str, **params) -> None:
    """Open `page` in the same session, the way a link does."""
    app.switch_page(page)
    app.query_params.clear()
    app.query_params.update(params)
    app.run()
    assert not app.exception, [e.message for e in app.exception]


def samples(app: AppTest) -> list[tuple[str, int]]:
    """The (document, position) of each sample, from its link to the document viewer."""
    addresses = [dict(parse_qsl(link.proto.query_string)) for link in app.get("page_link") if link.proto.page == "documents"]
    return [(address["doc"], int(address["pos"])) for address in addresses]


def test_overview_samples_are_shaded_on_the_sidebar_scale_under_their_legend(run, monkeypatch):
    app = open_page(run, monkeypatch, range="0,1", layer="1")
    bodies = [h.value for h in app.html]
    legend = next(i for i, body in enumerate(bodies) if "gate-colour-bar" in body)
    assert "layer 1 mean gate, percentile scale" in bodies[legend] and "Q1 = " in bodies[legend]  # the default scale
    texts = [body for body in bodies if "gate-tok" in body]
    assert len(texts) == 8 and bodies.index(texts[0]) == legend + 1  # every sample under the legend
    places = samples(app)
    for body, context in zip(texts, token_contexts(run, 1, places), strict=True):  # each token's value, read back from the run
        shaded = ShadedTokens(body).tokens
        assert [t["text"] for t in shaded] == [visible(t["token"]) for t in context]
        assert [t["value"].split(" (")[0] for t in shaded] == [f"mean gate {t['gate_mean']:.3f}" for t in context]
        assert all(re.fullmatch(r"mean gate \d\.\d{3} \(percentile \d{1,3}\)", t["value"]) for t in shaded)

    # the reader picks the absolute scale in the sidebar: the legend and the colours follow, and so does the address
    app.selectbox(key="scale").set_value("absolute").run()
    bodies = [h.value for h in app.html]
    assert any("layer 1 mean gate, absolute scale" in body for body in bodies)
    assert app.query_params["scale"] == "absolute"
    doc_id, position = samples(app)[0]
    body = next(body for body in bodies if "gate-tok" in body)
    [selected] = [t for t in ShadedTokens(body).tokens if "outline:2px solid #1f4fd6" in t["style"]]

    # the sample's link carries the chosen scale, so its address says what the shading means
    [link] = [dict(parse_qsl(link.proto.query_string)) for link in app.get("page_link")
              if link.proto.page == "documents" and f"pos={position}&" in link.proto.query_string + "&"][:1]  # fmt: skip
    assert link["scale"] == "absolute" and link["doc"] == doc_id
    # a page without shaded text, then that link: the viewer shades on the same scale, in the same colour
    go(app, "views/categories.py")
    go(app, "views/documents.py", **link)
    assert app.selectbox(key="scale").value == "absolute"
    assert any("absolute scale" in h.value for h in app.html)
    [viewer] = [node for node in app.get("bidi_component") if node.proto.component_name == "engram_token_view"]
    data = json.loads(viewer.proto.json)
    assert data["colour"][position - data["start"]] == background(selected["style"])
    gate = document_trace(run, doc_id, layer=1).to_pylist()[position]["gate_mean"]
    assert selected["value"].startswith(f"mean gate {gate:.3f} (percentile ")  # the rank too, on either scale


def test_a_link_with_a_scale_sets_it_and_a_bad_one_is_a_warning(run, monkeypatch):
    app = open_page(run, monkeypatch, "views/documents.py", doc="doc0", scale="absolute")
    assert app.selectbox(key="scale").value == "absolute"
    app = open_page(run, monkeypatch, "views/documents.py", doc="doc0", scale="log")
    assert app.selectbox(key="scale").value == "percentile"
    assert any("scale=log" in w.value and "is ignored" in w.value for w in app.warning)


@pytest.mark.browser
@pytest.mark.slow
def test_hovering_an_overview_sample_token_shows_its_value(run, browser, tmp_path):
    port = harness._free_port()
    with harness.served(harness.app_command(run, port), port):
        outlined = '[...document.querySelectorAll(".gate-tok")].filter(t => t.style.outlineColor)'  # each sample's token
        links = f"document.querySelectorAll({json.dumps(harness.DOCUMENT_LINK)})"
        drawn = harness.shows("Sample positions") + f" && {outlined}.length === 8 && {links}.length === 8"
        browser.open(f"http://127.0.0.1:{port}/?range=0,1&layer=1", drawn, "the eight samples")
        selected = f"{outlined}[0]"
        value = f"{selected}.querySelector('.gate-tok-value')"
        assert browser.js(f"getComputedStyle({value}).display") == "none"  # hidden until hovered
        assert not re.search(r"mean gate \d\.\d{3} \(percentile", browser.text())  # no value shows
        browser.js(f"{selected}.scrollIntoView({{block: 'center'}})")
        left, top, width, height = browser.js(
            f"(() => {{ const r = {selected}.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }})()"
        )
        browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=left + width / 2, y=top + height / 2)
        browser.wait(f"getComputedStyle({value}).display !== 'none'", "the value to show on hover")
        shown = browser.js(f"{value}.innerText")
        # the value is the sampled gate that the sample's link names (branch mean: the gate the contexts are shaded by)
        link = browser.js(f"{links}[0].innerText")
        assert re.fullmatch(r"mean gate \d\.\d{3} \(percentile \d{1,3}\)", shown), shown
        assert shown.split(" (")[0].removeprefix("mean ") == re.search(r"gate \d\.\d{3}", link).group(0)
        box = browser.js(f"(() => {{ const r = {value}.getBoundingClientRect(); return [r.width, r.height, r.top]; }})()")
        assert box[0] > 20 and box[1] > 8 and 0 <= box[2] < 1000  # drawn, in the window
        assert shown in browser.text()
        browser.screenshot(tmp_path / "hover.png")
        browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=1, y=1)  # away: hidden again
        browser.wait(f"getComputedStyle({value}).display === 'none'", "the value to hide")
