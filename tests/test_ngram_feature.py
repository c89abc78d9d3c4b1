"""The n-gram feature page's data: quantile bins and pages of occurrences, the context
breakdown with its interval, and hash neighbours against the model's own addressing."""

import json
import math
import statistics
from collections import defaultdict

import numpy as np
import pyarrow as pa
import pytest
from conftest import documents

from probe import ProbeOptions, RecordOptions, probe_corpus
from probe.runs.ngram_feature import (
    DOCUMENT_END,
    DOCUMENT_START,
    context_breakdown,
    has_recorded_rows,
    hash_neighbours,
    layer_position_rows,
    order_heads,
    page_count,
    page_slice,
    quantile_bins,
    run_model_address,
    surrounding_tokens,
)
from probe.runs.queries import ngram_occurrences, token_contexts
from probe.runs.scan import run_manifest


def test_quantile_bins_by_rank_hand_worked():
    bins = quantile_bins([0.1, 0.9, 0.5, 0.9, 0.3], parts=5)
    # highest first, the tie at 0.9 in table order: 1, 3, 2, 4, 0
    assert {k: v.tolist() for k, v in bins.items()} == {
        "top": [1, 3, 2, 4, 0],
        "80–100th percentile": [1],
        "60–80th percentile": [3],
        "40–60th percentile": [2],
        "20–40th percentile": [4],
        "0–20th percentile": [0],
        "bottom": [0, 4, 2, 3, 1],
    }


def test_deciles_cover_every_occurrence_once_in_falling_gate():
    gates = np.random.default_rng(0).random(25)
    deciles = [v for k, v in quantile_bins(gates).items() if k not in ("top", "bottom")]
    assert len(deciles) == 10 and [len(d) for d in deciles] == [2, 3, 2, 3, 2, 3, 2, 3, 2, 3]  # floor(25k/10) cuts
    assert sorted(np.concatenate(deciles).tolist()) == list(range(25))
    for higher, lower in zip(deciles, deciles[1:]):
        assert gates[higher].min() >= gates[lower].max()


def test_pages_of_occurrences():
    assert page_count(45, 20) == 3 and page_count(0, 20) == 1 and page_count(40, 20) == 2
    assert page_slice(45, 3, 20) == slice(40, 45) and page_slice(45, 1, 20) == slice(0, 20)
    assert page_slice(0, 1, 20) == slice(0, 0)
    for page in (0, 4):
        with pytest.raises(ValueError, match="pages 1 to 3"):
            page_slice(45, page, 20)


def test_surrounding_tokens_hand_worked():
    contexts = [
        [{"position": p, "token": t} for p, t in [(3, "a"), (4, "b"), (5, "c"), (6, "d")]],
        [{"position": p, "token": t} for p, t in [(0, "x"), (1, "y")]],  # at the document's start and end
    ]
    assert surrounding_tokens([5, 1], contexts, order=2) == (["a", DOCUMENT_START], ["d", DOCUMENT_END])


def test_context_breakdown_hand_worked():
    table = context_breakdown(["a", "a", "b", "a", "c"], [0.2, 0.4, 0.9, 0.6, 0.5], "token").to_pylist()
    a = table[0]
    # mean 0.4, sample sd sqrt((0.04 + 0 + 0.04) / 2) = 0.2, half width 1.96 * 0.2 / sqrt(3)
    assert a["token"] == "a" and a["count"] == 3 and a["share"] == pytest.approx(0.6) and a["mean_gate"] == pytest.approx(0.4)
    assert a["low"] == pytest.approx(0.4 - 0.226321, abs=1e-6) and a["high"] == pytest.approx(0.4 + 0.226321, abs=1e-6)
    assert [(r["token"], r["count"], r["low"]) for r in table[1:]] == [("b", 1, None), ("c", 1, None)]
    kept = context_breakdown(["a", "a", "b", "a", "c"], [0.2, 0.4, 0.9, 0.6, 0.5], "token", min_count=2)
    assert kept.column("token").to_pylist() == ["a"] and kept.column("share").to_pylist() == [pytest.approx(0.6)]
    shares = context_breakdown(["x", "y"], [0.1, 0.2], "domain", expected_share={"x": 0.25})
    assert shares.column("expected_share").to_pylist() == [0.25, None]


def test_context_breakdown_matches_a_loop_over_groups():
    rng = np.random.default_rng(1)
    keys, gates = rng.choice(list("pqrstu"), 300).tolist(), rng.random(300)
    groups = defaultdict(list)
    for key, gate in zip(keys, gates):
        groups[key].append(gate)
    for row in context_breakdown(keys, gates, "key").to_pylist():
        values = groups[row["key"]]
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        assert row["count"] == len(values) and row["mean_gate"] == pytest.approx(statistics.fmean(values))
        assert (row["low"], row["high"]) == (pytest.approx(row["mean_gate"] - half), pytest.approx(row["mean_gate"] + half))


@pytest.fixture(scope="module")
def runs(model, tmp_path_factory):
    """The same documents probed twice by the small model (table primes 97 and 89, so n-grams
    collide): with row ids recorded by the model's forward pass, and without, as a run that names
    its checkpoint so the model can be opened again."""
    from engram_model import save_model

    base = tmp_path_factory.mktemp("feature")
    checkpoint = save_model(model, base / "ckpt")
    corpus = base / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"text": d.text}) + "\n" for d in documents(6)))
    manifest = run_manifest(model, str(checkpoint), checkpoint, corpus, None)
    for name, rows in (("recorded", True), ("plain", False)):
        options = ProbeOptions(record=RecordOptions(rows=rows), categorize=False)
        probe_corpus(model, documents(6), base / name, manifest, options, show_progress=False)
    return base / "recorded", base / "plain"


def test_rows_addressed_again_equal_those_the_forward_pass_recorded(runs):
    recorded, plain = runs
    assert has_recorded_rows(recorded) and not has_recorded_rows(plain)
    for layer in (1, 2):
        address = run_model_address(plain, layer)  # the run's model, opened again from its manifest
        for order in (2, 3):
            from_forward = layer_position_rows(recorded, layer, order)
            computed = layer_position_rows(plain, layer, order, address)
            assert computed.column("ngram").equals(from_forward.column("ngram"))
            assert computed.column("rows").equals(from_forward.column("rows"))
    assert order_heads(3, 2) == slice(2, 4)


def brute_force_neighbours(positions: pa.Table, ngram: str) -> dict:
    """{(head, row, ngram): (count, mean gate)} for every n-gram on a row `ngram` reads, by a loop."""
    reads = defaultdict(set)
    uses = defaultdict(list)
    for row in positions.to_pylist():
        for head, r in enumerate(row["rows"]):
            uses[(head, r, row["ngram"])].append(row["gate"])
            if row["ngram"] == ngram:
                reads[head].add(r)
    return {(head, r, text): (len(g), statistics.fmean(g)) for (head, r, text), g in uses.items() if r in reads[head]}


def test_hash_neighbours_match_a_loop_and_the_run_has_collisions(runs):
    recorded, _ = runs
    positions = layer_position_rows(recorded, 1, 2)
    counts = defaultdict(int)
    for row in positions.to_pylist():
        counts[row["ngram"]] += 1
    colliding = 0
    for ngram in sorted(counts, key=lambda n: (-counts[n], n))[:40]:
        found = hash_neighbours(positions, ngram).to_pylist()
        expected = brute_force_neighbours(positions, ngram)
        assert {(r["head"], r["row"], r["ngram"]): (r["count"], pytest.approx(r["mean_gate"])) for r in found} == expected
        for r in found:
            on_row = [o for o in found if (o["head"], o["row"]) == (r["head"], r["row"])]
            assert r["favoured"] == (r["mean_gate"] == max(o["mean_gate"] for o in on_row))
            assert r["share_of_row"] == pytest.approx(r["count"] / sum(o["count"] for o in on_row))
            assert r["is_target"] == (r["ngram"] == ngram)
        own = {(r["head"], r["row"]): r["mean_gate"] for r in found if r["is_target"]}
        assert all(r["gate_vs_target"] == pytest.approx(r["mean_gate"] - own[r["head"], r["row"]]) for r in found)
        colliding += any(not r["is_target"] for r in found)
        # with a minimum count: the rarer neighbours go, shares stay of the whole row, `favoured` among those kept
        kept = hash_neighbours(positions, ngram, min_count=3).to_pylist()
        assert {(r["head"], r["row"], r["ngram"]) for r in kept} == {
            (r["head"], r["row"], r["ngram"]) for r in found if r["count"] >= 3 or r["is_target"]
        }
        for r in kept:
            on_row = [o for o in found if (o["head"], o["row"]) == (r["head"], r["row"])]
            same = next(o for o in on_row if o["ngram"] == r["ngram"])
            assert (r["count"], r["share_of_row"]) == (same["count"], same["share_of_row"])
            shown_means = [o["mean_gate"] for o in kept if (o["head"], o["row"]) == (r["head"], r["row"])]
            assert r["favoured"] == (r["mean_gate"] == max(shown_means))
    assert colliding > 0  # 97-row tables: some of the commonest 2-grams share a row
    assert hash_neighbours(positions, "no such n-gram").num_rows == 0


def test_occurrence_contexts_give_the_tokens_around_the_ngram(runs):
    recorded, _ = runs
    positions = layer_position_rows(recorded, 1, 3)
    ngram = max(set(positions.column("ngram").to_pylist()), key=positions.column("ngram").to_pylist().count)
    occurrences = ngram_occurrences(recorded, 1, 3, ngram)
    places = list(zip(occurrences.column("doc_id").to_pylist(), occurrences.column("position").to_pylist()))
    contexts = token_contexts(recorded, 1, places, before=3, after=1)
    preceding, following = surrounding_tokens([p for _, p in places], contexts, 3)
    for (doc, position), before, after, context in zip(places, preceding, following, contexts):
        by_position = {t["position"]: t["token"] for t in context}
        # the n-gram's own last three tokens spell it (at a document's start it reads pad fill instead)
        if position >= 2:
            assert "".join(by_position[p] for p in range(position - 2, position + 1)) == ngram
        assert before == by_position.get(position - 3, DOCUMENT_START) and after == by_position.get(position + 1, DOCUMENT_END)


def test_layer_gate_density_hand_worked():
    from probe.plots.ngrams import layer_gate_density, ngram_gate_density_figure

    # layer 1, branch mean: 3 positions in [0, 0.5), 1 in [0.5, 1); bins of 0.5 -> densities 1.5 and 0.5
    histogram = pa.table(
        {"layer": [1, 1, 1, 2], "branch": [-1, -1, 0, -1], "bin": [0, 1, 0, 1], "count": [3, 1, 7, 5],
         "bin_lo": [0.0, 0.5, 0.0, 0.5], "bin_hi": [0.5, 1.0, 0.5, 1.0]}
    )  # fmt: skip
    edges, density = layer_gate_density(histogram, 1)
    assert edges.tolist() == [0.0, 0.5, 1.0] and density.tolist() == [1.5, 0.5]
    figure = ngram_gate_density_figure(pa.table({"gate": [0.1, 0.7, 0.8, 0.9]}), histogram, 1, "x")
    assert list(figure.data[0].y) == [0.5, 1.5, 1.5]  # 1 of 4 below 0.5, 3 above, per unit gate; the last step repeated
    with pytest.raises(ValueError, match="no layer 3"):
        layer_gate_density(histogram, 3)
