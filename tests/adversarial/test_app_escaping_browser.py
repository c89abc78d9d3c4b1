"""The hostile run of test_app_escaping.py served by `engram-probe app` and loaded in headless
Chromium: on every page, and with every payload together in every query parameter, the page
requests nothing from another host (no image is fetched), holds no link, image, frame or script
from data, and shows the hostile values as text."""

from urllib.parse import urlencode

import pytest
from test_app_browser import LOCAL, _free_port, app_command, browser, chromium, served  # noqa: F401 (fixtures)

from adversarial.test_app_escaping import EVERY_KEY, PAYLOADS, TOGETHER, WORD_JOINER, hostile_run  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DONE = (
    "document.body && document.body.innerText.includes('run ') "
    "&& document.querySelector('[data-test-script-state=\"notRunning\"]') "
    "&& document.querySelectorAll('[data-testid=\"stSkeleton\"]').length === 0"
)
# every address an element of the page points at (links, images in HTML and SVG, frames, media,
# scripts, styles) that is not the app's own: another origin, or a script
ELSEWHERE = """[...document.querySelectorAll('a, img, image, iframe, frame, embed, object, source, video, audio, script, link')]
    .map(e => e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('xlink:href') || e.getAttribute('data'))
    .filter(v => v && !/^(data|blob|about):/i.test(v)
                 && (new URL(v, location.href).origin !== location.origin || /^\\s*javascript:/i.test(v)))"""

OPEN_EXPANDERS = """(() => {
    document.querySelectorAll('[data-testid="stExpander"] details:not([open]) summary').forEach(s => s.click());
    return document.querySelectorAll('[data-testid="stExpander"] details').length; })()"""


def test_hostile_pages_fetch_nothing_and_link_nowhere(hostile_run, browser):  # noqa: F811 (fixtures)
    port = _free_port()
    pages = {"": "views/overview.py", "documents": "views/documents.py", "ngrams": "views/ngrams.py", "categories": None,
             "similarity": None, "offload": None, "ablations": None}  # fmt: skip
    addresses = [*pages, *(f"{path}?{urlencode(dict.fromkeys(EVERY_KEY, TOGETHER))}" for path, page in pages.items() if page)]
    with served(app_command(hostile_run, port), port):
        for address in addresses:
            browser.open(f"http://127.0.0.1:{port}/{address}", DONE, f"/{address[:40]} to finish")
            assert not browser.js("!!document.querySelector('[data-testid=\"stException\"]')"), browser.text()[:2000]
            opened = browser.js(OPEN_EXPANDERS)  # the manifest, the plan's sources: drawn once opened
            assert opened or address.split("?")[0] not in ("", "offload"), address[:60]
            if opened:
                browser.wait(f"document.querySelectorAll('details[open]').length >= {opened}", "the expanders to open")
                browser.wait(DONE, f"/{address[:40]} to finish")
            elsewhere = browser.js(ELSEWHERE)
            assert not elsewhere, (address[:60], elsewhere)
            scripts = browser.js("[...document.scripts].filter(s => s.textContent.includes('zqscript')).length")
            assert scripts == 0, address[:60]
            text, path = browser.text().replace(WORD_JOINER, ""), address.split("?")[0]
            if path in ("", "documents", "similarity", "offload", "ablations"):  # hostile values shown, as text
                assert sum(p in text for p in PAYLOADS) >= 3, (address[:60], text[:2000])
            if "?" in address:  # each rejected parameter echoed as it is; a document id the run lacks quoted
                assert "<script>alert('zqscript')</script>" in text and ("is ignored" in text or path == "documents"), text[:2000]
    off_host = browser.requested_hosts() - {*LOCAL, "data", "blob"}
    assert not off_host, f"requests left the machine for {off_host}"
