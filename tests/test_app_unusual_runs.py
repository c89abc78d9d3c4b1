"""The gate browser on the runs a new user of a public Engram model makes first: a bridged
Qwen4-Exp checkpoint (another tokenizer than the bundled baseline's, gates that stay below 0.8)
and a run of one document. Every page opens; what cannot be computed says why; the jobs a page
offers are the ones that can succeed, and a failed job shows its whole message, with Retry only
where running it again can end otherwise."""

import json
import shutil
from functools import partial
from pathlib import Path

import pytest

pytest.importorskip("transformers")

from adversarial.test_runs import invoke, run_args  # noqa: E402
from probe.apps import background  # noqa: E402
from test_app import PAGES  # noqa: E402
from test_qwen4_exp_bridge import build_causal_lm, save  # noqa: E402
from test_qwen4_exp_run import TEXTS, open_page, qwen_like_tokenizer  # noqa: E402

from probe.offload.steps import fitting_steps  # noqa: E402
from probe.runs.artefacts import artefact_path  # noqa: E402
from probe.runs.queries import (  # noqa: E402
    BASELINE,
    analysis_command,
    comparison_problem,
    sample_positions,
    top_gate_range,
)
from probe.runs.store import connect  # noqa: E402

EVERY_PAGE = {**PAGES, "views/try_text.py": "Try your own text", "views/search.py": "Search"}


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A bridged checkpoint, a run of it on several documents and one on a single long document
    (categorized), as `engram-probe run` and `categorize` make them."""
    base = tmp_path_factory.mktemp("unusual")
    checkpoint = save(build_causal_lm(), base / "ckpt", tokenizer=False)
    qwen_like_tokenizer(checkpoint / "tokenizer.json")
    corpus, single = base / "corpus.jsonl", base / "one.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"d{i}", "text": TEXTS[i % 4] * (1 + i % 3)}) + "\n" for i in range(8)))
    single.write_text(json.dumps({"id": "only", "text": " ".join(TEXTS * 6)}) + "\n")
    for corpus_file, run in ((corpus, base / "run"), (single, base / "one")):
        code, output = invoke(*run_args(checkpoint, corpus_file, run, "--max-tokens", 32))
        assert code == 0, output
        code, output = invoke("categorize", run, "--n-boot", 50, "--top-fraction", 0.1)
        assert code == 0, output
    return base


@pytest.fixture
def run(made, tmp_path):
    """A fresh copy of the bridged run: jobs write into it."""
    return Path(shutil.copytree(made / "run", tmp_path / "run"))


@pytest.fixture
def browse(monkeypatch):
    return partial(open_page, monkeypatch)


def texts(elements) -> str:
    return "\n".join(str(getattr(e, "value", None) or getattr(e, "label", "")) for e in elements)


def chart_titles(app) -> list[str]:
    return [json.loads(chart.proto.spec)["layout"]["title"]["text"] for chart in app.get("plotly_chart")]


@pytest.mark.parametrize("which", ["run", "one"])
def test_every_page_opens(made, browse, which):
    for page, title in EVERY_PAGE.items():
        app = browse(made / which, page)
        assert app.title[0].value == title


def test_a_one_document_runs_categories_say_why_there_is_no_interval(made, browse):
    one = made / "one"
    app = browse(one, "views/categories.py")
    warning = texts(app.warning)
    assert "have no interval" in warning and "1 document" in warning and "nothing to resample" in warning
    enrichment_title = chart_titles(app)[0]
    assert "95% interval" not in enrichment_title and "no intervals" in enrichment_title
    bars = [trace for trace in json.loads(app.get("plotly_chart")[0].proto.spec)["data"] if trace["type"] == "bar"]
    assert bars and all(set(bar["text"]) == {"no interval"} for bar in bars)  # every ratio marked, none a finding
    reasons = app.dataframe[0].value["no_interval"]
    assert reasons.notna().all() and reasons.str.contains("1 document").all()


def test_overview_default_range_is_the_top_tenth_of_a_low_gate_runs_own_gates(made, browse):
    run = made / "run"
    with connect(run) as con:
        [(highest, positions)] = con.sql("SELECT max(gate_mean), count(*) FROM gates WHERE layer = 0").fetchall()
    assert highest < 0.8  # a run whose gates stay below the old default range [0.90, 1.00]
    low, high = top_gate_range(run, 0)
    assert 0 < low < highest and high == 1.0
    total, _ = sample_positions(run, 0, low, high, 8, 0, -1)
    assert 0.1 * positions <= total < 0.2 * positions  # the top tenth, and a little more for the rounding down
    app = browse(run, "views/overview.py")
    caption = texts(app.caption)
    assert f"{total:,} positions of layer 0 have a branch-mean gate in [{low:.2f}, 1.00] (the default" in caption
    assert app.session_state["range"] == (low, high)


def test_a_bridged_run_offers_the_lens_alone_not_the_baseline_and_the_job_succeeds(run, made, browse):
    assert "tokenizer differs" in comparison_problem(run, BASELINE)
    assert comparison_problem(run, str(made / "ckpt")) is None
    app = browse(run, "views/similarity.py")
    assert "The bundled baseline is not offered" in texts(app.info)
    assert all("bundled baseline" not in option for radio in app.radio for option in radio.options)
    assert "baseline" not in texts(app.caption).replace("bundled baseline", "")  # no command names it
    lens_caption = [c.value for c in app.caption if "engram-probe lens" in c.value]
    assert lens_caption and f"lens {made / 'ckpt'} --out" in lens_caption[0].replace("\\", "")
    app.button(key="compute_lens").click().run()
    job = background.wait(run, "lens")
    assert job["state"] == "done", job["message"]
    lens = json.loads(artefact_path(run, "lens").read_text())
    assert len(lens["models"]) == 1
    app = browse(run, "views/similarity.py")
    assert "Logit lens" in chart_titles(app)[0] and not app.error


def test_similarity_against_a_chosen_checkpoint_is_checked_before_it_starts(run, made, browse):
    app = browse(run, "views/similarity.py")
    app.radio(key="similarity_with").set_value("another checkpoint with the run's tokenizer").run()
    app.text_input(key="similarity_other").input(BASELINE).run()
    assert "tokenizer differs" in texts(app.warning)
    assert app.button(key="compute_similarity").disabled
    app.text_input(key="similarity_other").input(str(made / "no-such-dir")).run()
    assert "neither a checkpoint directory nor a bundled model" in texts(app.warning)
    app.text_input(key="similarity_other").input(str(made / "ckpt")).run()
    assert not app.button(key="compute_similarity").disabled and not app.warning
    expected = " ".join(analysis_command(run, "similarity", str(made / "ckpt"), positions="all"))  # a small run: every token
    assert expected in texts(app.caption).replace("\\", "")


def test_a_deterministic_failure_shows_its_whole_message_and_offers_no_retry(run, browse):
    # the baseline comparison, started anyway (as an older app did): the command rejects the tokenizers
    background.start(run, "lens")
    job = background.wait(run, "lens")
    assert job["state"] == "failed" and job["retry"] is False and job["exit_status"] == 2
    assert "use checkpoints with the same tokenizer" in job["error"]  # the end of the CLI's boxed message
    app = browse(run, "views/ablations.py")  # untouched by it
    app = browse(run, "views/similarity.py")
    error = texts(app.error)
    assert "Computing the logit lens failed" in error and "use checkpoints with the same tokenizer" in error
    assert not [button for button in app.button if button.label == "Retry"]
    # another setup is a new job, not a retry: offered
    assert not app.button(key="compute_lens").disabled and app.button(key="compute_lens").label == "Compute here"


def test_a_job_whose_process_was_killed_offers_retry_with_its_reason(run, browse):
    state = {
        "name": "ablation",
        "commands": background.planned_commands(run, "ablation"),
        "state": "running",
        "pid": 2**22 + 12345,  # above Linux's pid limit: no such process
        "started": 0,
        "message": "",
    }
    background.state_path(run, "ablation").parent.mkdir(parents=True, exist_ok=True)
    background.state_path(run, "ablation").write_text(json.dumps(state))
    app = browse(run, "views/ablations.py")
    assert "its process is gone" in texts(app.error)
    assert app.button(key="compute_ablation").label == "Retry"


def test_the_offload_pages_traffic_job_succeeds_on_a_one_document_corpus(made, browse, tmp_path):
    one = Path(shutil.copytree(made / "one", tmp_path / "one"))
    app = browse(one, "views/offload.py")
    app.button(key="compute_traffic").click().run()
    job = background.wait(one, "traffic")
    assert job["state"] == "done", job["message"]
    app = browse(one, "views/offload.py")
    assert not app.error and len(app.get("plotly_chart")) >= 3


def test_error_text_unboxes_the_command_lines_message_and_a_tracebacks_exception():
    log = (
        "$ python -m probe lens a b\nUsage: engram-probe lens [OPTIONS] [models]...\n"
        "╭─ Error ────────────────────╮\n│ Invalid value for MODELS: the │\n│ tokenizers differ; use one    │\n"
        "╰────────────────────────────╯"
    )
    assert background.error_text(log) == "Invalid value for MODELS: the tokenizers differ; use one"
    crash = 'Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n    f()\nMemoryError: out of memory'
    assert background.error_text("loading\n" + crash) == "MemoryError: out of memory"
    assert background.error_text("a progress bar 100%") == ""


def test_traffic_steps_are_the_defaults_the_corpus_fills():
    assert fitting_steps(19) == ([(1, 16)], [1, 8], 19)
    assert fitting_steps(600) == ([(1, 512)], [1, 8, 32, 128, 512], 64)
    assert fitting_steps(10**6) == ([(1, 512), (1, 2048), (1, 16384), (8, 2048), (32, 512)], [1, 8, 32, 128, 512, 2048], 64)
    with pytest.raises(ValueError, match="at least 2"):
        fitting_steps(1)
