"""Retrieval categorizer: labels on hand-written cases, robustness, batch forms, metrics,
enrichment, and the labelled evaluation set."""

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest

from probe.categorize import (
    LABELS,
    Categorization,
    categorize,
    categorize_many,
    categorize_table,
    confusion_matrix,
    enrichment,
    enrichment_figure,
    evaluate,
    layer_enrichment,
    load_eval_set,
    report_from_confusion,
)
from probe.categorize import model as learned
from probe.categorize.enrichment import SMOOTHING
from probe.categorize.evaluate import load_v2

EVAL_REPORT = Path(__file__).resolve().parents[1] / "benchmarks" / "results" / "categorize_eval.json"

# (ngram, left context, right context, expected label)
CASES = [
    # the paper's high-gate examples; "By the way" is an idiom, `other` by the guidelines
    (" the Great", "Philip's son Alexander", " crossed into Asia with his army in 334 BC.", "names"),
    (" Milky Way", "On a dark night the band of the", " stretches across the whole sky.", "names"),
    (" of Wales", "Diana, Princess", ", was a member of the British royal family.", "names"),
    (" the way", "I found your umbrella in my car. By", ", are you free on Saturday?", "other"),
    # names
    (" Marie Curie", "The prize was shared with", " and her husband for their work on radiation.", "names"),
    (" Kilimanjaro", "Climbers set out at midnight to reach the summit of Mount", " by dawn.", "names"),
    (" in Paris", "The museum she founded is", " and opens every day except Tuesday.", "names"),
    # relational
    (" was born in", "The composer", " a small town on the river and moved away at ten.", "relational"),
    (" is located", "The observatory", " on a ridge above the village.", "relational"),
    (" according to", "The bridge is the oldest in the region,", " local records.", "relational"),
    (" known as", "The square is", " the heart of the old town.", "relational"),
    (" capital of", "The city became the", " the province after the war.", "relational"),
    # boilerplate
    (
        " All rights reserved",
        "Copyright (c) 2019, Example Corporation.\n",
        ".\n\nRedistribution and use in source",
        "boilerplate",
    ),
    (" WITHOUT WARRANTY", 'THE SOFTWARE IS PROVIDED "AS IS",', " OF ANY KIND, EXPRESS OR IMPLIED", "boilerplate"),
    (
        "Permission is hereby",
        "MIT License\n\nCopyright (c) 2020 A. Author\n\n",
        " granted, free of charge, to any person",
        "boilerplate",
    ),
    (" et al.", "This follows the method of Smith", " (2019), pp. 12-19.", "boilerplate"),
    ("Parameters\n", '    """Add two arrays.\n\n    ', "    ----------\n    a : ndarray\n", "boilerplate"),
    ("Skip to main", "Module index - Documentation\n", " content\nSearch\nSign in", "boilerplate"),
    (" Privacy Policy", "\n© 2024 Example Inc. |", " | Terms of Service", "boilerplate"),
    # code
    ("def __init__", "class Buffer:\n    ", "(self, size):\n        self._data = bytearray(size)\n", "code"),
    (" self._data", "    def clear(self):\n       ", ".clear()\n        self._size = 0\n", "code"),
    ("#include <", "/* buffer.h */\n", "stdint.h>\n#include <stddef.h>\n\ntypedef struct { uint8_t *data; } buf_t;", "code"),
    (" => {", "const handler = (event)", "\n  console.log(event.type);\n};", "code"),
    ("</div>", '<div class="note">Saved', '\n<p class="hint">', "code"),
    # prose in a comment is judged by its words
    (" the list is", "    # by now", " empty, so the loop below never runs\n    for item in items:", "other"),
    # other
    (" on Saturday", "We could meet for coffee", " morning if the weather is nice.", "other"),
    (" of the day", "At the end", " it is your decision, but I would take the train.", "other"),
]


@pytest.mark.parametrize(("ngram", "left", "right", "expected"), CASES)
def test_hand_written_cases(ngram, left, right, expected):
    result = categorize(ngram, left, right)
    assert result.label == expected, result


def test_result_shape():
    result = categorize(" was born in", "The composer", " Vienna.")
    assert isinstance(result, Categorization)
    assert result.label in LABELS
    assert tuple(result.scores) == LABELS
    assert all(0.0 <= score <= 1.0 for score in result.scores.values())
    assert result.scores[result.label] >= 0.5
    assert result.scores["other"] == pytest.approx(1.0 - max(result.scores[k] for k in LABELS if k != "other"))
    assert isinstance(result.evidence, tuple) and all(isinstance(e, str) for e in result.evidence)
    assert result.evidence[0].startswith(result.label)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.label = "code"
    with pytest.raises(TypeError):
        result.scores["names"] = 1.0


BAD_TEXT = [
    "",
    "   ",
    "\n\t\r ",
    "東京は日本の首都であり、世界最大の都市圏を持つ。",
    "🎉🔥👍🏽 party time 🎉",
    "مرحبا بالعالم، هذه جملة باللغة العربية",
    "\u202eRTL override\u202c and \u200f marks",
    "\x00\x01\x02\x1b[31m control \x7f",
    "lone surrogates \ud800 and \udfff here",
    "<|pad|><|pad|>",
    "\ue000",
]


@pytest.mark.parametrize("text", BAD_TEXT)
def test_odd_text_never_raises(text):
    for ngram, left, right in ((text, "", ""), (text, text, text), (" word", text, text), (text, "some prose before", "after")):
        result = categorize(ngram, left, right)
        assert result.label in LABELS


def test_empty_and_whitespace_ngrams_are_other():
    for ngram in ("", " ", "\n\n", "<|pad|>"):
        assert categorize(ngram, "Copyright (c) 2020", "def f(x):").label == "other"


def test_very_long_contexts_are_truncated():
    long_left = ("The software is provided as is. " * 4000) + "The composer"
    long_right = " Vienna in 1770 and moved to Bonn." + ("x = f(y)\n" * 10_000)
    result = categorize(" was born in", long_left, long_right)
    assert result == categorize(" was born in", long_left[-400:], long_right[:400])


def test_none_reads_as_empty_and_other_types_are_rejected():
    assert categorize(" the Great", None, None) == categorize(" the Great", "", "")
    with pytest.raises(TypeError, match="left_context"):
        categorize(" the Great", 42)


def test_categorize_many_is_the_model_by_default_and_the_rules_when_asked():
    ngrams = [case[0] for case in CASES]
    lefts = [case[1] for case in CASES]
    rights = [case[2] for case in CASES]
    assert categorize_many(ngrams, lefts, rights) == [learned.categorize(*case[:3]) for case in CASES]
    assert categorize_many(ngrams, lefts, rights, categorizer="rules") == [categorize(*case[:3]) for case in CASES]
    assert [r.label for r in categorize_many([" the Great"], categorizer="rules")] == [categorize(" the Great").label]
    with pytest.raises(ValueError, match="left_contexts has 1 entries but ngrams has 2"):
        categorize_many(["a", "b"], ["x"], ["y", "z"])


def test_categorize_table_appends_label_and_scores():
    table = pa.table(
        {
            "ngram": [case[0] for case in CASES] + [None],
            "left_context": [case[1] for case in CASES] + [None],
            "right_context": [case[2] for case in CASES] + ["x"],
        }
    )
    out = categorize_table(table, categorizer="rules")
    assert out.column_names == table.column_names + ["label"] + [f"score_{label}" for label in LABELS]
    assert out.column("label").to_pylist() == [case[3] for case in CASES] + ["other"]
    by_model = categorize_table(table).column("label").to_pylist()  # the default
    assert by_model == [learned.categorize(case[0], case[1], case[2]).label for case in CASES] + [
        learned.categorize("", "", "x").label
    ]
    assert out.schema.field("score_names").type == pa.float32()
    with pytest.raises(KeyError, match=r"ngram_col='text' is not a column of the table; it has \['ngram'"):
        categorize_table(table, ngram_col="text")
    with pytest.raises(ValueError, match="already has column"):
        categorize_table(out)
    no_context = categorize_table(table.select(["ngram"]), left_col=None, right_col=None)
    assert no_context.num_rows == table.num_rows


# ------------------------------------------------------------------------------- metrics


def test_metrics_against_a_hand_computed_confusion_matrix():
    labels = ("a", "b", "c")
    gold = ["a", "a", "a", "b", "b", "c", "c", "c", "c"]
    pred = ["a", "a", "b", "b", "c", "c", "c", "c", "a"]
    matrix = confusion_matrix(gold, pred, labels)
    assert matrix.tolist() == [[2, 1, 0], [0, 1, 1], [1, 0, 3]]
    report = report_from_confusion(matrix, labels)
    # a: precision 2/3, recall 2/3; b: 1/2, 1/2; c: 3/4, 3/4
    assert report.precision == pytest.approx({"a": 2 / 3, "b": 1 / 2, "c": 3 / 4})
    assert report.recall == pytest.approx({"a": 2 / 3, "b": 1 / 2, "c": 3 / 4})
    assert report.f1 == pytest.approx({"a": 2 / 3, "b": 1 / 2, "c": 3 / 4})
    assert report.macro_f1 == pytest.approx((2 / 3 + 1 / 2 + 3 / 4) / 3)
    assert report.accuracy == pytest.approx(6 / 9)
    assert report.support == {"a": 3, "b": 2, "c": 4}


def test_metrics_with_a_class_never_predicted():
    report = report_from_confusion(confusion_matrix(["a", "b"], ["a", "a"], ("a", "b")), ("a", "b"))
    assert report.precision == {"a": 0.5, "b": 0.0}
    assert report.recall == {"a": 1.0, "b": 0.0}
    assert report.f1["b"] == 0.0
    assert report.macro_f1 == pytest.approx((2 / 3) / 2)


def test_metrics_reject_bad_labels():
    with pytest.raises(ValueError, match=r"predicted labels \['z'\] are not among"):
        confusion_matrix(["a"], ["z"], ("a", "b"))
    with pytest.raises(ValueError, match="gold has 2 labels but predicted has 1"):
        confusion_matrix(["a", "b"], ["a"], ("a", "b"))


def test_evaluate_reports_errors_and_json():
    items = [
        {"id": "1", "ngram": " the Great", "left_context": "Alexander", "right_context": " was king.", "label": "names"},
        {"id": "2", "ngram": " the Great", "left_context": "Alexander", "right_context": " was king.", "label": "code"},
    ]
    report = evaluate(items)
    assert report.n == 2
    assert [e["id"] for e in report.errors] == ["2"]
    assert json.loads(json.dumps(report.to_dict()))["confusion_matrix"]["counts"][1][0] == 1
    with pytest.raises(KeyError, match="lacks"):
        evaluate([{"ngram": "x"}])


# ---------------------------------------------------------------------------- enrichment


def test_enrichment_against_a_hand_computed_ratio():
    top = ["names"] * 6 + ["code"] * 4
    random = ["names"] * 2 + ["other"] * 8
    table = enrichment(top, random, n_boot=200, seed=1).to_pydict()
    k = len(LABELS)
    names = table["label"].index("names")
    p_top = (6 + SMOOTHING) / (10 + SMOOTHING * k)
    p_random = (2 + SMOOTHING) / (10 + SMOOTHING * k)
    assert table["p_top"][names] == pytest.approx(p_top)
    assert table["p_random"][names] == pytest.approx(p_random)
    assert table["ratio"][names] == pytest.approx(p_top / p_random)
    absent = table["label"].index("relational")  # in neither group: smoothing gives exactly 1
    assert table["ratio"][absent] == pytest.approx(1.0)
    assert table["count_top"][names] == 6 and table["n_random"][names] == 10
    for label, lo, ratio, hi, top_count, random_count in zip(
        table["label"], table["lo"], table["ratio"], table["hi"], table["count_top"], table["count_random"]
    ):
        if top_count and random_count:  # seen in both groups: a finite interval around the ratio
            assert lo <= ratio + 1e-12 and ratio <= hi + 1e-12
            assert np.isfinite([lo, ratio, hi]).all()
        else:  # absent from a group: the bootstrap cannot bound the ratio, and says so
            assert lo is None and hi is None, label
    assert table["lo"][names] is not None


def test_enrichment_is_deterministic_with_a_seed():
    top = ["names"] * 7 + ["code"] * 5 + ["other"] * 3
    random = ["names"] * 3 + ["other"] * 12
    assert enrichment(top, random, seed=3).equals(enrichment(top, random, seed=3))
    assert enrichment(top, random, seed=3).column("lo") != enrichment(top, random, seed=4).column("lo")


def test_enrichment_rejects_empty_groups_and_unknown_labels():
    with pytest.raises(ValueError, match="labels_random is empty"):
        enrichment(["names"], [])
    with pytest.raises(ValueError, match="'poetry', which is not one of"):
        enrichment(["poetry"], ["names"])


def _gate_table(rows_per_layer=500, seed=0):
    """Two layers; at layer 3 the highest gates sit on names, at layer 7 gates are noise."""
    rng = np.random.default_rng(seed)
    name_row = (" the Great", "Philip's son Alexander", " crossed into Asia.")
    prose_row = (" on Saturday", "We could meet for coffee", " morning.")
    layers, gates, texts = [], [], []
    for layer in (3, 7):
        for i in range(rows_per_layer):
            is_name = i % 10 == 0
            layers.append(layer)
            gates.append(rng.random() + (1.0 if is_name and layer == 3 else 0.0))
            texts.append(name_row if is_name else prose_row)
    ngram, left, right = zip(*texts)
    return pa.table({"layer": layers, "gate": gates, "ngram": ngram, "left_context": left, "right_context": right})


def test_layer_enrichment_finds_the_enriched_layer():
    out = layer_enrichment(_gate_table(), top_fraction=0.05, n_boot=300, seed=0)
    assert out.column_names == [
        "layer",
        "label",
        "n_top",
        "n_random",
        "count_top",
        "count_random",
        "p_top",
        "p_random",
        "ratio",
        "lo",
        "hi",
    ]
    rows = out.to_pylist()
    layer3 = {r["label"]: r for r in rows if r["layer"] == 3}
    assert layer3["names"]["n_top"] == 25 and layer3["names"]["n_random"] == 25
    assert layer3["names"]["count_top"] == 25  # the top 5% are exactly the name rows
    assert layer3["names"]["lo"] > 1.0
    assert out.equals(layer_enrichment(_gate_table(), top_fraction=0.05, n_boot=300, seed=0))


def test_layer_enrichment_uses_an_existing_label_column_and_checks_columns():
    table = pa.table({"layer": [0] * 4, "gate": [0.9, 0.1, float("nan"), 0.5], "label": ["code", "other", "names", "other"]})
    out = layer_enrichment(table, top_k=1, n_boot=50)
    code = next(r for r in out.to_pylist() if r["label"] == "code")
    assert code["count_top"] == 1 and code["n_random"] == 1
    with pytest.raises(KeyError, match=r"gate_col='score' is not a column of the table"):
        layer_enrichment(table, gate_col="score")
    with pytest.raises(KeyError, match=r"ngram_col='ngram' is not a column"):
        layer_enrichment(table.drop_columns(["label"]))


def test_enrichment_figure_has_a_bar_trace_per_layer():
    figure = enrichment_figure(layer_enrichment(_gate_table(100), top_fraction=0.1, n_boot=50))
    assert [trace.name for trace in figure.data] == ["layer 3", "layer 7"]
    assert list(figure.data[0].x) == list(LABELS)


# ---------------------------------------------------------------------------- eval set


def test_eval_set_is_well_formed():
    dev, test = load_eval_set("dev"), load_eval_set("test")
    items = dev + test
    assert len(items) >= 400
    ids = [item["id"] for item in items]
    assert len(set(ids)) == len(ids)
    assert not {item["id"] for item in dev} & {item["id"] for item in test}
    for label in LABELS:
        assert sum(item["label"] == label for item in items) >= 60, label
    for item in items:
        assert item["ngram"].strip() and item["source"]
        assert 0 < len(item["left_context"]) + len(item["right_context"]) < 1000


def test_macro_f1_on_the_evaluation_sets_is_guarded_and_recorded():
    """The recorded figures are those of today's rules and bundled model; the rules hold on the
    old set, and the model beats them on the v2 test genres."""
    from probe.categorize import model

    recorded = json.loads(EVAL_REPORT.read_text())
    stale = "benchmarks/results/categorize_eval.json is stale: rerun `python benchmarks/bench_categorize.py`"
    for name, items in (("old_test", load_eval_set("test")), ("v2_test", load_v2("test"))):
        for categorizer, function in (("rules", categorize), ("model", model.categorize)):
            report = evaluate(items, function)
            assert recorded[name][categorizer]["macro_f1"] == pytest.approx(report.macro_f1, abs=5e-5), stale
    assert recorded["old_test"]["rules"]["macro_f1"] >= 0.80 and recorded["old_test"]["model"]["macro_f1"] >= 0.80
    assert recorded["v2_test"]["model"]["macro_f1"] > recorded["v2_test"]["rules"]["macro_f1"] + 0.1


# ------------------------------------------------------------------------- learned model

# Hand-checked items in other languages and genres, one or more per class (written for this
# test, read against GUIDELINES.md; none is in the training or evaluation data).
MULTILINGUAL_CASES = [
    (" Marie Curie", "Le prix fut partagé avec", " et son mari pour leurs travaux.", "names"),
    (" Ámsterdam", "El museo más visitado de", " reabrió sus puertas el lunes.", "names"),
    (" est né à", "Le compositeur", " Vienne en 1770.", "relational"),
    (" ist die Hauptstadt von", "Berlin", " Deutschland.", "relational"),
    ("Alle Rechte vorbehalten", "© 2024 Beispiel GmbH. ", ".", "boilerplate"),
    (" Iniciar sesión", "Inicio | Noticias |", " | Registrarse", "boilerplate"),
    ("    return x", "def f(x):\n", " + 1\n", "code"),
    ("SELECT id", "", ", name FROM users WHERE active = 1;", "code"),
    (" het weer", "Morgen is", " waarschijnlijk zonnig en warm.", "other"),
    ("今日は", "", "とても暑いので、公園に行きませんでした。", "other"),
]


@pytest.mark.parametrize(("ngram", "left", "right", "expected"), MULTILINGUAL_CASES)
def test_model_on_hand_checked_cases_in_other_languages(ngram, left, right, expected):
    from probe.categorize import model

    assert model.categorize(ngram, left, right).label == expected


@pytest.mark.parametrize(("ngram", "left", "right", "expected"), CASES)
def test_model_on_the_hand_written_cases(ngram, left, right, expected):
    from probe.categorize import model

    assert model.categorize(ngram, left, right).label == expected


def test_bundled_model_loads_and_is_small():
    from probe.categorize.model import MODEL_PATH, bundled_model

    model = bundled_model()
    assert MODEL_PATH.stat().st_size < 20 * 2**20
    assert model.weights.shape == (len(model.names), len(LABELS)) and np.isfinite(model.weights).all()
    assert model.index[model.names[123]] == 123
    assert 0.3 <= model.temperature <= 5.0
    assert model.meta["training_items"] > 7000


def test_model_scores_are_probabilities_for_any_text():
    from probe.categorize import model

    cases = [case[:3] for case in CASES] + [(" Ámsterdam", "El museo de", " reabrió."), ("今日は", "", "とても暑い")]
    for ngram, left, right in cases + [(t, t, t) for t in BAD_TEXT]:
        result = model.categorize(ngram, left, right)
        scores = result.scores
        assert tuple(scores) == LABELS and result.label in LABELS and result.evidence[0].startswith(result.label)
        assert scores[result.label] == max(scores.values())
        assert sum(scores.values()) == pytest.approx(1.0)
        assert all(0.0 <= p <= 1.0 for p in scores.values())


def test_model_is_deterministic_across_processes():
    """Features, and so labels and scores, do not depend on the interpreter's hash seed."""
    import subprocess
    import sys

    code = (
        "from probe.categorize.model import categorize\n"
        "from probe.categorize.features import features\n"
        "print(features(' the Great', 'son Alexander', ' crossed'), categorize(' the Great', 'son Alexander', ' crossed').scores)"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={**__import__("os").environ, "PYTHONHASHSEED": seed},
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1


def test_retraining_on_a_tiny_subset_is_reproducible(tmp_path):
    from probe.categorize.model import Model
    from probe.categorize.train import Options, train, training_items

    items = training_items()[::40]  # ~200 items from many genres
    options = Options(steps=40)
    first, cv = train(options, out=tmp_path / "a.npz", cv_out=None, items=items)
    second, _ = train(options, out=tmp_path / "b.npz", cv_out=None, items=items)
    assert np.array_equal(first.weights, second.weights) and first.temperature == second.temperature
    loaded = Model.load(tmp_path / "a.npz")
    assert loaded.names == first.names and np.array_equal(loaded.weights, first.weights)
    assert 0.0 <= cv["calibration"]["ece"] <= 1.0 and set(cv["per_class"]) == set(LABELS)
    # fitted on these items, it must reproduce most of their labels
    from probe.categorize.train import item_features, predict_logits

    predicted = predict_logits(loaded, [item_features(item) for item in items]).argmax(axis=1)
    assert np.mean([LABELS[p] == item["label"] for p, item in zip(predicted, items)]) > 0.8


def test_batch_forms_take_the_model_by_name():
    from probe.categorize import model

    texts = [case[:3] for case in CASES]
    assert categorize_many(*zip(*texts), categorizer="model") == [model.categorize(*t) for t in texts]
    table = categorize_table(
        pa.table({"ngram": [" Marie Curie"], "left_context": ["with"], "right_context": ["."]}), categorizer="model"
    )
    assert table.column("score_names").to_pylist()[0] == pytest.approx(
        model.categorize(" Marie Curie", "with", ".").scores["names"]
    )
    with pytest.raises(ValueError, match="categorizer='neural'"):
        categorize_many([" a"], categorizer="neural")


def test_model_scores_a_batch_as_it_scores_each_window():
    """`model.categorize_many` (all windows in one numpy pass) against one call per window,
    repeats, blanks and None included; and its evidence against the weights read directly."""
    from probe.categorize import model
    from probe.categorize.features import features

    texts = [case[:3] for case in CASES] + [("", "a", "b"), ("  ", "", ""), (None, None, None), (" Marie Curie", "with", ".")]
    texts = texts + [(t, t, t) for t in BAD_TEXT] + texts[::-1]
    assert model.categorize_many(*zip(*texts)) == [model.categorize(*t) for t in texts]
    bundled = model.bundled_model()
    for text in texts[:12]:
        result = model.categorize(*text)
        if "rules decide" in result.evidence[0]:
            continue
        rows = [bundled.index[f] for f in features(*model.window(*text)) if f in bundled.index]
        pulls = sorted(((-bundled.weights[row, LABELS.index(result.label)], n, row) for n, row in enumerate(rows)))[:3]
        assert [e.split("feature ")[1].rsplit(" (", 1)[0] for e in result.evidence] == [
            repr(bundled.names[r]) for _, _, r in pulls
        ]


# a fresh interpreter: the first load of the lexicon, from four threads at once
FIRST_LOADS = """
import threading
from probe.categorize import categorize_many
errors = []
def load():
    try:
        categorize_many(["the"])
    except Exception as err:
        errors.append(repr(err))
threads = [threading.Thread(target=load) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(errors)
"""


def test_the_categorizer_loads_from_several_threads_at_once():
    # the gate browser loads it in the background while a page may label text; unguarded, one
    # thread's lazy Pygments import failed under another's ("cannot import name 'CLexer'")
    result = subprocess.run([sys.executable, "-c", FIRST_LOADS], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0 and result.stdout.strip() == "[]", result.stdout + result.stderr[-2000:]


# ---------------------------------------------------------------------------- v3 training batch


V3 = Path(__file__).resolve().parents[1] / "data" / "categorizer" / "v3" / "train_relational_other"


def test_v3_training_batch_is_agreed_and_well_formed():
    from probe.categorize.evaluate import read_items
    from probe.categorize.train import training_items

    items = read_items(V3 / "r01.jsonl")
    assert len(items) >= 500 and len({item["id"] for item in items}) == len(items)
    for item in items:
        assert item["label"] == item["label_a"] == item["label_b"], item["id"]  # kept only where both annotators agree
        assert item["ngram"].strip() and len(item["left_context"]) <= 200 and len(item["right_context"]) <= 200
    earlier = training_items(supplements=("v2/train_extra", "v2/train_multilingual", "v2/train_corpus"))
    # only genres the earlier data has, so adding the batch moves no earlier item to another CV fold
    assert {item["genre"] for item in items} <= {item["genre"] for item in earlier}
    assert len(training_items()) == len(earlier) + len(items)


def test_v3_recorded_kappa_matches_its_confusion_matrix():
    agreement = json.loads((V3 / "agreement.json").read_text())
    counts = np.array(agreement["confusion_rows_a_columns_b"]["counts"], dtype=float)
    n = counts.sum()
    observed = np.trace(counts) / n
    expected = float((counts.sum(axis=1) * counts.sum(axis=0)).sum()) / n**2
    assert n == agreement["items"] and np.trace(counts) == agreement["agreed"]
    assert agreement["cohen_kappa"] == pytest.approx((observed - expected) / (1 - expected), abs=5e-5)
    kept = sum(1 for line in (V3 / "r01.jsonl").read_text(encoding="utf-8").splitlines() if line.strip())
    assert agreement["kept"] == kept <= agreement["agreed"]
