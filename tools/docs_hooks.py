"""MkDocs hooks (mkdocs.yml `hooks:`) for the documentation site.

- `reference/cli.md` is written at build time from the Typer app itself: every command's and
  sub-command's `--help`, as `engram-probe` prints it, so the reference cannot fall behind
  the code. It runs in a child process (the commands' modules are imported there, not in
  MkDocs), with a fixed terminal width so the text does not depend on who builds.
- `benchmarks/results/` is served under `results/`, so the pages rendered by
  `tools/render_docs.py` link the very files they quote.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
CLI_PAGE = "reference/cli.md"
WIDTH = 100

# Runs in the child: the command tree of `probe.cli:app`, each node's --help text, as JSON.
HELP_SCRIPT = r"""
import json, sys
import typer.main
from typer.testing import CliRunner
from probe.cli import app

root = typer.main.get_command(app)
runner = CliRunner()

def resolve(cmd):
    load = getattr(cmd, "load", None)  # probe.cli.LazyCommand: import the module it names
    return load() if load else cmd

def walk(cmd, path):
    result = runner.invoke(app, [*path, "--help"], prog_name="engram-probe")
    if result.exit_code != 0:
        sys.exit(f"engram-probe {' '.join(path)} --help failed: {result.output}")
    yield {"path": path, "help": result.output}
    if hasattr(cmd, "list_commands"):  # a group (Typer vendors its own click: test by behaviour)
        ctx = cmd.context_class(cmd)
        for name in cmd.list_commands(ctx):
            yield from walk(resolve(cmd.get_command(ctx, name)), [*path, name])

json.dump(list(walk(root, [])), sys.stdout)
"""


def command_tree() -> list[dict]:
    # plain click-style help (TYPER_USE_RICH=0): option tables drawn in boxes wrap badly on a page
    env = {**os.environ, "TYPER_USE_RICH": "0", "TERMINAL_WIDTH": str(WIDTH), "COLUMNS": str(WIDTH), "NO_COLOR": "1",
           "TERM": "dumb"}
    env.pop("FORCE_COLOR", None)
    done = subprocess.run([sys.executable, "-c", HELP_SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"could not render the CLI reference from probe.cli:app:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout)


def cli_markdown() -> str:
    lines = [
        "# Command line reference",
        "",
        "Every command of `engram-probe` with its `--help`, generated from the Typer app",
        "(`probe.cli:app`) each time the site is built. The [guides](../guides/probing.md) say",
        "what the commands are for; bad input ends in one line on stderr with exit status 1, and an",
        "option out of range in Typer's usage message with exit status 2.",
        "",
    ]
    for node in command_tree():
        path = node["path"]
        level = "##" if len(path) <= 1 else "###"
        title = "engram-probe" + "".join(f" {p}" for p in path)
        lines += [f"{level} `{title}`", "", "```text", node["help"].rstrip().replace("```", "'''"), "```", ""]
    return "\n".join(lines)


def on_files(files: Files, config) -> Files:
    files.append(File.generated(config, CLI_PAGE, content=cli_markdown()))
    for path in sorted(RESULTS.iterdir()):
        if path.is_file():
            files.append(File.generated(config, f"results/{path.name}", abs_src_path=str(path)))
    return files
