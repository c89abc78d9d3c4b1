"""`evaluate` and `similarity` on bridged transformers checkpoints (tiny random Qwen4-Exp, built
as tests/test_qwen4_exp_bridge.py builds them): evaluation reads documents with the model's own
conventions (Qwen: no BOS, each text closed by EOS) and its losses equal transformers' own
forward; similarity compares any two checkpoints that share a tokenizer and refuses, before
loading weights, two that do not."""

import json
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch
import torch.nn.functional as F

transformers = pytest.importorskip("transformers")

from adversarial.test_runs import invoke  # noqa: E402
from test_qwen4_exp_bridge import build_causal_lm, save  # noqa: E402
from test_qwen4_exp_run import TEXTS, qwen_like_tokenizer  # noqa: E402
from tokenizers import Tokenizer  # noqa: E402

from engram_model import load_model  # noqa: E402
from engram_model.train import window_losses  # noqa: E402
from probe.analyses.evaluation import corpus_streams, loss_report  # noqa: E402
from probe.analyses.similarity import check_same_tokenizer  # noqa: E402
from probe.cli import describe, input_errors  # noqa: E402

SEQ_LEN = 64


def qwen_checkpoint(directory: Path, seed: int) -> Path:
    save(build_causal_lm(seed=seed), directory, tokenizer=False)
    qwen_like_tokenizer(directory / "tokenizer.json")
    return directory


@pytest.fixture(scope="module")
def qwen_dirs(tmp_path_factory) -> tuple[Path, Path]:
    """Two checkpoints of one tiny Qwen4-Exp: seeds 0 and 1, the same tokenizer."""
    root = tmp_path_factory.mktemp("qwen")
    return qwen_checkpoint(root / "seed0", 0), qwen_checkpoint(root / "seed1", 1)


@pytest.fixture(scope="module")
def corpora(qwen_dirs) -> tuple[Path, Path]:
    """Twelve documents as JSONL without domains, and the same texts three times longer as
    Parquet in two domains (each with two windows of the CLI's max_seq_len, 256)."""
    root = qwen_dirs[0].parent
    texts = [TEXTS[i % 4] * (1 + i % 3) for i in range(12)]
    jsonl = root / "corpus.jsonl"
    jsonl.write_text("".join(json.dumps({"id": f"d{i}", "text": text}) + "\n" for i, text in enumerate(texts)))
    parquet = root / "corpus.parquet"
    domains = ["prose" if i % 4 in (0, 3) else "code" for i in range(12)]
    longer = [text * 3 for text in texts]
    pq.write_table(pa.table({"doc_id": [f"d{i}" for i in range(12)], "text": longer, "domain": domains}), parquet)
    return jsonl, parquet


def transformers_window_losses(directory: Path, texts: list[str], seq_len: int) -> np.ndarray:
    """Each window's mean next-token loss computed without our code: the texts encoded with the
    checkpoint's tokenizer.json, each closed by config.json's EOS, cut into consecutive windows
    and scored by transformers' own Qwen4ExpForCausalLM."""
    tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
    eos = json.loads((directory / "config.json").read_text())["eos_token_id"]
    stream = [i for text in texts for i in [*tokenizer.encode(text, add_special_tokens=False).ids, eos]]
    windows = torch.tensor(stream[: len(stream) // seq_len * seq_len]).reshape(-1, seq_len)
    model = transformers.Qwen4ExpForCausalLM.from_pretrained(directory).eval()
    with torch.no_grad():
        logits = model(input_ids=windows, use_cache=False).logits
    losses = F.cross_entropy(logits[:, :-1].transpose(1, 2).float(), windows[:, 1:], reduction="none")
    return losses.double().mean(dim=1).numpy()


def test_evaluation_scores_a_bridged_model_as_transformers_does(qwen_dirs, corpora):
    directory, (jsonl, _) = qwen_dirs[0], corpora
    bridged = load_model(directory)
    texts = [json.loads(line)["text"] for line in jsonl.read_text().splitlines()]
    expected = transformers_window_losses(directory, texts, SEQ_LEN)
    streams = corpus_streams(jsonl, None, bridged)
    assert list(streams) == ["unknown"]  # JSONL without a domain: one domain
    got = window_losses(bridged, streams, SEQ_LEN, None)["unknown"]  # what loss_report scores, window by window
    assert len(got) == len(expected) >= 4
    np.testing.assert_allclose(got, expected, rtol=1e-5)
    report = loss_report({"qwen": bridged}, {"c": (jsonl, None)}, seq_len=SEQ_LEN, samples=200)
    overall = next(row for row in report["losses"] if row["domain"] == "all")
    assert overall["windows"] == len(expected) and overall["loss"] == pytest.approx(expected.mean(), rel=1e-6)


def test_evaluate_cli_on_a_bridged_checkpoint(qwen_dirs, corpora, tmp_path):
    directory, (_, parquet) = qwen_dirs[0], corpora
    out = tmp_path / "evaluate"
    code, output = invoke("evaluate", "--model", directory, "--corpus", parquet, "--out", out, "--samples", 100)
    assert code == 0, output
    report = json.loads((out / "loss.json").read_text())
    seq_len = report["seq_len"]  # the model's max_seq_len
    table = pq.read_table(parquet).to_pylist()
    for domain in ("code", "prose"):
        texts = [row["text"] for row in table if row["domain"] == domain]
        row = next(r for r in report["losses"] if r["domain"] == domain)
        expected = transformers_window_losses(directory, texts, seq_len)
        assert row["windows"] == len(expected) and row["loss"] == pytest.approx(expected.mean(), rel=1e-5)


def test_similarity_of_a_bridged_model_with_itself_and_with_another_seed(qwen_dirs, corpora, tmp_path):
    seed0, seed1 = qwen_dirs
    jsonl = corpora[0]
    check_same_tokenizer(str(seed0), str(seed1))  # two checkpoints of one model: comparable
    common = ("--corpus", jsonl, "--positions", "all", "--tokens", 300, "--minibatch", 32)
    code, output = invoke("similarity", "--a", seed0, "--b", "none", *common, "--out", tmp_path / "self")
    assert code == 0, output
    itself = np.array(json.loads((tmp_path / "self" / "similarity.json").read_text())["cka"], dtype=float)
    np.testing.assert_allclose(np.diag(itself), 1, atol=1e-4)  # the null: every layer is itself
    code, output = invoke("similarity", "--a", seed0, "--b", seed1, *common, "--out", tmp_path / "seeds")
    assert code == 0, output
    seeds = np.array(json.loads((tmp_path / "seeds" / "similarity.json").read_text())["cka"], dtype=float)
    assert seeds.shape == itself.shape and np.all(np.diag(seeds) < 0.99)  # other random weights: other representations


def test_models_with_different_tokenizers_are_refused_in_one_line_before_loading(qwen_dirs, tmp_path):
    seed0 = qwen_dirs[0]
    # the same model with its weights gone: a refusal that loaded weights would fail on them instead
    hollow = tmp_path / "hollow"
    hollow.mkdir()
    (hollow / "tokenizer.json").write_bytes((seed0 / "tokenizer.json").read_bytes())
    (hollow / "config.json").write_bytes((seed0 / "config.json").read_bytes())
    check_same_tokenizer(str(seed0), str(hollow))
    for a, b in (("baseline", str(seed0)), (str(seed0), "baseline")):
        with pytest.raises(input_errors()) as caught:
            check_same_tokenizer(a, b)
        line = describe(caught.value)
        assert "\n" not in line and a in line and b in line and "different tokenizers" in line, line
    with pytest.raises(input_errors(), match="different tokenizers"):
        check_same_tokenizer(str(hollow), "baseline")


def test_the_commands_refuse_what_they_cannot_compare_in_one_line(qwen_dirs, corpora, tmp_path):
    """similarity and evaluate across tokenizers, and --table-means on a bridged model: one line
    naming the fix, no traceback, nothing written."""
    seed0, jsonl = qwen_dirs[0], corpora[0]
    refusals = [
        (("similarity", "--a", "baseline", "--b", seed0, "--corpus", jsonl), "different tokenizers"),
        (("evaluate", "--model", "engram", "--model", seed0, "--corpus", jsonl), "different tokenizers"),
        (("evaluate", "--model", seed0, "--corpus", jsonl, "--table-means"), "drop --table-means"),
    ]
    for args, words in refusals:
        code, output = invoke(*args, "--out", tmp_path / "out")
        assert code in (1, 2) and words in output and "Traceback" not in output, output
    assert not (tmp_path / "out").exists()


def test_evaluate_reads_a_jsonl_corpus_as_one_domain(qwen_dirs, corpora, tmp_path):
    directory, jsonl = qwen_dirs[0], corpora[0]
    code, output = invoke(
        "evaluate", "--model", directory, "--corpus", jsonl, "--seq-len", SEQ_LEN, "--out", tmp_path, "--samples", 100
    )
    assert code == 0, output
    report = json.loads((tmp_path / "loss.json").read_text())
    texts = [json.loads(line)["text"] for line in jsonl.read_text().splitlines()]
    row = next(r for r in report["losses"] if r["domain"] == "unknown")
    expected = transformers_window_losses(directory, texts, SEQ_LEN)
    assert report["seq_len"] == SEQ_LEN and row["loss"] == pytest.approx(expected.mean(), rel=1e-5)
