"""Speed of the gate browser against Streamlit itself: the first page and every interaction,
as ratios to a bare Streamlit page (a title, a button and a line of text) served the same way
and loaded in the same headless Chromium, in rounds that alternate the two.

Each round starts a fresh server for each of the two, in turn (the bare page first in even
rounds, the app first in odd ones, so a machine that gets busier slows both alike), and times:

- first page: the first visit to the freshly started server, until the page is drawn and its
  script has finished (the app: the Overview with its n-gram links);
- warm page: a second navigation to the same server (a new session on a warm server);
- the bare page's button rerun (three clicks, their median is the round's yardstick);
- the app's interactions, in one session: an Overview n-gram link, the n-gram page's document
  link, a token click, a selectbox change (the viewer's gate), a page switch through the
  sidebar (back to the Overview), a box dragged over the Overview's histogram (timed from the
  mouse's release) and the same n-gram link again, once the session has loaded every element's
  code and the page's data is cached.

Each interaction's ratio is to the bare page's button rerun in the same round; the first and
warm pages' to the bare page's first and warm visits. The result holds per measure the median
time, the median ratio and its range over rounds, and, from the browser's Network events, the
bytes received over the websocket (Streamlit's messages) and the websocket span: first frame
sent to last frame received, the server's side of the step (the rest is the browser's).

    python benchmarks/bench_app.py [RUN_DIR] [--rounds 7]

Without RUN_DIR it uses runs/default when that exists, else it makes a small run the way
tests/test_app_browser.py does (a small random model on nine short texts, every result file).
The run is copied first: `engram-probe app` stores the Overview's table in the run.
Needs Chromium. Writes benchmarks/results/app_speed.json.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from test_app_browser import (  # noqa: E402  # the browser harness of the app's tests
    DOCUMENT_LINK,
    EMPTY_APP,
    NGRAM_LINK,
    RENDERED,
    TEXTS,
    Page,
    _click_token,
    _free_port,
    app_command,
    button,
    css,
    devtools,
    outlined,
    picked,
    served,
    shows,
    streamlit_command,
)

RESULT = ROOT / "benchmarks" / "results" / "app_speed.json"
DEFAULT_RUN = ROOT / "runs" / "default"
BARE_CLICKS = 3  # button reruns of the bare page per round; their median is the round's yardstick
TARGETS = {"first page": 2.0, "interaction": 3.0}  # issue #35: ratios to the bare page the app should stay under
INTERACTIONS = ("n-gram link", "document link", "token click", "selectbox change", "sidebar page switch", "histogram box",
                "n-gram link, second")  # fmt: skip


def make_run(workdir: Path) -> Path:
    """The browser tests' run: a small random model probed on nine short texts, categorized,
    with every analysis and offload result file the app shows."""
    import sysconfig

    import torch
    from conftest import small_config, write_app_results

    from engram_model import EngramLM, save_model, train_bpe
    from engram_model.corpus import Document
    from probe import ProbeOptions, categorize_run, probe_corpus

    email = sorted((Path(sysconfig.get_paths()["stdlib"]) / "email").glob("*.py"))
    tokenizer = train_bpe((f.read_text(encoding="utf-8") for f in email), vocab_size=1024)
    torch.manual_seed(0)
    model = EngramLM(small_config(tokenizer), tokenizer).eval()
    run, checkpoint, corpus = workdir / "run", str(workdir / "ckpt"), workdir / "corpus.jsonl"
    documents = [Document(f"doc{i}", text, domain=domain) for i, (domain, text) in enumerate(TEXTS * 3)]
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
    probe_corpus(model, documents, run, manifest, ProbeOptions(), show_progress=False)
    categorize_run(run, top_fraction=0.1, n_boot=20)
    save_model(model, checkpoint)
    corpus.write_text("".join(json.dumps({"text": d.text, "domain": d.domain}) + "\n" for d in documents))
    write_app_results(run, checkpoint, corpus, tokens=200)
    return run


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        sys.exit("no chromium on this machine: install it (Debian: apt-get install chromium)")
    return found


def version_of(command: list[str]) -> str:
    return subprocess.run(command, capture_output=True, text=True).stdout.strip()


def websocket(events: list[dict]) -> tuple[int, float | None]:
    """(bytes received, seconds from the first frame sent to the last received) over the page's
    websockets in DevTools Network `events`: Streamlit's messages, the span being the server's
    side of a rerun (the request, the script run, its deltas sent), None without frames both ways."""
    sent = [e["params"]["timestamp"] for e in events if e.get("method") == "Network.webSocketFrameSent"]
    received = [e["params"] for e in events if e.get("method") == "Network.webSocketFrameReceived"]
    # binary frames (Streamlit's protobuf messages) arrive base64-encoded, text frames as they are
    size = sum(
        len(base64.b64decode(r["response"]["payloadData"])) if r["response"]["opcode"] == 2 else len(r["response"]["payloadData"])
        for r in received
    )
    return size, (received[-1]["timestamp"] - sent[0] if sent and received else None)


def timed(page: Page, action) -> dict:
    """Seconds of `action()` (which returns them), and the websocket's bytes and span meanwhile."""
    first = len(page.events)
    seconds = action()
    page.js("1")  # collect the frames that arrived while the last wait returned
    size, span = websocket(page.events[first:])
    return {"s": seconds, "bytes": size, "websocket_span_s": span}


def bare_round(page: Page, workdir: Path) -> dict[str, tuple[float, int]]:
    script = workdir / "bare.py"
    script.write_text(EMPTY_APP)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    drawn = shows("Empty page", "clicked 0 times")
    out = {}
    with served(streamlit_command(script, port), port):
        out["first page"] = timed(page, lambda: page.open(url, drawn, "the bare page"))
        out["warm page"] = timed(page, lambda: page.open(url, drawn, "the bare page again"))
        for n in range(1, BARE_CLICKS + 1):
            until = shows("Empty page", f"clicked {n} times")
            out[f"button rerun {n}"] = timed(page, lambda: page.click(button("click"), until, "the bare page's rerun"))
    return out


def app_round(page: Page, run: Path) -> dict[str, tuple[float, int]]:
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    overview = shows(*RENDERED) + f" && {css(NGRAM_LINK)} && location.pathname === '/'"
    out = {}
    with served(app_command(run, port), port):
        out["first page"] = timed(page, lambda: page.open(url, overview, "the Overview"))
        out["warm page"] = timed(page, lambda: page.open(url, overview, "the Overview again"))
        page.mark_session()
        until = until_ngram(page)
        out["n-gram link"] = timed(page, lambda: page.click(css(NGRAM_LINK), until, "the n-gram's page"))
        linked = page.link(DOCUMENT_LINK)
        until = shows(f"Token at position {linked['pos']}") + f" && {outlined(linked['pos'])}"
        out["document link"] = timed(page, lambda: page.click(css(DOCUMENT_LINK), until, "the viewer"))
        other = str(int(linked["pos"]) + 1 if int(linked["pos"]) == 0 else int(linked["pos"]) - 1)
        out["token click"] = timed(page, lambda: _click_token(page, other))
        out["selectbox change"] = timed(page, lambda: choose(page, "gate", "max", "gate_max"))
        until = overview + " && " + css('[data-testid="stPlotlyChart"] .nsewdrag')
        sidebar = css('[data-testid="stSidebarNav"] a[href$="/"]')
        out["sidebar page switch"] = timed(page, lambda: page.click(sidebar, until, "the Overview through the sidebar"))
        out["histogram box"] = timed(page, lambda: box_on_histogram(page))
        out["n-gram link, second"] = timed(page, lambda: page.click(css(NGRAM_LINK), until_ngram(page), "the n-gram's page"))
        assert page.same_session(), "an interaction loaded the app again"
    return out


def until_ngram(page: Page) -> str:
    """A page expression: the page of the n-gram the Overview's first n-gram link opens is drawn."""
    pick = page.link(NGRAM_LINK)["pick"]
    return shows("top of the gate range") + f" && {picked(pick)} && {css(DOCUMENT_LINK)}"


def choose(page: Page, label: str, option: str, value: str) -> float:
    """Pick `option` in the selectbox labelled `label`; seconds from the option's click until the
    address holds `label=value` and the script has finished."""
    opener = css(f'[data-testid="stSelectbox"]:has(input[aria-label="{label}"]) button[aria-label="Open"]')
    page.wait(opener, f"the {label} selectbox")
    left, top, width, height = page.js(
        f"(() => {{ const r = {opener}.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }})()"
    )
    for kind in ("mousePressed", "mouseReleased"):  # the list opens on the mouse's press, not on a scripted click
        page.call("Input.dispatchMouseEvent", type=kind, x=left + width / 2, y=top + height / 2, button="left", clickCount=1)
    item = f"[...document.querySelectorAll('[role=\"option\"]')].find(o => o.innerText.trim() === {json.dumps(option)})"
    page.wait(item, f"the {label} option {option}")
    until = shows(label) + f" && new URLSearchParams(location.search).get({json.dumps(label)}) === {json.dumps(value)}"
    return page.click(item, until, f"the page with {label} {option}")


def box_on_histogram(page: Page) -> float:
    """Seconds from the mouse's release, at the end of a box dragged over a tenth to nine tenths of
    the Overview's histogram, until the sample of that gate range is drawn. The mouse's path before
    the release (eleven DevTools calls, 0.2-0.4 s here) is the harness's time, not the app's; the
    release's own dispatch (Plotly's selection handler) is left out with it."""
    page.drag('[data-testid="stPlotlyChart"] .nsewdrag', 0.1, 0.9)
    return page.wait(shows("gate in [0.") + " && !document.body.innerText.includes('gate in [0.90, 1.00]')", "the new sample")


def medians(measures: list[dict]) -> dict:
    """Median seconds, websocket bytes and websocket span of one measure over rounds."""
    spans = [m["websocket_span_s"] for m in measures if m["websocket_span_s"] is not None]
    return {
        "median_s": round(statistics.median(m["s"] for m in measures), 3),
        "median_websocket_span_s": round(statistics.median(spans), 3) if spans else None,
        "median_websocket_bytes": int(statistics.median(m["bytes"] for m in measures)),
    }


def summary(rounds: list[dict], yardsticks: dict[str, str]) -> dict:
    """Per measure of the app: its medians, and its ratio to its yardstick in the same round
    (median, min, max over rounds) against the target."""
    out = {}
    for name, of_bare in yardsticks.items():
        ratios = [r["app"][name]["s"] / r["bare_yardstick"][of_bare] for r in rounds]
        target = None if name == "warm page" else TARGETS["first page" if name == "first page" else "interaction"]
        out[name] = {
            "against": f"bare page's {of_bare}",
            **medians([r["app"][name] for r in rounds]),
            "median_ratio": round(statistics.median(ratios), 2),
            "min_ratio": round(min(ratios), 2),
            "max_ratio": round(max(ratios), 2),
            "target_ratio": target,
            "meets_target": None if target is None else statistics.median(ratios) <= target,
            "seconds_all": [round(r["app"][name]["s"], 3) for r in rounds],
            "ratios_all": [round(x, 2) for x in ratios],
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run", type=Path, nargs="?", help="A run directory (default: runs/default, else a small one made first).")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--out", type=Path, default=RESULT)
    args = parser.parse_args()
    if args.run is not None and not (args.run / "manifest.json").is_file():
        parser.error(f"{args.run} is not a run directory (no manifest.json): make one with `engram-probe run --out {args.run}`")
    browser = chromium()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        if args.run is not None or DEFAULT_RUN.is_dir():
            source = args.run or DEFAULT_RUN
            described = str(source)
        else:
            print("making a small run (as tests/test_app_browser.py does) ...", flush=True)
            source = make_run(workdir / "made")
            described = "a small run made by bench_app.make_run (the browser tests' small random model on their nine short texts)"
        run = workdir / "run"
        shutil.copytree(source, run, ignore=shutil.ignore_patterns(".lock"))
        profile = workdir / "profile"
        process = subprocess.Popen(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000",
             f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"],
            stderr=subprocess.DEVNULL,
        )  # fmt: skip  # the browser tests' Chromium
        load_before = os.getloadavg()
        rounds = []
        try:
            with devtools(profile, process) as page:
                page.call("Network.enable")
                for k in range(args.rounds):
                    blocks = {"bare": lambda: bare_round(page, workdir), "app": lambda: app_round(page, run)}
                    order = ("bare", "app") if k % 2 == 0 else ("app", "bare")
                    measured = {name: blocks[name]() for name in order}
                    page.events.clear()
                    clicks = [measured["bare"][f"button rerun {n}"]["s"] for n in range(1, BARE_CLICKS + 1)]
                    yardstick = {
                        "first page": measured["bare"]["first page"]["s"],
                        "warm page": measured["bare"]["warm page"]["s"],
                        "button rerun": statistics.median(clicks),
                    }
                    rounds.append({**measured, "bare_yardstick": yardstick, "loadavg_1min": os.getloadavg()[0]})
                    print(
                        f"round {k + 1}: load {os.getloadavg()[0]:.1f}; bare first {yardstick['first page']:.2f} s, "
                        f"button {yardstick['button rerun']:.2f} s; "
                        + "; ".join(f"{name} {m['s']:.2f} s" for name, m in measured["app"].items()),
                        flush=True,
                    )
        finally:
            process.terminate()
            process.wait(timeout=10)
        load_after = os.getloadavg()
    yardsticks = {"first page": "first page", "warm page": "warm page", **{name: "button rerun" for name in INTERACTIONS}}
    bare = {name: medians([r["bare"][name] for r in rounds]) for name in ("first page", "warm page")}
    bare["button rerun"] = medians([r["bare"][f"button rerun {n}"] for r in rounds for n in range(1, BARE_CLICKS + 1)])
    import streamlit

    result = {
        "benchmark": "app_speed",
        "rounds": args.rounds,
        "statistic": (
            "per round, each of the app and a bare Streamlit page on a freshly started server (alternating which goes first), "
            f"in one headless Chromium; ratios to the bare page in the same round (its button rerun: the median of {BARE_CLICKS} "
            "clicks); median, min and max over rounds"
        ),
        "run": described,
        "machine": {
            "python": platform.python_version(),
            "streamlit": streamlit.__version__,
            "chromium": version_of([browser, "--version"]),
            "cpus": os.cpu_count(),
            "loadavg_1min_before_after": [round(load_before[0], 2), round(load_after[0], 2)],
            "loadavg_1min_per_round": [round(r["loadavg_1min"], 2) for r in rounds],
        },
        "targets": {
            "first page": f"at most {TARGETS['first page']}x the bare page's first page",
            "interaction": f"at most {TARGETS['interaction']}x the bare page's button rerun",
        },
        "bare": bare,
        "app": summary(rounds, yardsticks),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    width = max(map(len, result["app"]))
    for name, row in result["app"].items():
        verdict = "" if row["meets_target"] is None else ("  meets" if row["meets_target"] else f"  over {row['target_ratio']}x")
        print(
            f"{name:<{width}}  {row['median_s']:6.2f} s  ratio {row['median_ratio']:5.2f} "
            f"[{row['min_ratio']:.2f}, {row['max_ratio']:.2f}]  {row['median_websocket_bytes']:>9,} B  "
            f"websocket span {row['median_websocket_span_s']} s{verdict}"
        )
    print(f"load average {load_before[0]:.1f} -> {load_after[0]:.1f} on {os.cpu_count()} CPUs; wrote {args.out}")


if __name__ == "__main__":
    main()
