"""--device and --dtype on every model command, for our bundled model and a bridged Qwen4-Exp
checkpoint; bfloat16 gates against float32 ones; --device cuda refused where there is no GPU; and
a quiet console: transformers' loading bar and kernel fall-back warnings never reach the user,
who hears what matters once, in our words.

Tolerance of bfloat16 against float32 gates: bfloat16 keeps 8 significant bits (relative
rounding 2**-8 per operation), compounded over the tiny random models' layers: every gate within
BF16_MAX of float32's, and on average within BF16_MEAN (measured: 0.008 / 0.034 max, 0.001 mean)."""

import json
import logging
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch

pytest.importorskip("transformers")

from adversarial.test_runs import invoke  # noqa: E402
from test_qwen4_exp_bridge import build_causal_lm, save  # noqa: E402
from test_qwen4_exp_run import TEXTS, qwen_like_tokenizer  # noqa: E402
from transformers.utils import logging as hf_logging  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from engram_model import load_model  # noqa: E402
from engram_model.bridges.qwen4_exp import (  # noqa: E402
    KERNEL_FALLBACK,
    SLOW_KERNELS,
    TABLE_TENSOR,
    _runs_on,
    backbone_placement,
    quiet_transformers,
    weight_bytes,
    weight_files,
)
from engram_model.tables import ResidentTable  # noqa: E402
from probe.batching import text_gates  # noqa: E402
from probe.cli import app  # noqa: E402
from probe.runs.model import load_run_model  # noqa: E402
from probe.runs.store import connect  # noqa: E402

BF16_MAX, BF16_MEAN = 0.05, 0.01
TEXT = " ".join(TEXTS)
NOISE = ("Loading weights", "falling back")  # transformers' own loading bar and kernel warnings


@pytest.fixture(scope="module")
def qwen_dir(tmp_path_factory) -> Path:
    directory = save(build_causal_lm(), tmp_path_factory.mktemp("device_dtype") / "ckpt", tokenizer=False)
    qwen_like_tokenizer(directory / "tokenizer.json")
    return directory


@pytest.fixture(scope="module")
def corpora(qwen_dir) -> tuple[Path, Path]:
    """A JSONL corpus for the readers, a Parquet one with domains for evaluate."""
    jsonl = qwen_dir.parent / "corpus.jsonl"
    jsonl.write_text("".join(json.dumps({"id": f"d{i}", "text": TEXTS[i % 4] * 2}) + "\n" for i in range(4)))
    parquet = qwen_dir.parent / "corpus.parquet"
    domains = ["prose", "legal", "code", "prose"]
    pq.write_table(pa.table({"doc_id": [f"d{i}" for i in range(4)], "text": [t * 40 for t in TEXTS], "domain": domains}), parquet)
    return jsonl, parquet


def model_commands(model: str, corpora: tuple[Path, Path], out: Path) -> dict[str, list]:
    """Each model command on `model`, as small as it runs."""
    jsonl, parquet = corpora
    reading = ["--corpus", jsonl, "--tokens", 64, "--max-tokens", 16]
    return {
        "gates": ["gates", "hello world and more", "--model", model, "--top", 2],
        "run": ["run", "--model", model, "--corpus", jsonl, "--out", out / "run", "--max-tokens", 16, "--summary", 0,
                "--no-categorize"],
        "lens": ["lens", model, *reading, "--out", out / "lens"],
        "ablate": ["ablate", model, *reading, "--out", out / "ablate"],
        "similarity": ["similarity", "--a", model, "--b", "none", "--positions", "all", "--minibatch", 16, *reading,
                       "--out", out / "similarity"],
        "evaluate": ["evaluate", "--model", model, "--corpus", parquet, "--samples", 100, "--max-tokens", 600,
                     "--out", out / "evaluate"],
    }  # fmt: skip


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
@pytest.mark.parametrize("kind", ["engram", "qwen4_exp"])
def test_every_model_command_takes_device_and_dtype(kind, dtype, qwen_dir, corpora, tmp_path):
    model = "engram" if kind == "engram" else str(qwen_dir)
    for name, args in model_commands(model, corpora, tmp_path).items():
        code, output = invoke(*args, "--device", "cpu", "--dtype", dtype)
        assert code == 0, (name, output)
        assert not any(noise in output for noise in NOISE), (name, output)
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert (manifest["device"], manifest["dtype"]) == ("cpu", dtype)
    gates = pq.read_schema(next((tmp_path / "run" / "shards").glob("gates-*.parquet"))).field("gates").type
    assert gates.value_type == pa.float32()  # recorded in float32 whatever the model ran in


@pytest.mark.parametrize("kind", ["engram", "qwen4_exp"])
def test_bfloat16_gates_are_float32_gates_within_rounding(kind, qwen_dir):
    model = "engram" if kind == "engram" else qwen_dir
    reference = text_gates(load_model(model), TEXT)[1]
    rounded = text_gates(load_model(model, dtype="bfloat16"), TEXT)[1]
    for layer, gates in reference.items():
        assert rounded[layer].dtype == torch.bfloat16
        difference = (rounded[layer].float() - gates).abs()
        assert difference.max() <= BF16_MAX and difference.mean() <= BF16_MEAN, (layer, difference.max(), difference.mean())


def test_recorded_bfloat16_gates_match_a_float32_run(qwen_dir, corpora, tmp_path):
    """Two runs of one corpus, float32 and bfloat16: the same positions, the gates within rounding."""
    recorded = {}
    for dtype in ("float32", "bfloat16"):
        run = tmp_path / dtype
        code, output = invoke(
            "run", "--model", qwen_dir, "--corpus", corpora[0], "--out", run, "--max-tokens", 16, "--summary", 0,
            "--no-categorize", "--dtype", dtype,
        )  # fmt: skip
        assert code == 0, output
        with connect(run) as con:
            recorded[dtype] = con.sql("select doc_id, position, layer, gates from gates order by all").fetchall()
    assert [row[:3] for row in recorded["float32"]] == [row[:3] for row in recorded["bfloat16"]]
    difference = np.abs(np.array([r[3] for r in recorded["float32"]]) - np.array([r[3] for r in recorded["bfloat16"]]))
    assert difference.max() <= BF16_MAX and difference.mean() <= BF16_MEAN

    # one run holds one dtype's gates: resuming the float32 run in bfloat16 is refused, naming --dtype
    code, output = invoke(
        "run", "--model", qwen_dir, "--corpus", corpora[0], "--out", tmp_path / "float32", "--max-tokens", 16,
        "--summary", 0, "--no-categorize", "--dtype", "bfloat16",
    )  # fmt: skip
    assert code != 0 and "dtype (--dtype)" in output and "Traceback" not in output, output
    # the app's model (Try your own text, effects): in the dtype the run was probed in, unless asked otherwise
    assert load_run_model(tmp_path / "bfloat16").hf.model.embed_tokens.weight.dtype == torch.bfloat16
    assert load_run_model(tmp_path / "bfloat16", dtype="float32").hf.model.embed_tokens.weight.dtype == torch.float32
    if not torch.cuda.is_available():
        result = CliRunner().invoke(app, ["app", str(tmp_path / "float32"), "--device", "cuda"], env={"COLUMNS": "400"})
        assert result.exit_code == 2 and "no CUDA device" in result.output and "Traceback" not in result.output


def test_tables_keep_their_row_format_whatever_the_backbones_dtype(qwen_dir):
    def table_dtypes(model):
        return [module.weight.dtype for module in model.modules() if isinstance(module, ResidentTable)]

    ours = load_model("engram", dtype="float16")
    assert table_dtypes(ours) == table_dtypes(load_model("engram")) == [torch.bfloat16] * 2  # as the checkpoint stores them
    assert ours.unembed.weight.dtype == torch.float16
    bridged = load_model(qwen_dir, dtype="bfloat16", tier="host")
    assert bridged.hf.model.embed_tokens.weight.dtype == torch.bfloat16
    assert {bridged.blocks[layer].engram.table.row_format for layer in bridged.cfg.engram.layers} == {"fp32"}


@pytest.mark.skipif(torch.cuda.is_available(), reason="refusing CUDA needs a machine without it")
def test_cuda_is_refused_in_one_line_without_a_gpu(qwen_dir, corpora, tmp_path):
    for name, args in model_commands("engram", corpora, tmp_path).items():
        result = CliRunner().invoke(app, [*map(str, args), "--device", "cuda"], env={"COLUMNS": "400"})
        assert result.exit_code == 2, (name, result.output)
        refusal = [line for line in result.output.splitlines() if "no CUDA device" in line]
        assert len(refusal) == 1 and "'--device'" in refusal[0] and "pass --device cpu" in refusal[0], (name, result.output)
        assert "Traceback" not in result.output and not (tmp_path / name).exists()


def test_a_bridged_command_is_quiet_in_a_real_process(qwen_dir):
    """tqdm writes to the process's own stderr: only a real process shows what a user sees."""
    done = subprocess.run(
        [Path(sys.executable).parent / "engram-probe", "gates", "hello world", "--model", str(qwen_dir), "--dtype", "bfloat16"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert "gate per branch" in done.stdout
    assert not any(noise in done.stdout + done.stderr for noise in NOISE), done.stderr


def test_loading_and_forward_are_quiet_from_python_and_leave_transformers_as_they_were(qwen_dir, capfd):
    """A notebook's own handler on transformers' logger hears nothing of our load and forward,
    and everything after."""
    hf_logging.warning_once.cache_clear()  # so that the kernel fall-back warning is logged again in this process
    heard = []
    users = logging.Handler()
    users.emit = lambda record: heard.append(record.getMessage())
    hf_logging.get_logger().addHandler(users)
    try:
        model = load_model(qwen_dir)
        model(torch.tensor([[5, 6, 7, 8]]))
        captured = capfd.readouterr()
        assert not any(noise in captured.out + captured.err for noise in NOISE), captured.err
        assert heard == [] and hf_logging.set_tqdm_hook(None) is None
        hf_logging.get_logger("transformers.test").warning("the user's own transformers warning")
        assert heard == ["the user's own transformers warning"]
    finally:
        hf_logging.get_logger().removeHandler(users)


def test_a_kernel_fall_back_on_a_gpu_is_said_once_in_our_words(caplog):
    """What transformers logs on a GPU without the kernels, as it logs it; said once per process,
    and never on CPU, where the reference code is the only code."""
    transformers_kernels = hf_logging.get_logger("transformers.integrations.hub_kernels")
    with caplog.at_level(logging.WARNING, logger="engram_model"):
        for device in ("cpu", "cuda", "cuda"):
            with quiet_transformers(device):
                transformers_kernels.warning(f"`chunk_gated_delta_rule` {KERNEL_FALLBACK} because ...")
    said = [record.getMessage() for record in caplog.records if record.name.startswith("engram_model")]
    assert said == [SLOW_KERNELS]


def test_the_backbone_goes_whole_to_a_cpu_and_its_size_is_read_from_the_headers(qwen_dir):
    def state_bytes(model) -> int:
        return sum(t.numel() * t.element_size() for t in model.hf.state_dict().values())

    _, weight_map = weight_files(qwen_dir)
    model = load_model(qwen_dir)
    loaded = state_bytes(model)
    assert weight_bytes(qwen_dir, weight_map, None, with_tables=True) == loaded
    in_bfloat16 = state_bytes(load_model(qwen_dir, dtype="bfloat16"))
    assert weight_bytes(qwen_dir, weight_map, torch.bfloat16, with_tables=True) == in_bfloat16
    tables = sum(t.numel() * t.element_size() for name, t in model.hf.state_dict().items() if TABLE_TENSOR.search(name))
    assert tables and weight_bytes(qwen_dir, weight_map, None, with_tables=False) == loaded - tables
    assert backbone_placement(qwen_dir, weight_map, "cpu", None, with_tables=True) is None


def test_a_tier_serves_each_ple_layer_on_the_device_transformers_runs_it_on():
    """Under `device_map="auto"`: the GPU of the layer's entry; offloaded to CPU or disk, the main device."""
    placed = {"model.embed_tokens": 0, "model.layers.0": 0, "model.layers.1": 1, "model.layers.2": "cpu", "": "disk"}
    runs_on = {layer: _runs_on(placed, f"model.layers.{layer}.ple", "cuda:0") for layer in range(4)}
    main = torch.device("cuda:0")
    assert runs_on == {0: torch.device("cuda", 0), 1: torch.device("cuda", 1), 2: main, 3: main}
