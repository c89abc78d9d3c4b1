"""The gate browser served by `engram-probe app` and loaded in headless Chromium, driven over
the DevTools protocol: the page renders the run's overview and its screenshot is not blank."""

import base64
import itertools
import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image
from websockets.sync.client import connect

from engram_model.corpus import Document
from probe import ProbeOptions, probe_corpus

TEXTS = [
    "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle.",
    "Permission is hereby granted, free of charge, to any person obtaining a copy of this software.",
]
# the overview's text once rendered: navigation, manifest, headline metrics, sections
RENDERED = ("Document viewer", "N-gram explorer", "small test model", "documents", "Engram layers", "Gates per layer", "Domains")


@pytest.fixture
def run_dir(model, tmp_path):
    run = tmp_path / "run"
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
    probe_corpus(model, [Document(f"doc{i}", t) for i, t in enumerate(TEXTS)], run, manifest, ProbeOptions(), show_progress=False)
    return run


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_served_app_renders_in_headless_chromium(run_dir, tmp_path):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("no chromium on this machine (.ci/run installs Debian's chromium)")
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "probe", "app", str(run_dir), "--port", str(port)])
    browser = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000",
         f"--user-data-dir={tmp_path / 'profile'}", "--remote-debugging-port=0", "about:blank"],
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_for(lambda: _get(f"{url}/_stcore/health") == b"ok", "the app to serve", server)
        with devtools(tmp_path / "profile", browser) as call:
            call("Page.navigate", url=url)

            def text() -> str:
                return call("Runtime.evaluate", expression="document.body ? document.body.innerText : ''", returnByValue=True)[
                    "result"
                ]["value"]

            # the page is an empty shell until the app's script has run and its elements arrived over the websocket
            _wait_for(lambda: all(e in text() for e in RENDERED), f"the overview to show {RENDERED}", server)
            png = base64.b64decode(call("Page.captureScreenshot", format="png")["data"])
    finally:
        for process in (browser, server):
            process.terminate()
            process.wait(timeout=10)
    screenshot = tmp_path / "overview.png"
    screenshot.write_bytes(png)
    assert_not_blank(screenshot)


def _get(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.read()
    except OSError:
        return b""


def _wait_for(condition, what: str, process: subprocess.Popen, seconds: float = 45) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert process.poll() is None, f"the app exited with {process.returncode} while waiting for {what}"
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.3)


@contextmanager
def devtools(profile: Path, browser: subprocess.Popen):
    """`call(method, **params)`: the Chrome DevTools Protocol on a headless Chromium's first page."""
    active = profile / "DevToolsActivePort"  # Chromium writes its debugging port here once listening
    _wait_for(lambda: active.is_file() and active.read_text().count("\n") >= 1, "Chromium's debugging port", browser)
    port = active.read_text().split()[0]
    page = next(t for t in json.loads(_get(f"http://127.0.0.1:{port}/json/list")) if t["type"] == "page")
    ids = itertools.count(1)
    with connect(page["webSocketDebuggerUrl"], max_size=None) as socket:

        def call(method: str, **params) -> dict:
            sent = next(ids)
            socket.send(json.dumps({"id": sent, "method": method, "params": params}))
            while True:  # events arrive between the replies; skip them
                message = json.loads(socket.recv(timeout=30))
                if message.get("id") == sent:
                    assert "error" not in message, message["error"]
                    return message["result"]

        yield call


def assert_not_blank(png: Path) -> None:
    image = Image.open(png).convert("L")
    assert image.width == 1280 and image.height > 500, image.size  # the viewport of a 1280x1000 window
    low, high = image.getextrema()
    assert high - low > 100, "the screenshot is blank"
    assert sum(1 for count in image.histogram() if count) > 20, "the screenshot has almost no detail"
