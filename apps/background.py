"""Results a page lacks, computed from the app: the command that writes the file runs as a
background job of the run, while every page stays usable.

A job is the artefact's own command (`probe.runs.artefacts.job_commands`, the CLI run as
`python -m probe` of this installation) started by a small supervisor process of its own
session, so it outlives the Streamlit script run and the browser tab that started it. The
supervisor gets its commands from the app that starts it, on its stdin, and keeps them in
memory: the run directory only reports how a job is doing, so whoever can write the run cannot
make the app run a command. The report lives in the run, so a rerun, another page or another
session sees it:

    RUN/.jobs/NAME.json   {"name", "commands" (as started, for the reader), "state": running|done|failed,
                           "pid" and "pid_start_time" (the supervisor), "command_pid" (the command running now,
                           the leader of its own process group), "started", "ended",
                           "message", "error" (a failure's message as the command said it, whole), "retry"
                           (whether running the same commands again can end otherwise)}
    RUN/.jobs/NAME.log    what the commands print (rich progress bars included, drawn as on a terminal)
    RUN/.jobs/NAME.lock   held while a job is started or its state written: one job per result file

A process is named by its pid together with its start time (Linux's /proc), so a reused pid is
never taken for a job's. Nothing is written or read in RUN/.jobs through a symbolic link
(`engram_model.files`), and a state file this app did not write is named, never trusted.

The commands write their result atomically, so a page never reads a half-written file; the
state says `done` only once the file is there.
"""

from __future__ import annotations

import ctypes
import fcntl
import json
import math
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import streamlit as st
from probe.apps.shared import artefact, code, md_text, run_dir

from engram_model.files import LinkedPathError, open_inside, refuse_links, write_atomically
from probe.runs import artefacts

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
LOG_READ_BYTES = 1 << 20  # what a page reads of a log: its end, where the last error is
MAX_STATE_BYTES = 1 << 20  # a state this app writes is a few kB; a larger file is not one
PR_SET_PDEATHSIG = 1  # prctl option (linux/prctl.h): the signal a process gets when its parent dies
_started: dict[int, subprocess.Popen] = {}  # this process's supervisors, polled so a finished one is reaped


class JobStateError(ValueError):
    """A job's state file is not one this app writes: malformed, cut short or of the wrong types."""


def state_path(run: Path, name: str) -> Path:
    return Path(run) / JOBS / f"{name}.json"


def log_path(run: Path, name: str) -> Path:
    return Path(run) / JOBS / f"{name}.log"


@contextmanager
def _locked(run: Path, name: str):
    """Held while a job of `name` is started or its state rewritten, across processes."""
    run = Path(run)
    refuse_links(run, run / JOBS)
    (run / JOBS).mkdir(parents=True, exist_ok=True)
    handle = open_inside(run, run / JOBS / f"{name}.lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing it releases the lock


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat from the third on (state, ppid, pgrp, ...), None when the
    process is gone or has ended without being reaped (a zombie)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()  # the name, in (), may hold anything
    except (OSError, IndexError):
        return None
    return None if fields[0] in ("Z", "X") else fields


def running_since(pid: int) -> int | None:
    """When process `pid` started (clock ticks since boot, /proc/PID/stat field 22), None when it
    does not run. With its pid it names one process: pids are reused, the pair is not."""
    fields = _stat(pid)
    return int(fields[19]) if fields else None


def _is_running(pid: int | None, since: int | None) -> bool:
    """Whether the process `pid` that started at `since` still runs (never a later process given
    the same pid; unknown when `since` is unknown)."""
    if pid in _started and _started[pid].poll() is not None:  # polling also reaps this process's own
        return False
    return pid is not None and since is not None and running_since(pid) == since


def left_running(job: dict) -> list[int]:
    """The processes a job's command left running after its supervisor died: those of the
    command's process group (`command_pid`) in the supervisor's session (`pid`). The kernel never
    gives a process a pid still in use as a group's or a session's id, so these are the job's own,
    whatever else the state file says."""
    group, session = job.get("command_pid"), job["pid"]
    if group is None or session is None or running_since(session) is not None:  # a live leader: not the dead supervisor
        return []
    left = []
    for entry in Path("/proc").iterdir():
        fields = _stat(int(entry.name)) if entry.name.isdigit() else None
        if fields and int(fields[2]) == group and int(fields[3]) == session:
            left.append(int(entry.name))
    return left


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _seconds(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0


def _commands(value) -> bool:
    return isinstance(value, list) and all(
        isinstance(command, list) and command and all(isinstance(part, str) for part in command) for command in value
    )


# key: (what its value must be, as a message says it; the check; whether every state has it)
STATE_FIELDS = {
    "name": ("a string", lambda v: isinstance(v, str), True),
    "commands": ("a list of commands, each a non-empty list of strings", _commands, True),
    "state": ("one of running, done, failed", lambda v: v in ("running", "done", "failed"), True),
    "pid": ("a process id or null", lambda v: v is None or (_whole(v) and v > 0), True),
    "started": ("a time in seconds", _seconds, True),
    "message": ("a string", lambda v: isinstance(v, str), True),
    "pid_start_time": ("a start time in clock ticks or null", lambda v: v is None or _whole(v), False),
    "command_pid": ("a process id", lambda v: _whole(v) and v > 0, False),
    "ended": ("a time in seconds or null", lambda v: v is None or _seconds(v), False),
    "error": ("a string", lambda v: isinstance(v, str), False),
    "retry": ("true or false", lambda v: isinstance(v, bool), False),
    "exit_status": ("a whole number or null", lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool)), False),
}


def state_problem(job) -> str | None:
    """What keeps `job` (a parsed state file) from being a state this app writes, None if nothing."""
    if not isinstance(job, dict):
        return f"it holds a JSON {type(job).__name__}, not an object"
    for key, (kind, fits, required) in STATE_FIELDS.items():
        if key not in job:
            if required:
                return f"it has no {key!r}"
        elif not fits(job[key]):
            return f"its {key!r} is {json.dumps(job[key])[:80]}, not {kind}"
    return None


def _read_state(run: Path, name: str) -> dict | None:
    """The job's state file, checked: None when there is none, JobStateError naming the file
    and what is wrong with it, LinkedPathError when it is a symbolic link."""
    path = state_path(run, name)
    try:
        handle = open_inside(Path(run), path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO put there reads empty, not forever
    except FileNotFoundError:
        return None
    try:
        with open(handle, "rb") as file:
            data = file.read(MAX_STATE_BYTES + 1)
        if len(data) > MAX_STATE_BYTES:
            raise ValueError(f"it is over {MAX_STATE_BYTES:,} bytes")
        job = json.loads(data)
        problem = state_problem(job)
    except (OSError, ValueError, RecursionError) as err:  # ValueError: JSONDecodeError and UnicodeDecodeError
        problem = str(err) or type(err).__name__
    if problem is not None:
        raise JobStateError(
            f"{path} is not a job state this app wrote ({problem}); delete it to start over (it only reports on a job)"
        )
    return job


def _write_state(run: Path, name: str, job: dict) -> None:
    write_atomically(state_path(run, name), (json.dumps(job, indent=2) + "\n").encode(), inside=Path(run))


def read_job(run: Path, name: str) -> dict | None:
    """The job's state, None when none was started (JobStateError or LinkedPathError, each
    naming the file, when its state file is not one this app wrote). A job marked running whose
    supervisor is gone (the machine restarted, the process was killed) is reported failed once
    nothing of its command runs; until then it is running, with the processes left named, so
    a retry never writes beside them."""
    job = _read_state(run, name)
    if job is None or job["state"] != "running" or _is_running(job["pid"], job.get("pid_start_time")):
        return job
    left = left_running(job)
    if left:
        return {
            **job,
            "message": f"its supervisor is gone, but what its command started still runs (process {', '.join(map(str, left))}); "
            f"it is done when they end, or stop them with `kill -- -{job['command_pid']}`",
        }
    job = _read_state(run, name)  # read again: the supervisor may have finished between the two reads
    if job is None or job["state"] != "running" or _is_running(job["pid"], job.get("pid_start_time")):
        return job
    return {
        **job,
        "state": "failed",
        "message": "the job stopped without finishing (its process is gone)\n" + log_tail(run, name),
        "error": "the job stopped without finishing: its process is gone (killed, or the machine restarted)",
        "retry": True,
    }


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
    is returned): never two jobs for the same file. The commands are planned here, from the
    app's own knowledge, and handed to the supervisor: a retry never runs what a state file says."""
    run = Path(run)
    with _locked(run, name):
        job = read_job(run, name)
        if job is not None and job["state"] == "running":
            return job
        job = {"name": name, "commands": planned_commands(run, name, commands), "state": "running", "started": time.time()}
        job |= {"ended": None, "message": ""}
        os.close(open_inside(run, log_path(run, name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK))  # a new log
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "probe.apps.background", str(run), name],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # not stopped by a signal to the app's process group
        )
        _started[supervisor.pid] = supervisor
        with supervisor.stdin:
            supervisor.stdin.write(json.dumps(job).encode())
        job |= {"pid": supervisor.pid, "pid_start_time": running_since(supervisor.pid)}
        _write_state(run, name, job)
    return job


def wait(run: Path, name: str) -> dict:
    """Block until the job this process started ends; its final state."""
    job = read_job(run, name)
    if job and job.get("pid") in _started:
        _started[job["pid"]].wait()
    return read_job(run, name)


def _log_end(run: Path, name: str, size: int) -> bytes:
    """The last `size` bytes of the job's log, b"" when it has none (never read through a link)."""
    try:
        with open(open_inside(Path(run), log_path(run, name), os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            handle.seek(0, os.SEEK_END)
            handle.seek(max(handle.tell() - size, 0))
            return handle.read()
    except OSError:
        return b""


def log_tail(run: Path, name: str, lines: int | None = LOG_TAIL_LINES) -> str:
    """The last lines of the job's log (all a page reads of it with `lines=None`) as a terminal shows them:
    each progress bar's redraws (carriage returns) collapsed to its last state, escape codes removed."""
    text = _log_end(run, name, LOG_READ_BYTES).decode(errors="replace")  # bytes: read_text would turn each \r into a line
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
    text = ANSI.sub("", _log_end(run, name, 4096).decode(errors="replace"))  # the last redraws are enough
    found = PROGRESS.findall(text)
    return min(int(found[-1]), 100) / 100 if found else None


def supervise(run: Path, name: str, job: dict) -> None:
    """Run `job`'s commands (handed over by `start`, never read back from the run) one after
    another into its log, reporting each command's process as it starts, then record how it ended."""
    job = {**job, "pid": os.getpid(), "pid_start_time": running_since(os.getpid())}  # as `start` reports it
    status = None
    try:
        state, message, status = _run_commands(run, name, job)
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
    with _locked(run, name):  # `start` holds it until its own report of this job is written: this one comes after
        _write_state(run, name, {**job, **ended})


def _run_commands(run: Path, name: str, job: dict) -> tuple[str, str, int | None]:
    """("done", "", 0) once `name`'s preparation (`artefacts.PREPARE`) is written and every command
    exits 0, else ("failed", which command and its exit status, the exit status)."""
    with open(open_inside(run, log_path(run, name), os.O_WRONLY | os.O_APPEND | os.O_CREAT), "ab") as log:
        if name in artefacts.PREPARE:
            log.write(f"preparing the input of {name}\n".encode())
            log.flush()
            log.write(f"wrote {artefacts.PREPARE[name](run)}\n".encode())
        for command in job["commands"]:
            log.write(f"$ {shlex.join(command)}\n".encode())
            log.flush()
            # A supervisor killed with -9 runs no code of its own, so only the kernel can stop its command
            # then: PR_SET_PDEATHSIG kills the command the moment the supervisor dies (no watchdog process,
            # which could itself be killed). What the command starts in turn (a sweep's workers) stays in its
            # process group, which `read_job` finds (`left_running`) and reports running until it ends:
            # never killed on the word of a state file, which anyone who can write the run can forge.
            process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, **TERMINAL},
                process_group=0,  # the command leads a group of its own: one kill stops all it started
                preexec_fn=_dies_with(os.getpid()),
            )
            with _locked(run, name):
                _write_state(run, name, {**job, "command_pid": process.pid})
            status = process.wait()
            if status != 0:
                how = f"was killed by signal {-status}" if status < 0 else f"ended with exit status {status}"
                return "failed", f"`{shlex.join(command)}` {how}", status
    return "done", "", 0


def _dies_with(parent: int):
    """What a command of the supervisor `parent` runs before it starts (`preexec_fn`, Linux): the
    kernel is to kill it when its parent dies, however the parent dies."""
    libc = ctypes.CDLL(None, use_errno=True)  # loaded here: between fork and exec only the call itself runs

    def arrange() -> None:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the supervisor died before that call: nothing would kill this command
            os._exit(1)

    return arrange


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
    try:
        job = read_job(run, name)
    except (JobStateError, LinkedPathError) as err:  # the app's own files in the run, tampered with
        st.error(f"The {md_text(what)} cannot be computed here: {md_text(err)}")
        return
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
        except (JobStateError, LinkedPathError) as err:  # the app's own files in the run, tampered with
            st.error(f"Cannot start the job: {md_text(err)}")
            return
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
        try:
            job = read_job(run, name)
            fraction, log = progress(run, name), log_tail(run, name)
        except (JobStateError, LinkedPathError):  # the whole page says what is wrong with its files
            job = None
        if job is None or job["state"] != "running":
            st.rerun()  # the whole page again: with the result, or with the failure
        elapsed = f"{time.time() - job['started']:,.0f} s"
        if fraction is None:  # no bar printed yet (loading the model, reading the corpus): time only
            st.status(f"Computing the {md_text(what)}: {elapsed} so far", state="running")
        else:
            st.progress(fraction, text=f"Computing the {md_text(what)}: {fraction:.0%} · {elapsed} so far")
        if job["message"]:  # a running job's message: its supervisor is gone, what it left still runs
            st.warning(md_text(job["message"]))
        with st.expander("log"):
            st.code(log or " ", language=None)

    running()


if __name__ == "__main__":  # the supervisor `start` runs: its job (commands included) comes on stdin
    supervise(Path(sys.argv[1]), sys.argv[2], json.load(sys.stdin))
