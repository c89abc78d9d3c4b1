"""Cross-validated effect of round v3's training items (data/categorizer/v3/) on the learned categorizer.

    python benchmarks/categorizer_cv.py   # writes benchmarks/results/categorizer_cv.json

Both models are cross-validated on the same leave-genres-out folds (train.genre_folds over the
training genres; every v3 genre is one the earlier data already has, so adding v3 moves no old
item to another fold, which the script checks). Per fold, "before" is fitted on the earlier
training items of the other folds, "after" on those plus the v3 items of the other folds; both
predict the fold's earlier items and its v3 items. Figures are of the shipped pipeline (model
plus the rules' overrides) and of the model alone. No frozen test item is read.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from probe.categorize.evaluate import read_items
from probe.categorize.model import Model
from probe.categorize.rules import LABELS
from probe.categorize.train import (
    ADDED_IN_V3,
    DATA,
    FOLDS,
    SUPPLEMENTS,
    Options,
    fit,
    genre_folds,
    item_features,
    override_precision,
    predict_logits,
    summary,
    training_items,
)

RESULT = Path(__file__).resolve().parent / "results" / "categorizer_cv.json"


def out_of_fold(train_sets: list[tuple[list, np.ndarray, np.ndarray]], predict_sets: list[tuple[list, np.ndarray]],
                options: Options) -> list[np.ndarray]:
    """Out-of-fold logits of each predicted set: fold k is predicted by a model fitted on the
    items of every training set outside fold k. A set is (feature lists, labels, folds)."""
    outs = [np.zeros((len(folds), len(LABELS))) for _, folds in predict_sets]
    for fold in range(FOLDS):
        features, labels = [], []
        for set_features, set_labels, set_folds in train_sets:
            keep = np.flatnonzero(set_folds != fold)
            features += [set_features[i] for i in keep]
            labels.append(set_labels[keep])
        model: Model = fit(features, np.concatenate(labels), options)
        for (set_features, set_folds), out in zip(predict_sets, outs):
            held = np.flatnonzero(set_folds == fold)
            out[held] = predict_logits(model, [set_features[i] for i in held])
    return outs


def figures(logits: np.ndarray, items: list[dict], precision: dict[str, float]) -> dict:
    """Macro-F1, accuracy and per-class F1 of the pipeline (model + overrides) and of the model alone."""
    def short(report: dict) -> dict:
        return {"macro_f1": report["macro_f1"], "accuracy": report["accuracy"],
                "f1": {label: report["per_class"][label]["f1"] for label in LABELS},
                "confusion_rows_gold_columns_predicted": report["confusion_matrix"]["counts"]}
    return {"n": len(items), "pipeline": short(summary(logits, items, 1.0, precision)),
            "model_alone": short(summary(logits, items, 1.0))}


def main(options: Options = Options()) -> dict:
    old = training_items(supplements=tuple(s for s in SUPPLEMENTS if s not in ADDED_IN_V3))
    new = [item for folder in ADDED_IN_V3 for batch in sorted((DATA / folder).glob("*.jsonl")) for item in read_items(batch)]
    old_genres = {item["genre"] for item in old}
    unseen = sorted({item["genre"] for item in new} - old_genres)
    if unseen:
        raise ValueError(f"v3 genres {unseen} are not among the earlier training genres: they would move old items' folds")
    fold_of = dict(zip([i["genre"] for i in old], genre_folds([i["genre"] for i in old])))
    assert (genre_folds([i["genre"] for i in old + new])[: len(old)] == [fold_of[i["genre"]] for i in old]).all()
    sets = []
    for items in (old, new):
        sets.append(([item_features(i) for i in items], np.array([LABELS.index(i["label"]) for i in items]),
                     np.array([fold_of[i["genre"]] for i in items])))
    predict = [(features, folds) for features, _, folds in sets]
    before_old, before_new = out_of_fold(sets[:1], predict, options)
    after_old, after_new = out_of_fold(sets, predict, options)
    precision = override_precision(old + new)
    result = {
        "what": "leave-genres-out CV, same folds before and after adding data/categorizer/v3/train_relational_other",
        "folds": FOLDS, "options": options.__dict__, "earlier_items": len(old), "v3_items": len(new),
        "before": {"earlier_items": figures(before_old, old, precision), "v3_items": figures(before_new, new, precision)},
        "after": {"earlier_items": figures(after_old, old, precision), "v3_items": figures(after_new, new, precision)},
    }
    RESULT.parent.mkdir(parents=True, exist_ok=True)
    RESULT.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return result


if __name__ == "__main__":
    result = main()
    for when in ("before", "after"):
        for part in ("earlier_items", "v3_items"):
            r = result[when][part]["pipeline"]
            print(when, part, r["macro_f1"], r["f1"])
