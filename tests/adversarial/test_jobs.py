"""Background jobs of the app against whoever can write the run and against a killed supervisor.
Every class is generated: hostile state files (malformed, cut short, of the wrong types, with
forged commands), symbolic links where the app keeps its job files, supervisors killed with -9
while their real commands run, and pids that name another process. The state file only
reports on a job: nothing in it is run, trusted, or followed out of the run."""

import json
import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from probe.apps import background
from streamlit.testing.v1 import AppTest

from engram_model.corpus import Document
from engram_model.files import LinkedPathError
from probe import ProbeOptions, probe_corpus
from probe.cli.serve import browser_script

BROWSER = str(browser_script())
FORGED = ["sh", "-c", "touch PWNED"]
SLEEP = "import time; time.sleep(120)"
VALID = {
    "name": "ablation",
    "commands": [[sys.executable, "-c", "pass"]],
    "state": "done",
    "pid": 12345,
    "pid_start_time": 678,
    "started": 1.5,
    "ended": 2.5,
    "message": "",
}


def hostile_states() -> list[tuple[str, bytes]]:
    """State files this app never writes: not JSON, not an object, every cut of a valid state,
    each field missing or of each wrong type, deep nesting and non-finite numbers."""
    whole = json.dumps(VALID).encode()
    states = [
        ("empty", b""),
        ("binary", bytes(range(256))),
        ("latin-1", '{"name": "é"}'.encode("latin-1")),
        ("nested", b"[" * 100_000 + b"]" * 100_000),
        ("huge", b'{"message": "' + b"x" * (2 << 20) + b'"}'),
        *[(f"json {value}", value.encode()) for value in ("[]", "null", "1", '"running"', "true", "[1, 2]")],
        *[(f"cut at {n}", whole[:n]) for n in range(1, len(whole), 7)],
    ]
    required = [key for key, (_, _, needed) in background.STATE_FIELDS.items() if needed]
    states += [(f"no {key}", json.dumps({k: v for k, v in VALID.items() if k != key}).encode()) for key in required]
    wrong = [None, "abc", -1, 1.5, True, [], {}, [[1]], [["a"], []], float("nan"), float("inf"), 2**70]
    for key, (_, fits, _) in background.STATE_FIELDS.items():
        for value in wrong:
            if not fits(value):
                states.append((f"{key}={value!r}", json.dumps({**VALID, key: value}).encode()))
    return states


HOSTILE = hostile_states()


@pytest.fixture(scope="module")
def probed(model, tmp_path_factory):
    """A plain probed run of the small model (its manifest names no checkpoint: a job's command fails at once)."""
    run = tmp_path_factory.mktemp("jobs") / "run"
    manifest = {"model": str(run.parent / "no-checkpoint"), "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
    documents = [Document(f"doc{i}", text) for i, text in enumerate(["Alexander was born in Pella.", "def f(x): return x"])]
    probe_corpus(model, documents, run, manifest, ProbeOptions(categorize=False), show_progress=False)
    return run


@pytest.fixture
def run(probed, tmp_path):
    return Path(shutil.copytree(probed, tmp_path / "run"))


def open_page(monkeypatch, run: Path, page: str) -> AppTest:
    monkeypatch.setattr(sys, "argv", [BROWSER, str(run)])
    app = AppTest.from_file(BROWSER, default_timeout=60).run()
    app.switch_page(page).run()
    assert not app.exception, [e.message for e in app.exception]
    return app


def texts(elements) -> str:
    return "\n".join(str(e.value) for e in elements).replace("\\", "")


def write_state(run: Path, name: str, data: bytes | dict) -> None:
    path = background.state_path(run, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())


def group_members(group: int) -> list[int]:
    """The live processes of process group `group`, read from /proc independently of the app."""
    members = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] not in ("Z", "X") and int(fields[2]) == group:
            members.append(int(entry.name))
    return members


def until(condition, what: str):
    """Poll `condition` until it holds (a liveness bound, not a timing check)."""
    for _ in range(600):
        if value := condition():
            return value
        time.sleep(0.05)
    raise AssertionError(f"never: {what}")


@pytest.mark.parametrize("label, data", HOSTILE, ids=[label for label, _ in HOSTILE])
def test_a_hostile_state_file_is_named_and_never_trusted(tmp_path, label, data):
    write_state(tmp_path, "ablation", data)
    with pytest.raises(background.JobStateError) as raised:
        background.read_job(tmp_path, "ablation")
    message = str(raised.value)
    assert str(background.state_path(tmp_path, "ablation")) in message and "delete it" in message
    assert "\n" not in message and len(message) < 600  # one line, whatever the file held


@pytest.mark.parametrize("label, data", random.Random(44).sample(HOSTILE, 4))
def test_a_hostile_state_file_is_an_error_on_the_page(monkeypatch, run, label, data):
    write_state(run, "ablation", data)
    app = open_page(monkeypatch, run, "views/ablations.py")
    assert str(background.state_path(run, "ablation")) in texts(app.error) and "delete it" in texts(app.error)
    assert not [b for b in app.button if b.key == "compute_ablation"]


def test_the_supervisor_never_runs_commands_from_the_state_file(tmp_path):
    """Run as `start` runs it, but with a forged state in the run and nothing on its stdin."""
    run = tmp_path / "run"
    write_state(run, "ablation", {**VALID, "state": "running", "commands": [FORGED]})
    supervisor = subprocess.run(
        [sys.executable, "-m", "probe.apps.background", str(run), "ablation"], cwd=tmp_path, input=b"", capture_output=True
    )
    assert supervisor.returncode != 0  # no job given: nothing to run
    assert not list(tmp_path.rglob("PWNED"))


@pytest.mark.parametrize("state", ["failed", "running", "done"])
def test_retry_runs_the_apps_own_commands_not_the_forged_ones(monkeypatch, run, state):
    forged = {**VALID, "name": "ablation", "state": state, "commands": [FORGED] * 2, "retry": True, "pid": 2**22 + 7}
    write_state(run, "ablation", forged)
    app = open_page(monkeypatch, run, "views/ablations.py")
    app.button(key="compute_ablation").click().run()
    planned = background.planned_commands(run, "ablation")
    log = until(lambda: "\n" in (text := background.log_path(run, "ablation").read_text()) and text, "the job's first command")
    job = background.read_job(run, "ablation")
    os.kill(job["pid"], signal.SIGKILL)  # what it runs is known now: no need to wait for it
    assert job["commands"] == planned and log.startswith(f"$ {shlex.join(planned[0])}\n") and "PWNED" not in log
    assert not list(run.parent.rglob("PWNED")) and not list(Path.cwd().glob("PWNED"))


@pytest.mark.parametrize("kind", ["fifo", "folder", "link to a device"])
def test_a_state_file_that_is_no_file_is_named_without_hanging(tmp_path, kind):
    path = background.state_path(tmp_path, "ablation")
    path.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/null")  # a link: refused before it is opened
    with pytest.raises((background.JobStateError, LinkedPathError), match=str(path)):
        background.read_job(tmp_path, "ablation")


LINKED = ["jobs", "lock", "log", "state"]


@pytest.mark.parametrize("target", ["file", "folder", "dangling"])
@pytest.mark.parametrize("linked", LINKED)
def test_a_link_among_the_job_files_is_refused_and_the_outside_is_untouched(tmp_path, linked, target):
    run, outside = tmp_path / "run", tmp_path / "outside"
    run.mkdir()
    outside.mkdir()
    (outside / "precious").write_text("keep me")
    (outside / "ablation.log").write_text("keep me too")
    aim = {"file": outside / "precious", "folder": outside, "dangling": outside / "not-yet"}[target]
    if linked == "jobs":
        (run / ".jobs").symlink_to(aim)
    else:
        (run / ".jobs").mkdir()
        suffix = {"lock": "lock", "log": "log", "state": "json"}[linked]
        (run / ".jobs" / f"ablation.{suffix}").symlink_to(aim)
    before = {path: path.read_bytes() for path in outside.rglob("*")}
    with pytest.raises(LinkedPathError, match="symbolic link"):
        background.start(run, "ablation", [[sys.executable, "-c", "open('PWNED', 'w')"]])
    assert {path: path.read_bytes() for path in outside.rglob("*")} == before  # nothing written, truncated or created
    assert not (outside / "not-yet").exists() and not list(tmp_path.rglob("PWNED"))


@pytest.mark.parametrize("linked", ["lock", "log"])
def test_a_linked_job_file_is_named_on_the_page(monkeypatch, run, tmp_path, linked):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me")
    (run / ".jobs").mkdir()
    (run / ".jobs" / f"ablation.{linked}").symlink_to(outside)
    app = open_page(monkeypatch, run, "views/ablations.py")
    app.button(key="compute_ablation").click().run()
    assert not app.exception
    assert f"{run / '.jobs' / f'ablation.{linked}'} is a symbolic link" in texts(app.error)
    assert outside.read_text() == "keep me"


# real commands a supervisor runs: a plain one, one that starts a child of its own (as a sweep
# starts workers), a shell pipeline, and a second command after a first that succeeded
COMMANDS = {
    "sleeps": [[sys.executable, "-c", SLEEP]],
    "starts a child": [
        [sys.executable, "-c", f"import subprocess, sys; subprocess.Popen([sys.executable, '-c', {SLEEP!r}]); {SLEEP}"]
    ],
    "pipeline": [["sh", "-c", "sleep 120 | cat"]],
    "second command": [[sys.executable, "-c", "pass"], [sys.executable, "-c", SLEEP]],
}


@pytest.mark.parametrize("commands", COMMANDS.values(), ids=COMMANDS.keys())
def test_a_supervisor_killed_with_9_leaves_no_writer_and_retry_runs_one(tmp_path, commands):
    run = tmp_path / "run"
    job = background.start(run, "ablation", commands)

    def last_command_running() -> dict | None:
        seen = background.read_job(run, "ablation")
        started = background.log_path(run, "ablation").read_text().count("$ ") == len(commands)
        return seen if started and seen.get("command_pid") in group_members(seen.get("command_pid", -1)) else None

    running = until(last_command_running, "the last command runs, leading a process group of its own")
    group = running["command_pid"]
    os.kill(job["pid"], signal.SIGKILL)
    try:
        until(lambda: running["command_pid"] not in group_members(group), "the command died with its supervisor")
        left = [pid for pid in group_members(group) if pid != group]  # what the command started, if anything
        seen = background.read_job(run, "ablation")
        assert seen["state"] == ("running" if left else "failed")  # never "failed" while any of it runs
        if left:
            again = background.start(run, "ablation", commands)  # Retry while it runs: no second writer
            assert again["pid"] == job["pid"] and str(group) in again["message"]
            for pid in left:
                os.kill(pid, signal.SIGKILL)
            until(lambda: not group_members(group), "the command's children are gone")
            assert background.read_job(run, "ablation")["state"] == "failed"
        retried = background.start(run, "ablation", [[sys.executable, "-c", "pass"]])
        assert retried["pid"] != job["pid"] and not group_members(group)
        assert background.wait(run, "ablation")["state"] == "failed"  # it wrote no result file: said so, not "done"
    finally:
        for pid in group_members(group):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("offset", [1, -1, 1000, -(10**12), 2**40])
@pytest.mark.parametrize("whose", ["this test", "its parent", "init"])
def test_a_reused_pid_is_never_taken_for_the_job(tmp_path, whose, offset):
    """A state naming a live process of another start time (as a reused pid would) is not that
    process's job, and nothing of that process or its group is touched."""
    pid = {"this test": os.getpid(), "its parent": os.getppid(), "init": 1}[whose]
    since = background.running_since(pid)
    other = since + offset if since + offset >= 0 else since + 1
    state = {**VALID, "state": "running", "pid": pid, "pid_start_time": other, "command_pid": os.getpgid(pid) or pid}
    write_state(tmp_path, "ablation", state)
    job = background.read_job(tmp_path, "ablation")
    assert job["state"] == "failed" and "its process is gone" in job["error"]
    assert background.running_since(pid) == since  # nothing of it was stopped
    write_state(tmp_path, "ablation", {**state, "pid_start_time": since})  # the same pid with its own start time: the job
    assert background.read_job(tmp_path, "ablation")["state"] == "running"


def test_a_state_without_a_start_time_is_not_taken_for_a_live_process(tmp_path):
    state = {key: value for key, value in VALID.items() if key != "pid_start_time"}
    write_state(tmp_path, "ablation", {**state, "state": "running", "pid": os.getpid()})
    assert background.read_job(tmp_path, "ablation")["state"] == "failed"
