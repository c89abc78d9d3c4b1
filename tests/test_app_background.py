"""Results computed from the gate browser: a page's "Compute here" starts the real command as a
background job of the run, whose state and log live in the run directory; the page then draws
the file the command wrote. One job per result file, across processes; a failing command ends
as a failed job with its message."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from probe.apps import background
from streamlit.testing.v1 import AppTest

from engram_model import save_model
from engram_model.corpus import Document
from probe import ProbeOptions, categorize_run, probe_corpus
from probe.cli.serve import browser_script
from probe.runs.artefacts import artefact_path, job_commands, write_run_text

BROWSER = browser_script()
TEXTS = [
    ("prose", "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle."),
    ("licence", "Permission is hereby granted, free of charge, to any person obtaining a copy of this software."),
    ("code", "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n"),
]


@pytest.fixture(scope="module")
def base(model, tmp_path_factory):
    """A plain probed run of the small model's checkpoint on a JSON-lines corpus: no categories,
    no analysis, its manifest naming the checkpoint and the corpus as `engram-probe run` would."""
    base = tmp_path_factory.mktemp("background")
    documents = [Document(f"doc{i}", text, domain=domain) for i, (domain, text) in enumerate(TEXTS * 4)]
    save_model(model, base / "ckpt")
    corpus = base / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"text": d.text, "domain": d.domain}) + "\n" for d in documents))
    manifest = {"model": str(base / "ckpt"), "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": str(corpus)}
    probe_corpus(model, documents, base / "run", manifest, ProbeOptions(categorize=False), show_progress=False)
    return base


@pytest.fixture
def run(base, tmp_path):
    """A fresh copy of the plain run for each test: jobs write into it."""
    shutil.copytree(base / "run", tmp_path / "run")
    return tmp_path / "run"


@pytest.fixture
def browse(monkeypatch):
    def open_page(run: Path, page: str) -> AppTest:
        monkeypatch.setattr(sys, "argv", [str(BROWSER), str(run)])
        app = AppTest.from_file(str(BROWSER), default_timeout=60).run()
        app.switch_page(page).run()
        assert not app.exception, [e.message for e in app.exception]
        return app

    return open_page


def texts(elements) -> str:
    return "\n".join(str(e.value) for e in elements)


def test_the_commands_are_of_the_runs_model_and_corpus(run, base):
    [ablate] = job_commands(run, "ablation", python=sys.executable)
    checkpoint, corpus = str(base / "ckpt"), str(base / "corpus.jsonl")
    assert ablate == [sys.executable, "-m", "probe", "ablate", checkpoint, "--out", f"{run}/analysis", "--corpus", corpus]
    [similarity] = job_commands(run, "similarity")
    assert similarity == [
        "engram-probe", "similarity", "--a", checkpoint, "--b", "baseline", "--out", f"{run}/analysis", "--corpus", corpus
    ]  # fmt: skip


def test_compute_here_on_the_categories_page_writes_the_table_and_the_page_draws_it(run, browse):
    app = browse(run, "views/categories.py")
    assert f"engram-probe categorize {run}" in texts(app.code)  # the command, for the command line
    assert not app.get("plotly_chart")
    app.button(key="compute_categories").click().run()
    job = background.wait(run, "categories")
    assert job["state"] == "done", job["message"]
    assert artefact_path(run, "categories").is_file()
    assert f"tables and figure in {run}/categories" in background.log_tail(run, "categories")  # the command's own output
    app = browse(run, "views/categories.py")  # another session: reads the file the job wrote
    assert len(app.get("plotly_chart")) == 2 and app.dataframe
    links = app.dataframe[1].value["open"] if len(app.dataframe) > 1 else []
    assert all(link.startswith("documents?doc=doc") and "&pos=" in link and "&layer=" in link for link in links)
    assert not [b for b in app.button if b.key == "compute_categories"]


def test_an_ablation_job_shows_its_progress_and_the_page_draws_its_result(run, base, browse):
    background.start(run, "ablation")
    assert background.read_job(run, "ablation")["state"] == "running"
    job = background.wait(run, "ablation")
    assert job["state"] == "done", job["message"]
    result = json.loads(artefact_path(run, "ablation").read_text())
    assert result["model"]["name"] == str(base / "ckpt") and result["overall"]["tokens"] > 0
    assert background.progress(run, "ablation") == 1.0  # the command's rich bar, drawn into the log, reached its end
    app = browse(run, "views/ablations.py")
    assert app.get("plotly_chart") and not app.error


def test_a_failing_command_ends_as_failed_with_its_message(run, browse):
    manifest = json.loads((run / "manifest.json").read_text())
    (run / "manifest.json").write_text(json.dumps({**manifest, "model": str(run / "no-such-checkpoint")}))
    background.start(run, "ablation")
    job = background.wait(run, "ablation")
    assert job["state"] == "failed"
    assert "exit status 2" in job["message"] and "no-such-checkpoint" in job["message"]  # the CLI's own error, in the log tail
    assert "no-such-checkpoint" in job["error"] and job["retry"] is False  # an input the command rejects: rejected again
    assert not artefact_path(run, "ablation").exists()
    app = browse(run, "views/ablations.py")
    assert "Computing the ablation results failed" in texts(app.error)
    assert job["error"].replace("\\", "") in texts(app.error).replace("\\", "")  # the whole message, in the error itself
    assert "no-such-checkpoint" in texts(app.code)
    assert not [b for b in app.button if b.key == "compute_ablation"]  # no Retry: it would fail the same way


def test_a_second_start_while_running_does_not_start_another(run):
    first = background.start(run, "categories")
    again = background.start(run, "categories")  # this session clicking twice
    other = subprocess.run(  # another app process on the same run
        [
            sys.executable,
            "-c",
            "import sys; from probe.apps import background; print(background.start(sys.argv[1], 'categories')['pid'])",
            str(run),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert again["pid"] == first["pid"] == int(other.stdout.split()[-1])
    job = background.wait(run, "categories")
    assert job["state"] == "done", job["message"]
    assert background.log_path(run, "categories").read_text().count("$ ") == 1  # one command ran, once


def test_a_job_whose_process_is_gone_reads_as_failed(run):
    background.state_path(run, "traffic").parent.mkdir(parents=True)
    stopped = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True)
    state = {"name": "traffic", "commands": [], "state": "running", "pid": int(stopped.stdout), "started": 0, "message": ""}
    background.state_path(run, "traffic").write_text(json.dumps(state))
    job = background.read_job(run, "traffic")
    assert job["state"] == "failed" and "stopped without finishing" in job["message"]


def test_a_job_whose_process_ended_unreaped_reads_as_failed(run):
    """An ended supervisor its parent has not reaped (a zombie) still answers signals: not running."""
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    os.waitid(os.P_PID, ended.pid, os.WEXITED | os.WNOWAIT)  # ended, left unreaped
    background.state_path(run, "plan").parent.mkdir(parents=True)
    state = {"name": "plan", "commands": [], "state": "running", "pid": ended.pid, "started": 0, "message": ""}
    background.state_path(run, "plan").write_text(json.dumps(state))
    try:
        assert background.read_job(run, "plan")["state"] == "failed"
    finally:
        ended.wait()


def test_progress_and_log_tail_read_a_terminal_drawn_bar(run):
    background.log_path(run, "lens").parent.mkdir(parents=True)
    drawn = (
        "$ engram-probe lens\n\x1b[?25l\r\x1b[2Klens ━━━━╸━━━━━━━━━━  25% 0:00:09\r\x1b[2Klens ━━━━━━━━━╸━━━━━  60% 0:00:04"
        "\r\x1b[2K\x1b[?25h\nError: bad\n"
    )
    background.log_path(run, "lens").write_text(drawn)
    assert background.progress(run, "lens") == 0.60
    assert background.log_tail(run, "lens").split("\n") == [
        "$ engram-probe lens",
        "lens ━━━━━━━━━╸━━━━━  60% 0:00:04",
        "Error: bad",
    ]
    background.log_path(run, "lens").write_text("loading the model\n")
    assert background.progress(run, "lens") is None  # no bar yet: the page shows the time only


def test_the_runs_text_is_every_document_in_shard_order(run):
    docs = sorted((run / "shards").glob("docs-*.parquet"))
    expected = "\n\n".join(text for shard in docs for text in pq.read_table(shard).column("text").to_pylist())
    assert write_run_text(run).read_text() == expected and expected.startswith(TEXTS[0][1])


def test_the_categories_page_keeps_its_view_in_the_address(run, monkeypatch):
    categorize_run(run, top_fraction=0.1, n_boot=50)
    monkeypatch.setattr(sys, "argv", [str(BROWSER), str(run)])
    app = AppTest.from_file(str(BROWSER), default_timeout=60).run()
    app.switch_page("views/categories.py")
    app.query_params.update({"label": "code", "estimate": "raw"})
    app.run()
    assert not app.exception and app.selectbox(key="label").value == "code" and app.radio(key="estimate").value == "raw"
    app.selectbox(key="label").set_value("names").run()
    assert app.query_params["label"] == "names" and app.query_params["estimate"] == "raw"
    labels = app.dataframe[1].value
    assert list(labels["gate"]) == sorted(labels["gate"], reverse=True)  # the strongest gates first
    app.query_params.update({"label": "no such label"})
    app.run()
    assert "`label=no such label` is ignored" in texts(app.warning)
