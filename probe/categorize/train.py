"""Train the bundled categorizer model, deterministically, from the hand-labelled training data.

    python -m probe.categorize.train            # grouped CV report, then fit and write the model
    python -m probe.categorize.train --cv-only  # the same, writing nothing (for trying options)

Training data (never the frozen test, default-corpus or old test items):
  data/categorizer/v2/train.jsonl             451 doubly-labelled items, 30 non-test genres
  data/categorizer/v2/train_extra/b*.jsonl    7,208 singly-labelled items, 111 non-test genres
  data/categorizer/v2/train_multilingual/m*.jsonl
                                              2,422 singly-labelled items in 8 languages by 8
                                              writers, one each, non-test genres
  data/categorizer/v2/train_corpus/c*.jsonl   997 singly-labelled items of the default corpus's
                                              train split (its validation split is never read)
  data/categorizer/v3/train_relational_other/r01.jsonl
                                              548 doubly-labelled items (kept where both agree)
                                              of relation phrases and ordinary prose in 13
                                              languages, only in genres the items above have;
                                              added after benchmarks/categorizer_cv.py showed
                                              it raises CV macro-F1 on the same folds
  data/categorizer/eval_dev.jsonl             the old set's dev half, without its C code and
                                              chat text (v2 test genres)

Cross-validation leaves genres out: the genres are dealt into `FOLDS` folds (seeded), so a
fold's genres are unseen when it is predicted, as the test genres are. The out-of-fold logits
give the CV figures and fit the temperature (calibration); the model written is then fitted on
everything. Full-batch Adam from zero weights in float64 with a fixed number of steps: the
same data gives the same bytes on any machine with the same numpy.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .evaluate import detailed_report, load_eval_set, load_v2, read_items, reliability
from .features import features
from .model import MODEL_PATH, OVERRIDES, SEPARATOR, Model, overriding_label, window, with_rule
from .rules import LABELS
from .rules import categorize as rules_categorize

DATA = Path(__file__).resolve().parents[2] / "data" / "categorizer"
CV_RESULT = Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "categorize_cv.json"
# v2 test genres among the old dev set's sources (by source prefix): left out of training
OLD_SOURCES_IN_TEST_GENRES = ("c:", "written:chat")
# training batches beyond v2/train.jsonl, in this order (folders under data/categorizer/)
SUPPLEMENTS = ("v2/train_extra", "v2/train_multilingual", "v2/train_corpus", "v3/train_relational_other")
ADDED_IN_V3 = ("v3/train_relational_other",)  # what benchmarks/categorizer_cv.py compares with and without
FOLDS = 5
SEED = 0


@dataclass(frozen=True)
class Options:
    l2: float = 1e-4  # on the mean loss
    steps: int = 300
    learning_rate: float = 0.05
    min_count: int = 2  # features seen in fewer training items are dropped
    balance: bool = True  # weight items so that every label carries the same total weight


def training_items(data: Path = DATA, supplements: tuple[str, ...] = SUPPLEMENTS) -> list[dict]:
    items = load_v2("train", data / "v2")
    for folder in supplements:
        for batch in sorted((data / folder).glob("*.jsonl")):
            items += read_items(batch)
    for item in load_eval_set("dev", data):
        if not item["source"].startswith(OLD_SOURCES_IN_TEST_GENRES):  # the old set has sources, not genres
            items.append({**item, "genre": "old-" + item["source"].split(":")[0], "language": "en"})
    return items


def item_features(item: dict) -> list[str]:
    ngram, left, right = window(item["ngram"], item["left_context"], item["right_context"])
    return features(ngram, left, right)


class Design:
    """Items as rows of feature ids: `flat` holds every item's ids in turn, `offsets` where
    each item's start (the sparse matrix of binary features in CSR form, without the values)."""

    def __init__(self, rows: list[list[int]]):
        self.n = len(rows)
        self.flat = np.fromiter((r for row in rows for r in row), dtype=np.int64)
        lengths = np.array([len(row) for row in rows], dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        self.item_of = np.repeat(np.arange(self.n), lengths)

    def logits(self, weights: np.ndarray, bias: np.ndarray) -> np.ndarray:
        return np.add.reduceat(weights[self.flat], self.offsets, axis=0) + bias

    def gradient(self, per_item: np.ndarray, n_features: int) -> np.ndarray:
        """The weights' gradient from the logits' one ([n_items, n_labels])."""
        spread = per_item[self.item_of]
        return np.stack([np.bincount(self.flat, spread[:, k], minlength=n_features) for k in range(per_item.shape[1])], 1)


def vocabulary(feature_lists: list[list[str]], min_count: int) -> list[str]:
    """Features present in at least `min_count` items, sorted (the order fixes the bytes)."""
    counts: dict[str, int] = {}
    for names in feature_lists:
        for name in set(names):
            counts[name] = counts.get(name, 0) + 1
    kept = sorted(name for name, count in counts.items() if count >= min_count)
    if any(SEPARATOR in name for name in kept):
        raise ValueError("a feature contains the vocabulary separator")
    return kept


def fit(feature_lists: list[list[str]], labels: np.ndarray, options: Options) -> Model:
    names = vocabulary(feature_lists, options.min_count)
    index = {name: row for row, name in enumerate(names)}
    design = Design([[index[f] for f in fs if f in index] for fs in feature_lists])
    n_labels = len(LABELS)
    if options.balance:
        counts = np.bincount(labels, minlength=n_labels).astype(float)
        item_weight = (len(labels) / (n_labels * np.maximum(counts, 1)))[labels]
    else:
        item_weight = np.ones(len(labels))
    item_weight = item_weight / item_weight.sum()
    target = np.eye(n_labels)[labels]
    params = [np.zeros((len(names), n_labels)), np.zeros(n_labels)]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
    for step in range(1, options.steps + 1):
        logits = design.logits(*params)
        grad_logits = (_softmax(logits) - target) * item_weight[:, None]
        grads = [design.gradient(grad_logits, len(names)) + options.l2 * params[0], grad_logits.sum(0)]
        for param, grad, (m, v) in zip(params, grads, moments):
            _adam(param, grad, m, v, step, options.learning_rate)
    return Model(index, params[0].astype(np.float32), params[1].astype(np.float32), 1.0, tuple(names), {})


def _adam(param, grad, m, v, step, learning_rate, beta1=0.9, beta2=0.999, eps=1e-8):
    m *= beta1
    m += (1 - beta1) * grad
    v *= beta2
    v += (1 - beta2) * grad * grad
    param -= learning_rate * (m / (1 - beta1**step)) / (np.sqrt(v / (1 - beta2**step)) + eps)


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


def predict_logits(model: Model, feature_lists: list[list[str]]) -> np.ndarray:
    rows = [[model.index[f] for f in fs if f in model.index] for fs in feature_lists]
    return Design(rows).logits(model.weights.astype(np.float64), model.bias.astype(np.float64))


def genre_folds(genres: list[str], folds: int = FOLDS, seed: int = SEED) -> np.ndarray:
    """Fold number of every item: genres shuffled (seeded) and dealt round-robin."""
    unique = sorted(set(genres))
    random.Random(seed).shuffle(unique)
    fold_of = {genre: i % folds for i, genre in enumerate(unique)}
    return np.array([fold_of[genre] for genre in genres])


def cross_validate(feature_lists, labels, genres, options: Options) -> np.ndarray:
    """Out-of-fold logits, each fold predicted by a model fitted on the other folds' genres."""
    folds = genre_folds(genres)
    out = np.zeros((len(labels), len(LABELS)))
    for fold in range(FOLDS):
        train = np.flatnonzero(folds != fold)
        held = np.flatnonzero(folds == fold)
        model = fit([feature_lists[i] for i in train], labels[train], options)
        out[held] = predict_logits(model, [feature_lists[i] for i in held])
    return out


def fit_temperature(logits: np.ndarray, labels: np.ndarray) -> float:
    """The temperature minimising the negative log-likelihood of the labels (grid, 0.01 steps)."""
    grid = np.arange(0.3, 5.0, 0.01)
    losses = [_nll(logits / t, labels) for t in grid]
    return round(float(grid[int(np.argmin(losses))]), 2)


def _nll(logits: np.ndarray, labels: np.ndarray) -> float:
    shifted = logits - logits.max(axis=1, keepdims=True)
    return float(-(shifted[np.arange(len(labels)), labels] - np.log(np.exp(shifted).sum(axis=1))).mean())


def softmax(logits: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    return _softmax(logits / temperature)


def summary(logits: np.ndarray, items: list[dict], temperature: float, precision: dict[str, float] | None = None) -> dict:
    """The report of the model's (cross-validated) logits, with the rules' overrides applied
    when their `precision` is given."""
    probabilities = softmax(logits, temperature)
    predicted = [LABELS[i] for i in probabilities.argmax(axis=1)]
    if precision is not None:
        for i, item in enumerate(items):
            ruled = overriding_label(rules_categorize(item["ngram"], item["left_context"], item["right_context"]))
            if ruled is not None:
                probabilities[i] = with_rule(probabilities[i].tolist(), ruled, precision[ruled])
                predicted[i] = ruled
    return detailed_report(items, predicted, probabilities)


def override_precision(items: list[dict]) -> dict[str, float]:
    """How often each overriding verdict of the rules is right on the training items (the rules
    were not fitted to them, so this needs no cross-validation)."""
    fired: dict[str, list[bool]] = {label: [] for label in OVERRIDES}
    for item in items:
        ruled = overriding_label(rules_categorize(item["ngram"], item["left_context"], item["right_context"]))
        if ruled is not None:
            fired[ruled].append(ruled == item["label"])
    return {label: round(float(np.mean(hits)), 4) if hits else 0.5 for label, hits in fired.items()}


def data_digest(items: list[dict]) -> str:
    text = "\n".join(
        json.dumps([i["ngram"], i["left_context"], i["right_context"], i["label"]], ensure_ascii=False) for i in items
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def train(options: Options = Options(), out: Path | None = MODEL_PATH, cv_out: Path | None = CV_RESULT,
          items: list[dict] | None = None) -> tuple[Model, dict]:
    """Cross-validate, fit the temperature, fit on all items and write the model (when `out`)
    and the CV report (when `cv_out`)."""
    items = training_items() if items is None else items
    feature_lists = [item_features(item) for item in items]
    labels = np.array([LABELS.index(item["label"]) for item in items])
    genres = [item["genre"] for item in items]
    oof = cross_validate(feature_lists, labels, genres, options)
    temperature = fit_temperature(oof, labels)
    precision = override_precision(items)
    cv = {
        "folds": FOLDS, "split": "leave-genres-out", "items": len(items), "genres": len(set(genres)),
        "options": options.__dict__, "temperature": temperature, "override_precision": precision,
        "uncalibrated_ece": reliability(softmax(oof), [item["label"] for item in items])["ece"],
        "model_alone": {key: value for key, value in summary(oof, items, temperature).items() if key != "by_genre"},
        **summary(oof, items, temperature, precision),
    }
    model = fit(feature_lists, labels, options)
    meta = {"options": options.__dict__, "temperature": temperature, "override_precision": precision,
            "training_items": len(items), "training_data_sha256": data_digest(items), "cv_macro_f1": cv["macro_f1"]}
    model = Model(model.index, model.weights, model.bias, temperature, model.names, meta)
    if out is not None:
        model.save(out)
    if cv_out is not None:
        cv_out.parent.mkdir(parents=True, exist_ok=True)
        cv_out.write_text(json.dumps(cv, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return model, cv


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cv-only", action="store_true", help="print the cross-validation figures, write nothing")
    for name, default in Options().__dict__.items():
        kind = (lambda s: s.lower() in ("1", "true", "yes")) if isinstance(default, bool) else type(default)
        parser.add_argument(f"--{name.replace('_', '-')}", type=kind, default=default)
    args = parser.parse_args()
    options = Options(**{name: getattr(args, name) for name in Options().__dict__})
    model, cv = train(options, out=None if args.cv_only else MODEL_PATH, cv_out=None if args.cv_only else CV_RESULT)
    print(json.dumps({key: cv[key] for key in ("macro_f1", "accuracy", "per_class")}, indent=1))
    print("by language:", {key: value["macro_f1"] for key, value in cv["by_language"].items()})
    written = "" if args.cv_only else f" -> {MODEL_PATH}"
    print(
        f"CV macro-F1 {cv['macro_f1']:.4f} (ECE {cv['calibration']['ece']:.4f}, T={model.temperature}); "
        f"{len(model.names)} features{written}"
    )


if __name__ == "__main__":
    main()
