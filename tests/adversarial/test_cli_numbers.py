"""Every numeric option of every command, found from the Typer app itself (a new option is
covered the day it is added): NaN, infinities, negative numbers, zero, 1e30 and numbers
spelled in ways `int()` or `float()` read but a person does not mean are refused while the
command line is parsed, in one line naming the option; what is accepted is finite and in range.
"""

import math

import pytest
import typer
import typer.main
from typer.testing import CliRunner

from probe.cli import LazyCommand, app
from probe.cli._common import MAX_COUNT, Number, NumberList
from probe.cli.offload import Shapes

# options where 0 means something ("every position", "none", "the first layer", "torch's default")
ZERO_MEANS_SOMETHING = {
    "--top",
    "--summary",
    "--layer",
    "--examples",
    "--per-document",
    "--seed",
    "--threads",
    "--table-rows",
    "--min-confidence",
    "--prefill-fraction",
    "--gpus-per-worker",
    "--start",  # show: the document's first token
}
NEVER = [
    "nan", "NaN", "-nan", "inf", "-inf", "+inf", "Infinity", "1e30", "-1e30", "1e309", "-1", "-0.5",
    "1" + "0" * 30, "9" * 5000, "", " ", "x", "0x10", "1_000", "١٢", "²", "1e", "--", "1,", ",",
]  # fmt: skip


def commands(group=None, path=()):
    """(command path, click command) of every command, the lazy ones and the sub-apps' included."""
    group = group or typer.main.get_command(app)
    context = typer.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, LazyCommand):
            command = command.load()
        if hasattr(command, "list_commands"):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


def numeric(param) -> object | None:
    """The parser of a numeric parameter, or the annotation of one that has none (a failure)."""
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None:
        return None
    parser = descriptor.parameter_info.parser
    if isinstance(parser, (Number, NumberList, Shapes)):
        return parser
    if descriptor.annotation in (int, float):
        return descriptor.annotation
    return None


NUMERIC = [
    (path, command, param)
    for path, command in commands()
    for param in command.params
    if param.name != "help" and numeric(param) is not None
]
IDS = [f"{' '.join(path)} {param.opts[0]}" for path, _, param in NUMERIC]


def test_the_app_has_numeric_options_and_each_is_parsed_by_a_checked_parser():
    assert len(NUMERIC) > 40, IDS
    plain = [name for name, (_, _, param) in zip(IDS, NUMERIC) if numeric(param) in (int, float)]
    assert not plain, f"declare these with probe.cli._common.number_option/count_option/list_option: {plain}"


def required_args(command, tmp_path) -> list[str]:
    """A file for each required argument or option (RUN_DIR, TEXT_FILE, export's --out)."""
    args = []
    for other in command.params:
        if other.required:
            given = tmp_path / "given.txt"
            given.write_text("text")
            args += [str(given)] if not other.opts[0].startswith("-") else [other.opts[0], str(given)]
    return args


def parse(path, command, param, value, tmp_path):
    """Parse `command` with `param` set to `value` and every required argument or option given;
    the parsed value, or the usage error. Nothing runs."""
    args = [param.opts[0], value] + required_args(command, tmp_path)
    try:
        with command.make_context(" ".join(path), args) as context:
            return context.params[param.name], None
    except typer.BadParameter as err:
        return None, err
    except Exception as err:  # a usage error of another kind
        if type(err).__name__ in ("UsageError", "NoSuchOption", "MissingParameter", "BadOptionUsage"):
            return None, err
        raise


@pytest.mark.parametrize("path, command, param", NUMERIC, ids=IDS)
def test_nonsense_is_refused_while_parsing_and_names_the_option(path, command, param, tmp_path):
    for value in NEVER:
        parsed, error = parse(path, command, param, value, tmp_path)
        assert error is not None, (value, parsed)
        assert getattr(error, "param", None) is param, (value, error)
        assert "Traceback" not in error.format_message() and len(error.format_message()) < 400


@pytest.mark.parametrize("path, command, param", NUMERIC, ids=IDS)
def test_zero_is_refused_unless_it_means_something(path, command, param, tmp_path):
    parsed, error = parse(path, command, param, "0", tmp_path)
    if param.opts[0] in ZERO_MEANS_SOMETHING:
        assert error is None and parsed in (0, [0]), (parsed, error)  # a repeatable option parses to a list
    else:
        assert error is not None and error.param is param, parsed


@pytest.mark.parametrize("path, command, param", NUMERIC, ids=IDS)
def test_the_default_parses_and_is_finite_and_in_range(path, command, param, tmp_path):
    with command.make_context(" ".join(path), required_args(command, tmp_path)) as context:
        parsed = context.params[param.name]
    values = parsed if isinstance(parsed, list) else [parsed]
    for value in values:
        for number in value if isinstance(value, tuple) else (value,):
            assert number is None or (math.isfinite(number) and abs(number) <= MAX_COUNT), (param.opts, parsed)


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "1e30", "0x10"])
@pytest.mark.parametrize("path, command, param", NUMERIC[::4], ids=IDS[::4])
def test_the_command_line_says_so_in_one_line_and_exits_2(path, command, param, value):
    """Through the real entry point: exit status 2, the option named, no traceback."""
    args = [*path, param.opts[0], value] if param.opts[0].startswith("-") else [*path, value]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "400"})
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    message = [line for line in result.output.splitlines() if "Invalid value" in line]
    assert len(message) == 1 and param.opts[0] in message[0], result.output


@pytest.mark.parametrize(
    "option, value",
    [
        ("--capacities", "0.001,nan"),
        ("--capacities", "1,inf"),
        ("--capacities", "1e30"),
        ("--capacities", "0.5,-1"),
        ("--decode-batches", "1,8,1e30"),
        ("--decode-batches", "1,2.5"),
        ("--prefill", "1x512,nanx8"),
        ("--prefill", "1x1e30"),
        ("--prefill", "1x512x2"),
        ("--prefill", "-1x512"),
        ("--prefill", "x"),
    ],
)
def test_a_list_is_refused_for_any_bad_item(option, value):
    result = CliRunner().invoke(app, ["offload", "traffic", option, value], env={"COLUMNS": "400"})
    assert result.exit_code == 2 and option in result.output and repr(value) in " ".join(result.output.split()), result.output


@pytest.mark.parametrize(
    "number, value, expected",
    [
        (Number(int, 1, 10), "7", 7),
        (Number(int, 1, 10), " 7 ", 7),
        (Number(int, 1, 10), "+7", 7),
        (Number(int, 0, 10), "-0", 0),
        (Number(int, 1, 10), 8.0, 8),  # a default written as a float
        (Number(float, 0, 1, low_open=True), "1e-3", 0.001),
        (Number(float, 0, 1), "1", 1.0),
        (Number(float, 0, 1), ".5", 0.5),
    ],
)
def test_numbers_people_write_are_read(number, value, expected):
    assert number(value) == expected and type(number(value)) is number.kind


@pytest.mark.parametrize(
    "number, value, message",
    [
        (Number(int, 1, 10), "11", "'11' is out of range: it must be greater than or equal to 1 and less than or equal to 10"),
        (Number(float, 0, 1, low_open=True), "0", "'0' is out of range: it must be greater than 0 and less than or equal to 1"),
        (Number(float, 0, 1, high_open=True), "1", "less than 1"),
        (Number(int, 1), "2.5", "'2.5' is not a whole number"),
        (Number(int, 1), True, "True is not a number"),
        (Number(float), "nan", "'nan' is not a finite number"),
        (Number(float), "1e999", "'1e999' is not a finite number"),
        (Number(int, 1), "9" * 100, "…' is out of range"),  # quoted, cut short
    ],
)
def test_each_refusal_says_what_was_wrong(number, value, message):
    with pytest.raises(typer.BadParameter) as caught:
        number(value)
    assert message in caught.value.message and len(caught.value.message) < 200
