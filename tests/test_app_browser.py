"""The gate browser served by `engram-probe app` and loaded in headless Chromium, driven over
the DevTools protocol: every page renders (a screenshot of each, not blank), a link chain
Overview → n-gram page → document → token → n-gram page runs in one session (no reload), keeps
the view in the address and outlines the token it opens at, a box dragged over the Overview's
histogram samples that gate range, the document viewer's next match moves the outlined token,
no request leaves the machine, there is no Deploy button, a corrupt result file on any page is a
message and never a traceback, and the first page and the interactions are timed against an
empty Streamlit page served the same way (absolute times are noisy on shared machines).

ENGRAM_TIMING_RUN=RUN_DIR times a run of your own (e.g. the main job's runs/default), on a copy."""

import base64
import itertools
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import write_app_results
from PIL import Image
from websockets.sync.client import connect

from engram_model import save_model
from engram_model.corpus import Document
from probe import ProbeOptions, categorize_run, probe_corpus
from probe.runs.artefacts import ARTEFACTS, artefact_path
from probe.runs.queries import top_gate_range

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TEXTS = [
    ("prose", "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle."),
    ("licence", "Permission is hereby granted, free of charge, to any person obtaining a copy of this software."),
    ("code", "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n"),
]
# the overview's text once rendered, on any run: navigation, headline metrics, sections
RENDERED = ("Document viewer", "N-gram explorer", "documents", "Engram layers", "Gates per layer", "Domains")
PAGES = {"": "Overview", "documents": "Document viewer", "ngrams": "N-gram explorer", "categories": "Categories",
         "similarity": "Layer similarity", "offload": "Offload", "ablations": "Ablations"}  # fmt: skip
EMPTY_APP = """
import streamlit as st
st.title("Empty page")
st.session_state.clicks = st.session_state.get("clicks", 0) + st.button("click")
st.write(f"clicked {st.session_state.clicks} times")
"""
LOCAL = ("127.0.0.1", "localhost")
RUNNING = "document.querySelector('[data-test-script-state=\"running\"]')"  # the app's script is running
NGRAM_LINK = '[data-testid="stPageLink-NavLink"][href^="ngrams?"]'  # a link opening an n-gram's page, in the session
DOCUMENT_LINK = '[data-testid="stPageLink-NavLink"][href^="documents?"]'


@pytest.fixture(scope="module")
def chromium():
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("no chromium on this machine (.ci/run installs Debian's chromium)")
    return found


@pytest.fixture(scope="module")
def run_dir(model, tmp_path_factory, chromium):
    """A probed, categorized run with every result file the browser shows."""
    base = tmp_path_factory.mktemp("browser")
    run, ckpt, corpus = base / "run", str(base / "ckpt"), base / "corpus.jsonl"
    documents = [Document(f"doc{i}", text, domain=domain) for i, (domain, text) in enumerate(TEXTS * 3)]
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
    probe_corpus(model, documents, run, manifest, ProbeOptions(), show_progress=False)
    categorize_run(run, top_fraction=0.1, n_boot=20)
    save_model(model, ckpt)
    corpus.write_text("".join(json.dumps({"text": d.text, "domain": d.domain}) + "\n" for d in documents))
    write_app_results(run, ckpt, corpus, tokens=200)
    return run


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def served(command: list[str], port: int):
    """A Streamlit server on 127.0.0.1:`port`, stopped on exit."""
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    try:
        _wait_for(lambda: _get(f"http://127.0.0.1:{port}/_stcore/health") == b"ok", "the server", server)
        yield server
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def browser(chromium, tmp_path_factory):
    """A DevTools page of a headless Chromium, recording every request the page makes."""
    profile = tmp_path_factory.mktemp("profile")
    process = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000",
         f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"],
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        with devtools(profile, process) as page:
            page.call("Network.enable")
            yield page
    finally:
        process.terminate()
        process.wait(timeout=10)


class Page:
    """`call(method, **params)` on the DevTools protocol; events that arrive meanwhile are kept."""

    def __init__(self, socket, process: subprocess.Popen):
        self.socket, self.process, self.ids, self.events = socket, process, itertools.count(1), []

    def call(self, method: str, **params) -> dict:
        sent = next(self.ids)
        self.socket.send(json.dumps({"id": sent, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=30))
            if message.get("id") == sent:
                assert "error" not in message, message["error"]
                return message["result"]
            self.events.append(message)

    def js(self, expression: str):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def wait(self, expression: str, what: str, seconds: float = 60) -> float:
        """Seconds until `expression` is truthy in the page."""
        start = time.monotonic()
        while not self.js(f"!!({expression})"):
            assert time.monotonic() - start < seconds, f"timed out waiting for {what}; the page shows: {self.text()[:800]}"
            time.sleep(0.05)
        return time.monotonic() - start

    def click(self, element: str, until: str, what: str, seconds: float = 60) -> float:
        """Click `element` (a page expression: `css`, `button`) until `until` holds; seconds from
        the click that took. A click that lands while the page is still wiring its widgets is
        lost (the script does not start within 5 s): try again."""
        deadline = time.monotonic() + seconds
        while True:
            start = time.monotonic()
            self.js(f"{element}.click()")
            try:
                self.wait(f"({until}) || {RUNNING}", what, seconds=min(5, max(deadline - start, 0.1)))
            except AssertionError:
                if time.monotonic() > deadline:
                    raise
                continue
            self.wait(until, what, seconds=max(deadline - time.monotonic(), 0.1))
            return time.monotonic() - start

    def drag(self, selector: str, start: float, stop: float) -> None:
        """Drag the mouse over the element at `selector` from `start` to `stop` of its width,
        top to bottom: a box over that stretch of a plot's x axis."""
        self.wait(css(selector), f"{selector} to be drawn")
        self.js(f"{css(selector)}.scrollIntoView({{block: 'center'}})")
        left, top, width, height = self.js(
            f"(() => {{ const r = {css(selector)}.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }})()"
        )
        path = [(left + width * (start + (stop - start) * k / 10), top + height * (0.05 + 0.9 * k / 10)) for k in range(11)]
        self.call("Input.dispatchMouseEvent", type="mouseMoved", x=path[0][0], y=path[0][1])
        self.call(
            "Input.dispatchMouseEvent", type="mousePressed", x=path[0][0], y=path[0][1], button="left", buttons=1, clickCount=1
        )
        for x, y in path[1:]:
            self.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, button="left", buttons=1)
        self.call("Input.dispatchMouseEvent", type="mouseReleased", x=path[-1][0], y=path[-1][1], button="left", clickCount=1)

    def select_first_row(self, grid: str) -> None:
        """Tick the first row of the data grid `grid` (a page expression; drawn on a canvas, so
        clicked where its row marker sits, below the 35 px header)."""
        self.wait(f"{grid}?.querySelector('canvas')", "the table to be drawn")
        self.js(f"{grid}.scrollIntoView({{block: 'center'}})")
        left, top = self.js(f"(() => {{ const r = {grid}.getBoundingClientRect(); return [r.left, r.top]; }})()")
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=left + 18, y=top + 35 + 17, button="left", clickCount=1)

    def mark_session(self) -> None:
        """Mark this page load; `same_session` is then false once the page has been loaded again."""
        self.js("window.engramSession = true")

    def same_session(self) -> bool:
        return self.js("window.engramSession === true")

    def text(self) -> str:
        return self.js("document.body ? document.body.innerText : ''") or ""

    def open(self, url: str, until: str, what: str) -> float:
        start = time.monotonic()
        self.call("Page.navigate", url=url)
        self.wait(until, what)
        return time.monotonic() - start

    def link(self, selector: str) -> dict:
        """The address of the first link at `selector`, as {parameter: value}."""
        return {k: v[0] for k, v in parse_qs(urlsplit(self.js(f"{css(selector)}.getAttribute('href')")).query).items()}

    def address(self) -> tuple[str, dict]:
        parts = urlsplit(self.js("location.href"))
        return parts.path.strip("/"), {k: v[0] for k, v in parse_qs(parts.query).items()}

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"]))
        assert_not_blank(path)

    def requested_hosts(self) -> set[str]:
        urls = [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]
        return {urlsplit(url).hostname or urlsplit(url).scheme for url in urls}


def css(selector: str) -> str:
    """A page expression: the first element at `selector`."""
    return f"document.querySelector({json.dumps(selector)})"


def button(label: str) -> str:
    """A page expression: the first button whose text holds `label`."""
    return f"[...document.querySelectorAll('button')].find(b => b.innerText.includes({json.dumps(label)}))"


def shows(*texts: str) -> str:
    """A page expression: every text is on the page and the app's script has finished (an
    element drawn by a component loaded on first use, like a page link, may still be on its way)."""
    wanted = " && ".join(f"document.body.innerText.includes({json.dumps(t)})" for t in texts)
    return f"document.body && {wanted} && document.querySelector('[data-test-script-state=\"notRunning\"]')"


def app_command(run: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "probe", "app", str(run), "--port", str(port)]


def streamlit_command(script: Path, port: int) -> list[str]:
    """An empty page served with the app's own flags: the yardstick for its times."""
    return [sys.executable, "-m", "streamlit", "run", str(script), "--server.address", "127.0.0.1", "--server.port", str(port),
            "--server.headless", "true", "--browser.gatherUsageStats", "false", "--client.toolbarMode", "minimal"]  # fmt: skip


def test_every_page_renders_and_nothing_leaves_the_machine(run_dir, browser, tmp_path):
    port = _free_port()
    with served(app_command(run_dir, port), port):
        url = f"http://127.0.0.1:{port}"
        browser.open(url, shows(*RENDERED, "small test model"), f"the overview to show {RENDERED} and the model")
        for path, title in PAGES.items():
            browser.open(f"{url}/{path}", shows(title, "run "), f"the {title} page")
            browser.wait("document.querySelectorAll('[data-testid=\"stSkeleton\"]').length === 0", f"{title} to finish")
            assert not browser.js("!!document.querySelector('[data-testid=\"stException\"]')"), browser.text()[:2000]
            assert "Deploy" not in browser.text() and not browser.js(
                "document.querySelector('[data-testid=\"stAppDeployButton\"]')"
            )
            browser.screenshot(tmp_path / f"{path or 'overview'}.png")
    off_host = browser.requested_hosts() - {*LOCAL, "data", "blob"}
    assert not off_host, f"requests left the machine for {off_host}"


def test_link_chain_overview_ngram_document_token_ngram_stays_in_one_session(run_dir, browser, tmp_path):
    port = _free_port()
    with served(app_command(run_dir, port), port):
        url = f"http://127.0.0.1:{port}"
        browser.open(url, shows("Where to look") + f" && {css(NGRAM_LINK)}", "the overview's links")
        browser.mark_session()
        # a top n-gram of the Overview → its own page
        pick = browser.link(NGRAM_LINK)["pick"]
        layer, order, ngram = pick.split("/", 2)
        browser.click(css(NGRAM_LINK), shows("top of the gate range") + f" && {css(DOCUMENT_LINK)}", "its page")
        assert browser.address() == ("ngrams", {"layer": layer, "order": order, "pick": pick})  # the link's, as it was given
        assert f"{order}-gram {ngram!r} at layer {layer}" in browser.text() and "Select a row" not in browser.text()
        assert browser.same_session(), "the link loaded the app again"
        browser.screenshot(tmp_path / "1-ngram.png")
        # → its strongest example in the document viewer
        linked = browser.link(DOCUMENT_LINK)
        browser.click(
            css(DOCUMENT_LINK),
            shows("Token at position " + linked["pos"]) + f" && {outlined(linked['pos'])}",
            "the viewer at the example",
        )
        path, params = browser.address()
        assert path == "documents" and {k: params[k] for k in ("doc", "pos", "layer")} == linked
        assert browser.same_session(), "the link loaded the app again"
        selected = 'document.querySelector(".tv-tok.tv-selected")'
        assert browser.js(f"{selected}.dataset.position") == linked["pos"]  # the token it opened at is outlined
        assert browser.js(  # and in view inside the scrolling box
            f"(() => {{ const t = {selected}.getBoundingClientRect(),"
            " b = document.querySelector('.tv-box').getBoundingClientRect();"
            " return t.top >= b.top && t.bottom <= b.bottom; })()"
        )
        browser.screenshot(tmp_path / "2-document.png")
        # → another token, clicked: the panel and the address follow
        other = str(int(linked["pos"]) - 1 if int(linked["pos"]) > 0 else 1)
        _click_token(browser, other)
        assert browser.address()[1]["pos"] == other and browser.js(f"{selected}.dataset.position") == other
        browser.screenshot(tmp_path / "3-token.png")
        # → one of that token's n-grams, on its own page
        pick = browser.link(NGRAM_LINK)["pick"]
        layer, order, ngram = pick.split("/", 2)
        browser.click(
            css(NGRAM_LINK),
            shows(f"{order}-gram {ngram!r} at layer {layer}", "of the gate range"),
            "the token's n-gram page",
        )
        path, params = browser.address()
        assert path == "ngrams" and params["pick"] == pick
        assert browser.same_session(), "the link loaded the app again"
        browser.screenshot(tmp_path / "4-ngram.png")
        # → back to the table of n-grams, filtered to its layer and order
        browser.click(button("the n-gram table"), shows("N-gram explorer", "Select a row"), "the table")
        assert browser.address() == (
            "ngrams",
            {
                "layer": layer,
                "order": order,
                "min": "3",
                "sort": "lower_bound",
                "longest": "1",
                "rows": "200",
                "scale": "percentile",
            },
        )


def default_range(run_dir) -> str:
    """The overview's default gate range as its caption writes it: the top tenth of the first layer's gates."""
    layer = json.loads((run_dir / "manifest.json").read_text())["config"]["engram"]["layers"][0]
    return f"[{top_gate_range(run_dir, layer)[0]:.2f}, 1.00]"


def test_a_box_on_the_histogram_samples_its_range_and_next_match_moves_the_token(run_dir, browser, tmp_path):
    port = _free_port()
    with served(app_command(run_dir, port), port):
        url = f"http://127.0.0.1:{port}"
        browser.open(url, shows(f"have a branch-mean gate in {default_range(run_dir)}"), "the overview")
        browser.mark_session()
        # a box from a tenth to nine tenths of the plot's width: about that gate range, in whole bins
        browser.drag('[data-testid="stPlotlyChart"] .nsewdrag', 0.1, 0.9)
        browser.wait("(new URLSearchParams(location.search).get('range') ?? '0.90,1.00') !== '0.90,1.00'", "the selected range")
        low, high = map(float, browser.address()[1]["range"].split(","))
        assert 0.06 <= low <= 0.1 and 0.9 <= high <= 0.94, (low, high)
        browser.wait(shows(f"have a branch-mean gate in [{low:.2f}, {high:.2f}]; 8 drawn"), "the sample of the selected range")
        assert browser.same_session()
        browser.screenshot(tmp_path / "histogram-selection.png")
        # a search's next match, in the document viewer
        browser.open(f"{url}/documents?q=parser", shows("match 1 of 3 matches of 'parser'"), "the first match")
        browser.wait("document.querySelector('.tv-tok.tv-selected')", "the first match outlined")
        first = browser.js("document.querySelector('.tv-tok.tv-selected').dataset.position")  # the address holds q only
        browser.mark_session()
        browser.click(button("next"), shows("match 2 of 3 matches"), "the next match")
        second = browser.address()[1]["pos"]
        assert int(second) > int(first) and browser.same_session()
        browser.wait(outlined(second), "the next match outlined")
        browser.click(button("previous"), shows("match 1 of 3 matches"), "the previous match")
        assert browser.address()[1]["pos"] == first


def test_a_selected_table_row_opens_its_view_in_the_session(run_dir, browser, tmp_path):
    port = _free_port()
    with served(app_command(run_dir, port), port):
        url = f"http://127.0.0.1:{port}"
        browser.open(f"{url}/ngrams", shows("N-gram explorer", "Select a row"), "the n-gram table")
        browser.mark_session()
        browser.select_first_row(css('[data-testid="stDataFrame"]'))
        browser.wait(shows("of the gate range") + " && new URLSearchParams(location.search).get('pick')", "the row's n-gram page")
        layer, order, ngram = browser.address()[1]["pick"].split("/", 2)
        assert f"{order}-gram {ngram!r} at layer {layer}" in browser.text() and browser.same_session()
        browser.click(css('[data-testid="stSidebarNav"] a[href$="/categories"]'), shows("Top-gated positions"), "Categories")
        browser.select_first_row("[...document.querySelectorAll('[data-testid=\"stDataFrame\"]')].at(-1)")  # the positions
        # the selected row gets a link to its position: following it is one entry in the browser's history
        browser.wait(css(DOCUMENT_LINK), "the selected row's link")
        opened = shows("Token at position") + " && location.pathname === '/documents'"
        browser.click(css(DOCUMENT_LINK), opened, "the row's position in the viewer")
        params = browser.address()[1]
        browser.wait(outlined(params["pos"]), "the row's token outlined")
        assert {"doc", "pos", "layer"} <= set(params) and browser.same_session()
        browser.screenshot(tmp_path / "categories-row.png")
        back = shows("Top-gated positions") + " && location.pathname === '/categories'"
        browser.click(css('[data-testid="stSidebarNav"] a[href$="/categories"]'), back, "Categories again")
        time.sleep(1)  # the row it opened is no longer selected: the page stays
        assert browser.address()[0] == "categories"


def outlined(position: str) -> str:
    """A page expression: the token view is drawn with the token at `position` outlined."""
    return f"document.querySelector('.tv-tok.tv-selected')?.dataset.position === '{position}'"


def _click_token(browser: Page, position: str) -> float:
    """Click the token at `position` in the token view; seconds until the panel, the address and the outline show it."""
    return browser.click(
        css(f'.tv-tok[data-position="{position}"]'),
        shows(f"Token at position {position}") + f" && new URLSearchParams(location.search).get('pos') === '{position}'"
        f" && {outlined(position)}",
        "the panel",
    )


def test_first_page_and_interactions_against_an_empty_page(run_dir, browser, tmp_path):
    """Times as ratios to an empty Streamlit page on the same machine, printed for the record:
    the first page on a server just started (against the empty page's first visit), then in
    one session a link to an n-gram's page, a link to a document, a token click and a box on
    the histogram (against the empty page's button). The bounds only catch a page that has
    become many times slower than the framework itself."""
    run = tmp_path / "run"  # a copy: `engram-probe app` stores the Overview's table with the run's aggregates
    shutil.copytree(os.environ.get("ENGRAM_TIMING_RUN", run_dir), run, ignore=shutil.ignore_patterns(".lock"))
    empty_script = tmp_path / "empty.py"
    empty_script.write_text(EMPTY_APP)
    port = _free_port()
    with served(streamlit_command(empty_script, port), port):
        empty_first = browser.open(f"http://127.0.0.1:{port}", shows("Empty page", "clicked 0 times"), "the empty page")
        until = "!document.body.innerText.includes('clicked 0 times') && " + shows("Empty page")
        empty_click = browser.click(button("click"), until, "the empty page's rerun")
    port = _free_port()
    with served(app_command(run, port), port):
        first = shows(*RENDERED) + f" && {css(NGRAM_LINK)}"
        times = {"first page": browser.open(f"http://127.0.0.1:{port}", first, "the overview")}
        browser.mark_session()
        pick = browser.link(NGRAM_LINK)["pick"]
        until = shows("top of the gate range") + f" && {picked(pick)} && {css(DOCUMENT_LINK)}"
        times["n-gram link"] = browser.click(css(NGRAM_LINK), until, "the n-gram's page")
        linked = browser.link(DOCUMENT_LINK)
        times["document link"] = browser.click(
            css(DOCUMENT_LINK), shows(f"Token at position {linked['pos']}") + f" && {outlined(linked['pos'])}", "the viewer"
        )
        times["token click"] = _click_token(browser, str(int(linked["pos"]) + 1))
        browser.click(css('[data-testid="stSidebarNav"] a[href$="/"]'), shows(*RENDERED), "the overview again")
        start = time.monotonic()
        browser.drag('[data-testid="stPlotlyChart"] .nsewdrag', 0.1, 0.9)
        browser.wait(
            shows("gate in [0.") + f" && !document.body.innerText.includes('gate in {default_range(run_dir)}')", "the new sample"
        )
        times["histogram box"] = time.monotonic() - start
        assert browser.same_session(), "a link loaded the app again"
    ratios = {what: t / (empty_first if what == "first page" else empty_click) for what, t in times.items()}
    print(
        f"\nload {os.getloadavg()[0]:.2f}; empty page: first {empty_first:.2f} s, button {empty_click:.2f} s; "
        + "; ".join(f"{what} {t:.2f} s (ratio {ratios[what]:.1f})" for what, t in times.items())
    )
    assert ratios["first page"] < 10
    # a trivial rerun takes 0.05-0.2 s, so the interactions' ratios are the noisier: 6-26 on the main job's run
    assert all(ratio < 60 for what, ratio in ratios.items() if what != "first page"), ratios


def picked(pick: str) -> str:
    """A page expression: the address holds the n-gram `pick`."""
    return f"new URLSearchParams(location.search).get('pick') === {json.dumps(pick)}"


def test_a_corrupt_result_file_is_a_message_on_every_page(run_dir, browser, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(run_dir, run)
    port = _free_port()
    with served(app_command(run, port), port):
        url = f"http://127.0.0.1:{port}"
        for name in ARTEFACTS:
            path = artefact_path(run, name)
            good = path.read_bytes()
            path.write_bytes(b'{"analysis": "another layout"}' if path.suffix == ".json" else b"not parquet")
            browser.open(url, shows("Overview", "run "), f"the overview with {path.name} corrupt")
            said = []
            for page, title in PAGES.items():  # through the sidebar: the app's own navigation, no reload
                browser.js(f'document.querySelector(\'[data-testid="stSidebarNav"] a[href$="/{page}"]\').click()')
                browser.wait(shows(title) + f" && location.pathname === '/{page}'", f"{title} with {path.name} corrupt")
                browser.wait("document.querySelectorAll('[data-testid=\"stSkeleton\"]').length === 0", f"{title} to finish")
                exception = browser.js("!!document.querySelector('[data-testid=\"stException\"]')")
                assert not exception, (name, page, browser.text()[:2000])
                said += [
                    page
                    for line in browser.text().splitlines()
                    if str(path) in line and ("layout" in line or "unreadable" in line)
                ]
            assert said, f"no page said that {path} is corrupt"
            path.write_bytes(good)


def _get(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.read()
    except OSError:
        return b""


def _wait_for(condition, what: str, process: subprocess.Popen, seconds: float = 45) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert process.poll() is None, f"the process exited with {process.returncode} while waiting for {what}"
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.3)


@contextmanager
def devtools(profile: Path, browser: subprocess.Popen):
    """A `Page` on a headless Chromium's first tab, over the DevTools protocol."""
    active = profile / "DevToolsActivePort"  # Chromium writes its debugging port here once listening
    _wait_for(lambda: active.is_file() and active.read_text().count("\n") >= 1, "Chromium's debugging port", browser)
    port = active.read_text().split()[0]
    page = next(t for t in json.loads(_get(f"http://127.0.0.1:{port}/json/list")) if t["type"] == "page")
    with connect(page["webSocketDebuggerUrl"], max_size=None) as socket:
        yield Page(socket, browser)


def assert_not_blank(png: Path) -> None:
    image = Image.open(png).convert("L")
    assert image.width == 1400 and image.height > 500, image.size  # the viewport of a 1400x1000 window
    low, high = image.getextrema()
    assert high - low > 100, "the screenshot is blank"
    assert sum(1 for count in image.histogram() if count) > 20, "the screenshot has almost no detail"
