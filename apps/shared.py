"""What every page of the gate browser shares: the run directory, its check, cached reads.

Cached reads are keyed by the run directory and `version` (its committed shards and the
modification times of the files read), so a run that grows or is re-analysed is read again.
"""

import sys
from pathlib import Path

import pyarrow.parquet as pq
import streamlit as st

from probe import browse
from probe.runstore import RunError, committed_shards


def run_dir() -> Path:
    return Path(sys.argv[1] if len(sys.argv) > 1 else "runs/default")


def version(run: Path, *files: Path) -> tuple:
    """Changes whenever a shard is committed or one of `files` is rewritten."""
    stamps = [
        path.stat().st_mtime_ns if path.is_file() else None for path in (run / "manifest.json", run / "report.json", *files)
    ]
    return (len(committed_shards(run)), *stamps)


@st.cache_data(show_spinner="checking the run directory")
def _check(run: str, stamp: tuple) -> browse.RunCheck | str:
    try:
        return browse.check_run(run)
    except RunError as err:
        return str(err)


def check(run: Path) -> browse.RunCheck | str:
    """The run's check, or the message saying what is wrong with it."""
    return _check(str(run), version(run))


def problem_page() -> None:
    run = run_dir()
    st.title("This run directory cannot be shown")
    st.error(check(run))
    st.markdown(
        "A run directory is made by probing a corpus. Probe the default corpus with the default model, "
        "or your own text, then open the result:"
    )
    st.code(
        f"engram-probe run --out {run}\nengram-probe run --corpus my_texts/ --out {run}\nengram-probe app {run}", language="bash"
    )


def manifest() -> dict:
    return check(run_dir()).manifest


def engram_layers() -> list[int]:
    return list(manifest()["config"]["engram"]["layers"])


def missing(name: str, what: str) -> None:
    """Say that the run lacks `what` and which command writes it."""
    st.info(f"This run has no {what} yet ({browse.ARTEFACTS[name][0]} in the run directory). Produce it with:")
    st.code(browse.artefact_command(run_dir(), name), language="bash")


def artefact(name: str) -> dict | None:
    """An analysis or offload result of the run, None when absent; a corrupt file is shown as an error."""
    run = run_dir()
    try:
        return _artefact(str(run), name, version(run, browse.artefact_path(run, name)))
    except RunError as err:
        st.error(str(err))
        return None


@st.cache_data(show_spinner=False)
def _artefact(run: str, name: str, stamp: tuple) -> dict | None:
    return browse.read_artefact(run, name)


def cached(function, *args, files: tuple[Path, ...] = (), **kwargs):
    """`function(run_dir, *args, **kwargs)`, a query of probe.browse or probe, cached per run version."""
    run = run_dir()
    name = f"{function.__module__}.{function.__qualname__}"
    return _cached(function, name, str(run), version(run, *files), args, tuple(sorted(kwargs.items())))


@st.cache_data(show_spinner="querying the run")
def _cached(_function, name: str, run: str, stamp: tuple, args: tuple, kwargs: tuple):
    # functions cannot be hashed, so `name` keys the cache in their place
    return _function(run, *args, **dict(kwargs))


def parquet(relative: str):
    """A Parquet table inside the run directory, None when absent."""
    path = run_dir() / relative
    return _parquet(str(path), version(run_dir(), path)) if path.is_file() else None


@st.cache_data(show_spinner=False)
def _parquet(path: str, stamp: tuple):
    return pq.read_table(path)
