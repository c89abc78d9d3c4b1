"""What every page of the gate browser shares: the run directory, its check, cached reads.

Cached reads are keyed by the run directory and `version` (its committed shards and the
modification times of the files read), so a run that grows or is re-analysed is read again.
"""

import re
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from probe.plots.tokens import DEFAULT_SCALE
from probe.runs import artefacts
from probe.runs.store import RunError, committed_shards, read_manifest

# what a branch and a gate are, said the same way wherever a page shows one
BRANCH = "a branch is one hyper-connection stream of the residual, each with its own gate at every Engram layer"
GATE_CHOICE_HELP = (
    f"what shades a token: the mean of its gates over the branches ({BRANCH}), or their largest, or one branch's own gate"
)


def gate_columns(streams: int) -> dict:
    """Column settings, each with its explanation, for a table of a token's gates per layer:
    layer, mean, max and branch 0..streams-1."""
    return {
        "layer": st.column_config.NumberColumn("layer", help="an Engram layer"),
        "mean": st.column_config.NumberColumn("mean", format="%.3f", help=f"the gate (0..1): the mean over branches ({BRANCH})"),
        "max": st.column_config.NumberColumn("max", format="%.3f", help="the largest of its branches' gates"),
        **{
            f"branch {b}": st.column_config.NumberColumn(
                f"branch {b}", format="%.3f", help=f"hyper-connection stream {b}'s own gate"
            )
            for b in range(streams)
        },
    }


def run_dir() -> Path:
    return Path(sys.argv[1] if len(sys.argv) > 1 else "runs/default")


def version(run: Path, *files: Path) -> tuple:
    """Changes whenever a shard is committed or one of `files` is rewritten."""
    stamps = [
        path.stat().st_mtime_ns if path.is_file() else None for path in (run / "manifest.json", run / "report.json", *files)
    ]
    return (len(committed_shards(run)), *stamps)


@st.cache_data(show_spinner="checking the run directory")
def _check(run: str, stamp: tuple) -> artefacts.RunCheck | str:
    try:
        return artefacts.check_run(run)
    except RunError as err:
        return str(err)


# the check of this script run: a script run (a page's or a fragment's) runs in its session's script
# thread, made again for each run, so the pages' many reads of the manifest list the shards once
_this_run = threading.local()


def check(run: Path) -> artefacts.RunCheck | str:
    """The run's check, or the message saying what is wrong with it: read again once the run
    changes (see `version`). It is kept for the rest of the script run (`run_check`)."""
    result = _check(str(run), version(run))
    _this_run.check = (str(run), result)
    return result


def run_check() -> artefacts.RunCheck | str:
    """The check of `run_dir()` made in this script run (browser.py makes it first), else made now."""
    run = run_dir()
    kept = getattr(_this_run, "check", None)
    return kept[1] if kept is not None and kept[0] == str(run) else check(run)


def problem_page() -> None:
    run = run_dir()
    st.title("This run directory cannot be shown")
    st.error(md_text(run_check()))
    st.markdown(
        "A run directory is made by probing a corpus. Probe the default corpus with the default model, "
        "or your own text, then open the result:"
    )
    st.code(
        f"engram-probe run --out {run}\nengram-probe run --corpus my_texts/ --out {run}\nengram-probe app {run}", language="bash"
    )


def manifest() -> dict:
    return run_check().manifest


def engram_layers() -> list[int]:
    return list(manifest()["config"]["engram"]["layers"])


def run_model(run: str):
    """The run's model (`load_run_model`: it checks it is the model that made the run), opened
    once per checkpoint by this server and shared by every page and session (Try your own text,
    an n-gram's effects, its hash neighbours): the pages only read it."""
    info = read_manifest(Path(run)) or {}
    device, dtype = server_placement()
    return _open_model(
        str(info.get("model")), str(info.get("model_hash")), str(info.get("tokenizer_hash")), device, dtype, run
    )


def server_placement() -> tuple[str, str | None]:
    """(device, dtype) that `engram-probe app --device D --dtype T` passes the server after the
    run directory: where the run's model runs (default cpu, in the run's own dtype)."""
    options = dict(zip(sys.argv[2::2], sys.argv[3::2]))
    return options.get("--device", "cpu"), options.get("--dtype")


@st.cache_resource(show_spinner="opening the run's model", max_entries=2)
def _open_model(model: str, model_hash: str, tokenizer_hash: str, device: str, dtype: str | None, _run: str):
    # keyed by the checkpoint as the manifest identifies it (name, fingerprint, tokenizer) and where it
    # runs, not by the run: two runs of one checkpoint share it; `_run` (not hashed) is the run it is checked against
    from probe.runs.model import load_run_model  # torch: imported by the pages that run the model only

    return load_run_model(_run, device=device, dtype=dtype)


def missing(name: str, what: str) -> None:
    """Say that the run lacks `what` and which command writes it."""
    st.info(f"This run has no {what} yet ({code(artefacts.ARTEFACTS[name][0])} in the run directory). Produce it with:")
    st.code(artefacts.artefact_command(run_dir(), name), language="bash")


def artefact(name: str, what: str, say_missing: bool = True) -> dict | None:
    """An analysis or offload result of the run, None when the page cannot draw it: absent
    (said with the command that makes it, unless `say_missing` is False: the page then says
    what it offers) or corrupt or of another layout (said as an error)."""
    run = run_dir()
    try:
        result = _artefact(str(run), name, version(run, artefacts.artefact_path(run, name)))
    except RunError as err:
        st.error(md_text(err))
        return None
    if result is None and say_missing:
        missing(name, what)
    return result


@contextmanager
def drawn(name: str):
    """Draw a result's figures; a value the field check let through but the drawing cannot
    use (a list of the wrong length, a null) is an error message naming the file, not a traceback."""
    try:
        yield
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError) as err:
        path = artefacts.artefact_path(run_dir(), name)
        st.error(
            f"{md_text(path)} does not have the layout this app reads ({md_text(f'{type(err).__name__}: {err}')}); "
            f"write it again with {code(artefacts.artefact_command(run_dir(), name))}"
        )


@st.cache_data(show_spinner=False)
def _artefact(run: str, name: str, stamp: tuple) -> dict | None:
    return artefacts.read_artefact(run, name)


def cached(function, *args, files: tuple[Path, ...] = (), **kwargs):
    """`function(run_dir, *args, **kwargs)`, a query of probe.runs.queries or probe, cached per run version."""
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
        st.error(
            f"{md_text(path)} is unreadable ({md_text(err)}); "
            f"write it again with {code(artefacts.artefact_command(run_dir(), 'categories'))}"
        )
        return None
    lacking = [c for c in columns if c not in table.column_names]
    if lacking:
        st.error(
            f"{md_text(path)} lacks the columns {md_text(lacking)}: another version wrote it; "
            f"write it again with {code(artefacts.artefact_command(run_dir(), 'categories'))}"
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

CHOSEN_SCALE = "colour_scale"  # the colour scale chosen in the sidebar (apps/colour.py), carried by every link

# page -> its address in the app (st.navigation names a page by its file)
PAGES = {
    "overview": "views/overview.py",
    "documents": "views/documents.py",
    "ngrams": "views/ngrams.py",
    "categories": "views/categories.py",
    "similarity": "views/similarity.py",
    "offload": "views/offload.py",
    "ablations": "views/ablations.py",
    "try_text": "views/try_text.py",
    "search": "views/search.py",
}
_SHOWN = "_address_shown"  # this session's last run: its page, address and view, to tell a followed address from our own


def _text(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return str(value)


def _history_navigation() -> bool:
    """Whether this run is the browser's Back or Forward (Streamlit 1.67 says so; an older one may not: never then)."""
    return bool(getattr(get_script_run_ctx(), "is_history_navigation", False))


def from_address(settings: dict) -> None:
    """Set up the page's widgets, keyed by the names in `settings` ({key: (default, parser)}):
    when the address was followed (a link, Back or Forward, a new tab: the page or its address differs
    from this session's last run), a widget takes the value in the address, else its default;
    otherwise it keeps what the user set. A parser turns a parameter's text into a value the widget accepts and
    raises ValueError for one it does not; such a value is ignored with a warning saying why (the
    parameter shown as `code`, the ValueError's message as it is: Markdown, data in it through `md_text`).
    The widgets are then created with `key=` only (no default of their own); `to_address` follows."""
    address = st.query_params.to_dict()
    page = tuple(settings)  # each page reads its own parameters: their names tell the pages apart
    last = st.session_state.get(_SHOWN, {})
    followed = (page, address) != (last.get("page"), last.get("address"))
    st.session_state[_SHOWN] = {
        "page": page,
        "address": address,
        "view": None if followed else last.get("view"),
        # the browser already shows a followed address, but for a link to the page it is on: Streamlit then
        # reruns the page with the link's address and leaves the browser's as it was
        "keep": followed and not (page == last.get("page") and not _history_navigation()),
    }
    for key, (default, parse) in settings.items():
        if key in address and (followed or key not in st.session_state):
            try:
                st.session_state[key] = parse(address[key])
                continue
            except ValueError as err:
                st.warning(f"The address's {code(f'{key}={address[key]}')} is ignored: {err}.")
        if key not in st.session_state or (followed and key not in address):
            st.session_state[key] = default
        else:
            # set again as this page's own: a widget of another page with the same key, or this
            # page's hidden for a run (the n-gram page hides the table's), would take the value along
            st.session_state[key] = st.session_state[key]


def to_address(values: dict) -> None:
    """Write the page's view, its settings `values` (None leaves one out), into the address, so the view
    can be shared, with one entry in the browser's history per step (Back undoes the step, Forward redoes it):
    - an address the browser went to (a link to another page, Back or Forward, a new tab) stays as it is,
      though it may name less than the view: the rest is derived from it the same way whenever it is opened.
      Streamlit has made its history entry, and a write in the page's first run would be a second one (under
      the previous page's path, as Streamlit puts the new path in after the write);
    - a link to the page it is on leaves the browser's address as it was: the view is written, a new entry;
    - a widget that changes the view (a token clicked, a filter, the next match) writes it as a new entry, so
      Back goes back to what was shown before; a rerun that changes nothing in the view writes nothing.
    Called after `from_address`, on every run of the page."""
    view = {key: _text(value) for key, value in values.items() if value is not None}
    last = st.session_state[_SHOWN]
    if not last["keep"] and view != last["view"] and view != st.query_params.to_dict():
        st.query_params.from_dict(view)
        last["address"] = st.query_params.to_dict()
    # kept for the run that followed the address only: a fragment's rerun (the Overview's histogram) skips `from_address`
    last["view"], last["keep"] = view, False


def one_of(options):
    """A parser accepting the text of one of `options` (compared as text)."""

    def parse(text: str):
        for option in options:
            if _text(option) == text:
                return option
        raise ValueError(f"use one of {', '.join(md_text(_text(option)) for option in options)}")

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
    """A link to the view of `page` (a PAGES key) that `params` address: an <a href> (open in a new tab, copy)
    that, clicked, opens in this session, as the sidebar does: the page's state and the caches stay, where a
    plain HTML link would load the app again in a new session. Following it is one entry in the browser's
    history, whose address is `params` as given (see `to_address`). `label` is Markdown: data in it through
    `md_text` or `code`."""
    # a colour scale the reader chose goes along, so the address says what the shading means
    scale = st.session_state.get(CHOSEN_SCALE)
    scale = None if scale == DEFAULT_SCALE else scale
    address = {key: _text(value) for key, value in {"scale": scale, **params}.items() if value is not None}
    (container or st).page_link(PAGES[page], label=label, query_params=address)


def document_link(doc_id: str, position: int, layer: int | None = None, label: str = "", container=None) -> None:
    """A link opening the document viewer at `position` of `doc_id` (and `layer`)."""
    label = label or f"{md_text(doc_id)} · position {position:,}"
    page_link("documents", label, container, doc=doc_id, pos=position, layer=layer)


def ngram_link(layer: int, order: int, ngram: str, label: str, container=None) -> None:
    """A link opening the n-gram's page, its table behind it filtered to its layer and order."""
    page_link("ngrams", label, container, layer=layer, order=order, pick=f"{layer}/{order}/{ngram}")


# Markdown from data: every value read from a run (manifest fields, documents, n-grams, ids, query
# parameters, result files) that a page puts into Markdown (st.markdown, captions, alerts, titles,
# widget and metric labels, tooltips, link labels) goes through `md_text`, or through `code` for a
# value shown as inline code; anything else a page shows from data is text-only (st.text, st.code,
# st.json, dataframes, selectbox options) or HTML escaped (probe.plots).
LINE_BREAK = re.compile(r"\r\n|\r|\n")
SHOWN_LINE_BREAK = "↵"  # a line break in a value: a new line would start a heading, list, quote or paragraph
# ASCII punctuation with a meaning in Streamlit's Markdown (CommonMark, GFM tables, strikethrough and
# autolinks, math between $, :directives[...], HTML, entities): always escaped
_ALWAYS = frozenset("\\`*[]()!<>#|~$&:@")
_START = re.compile(r"\s*(?:[-+]|\d{1,9}[.)](?=\s|$))")  # where the value starts: a list marker, a rule (---)
# Streamlit links bare URLs and e-mail addresses in the text Markdown leaves (remark-gfm's
# autolink-literal transform) and turns :shortcodes: into emoji, both after the escapes are
# resolved: a word joiner (invisible, no line break) inside each of `http://`, `https://`, `www.`,
# `x@y.z` and `:name:` stops them
_AUTOLINKED = re.compile(r"(?i)(?<=http:)(?=//)|(?<=https:)(?=//)|(?<=www)(?=\.)|(?<=@)|(?<=:)(?=[a-z0-9_+-]+:)")
WORD_JOINER = "\u2060"


def md_text(value) -> str:
    """`value` (any value, as `str` gives it) for Markdown that shows it as it is, as plain text: no
    link, image, HTML, emphasis, code, math, heading, list or table, no :directive[...], and no bare
    URL or e-mail address turned into a link; line breaks shown as ↵. Each character with a Markdown
    meaning is backslash-escaped (CommonMark lets any ASCII punctuation be); `_`, `.`, `-`, `+` and `/`
    only where they can mean something (`_` outside a word, `.` after a leading number, `-` and `+`
    leading, `/` in `//` or after `material`), so paths and ids read the same in the source. Leading
    spaces and tabs become no-break spaces; a word joiner goes into `http://`, `www.`, `:name:` and after `@`."""
    text = LINE_BREAK.sub(SHOWN_LINE_BREAK, str(value))
    indent = len(text) - len(text.lstrip(" \t"))
    text = "\u00a0" * indent + text[indent:]  # no-break spaces: four spaces or a tab would start a code block
    text = _AUTOLINKED.sub(WORD_JOINER, text)
    lead = _START.match(text)
    lead_end = lead.end() if lead else 0
    shown = []
    for i, char in enumerate(text):
        before, after = text[i - 1] if i else "", text[i + 1 : i + 2]
        if (
            char in _ALWAYS
            or (char == "_" and not (before.isalnum() and after.isalnum()))  # `_` inside a word emphasises nothing
            or (char in ".-+" and i == lead_end - 1)
            or (char == "/" and ("/" in (before, after) or text[max(i - 8, 0) : i] == "material"))
        ):
            shown.append("\\")
        shown.append(char)
    return "".join(shown)


def code(value) -> str:
    """`value` as inline code in Markdown: shown as it is in a monospace font, line breaks as ↵, fenced
    by more backticks than it holds, so no backtick in it ends the code early."""
    text = LINE_BREAK.sub(SHOWN_LINE_BREAK, str(value))
    if not text:
        return "` `"  # Markdown has no empty code span
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    # CommonMark drops one space at each end when both ends have one: pad a text starting or ending
    # with a backtick (which would join the fence), or starting and ending with a space (unless all spaces)
    pad = " " if "`" in (text[0], text[-1]) or (text[0] == text[-1] == " " and text.strip(" ")) else ""
    return f"{fence}{pad}{text}{pad}{fence}"
