"""`offload rowstats`: numbers that agree with the addressing, and a hot set load_model takes."""

import json

import numpy as np
import torch
from typer.testing import CliRunner

from engram_model import load_model, save_model
from engram_model.tables import hit_rate_curve, row_counts
from probe.offload_cli import offload_app


def test_rowstats_counts_agree_with_the_addressing(model, tmp_path, text):
    saved = save_model(model, tmp_path / "ckpt")
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(text * 20, encoding="utf-8")
    report_path, hot_path = tmp_path / "rows.json", tmp_path / "hot.npz"
    result = CliRunner().invoke(
        offload_app,
        ["rowstats", str(corpus), "--model", str(saved), "--sizes", "8,64,4096", "--json", str(report_path),
         "--hot-rows-out", str(hot_path), "--capacity", "32"],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(report_path.read_text())

    ids = np.array(model.tokenizer.encode(text * 20).ids)
    rows = model.engram_rows_numpy(torch.from_numpy(ids)[None])
    assert report["tokens"] == len(ids)
    for layer, layer_rows in rows.items():
        stats = report["layers"][str(layer)]
        flat, counts = row_counts(layer_rows + model.blocks[layer].engram.offsets.numpy())
        assert stats["requests"] == layer_rows.size and stats["unique"] == len(flat)
        assert list(stats["hit_rate_curve"].values()) == hit_rate_curve(counts, [8, 64, 4096]).tolist()
        assert [h["unique"] for h in stats["heads"]] == [len(np.unique(layer_rows[0, :, h])) for h in range(layer_rows.shape[-1])]

    # the hot set feeds a static cache, which then serves the same logits
    hot = {int(k): v for k, v in np.load(hot_path).items()}
    assert all(len(v) == 32 for v in hot.values())
    cached = load_model(saved, tier="mmap", cache_rows=32, cache_policy="static", hot_rows=hot)
    tokens = model.to_tokens(text)
    assert torch.equal(cached(tokens), model(tokens))
    assert cached.blocks[1].engram.table.stats.hits > 0


def test_rowstats_refuses_bad_input(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("some text", encoding="utf-8")
    result = CliRunner().invoke(offload_app, ["rowstats", str(corpus), "--model", str(tmp_path / "nowhere")])
    assert result.exit_code != 0 and "neither a checkpoint directory" in result.output
    result = CliRunner().invoke(offload_app, ["rowstats", str(corpus), "--sizes", "ten"])
    assert result.exit_code != 0 and "must be comma-separated row counts" in result.output
