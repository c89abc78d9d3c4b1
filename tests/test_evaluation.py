"""Loss per domain with intervals (`probe.analyses.evaluation`), the held-out evaluation set, and the
table-means collapse, against values computed here another way."""

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch
from conftest import small_config, stdlib_documents
from typer.testing import CliRunner

from engram_model import EngramLM, table_primes
from engram_model.corpus import heldout_sources, iter_documents
from engram_model.train import evaluate, tokenize_documents
from probe.analyses.ablation import collapse_to_head_means
from probe.analyses.evaluation import bootstrap_mean, loss_report, seed_summary
from probe.cli import app


def write_corpus(path, documents, split=None):
    pq.write_table(
        pa.table(
            {
                "doc_id": [d.doc_id for d in documents],
                "text": [d.text for d in documents],
                "domain": [d.domain for d in documents],
                "split": [split or "validation"] * len(documents),
            }
        ),
        path,
    )
    return path


@pytest.fixture
def corpora(tmp_path):
    inside = write_corpus(tmp_path / "in.parquet", stdlib_documents("json", "code")[:3] + stdlib_documents("email", "prose")[:2])
    outside = write_corpus(tmp_path / "out.parquet", stdlib_documents("html", "docs")[:2])
    return {"in": (inside, "validation"), "out": (outside, None)}


def test_bootstrap_mean_by_hand():
    assert bootstrap_mean(np.full(10, 2.5)) == (2.5, 2.5)
    values = np.random.default_rng(0).normal(1.0, 1.0, size=400)
    low, high = bootstrap_mean(values, samples=2000)
    half = 1.96 * values.std() / np.sqrt(len(values))  # the normal interval it approximates
    assert low == pytest.approx(values.mean() - half, abs=0.02) and high == pytest.approx(values.mean() + half, abs=0.02)


def test_bootstrap_mean_over_groups_resamples_whole_groups():
    # two documents of 1,000 equal tokens each: a draw holds both, or one of them twice
    values = np.r_[np.zeros(1000), np.ones(1000)]
    groups = np.r_[np.full(1000, "a"), np.full(1000, "b")]
    assert bootstrap_mean(values, groups=groups) == (0.0, 1.0)
    low, high = bootstrap_mean(values)  # as if the tokens were independent: far too narrow
    assert 0.45 < low < high < 0.55
    # groups of equal size: the same draws as a bootstrap of the group means
    rng = np.random.default_rng(1)
    values = rng.normal(size=(20, 5))
    groups = np.repeat(np.arange(20), 5)
    assert bootstrap_mean(values.ravel(), groups=groups, seed=3) == pytest.approx(bootstrap_mean(values.mean(axis=1), seed=3))


def test_loss_report_matches_training_validation_and_pairs_differences(tokenizer, corpora):
    torch.manual_seed(0)
    a = EngramLM(small_config(tokenizer), tokenizer).eval()
    b = EngramLM(small_config(tokenizer), tokenizer).eval()
    report = loss_report({"a": a, "b": b, "a again": a}, corpora, seq_len=64, samples=300)
    losses = {(r["corpus"], r["domain"], r["model"]): r for r in report["losses"]}
    streams = tokenize_documents(iter_documents(corpora["in"][0], split="validation"), tokenizer)
    validated = evaluate(a, streams, 64, None)  # what training reports, computed its own way
    assert losses[("in", "code", "a")]["loss"] == pytest.approx(validated["code"], rel=1e-6)
    assert losses[("in", "all", "a")]["loss"] == pytest.approx(validated["overall"], rel=1e-6)
    assert losses[("in", "all", "a")]["tokens"] == validated["tokens"]
    assert {(r["corpus"], r["domain"]) for r in report["losses"]} == {
        ("in", "code"),
        ("in", "prose"),
        ("in", "all"),
        ("out", "docs"),
        ("out", "all"),
    }
    for row in report["losses"]:
        assert row["ci_low"] <= row["loss"] <= row["ci_high"]
    deltas = {(d["corpus"], d["domain"], d["model"]): d for d in report["differences"]}
    same = deltas[("out", "docs", "a again")]
    assert same["delta"] == same["ci_low"] == same["ci_high"] == 0.0
    other = deltas[("out", "docs", "b")]
    assert other["delta"] == pytest.approx(losses[("out", "docs", "b")]["loss"] - losses[("out", "docs", "a")]["loss"])


def test_models_with_different_tokenizers_are_refused(tokenizer, corpora, model):
    from engram_model import train_bpe

    other = train_bpe(["some other text entirely, " * 50], vocab_size=300)
    lm = EngramLM(small_config(other), other)
    with pytest.raises(ValueError, match="different tokenizers"):
        loss_report({"a": model, "b": lm}, corpora, seq_len=64)


def test_collapse_sets_every_heads_rows_to_their_mean(tokenizer):
    torch.manual_seed(1)
    lm = EngramLM(small_config(tokenizer), tokenizer)
    before = {layer: lm.blocks[layer].engram.table.weight.detach().clone() for layer in lm.cfg.engram.layers}
    collapse_to_head_means(lm)
    for layer, primes in table_primes(lm.cfg.engram).items():
        after, start = lm.blocks[layer].engram.table.weight, 0
        for prime in (p for order in primes for p in order):  # heads in the table's order-major layout
            expected = before[layer][start : start + prime].mean(0)
            assert torch.allclose(after[start : start + prime], expected.expand(prime, -1))
            start += prime
        assert start == after.shape[0]


def test_heldout_sources_read_text_the_default_corpus_never_reads():
    code, docs = heldout_sources()
    assert (code.domain, docs.domain) == ("code", "docs")
    keys = [item.key for item in code.items()]
    assert keys and all(key.endswith(".py") and "/" in key for key in keys)
    assert not any(key.split("/", 1)[1].startswith(("json/", "email/")) for key in keys)  # stdlib is the corpus's code
    try:
        items = docs.items()
    except Exception as err:  # a machine without /usr/share/doc
        pytest.skip(str(err))
    assert items and not any(item.key.endswith("/copyright") for item in items)


def test_evaluate_cli_prints_intervals_and_writes_loss_json(corpora, tmp_path):
    out = tmp_path / "evaluate"
    result = CliRunner().invoke(
        app,
        [
            "evaluate",
            "--model",
            "engram",
            "--model",
            "baseline",
            "--corpus",
            str(corpora["out"][0]),
            "--out",
            str(out),
            "--samples",
            "100",
            "--max-tokens",
            "2048",
            "--table-means",
        ],
        env={"COLUMNS": "300"},
    )
    assert result.exit_code == 0, result.output
    import json

    report = json.loads((out / "loss.json").read_text())
    assert {r["model"] for r in report["losses"]} == {"engram", "baseline", "engram@means"}
    assert "baseline - engram" in result.output


def test_seed_summary_by_hand():
    def report(first: str, second: str, a: float, b: float) -> dict:
        rows = [{"corpus": "in", "domain": "all", "model": m, "tokens": 510, "loss": v} for m, v in ((first, a), (second, b))]
        return {"losses": rows, "differences": [{"corpus": "in", "domain": "all", "model": second, "delta": b - a}]}

    reports = {0: report("engram", "baseline", 3.0, 3.5), 1: report("e1", "b1", 3.2, 3.4), 2: report("e2", "b2", 3.1, 3.6)}
    (row,) = seed_summary(reports)["rows"]
    assert row["loss"]["engram"]["values"] == {0: 3.0, 1: 3.2, 2: 3.1} and row["loss"]["engram"]["mean"] == pytest.approx(3.1)
    difference = row["difference"]
    assert difference["mean"] == pytest.approx(0.4) and difference["sd"] == pytest.approx(np.std([0.5, 0.2, 0.5], ddof=1))
    half = 4.303 * difference["sd"] / np.sqrt(3)  # Student t, 2 degrees of freedom
    assert (difference["ci_low"], difference["ci_high"]) == pytest.approx((0.4 - half, 0.4 + half))
    reports[2]["losses"][0]["tokens"] = 255
    with pytest.raises(ValueError, match="same text"):
        seed_summary(reports)
