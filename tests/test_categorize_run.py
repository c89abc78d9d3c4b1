"""Categorizing a real probing run: enrichment tables, sampled positions and their contexts."""

import numpy as np
import pyarrow.parquet as pq
import pytest

from engram_model.corpus import Document
from probe import ProbeOptions, categorize, categorize_run, probe_corpus
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
    documents = [Document(f"doc{i}", t) for i, t in enumerate(TEXTS * 3)]
    probe_corpus(
        model, documents, out, {"model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}, ProbeOptions(), show_progress=False
    )
    return out


def test_enrichment_tables_and_figure_are_written(run_dir, model):
    table = categorize_run(run_dir, top_fraction=0.1, n_boot=50)
    labels = ("names", "code", "relational", "boilerplate", "other")
    assert table.num_rows == len(model.cfg.engram.layers) * len(labels)
    rows = table.to_pylist()
    assert {(r["layer"], r["label"]) for r in rows} == {(layer, label) for layer in model.cfg.engram.layers for label in labels}
    for row in rows:
        assert row["lo"] <= row["ratio"] <= row["hi"] or row["lo"] == row["hi"]
    for name in ("enrichment.parquet", "labelled_positions.parquet", "enrichment.html", "enrichment.json", "options.json"):
        assert (run_dir / "categories" / name).is_file()


def test_sampled_positions_carry_their_text_and_label(run_dir, model):
    categorize_run(run_dir, top_fraction=0.1, n_boot=20, order=3)
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


def test_low_confidence_positions_are_left_out(run_dir):
    everything = categorize_run(run_dir, top_fraction=0.1, n_boot=10, categorizer="model").to_pylist()
    sampled = pq.read_table(run_dir / "categories" / "labelled_positions.parquet")
    assert all(sampled.column("kept").to_pylist())
    threshold = float(np.median(sampled.column("confidence").to_numpy()))
    confident = categorize_run(run_dir, top_fraction=0.1, n_boot=10, min_confidence=threshold, categorizer="model").to_pylist()
    sampled = pq.read_table(run_dir / "categories" / "labelled_positions.parquet").to_pylist()
    assert all(row["kept"] == (row["confidence"] >= threshold) for row in sampled)
    assert not all(row["kept"] for row in sampled)
    for before, after in zip(everything, confident):
        kept_top = sum(r["kept"] for r in sampled if r["layer"] == after["layer"] and r["group"] == "top")
        assert after["n_top"] == kept_top <= before["n_top"]
    with pytest.raises(ValueError, match="min_confidence"):
        categorize_run(run_dir, min_confidence=1.5, categorizer="model")
    with pytest.raises(ValueError, match="needs categorizer='model'"):
        categorize_run(run_dir, min_confidence=0.5)
