"""The app's input bounds, on generated long inputs: Try your own text refuses, naming its
bound, a text over its characters or its tokens (20,000 emoji are 80,000 byte-level tokens,
which would hold the page for minutes) before the model runs, and gates one at the bound; the
document viewer draws a bounded window of a long document and pages through it."""

import random

import pytest
from test_app_try_text import PAGE, open_page, run  # noqa: F401 (run: the fixture of a run whose model opens)

from engram_model.corpus import Document
from probe import ProbeOptions, probe_corpus

MAX_CHARS, MAX_TOKENS = 20_000, 5_000  # as the page states them next to its box
rng = random.Random(44)
LONG = {
    "emoji": "😀" * MAX_CHARS,
    "family emoji (joined)": "👨\u200d👩\u200d👧" * (MAX_CHARS // 5),
    "CJK": "漢字" * (MAX_CHARS // 2),
    "random CJK": "".join(chr(rng.randrange(0x4E00, 0x9FFF)) for _ in range(MAX_CHARS)),
    "one long word": "a" * MAX_CHARS,
    "combining marks": "e\u0301" * (MAX_CHARS // 2),
    "mixed": "".join(rng.choice(["😀", "漢", "a", " ", "\n", "\u200d", "ß"]) for _ in range(MAX_CHARS)),
    "over the characters": "word " * 4001 + "😀" * 10,
}


@pytest.mark.parametrize("text", LONG.values(), ids=LONG.keys())
def test_a_text_over_the_bound_is_refused_with_the_bound_before_the_model_runs(monkeypatch, run, text):  # noqa: F811
    app = open_page(monkeypatch, run, PAGE)
    assert f"up to {MAX_CHARS:,} characters and {MAX_TOKENS:,} tokens" in app.text_area(key="text").label
    app.text_area(key="text").input(text).run()
    assert not app.exception
    [error] = app.error
    if len(text) > MAX_CHARS:
        assert f"The text has {len(text):,} characters; this page gates at most {MAX_CHARS:,} at once" in error.value
    else:
        assert "tokens long; this page gates at most 5,000 at once" in error.value
    assert not app.dataframe and not app.subheader  # refused, not gated


def test_a_text_at_the_token_bound_is_gated(monkeypatch, run):  # noqa: F811
    text = "😀" * (MAX_TOKENS // 4)  # four byte-level tokens each
    app = open_page(monkeypatch, run, PAGE)
    app.text_area(key="text").input(text).run()
    assert not app.exception and not app.error
    assert f"{MAX_TOKENS + 1:,} tokens in all" in "\n".join(m.value for m in app.markdown)  # and the run's BOS


@pytest.fixture(scope="module")
def long_run(model, tmp_path_factory):
    """A run with one document of some thousands of tokens beside a short one."""
    probed = tmp_path_factory.mktemp("bounds") / "run"
    long_text = " ".join(f"word{i % 97} 漢{i % 13}" for i in range(600))
    documents = [Document("long", long_text), Document("short", "Alexander was born in Pella.")]
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
    probe_corpus(model, documents, probed, manifest, ProbeOptions(categorize=False), show_progress=False)
    return probed


@pytest.mark.parametrize("share", [0, 0.2, 0.5, 0.9, 1])
def test_the_document_viewer_draws_a_bounded_window_that_follows_the_position(monkeypatch, long_run, share):
    window = 1200  # the viewer's WINDOW
    app = open_page(monkeypatch, long_run, "views/documents.py", doc="long")
    n_tokens = int(app.number_input(key="pos").max) + 1
    assert n_tokens > 2 * window
    position = round(share * (n_tokens - 1))
    app.number_input(key="pos").set_value(position).run()
    assert not app.exception and f"Token at position {position}" in [s.value for s in app.subheader]
    [shown] = [c.value for c in app.caption if c.value.startswith("tokens ")]
    first, last = (int(n.replace(",", "")) for n in shown.split(" of ")[0].removeprefix("tokens ").split("–"))
    assert last - first + 1 == window and first <= position <= last and f"of {n_tokens:,}" in shown
