"""The offload commands (`rowstats`, `traffic`, `plan`) on a transformers Qwen4-Exp checkpoint
directory, through the one addressing contract (`engram_model.addressing.TableAddressing`).

A tiny random Qwen4-Exp is built with transformers' classes and saved with save_pretrained;
every reference count comes from transformers' own `Qwen4ExpTextNGramEmbedding` ids (the flat
row ids it hands its table) and its parameter count, never from our addresser."""

import json
import shutil

import numpy as np
import pytest

transformers = pytest.importorskip("transformers")
import torch  # noqa: E402
from adversarial.test_runs import invoke  # noqa: E402
from test_qwen4_exp_bridge import EOS, build_causal_lm, capture, save  # noqa: E402
from test_qwen_offload import parameter_counts  # noqa: E402

from engram_model.tokenizer import load_tokenizer  # noqa: E402
from probe.offload.steps import fitting_steps  # noqa: E402

# an end-of-text token inside the text: Qwen's n-gram history stops at it
TEXT = "Alexander the Great was born in Pella.<|eos|>def main(argv): return 0\n" * 12
DOCUMENTS = ["Permission is hereby granted, free of charge.<|eos|>Permission is hereby granted.", "x = 1\n" * 20, "Pella"]
PLE_LAYERS = (0, 2)  # the tiny config's ple_layer_ids [1, 3], zero-based


@pytest.fixture(scope="module")
def reference():
    return build_causal_lm().eval()


@pytest.fixture(scope="module")
def checkpoint(reference, tmp_path_factory):
    return save(reference, tmp_path_factory.mktemp("qwen") / "ckpt")


def transformers_flat_ids(reference, token_ids: list[int]) -> dict[int, np.ndarray]:
    """`{layer: [T, H]}` flat row ids transformers' n-gram module hands its table for one
    sequence read from its start."""
    out = {}
    for layer in PLE_LAYERS:
        module = reference.model.layers[layer].ple.ple_embedding
        seen = {}
        handle = capture(module.ngram_embedding, seen, "ids", inputs=True)
        with torch.no_grad():
            module(torch.tensor([token_ids]), None)
        handle.remove()
        out[layer] = seen["ids"][0].numpy()
    return out


def test_rowstats_counts_transformers_rows(reference, checkpoint, tmp_path):
    text_file, report_file, hot_file = tmp_path / "text.txt", tmp_path / "rows.json", tmp_path / "hot.npz"
    text_file.write_text(TEXT, encoding="utf-8")
    code, output = invoke(
        "offload", "rowstats", text_file, "--model", checkpoint, "--json", report_file, "--hot-rows-out", hot_file,
        "--capacity", "16", "--sizes", "8,64,256",
    )  # fmt: skip
    assert code == 0, output
    report = json.loads(report_file.read_text())
    ids = load_tokenizer(checkpoint / "tokenizer.json").encode(TEXT).ids
    assert EOS in ids and report["tokens"] == len(ids)
    expected = transformers_flat_ids(reference, ids)
    assert sorted(report["layers"]) == [str(layer) for layer in PLE_LAYERS]
    hot = np.load(hot_file)
    for layer, flat in expected.items():
        stats = report["layers"][str(layer)]
        rows, counts = np.unique(flat, return_counts=True)
        assert (stats["requests"], stats["unique"]) == (flat.size, len(rows))
        assert stats["table_rows"] == reference.model.layers[layer].ple.ple_embedding.ngram_embedding.num_embeddings
        assert [h["unique"] for h in stats["heads"]] == [len(np.unique(flat[:, h])) for h in range(flat.shape[1])]
        most = rows[np.argsort(-counts, kind="stable")][:16]
        assert set(hot[str(layer)].tolist()) <= set(rows.tolist()) and len(hot[str(layer)]) == 16
        assert sorted(counts[np.searchsorted(rows, hot[str(layer)])]) == sorted(counts[np.searchsorted(rows, most)])


def test_traffic_and_plan_take_the_checkpoint_directory(reference, checkpoint, tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": str(i), "text": t}) + "\n" for i, t in enumerate(DOCUMENTS)))
    code, output = invoke(
        "offload", "traffic", "--model", checkpoint, "--corpus", corpus, "--out", tmp_path, "--prefill", "1x16,2x8",
        "--decode-batches", "1,4", "--cache-batch", "2", "--cache-tokens", "40",
    )  # fmt: skip
    assert code == 0, output
    traffic = json.loads((tmp_path / "traffic.json").read_text())
    tokenizer = load_tokenizer(checkpoint / "tokenizer.json")
    per_document = [transformers_flat_ids(reference, tokenizer.encode(text).ids) for text in DOCUMENTS]
    width = reference.config.ple_embed_dim // 4  # 2 orders x 2 heads: rows of 16 float32 values as saved
    assert (traffic["layers"], traffic["rows_per_token"], traffic["row_bytes"]) == (list(PLE_LAYERS), 8, width * 4)
    assert traffic["tokens"] == sum(len(tokenizer.encode(text).ids) for text in DOCUMENTS)
    distinct = sum(len(np.unique(np.concatenate([ids[layer] for ids in per_document]))) for layer in PLE_LAYERS)
    assert traffic["distinct_rows"] == distinct

    code, output = invoke(
        "offload", "plan", "--model", checkpoint, "--traffic", tmp_path / "traffic.json", "--batch-sizes", "1,16",
        "--out", tmp_path,
    )  # fmt: skip
    assert code == 0, output
    plan = json.loads((tmp_path / "plan.json").read_text())
    assert plan["model"]["engram_layers"] == list(PLE_LAYERS) and plan["model"]["name"] == str(checkpoint)
    # active parameters: transformers' own count, less the input embedding, the n-gram tables and unused experts
    total, skipped, experts = parameter_counts(reference)
    share = reference.config.num_experts_per_tok / reference.config.num_experts
    assert plan["model"]["active_params"] == pytest.approx(total - skipped - experts + experts * share)


def test_a_checkpoint_that_cannot_be_addressed_is_refused_in_one_line(checkpoint, tmp_path):
    text_file = tmp_path / "text.txt"
    text_file.write_text(TEXT, encoding="utf-8")
    no_tokenizer = shutil.copytree(checkpoint, tmp_path / "no_tokenizer")
    (no_tokenizer / "tokenizer.json").unlink()
    no_engram = tmp_path / "no_engram"
    no_engram.mkdir()
    config = json.loads((checkpoint / "config.json").read_text()) | {"ple_layer_ids": []}
    (no_engram / "config.json").write_text(json.dumps(config))
    refusals = [
        (("offload", "rowstats", text_file, "--model", no_tokenizer), "has no tokenizer.json"),
        (("offload", "traffic", "--model", no_tokenizer, "--corpus", text_file, "--out", tmp_path), "has no tokenizer.json"),
        (("offload", "rowstats", text_file, "--model", no_engram), "no PLE (Engram) layers"),
        (("offload", "traffic", "--model", no_engram, "--corpus", text_file, "--out", tmp_path), "no PLE (Engram) layers"),
    ]
    for args, words in refusals:
        code, output = invoke(*args)
        assert code == 2 and words in output and "Traceback" not in output, output
    assert not (tmp_path / "traffic.json").exists()


@pytest.mark.slow
def test_plan_without_traffic_measures_the_checkpoints_own_on_the_default_corpus(checkpoint, tmp_path):
    """Nothing installed was measured on a checkpoint directory: plan measures it as `offload
    traffic --model DIR` does with its defaults, says so, and plans that checkpoint's layers."""
    code, output = invoke("offload", "plan", "--model", checkpoint, "--batch-sizes", "1,16", "--out", tmp_path)
    assert code == 0, output
    assert "no --traffic: measuring" in output and "offload traffic --model" in output
    plan = json.loads((tmp_path / "plan.json").read_text())
    assert plan["traffic"].startswith("measured now: default") and plan["model"]["engram_layers"] == list(PLE_LAYERS)


def test_traffic_measures_the_default_steps_a_small_corpus_fills_and_refuses_a_step_given_that_it_cannot(checkpoint, tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": str(i), "text": t}) + "\n" for i, t in enumerate(DOCUMENTS)))
    tokens = sum(len(load_tokenizer(checkpoint / "tokenizer.json").encode(text).ids) for text in DOCUMENTS)
    prefill, decode, cache_batch = fitting_steps(tokens)
    code, output = invoke("offload", "traffic", "--model", checkpoint, "--corpus", corpus, "--out", tmp_path)
    assert code == 0 and "measuring the default steps it fills" in output, output
    traffic = json.loads((tmp_path / "traffic.json").read_text())
    assert [(step["batch"], step["seq_len"]) for step in traffic["prefill"]] == prefill
    assert [step["batch"] for step in traffic["decode"]] == decode
    code, output = invoke(
        "offload", "traffic", "--model", checkpoint, "--corpus", corpus, "--out", tmp_path / "given", "--prefill", "1x16384"
    )
    assert code == 2 and "prefill 1x16384 needs 16,384 tokens" in output, output
