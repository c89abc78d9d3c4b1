"""The analyses/ notebooks run end to end: on a small checkpoint and corpus, passed through
their parameter cell's environment variables."""

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from engram_model import save_model

pytestmark = pytest.mark.slow

NOTEBOOKS = Path(__file__).resolve().parent.parent / "analyses"
TEXTS = [
    ("prose", "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle."),
    ("licence", "Permission is hereby granted, free of charge, to any person obtaining a copy of this software."),
    ("code", "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n"),
]


@pytest.fixture(scope="module")
def small_input(model, tmp_path_factory):
    base = tmp_path_factory.mktemp("notebooks")
    save_model(model, base / "ckpt")
    corpus = base / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"text": text, "domain": domain}) + "\n" for domain, text in TEXTS * 4))
    return base / "ckpt", corpus


@pytest.mark.parametrize("name", ["gate_categories", "layer_similarity", "offload", "ablations", "allocation_sweep"])
def test_notebook_runs_end_to_end(name, small_input, tmp_path, monkeypatch):
    checkpoint, corpus = small_input
    for key, value in {
        "MODEL": checkpoint,
        "BASELINE": checkpoint,
        "CORPUS": corpus,
        "DOCUMENTS": 12,
        "TOKENS": 300,
        "OUT": tmp_path,
        "SWEEP": NOTEBOOKS.parent / "benchmarks" / "results" / "allocation_sweep.csv",  # the committed sweep: reading only
    }.items():
        monkeypatch.setenv(f"ENGRAM_NB_{key}", str(value))  # the kernel inherits this process's environment
    notebook = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("application/vnd.plotly.v1+json" in o.get("data", {}) for o in outputs), "no figure was drawn"
