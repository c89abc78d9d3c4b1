"""Agreement of the categorizer with the hand-labelled evaluation sets: the old one
(`data/categorizer/eval_{dev,test}.jsonl`) and v2 (`data/categorizer/v2/{train,test,
default_corpus}.jsonl`, split by genre), both labelled by `data/categorizer/GUIDELINES.md`.

Metrics are plain numpy over label sequences: a confusion matrix (rows are the gold labels,
columns the predicted ones), per-class precision, recall and F1, their unweighted mean over
classes (macro-F1) and accuracy. A class that is never predicted has precision 0, a class
absent from the gold labels has recall 0 (and both give F1 0), so a missing class lowers
macro-F1 rather than disappearing from it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .rules import LABELS, Categorization, categorize

EVAL_DIR = Path(__file__).resolve().parents[2] / "data" / "categorizer"
REQUIRED_FIELDS = ("id", "ngram", "left_context", "right_context", "label")
V2_PARTS = ("train", "test", "default_corpus")


@dataclass(frozen=True)
class EvaluationReport:
    labels: tuple[str, ...]
    confusion: np.ndarray  # [gold, predicted] counts, in `labels` order
    precision: dict[str, float]
    recall: dict[str, float]
    f1: dict[str, float]
    support: dict[str, int]
    macro_f1: float
    accuracy: float
    errors: tuple[dict, ...] = field(default=())  # the items the rules got wrong, with their prediction

    @property
    def n(self) -> int:
        return int(self.confusion.sum())

    def to_dict(self) -> dict:
        """JSON-ready form (the confusion matrix as nested lists, gold labels by row)."""
        return {
            "n": self.n,
            "labels": list(self.labels),
            "macro_f1": round(self.macro_f1, 4),
            "accuracy": round(self.accuracy, 4),
            "per_class": {
                label: {
                    "precision": round(self.precision[label], 4),
                    "recall": round(self.recall[label], 4),
                    "f1": round(self.f1[label], 4),
                    "support": self.support[label],
                }
                for label in self.labels
            },
            "confusion_matrix": {"rows_gold_columns_predicted": list(self.labels), "counts": self.confusion.tolist()},
        }


def confusion_matrix(gold: Sequence[str], predicted: Sequence[str], labels: Sequence[str] = LABELS) -> np.ndarray:
    """Counts of (gold, predicted) pairs; rows and columns in `labels` order."""
    if len(gold) != len(predicted):
        raise ValueError(f"gold has {len(gold)} labels but predicted has {len(predicted)}")
    index = {label: i for i, label in enumerate(labels)}
    for name, sequence in (("gold", gold), ("predicted", predicted)):
        unknown = sorted(set(sequence) - set(index))
        if unknown:
            raise ValueError(f"{name} labels {unknown} are not among {list(labels)}")
    matrix = np.zeros((len(labels), len(labels)), dtype=np.int64)
    if len(gold):
        np.add.at(matrix, ([index[g] for g in gold], [index[p] for p in predicted]), 1)
    return matrix


def report_from_confusion(confusion: np.ndarray, labels: Sequence[str] = LABELS) -> EvaluationReport:
    confusion = np.asarray(confusion, dtype=np.int64)
    true_positive = np.diag(confusion).astype(float)
    predicted_count = confusion.sum(axis=0).astype(float)
    gold_count = confusion.sum(axis=1).astype(float)
    precision = np.divide(true_positive, predicted_count, out=np.zeros_like(true_positive), where=predicted_count > 0)
    recall = np.divide(true_positive, gold_count, out=np.zeros_like(true_positive), where=gold_count > 0)
    denominator = precision + recall
    f1 = np.divide(2 * precision * recall, denominator, out=np.zeros_like(denominator), where=denominator > 0)
    total = confusion.sum()
    return EvaluationReport(
        labels=tuple(labels),
        confusion=confusion,
        precision=dict(zip(labels, precision.tolist())),
        recall=dict(zip(labels, recall.tolist())),
        f1=dict(zip(labels, f1.tolist())),
        support=dict(zip(labels, gold_count.astype(int).tolist())),
        macro_f1=float(f1.mean()) if len(labels) else 0.0,
        accuracy=float(true_positive.sum() / total) if total else 0.0,
    )


def evaluate(
    items: Iterable[Mapping], categorizer: Callable[[str, str, str], Categorization] = categorize
) -> EvaluationReport:
    """Categorize every item (a mapping with `ngram`, `left_context`, `right_context` and the
    gold `label`) with `categorizer` (by default the rules; `model.categorize` for the learned
    model) and compare with the gold labels."""
    items = list(items)
    for position, item in enumerate(items):
        missing = [key for key in ("ngram", "left_context", "right_context", "label") if key not in item]
        if missing:
            raise KeyError(f"item {position} ({item.get('id', 'no id')}) lacks {missing}; it has {sorted(item)}")
    predicted = [categorizer(item["ngram"], item["left_context"], item["right_context"]).label for item in items]
    gold = [item["label"] for item in items]
    report = report_from_confusion(confusion_matrix(gold, predicted), LABELS)
    errors = tuple(
        {"id": item.get("id"), "gold": g, "predicted": p, "ngram": item["ngram"]}
        for item, g, p in zip(items, gold, predicted)
        if g != p
    )
    return EvaluationReport(**{**report.__dict__, "errors": errors})


def load_eval_set(split: str = "dev", directory: Path | str | None = None) -> list[dict]:
    """Items of `eval_<split>.jsonl` (split 'dev' or 'test') from `directory`, by default the
    repository's `data/categorizer/`."""
    if split not in ("dev", "test"):
        raise ValueError(f"split must be 'dev' or 'test', got {split!r}")
    path = Path(directory or EVAL_DIR) / f"eval_{split}.jsonl"
    if not path.exists():
        raise FileNotFoundError(f"{path} not found: pass the folder holding eval_dev.jsonl and eval_test.jsonl")
    return read_items(path)


def load_v2(part: str = "train", directory: Path | str | None = None) -> list[dict]:
    """The agreed items of one part of the v2 set (`train`, `test` or `default_corpus`), with
    their `genre` and `language`."""
    if part not in V2_PARTS:
        raise ValueError(f"part must be one of {V2_PARTS}, got {part!r}")
    return read_items(Path(directory or EVAL_DIR / "v2") / f"{part}.jsonl")


def read_items(path: Path) -> list[dict]:
    """The labelled items of a JSONL file, each checked for the fields the metrics read."""
    items = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            item = json.loads(line)
            missing = [key for key in REQUIRED_FIELDS if key not in item]
            if missing:
                raise ValueError(f"{path}:{number} lacks fields {missing}")
            if item["label"] not in LABELS:
                raise ValueError(f"{path}:{number} has label {item['label']!r}, not one of {list(LABELS)}")
            items.append(item)
    return items


def reliability(probabilities: np.ndarray, gold: Sequence[str], bins: int = 10) -> dict:
    """Reliability diagram of the top label's probability (`probabilities`: [items, LABELS],
    equal-width bins) and the expected calibration error: the bins' |accuracy - confidence|
    weighted by their share of the items."""
    probabilities = np.asarray(probabilities, dtype=float)
    confidence = probabilities.max(axis=1)
    correct = probabilities.argmax(axis=1) == np.array([LABELS.index(label) for label in gold])
    edges = np.linspace(0, 1, bins + 1)
    which = np.clip(np.digitize(confidence, edges[1:-1]), 0, bins - 1)
    table, ece = [], 0.0
    for b in range(bins):
        members = which == b
        if members.any():
            accuracy, mean_confidence = float(correct[members].mean()), float(confidence[members].mean())
            ece += members.mean() * abs(accuracy - mean_confidence)
            table.append({"bin": [round(edges[b], 2), round(edges[b + 1], 2)], "n": int(members.sum()),
                          "confidence": round(mean_confidence, 4), "accuracy": round(accuracy, 4)})
    return {"bins": table, "ece": round(float(ece), 4)}


def by_group(gold: Sequence[str], predicted: Sequence[str], groups: Sequence[str]) -> dict[str, dict]:
    """Size and macro-F1 of each group of items (a language, a genre)."""
    out = {}
    for group in sorted(set(groups)):
        members = [i for i, g in enumerate(groups) if g == group]
        report = report_from_confusion(confusion_matrix([gold[i] for i in members], [predicted[i] for i in members]))
        out[group] = {"n": len(members), "macro_f1": round(report.macro_f1, 4)}
    return out


def detailed_report(items: Sequence[Mapping], predicted: Sequence[str], probabilities: np.ndarray | None = None) -> dict:
    """Per-class figures, macro-F1 and confusion matrix; macro-F1 per language and per genre
    where the items have them; calibration when `probabilities` ([items, LABELS]) are given."""
    gold = [item["label"] for item in items]
    out = report_from_confusion(confusion_matrix(gold, predicted)).to_dict()
    if probabilities is not None:
        out["calibration"] = reliability(probabilities, gold)
    for key in ("language", "genre"):
        if items and all(key in item for item in items):
            out[f"by_{key}"] = by_group(gold, predicted, [item[key] for item in items])
    return out
