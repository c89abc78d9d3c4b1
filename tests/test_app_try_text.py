"""The browser's "Try your own text" page through Streamlit's AppTest, on a run probed with a saved
checkpoint (so the page can open the run's own model): a run's document typed in gets the gates
the run recorded for it, the view and a short text are in the address, a long or too long text
and a run whose model cannot be opened are said so, and hostile text shows as text."""

import json
import sys
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
from adversarial.test_app_escaping import PAYLOADS, TOGETHER, assert_as_text, page_text
from streamlit.testing.v1 import AppTest

from engram_model.corpus import Document
from probe import ProbeOptions, probe_corpus
from probe.cli.serve import browser_script
from probe.runs.aggregate import document_trace
from probe.runs.scan import run_manifest

PAGE = "views/try_text.py"
TEXTS = [
    "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle.",
    "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n",
]


@pytest.fixture(scope="module")
def run(model, tmp_path_factory):
    """A run of the session's model saved as a checkpoint, its manifest naming that checkpoint."""
    from engram_model import save_model

    base = tmp_path_factory.mktemp("try_text")
    checkpoint = save_model(model, base / "ckpt")
    corpus = base / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"text": text}) + "\n" for text in TEXTS))
    manifest = run_manifest(model, str(checkpoint), checkpoint, corpus, None)
    documents = [Document(f"doc{i}", text) for i, text in enumerate(TEXTS)]
    probe_corpus(model, documents, base / "run", manifest, ProbeOptions(categorize=False), show_progress=False)
    return base / "run"


def open_page(monkeypatch, run: Path, page: str, **params: str) -> AppTest:
    monkeypatch.setattr(sys, "argv", [str(browser_script()), str(run)])
    app = AppTest.from_file(str(browser_script()), default_timeout=120).run()
    app.switch_page(page)
    app.query_params.update(params)
    return app.run()


def picks(app: AppTest) -> list[str]:
    """The n-grams the page links to, as their pages' `pick` (layer/order/n-gram)."""
    return [dict(parse_qsl(link.proto.query_string))["pick"] for link in app.get("page_link") if link.proto.page == "ngrams"]


def test_a_document_of_the_run_typed_in_gets_the_gates_the_run_recorded(monkeypatch, run):
    text = TEXTS[0]
    app = open_page(monkeypatch, run, PAGE, text=text, pos="7")
    assert not app.exception, [e.message for e in app.exception]
    assert app.title[0].value == "Try your own text" and app.text_area(key="text").value == text
    assert "Token at position 7" in [s.value for s in app.subheader]
    assert any("percentile scale" in h.value for h in app.html)  # the colour bar
    recorded = {layer: document_trace(run, "doc0", layer=layer).to_pylist() for layer in (1, 2)}
    shown = app.dataframe[-1].value  # the token's gate per layer and branch
    assert list(shown["layer"]) == [1, 2]
    for _, row in shown.iterrows():
        at = recorded[row["layer"]][7]
        assert [row["branch 0"], row["branch 1"]] == pytest.approx(at["gates"], abs=1e-5)
        assert row["mean"] == pytest.approx(at["gate_mean"], abs=1e-5) and row["max"] == pytest.approx(at["gate_max"], abs=1e-5)
    # the n-grams it reads, each a link to its page at the layer shown
    assert picks(app) == [f"1/{n}/{recorded[1][7][f'ngram_{n}']}" for n in (2, 3)]
    assert f"{len(recorded[1]):,} tokens in all" in page_text(app)


def test_the_view_follows_the_position_and_layer_and_is_in_the_address(monkeypatch, run):
    app = open_page(monkeypatch, run, PAGE, text=TEXTS[1])
    assert "Token at position 0" in [s.value for s in app.subheader]
    app.number_input(key="pos").set_value(12).run()
    app.selectbox(key="layer").set_value(2).run()
    app.selectbox(key="gate").set_value("gate_b1").run()
    assert not app.exception
    assert "Token at position 12" in [s.value for s in app.subheader]
    assert dict(app.query_params) == {"text": TEXTS[1], "pos": "12", "layer": "2", "gate": "gate_b1", "scale": "percentile"}
    ngram_3 = document_trace(run, "doc1", layer=2).to_pylist()[12]["ngram_3"]
    assert f"2/3/{ngram_3}" in picks(app)  # the n-gram links follow the layer


def test_a_new_text_starts_at_its_first_token(monkeypatch, run):
    app = open_page(monkeypatch, run, PAGE, text=TEXTS[1], pos="30")
    assert "Token at position 30" in [s.value for s in app.subheader]
    app.text_area(key="text").input("Pella").run()
    assert "Token at position 0" in [s.value for s in app.subheader] and not app.warning


def test_a_long_text_keeps_the_view_but_not_the_text_in_the_address(monkeypatch, run):
    text = " ".join(TEXTS) * 4  # over 500 characters
    app = open_page(monkeypatch, run, PAGE)
    app.text_area(key="text").input(text).run()
    assert not app.exception and "Token at position 0" in [s.value for s in app.subheader]
    assert "text" not in app.query_params and app.query_params["pos"] == "0"
    assert "the address keeps the view but not the text" in page_text(app)


def test_a_text_over_the_cap_is_refused_with_the_cap(monkeypatch, run):
    app = open_page(monkeypatch, run, PAGE)
    app.text_area(key="text").input("word " * 4001).run()  # 20,005 characters
    assert not app.exception
    assert "The text has 20,005 characters; this page gates at most 20,000 at once" in app.error[0].value
    assert not app.get("page_link") and not app.dataframe


def test_a_position_past_the_text_is_said_and_reset(monkeypatch, run):
    app = open_page(monkeypatch, run, PAGE, text="Pella", pos="999")
    assert "Position 999 is outside this text" in app.warning[0].value
    assert "Token at position 0" in [s.value for s in app.subheader]


def test_a_run_whose_model_cannot_be_opened_says_why_and_what_to_do(monkeypatch, run, tmp_path):
    import shutil

    moved = tmp_path / "run"
    shutil.copytree(run, moved)
    manifest = json.loads((moved / "manifest.json").read_text())
    (moved / "manifest.json").write_text(json.dumps({**manifest, "model": str(tmp_path / "gone")}))
    app = open_page(monkeypatch, moved, PAGE, text="Pella")
    assert not app.exception
    assert "cannot be opened from here" in app.error[0].value and str(tmp_path / "gone") in page_text(app)
    assert "engram-probe gates" in app.code[0].value
    assert not app.dataframe


@pytest.mark.parametrize("text", [*PAYLOADS, TOGETHER, 'javascript:alert("zq")', "[zq](javascript:alert(1))"])
def test_hostile_text_typed_in_is_shown_as_text(monkeypatch, run, text):
    app = open_page(monkeypatch, run, PAGE)
    app.text_area(key="text").input(text).run()
    assert "Token at position 0" in [s.value for s in app.subheader]
    app.number_input(key="pos").set_value(app.number_input(key="pos").max).run()  # the last token: n-grams of the text
    assert_as_text(app)  # the n-gram links, the token's panel: no markup from the text
    assert app.text_area(key="text").value == text
