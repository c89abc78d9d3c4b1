"""Corpus text, document ids, model names and paths are data: `run`, `top`, `show`, `gates`,
`export` and the error messages print them without a terminal acting on them (escape sequences,
C0/C1 controls, bidi overrides) and without rich reading them as markup (`[bold]`, `[/x]`,
`[link=...]`), and a path that looks like markup neither breaks a run after it committed nor
prints a command that names another path."""

import json
import re
import shlex

import pytest
from typer.testing import CliRunner

from engram_model import save_model
from probe.cli import app
from probe.cli._common import clean, command_line, safe, shown

# what a terminal acts on: any escape sequence, C0 but tab and newline, DEL, C1, bidi embeddings/overrides/isolates
ACTED_ON = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# each payload: (text put in the corpus, a word that must still be shown, text that must not be)
PAYLOADS = [
    ("\x1b[2J\x1b[3J\x1b[Hcleared", "cleared", None),  # clear the screen and the scrollback, cursor home
    ("\x1b]0;pwned-title\x07titled", "titled", "pwned-title"),  # window title (OSC 0, BEL)
    ("\x1b]2;pwned-two\x1b\\titled2", "titled2", "pwned-two"),  # window title (OSC 2, ST)
    ("\x1b]8;;https://hidden.example/\x1b\\clickme\x1b]8;;\x1b\\", "clickme", "hidden.example"),  # a hidden hyperlink
    ("\x1b]52;c;cm0gLXJmIH4=\x07copied", "copied", "cm0gLXJmIH4"),  # write the clipboard
    ("\x1b[8mconcealed\x1b[28m", "concealed", None),  # concealed text: shown, as plain text
    ("\x1bP+q544e\x1b\\dcs", "dcs", "544e"),  # a device control string
    ("\x1b[6n\x1b[21tqueried", "queried", None),  # terminal reports typed back into the shell
    ("\x9b2J\x9d0;c1title\x9cc1", "c1", None),  # 8-bit CSI, OSC, ST
    ("abc\u202edcba\u202c \u2066iso\u2069", "dcba", None),  # Trojan-source reordering
    ("back\x08\x08\x08\x08over\rcarriage", "carriage", None),  # backspaces and a carriage return rewrite the line
    ("bell\x07\x00nul\x7fdel", "nul", None),
]
MARKUP = ["[bold]bold-text[/bold]", "[/x]", "[link=https://markup.example]linked[/link]", "[red on black]red[/]", ":warning:"]
ENV = {"COLUMNS": "400", "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None}


def hostile_text(i: int) -> str:
    """A document mixing every payload and every markup-like string with plain words, repeated
    so its n-grams reach `top`'s minimum count."""
    parts = [payload for payload, _, _ in PAYLOADS] + MARKUP + [f"plain words number {i}."]
    return " ".join(parts * 4)


HOSTILE_IDS = ["id\x1b[2J[bold]one[/bold]", "id\x1b]0;pwned-id\x07two", "id[/x]three", "id\u202eruof", "id[link=x]five"]


@pytest.fixture(scope="module")
def hostile(model, tmp_path_factory):
    """A checkpoint in a folder whose name is markup, and a JSONL corpus of hostile texts and ids."""
    root = tmp_path_factory.mktemp("hostile")
    checkpoint = save_model(model, root / "ckpt[bold]x[/bold]")
    corpus = root / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": i, "text": hostile_text(n)}) + "\n" for n, i in enumerate(HOSTILE_IDS)))
    return root, checkpoint, corpus


def invoke(*args) -> tuple[int, str, BaseException | None]:
    result = CliRunner().invoke(app, [str(a) for a in args], env=ENV)
    return result.exit_code, result.output, result.exception


def assert_inert(output: str, whole_text: bool = True) -> None:
    """Nothing a terminal would act on, no markup error; where whole texts are shown, no payload
    that was inside a sequence either (an n-gram column shows fragments of a sequence, each
    control character written out as `\x1b`, so the words of a payload can show there)."""
    assert not ACTED_ON.search(output), repr(ACTED_ON.search(output).group())
    for _, _, hidden in PAYLOADS:
        assert not whole_text or hidden is None or hidden not in output, (hidden, output)
    assert "MarkupError" not in output and "Traceback" not in output


@pytest.fixture(scope="module")
def hostile_run(hostile):
    root, checkpoint, corpus = hostile
    out = root / "runs" / "[test]" / "r\x1b]0;pwned-path\x07[/x][link=https://evil.example]1"
    code, output, exception = invoke("run", "--model", checkpoint, "--corpus", corpus, "--out", out, "--summary", "20")
    return out, code, output, exception


def test_run_commits_and_prints_hostile_text_paths_and_ids_as_data(hostile_run, hostile):
    out, code, output, exception = hostile_run
    assert code == 0 and exception is None, (output, exception)
    assert (out / "manifest.json").is_file()
    assert_inert(output, whole_text=False)
    flat = " ".join(output.split())
    assert clean(out) in flat  # the run directory, as written (without its control characters)
    assert "[bold]x[/bold]" in flat  # the model's path: markup shown, not applied
    # the command to browse it names this directory, quoted for a shell
    command = next(line for line in output.splitlines() if line.startswith("browse it:")).removeprefix("browse it:").strip()
    assert shlex.split(command) == ["engram-probe", "app", clean(out)]


def test_top_prints_hostile_ngrams_and_contexts_as_data(hostile_run):
    out, *_ = hostile_run
    code, output, exception = invoke("top", out, "--n", "200", "--min-count", "1", "--examples", "3")
    assert code == 0 and exception is None, output
    assert_inert(output, whole_text=False)
    shown_text = " ".join(output.replace("│", " ").split())
    for word in ("cleared", "titled", "clickme", "concealed", "queried", "carriage"):
        assert word in shown_text, word
    assert "[bold]" in shown_text or "[/bold]" in shown_text or "bold-text" in shown_text


@pytest.mark.parametrize("doc_id", HOSTILE_IDS)
def test_show_prints_a_hostile_document_and_its_id_as_data(hostile_run, doc_id):
    out, *_ = hostile_run
    code, output, exception = invoke("show", out, doc_id)
    assert code == 0 and exception is None, output
    assert_inert(output)
    flat = " ".join(output.split())
    assert clean(doc_id) in flat  # the id as written, markup included
    for word in ("cleared", "clickme", "concealed", "carriage", "[bold]bold-text[/bold]", "[/x]", ":warning:"):
        assert word in flat, word
    assert "⚠" not in output  # an emoji code in the text stays text


@pytest.mark.parametrize(
    "args",
    [
        ["show", "{run}", "no\x1b[2Jsuch\x1b]0;pwned-title\x07[/x]doc"],
        ["show", "{run}", HOSTILE_IDS[0], "--branch", "\x1b[2J[/x]"],
        ["show", "{run}", HOSTILE_IDS[0], "--branch", "²"],  # a digit to str.isdigit(), not to int()
        ["top", "{root}/missing\x1b]0;pwned-title\x07[/x]"],
        ["run", "--corpus", "{root}/no\x1b[2Jcorpus[/x].txt", "--model", "{ckpt}", "--out", "{root}/never"],
        ["gates", "hi", "--model", "{root}/no[/x]\x1b[8mmodel"],
        ["top", "{run}", "--n", "\x1b[2J[/x]"],
        ["top", "{run}", "--\x1b[2J[/x]"],
    ],
)
def test_errors_quote_hostile_input_as_data(hostile, hostile_run, args):
    root, checkpoint, _ = hostile
    run = hostile_run[0]
    places = {"{run}": str(run), "{root}": str(root), "{ckpt}": str(checkpoint)}
    code, output, exception = invoke(*(re.sub(r"\{\w+\}", lambda m: places[m.group()], a) for a in args))
    assert code != 0 and (exception is None or isinstance(exception, SystemExit)), (output, exception)
    assert_inert(output, whole_text=False)  # a library message may quote an id with repr: ESC written out as \x1b
    assert "\\[" not in output  # no markup escapes where nothing is read as markup
    assert "[/x]" in output or "²" in output  # quoted as given, not read as markup
    assert not (root / "never").exists()


def test_gates_and_export_print_markup_like_paths_as_written(hostile, tmp_path):
    _, checkpoint, _ = hostile
    code, output, _ = invoke("gates", "plain [bold]text[/bold] \x1b[2J here", "--model", checkpoint, "--top", "3")
    assert code == 0, output
    assert_inert(output)
    assert "[bold]x[/bold]" in output


def test_export_to_a_markup_like_path(hostile_run, tmp_path):
    out = tmp_path / "[bold][link=https:" / "x]export[red].csv"  # the path reads [bold][link=https:/x]export[red].csv
    out.parent.mkdir()
    code, output, exception = invoke("export", hostile_run[0], "--table", "documents", "--out", out)
    assert code == 0 and exception is None, output
    assert out.is_file() and f"wrote {out}" in " ".join(output.split())


def test_a_terminal_sees_only_our_own_styling(hostile_run, monkeypatch):
    """With the console on a colour terminal: the only escape sequences left are rich's own SGR
    styles (ESC [ ... m); no payload, title, hyperlink or bidi override comes through."""
    from rich.color import ColorSystem

    from probe.cli._common import console

    out, *_ = hostile_run
    monkeypatch.setattr(console, "_force_terminal", True)
    monkeypatch.setattr(console, "_color_system", ColorSystem.TRUECOLOR)
    result = CliRunner().invoke(app, ["show", str(out), HOSTILE_IDS[2]], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert "\x1b[" in result.output  # colour was on
    without_styles = re.sub(r"\x1b\[[0-9;]*m", "", result.output)
    assert_inert(without_styles, whole_text=False)


@pytest.mark.parametrize(
    "value, expected",
    [
        ("\x1b[31mred\x1b[0m", "red"),
        ("a\x1b]0;title\x07b", "ab"),
        ("a\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\b", "alinkb"),
        ("a\x1bPq#0;2;0;0;0\x1b\\b", "ab"),  # sixel graphics
        ("a\x1b_apc\x1b\\b", "ab"),
        ("a\x1b^pm\x1b\\b", "ab"),
        ("a\x1bXsos\x1b\\b", "ab"),
        ("a\x1bcb", "ab"),  # full reset
        ("a\x1b(0b", "ab"),  # line-drawing character set
        ("a\x1b", "a"),
        ("tab\tand\nnewline", "tab\tand\nnewline"),
        ("\u202ereversed\u202c", "reversed"),
        ("lone \ud800 half", "lone \ufffd half"),
        ("naïve café 東京 مرحبا", "naïve café 東京 مرحبا"),  # text, including right-to-left text, is kept
        ("\u200fmark\u200e", "\u200fmark\u200e"),  # bidi marks (not overrides) are text in RTL scripts
    ],
)
def test_clean_strips_what_a_terminal_acts_on_and_keeps_text(value, expected):
    assert clean(value) == expected


def test_safe_and_shown_never_read_markup():
    from rich.console import Console

    console = Console(file=None, width=200, force_terminal=False, emoji=False)
    for value in MARKUP + ["path\\", "trailing [", "[bold", "[[bold]]", "\\[bold]"]:
        with console.capture() as captured:
            console.print(f"[italic]{safe(value)}[/italic]")
            console.print(shown(value))
        assert captured.get() == f"{value}\n{value}\n", (value, captured.get())
    assert shlex.split(re.sub(r"\\(\[)", r"\1", command_line("engram-probe", "app", "runs/[x] y"))) == [
        "engram-probe",
        "app",
        "runs/[x] y",
    ]
