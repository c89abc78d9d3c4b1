"""What several commands share: opening a model and resolving a corpus, with errors that name
the option; printing data safely; and the parsers every numeric option uses.

Kept apart from `probe.cli` so a command module imports it without importing the command group.

Printing: corpus text, document ids, n-grams, paths and model names are data, never markup or
terminal commands. `safe(value)` is a value to splice into our own markup (`f"[bold]{safe(path)}[/]"`),
`shown(value)` a `rich.text.Text` for a table cell or a line of its own; both drop what a
terminal would act on (`clean`).

Numbers: every numeric option parses with `Number` (one value) or `NumberList` (comma-separated
values), so each is finite and in range when the command starts, or the command stops with one
line naming the option. `number_option` declares such an option.
"""

from __future__ import annotations

import math
import os
import re
import shlex
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

# emoji=False: a `:name:` in data stays text
console = Console(emoji=False)

# --- printing data -------------------------------------------------------------------------

# What a terminal acts on instead of showing: escape sequences (CSI: cursor moves, clearing, colours,
# concealed text; OSC: window titles, hyperlinks, the clipboard; DCS, SOS, PM, APC strings), the
# other C0 controls but tab and newline, DEL, the C1 controls (some terminals read U+009B as CSI),
# and the bidirectional embeddings, overrides and isolates that reorder what is shown ("Trojan source").
CONTROLS = re.compile(
    r"""
      \x1b\[[0-?]*[ -/]*[@-~]?              # CSI: ESC [ parameters, intermediates, a final byte
    | \x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?   # OSC: ESC ] ... ended by BEL or ST (or the line, if neither comes)
    | \x1b[PX^_][^\x1b\n]*(?:\x1b\\)?        # DCS, SOS, PM, APC: ESC P|X|^|_ ... ST (likewise)
    | \x1b[ -/]*[0-~]?                     # any other escape sequence, or a lone ESC
    | [\x00-\x08\x0b-\x1f\x7f-\x9f]          # the other C0 controls, DEL, C1
    | [\u202a-\u202e\u2066-\u2069]          # bidi embeddings, overrides, isolates
    """,
    re.VERBOSE,
)
SURROGATES = re.compile("[\ud800-\udfff]")  # lone halves (JSON can carry them) cannot be encoded to print


def clean(value: Any) -> str:
    """`str(value)` without control characters, escape sequences and bidi overrides; lone
    surrogates become U+FFFD. Newlines and tabs stay."""
    return SURROGATES.sub("\ufffd", CONTROLS.sub("", str(value)))


def clean_pieces(pieces: list[str]) -> list[str]:
    """`pieces` (the tokens of one text) cleaned as the text they make up: a sequence split
    across pieces goes whole, where cleaning each piece alone would leave its tail (the title
    of an OSC, say) as visible text."""
    text = "".join(pieces)
    dropped = bytearray(len(text))
    for match in CONTROLS.finditer(text):
        dropped[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    out, start = [], 0
    for piece in pieces:
        kept = "".join(c for c, gone in zip(piece, dropped[start : start + len(piece)]) if not gone)
        out.append(SURROGATES.sub("\ufffd", kept))
        start += len(piece)
    return out


def safe(value: Any) -> str:
    """`value` to splice into rich markup: cleaned, its square brackets escaped, so a path
    like `runs/[bold]/x` prints as written."""
    return escape(clean(value))


def shown(value: Any, style: str = "") -> Text:
    """`value` as a rich Text (never read as markup), cleaned."""
    return Text(clean(value), style=style)


def quoted(value: Any, limit: int = 40) -> str:
    """A value given on the command line, cleaned, quoted as Python writes it, cut at `limit` characters."""
    text = clean(value)
    return repr(text if len(text) <= limit else text[:limit] + "…") if isinstance(value, str) else repr(value)


def command_line(*words: Any) -> str:
    """A command to copy into a shell, each word cleaned and quoted where it needs it:
    `command_line("engram-probe", "app", path)` (into markup through `safe`)."""
    return " ".join(shlex.quote(clean(word)) for word in words)


# --- numbers -------------------------------------------------------------------------------

MAX_COUNT = 2**40  # tokens, documents, rows: beyond any corpus or table this toolkit reads
MAX_SEED = 2**32 - 1  # numpy and torch take any seed in 0 .. 2**32 - 1
MAX_BATCH = 65_536  # sequences or chunks side by side
MAX_LAYER = 1023  # layer numbers, checked against the model's or run's own once it is read
MAX_ORDER = 64  # n-gram orders, likewise
MAX_WORKERS = 4096  # processes or Ray actors, and GPUs or CPUs per actor
MAX_RESAMPLES = 1_000_000  # bootstrap resamples
WHOLE = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: int() also reads "١٢" and "1_000"
REAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")  # likewise for float()
NOT_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity)", re.IGNORECASE)


class Number:
    """The parser of a numeric option (`typer.Option(parser=Number(...))`): a whole number
    (`kind=int`) or a finite real (`kind=float`) from `low` to `high`; `low_open`/`high_open`
    leave an end out. Anything else is a `typer.BadParameter`, which the command line reports in
    one line naming the option."""

    def __init__(self, kind: type = int, low: float | None = None, high: float | None = None, *, low_open=False, high_open=False):
        if kind not in (int, float):
            raise TypeError(f"kind must be int or float, not {kind!r}")
        self.kind, self.low, self.high, self.low_open, self.high_open = kind, low, high, low_open, high_open
        self.__name__ = "number"  # typer names a parser in its help

    def _bound(self, value: float) -> str:
        return str(int(value)) if self.kind is int else f"{value:g}"

    @property
    def range(self) -> str:
        """The accepted range in words, e.g. `greater than 0 and less than or equal to 1`."""
        parts = []
        if self.low is not None:
            low = self._bound(self.low)
            parts.append(f"greater than {low}" if self.low_open else f"greater than or equal to {low}")
        if self.high is not None:
            high = self._bound(self.high)
            parts.append(f"less than {high}" if self.high_open else f"less than or equal to {high}")
        return " and ".join(parts) or "finite"

    @property
    def metavar(self) -> str:
        """`INTEGER 1<=x<=65535`, `NUMBER 0<x<=1`, `INTEGER x>=0`: the kind and range, as click writes
        ranges (the bound of a mere count, MAX_COUNT, left out)."""
        name = "INTEGER" if self.kind is int else "NUMBER"
        shown_high = self.high is not None and self.high != MAX_COUNT
        low = None if self.low is None else f"{self._bound(self.low)}{'<' if self.low_open else '<='}"
        high = f"{'<' if self.high_open else '<='}{self._bound(self.high)}" if shown_high else None
        if low and high:
            return f"{name} {low}x{high}"
        if low:
            return f"{name} x{'>' if self.low_open else '>='}{self._bound(self.low)}"
        return f"{name} x{high}" if high else name

    def parse(self, value: Any, what: str = "") -> int | float:
        """One value (a string from the command line, or a default) checked; `what` names it in a list."""
        text = f"{what}{quoted(value)}"
        if isinstance(value, bool):
            raise typer.BadParameter(f"{text} is not a number")
        if self.kind is int:
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if isinstance(value, str) and WHOLE.fullmatch(value.strip()):
                if len(value.strip()) > 40:  # int() would take its time, and no range here reaches 10**40
                    raise typer.BadParameter(f"{text} is out of range: it must be {self.range}")
                value = int(value.strip())
            if not isinstance(value, int):
                raise typer.BadParameter(f"{text} is not a whole number")
        else:
            if isinstance(value, str) and NOT_FINITE.fullmatch(value.strip()):
                raise typer.BadParameter(f"{text} is not a finite number")
            if isinstance(value, str) and REAL.fullmatch(value.strip()):
                value = float(value.strip())
            if isinstance(value, int):
                value = float(value)
            if not isinstance(value, float):
                raise typer.BadParameter(f"{text} is not a number")
            if not math.isfinite(value):
                raise typer.BadParameter(f"{text} is not a finite number")
        if self.low is not None and (value <= self.low if self.low_open else value < self.low):
            raise typer.BadParameter(f"{text} is out of range: it must be {self.range}")
        if self.high is not None and (value >= self.high if self.high_open else value > self.high):
            raise typer.BadParameter(f"{text} is out of range: it must be {self.range}")
        return value

    def __call__(self, value: Any) -> int | float | None:
        return None if value is None else self.parse(value)


class NumberList:
    """The parser of a comma-separated list of numbers, each checked by `item`; `what` and
    `example` go into the message, e.g. `'0,8' must be comma-separated batch sizes ...`."""

    def __init__(self, item: Number, what: str, example: str):
        self.item, self.what, self.example = item, what, example
        self.__name__ = "numbers"

    def __call__(self, value: Any) -> list[int | float] | None:
        if value is None or isinstance(value, list):
            return value
        expected = f"{quoted(value)} must be comma-separated {self.what}, each {self.item.range}, e.g. {self.example}"
        parts = [part.strip() for part in str(value).split(",")]
        if not all(parts):
            raise typer.BadParameter(f"{expected}: an item is empty")
        try:
            return [self.item.parse(part) for part in parts]
        except typer.BadParameter as err:
            raise typer.BadParameter(f"{expected}: {err.message}") from None


def number_option(
    default: Any,
    *declarations: str,
    kind: type = int,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
    help: str,
    **options: Any,
) -> Any:
    """`typer.Option` of a number checked by `Number(kind, low, high, ...)` while the command line is parsed."""
    parser = Number(kind, low, high, low_open=low_open, high_open=high_open)
    return typer.Option(default, *declarations, parser=parser, metavar=parser.metavar, help=help, **options)


def count_option(default: Any, *declarations: str, low: int = 1, high: int = MAX_COUNT, help: str, **options: Any) -> Any:
    """A whole-number option from `low` (default 1) to `high`."""
    return number_option(default, *declarations, kind=int, low=low, high=high, help=help, **options)


def seed_option(default: Any = 0, *, help: str) -> Any:
    return number_option(default, kind=int, low=0, high=MAX_SEED, help=help)


def list_option(default: str, *declarations: str, item: Number, what: str, example: str, help: str, **options: Any) -> Any:
    """A comma-separated list of numbers, each checked by `item`; the command gets a list."""
    parser = NumberList(item, what, example)
    return typer.Option(default, *declarations, parser=parser, metavar=f"{item.metavar},...", help=help, **options)


# --- output files --------------------------------------------------------------------------


def output_target(
    path: Path | str,
    option: str,
    *,
    folder: bool = False,
    owns: str | None = None,
    overwrite: bool = True,
    make_parents: bool = True,
    stdout: bool = False,
) -> Path:
    """`path`, checked before any work as a place the option `option` writes, or one line
    naming the option, the path and the fix (a usage error, exit status 2). Refused: a link, a
    device, a folder where a file is meant, a path inside a run or checkpoint the command does
    not own (`probe.runs.exports.check_target`, which says what `folder`, `owns` and `stdout`
    allow); a file that exists, unless `overwrite`. With `make_parents`, the folders on the way
    are made when the command writes, and the nearest one that exists must be ours to write now:
    a command that works for minutes first must not find that out at the end. Without, the
    folder must exist, and the write, which then comes first, names any error of it."""
    from ..runs.exports import OutputError, check_target

    path = Path(path)
    try:
        check_target(path, folder=folder, owns=owns, stdout=stdout)
    except OutputError as err:
        raise typer.BadParameter(str(err), param_hint=option) from err
    if not overwrite and path.exists():
        raise typer.BadParameter(f"{path} exists; pass --overwrite to replace it, or another path", param_hint=option)
    parent = path.absolute() if folder else path.absolute().parent  # the folder the files go into
    if not make_parents:
        if not parent.is_dir():
            raise typer.BadParameter(f"{path.parent} is not a folder; create it first or pass another path", param_hint=option)
        return path
    existing = next(p for p in (parent, *parent.parents) if p.exists())
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise typer.BadParameter(f"{path}: cannot write into {existing}; choose a folder you can write", param_hint=option)
    return path


# --- devices ---------------------------------------------------------------------------------

DEVICE = re.compile(r"cpu|cuda(?::[0-9]{1,3})?")
DTYPES = ("float32", "bfloat16", "float16")  # the names engram_model.loading.DTYPES maps (imported late: it imports torch)


def checked_device(value: str) -> str:
    """The parser of --device: cpu, cuda or cuda:N, refused in one line where this machine
    has no such device, before any work. Only a CUDA device imports torch here."""
    if not DEVICE.fullmatch(value):
        raise typer.BadParameter(f"{quoted(value)}: use cpu, cuda or cuda:N (N a GPU index)")
    if value == "cpu":
        return value
    import torch

    if not torch.cuda.is_available():
        raise typer.BadParameter(f"{quoted(value)}: this machine has no CUDA device that torch can use; pass --device cpu")
    index = torch.device(value).index
    if index is not None and index >= torch.cuda.device_count():
        count = torch.cuda.device_count()
        raise typer.BadParameter(f"{quoted(value)}: this machine has {count} CUDA device(s), cuda:0 to cuda:{count - 1}")
    return value


def checked_dtype(value: str | None) -> str | None:
    """The parser of --dtype: one of DTYPES, or none (the checkpoint's own)."""
    if value is not None and value not in DTYPES:
        raise typer.BadParameter(f"{quoted(value)}: use {', '.join(DTYPES)}")
    return value


def device_option() -> Any:
    return typer.Option(
        "cpu",
        parser=checked_device,
        metavar="cpu|cuda|cuda:N",
        help="Where the model's backbone runs; its Engram tables stay in their tier (--tier where a command has it). "
             "On a GPU too small for the backbone, transformers spreads a bridged model over the GPUs and CPU memory.",
    )  # fmt: skip


def dtype_option() -> Any:
    return typer.Option(
        None,
        parser=checked_dtype,
        metavar="|".join(DTYPES),
        help="The backbone's floating-point type (default: the checkpoint's own); tables keep their row format, gates "
             "and losses are read in float32.",
    )  # fmt: skip


def open_model(
    model: str,
    tokenizer: Path | None = None,
    tier: str = "resident",
    prefetch: bool = False,
    device: str = "cpu",
    dtype: str | None = None,
):
    """(EngramLM, description, checkpoint directory) for a checkpoint path or bundled name
    (engram, baseline), its backbone on `device` in `dtype`. A `tokenizer` that does not fit the
    model stops here, before anything is written. Loading shows as one status line; a library's
    own console output is held back by the loader (`engram_model.bridges.qwen4_exp.quiet_transformers`)."""
    from engram_model import load_model, load_tokenizer
    from engram_model.checkpoint import CheckpointError, resolve_checkpoint
    from engram_model.tables import TableError, TierOptions

    if (Path(model) / "shards").is_dir():
        raise typer.BadParameter(
            f"{model} is a probing run, not a checkpoint; pass a checkpoint directory or a bundled name (engram, baseline)",
            param_hint="--model",
        )
    unambiguous_model(model)
    tok = load_tokenizer(tokenizer) if tokenizer is not None else None
    try:
        directory = resolve_checkpoint(model)
        with console.status(f"loading {safe(model)} ..."):
            lm = load_model(directory, device, tokenizer=tok, tier=TierOptions(tier, prefetch=prefetch), dtype=dtype)
        return lm, str(model), directory
    except TableError as err:
        raise typer.BadParameter(str(err), param_hint="--tier") from err
    except CheckpointError as err:
        raise typer.BadParameter(str(err), param_hint="--model/--tokenizer") from err


def unambiguous_model(model: str, option: str = "--model") -> None:
    """Refuse, before any work and naming the option, a bare bundled name shadowed by a folder here."""
    from engram_model.checkpoint import shadowed_bundled_name

    if problem := shadowed_bundled_name(model):
        raise typer.BadParameter(problem, param_hint=option)


def resolve_corpus(corpus: str) -> tuple[Path, str | None]:
    """(path, split): `default` is the default corpus's validation split, `default-dedup` that
    split without the paragraphs it shares with the train split (`engram_model.corpus.dedup`),
    `heldout` the held-out evaluation set (text the corpus never reads, all of it), each built on first use."""
    if corpus == "default":
        from engram_model.corpus import ensure_default_corpus

        path = ensure_default_corpus(
            lambda: console.print("building the default corpus (once; `engram-probe corpus build` rebuilds it)")
        )
        return path, "validation"
    if corpus == "default-dedup":
        from engram_model.corpus.dedup import DEDUP_SPLIT, ensure_dedup_corpus

        path = ensure_dedup_corpus(lambda: console.print("writing the default corpus's deduplicated validation split (once)"))
        return path, DEDUP_SPLIT
    if corpus == "heldout":
        from engram_model.corpus import ensure_heldout_corpus

        return ensure_heldout_corpus(lambda: console.print("building the held-out evaluation set (once)")), None
    path = Path(corpus)
    if not path.exists():
        raise typer.BadParameter(
            f"{corpus} does not exist: pass default, default-dedup, heldout, a text file, a folder, .jsonl or .parquet",
            param_hint="--corpus",
        )
    return path, None
