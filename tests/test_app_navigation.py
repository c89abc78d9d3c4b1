"""The gate browser's navigation as a browser sees it, in headless Chromium: each step (a link,
a token clicked, a button, a filter) is one entry in the browser's history; Back walks through
exactly the views shown before (page, document, position, outlined token, picked n-gram,
filters), Forward comes back; and the address of every view, opened in a new tab (a new
session), shows that same view. The harness is tests/test_app_browser.py's."""

import json
from contextlib import contextmanager
from urllib.parse import parse_qs, urlsplit

import pytest
from test_app_browser import (  # noqa: F401 (fixtures)
    DOCUMENT_LINK,
    NGRAM_LINK,
    Page,
    _click_token,
    _free_port,
    app_command,
    browser,
    button,
    chromium,
    css,
    outlined,
    run_dir,
    served,
    shows,
)
from websockets.sync.client import connect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# what the page shows, as JSON: its path and title, the inspected and outlined token, its captions (the
# sampled gate range, the search's matches) and every setting (select boxes and multiselects by their
# text, inputs in the main area by their value)
VIEW = """JSON.stringify({
  path: location.pathname,
  title: document.querySelector('[data-testid="stMain"] h1')?.innerText ?? null,
  token: [...document.querySelectorAll('h3')].map(h => h.innerText).find(t => t.startsWith('Token at position')) ?? null,
  outlined: document.querySelector('.tv-tok.tv-selected')?.dataset.position ?? null,
  captions: [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stCaptionContainer"]')].map(c => c.innerText),
  choices: [...document.querySelectorAll('[data-testid="stSelectbox"], [data-testid="stMultiSelect"]')].map(e => e.innerText),
  inputs: [...document.querySelectorAll('[data-testid="stMain"] input')]
    .map(i => ['radio', 'checkbox'].includes(i.type) ? i.checked : i.value),
})"""
SETTLED = (
    "document.querySelector('[data-test-script-state=\"notRunning\"]')"
    " && document.querySelectorAll('[data-testid=\"stSkeleton\"]').length === 0"
)
SIDEBAR_CATEGORIES = css('[data-testid="stSidebarNav"] a[href$="/categories"]')
RAW_ESTIMATE = "[...document.querySelectorAll('[data-testid=\"stRadio\"] label')].find(l => l.innerText.trim() === 'raw')"


@pytest.fixture(scope="module")
def app_url(run_dir):  # noqa: F811 (a fixture)
    """The gate browser on the run, served once for the module."""
    port = _free_port()
    with served(app_command(run_dir, port), port):
        yield f"http://127.0.0.1:{port}"


def address(page: Page) -> tuple[str, dict]:
    """The page's path and query, as {parameter: value}."""
    parts = urlsplit(page.js("location.href"))
    return parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()}


def shared(page: Page) -> str:
    """The address to share: the whole URL, as the address bar has it."""
    return page.js("location.href")


def view(page: Page) -> dict:
    return json.loads(page.js(VIEW))


def settled_view(page: Page, expected: dict | None = None, what: str = "the view") -> dict:
    """The view once the script has finished (and, given `expected`, once it shows that)."""
    if expected is None:
        page.wait(SETTLED, what)
        return view(page)
    try:
        stringified = json.dumps(expected, ensure_ascii=False, separators=(",", ":"))  # as JSON.stringify writes it
        page.wait(f"({SETTLED}) && {VIEW} === {json.dumps(stringified)}", what, seconds=30)
    except AssertionError:
        pass  # said below, as the difference
    assert view(page) == expected, what
    return expected


@contextmanager
def new_tab(page: Page, url: str):
    """A second tab of the same Chromium at `url`: a new page load, so a new Streamlit session."""
    target = page.call("Target.createTarget", url=url)["targetId"]
    host, port = page.socket.remote_address[:2]
    try:
        with connect(f"ws://{host}:{port}/devtools/page/{target}", max_size=None) as socket:
            yield Page(socket, page.process)
    finally:
        page.call("Target.closeTarget", targetId=target)


def test_back_and_forward_walk_an_eight_step_chain_one_entry_each(app_url, browser):  # noqa: F811 (a fixture)
    browser.open(app_url, shows("Where to look") + f" && {css(NGRAM_LINK)}", "the overview's links")
    browser.mark_session()
    entries = browser.js("history.length")
    steps = [(address(browser), settled_view(browser, what="the overview"), shared(browser))]

    def step(what: str, act) -> None:
        act()
        steps.append((address(browser), settled_view(browser, what=what), shared(browser)))
        assert browser.js("history.length") == entries + len(steps) - 1, f"{what} is not one entry in the history"
        assert browser.same_session(), f"{what} loaded the app again"

    # 1. a box over the Overview's histogram (a fragment's rerun): a gate range of its own
    def box() -> None:
        browser.drag('[data-testid="stPlotlyChart"] .nsewdrag', 0.1, 0.9)
        browser.wait("(new URLSearchParams(location.search).get('range') ?? '0.90,1.00') !== '0.90,1.00'", "the range")

    step("the histogram's box", box)
    assert steps[-1][0][0] == "/" and "range" in steps[-1][0][1]
    # 2. a top n-gram of the Overview → its own page, at the link's address as it was given
    pick = browser.link(NGRAM_LINK)["pick"]
    step("the n-gram's page", lambda: browser.click(css(NGRAM_LINK), shows("top of the gate range"), "its page"))
    layer, order, ngram = pick.split("/", 2)
    assert steps[-1][0] == ("/ngrams", {"layer": layer, "order": order, "pick": pick})
    assert steps[-1][1]["title"] == f"{order}-gram {ngram!r} at layer {layer}"
    # 3. → an example of it in the document viewer
    browser.wait(css(DOCUMENT_LINK), "the n-gram's examples")
    linked = browser.link(DOCUMENT_LINK)
    step(
        "the document link",
        lambda: browser.click(
            css(DOCUMENT_LINK), shows(f"Token at position {linked['pos']}") + f" && {outlined(linked['pos'])}", "the viewer"
        ),
    )
    assert steps[-1][0] == ("/documents", linked) and steps[-1][1]["outlined"] == linked["pos"]
    # 4. → another token, clicked: its own entry, the whole view in the address
    other = str(int(linked["pos"]) - 1 if int(linked["pos"]) > 0 else 1)
    step("the token click", lambda: _click_token(browser, other))
    assert steps[-1][0][1]["pos"] == other and steps[-1][0][1]["doc"] == linked["doc"]
    # 5. → one of that token's n-grams
    token_pick = browser.link(NGRAM_LINK)["pick"]
    step("the token's n-gram", lambda: browser.click(css(NGRAM_LINK), shows("of the gate range"), "its page"))
    assert steps[-1][0][1]["pick"] == token_pick
    # 6. → the n-gram table (a button), filtered to its layer and order
    step("the table", lambda: browser.click(button("the n-gram table"), shows("N-gram explorer", "Select a row"), "the table"))
    assert "pick" not in steps[-1][0][1] and steps[-1][0][1]["layer"] == token_pick.split("/")[0]
    # 7. → Categories, from the sidebar
    step("Categories", lambda: browser.click(SIDEBAR_CATEGORIES, shows("Top-gated positions"), "Categories"))
    assert steps[-1][0][0] == "/categories"
    # 8. → its raw estimate (a filter): its own entry
    raw = "new URLSearchParams(location.search).get('estimate') === 'raw'"
    step("the raw estimate", lambda: browser.click(RAW_ESTIMATE, raw, "the raw estimate"))
    assert len({json.dumps(shown, sort_keys=True) for _, shown, _ in steps}) == len(steps), "two steps showed the same view"

    for back, (shown_address, shown_view, _) in enumerate(reversed(steps[:-1]), 1):
        browser.js("history.back()")
        settled_view(browser, shown_view, f"Back {back}: {shown_address}")
        assert address(browser) == shown_address, f"Back {back} rewrote the address"
    for forward, (shown_address, shown_view, _) in enumerate(steps[1:], 1):
        browser.js("history.forward()")
        settled_view(browser, shown_view, f"Forward {forward}: {shown_address}")
        assert address(browser) == shown_address, f"Forward {forward} rewrote the address"
    assert browser.js("history.length") == entries + len(steps) - 1 and browser.same_session()

    # every view's address, opened in a new tab (a new session), shows that view
    for _, shown_view, url in steps:
        with new_tab(browser, url) as tab:
            tab.wait("document.body && document.body.innerText.includes('run ')", f"{url} in a new tab")
            settled_view(tab, shown_view, f"{url} in a new tab")
            assert tab.js("history.length") == 1, "opening the address added an entry"


def test_an_address_with_every_setting_opens_the_same_view_in_a_new_tab(app_url, browser):  # noqa: F811 (a fixture)
    # a search in a document at layer 2, shaded by branch 1 on the absolute scale; then its next match
    opened = f"{app_url}/documents?doc=doc2&layer=2&gate=gate_b1&scale=absolute&q=parser"
    browser.open(opened, shows("match 1 of 3 matches of 'parser'"), "the first match")
    browser.click(button("next"), shows("match 2 of 3 matches"), "the next match")
    path, query = address(browser)
    assert query["q"] == "parser" and query["layer"] == "2" and query["gate"] == "gate_b1" and query["scale"] == "absolute"
    shown = settled_view(browser, what="the second match")
    assert shown["outlined"] == query["pos"]
    with new_tab(browser, shared(browser)) as tab:
        tab.wait("document.body && document.body.innerText.includes('run ')", "the viewer in a new tab")
        settled_view(tab, shown, "the second match in a new tab")
        assert "match 2 of 3 matches" in tab.text()
    # an n-gram picked from a table with filters of its own: the filters come along, to go back to
    browser.open(f"{app_url}/ngrams?layer=2&order=2&min=2&sort=mean_gate&longest=0", shows("Select a row"), "the table")
    browser.select_first_row(css('[data-testid="stDataFrame"]'))
    browser.wait(shows("of the gate range") + " && new URLSearchParams(location.search).get('pick')", "the row's page")
    path, query = address(browser)
    assert {k: query[k] for k in ("layer", "order", "min", "sort", "longest")} == {
        "layer": "2", "order": "2", "min": "2", "sort": "mean_gate", "longest": "0"
    }  # fmt: skip
    shown = settled_view(browser, what="the n-gram's page")
    with new_tab(browser, shared(browser)) as tab:
        tab.wait("document.body && document.body.innerText.includes('run ')", "the n-gram's page in a new tab")
        settled_view(tab, shown, "the n-gram's page in a new tab")
        tab.click(button("the n-gram table"), shows("Select a row"), "its table")
        assert address(tab) == (path, {k: v for k, v in query.items() if k != "pick"})
