"""The analysis behind the gate browser's views, without Streamlit: rankings, windows, search,
scales, n-gram pages and result-file checks (`probe.runs.queries`, `probe.plots.tokens`, `probe.plots`)."""

import shutil

import numpy as np
import pyarrow as pa
import pytest
from conftest import restamped_shard
from probe.apps.windows import adjacent_match, find_matches, spread_examples, token_window, tokens_in_span

from engram_model.corpus import Document
from probe import ProbeOptions, connect, probe_corpus
from probe.analyses.formats import similarity_problems
from probe.plots.gates import TRACE_POINTS, gate_trace_figure, rolling_mean, selected_gate_range
from probe.plots.tokens import colours, histogram_cdf, percentiles, quantiles, shades, token_view_data, visible
from probe.runs.aggregate import gate_histogram, ngram_stats
from probe.runs.artefacts import FIELDS, field_problems
from probe.runs.queries import (
    document_list,
    domain_counts,
    extended_ngrams,
    gate_lower_bound,
    layer_top_ngrams,
    ngram_occurrences,
    ngram_table,
    overview,
    sample_positions,
    token_categories,
    token_contexts,
    typical_document,
)

TEXTS = [
    ("prose", "The marvellous garden was marvellously kept. A marvellous day in the marvellous town of Pella."),
    ("code", "def main(argv):\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv[1:])\n"),
    ("prose", "Alexander the Great was born in Pella, the capital of Macedon, and was tutored by Aristotle."),
    ("licence", "Permission is hereby granted, free of charge, to any person obtaining a copy of this software."),
]


@pytest.fixture(scope="module")
def run(model, tmp_path_factory):
    run = tmp_path_factory.mktemp("queries") / "run"
    documents = [Document(f"doc{i}", text, domain=domain) for i, (domain, text) in enumerate(TEXTS * 3)]
    manifest = {"model": "small test model", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
    probe_corpus(model, documents, run, manifest, ProbeOptions(), show_progress=False)
    return run


def test_lower_bound_ranks_a_common_ngram_above_a_rare_one_with_a_higher_mean():
    rare, common = gate_lower_bound([0.95, 0.90], [3, 300])
    assert rare < common < 0.90
    assert gate_lower_bound(0.95, 3) == pytest.approx(0.396, abs=1e-3)
    bounds = gate_lower_bound(np.full(5, 0.7), [1, 10, 100, 1000, 10000])
    assert np.all(np.diff(bounds) > 0) and np.all(bounds < 0.7)  # more occurrences: closer to the mean, from below
    assert 0.0 <= gate_lower_bound(0.0, 5) and gate_lower_bound(1.0, 1000) <= 1.0


@pytest.mark.parametrize(
    "position, n_tokens, expected",
    [(0, 5000, (0, 1200)), (4999, 5000, (3800, 5000)), (2000, 5000, (1600, 2800)), (7, 10, (0, 10))],
)
def test_window_holds_the_position_a_third_down_and_stays_inside(position, n_tokens, expected):
    assert token_window(position, n_tokens, 1200) == expected
    start, stop = expected
    assert start <= position < stop


@pytest.mark.parametrize("position", [-1, 10])
def test_window_refuses_a_position_outside_the_document(position):
    with pytest.raises(ValueError, match="outside the document's 10 tokens"):
        token_window(position, 10, 4)


def test_matches_are_case_insensitive_spans_of_the_text_itself():
    text = "İstanbul and the THE theatre"  # 'İ'.lower() is two characters: spans must not come from a lowered copy
    spans = find_matches(text, "the")
    assert [text[a:b] for a, b in spans] == ["the", "THE", "the"]
    assert find_matches(text, "") == [] and len(find_matches("aaaa", "a", limit=2)) == 2
    assert tokens_in_span([0, 3, 7], [3, 7, 9], 4, 8) == [1, 2]
    assert tokens_in_span([0, 3, 7], [3, 7, 9], 3, 3) == [1]  # an empty span still names the token at it


@pytest.mark.parametrize("n", [0, 1, 2, 4, 5, 9, 20])
def test_examples_spread_over_top_middle_and_bottom_without_repeats(n):
    groups = spread_examples(n, 3)
    chosen = [i for indices in groups.values() for i in indices]
    assert len(chosen) == len(set(chosen)) == min(n, 9) and all(0 <= i < n for i in chosen)
    if n >= 9:
        assert groups["top"] == [0, 1, 2] and groups["bottom"] == [n - 3, n - 2, n - 1]
        assert groups["middle"] == [n // 2 - 1, n // 2, n // 2 + 1]


def _histogram(counts) -> pa.Table:
    bins = len(counts)
    return pa.table(
        {
            "layer": [1] * bins,
            "branch": [-1] * bins,
            "bin": list(range(bins)),
            "count": counts,
            "bin_lo": [b / bins for b in range(bins)],
            "bin_hi": [(b + 1) / bins for b in range(bins)],
        }
    )


def test_percentile_scale_spreads_gates_that_the_absolute_scale_bunches():
    # most positions between 0.8 and 1: on the absolute scale 0.85 and 0.95 are close, in percentiles far apart
    cdf = histogram_cdf(_histogram([5, 0, 0, 0, 45, 50]), 1)
    low, high = percentiles([0.85, 0.95], cdf)
    assert high - low > 2 * (0.95 - 0.85)
    assert percentiles([0.0, 1.0], cdf).tolist() == [0.0, 1.0]
    median = quantiles(cdf, (0.5,))[0]
    assert percentiles([median], cdf)[0] == pytest.approx(0.5)
    assert shades([0.85], "absolute", cdf)[0] == 0.85
    with pytest.raises(ValueError, match="use one of absolute, percentile"):
        shades([0.5], "log", cdf)
    with pytest.raises(ValueError, match="no rows for layer 7"):
        histogram_cdf(_histogram([1, 2]), 7)


def test_colours_run_light_to_dark_and_whitespace_is_visible():
    light, middle, dark = colours([0.0, 0.5, 1.0])
    assert light == "#ffffcc" and dark == "#800026" and middle not in (light, dark)
    assert colours([np.nan, 2.0]) == [light, dark]
    assert visible("\n") == "↵\n" and visible(" ") == "␣" and visible("  \n") == "␣␣↵\n" and visible(" the") == " the"


def test_rolling_mean_smooths_and_keeps_length():
    values = [0, 1, 0, 1, 0, 1]
    assert rolling_mean(values, 1).tolist() == values
    smoothed = rolling_mean(values, 2)
    assert smoothed[0] == 0 and np.allclose(smoothed[1:], 0.5)
    with pytest.raises(ValueError):
        rolling_mean(values, 0)


def test_field_problems_name_each_missing_or_mistyped_field():
    lens = {"positions": {"rule": "all", "count": True}, "models": [{"layers": [0], "kl": [0.1], "kl_sem": 1, "model": {}}, {}]}
    problems = field_problems(lens, FIELDS["lens"])
    assert "positions.count is bool, not int" in problems
    assert "models[0].kl_sem is int, not list" in problems
    assert "models[1].kl is missing" in problems
    assert field_problems({"analysis": "lens"}, FIELDS["lens"])[0] == "positions is missing"
    assert field_problems([], FIELDS["plan"])  # not even an object
    assert field_problems({"generation": {"prefill_fraction": 1}}, {"generation.prefill_fraction": float}) == []


def test_next_and_previous_match_go_round_the_document():
    firsts = [4, 10, 30]
    assert [adjacent_match(firsts, p, 1) for p in (0, 4, 9, 10, 30, 99)] == [4, 10, 10, 30, 4, 4]
    assert [adjacent_match(firsts, p, -1) for p in (0, 4, 10, 11, 31)] == [30, 30, 4, 10, 30]
    with pytest.raises(ValueError, match="no match"):
        adjacent_match([], 3, 1)
    with pytest.raises(ValueError, match="use 1"):
        adjacent_match(firsts, 3, 2)


def test_the_gate_trace_draws_each_layer_and_the_chosen_gate(run):
    with connect(run) as con:
        trace = con.sql("SELECT * FROM gates WHERE doc_id = 'doc1' ORDER BY layer, position").to_arrow_table()
    figure = gate_trace_figure(trace, "gate_b1", window=(0, 4), selected=2)
    rows = trace.to_pylist()
    for line, layer in zip(figure.data, (1, 2)):
        mine = [r for r in rows if r["layer"] == layer]
        assert line.name == f"layer {layer}" and list(line.x) == [r["position"] for r in mine]
        assert np.allclose(line.y, [r["gates"][1] for r in mine])  # under 200 positions: the raw gates
        assert list(line.text) == [repr(r["token"])[1:-1] for r in mine]


def test_a_long_documents_trace_is_its_rolling_mean_at_a_few_hundred_points():
    positions = 5_003
    gates = np.random.default_rng(0).random(2 * positions)
    trace = pa.table(
        {
            "layer": [1] * positions + [3] * positions,
            "position": list(range(positions)) * 2,
            "token": ["t"] * (2 * positions),
            "gate_mean": gates,
        }
    )
    figure = gate_trace_figure(trace, window=(100, 1300), selected=200)
    width = positions // 100
    for line, layer_gates in zip(figure.data, (gates[:positions], gates[positions:])):
        x = np.asarray(line.x)
        assert len(x) <= TRACE_POINTS + 1 and x[0] == 0 and x[-1] == positions - 1 and np.all(np.diff(x) > 0)
        # each point: the mean of the `width` gates ending there, computed here one window at a time
        assert np.allclose(line.y, [layer_gates[max(p - width + 1, 0) : p + 1].mean() for p in x])
        assert list(line.customdata) == [max(p - width + 1, 0) for p in x]
    assert f"rolling mean over {width} tokens" in figure.layout.title.text
    assert len(figure.to_json()) < 40_000  # the raw 10,006 points with their tokens were ~250 KB


def test_a_selection_on_the_histogram_is_a_gate_range_of_whole_bins():
    box = {"points": [], "box": [{"xref": "x", "yref": "y", "x": [0.913, 0.62], "y": [0, 1]}], "lasso": []}
    assert selected_gate_range(box, 50) == pytest.approx((0.62, 0.92))
    assert selected_gate_range({"box": [{"x": [-0.3, 1.4]}]}, 50) == (0.0, 1.0)
    assert selected_gate_range({"box": [{"x": [1.2, 1.5]}]}, 50) == pytest.approx((0.98, 1.0))  # right of the axis: the last bin
    points = {"box": [], "points": [{"x": 0.51, "customdata": [0.5, 0.52, 10]}, {"x": 0.31, "customdata": [0.3, 0.32, 4]}]}
    assert selected_gate_range(points, 50) == (0.3, 0.52)
    assert selected_gate_range({"points": [], "box": [], "lasso": []}, 50) is None


def test_ngram_table_applies_every_filter_before_the_limit(run):
    everything = ngram_table(run, min_count=1, limit=100_000, examples=1)
    for category in set(everything.column("category").to_pylist()):
        wanted = [r["ngram"] for r in everything.to_pylist() if r["category"] == category][:3]
        got = ngram_table(run, min_count=1, limit=3, categories=(category,), examples=1)
        assert got.column("ngram").to_pylist() == wanted  # the first 3 of that category, not those among the first 3
    bounds = everything.column("lower_bound").to_pylist()
    assert bounds == sorted(bounds, reverse=True)
    with pytest.raises(ValueError, match="use one of lower_bound"):
        ngram_table(run, sort="median")


def test_longest_order_only_drops_exactly_the_ngrams_always_inside_one_longer_one(run):
    stats = ngram_stats(run)
    extended = extended_ngrams(run, stats)
    with connect(run) as con:  # brute force: the distinct 3-grams each 2-gram is the end of
        endings = {
            (layer, ngram): n
            for layer, ngram, n in con.sql(
                "SELECT layer, ngram_2, count(DISTINCT coalesce(ngram_3, chr(0))) FROM gates GROUP BY ALL"
            ).fetchall()
        }
    for row, is_extended in zip(stats.to_pylist(), extended):
        if row["order"] == 2:
            assert is_extended == (endings[(row["layer"], row["ngram"])] == 1), row
        else:
            assert not is_extended  # the longest order recorded has nothing longer
    assert extended.any() and not extended.all()
    longest = ngram_table(run, min_count=1, limit=100_000, longest_only=True)
    kept = {(r["layer"], r["order"], r["ngram"]) for r in longest.to_pylist()}
    assert not kept & {(r["layer"], r["order"], r["ngram"]) for r, e in zip(stats.to_pylist(), extended) if e}


def test_the_overviews_top_ngrams_are_stored_with_the_run_and_never_read_stale(run, tmp_path, monkeypatch):
    copy = tmp_path / "run"
    shutil.copytree(run, copy)
    top = layer_top_ngrams(copy, n=2)

    def computed():
        tables = (ngram_table(copy, layer=layer, limit=2, longest_only=True).select(top.column_names) for layer in (1, 2))
        return pa.concat_tables(tables)

    assert top.equals(computed())
    stored = copy / "aggregates" / "top_ngrams.parquet"
    assert stored.is_file() and layer_top_ngrams(copy, n=2).equals(top)  # read back as computed
    assert layer_top_ngrams(copy, n=1).num_rows == 2  # another ranking is another table, not the stored one
    assert layer_top_ngrams(copy, n=2).equals(top)
    for kind in ("gates", "docs"):  # a resumed run commits a shard: the same documents again, so every count doubles
        restamped_shard(copy / "shards" / f"{kind}-000000.parquet", copy / "shards" / f"{kind}-000001.parquet", 1)
    again = layer_top_ngrams(copy, n=2)
    assert again.equals(computed()) and not again.equals(top)
    assert all(count % 2 == 0 for count in again.column("count").to_pylist())

    def read_only(*args, **kwargs):
        raise PermissionError("read-only run directory")

    monkeypatch.setattr("probe.runs.queries.store_aggregate", read_only)
    stored.unlink()
    assert layer_top_ngrams(copy, n=2).equals(again) and not stored.exists()  # shown, though it cannot be stored


def test_an_ngrams_occurrences_carry_its_gate_at_every_layer(run):
    top = ngram_table(run, min_count=3, limit=1).to_pylist()[0]
    found = ngram_occurrences(run, top["layer"], top["order"], top["ngram"])
    assert found.num_rows == top["count"]
    gates = found.column("gate").to_numpy()
    assert gates.mean() == pytest.approx(top["mean_gate"]) and np.all(np.diff(gates) <= 0)
    assert np.allclose(gates, found.column(f"gate_{top['layer']}").to_numpy())
    assert {f"gate_{layer}" for layer in (1, 2)} <= set(found.column_names)
    counts = domain_counts(found, overview(run)["domains"])
    assert sum(r["occurrences"] for r in counts) == top["count"]
    assert sum(r["share of the run's tokens"] for r in counts) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="orders"):
        ngram_occurrences(run, top["layer"], 9, "x")


def test_contexts_and_samples_of_a_gate_range(run):
    total, sample = sample_positions(run, 1, 0.2, 0.9, n=5, seed=3)
    with connect(run) as con:
        [(expected,)] = con.sql("SELECT count(*) FROM gates WHERE layer = 1 AND gate_mean BETWEEN 0.2 AND 0.9").fetchall()
    assert total == expected and sample.num_rows == min(5, total)
    assert all(0.2 <= g <= 0.9 for g in sample.column("gate").to_pylist())
    assert sample_positions(run, 1, 0.2, 0.9, n=5, seed=3)[1].equals(sample)  # the same seed draws the same sample
    with pytest.raises(ValueError, match="low <= high"):
        sample_positions(run, 1, 0.9, 0.2)
    total, sample = sample_positions(run, 1, 0.0, 0.3, n=5, branch=1)  # one branch's gate, not their mean
    with connect(run) as con:
        [(expected,)] = con.sql("SELECT count(*) FROM gates WHERE layer = 1 AND gates[2] BETWEEN 0 AND 0.3").fetchall()
    assert total == expected and all(g <= 0.3 for g in sample.column("gate").to_pylist())
    with pytest.raises(ValueError, match="branches 0..1"):
        sample_positions(run, 1, 0.0, 1.0, branch=2)
    places = list(zip(sample.column("doc_id").to_pylist(), sample.column("position").to_pylist()))
    for (doc_id, position), context in zip(places, token_contexts(run, 1, places, before=2, after=1)):
        positions = [t["position"] for t in context]
        assert position in positions and all(position - 2 <= p <= position + 1 for p in positions)


def test_document_search_and_the_typical_first_document(run):
    found = document_list(run, "MARVELLOUS").to_pylist()
    assert {d["doc_id"] for d in found} == {"doc0", "doc4", "doc8"}
    assert all(d["matches"] == 4 and d["match_at"] == 4 for d in found)
    assert document_list(run, "no such text").num_rows == 0
    assert typical_document(run) in {f"doc{i}" for i in range(12)}


def test_token_categories_label_the_window_asked_for_as_in_the_whole_document(run):
    whole = token_categories(run, "doc1", 0, 10_000)
    with connect(run) as con:
        [(tokens,)] = con.sql("SELECT count(*) FROM gates WHERE doc_id = 'doc1' AND layer = 1").fetchall()
    assert whole.column("position").to_pylist() == list(range(tokens))
    window = token_categories(run, "doc1", 3, 7)
    assert window.to_pylist() == whole.slice(3, 4).to_pylist()  # the same context, wherever the window starts
    assert {"code"} & set(whole.column("category").to_pylist())  # doc1 is the code
    with pytest.raises(KeyError, match="not in run"):
        token_categories(run, "no such doc", 0, 5)


def test_token_view_data_is_compact_columns(run):
    with connect(run) as con:
        rows = con.sql("SELECT * FROM gates WHERE doc_id = 'doc1' AND layer = 1 ORDER BY position").to_arrow_table().to_pylist()
    for row in rows:
        row["category"] = "code"
    cdf = histogram_cdf(gate_histogram(run), 1)
    data = token_view_data(rows, "gate_b1", "percentile", cdf, 3, selected=2, matched=[4, 1])
    assert len(data["text"]) == len(rows) == len(data["colour"]) and data["matched"] == [1, 4]
    assert data["gate"][0] == pytest.approx(rows[0]["gates"][1], abs=1e-4) and data["what"] == "branch 1 gate"
    assert "↵\n" in "".join(data["text"])  # the code's newlines are shown


def test_similarity_matrices_must_fit_the_layers():
    good = {"layers_a": [0, 1], "layers_b": [0], "cka": [[0.5], [None]], "cka_a": [[1, 0.2], [0.2, 1]], "cka_b": [[1.0]],
            "alignment": {"a_j": [0.0, None]}}  # fmt: skip
    assert similarity_problems(good) == []
    assert similarity_problems({**good, "cka": [[0.5, 0.1], [0.2, 0.3]]}) == ["cka is not 2 × 1"]
    assert similarity_problems({**good, "cka_b": [["x"]]}) == ["cka_b holds a value that is neither a number nor null"]
    assert similarity_problems({**good, "alignment": {"a_j": [1.0]}}) == ["alignment.a_j has 1 values for 2 layers"]
