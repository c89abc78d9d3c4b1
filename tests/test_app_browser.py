"""The gate browser served by `engram-probe app` and loaded in headless Chromium, driven over
the DevTools protocol: every page renders (a screenshot of each, not blank), a link chain
n-gram → document → token → n-gram keeps the view in the address and outlines the token it
opens at, no request leaves the machine, there is no Deploy button, a corrupt result file on
any page is a message and never a traceback, and the first page and a click are timed against
an empty Streamlit page served the same way (absolute times are noisy on shared machines)."""

import base64
import itertools
import json
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
from PIL import Image
from conftest import write_app_results
from websockets.sync.client import connect

from engram_model import save_model
from engram_model.corpus import Document
from probe import ProbeOptions, categorize_run, probe_corpus
from probe.browse import ARTEFACTS, artefact_path, ngram_table

TEXTS = [
    ("prose", "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle."),
    ("licence", "Permission is hereby granted, free of charge, to any person obtaining a copy of this software."),
    ("code", "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n"),
]
# the overview's text once rendered: navigation, manifest, headline metrics, sections
RENDERED = ("Document viewer", "N-gram explorer", "small test model", "documents", "Engram layers", "Gates per layer", "Domains")
PAGES = {"": "Overview", "documents": "Document viewer", "ngrams": "N-gram explorer", "categories": "Categories",
         "similarity": "Layer similarity", "offload": "Offload", "ablations": "Ablations"}  # fmt: skip
EMPTY_APP = """
import streamlit as st
st.title("Empty page")
st.session_state.clicks = st.session_state.get("clicks", 0) + st.button("click")
st.write(f"clicked {st.session_state.clicks} times")
"""
LOCAL = ("127.0.0.1", "localhost")


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

    def click(self, selector: str, until: str, what: str, seconds: float = 60) -> float:
        """Click the element at `selector` until `until` holds; seconds from the click that took.
        A click that lands while the page is still wiring its widgets is lost: try again."""
        deadline = time.monotonic() + seconds
        while True:
            start = time.monotonic()
            self.js(f"document.querySelector({json.dumps(selector)}).click()")
            try:
                return self.wait(until, what, seconds=min(5, max(deadline - start, 0.1)))
            except AssertionError:
                if time.monotonic() > deadline:
                    raise

    def text(self) -> str:
        return self.js("document.body ? document.body.innerText : ''") or ""

    def open(self, url: str, until: str, what: str) -> float:
        start = time.monotonic()
        self.call("Page.navigate", url=url)
        self.wait(until, what)
        return time.monotonic() - start

    def address(self) -> tuple[str, dict]:
        parts = urlsplit(self.js("location.href"))
        return parts.path.strip("/"), {k: v[0] for k, v in parse_qs(parts.query).items()}

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"]))
        assert_not_blank(path)

    def requested_hosts(self) -> set[str]:
        urls = [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]
        return {urlsplit(url).hostname or urlsplit(url).scheme for url in urls}


def shows(*texts: str) -> str:
    """A page expression: every text is on the page and the app's script has finished."""
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
        browser.open(url, shows(*RENDERED), f"the overview to show {RENDERED}")
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


def test_link_chain_ngram_document_token_ngram_keeps_the_view_in_the_address(run_dir, browser, tmp_path):
    port = _free_port()
    with served(app_command(run_dir, port), port):
        url = f"http://127.0.0.1:{port}"
        # an n-gram's page, opened from its address
        browser.open(f"{url}/ngrams?layer=1&order=2&min=2", shows("N-gram explorer", "Select a row"), "the n-gram table")
        top = ngram_table(run_dir, layer=1, order=2, min_count=2, limit=1).to_pylist()[0]
        pick = f"1/2/{top['ngram']}"
        browser.open(
            f"{url}/ngrams?layer=1&order=2&min=2&pick={urllib.parse.quote(pick)}", shows("top of the gate range"), "its page"
        )
        assert browser.address() == (
            "ngrams",
            {"layer": "1", "order": "2", "min": "2", "sort": "lower_bound", "longest": "1", "rows": "200", "pick": pick},
        )
        browser.screenshot(tmp_path / "1-ngram.png")
        # → its strongest example in the document viewer
        link = browser.js("document.querySelector('a[href^=\"documents?\"]').getAttribute('href')")
        linked = {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}
        browser.js("document.querySelector('a[href^=\"documents?\"]').click()")
        browser.wait(shows("Token at position " + linked["pos"]) + f" && {outlined(linked['pos'])}", "the viewer at the example")
        path, params = browser.address()
        assert path == "documents" and {k: params[k] for k in ("doc", "pos", "layer")} == linked
        selected = 'document.querySelector(".tv-tok.tv-selected")'
        assert browser.js(f"{selected}.dataset.position") == linked["pos"]  # the token it opened at is outlined
        assert browser.js(  # and in view inside the scrolling box
            f"(() => {{ const t = {selected}.getBoundingClientRect(), b = document.querySelector('.tv-box').getBoundingClientRect();"
            " return t.top >= b.top && t.bottom <= b.bottom; })()"
        )
        browser.screenshot(tmp_path / "2-document.png")
        # → another token, clicked: the panel and the address follow
        other = str(int(linked["pos"]) - 1 if int(linked["pos"]) > 0 else 1)
        _click_token(browser, other)
        assert browser.address()[1]["pos"] == other and browser.js(f"{selected}.dataset.position") == other
        browser.screenshot(tmp_path / "3-token.png")
        # → one of that token's n-grams, on its own page
        link = browser.js("document.querySelector('a[href^=\"ngrams?\"]').getAttribute('href')")
        browser.js("document.querySelector('a[href^=\"ngrams?\"]').click()")
        browser.wait(shows("of the gate range"), "the token's n-gram page")
        path, params = browser.address()
        assert path == "ngrams" and params["pick"] == parse_qs(urlsplit(link).query)["pick"][0]
        layer, order, ngram = params["pick"].split("/", 2)
        assert f"{order}-gram {ngram!r} at layer {layer}" in browser.text()
        browser.screenshot(tmp_path / "4-ngram.png")


def outlined(position: str) -> str:
    """A page expression: the token view is drawn with the token at `position` outlined."""
    return f"document.querySelector('.tv-tok.tv-selected')?.dataset.position === '{position}'"


def _click_token(browser: Page, position: str) -> float:
    """Click the token at `position` in the token view; seconds until the panel, the address and the outline show it."""
    return browser.click(
        f'.tv-tok[data-position="{position}"]',
        shows(f"Token at position {position}") + f" && new URLSearchParams(location.search).get('pos') === '{position}'"
        f" && {outlined(position)}",
        "the panel",
    )


def test_first_page_and_a_click_against_an_empty_page(run_dir, browser, tmp_path):
    """Times as ratios to an empty Streamlit page on the same machine, printed for the record;
    the bounds only catch a page that has become many times slower than the framework itself."""
    empty_script = tmp_path / "empty.py"
    empty_script.write_text(EMPTY_APP)
    port = _free_port()
    with served(streamlit_command(empty_script, port), port):
        empty_first = browser.open(f"http://127.0.0.1:{port}", shows("Empty page", "clicked 0 times"), "the empty page")
        until = "!document.body.innerText.includes('clicked 0 times') && " + shows("Empty page")
        empty_click = browser.click('[data-testid="stButton"] button', until, "the empty page's rerun")
    port = _free_port()
    with served(app_command(run_dir, port), port):
        url = f"http://127.0.0.1:{port}"
        browser.open(url, shows(*RENDERED), "a first visit, filling the caches")
        first = browser.open(url, shows(*RENDERED), "the overview")
        browser.open(f"{url}/documents?doc=doc0&pos=5", shows("Token at position 5") + f" && {outlined('5')}", "the viewer")
        click = _click_token(browser, "6")
    print(
        f"\nfirst page {first:.2f} s (empty page {empty_first:.2f} s, ratio {first / empty_first:.1f}); "
        f"token click {click:.2f} s (empty page's button {empty_click:.2f} s, ratio {click / empty_click:.1f})"
    )
    assert first / empty_first < 10 and click / empty_click < 30  # a trivial rerun takes ~0.1 s: its ratio is the noisier


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
