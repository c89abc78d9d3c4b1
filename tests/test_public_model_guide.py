"""The public-models guide's whole path, run as a new user runs it: the guide's Python block
writes a tiny random Qwen4-Exp with transformers' own classes (`save_pretrained`), then every
line of its bash block runs as a separate `engram-probe` process in that folder. Each exits 0,
prints no traceback, and keeps transformers' loading bar and kernel fall-back warnings off the
screen (what a process writes to its terminal is what it writes to stdout and stderr). The
app is served and answers its health check.

The guide is read, not copied: a command added to the guide is run here."""

from __future__ import annotations

import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("transformers")

pytestmark = pytest.mark.slow

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guides" / "public_models.md"
SECTION = "## The whole path on a tiny model"
# what the screen must never show: our own failure, and transformers' own console output
NOISE = ("Traceback", "Loading weights", "falling back to its reference", "Writing model shards")


def guide_blocks() -> tuple[str, list[str]]:
    """(the Python block, the bash block's command lines) of the guide's whole-path section."""
    text = GUIDE.read_text(encoding="utf-8")
    assert SECTION in text, f"{GUIDE.name} lost its section {SECTION!r}"
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    [python] = re.findall(r"```python\n(.*?)```", section, re.S)
    [bash] = re.findall(r"```bash\n(.*?)```", section, re.S)
    return python, [line for line in bash.splitlines() if line.strip()]


PYTHON, COMMANDS = guide_blocks()
MODEL_COMMANDS = [line for line in COMMANDS if line.startswith("engram-probe ") and not line.startswith("engram-probe app ")]


def engram_probe(line: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess:
    """One guide line as its own process, the installed entry point's module run by this Python."""
    words = shlex.split(line)
    assert words[0] == "engram-probe"
    return subprocess.run(
        [sys.executable, "-m", "probe", *words[1:]], cwd=cwd, capture_output=True, text=True, timeout=timeout,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "HOME": str(cwd), "PYTHONIOENCODING": "utf-8"},
    )  # fmt: skip


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    """The guide's folder after its Python block (`python tiny_qwen.py`) ran."""
    folder = tmp_path_factory.mktemp("guide")
    (folder / "tiny_qwen.py").write_text(PYTHON, encoding="utf-8")
    assert COMMANDS[0] == "python tiny_qwen.py"
    done = subprocess.run([sys.executable, "tiny_qwen.py"], cwd=folder, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (folder / "tiny-qwen" / "config.json").is_file()
    return folder


@pytest.fixture(scope="module")
def outputs(workdir) -> dict[str, subprocess.CompletedProcess]:
    """Every model command of the guide, in its order (`top` reads what `run` wrote)."""
    return {line: engram_probe(line, workdir) for line in MODEL_COMMANDS}


def test_the_guide_runs_every_command_that_takes_a_model():
    named = {shlex.split(line)[1] for line in MODEL_COMMANDS} | {" ".join(shlex.split(line)[1:3]) for line in MODEL_COMMANDS}
    for command in ("run", "top", "show", "export", "gates", "categorize", "lens", "similarity", "ablate", "evaluate",
                    "offload rowstats", "offload traffic", "offload plan"):  # fmt: skip
        assert command in named, f"the guide's whole path leaves out `engram-probe {command}`"
    assert any(line.startswith("engram-probe app ") for line in COMMANDS)


@pytest.mark.parametrize("line", MODEL_COMMANDS)
def test_each_command_exits_0_quietly(outputs, line):
    done = outputs[line]
    assert done.returncode == 0, f"{line}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    screen = done.stdout + done.stderr
    for noise in NOISE:
        assert noise not in screen, f"{line} printed {noise!r}:\n{screen[-3000:]}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_the_app_serves_the_run_quietly(workdir, outputs):
    [line] = [line for line in COMMANDS if line.startswith("engram-probe app ")]
    assert outputs  # the run it serves was made by the guide's `run`
    port = free_port()
    words = shlex.split(line)[1:] + ["--port", str(port)]
    server = subprocess.Popen(
        [sys.executable, "-m", "probe", *words], cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(workdir)},
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120  # a bound for a server that never starts, not a speed check
        while True:
            assert server.poll() is None, server.stdout.read()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=5) as reply:
                    assert reply.read() == b"ok"
                    break
            except OSError:
                assert time.monotonic() < deadline, "the app never answered its health check"
                time.sleep(0.5)
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=60)
    for noise in NOISE:
        assert noise not in output, f"the app server printed {noise!r}:\n{output[-3000:]}"
