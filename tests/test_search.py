"""`probe.runs.search`: the browser's global search, checked against the run's rows read in plain
Python (every n-gram and token of the gates table, every document's text)."""

import json
from urllib.parse import parse_qsl

import pytest
from adversarial.test_app_escaping import PAYLOADS, TOGETHER, assert_as_text
from test_app_browser import DOCUMENT_LINK, Page, _free_port, app_command, browser, chromium, css, served, shows  # noqa: F401
from test_app_try_text import open_page

from engram_model.corpus import Document
from probe import ProbeOptions, connect, probe_corpus
from probe.runs.search import document_matches, ngram_matches

TEXTS = {
    "garden": "The marvellous garden was marvellously kept. A marvellous day in the marvellous town of Pella.",
    "code-main": "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n",
    "pella-bio": "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle.",
    "licence": "Permission is hereby granted, free of charge, to any person obtaining a copy of this software.",
}


@pytest.fixture(scope="module")
def run(model, tmp_path_factory):
    run = tmp_path_factory.mktemp("search") / "run"
    documents = [Document(doc_id, text, domain="test") for doc_id, text in TEXTS.items()]
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
    probe_corpus(model, documents, run, manifest, ProbeOptions(), show_progress=False)
    return run


@pytest.fixture(scope="module")
def gate_rows(run):
    with connect(run) as con:
        return con.sql("SELECT * FROM gates").to_arrow_table().to_pylist()


def expected_ngrams(gate_rows, query: str) -> dict[tuple[int, int, str], int]:
    """(layer, order, ngram) -> occurrences, for every n-gram holding `query`, counted row by row."""
    counts = {}
    for row in gate_rows:
        for order in (2, 3):
            ngram = row[f"ngram_{order}"]
            if query.lower() in ngram.lower():
                key = (row["layer"], order, ngram)
                counts[key] = counts.get(key, 0) + 1
    return counts


@pytest.mark.parametrize("query", ["ell", "ELLA", "par", " the"])
def test_ngram_matches_are_every_ngram_holding_the_query_most_frequent_first(run, gate_rows, query):
    expected = expected_ngrams(gate_rows, query)
    assert expected, "the query should occur in the run"
    total, rows = ngram_matches(run, query, limit=1000)
    assert total == len(expected)
    found = {(r["layer"], r["order"], r["ngram"]): r["count"] for r in rows.to_pylist()}
    assert found == expected
    counts = rows.column("count").to_pylist()
    assert counts == sorted(counts, reverse=True)


def test_ngram_matches_count_all_and_return_the_first_few(run, gate_rows):
    expected = expected_ngrams(gate_rows, "e")
    total, rows = ngram_matches(run, "e", limit=5)
    assert total == len(expected) > 5 and rows.num_rows == 5
    assert rows.column("count")[0].as_py() == max(expected.values())


def first_token_of_match(gate_rows, doc_id: str, query: str) -> int:
    """The position of the token the first match starts in, from the document's own tokens."""
    at = TEXTS[doc_id].lower().index(query.lower())
    layer = min(r["layer"] for r in gate_rows)
    tokens = sorted((r for r in gate_rows if r["doc_id"] == doc_id and r["layer"] == layer), key=lambda r: r["position"])
    return next(r["position"] for r in tokens if r["char_start"] <= at < r["char_end"])


def test_documents_by_text_start_at_the_token_of_the_first_match(run, gate_rows):
    found = document_matches(run, "pella")
    total, rows = found["text"]
    expected = [doc_id for doc_id, text in TEXTS.items() if "pella" in text.lower()]
    assert total == len(expected) == 2
    assert sorted(rows.column("doc_id").to_pylist()) == sorted(expected)
    for row in rows.to_pylist():
        assert row["position"] == first_token_of_match(gate_rows, row["doc_id"], "pella") > 0
        assert row["match_at"] == TEXTS[row["doc_id"]].lower().index("pella")
        assert row["matches"] == TEXTS[row["doc_id"]].lower().count("pella")
    # by id: only the document named so; it holds the word too, so it starts at its first match
    total, rows = found["id"]
    assert total == 1 and rows.column("doc_id").to_pylist() == ["pella-bio"]
    assert rows.column("position").to_pylist() == [first_token_of_match(gate_rows, "pella-bio", "pella")]


def test_a_document_found_by_id_only_opens_at_its_start(run):
    found = document_matches(run, "CODE-MA")
    assert found["id"][0] == 1 and found["id"][1].to_pylist()[0]["doc_id"] == "code-main"
    assert found["id"][1].to_pylist()[0]["position"] == 0 and found["id"][1].to_pylist()[0]["match_at"] == -1
    assert found["text"][0] == 0 and found["text"][1].num_rows == 0


def test_documents_by_text_most_matches_first_and_limited(run):
    total, rows = document_matches(run, "o", limit=2)["text"]
    counts = {doc_id: text.lower().count("o") for doc_id, text in TEXTS.items()}  # 8, 6, 5 and none: no tie
    assert total == sum(1 for c in counts.values() if c) == 3
    assert rows.column("doc_id").to_pylist() == sorted(counts, key=lambda d: -counts[d])[:2] == ["licence", "garden"]


def test_a_query_nothing_holds_finds_nothing(run):
    assert ngram_matches(run, "zzqq")[0] == 0
    assert all(total == 0 and rows.num_rows == 0 for total, rows in document_matches(run, "zzqq").values())


@pytest.mark.parametrize("query", ["%", "_", "'; DROP TABLE gates; --", "\\", "[a-z]+", ".*", "(argv", "<script>", "[1:]"])
def test_hostile_text_is_searched_for_as_it_is(run, gate_rows, query):
    """SQL wildcards and quotes, regular expression signs, HTML: matched as plain text."""
    assert ngram_matches(run, query)[0] == len(expected_ngrams(gate_rows, query))
    texts = document_matches(run, query)["text"]
    assert sorted(texts[1].column("doc_id").to_pylist()) == sorted(d for d, text in TEXTS.items() if query in text)
    assert texts[0] == texts[1].num_rows


def test_an_empty_query_is_refused(run):
    with pytest.raises(ValueError, match="type some text"):
        ngram_matches(run, "")
    with pytest.raises(ValueError, match="type some text"):
        document_matches(run, "")


# ---------------------------------------------------------------------------------------------
# the search page, through AppTest and in a real browser


def test_the_search_page_lists_each_kind_in_a_section_of_links(monkeypatch, run, gate_rows):
    app = open_page(monkeypatch, run, "views/search.py", q="ella")
    assert not app.exception, [e.message for e in app.exception]
    expected = expected_ngrams(gate_rows, "ella")
    assert [s.value for s in app.subheader] == [f"N-grams: {len(expected)}", "Documents by id: 1", "Documents by text: 2"]
    links = [(link.proto.page, dict(parse_qsl(link.proto.query_string))) for link in app.get("page_link")]
    ngram_picks = {params["pick"] for page, params in links if page == "ngrams"}
    assert ngram_picks == {f"{layer}/{order}/{ngram}" for layer, order, ngram in expected}
    documents = [(params["doc"], params["pos"]) for page, params in links if page == "documents"]
    at = {doc_id: str(first_token_of_match(gate_rows, doc_id, "ella")) for doc_id in ("garden", "pella-bio")}
    assert documents == [("pella-bio", at["pella-bio"]), *sorted(at.items())]  # by id, then by text (one match each)
    assert app.query_params["q"] == "ella"


@pytest.mark.parametrize("query", [*PAYLOADS, TOGETHER, 'javascript:alert("zq")', "[zq](javascript:alert(1))"])
def test_hostile_text_typed_into_the_search_box_is_shown_as_text(monkeypatch, run, query):
    app = open_page(monkeypatch, run, "views/search.py")
    app.text_input(key="q").input(query).run()
    assert not app.exception
    assert_as_text(app, f"No n-gram of the run holds {query}")
    assert app.query_params["q"] == query


SEARCH_BOX = 'input[aria-label="search the run"]'


def type_into(page: Page, selector: str, text: str) -> None:
    """Type `text` into the input at `selector` and press Enter, as React sees typing: the value
    set by the input's own setter, an input event, then the key."""
    page.js(
        f"(() => {{ const box = {css(selector)}; box.focus();"
        " Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(box, "
        f"{json.dumps(text)}); box.dispatchEvent(new Event('input', {{bubbles: true}}));"
        " box.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true})); })()"
    )


@pytest.mark.browser
@pytest.mark.slow
def test_a_query_typed_in_the_browser_opens_a_result_in_the_session(run, browser):  # noqa: F811 (the fixture)
    port = _free_port()
    with served(app_command(run, port), port):
        browser.open(f"http://127.0.0.1:{port}/search", shows("Search", "Type a text"), "the search page")
        browser.mark_session()
        browser.wait(css(SEARCH_BOX), "the search box")
        type_into(browser, SEARCH_BOX, "pella")
        browser.wait(shows("Documents by text: 2") + f" && {css(DOCUMENT_LINK)}", "the results")
        assert browser.address() == ("search", {"q": "pella"})
        linked = browser.link(DOCUMENT_LINK)
        assert linked["doc"] == "pella-bio"  # by id first
        browser.click(css(DOCUMENT_LINK), shows(f"Token at position {linked['pos']}"), "the document at its first match")
        path, params = browser.address()
        assert path == "documents" and {k: params[k] for k in ("doc", "pos")} == linked
        assert browser.same_session(), "the link loaded the app again"
