"""Export on the Overview, Document viewer and N-gram pages, through Streamlit's AppTest on runs
made by the real pipeline: each page shows its CSV and JSON download buttons, and the bytes
a click would download parse back to the rows the page shows (every occurrence of the shown
bin on an n-gram's page, not only its page), checked against the run read independently."""

import csv
import io
import json

import numpy as np
import pytest
from streamlit.runtime.media_file_manager import MediaFileManager
from test_app import base, browse, links, run_dir  # noqa: F401  (base, browse and run_dir are fixtures)
from test_app_ngram_page import commonest, open_pick, runs  # noqa: F401  (runs is a fixture)

from probe.runs.aggregate import document_trace
from probe.runs.exports import neutralised
from probe.runs.ngram_feature import hash_neighbours, layer_position_rows, quantile_bins
from probe.runs.queries import document_list, layer_top_ngrams, ngram_occurrences, ngram_table, sample_positions


@pytest.fixture
def deferred(monkeypatch):
    """The file names and data callables of the app's download buttons, by the file id each button carries:
    Streamlit's own media file manager registers them (AppTest drops it after each run)."""
    made = {}
    register = MediaFileManager.add_deferred

    def add_deferred(self, data_callable, *args, **kwargs):
        file_id = register(self, data_callable, *args, **kwargs)
        made[file_id] = (kwargs["file_name"], data_callable)
        return file_id

    monkeypatch.setattr(MediaFileManager, "add_deferred", add_deferred)
    return made


def downloads(app, made: dict) -> dict[str, bytes]:
    """The page's download buttons, by the file name each saves: the bytes a click downloads."""
    files = {}
    for button in app.get("download_button"):
        name, data = made[button.proto.deferred_file_id]
        files[name] = data()
    return files


def exported(app, made: dict, name: str) -> list[dict]:
    """The rows of export `name`, read from its JSON and checked to be what its CSV holds too."""
    files = downloads(app, made)
    assert {f"{name}.csv", f"{name}.json"} <= set(files), sorted(files)
    rows = json.loads(files[f"{name}.json"])
    read = list(csv.DictReader(io.StringIO(files[f"{name}.csv"].decode())))
    assert len(read) == len(rows)
    for row, text in zip(rows, read):
        assert list(text) == list(row)
        # approx: a float32 column is written to CSV at float32 precision
        expected = [pytest.approx(v, rel=1e-6) if isinstance(v, float) else csv_text(v) for v in row.values()]
        assert [as_json(v) for v in text.values()] == expected
    return rows


def as_json(text: str):
    """A CSV cell as the JSON value it holds: a number, a boolean, none, or the text itself."""
    try:
        return json.loads(text) if text else None
    except json.JSONDecodeError:
        return text


def csv_text(value):
    """A value as its CSV cell reads back through `as_json`: a text such as "3" reads as the number 3."""
    return as_json(neutralised(value)) if isinstance(value, str) else value


def documents_of(run) -> list[str]:
    return document_list(run, "", 1000).column("doc_id").to_pylist()


def test_overview_exports_its_tables_and_the_sample(browse, run_dir, deferred):  # noqa: F811
    app = browse(run_dir, "views/overview.py", range="0,1", layer="2", branch="1")
    per_layer = exported(app, deferred, "gates_per_layer")
    for row in per_layer:  # against every document's gates, read one by one
        gates = np.concatenate(
            [document_trace(run_dir, d, layer=row["layer"]).column("gate_mean").to_numpy() for d in documents_of(run_dir)]
        )
        assert row["positions"] == len(gates) and row["mean_gate"] == pytest.approx(gates.mean())
        assert row["share_above_half"] == pytest.approx((gates > 0.5).mean())
        assert row["q1"] <= row["median"] <= row["q3"]
    top = exported(app, deferred, "top_ngrams")
    assert top == layer_top_ngrams(run_dir).to_pylist()
    ngram_labels = [link.proto.label for link in app.get("page_link") if link.proto.page == "ngrams"]
    assert all(f"{r['lower_bound']:.2f} / {r['mean_gate']:.2f}" in label for r, label in zip(top, ngram_labels))
    sample = exported(app, deferred, "sampled_positions")
    _, drawn = sample_positions(run_dir, 2, 0.0, 1.0, 8, 0, 1)
    assert [(r["doc_id"], r["position"], r["gate"]) for r in sample] == [
        (r["doc_id"], r["position"], pytest.approx(r["gate"])) for r in drawn.to_pylist()
    ]
    shown = [(a["doc"], int(a["pos"])) for page, a in links(app) if page == "documents"]
    assert shown == [(r["doc_id"], r["position"]) for r in sample] and all(r["token"] in r["context"] for r in sample)
    assert sum(r["documents"] for r in exported(app, deferred, "domains")) == 12
    assert {r["result"] for r in exported(app, deferred, "run_results")}


def test_document_viewer_exports_the_whole_trace_and_the_token_table(browse, run_dir, deferred):  # noqa: F811
    app = browse(run_dir, "views/documents.py", doc="doc2", pos="5", layer="2")
    trace = document_trace(run_dir, "doc2", layer=2).to_pylist()
    rows = exported(app, deferred, "trace_layer2")
    assert [r["position"] for r in rows] == list(range(len(trace)))  # every token, not the window only
    for row, token in zip(rows, trace):
        assert row["token"] == token["token"] and row["gate_mean"] == pytest.approx(token["gate_mean"])
        assert [row["gate_b0"], row["gate_b1"]] == pytest.approx(token["gates"])
        assert (row["ngram_2"], row["ngram_3"]) == (token["ngram_2"], token["ngram_3"])
    table = exported(app, deferred, "token_5")
    shown = app.dataframe[-1].value
    assert [r["layer"] for r in table] == list(shown["layer"]) == [1, 2]
    assert [r["mean"] for r in table] == pytest.approx(list(shown["mean"]))
    assert [r["branch 1"] for r in table] == pytest.approx(
        [document_trace(run_dir, "doc2", layer=n)["gates"][5][1].as_py() for n in (1, 2)]
    )


def test_ngram_page_exports_every_occurrence_of_the_bin(monkeypatch, runs, deferred):  # noqa: F811
    recorded, _ = runs
    top = commonest(recorded)
    app = open_pick(monkeypatch, recorded, f"1/2/{top['ngram']}")
    occurrences = ngram_occurrences(recorded, 1, 2, top["ngram"]).to_pylist()
    every = exported(app, deferred, "ngram_occurrences")
    assert len(every) == top["count"] > 20  # all of the bin, not the page of 20
    assert [r["rank"] for r in every] == list(range(1, top["count"] + 1))
    gates = [r["gate"] for r in every]
    assert gates == sorted(gates, reverse=True)
    key = lambda r: (r["doc_id"], r["position"])  # noqa: E731
    assert sorted(map(key, every)) == sorted(map(key, occurrences))
    assert {key(r): r["domain"] for r in every} == {key(r): r["domain"] for r in occurrences}
    # a decile: its tenth of the occurrences by rank, with their ranks among all
    app.selectbox(key="ng_bin").set_value("80–90th percentile").run()
    decile = exported(app, deferred, "ngram_occurrences")
    ranked = sorted(range(len(occurrences)), key=lambda i: -occurrences[i]["gate"])  # a second ranking, stable like the page's
    expected = quantile_bins([o["gate"] for o in occurrences])["80–90th percentile"]
    assert [r["rank"] for r in decile] == [ranked.index(i) + 1 for i in expected]
    assert [key(r) for r in decile] == [key(occurrences[i]) for i in expected]
    # the context breakdown and the hash neighbours: the rows shown, n-grams unquoted
    breakdown = exported(app, deferred, "ngram_by_domain")
    assert [r["count"] for r in breakdown] == list(app.dataframe[0].value["count"])
    neighbours = exported(app, deferred, "hash_neighbours")
    expected = hash_neighbours(layer_position_rows(recorded, 1, 2), top["ngram"], min_count=3).to_pylist()
    assert [(r["ngram"], r["count"]) for r in neighbours] == [(r["ngram"], r["count"]) for r in expected]
    assert [repr(r["ngram"]) for r in neighbours] == list(app.dataframe[1].value["ngram"])


def test_ngram_table_and_effects_export_the_rows_shown(monkeypatch, runs, deferred):  # noqa: F811
    _, plain = runs
    top = commonest(plain)
    app = open_pick(monkeypatch, plain, f"1/2/{top['ngram']}")
    tables = len(app.dataframe)
    [measure] = [b for b in app.button if b.label == "measure its effects"]
    measure.click().run()
    assert not app.exception and not app.error
    effects = exported(app, deferred, "ngram_logit_effects")
    towards, away = app.dataframe[tables : tables + 2]
    for direction, shown in (("promoted", towards), ("suppressed", away)):
        assert [repr(r["token"]) for r in effects if r["direction"] == direction] == list(shown.value["token"])
        assert [r["logit"] for r in effects if r["direction"] == direction] == pytest.approx(list(shown.value["logit"]))
    app.button[0].click().run()  # back to the table
    rows = exported(app, deferred, "ngrams")
    expected = ngram_table(plain, min_count=3, limit=200, longest_only=True).to_pylist()
    assert [(r["layer"], r["order"], r["ngram"], r["count"]) for r in rows] == [
        (r["layer"], r["order"], r["ngram"], r["count"]) for r in expected
    ]
    assert [repr(r["ngram"]) for r in rows] == list(app.dataframe[0].value["shown"])
