"""What every page of the gate browser shares: the run directory, its check, cached reads.

Cached reads are keyed by the run directory and `version` (its committed shards and the
modification times of the files read), so a run that grows or is re-analysed is read again.
"""

import re
import sys
from contextlib import contextmanager
from pathlib import Path

import pyarrow as pa
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


def artefact(name: str, what: str) -> dict | None:
    """An analysis or offload result of the run, None when the page cannot draw it: absent
    (said with the command that makes it) or corrupt or of another layout (said as an error)."""
    run = run_dir()
    try:
        result = _artefact(str(run), name, version(run, browse.artefact_path(run, name)))
    except RunError as err:
        st.error(str(err))
        return None
    if result is None:
        missing(name, what)
    return result


@contextmanager
def drawn(name: str):
    """Draw a result's figures; a value the field check let through but the drawing cannot
    use (a list of the wrong length, a null) is an error message naming the file, not a traceback."""
    try:
        yield
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError) as err:
        path = browse.artefact_path(run_dir(), name)
        st.error(
            f"{path} does not have the layout this app reads ({type(err).__name__}: {err}); "
            f"write it again with `{browse.artefact_command(run_dir(), name)}`"
        )


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


def parquet(relative: str, columns: tuple[str, ...] = ()):
    """A Parquet table inside the run directory, None when absent or, said as an error with
    what to do, unreadable or without one of `columns`."""
    path = run_dir() / relative
    if not path.is_file():
        return None
    try:
        table = _parquet(str(path), version(run_dir(), path))
    except (OSError, pa.ArrowException) as err:
        st.error(f"{path} is unreadable ({err}); write it again with `{browse.artefact_command(run_dir(), 'categories')}`")
        return None
    lacking = [c for c in columns if c not in table.column_names]
    if lacking:
        st.error(
            f"{path} lacks the columns {lacking}: another version wrote it; "
            f"write it again with `{browse.artefact_command(run_dir(), 'categories')}`"
        )
        return None
    return table


@st.cache_data(show_spinner=False)
def _parquet(path: str, stamp: tuple):
    return pq.read_table(path)


def _icon():
    """The favicon, drawn here: an emoji or icon name would be fetched from a server elsewhere."""
    from PIL import Image, ImageDraw

    icon = Image.new("RGBA", (32, 32), (0, 0, 0, 0))
    draw = ImageDraw.Draw(icon)
    for x, colour in enumerate(("#fed976", "#fd8d3c", "#e31a1c", "#800026")):
        draw.rectangle((1 + 8 * x, 31 - 7 * (x + 1), 7 + 8 * x, 31), fill=colour)  # four rising gate bars
    return icon


ICON = _icon()

# page -> its address in the app (st.navigation names a page by its file)
PAGES = {
    "overview": "views/overview.py",
    "documents": "views/documents.py",
    "ngrams": "views/ngrams.py",
    "categories": "views/categories.py",
    "similarity": "views/similarity.py",
    "offload": "views/offload.py",
    "ablations": "views/ablations.py",
}
_WRITTEN = "_address_written"  # the query parameters this session last wrote, to tell a followed link from our own


def _text(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return str(value)


def from_address(settings: dict) -> None:
    """Set up the page's widgets, keyed by the names in `settings` ({key: (default, parser)}):
    on a page's first run, and whenever a link has changed the address since the page last
    wrote it, a widget takes the value in the address, else its default; otherwise it keeps
    what the user set. A parser turns a parameter's text into a value the widget accepts and
    raises ValueError for one it does not; such a value is ignored with a warning saying why.
    The widgets are then created with `key=` only (no default of their own)."""
    address = st.query_params.to_dict()
    followed = address != st.session_state.get(_WRITTEN)
    for key, (default, parse) in settings.items():
        if key in address and (followed or key not in st.session_state):
            try:
                st.session_state[key] = parse(address[key])
                continue
            except ValueError as err:
                st.warning(f"The address's `{key}={address[key]}` is ignored: {err}.")
        if key not in st.session_state or (followed and key not in address):
            st.session_state[key] = default
        else:
            # set again as this page's own: a widget of another page with the same key, or this
            # page's hidden for a run (the n-gram page hides the table's), would take the value along
            st.session_state[key] = st.session_state[key]


def to_address(values: dict) -> None:
    """Write the page's settings into the address (None leaves a setting out), so the view can be shared."""
    written = {key: _text(value) for key, value in values.items() if value is not None}
    if st.query_params.to_dict() != written:
        st.query_params.from_dict(written)
    st.session_state[_WRITTEN] = written


def one_of(options):
    """A parser accepting the text of one of `options` (compared as text)."""

    def parse(text: str):
        for option in options:
            if _text(option) == text:
                return option
        raise ValueError(f"use one of {', '.join(map(_text, options))}")

    return parse


def some_of(options):
    """A parser accepting a comma-separated list of `options`."""
    single = one_of(options)
    return lambda text: [single(part) for part in text.split(",") if part]


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError("it is not a whole number") from None


def flag(text: str) -> bool:
    return one_of([True, False])(text)


def page_link(page: str, label: str, container=None, **params) -> None:
    """A link to the view of `page` (a PAGES key) that `params` address. It opens in this
    session, as the sidebar does: the page's state and the caches stay, where an HTML link
    would load the app again in a new session. `label` is Markdown (see `code`)."""
    address = {key: _text(value) for key, value in params.items() if value is not None}
    (container or st).page_link(PAGES[page], label=label, query_params=address)


def document_link(doc_id: str, position: int, layer: int | None = None, label: str = "", container=None) -> None:
    """A link opening the document viewer at `position` of `doc_id` (and `layer`)."""
    label = label or f"{markdown_text(doc_id)} · position {position:,}"
    page_link("documents", label, container, doc=doc_id, pos=position, layer=layer)


def ngram_link(layer: int, order: int, ngram: str, label: str, container=None) -> None:
    """A link opening the n-gram's page, its table behind it filtered to its layer and order."""
    page_link("ngrams", label, container, layer=layer, order=order, pick=f"{layer}/{order}/{ngram}")


def code(text: str) -> str:
    """`text` as inline code in Markdown, fenced by more backticks than it holds."""
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    return f"{fence} {text} {fence}"  # the spaces let the text start or end with a backtick


def markdown_text(text: str) -> str:
    """`text` shown as it is in Markdown: its punctuation escaped."""
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|<>~$])", r"\\\1", text)
