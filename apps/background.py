"""Results a page lacks, computed from the app: the command that writes the file runs as a
background job of the run, while every page stays usable.

A job is the artefact's own command (`probe.runs.artefacts.job_commands`, the CLI run as
`python -m probe` of this installation) started by a small supervisor process of its own
session, so it outlives the Streamlit script run and the browser tab that started it. Its
state lives in the run directory, so a rerun, another page or another session sees it:

    RUN/.jobs/NAME.json   {"name", "commands", "state": running|done|failed, "pid", "started", "ended", "message"}
    RUN/.jobs/NAME.log    what the commands print (rich progress bars included, drawn as on a terminal)
    RUN/.jobs/NAME.lock   held while a job is started or its state written: one job per result file

The commands write their result atomically, so a page never reads a half-written file; the
state says `done` only once the file is there.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shlex
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import streamlit as st
from probe.apps.shared import artefact, code, md_text, run_dir

from probe.runs import artefacts
from probe.runs.store import write_json

JOBS = ".jobs"
LOG_TAIL_LINES = 25
# a rich progress line as a terminal shows it: "similarity ━━━━╸━━━━  45% 0:01:02" (percentage, then time left)
PROGRESS = re.compile(r"(\d{1,3})%\s+(?:-:--:--|\d+:\d\d:\d\d)")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# rich draws its progress bars only on a terminal; these make it draw them into the log
TERMINAL = {"TTY_COMPATIBLE": "1", "TTY_INTERACTIVE": "1", "NO_COLOR": "1", "COLUMNS": "120"}
POLL_S = 1.0  # how often a page asks a running job how far it is
_started: dict[int, subprocess.Popen] = {}  # this process's supervisors, polled so a finished one is reaped


def state_path(run: Path, name: str) -> Path:
    return Path(run) / JOBS / f"{name}.json"


def log_path(run: Path, name: str) -> Path:
    return Path(run) / JOBS / f"{name}.log"


@contextmanager
def _locked(run: Path, name: str):
    """Held while a job of `name` is started or its state rewritten, across processes."""
    lock = Path(run) / JOBS / f"{name}.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    if pid in _started:
        return _started[pid].poll() is None  # polling also reaps it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: there
        pass
    stat = Path(f"/proc/{pid}/stat")
    try:  # Linux: an ended process its parent has not reaped (a zombie) still answers signals
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:  # no /proc (not Linux): the signal said alive; else it ended just now
        return not Path("/proc").is_dir()


def read_job(run: Path, name: str) -> dict | None:
    """The job's state, None when none was started. A job marked running whose supervisor is
    gone (the machine restarted, the process was killed) is reported failed."""
    try:
        job = json.loads(state_path(run, name).read_text())
    except (OSError, json.JSONDecodeError):
        return None
    if job.get("state") == "running" and not _alive(job.get("pid")):
        # read the state again: the supervisor may have finished between the two reads
        try:
            job = json.loads(state_path(run, name).read_text())
        except (OSError, json.JSONDecodeError):
            return None
        if job.get("state") == "running":
            job = {
                **job,
                "state": "failed",
                "message": "the job stopped without finishing (its process is gone)\n" + log_tail(run, name),
            }
    return job


def start(run: Path, name: str) -> dict:
    """Start the job that writes `name`'s result file of `run`, unless one is running already
    (then that one is returned): never two jobs for the same file."""
    run = Path(run)
    with _locked(run, name):
        job = read_job(run, name)
        if job is not None and job["state"] == "running":
            return job
        job = {
            "name": name,
            "commands": artefacts.job_commands(run, name, python=sys.executable),
            "state": "running",
            "pid": None,
            "started": time.time(),
            "ended": None,
            "message": "",
        }
        log_path(run, name).write_bytes(b"")
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "probe.apps.background", str(run), name],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # not stopped by a signal to the app's process group
        )
        _started[supervisor.pid] = supervisor
        job["pid"] = supervisor.pid
        write_json(state_path(run, name), job)
    return job


def wait(run: Path, name: str) -> dict:
    """Block until the job this process started ends; its final state."""
    job = read_job(run, name)
    if job and job.get("pid") in _started:
        _started[job["pid"]].wait()
    return read_job(run, name)


def log_tail(run: Path, name: str, lines: int = LOG_TAIL_LINES) -> str:
    """The last lines of the job's log as a terminal shows them: each progress bar's redraws
    (carriage returns) collapsed to its last state, escape codes removed."""
    try:
        text = log_path(run, name).read_bytes().decode(errors="replace")  # bytes: read_text would turn each \r into a line
    except OSError:
        return ""
    shown = []
    for line in text.split("\n"):
        redraws = [ANSI.sub("", part).rstrip() for part in line.split("\r")]
        last = next((part for part in reversed(redraws) if part.strip()), "")
        if last:
            shown.append(last)
    return "\n".join(shown[-lines:])


def progress(run: Path, name: str) -> float | None:
    """The fraction done that the command's last progress bar shows, None before it shows one."""
    try:
        with open(log_path(run, name), "rb") as handle:
            handle.seek(0, os.SEEK_END)
            handle.seek(max(handle.tell() - 4096, 0))  # the last redraws are enough
            text = ANSI.sub("", handle.read().decode(errors="replace"))
    except OSError:
        return None
    found = PROGRESS.findall(text)
    return min(int(found[-1]), 100) / 100 if found else None


def supervise(run: Path, name: str) -> None:
    """Run the job's commands one after another into its log, then record how it ended."""
    with _locked(run, name):  # `start` holds it until the state naming this job is written
        job = json.loads(state_path(run, name).read_text())
    try:
        state, message = _run_commands(run, name, job["commands"], log_path(run, name))
    except Exception as err:  # whatever stops the supervisor is the job's failure, said on the page
        state, message = "failed", f"{type(err).__name__}: {err}"
    path = artefacts.artefact_path(run, name)
    if state == "done" and not path.is_file():
        state, message = "failed", f"the commands ended without writing {path}"
    if state == "failed":
        message += "\n" + log_tail(run, name)
    with _locked(run, name):
        write_json(state_path(run, name), {**job, "state": state, "ended": time.time(), "message": message})


def _run_commands(run: Path, name: str, commands: list[list[str]], log_file: Path) -> tuple[str, str]:
    """("done", "") once `name`'s preparation (`artefacts.PREPARE`) is written and every command
    exits 0, else ("failed", which command and its exit status)."""
    with open(log_file, "ab") as log:
        if name in artefacts.PREPARE:
            log.write(f"preparing the input of {name}\n".encode())
            log.flush()
            log.write(f"wrote {artefacts.PREPARE[name](run)}\n".encode())
        for command in commands:
            log.write(f"$ {shlex.join(command)}\n".encode())
            log.flush()
            status = subprocess.call(
                command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **TERMINAL}
            )
            if status != 0:
                return "failed", f"`{shlex.join(command)}` ended with exit status {status}"
    return "done", ""


def compute_here(name: str, what: str, takes: str, label: str = "Compute here") -> None:
    """Where a page lacks `name`'s result (`what`): a button that computes it here, saying what
    it runs and roughly how long that `takes`; while the job runs, its progress (polled, so the
    other pages stay usable); if it failed, its error and a retry button. Once the file is
    written the page is drawn again, with it."""
    run = run_dir()
    job = read_job(run, name)
    if job is not None and job["state"] == "running":
        _follow(run, name, what)
        return
    if job is not None and job["state"] == "failed":
        first, _, rest = job["message"].partition("\n")
        st.error(f"Computing the {md_text(what)} failed: {md_text(first)}")
        if rest:
            st.code(rest, language=None)
        label = "Retry"
    commands = "; ".join(shlex.join(command) for command in artefacts.job_commands(run, name))
    lacking = [needed for needed in artefacts.NEEDS.get(name, ()) if not artefacts.artefact_path(run, needed).is_file()]
    if lacking:  # one job per file: this one waits for the file it reads to be computed by its own job
        st.caption(f"It reads the {md_text(', '.join(lacking))} result: compute that first, then this.")
        st.button(label, key=f"compute_{name}", icon=":material/play_arrow:", disabled=True)
        return
    st.caption(
        f"{md_text(label)} runs {code(commands)} in the background ({md_text(takes)}); the other pages stay usable meanwhile."
    )
    if st.button(label, key=f"compute_{name}", icon=":material/play_arrow:"):
        try:
            start(run, name)
        except OSError as err:  # a run directory this user cannot write
            st.error(
                f"Cannot start the job in {md_text(run)} ({md_text(err)}); run the command above where you can write the run."
            )
            return
        st.rerun()


def artefact_or_job(name: str, what: str, takes: str) -> dict | None:
    """`shared.artefact(name, what)`; where the run lacks the file, also the way to compute it here."""
    result = artefact(name, what)
    if result is None and not artefacts.artefact_path(run_dir(), name).is_file():
        compute_here(name, what, takes)
    return result


def _follow(run: Path, name: str, what: str) -> None:
    @st.fragment(run_every=POLL_S)
    def running():
        job = read_job(run, name)
        if job is None or job["state"] != "running":
            st.rerun()  # the whole page again: with the result, or with the failure
        elapsed = f"{time.time() - job['started']:,.0f} s"
        fraction = progress(run, name)
        if fraction is None:  # no bar printed yet (loading the model, reading the corpus): time only
            st.status(f"Computing the {md_text(what)}: {elapsed} so far", state="running")
        else:
            st.progress(fraction, text=f"Computing the {md_text(what)}: {fraction:.0%} · {elapsed} so far")
        with st.expander("log"):
            st.code(log_tail(run, name) or " ", language=None)

    running()


if __name__ == "__main__":
    supervise(Path(sys.argv[1]), sys.argv[2])
