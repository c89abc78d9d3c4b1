import subprocess
import sys

import pytest
import torch
from typer.testing import CliRunner

from probe import suffix_ngram_texts
from probe.batching import text_gates
from probe.cli import LAZY_COMMANDS, LazyCommand, app


def test_suffix_ngrams_line_up_with_positions(tokenizer):
    ids = tokenizer.encode("Alexander the Great").ids
    texts = suffix_ngram_texts(tokenizer, ids, max_order=3)
    assert len(texts) == len(ids)
    assert texts[0] == ["<|pad|>" + tokenizer.decode(ids[:1]), "<|pad|><|pad|>" + tokenizer.decode(ids[:1])]
    assert texts[-1] == [tokenizer.decode(ids[-2:]), tokenizer.decode(ids[-3:])]


def test_multibyte_characters_come_out_whole(tokenizer):
    ids = tokenizer.encode("naïve café ünïcödé").ids
    last = suffix_ngram_texts(tokenizer, ids, max_order=len(ids) + 1)[-1][-1]
    assert last.endswith("naïve café ünïcödé")


def test_gates_command_prints_each_engram_layer():
    result = CliRunner().invoke(app, ["gates", "Alexander the Great was born in Pella.", "--top", "3"])
    assert result.exit_code == 0, result.output
    assert "layer 1: gate per branch" in result.output and "layer 3: gate per branch" in result.output
    assert "2-gram" in result.output and "3-gram" in result.output


def test_gates_command_names_a_bad_model():
    result = CliRunner().invoke(app, ["gates", "hi", "--model", "/no/such/checkpoint"], env={"COLUMNS": "300"})
    assert result.exit_code != 0
    assert "neither a checkpoint directory" in result.output


def test_gates_runs_text_longer_than_the_model_in_chunks(model):
    text = " ".join(["Alexander the Great was born in Pella, the capital of Macedon."] * 30)
    ids, gates = text_gates(model, text)
    size = model.cfg.max_seq_len
    assert len(ids) > 2 * size and all(g.shape == (len(ids), model.cfg.hc_streams) for g in gates.values())
    first = torch.tensor([ids[:size]])
    with torch.no_grad():
        _, cache = model.run_with_cache(first, names_filter=lambda name: name.endswith("engram.hook_gate"))
    for layer, gate in gates.items():
        torch.testing.assert_close(gate[:size], cache[f"blocks.{layer}.engram.hook_gate"][0])


@pytest.mark.parametrize(
    "code",
    [
        "import probe",
        "from probe import top_ngrams, categorize, RunError; assert callable(categorize)",
        "from probe.cli import app; app(['--help'])",
        "from probe.cli import app; app(['top', '--help'])",
        "from probe.cli import app; app(['show', '--help'])",
        "from probe.cli import app; app(['export', '--help'])",
    ],
)
def test_starting_up_imports_no_torch(code):
    """`import probe` and the commands that read a run leave torch and transformer_lens unimported."""
    check = "import sys\ntry:\n    " + code + "\nexcept SystemExit:\n    pass\n"
    check += "print('heavy:', sorted(m for m in ('torch', 'transformer_lens') if m in sys.modules))"
    process = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert process.returncode == 0, process.stderr
    assert process.stdout.splitlines()[-1] == "heavy: []"


def test_public_names_are_those_of_all():
    import engram_model
    import probe

    for package in (probe, engram_model):
        assert all(getattr(package, name) is not None for name in package.__all__)
        assert set(package.__all__) <= set(dir(package))
    from probe.categorize import run  # importing the subpackage leaves probe.categorize the function

    assert callable(probe.categorize) and run.CATEGORIES == "categories"


def test_lazy_commands_list_their_own_help():
    """The help `engram-probe --help` lists for a lazily loaded command is its docstring's first line."""
    for name, (module, attribute, listed) in LAZY_COMMANDS.items():
        loaded = LazyCommand(name, module, attribute, listed).load()
        assert loaded.help.strip().splitlines()[0] == listed, name
