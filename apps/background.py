"""Results a page lacks, computed from the app: the command that writes the file runs as a
background job of the run, while every page stays usable.

A job is the artefact's own command (`probe.runs.artefacts.job_commands`, the CLI run as
`python -m probe` of this installation) started by a small supervisor process of its own
session, so it outlives the Streamlit script run and the browser tab that started it. Its
state lives in the run directory, so a rerun, another page or another session sees it:

    RUN/.jobs/NAME.json   {"name", "commands", "state": running|done|failed, "pid", "started", "ended", "message",
                           "error" (a failure's message as the command said it, whole), "retry" (whether running
                           the same commands again can end otherwise)}
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
USAGE_ERROR = 2  # the exit status of a command line that rejected its input: the same input fails the same way
ERROR_PANEL = re.compile(r"^╭─+ Error ─+╮$")  # the box the command line draws around an input error
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
                "error": "the job stopped without finishing: its process is gone (killed, or the machine restarted)",
                "retry": True,
            }
    return job


def as_job_commands(commands: list[list[str]]) -> list[list[str]]:
    """`engram-probe ...` argument lists as this installation runs them: `python -m probe ...`."""
    return [[sys.executable, "-m", "probe", *command[1:]] if command[:1] == ["engram-probe"] else command for command in commands]


def planned_commands(run: Path, name: str, commands: list[list[str]] | None = None) -> list[list[str]]:
    """What a job of `name` runs: `commands` (`engram-probe ...` argument lists, for a result a
    page lets the reader set up, e.g. the model to compare with), else the artefact's own command."""
    return as_job_commands(commands) if commands is not None else artefacts.job_commands(run, name, python=sys.executable)


def start(run: Path, name: str, commands: list[list[str]] | None = None) -> dict:
    """Start the job that writes `name`'s result file of `run` (with `commands` in place of the
    artefact's own command: `planned_commands`), unless one is running already (then that one
    is returned): never two jobs for the same file."""
    run = Path(run)
    with _locked(run, name):
        job = read_job(run, name)
        if job is not None and job["state"] == "running":
            return job
        job = {
            "name": name,
            "commands": planned_commands(run, name, commands),
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


def log_tail(run: Path, name: str, lines: int | None = LOG_TAIL_LINES) -> str:
    """The last lines of the job's log (all of it with `lines=None`) as a terminal shows them:
    each progress bar's redraws (carriage returns) collapsed to its last state, escape codes removed."""
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
    return "\n".join(shown if lines is None else shown[-lines:])


def error_text(log: str) -> str:
    """The error a job's commands printed last, whole, from its log (`log_tail`): the text of the
    command line's last error box, unboxed into one paragraph, else a traceback's final lines
    (the exception), else ""."""
    lines = log.split("\n")
    panels = [i for i, line in enumerate(lines) if ERROR_PANEL.match(line.strip())]
    if panels:
        inside = []
        for line in lines[panels[-1] + 1 :]:
            line = line.strip()
            if line.startswith("╰"):
                break
            inside.append(line.removeprefix("│").removesuffix("│").strip())
        return " ".join(part for part in inside if part)
    tracebacks = [i for i, line in enumerate(lines) if line.startswith("Traceback (most recent call last)")]
    if tracebacks:
        after = lines[tracebacks[-1] + 1 :]
        # the exception: the first line after the indented frames, with what follows it
        last = next((i for i, line in enumerate(after) if line and not line.startswith(" ")), None)
        return "\n".join(after[last:]).strip() if last is not None else ""
    return ""


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
    status = None
    try:
        state, message, status = _run_commands(run, name, job["commands"], log_path(run, name))
    except Exception as err:  # whatever stops the supervisor is the job's failure, said on the page
        state, message = "failed", f"{type(err).__name__}: {err}"
    path = artefacts.artefact_path(run, name)
    ended = {"state": state, "ended": time.time(), "message": message}
    if state == "done" and not path.is_file():
        ended |= {"state": "failed", "message": f"the commands ended without writing {path}", "retry": False}
        ended["error"] = ended["message"]
    elif state == "failed":
        ended |= {
            "error": error_text(log_tail(run, name, lines=None)) or message,
            # a command line that rejected its input rejects it again; a crash or a kill may not recur
            "retry": status != USAGE_ERROR,
            "exit_status": status,
        }
    if ended["state"] == "failed":
        ended["message"] += "\n" + log_tail(run, name)
    with _locked(run, name):
        write_json(state_path(run, name), {**job, **ended})


def _run_commands(run: Path, name: str, commands: list[list[str]], log_file: Path) -> tuple[str, str, int | None]:
    """("done", "", 0) once `name`'s preparation (`artefacts.PREPARE`) is written and every command
    exits 0, else ("failed", which command and its exit status, the exit status)."""
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
                how = f"was killed by signal {-status}" if status < 0 else f"ended with exit status {status}"
                return "failed", f"`{shlex.join(command)}` {how}", status
    return "done", "", 0


def compute_here(
    name: str,
    what: str,
    takes: str,
    label: str = "Compute here",
    commands: list[list[str]] | None = None,
    problem: str | None = None,
) -> None:
    """Where a page lacks `name`'s result (`what`): a button that computes it here, saying what
    it runs (`commands`, `engram-probe ...` argument lists, else the artefact's own command) and
    roughly how long that `takes`; while the job runs, its progress (polled, so the other pages
    stay usable); if it failed, its whole error, and a retry button only where running the same
    commands again can end otherwise (a killed or crashed job, not an input the command rejected).
    With `problem` (Markdown: why these commands cannot succeed, found before starting) the
    button is off and the problem said. Once the file is written the page is drawn again, with it."""
    run = run_dir()
    job = read_job(run, name)
    if job is not None and job["state"] == "running":
        _follow(run, name, what)
        return
    planned = planned_commands(run, name, commands)
    if job is not None and job["state"] == "failed":
        failed_job(job, what)
        if job["commands"] == planned:
            if not job.get("retry", True):
                st.caption(
                    "Running the same command again would fail the same way (it rejected its input): change what the "
                    "error names, then compute it again from a shell with the command below."
                )
                st.code("; ".join(shlex.join(command) for command in artefacts_commands(run, name, commands)), language="bash")
                return
            label = "Retry"
    shown = "; ".join(shlex.join(command) for command in artefacts_commands(run, name, commands))
    if problem:
        st.warning(problem)
        st.button(label, key=f"compute_{name}", icon=":material/play_arrow:", disabled=True)
        return
    lacking = [needed for needed in artefacts.NEEDS.get(name, ()) if not artefacts.artefact_path(run, needed).is_file()]
    if lacking:  # one job per file: this one waits for the file it reads to be computed by its own job
        st.caption(f"It reads the {md_text(', '.join(lacking))} result: compute that first, then this.")
        st.button(label, key=f"compute_{name}", icon=":material/play_arrow:", disabled=True)
        return
    st.caption(
        f"{md_text(label)} runs {code(shown)} in the background ({md_text(takes)}); the other pages stay usable meanwhile."
    )
    if st.button(label, key=f"compute_{name}", icon=":material/play_arrow:"):
        try:
            start(run, name, commands)
        except OSError as err:  # a run directory this user cannot write
            st.error(
                f"Cannot start the job in {md_text(run)} ({md_text(err)}); run the command above where you can write the run."
            )
            return
        st.rerun()


def artefacts_commands(run: Path, name: str, commands: list[list[str]] | None = None) -> list[list[str]]:
    """The commands of a job of `name` as a reader would type them (`engram-probe ...`)."""
    return commands if commands is not None else artefacts.job_commands(run, name)


def failed_job(job: dict, what: str) -> None:
    """A failed job's error, whole (wrapped, never cut off), then the end of its log."""
    first, _, rest = job["message"].partition("\n")
    error = job.get("error") or first
    st.error(f"Computing the {md_text(what)} failed: {md_text(error)}")
    if error != first:
        st.caption(md_text(first))
    if rest:
        with st.expander("the end of its log", expanded=not job.get("error")):
            st.code(rest, language=None, wrap_lines=True)


def artefact_or_job(
    name: str, what: str, takes: str, commands: list[list[str]] | None = None, problem: str | None = None
) -> dict | None:
    """`shared.artefact(name, what)`; where the run lacks the file, also the way to compute it
    here (`compute_here`, with `commands` in place of the artefact's own and its `problem`)."""
    result = artefact(name, what, say_missing=commands is None)
    if result is None and not artefacts.artefact_path(run_dir(), name).is_file():
        compute_here(name, what, takes, commands=commands, problem=problem)
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
