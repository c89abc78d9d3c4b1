"""Engram traffic figures (probe.offload.traffic) against independent computations: row ids from the
spec's hash in plain Python integers, distinct rows with Python sets, LRU and Belady by brute
force on small random traces."""

import numpy as np
import pytest

from engram_model import ModelConfig
from probe.offload.models import preset_addressing
from probe.offload.traffic import (
    belady_hits,
    decode_steps,
    document_rows,
    global_rows,
    hygiene,
    lru_hits,
    next_use,
    prefill_steps,
    previous_use,
    step_traffic,
    traffic_report,
)

V41 = ModelConfig.preset("deepseek-v4.1-flash").engram


@pytest.fixture(scope="module")
def addressing():
    return preset_addressing("deepseek-v4.1-flash")


@pytest.fixture(scope="module")
def addresser(addressing):
    return addressing.addresser


def spec_rows(addresser, ids: list[int]) -> dict[int, list[list[int]]]:
    """Row ids per layer `[T][heads]` straight from ENGRAM_SPEC §2 in Python integers:
    mix_2 = x_t*m0 ^ x_{t-1}*m1, mix_n = mix_{n-1} ^ x_{t-n+1}*m_{n-1}, head row = mix_n mod P."""
    n_max, pad = V41.max_ngram, V41.pad_id
    padded = [pad] * (n_max - 1) + ids
    out = {}
    for layer in V41.layers:
        m = addresser.multipliers[layer]
        primes = addresser.table_sizes[layer]
        per_token = []
        for t in range(n_max - 1, len(padded)):
            mix, heads = padded[t] * m[0], []
            for n in range(2, n_max + 1):
                mix ^= padded[t - n + 1] * m[n - 1]
                heads += [mix % p for p in primes[n - 2]]
            per_token.append(heads)
        out[layer] = per_token
    return out


def test_v41_reads_48_rows_of_264_bytes_per_token():
    assert V41.n_heads * len(V41.layers) == 2 * 3 * 8 == 48
    assert preset_addressing("deepseek-v4.1-flash").row_bytes == 256 + 8


def test_prefill_distinct_rows_per_head_match_a_set_count_of_the_spec_hash(addressing, addresser):
    rng = np.random.default_rng(0)
    ids = rng.integers(0, 5, size=96).tolist()  # five tokens: 25 possible 2-grams, 625 4-grams
    rows = addresser.rows(np.array([ids]))
    flat = global_rows(addressing, {layer: r[0] for layer, r in rows.items()})
    batch, seq_len = 2, 16
    steps = prefill_steps(flat, batch, seq_len)
    report = step_traffic(steps, V41, len(V41.layers), addressing.row_bytes)

    expected = spec_rows(addresser, ids)
    stretch = len(ids) // batch
    per_step = []
    for s in range(stretch // seq_len):
        positions = [b * stretch + s * seq_len + t for b in range(batch) for t in range(seq_len)]
        per_step.append([[len({expected[layer][p][h] for p in positions}) for h in range(V41.n_heads)] for layer in V41.layers])
    assert report["steps"] == len(per_step) == 3
    np.testing.assert_allclose(report["distinct_per_head"], np.mean(per_step, axis=0).round(1))
    two_gram = np.mean([sum(c for layer in step for c in layer[:8]) for step in per_step])
    four_gram = np.mean([sum(c for layer in step for c in layer[16:]) for step in per_step])
    assert report["distinct_per_order"]["2"] == pytest.approx(two_gram)
    assert report["distinct_per_order"]["4"] == pytest.approx(four_gram)
    assert two_gram < four_gram  # the 2-gram heads dedupe, the 4-gram heads barely do


def test_a_stream_in_chunks_gives_the_rows_of_the_whole_sequence(addressing, addresser):
    """`TableAddressing.stream` carries each sequence's last N-1 ids from chunk to chunk: its rows
    are those of one call on the whole text, whatever the chunk length."""
    rng = np.random.default_rng(4)
    ids = rng.integers(0, V41.compressed_vocab_size, size=(2, 29))
    edges = [0, 1, 4, 7, 11, 12, 20, 29]  # chunks shorter than, equal to and longer than the N-1 = 3 ids of history
    stream = addressing.stream(2)
    parts = [stream.rows(ids[:, a:b]) for a, b in zip(edges, edges[1:])]
    whole = addresser.rows(ids)
    assert all(np.array_equal(np.concatenate([p[layer] for p in parts], axis=1), whole[layer]) for layer in V41.layers)
    whole = addresser.rows(ids[:1])
    assert all(np.array_equal(document_rows(addressing, [ids[0]], chunk=5)[layer], whole[layer][0]) for layer in V41.layers)


def test_decode_steps_take_one_token_of_each_stretch():
    rows = np.arange(20)[:, None] * np.ones((1, 3), dtype=np.int64)
    steps = decode_steps(rows, batch=4, max_steps=2)
    assert steps[:, :, 0].tolist() == [[0, 5, 10, 15], [1, 6, 11, 16]]


def test_previous_and_next_use_match_a_scan():
    trace = np.random.default_rng(1).integers(0, 7, size=200)
    last, previous = {}, []
    for i, row in enumerate(trace.tolist()):
        previous.append(last.get(row, -1))
        last[row] = i
    assert previous_use(trace).tolist() == previous
    following = [next((j for j in range(i + 1, len(trace)) if trace[j] == trace[i]), len(trace)) for i in range(len(trace))]
    assert next_use(trace).tolist() == following


def brute_lru(trace, capacity):
    cache, hits = [], 0  # most recent last
    for row in trace:
        if row in cache:
            hits += 1
            cache.remove(row)
        elif len(cache) == capacity:
            cache.pop(0)
        cache.append(row)
    return hits


def brute_belady(trace, capacity):
    """On a miss into a full cache, drop whichever of the cached rows and the new one is
    requested again last (never again counts as last), scanning the future each time."""
    cache, hits = set(), 0
    for i, row in enumerate(trace):
        if row in cache:
            hits += 1
            continue
        if len(cache) < capacity:
            cache.add(row)
            continue

        def upcoming(r, now=i):
            return next((j for j in range(now + 1, len(trace)) if trace[j] == r), len(trace) + 1)

        victim = max(sorted(cache | {row}), key=upcoming)
        if victim != row:
            cache.remove(victim)
            cache.add(row)
    return hits


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("capacity", [1, 2, 5, 12])
def test_lru_and_belady_match_brute_force(seed, capacity):
    rng = np.random.default_rng(seed)
    trace = (rng.zipf(1.3, size=300) % 25).tolist()
    assert lru_hits(trace, capacity) == brute_lru(trace, capacity)
    assert belady_hits(trace, capacity) == brute_belady(trace, capacity)
    assert belady_hits(trace, capacity) >= lru_hits(trace, capacity)


def test_one_repeated_token_is_flagged_degenerate_and_varied_text_is_not(addressing):
    repeated = [np.full(400, 7)]
    varied = [np.random.default_rng(2).integers(0, V41.compressed_vocab_size, size=400)]
    for documents, degenerate in ((repeated, True), (varied, False)):
        report = traffic_report(addressing, documents, [(1, 64)], [4], [1 / 2**20], cache_tokens=40)
        assert report["hygiene"]["degenerate"] is degenerate
        assert report["hygiene"]["warnings"] or not degenerate
        assert (report["prefill"][0]["degenerate_steps"] > 0) is degenerate


def test_hygiene_counts_a_handful_of_rows_for_a_repeated_prompt(addressing, addresser):
    ids = np.full(300, 11)
    flat = global_rows(addressing, {layer: r[0] for layer, r in addresser.rows(ids[None]).items()})
    # after the pad history runs out, every order's heads see the same n-gram: N-1+1 rows per head at most
    assert max(len(np.unique(flat[:, h])) for h in range(flat.shape[1])) <= V41.max_ngram
    assert hygiene(flat, ids, V41, len(V41.layers))["degenerate"]


def test_traffic_and_plan_commands_write_their_results(model, tmp_path):
    import json

    from typer.testing import CliRunner

    from engram_model import save_model
    from probe.cli import app

    checkpoint = save_model(model, tmp_path / "ckpt")
    text = tmp_path / "text.txt"
    text.write_text("Alexander the Great was born in Pella. " * 20 + "def main(argv): return 0\n" * 10, encoding="utf-8")
    runner = CliRunner()
    args = [
        "offload",
        "traffic",
        "--model",
        checkpoint,
        "--corpus",
        text,
        "--out",
        tmp_path,
        "--prefill",
        "1x16,2x8",
        "--decode-batches",
        "1,4",
        "--cache-tokens",
        "40",
    ]
    result = runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "traffic.json").read_text())
    cfg = model.cfg.engram
    assert report["rows_per_token"] == len(cfg.layers) * cfg.n_heads
    assert [s["batch"] for s in report["decode"]] == [1, 4]
    assert report["page_cache_before_read"]["files"] == 1

    args = [
        "offload",
        "plan",
        "--traffic",
        tmp_path / "traffic.json",
        "--model",
        "tiny",
        "--batch-sizes",
        "1,3",
        "--out",
        tmp_path,
    ]
    result = runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "assumption" in result.output and "check: shared memory" in result.output
    assert {p["batch"] for p in json.loads((tmp_path / "plan.json").read_text())["projections"]} == {1, 3}
