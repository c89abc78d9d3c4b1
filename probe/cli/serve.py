"""`engram-probe app RUN_DIR`: the gate browser (apps/, installed as `probe.apps`) on a run, served by Streamlit."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import Annotated

import typer

from ._common import DTYPES, checked_dtype, clean, count_option, device_option


def browser_script() -> Path:
    """The app's entry script, wherever the package is installed (a wheel or a checkout)."""
    try:
        from probe import apps
    except ModuleNotFoundError as err:  # an editable install made before apps/ was mapped to probe.apps
        raise typer.BadParameter(
            "the gate browser (probe.apps) is not installed: reinstall the package (pip install -e .)"
        ) from err
    return Path(apps.__file__).resolve().with_name("browser.py")


# `streamlit run`, with the modules every page imports loaded before the server starts (the
# first page would otherwise wait a second or more for them) and the categorizer's lexicon too:
# loaded on a page's first use, or in a thread beside the first pages, its half second of Python
# holds the lock every session's script needs, and the first link clicked waits for it; PIL draws the
# favicon; plotly loads a figure part's code when it is first drawn
SERVER = (
    "import pandas, plotly.graph_objects, PIL.ImageDraw, probe.runs.queries, probe.plots; probe.plots.draw_each_once(); "
    "from probe.categorize import categorize_many; categorize_many(['the']); "
    "from streamlit.web.cli import main; main(prog_name='streamlit')"
)


def check_address(host: str, port: int) -> None:
    """Refuse an address the server could not bind, before Streamlit starts and fails on it."""
    try:
        with socket.create_server((host, port)):
            pass
    except OSError as err:
        raise typer.BadParameter(
            f"cannot serve on {host}:{port} ({err.strerror or err}); pick a free --port or an address of this machine for --host"
        ) from err


def app_command(
    run_dir: Annotated[Path, typer.Argument(help="A run directory made by `engram-probe run`.")],
    port: int = count_option(8501, high=65535, help="Port to serve on."),
    host: Annotated[str, typer.Option(help="Address to bind; the default serves this machine only.")] = "127.0.0.1",
    device: str = device_option(),
    dtype: str | None = typer.Option(
        None,
        parser=checked_dtype,
        metavar="|".join(DTYPES),
        help="The backbone's floating-point type where a page runs the model (Try your own text, an n-gram's effects) "
        "(default: the dtype the run was probed in, so that what it computes again matches the run).",
    ),
) -> None:
    """Browse a run: gates token by token, n-grams, categories, layer similarity, offload, ablations."""
    import duckdb

    from ..runs.artefacts import check_run
    from ..runs.queries import layer_top_ngrams
    from ..runs.store import RunError

    try:
        check_run(run_dir)  # a run that breaks while it is open gets the app's own problem page instead
    except RunError as err:
        raise typer.BadParameter(str(err), param_hint="RUN_DIR") from err
    check_address(host, port)
    try:  # stored with the run's aggregates once, so the first page only reads it
        layer_top_ngrams(run_dir)
    except duckdb.Error:
        pass  # shards DuckDB cannot query: the Overview says what is wrong with them
    command = [
        sys.executable, "-c", SERVER, "run", str(browser_script()),
        "--server.address", host, "--server.port", str(port), "--server.headless", "true",
        "--browser.gatherUsageStats", "false", "--client.toolbarMode", "minimal", "--server.fileWatcherType", "none",
        "--runner.postScriptGC", "false",
        "--", str(run_dir.resolve()), "--device", device, *(["--dtype", dtype] if dtype else []),
    ]  # fmt: skip  # minimal toolbar: no Deploy button, which would reach for streamlit.io
    typer.echo(clean(f"gate browser on http://{host}:{port} for {run_dir} (Ctrl-C stops it)"))
    sys.stdout.flush()
    os.execv(sys.executable, command)  # become the server, so a signal to this process reaches it
