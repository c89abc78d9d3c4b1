"""Categorizing a real probing run: enrichment tables, sampled positions and their contexts."""

import json
import warnings

import numpy as np
import pyarrow.parquet as pq
import pytest
from rich.console import Console

from engram_model.corpus import Document
from probe import ProbeOptions, categorize, categorize_run, probe_corpus
from probe.categorize.report import enrichment_report
from probe.categorize.run import CATEGORY_COLUMNS, RESOURCES, categorizer_digest, confusion_counts
from probe.runs.store import connect

TEXTS = [
    "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle.",
    "Permission is hereby granted, free of charge, to any person obtaining a copy of this software.",
    "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n",
    "The Milky Way is a barred spiral galaxy. Princess of Wales is a title. By the way, it rained.",
]


@pytest.fixture(scope="module")
def run_dir(model, tmp_path_factory):
    out = tmp_path_factory.mktemp("categorize") / "run"
    # prose and code are default-corpus domains with hand-labelled items; poetry has none
    domains = ["prose", "legal", "code", "poetry"]
    documents = [Document(f"doc{i}", t, domain=domains[i % 4]) for i, t in enumerate(TEXTS * 3)]
    probe_corpus(
        model, documents, out, {"model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}, ProbeOptions(), show_progress=False
    )
    return out


def test_enrichment_tables_and_figure_are_written(run_dir, model):
    table = categorize_run(run_dir, top_fraction=0.1, n_boot=50, categorizer="model")
    labels = ("names", "code", "relational", "boilerplate", "other")
    rows = table.to_pylist()
    pooled = [r for r in rows if r["domain"] is None]
    assert len(pooled) == len(model.cfg.engram.layers) * len(labels)
    assert {(r["layer"], r["label"]) for r in pooled} == {(layer, label) for layer in model.cfg.engram.layers for label in labels}
    for row in rows:
        for prefix in ("", "corrected_"):
            lo, ratio, hi = row[f"{prefix}lo"], row[f"{prefix}ratio"], row[f"{prefix}hi"]
            assert lo is None or lo <= ratio <= hi
        assert row["flips"] is None or row["flips"] == (row["conclusion"] != row["corrected_conclusion"])
    for name in ("enrichment.parquet", "labelled_positions.parquet", "enrichment.html", "enrichment.json", "options.json"):
        assert (run_dir / "categories" / name).is_file()
    for name, columns in CATEGORY_COLUMNS.items():  # what the app's Categories page reads
        assert set(columns) <= set(pq.read_schema(run_dir / "categories" / name).names), name


def test_per_domain_rows_count_their_own_positions_with_their_accuracy(run_dir, model):
    table = categorize_run(run_dir, top_fraction=0.1, n_boot=50, categorizer="model")
    sampled = pq.read_table(run_dir / "categories" / "labelled_positions.parquet").to_pylist()
    counts = json.loads((RESOURCES / "confusion_model.json").read_text())
    test = np.array(counts["test"]["counts"])
    for row in table.to_pylist():
        members = [s for s in sampled if s["layer"] == row["layer"] and (row["domain"] is None or s["domain"] == row["domain"])]
        top = [s for s in members if s["group"] == "top"]
        assert row["n_top"] == len(top)
        assert row["count_top"] == sum(s["label"] == row["label"] for s in top)
        assert row["docs_top"] == len({s["doc_id"] for s in top})
        if row["domain"] is None:
            assert row["accuracy"] == pytest.approx(np.trace(test) / test.sum()) and row["accuracy_items"] == test.sum()
        elif row["domain"] == "poetry":  # no labelled poetry items: unknown, not invented
            assert row["accuracy"] is None and row["accuracy_items"] is None
        else:
            domain = np.array(counts["domains"]["counts"][row["domain"]])
            assert row["accuracy"] == pytest.approx(np.trace(domain) / domain.sum())
    assert {r["domain"] for r in table.to_pylist()} - {None} <= {"prose", "legal", "code", "poetry"}
    assert len({r["domain"] for r in table.to_pylist()}) > 2


def test_error_rates_of_the_default_corpus_items(run_dir):
    table = categorize_run(run_dir, top_fraction=0.1, n_boot=20, categorizer="rules", error_rates="default_corpus")
    counts = json.loads((RESOURCES / "confusion_rules.json").read_text())
    pooled = sum(np.array(c) for c in counts["domains"]["counts"].values())
    for row in table.to_pylist():
        if row["domain"] is None:
            assert row["accuracy"] == pytest.approx(np.trace(pooled) / pooled.sum()) and row["accuracy_items"] == pooled.sum()
    options = json.loads((run_dir / "categories" / "options.json").read_text())
    assert options["error_rates"] == "default_corpus"
    assert options["corrected_with"]["file"] == "data/categorizer/v2/default_corpus.jsonl"
    with pytest.raises(ValueError, match="error_rates='hand'"):
        categorize_run(run_dir, error_rates="hand")


def test_the_console_report_shows_raw_and_corrected_per_domain(run_dir):
    table = categorize_run(run_dir, top_fraction=0.1, n_boot=50, categorizer="model")
    console = Console(record=True, width=200)
    console.print(enrichment_report(table, top_fraction=0.1))
    text = console.export_text()
    assert "raw" in text and "corrected" in text and "accuracy" in text
    for row in table.to_pylist():
        assert f"{row['ratio']:.2f}" in text and f"{row['corrected_ratio']:.2f}" in text
        assert (row["domain"] or "all") in text
    assert ("flips" in text.split("\n", 3)[-1]) == any(row["flips"] for row in table.to_pylist())


def test_sampled_positions_carry_their_text_and_label(run_dir, model):
    categorize_run(run_dir, top_fraction=0.1, n_boot=20, order=3, categorizer="rules")
    sampled = pq.read_table(run_dir / "categories" / "labelled_positions.parquet").to_pylist()
    with connect(run_dir) as con:
        texts = dict(con.sql("SELECT doc_id, text FROM documents").fetchall())
        all_gates = con.sql("SELECT layer, gate_mean FROM gates").fetchall()
    for layer in model.cfg.engram.layers:
        top = [r for r in sampled if r["layer"] == layer and r["group"] == "top"]
        layer_gates = sorted((g for l_, g in all_gates if l_ == layer), reverse=True)
        assert sorted(r["gate"] for r in top) == pytest.approx(sorted(layer_gates[: len(top)]))
        assert len([r for r in sampled if r["layer"] == layer and r["group"] == "random"]) == len(top)
    checked = 0
    for row in sampled:
        assert row["label"] == categorize(row["ngram"], row["left_context"], row["right_context"]).label
        if "<|" not in row["ngram"]:
            assert row["left_context"] + row["ngram"] + row["right_context"] in texts[row["doc_id"]]
            checked += 1
    assert checked > 0


def test_bad_options_are_refused(run_dir):
    with pytest.raises(ValueError, match="order=7"):
        categorize_run(run_dir, order=7)
    with pytest.raises(ValueError, match="gate="):
        categorize_run(run_dir, gate="median")
    assert np.isfinite(categorize_run(run_dir, gate="max", n_boot=10).column("ratio").to_numpy()).all()
    assert np.isfinite(categorize_run(run_dir, n_boot=10, categorizer="rules").column("corrected_ratio").to_numpy()).all()


def test_low_confidence_positions_are_left_out(run_dir):
    everything = categorize_run(run_dir, top_fraction=0.1, n_boot=10, categorizer="model").to_pylist()
    sampled = pq.read_table(run_dir / "categories" / "labelled_positions.parquet")
    assert all(sampled.column("kept").to_pylist())
    # halfway between two stored (float32) confidences, so no position sits on the threshold after rounding
    values = np.unique(sampled.column("confidence").to_numpy())
    threshold = float((values[len(values) // 2 - 1] + values[len(values) // 2]) / 2)
    confident = categorize_run(run_dir, top_fraction=0.1, n_boot=10, min_confidence=threshold, categorizer="model").to_pylist()
    assert all(row["corrected_ratio"] is None for row in confident)  # error rates measured over every test item
    sampled = pq.read_table(run_dir / "categories" / "labelled_positions.parquet").to_pylist()
    assert all(row["kept"] == (row["confidence"] >= threshold) for row in sampled)
    assert not all(row["kept"] for row in sampled)
    pooled = [[row for row in rows if row["domain"] is None] for rows in (everything, confident)]
    for before, after in zip(*pooled):
        kept_top = sum(r["kept"] for r in sampled if r["layer"] == after["layer"] and r["group"] == "top")
        assert after["n_top"] == kept_top <= before["n_top"]
    with pytest.raises(ValueError, match="min_confidence"):
        categorize_run(run_dir, min_confidence=1.5, categorizer="model")
    with pytest.raises(ValueError, match="needs categorizer='model'"):
        categorize_run(run_dir, min_confidence=0.5, categorizer="rules")


def test_committed_confusion_counts_belong_to_the_categorizers_as_they_are():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # stale counts warn: rerun `python tools/categorizer_confusion.py`
        for categorizer in ("model", "rules"):
            counts = confusion_counts(categorizer)
            assert counts["categorizer_sha256"] == categorizer_digest(categorizer)
            assert np.array(counts["test"]["counts"]).sum() == 661  # the frozen test set's agreed items
    assert categorizer_digest("model") != categorizer_digest("rules")
