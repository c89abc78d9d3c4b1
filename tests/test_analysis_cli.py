import dataclasses
import json

import pytest
import torch
from typer.testing import CliRunner

from engram_model import EngramLM, configure_for_tokenizer, save_model, train_bpe
from probe.cli import app

TEXTS = [
    ("prose", "Alexander the Great was born in Pella, the capital of Macedon. The Milky Way is a barred spiral galaxy."),
    ("licence", "Permission is hereby granted, free of charge, to any person obtaining a copy of this software."),
    ("code", "def main(argv):\n    return parse(argv[1:])\n"),
]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory, model, tokenizer):
    """Two checkpoints with the same tokenizer (Engram, and a baseline without it), one with
    another tokenizer, and a JSONL corpus with domains."""
    root = tmp_path_factory.mktemp("analysis")
    save_model(model, root / "engram")
    torch.manual_seed(3)
    save_model(EngramLM(dataclasses.replace(model.cfg, engram=None, n_layers=4), tokenizer).eval(), root / "baseline")
    other = train_bpe([text for _, text in TEXTS] * 20, vocab_size=300)
    save_model(
        EngramLM(configure_for_tokenizer(dataclasses.replace(model.cfg, engram=None), other), other).eval(), root / "other"
    )
    with open(root / "corpus.jsonl", "w") as f:
        for i in range(12):
            domain, text = TEXTS[i % 3]
            f.write(json.dumps({"id": f"d{i}", "text": text * (1 + i % 4), "domain": domain}) + "\n")
    return root


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


def test_similarity_writes_json_and_figures(workdir):
    out = workdir / "sim"
    result = invoke(
        "similarity",
        "--a",
        workdir / "engram",
        "--b",
        workdir / "baseline",
        "--corpus",
        workdir / "corpus.jsonl",
        "--positions",
        "all",
        "--tokens",
        500,
        "--minibatch",
        64,
        "--out",
        out,
    )
    assert result.exit_code == 0, result.output
    data = json.loads((out / "similarity.json").read_text())
    assert data["analysis"] == "similarity" and data["a"]["engram_layers"] == [1, 2] and data["b"]["engram_layers"] == []
    assert data["corpus"]["tokens"] == 500 and data["positions"]["rule"] == "all"
    assert data["corpus"]["order"] == "shuffled (seed 0)" and data["corpus"]["per_document"] == 512
    assert len(data["cka"]) == 3 and len(data["cka"][0]) == 4 and len(data["cka_b"]) == 4
    assert data["layers_a"] == [0, 1, 2] and data["layers_b"] == [0, 1, 2, 3]
    assert data["alignment"]["k"] == 4 and len(data["alignment"]["a_j"]) == 3  # k=5 capped at b's 4 layers
    assert (out / "cka.html").stat().st_size > 1000 and (out / "alignment.html").is_file()
    assert "soft alignment" in result.output


def test_similarity_on_entities_and_a_sample(workdir):
    for args in (("--positions", "entities"), ("--positions", "sample", "--sample", 40)):
        result = invoke(
            "similarity",
            "--a",
            workdir / "engram",
            "--b",
            "none",
            "--corpus",
            workdir / "corpus.jsonl",
            "--tokens",
            600,
            "--minibatch",
            16,
            "--out",
            workdir / "sim2",
            *args,
        )
        assert result.exit_code == 0, result.output
        data = json.loads((workdir / "sim2" / "similarity.json").read_text())
        assert data["b"]["name"] == data["a"]["name"] and data["positions"]["count"] >= 4


def test_similarity_refuses_different_tokenizers(workdir):
    result = invoke(
        "similarity",
        "--a",
        workdir / "engram",
        "--b",
        workdir / "other",
        "--corpus",
        workdir / "corpus.jsonl",
        "--tokens",
        200,
        "--out",
        workdir / "bad",
    )
    assert result.exit_code != 0
    assert "different tokenizers" in result.output and not (workdir / "bad").exists()


def test_lens_of_two_models(workdir):
    out = workdir / "lens"
    result = invoke(
        "lens", workdir / "engram", workdir / "baseline", "--corpus", workdir / "corpus.jsonl", "--tokens", 300, "--out", out
    )
    assert result.exit_code == 0, result.output
    data = json.loads((out / "lens.json").read_text())
    assert [len(m["kl"]) for m in data["models"]] == [4, 5] and data["models"][0]["layers"][0] == -1
    assert data["models"][0]["kl"][-1] == pytest.approx(0, abs=1e-5)
    assert (out / "lens.html").is_file()


def test_ablate_writes_json_and_figures(workdir):
    out = workdir / "ablation"
    result = invoke("ablate", workdir / "engram", "--corpus", workdir / "corpus.jsonl", "--tokens", 400, "--out", out)
    assert result.exit_code == 0, result.output
    data = json.loads((out / "ablation.json").read_text())
    assert data["mode"] == "gate" and set(data["conditions"]) == {"on", "off", "off_pinned", "off_prefill", "off_decode"}
    assert {g["domain"] for g in data["by_domain"]} == {"prose", "licence", "code"}
    assert data["overall"]["tokens"] == 400 - data["corpus"]["chunks"]
    low, high = data["overall"]["delta_ci"]["off"]
    assert f"{data['overall']['delta']['off']:+.3f} [{low:+.3f}, {high:+.3f}]" in result.output
    for name in ("ablation_domain.html", "ablation_category.html", "ablation_generation.html"):
        assert (out / name).is_file()


def test_ablate_on_a_model_without_engram_says_so(workdir):
    result = invoke(
        "ablate", workdir / "baseline", "--corpus", workdir / "corpus.jsonl", "--tokens", 100, "--out", workdir / "no"
    )
    assert result.exit_code != 0
    assert "no Engram layers" in result.output and "lens and similarity" in result.output


def test_bad_options_are_named(workdir):
    result = invoke(
        "lens", workdir / "engram", "--corpus", workdir / "corpus.jsonl", "--positions", "last", "--out", workdir / "x"
    )
    assert result.exit_code != 0 and "'last'" in result.output
    result = invoke(
        "similarity",
        "--a",
        workdir / "engram",
        "--b",
        "none",
        "--corpus",
        workdir / "corpus.jsonl",
        "--positions",
        "sample",
        "--sample",
        10_000,
        "--tokens",
        100,
        "--out",
        workdir / "x",
    )
    assert result.exit_code != 0 and "--sample 10000" in result.output
