"""`engram-probe app RUN_DIR`: the gate browser (apps/browser.py) on a run, served by Streamlit."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

BROWSER = Path(__file__).resolve().parent.parent / "apps" / "browser.py"


def app_command(
    run_dir: Annotated[Path, typer.Argument(help="A run directory made by `engram-probe run`.")],
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to serve on.")] = 8501,
    host: Annotated[str, typer.Option(help="Address to bind; the default serves this machine only.")] = "127.0.0.1",
) -> None:
    """Browse a run: gates token by token, n-grams, categories, layer similarity, offload, ablations."""
    if not BROWSER.is_file():
        raise typer.BadParameter(f"{BROWSER} is missing: the app runs from a source checkout (pip install -e .)")
    # a bad run directory is not refused here: the app shows what is wrong with it and how to make a valid one
    command = [
        sys.executable, "-m", "streamlit", "run", str(BROWSER),
        "--server.address", host, "--server.port", str(port), "--server.headless", "true",
        "--browser.gatherUsageStats", "false", "--", str(run_dir.resolve()),
    ]  # fmt: skip
    typer.echo(f"gate browser on http://{host}:{port} for {run_dir} (Ctrl-C stops it)")
    sys.stdout.flush()
    os.execv(sys.executable, command)  # become the server, so a signal to this process reaches it
