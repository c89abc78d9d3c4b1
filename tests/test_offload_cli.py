"""`offload rowstats` and `probe.offload.rowstats.text_row_stats` under it: numbers that agree with the
addressing, and a hot set load_model takes;
`offload bench --quick`: the whole benchmark, end to end, in the layout the app reads."""

import dataclasses
import json
import math

import numpy as np
import pytest
import torch
from conftest import small_config
from typer.testing import CliRunner

from engram_model import EngramLM, TierOptions, load_model, save_model
from engram_model.tables import row_counts
from probe.cli.offload import offload_app
from probe.offload.bench import FULL, prefill_batches
from probe.offload.rowstats import hit_rate_curve, text_row_stats
from probe.plots import tier_ratio_figure


def test_rowstats_counts_agree_with_the_addressing(model, tmp_path, text):
    saved = save_model(model, tmp_path / "ckpt")
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(text * 20, encoding="utf-8")
    report_path, hot_path = tmp_path / "rows.json", tmp_path / "hot.npz"
    result = CliRunner().invoke(
        offload_app,
        [
            "rowstats",
            str(corpus),
            "--model",
            str(saved),
            "--sizes",
            "8,64,4096",
            "--json",
            str(report_path),
            "--hot-rows-out",
            str(hot_path),
            "--capacity",
            "32",
        ],
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
    cached = load_model(saved, tier=TierOptions("mmap", cache_rows=32, cache_policy="static", hot_rows=hot))
    tokens = model.to_tokens(text)
    assert torch.equal(cached(tokens), model(tokens))
    assert cached.blocks[1].engram.table.stats.hits > 0

    # the library function under the command: the same report and hot sets, from a model in memory
    library, library_hot = text_row_stats(
        model.table_addressing(str(saved)), text * 20, source=str(corpus), cache_sizes=[8, 64, 4096], capacity=32
    )
    assert json.loads(json.dumps(library)) == report
    assert library_hot.keys() == {str(k) for k in hot} and all(np.array_equal(library_hot[str(k)], v) for k, v in hot.items())


def test_text_row_stats_refuses_a_text_without_tokens_and_a_model_without_engram(model, tokenizer):
    with pytest.raises(ValueError, match="empty.txt has no tokens"):
        text_row_stats(model.table_addressing("engram"), "", source="empty.txt")
    with pytest.raises(ValueError, match="baseline has no Engram layers"):
        EngramLM(dataclasses.replace(small_config(tokenizer), engram=None), tokenizer).table_addressing("baseline")


def test_rowstats_refuses_bad_input(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("some text", encoding="utf-8")
    result = CliRunner().invoke(offload_app, ["rowstats", str(corpus), "--model", str(tmp_path / "nowhere")])
    assert result.exit_code != 0 and "neither a checkpoint directory" in result.output
    result = CliRunner().invoke(offload_app, ["rowstats", str(corpus), "--sizes", "ten"])
    assert result.exit_code != 0 and "must be comma-separated row counts" in result.output


def test_bench_quick_runs_every_model_and_variant_end_to_end(tmp_path):
    out = tmp_path / "results" / "offload.json"
    result = CliRunner().invoke(offload_app, ["bench", "--quick", "--workdir", str(tmp_path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert list(tmp_path.iterdir()) == [tmp_path / "results"]  # the generated checkpoints are removed
    bench = json.loads(out.read_text())
    assert set(bench["models"]) == {"tiny", "large"}
    setups = [(m, phase) for m in ("tiny", "large") for phase in ("warm", "cold") if phase in bench["models"][m]]
    assert setups == [("tiny", "warm"), ("large", "cold")]  # the quick plan's: warm paths on tiny, cold on large
    for model, phase in setups:
        for workload in ("prefill", "decode"):
            variants = bench["models"][model][phase][workload]
            assert variants["resident"]["ratio_to_resident"] == 1.0 and len(variants) >= 4
            for v in variants.values():
                assert v["tokens_per_s"] > 0 and math.isfinite(v["ratio_to_resident"]) and v["ratio_to_resident"] > 0
    assert bench["models"]["large"]["cold_overlap"] and bench["models"]["large"]["fetch_alone"]
    # what the app's Offload page and analyses/offload.ipynb draw: one bar group per model, cache, workload
    assert len(tier_ratio_figure(bench).data) == 4
    assert "cold pread+prefetch, next batch ahead" in result.output


def test_prefill_sequences_are_cut_to_the_models_context():
    text = np.arange(50_000, dtype=np.int64)  # every token its own position: contiguity is visible
    plan = dataclasses.replace(FULL, prefill_batches=4)
    batches = prefill_batches(text, plan, pad_id=-1, max_seq_len=256)
    lengths = []
    for tokens, mask, real in batches:
        assert tokens.shape[1] <= 256 and int(mask.sum()) == real
        assert torch.all(tokens[~mask] == -1)
        rows = [tokens[i, mask[i]] for i in range(len(tokens))]
        assert all(torch.all(row.diff() == 1) for row in rows)  # each row a contiguous stretch of text
        # consecutive rows of one sequence continue each other; a new sequence starts anywhere
        sequences = [[rows[0]]]
        for row in rows[1:]:
            continues = len(sequences[-1][-1]) == 256 and int(row[0]) == int(sequences[-1][-1][-1]) + 1
            sequences[-1].append(row) if continues else sequences.append([row])
        lengths += [sum(map(len, s)) for s in sequences]
    assert len(lengths) == 4 * plan.batch and all(100 <= n <= 1024 for n in lengths)
    assert max(lengths) > 256  # some sequence was longer than the context and was cut
