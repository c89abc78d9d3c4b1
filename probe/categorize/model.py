"""The learned categorizer: a multinomial logistic regression over the feature strings of
`features.py`, trained by `python -m probe.categorize.train` on hand-labelled text and
bundled as `resources/model.npz` (numbers and UTF-8 text only, loaded without pickle).

    logits = sum of the weight rows of the n-gram's known features + bias
    scores = softmax(logits / temperature)

`temperature` was fitted on cross-validated predictions of the training data, so `.scores`
are calibrated probabilities; the label is the most probable one. The guidelines' precedence
(boilerplate > code > names > relational > other) is what the labels the model learnt from
follow, so it is learnt rather than applied.

Two of the rules decide on their own (`OVERRIDES`): a boilerplate or relational verdict of
the rules with a score of at least `OVERRIDE_SCORE` (a phrase-list hit, licence vocabulary
on both sides, a copula pattern). On the training data they are right more often than the
model is on the same items (cross-validated; `python -m probe.categorize.train` reports
both), and their label's probability is then their measured precision there.

Nothing is downloaded: the weights, the vocabulary and wordfreq's tables are all on disk.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType

import numpy as np

from .features import Vocabulary, feature_rows, features
from .rules import CACHE_SIZE, LABELS, LEFT_WINDOW, MAX_NGRAM, RIGHT_WINDOW, Categorization, _as_text
from .rules import categorize_window as _rules_window

MODEL_PATH = Path(__file__).parent / "resources" / "model.npz"
SEPARATOR = "\x00"  # between the vocabulary's feature strings; no feature contains it
EVIDENCE = 3  # features named in `.evidence`
OVERRIDES = ("boilerplate", "relational")  # the rules' verdicts that stand over the model's
OVERRIDE_SCORE = 0.8  # chosen by cross-validation over the training data (0.8, 0.85, 0.9 tried)


@dataclass(frozen=True)
class Model:
    index: dict[str, int]  # feature string -> row of `weights`
    weights: np.ndarray  # [n_features, n_labels] float32
    bias: np.ndarray  # [n_labels]
    temperature: float
    names: tuple[str, ...]  # the feature strings, by row
    meta: dict

    @cached_property
    def vocabulary(self) -> Vocabulary:
        """The feature rows as the batch path looks them up (`features.feature_rows`)."""
        return Vocabulary.build(self.index)

    def save(self, path: Path | str) -> None:
        vocabulary = SEPARATOR.join(self.names).encode("utf-8")
        np.savez_compressed(
            path,
            vocabulary=np.frombuffer(vocabulary, dtype=np.uint8),
            weights=self.weights.astype(np.float32),
            bias=self.bias.astype(np.float32),
            temperature=np.float64(self.temperature),
            meta=np.frombuffer(json.dumps(self.meta, sort_keys=True).encode("utf-8"), dtype=np.uint8),
        )

    @classmethod
    def load(cls, path: Path | str) -> Model:
        with np.load(path, allow_pickle=False) as data:
            names = tuple(data["vocabulary"].tobytes().decode("utf-8").split(SEPARATOR))
            weights = data["weights"].astype(np.float32)
            if weights.shape != (len(names), len(LABELS)):
                raise ValueError(f"{path}: weights {weights.shape} do not match {len(names)} features x {len(LABELS)} labels")
            return cls(
                index={name: row for row, name in enumerate(names)},
                weights=weights,
                bias=data["bias"].astype(np.float32),
                temperature=float(data["temperature"]),
                names=names,
                meta=json.loads(data["meta"].tobytes().decode("utf-8")),
            )


EMPTY = Categorization(
    "other", MappingProxyType({label: float(label == "other") for label in LABELS}), ("other: empty or whitespace n-gram",)
)


@cache
def bundled_model() -> Model:
    if not MODEL_PATH.exists():
        raise FileNotFoundError(f"{MODEL_PATH} is missing: rebuild it with `python -m probe.categorize.train`")
    return Model.load(MODEL_PATH)


def window(ngram: object, left_context: object, right_context: object) -> tuple[str, str, str]:
    """The n-gram and the context the categorizer reads: cut as the rules cut it, special
    tokens dropped, None read as empty text."""
    return (
        _as_text(ngram, "ngram")[:MAX_NGRAM],
        _as_text(left_context, "left_context")[-LEFT_WINDOW:],
        _as_text(right_context, "right_context")[:RIGHT_WINDOW],
    )


def categorize(ngram: str, left_context: str = "", right_context: str = "") -> Categorization:
    """The learned model's label of one n-gram (its surface text, e.g. " the Great") by the text before and after it.

    Contexts are cut to the LEFT_WINDOW / RIGHT_WINDOW characters nearest the n-gram, special
    tokens like `<|pad|>` are dropped, and None reads as empty text; results are memoised on
    the cut triple. `.scores` are calibrated probabilities that sum to 1. Never raises on the
    content of a string. This is the readable path, feature strings looked up one by one; many
    windows are about three times cheaper each through `categorize_many` (its batch form, tested
    to give the same results; benchmarks/results/categorize.json has both speeds)."""
    return _categorize_window(*window(ngram, left_context, right_context))


@lru_cache(maxsize=CACHE_SIZE)
def _categorize_window(ngram: str, left: str, right: str) -> Categorization:
    # the readable path: the feature strings of `features.py`, looked up one by one
    if not ngram.strip():
        return EMPTY
    model = bundled_model()
    rows = [row for row in map(model.index.get, features(ngram, left, right)) if row is not None]
    return scored(model, np.array(rows, dtype=np.int64), np.array([len(rows)]), [_rules_window(ngram, left, right)])[0]


def categorize_many(
    ngrams: Sequence[object], left_contexts: Sequence[object], right_contexts: Sequence[object]
) -> list[Categorization]:
    """`categorize` over parallel sequences, each distinct window computed once and all of them
    scored together (`categorize_windows`); the same results as one `categorize` call each."""
    with collector_paused():
        windows = [window(*texts) for texts in zip(ngrams, left_contexts, right_contexts)]
        distinct = list(dict.fromkeys(windows))
        by_window = dict(zip(distinct, categorize_windows(distinct)))
        return [by_window[w] for w in windows]


def categorize_windows(windows: Sequence[tuple[str, str, str]]) -> list[Categorization]:
    """The model's verdicts on already cut windows (see `window`), the same as `categorize`'s
    but computed for the whole batch: the features' rows by `features.feature_rows` (each
    distinct n-gram's own features once, its character n-grams with numpy), then the logits,
    probabilities and evidence of all windows from a few numpy operations."""
    model = bundled_model()
    kept = [i for i, (ngram, _, _) in enumerate(windows) if ngram.strip()]
    texts = [windows[i] for i in kept]
    results = [EMPTY] * len(windows)
    with collector_paused():
        verdicts = [_rules_window(*text) for text in texts]
        for i, result in zip(kept, scored(model, *feature_rows(texts, verdicts, model.vocabulary), verdicts)):
            results[i] = result
    return results


@contextmanager
def collector_paused():
    """Python's cyclic garbage collector off for a while: a batch makes lists and tuples that all
    live to its end and hold no cycles, and the collector's passes over them, more frequent
    as they pile up, cost a batch a fifth of its time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def scored(model: Model, flat: np.ndarray, lengths: np.ndarray, verdicts: Sequence[Categorization]) -> list[Categorization]:
    """The verdicts on windows given the rows of their known features (in `features` order, all
    windows' one after another: `flat`, and how many each has: `lengths`, >= 1 as "bias" is
    always known) and the rules' verdicts on them. One numpy pass for all of them: its
    per-call cost would dominate one window at a time."""
    if not len(lengths):
        return []
    offsets = np.cumsum(lengths) - lengths
    logits = np.add.reduceat(model.weights[flat], offsets, axis=0).astype(np.float64) + model.bias  # [windows, n_labels]
    shifted = np.exp((logits - logits.max(axis=1, keepdims=True)) / model.temperature)
    probabilities = shifted / shifted.sum(axis=1, keepdims=True)
    best = probabilities.argmax(axis=1)
    # evidence: each window's EVIDENCE features with the largest weight for its label, largest
    # first (ties in feature order): the first of its largest, that one set aside, and again
    item_of = np.repeat(np.arange(len(lengths)), lengths)
    pull = model.weights[flat, best[item_of]]
    chosen = np.full((len(lengths), EVIDENCE), -1, dtype=np.int64)  # positions in `flat`, -1 past a window's features
    positions = np.arange(len(flat))
    for k in range(EVIDENCE):
        largest = np.maximum.reduceat(pull, offsets)
        first = np.minimum.reduceat(np.where(pull == largest[item_of], positions, len(flat)), offsets)
        chosen[:, k] = np.where(lengths > k, first, -1)
        pull[first[lengths > k]] = -np.inf
    chosen = chosen[chosen >= 0]  # by window, largest first
    top_rows, top_labels = flat[chosen].tolist(), best[item_of[chosen]].tolist()
    cut = np.cumsum(np.minimum(lengths, EVIDENCE)).tolist()
    described: dict[tuple[int, int], str] = {}  # (label, row) -> its evidence line: a feature's weight for a label is fixed
    for key in zip(top_labels, top_rows):
        if key not in described:
            label, row = key
            described[key] = f"{LABELS[label]}: feature {model.names[row]!r} ({float(model.weights[row, label]):+.2f})"
    lines = list(map(described.__getitem__, zip(top_labels, top_rows)))
    precision = model.meta["override_precision"]
    results, start = [], 0
    for verdict, probability_row, label, end in zip(verdicts, probabilities.tolist(), best.tolist(), cut):
        ruled = overriding_label(verdict)
        if ruled is not None:
            probability_row = with_rule(probability_row, ruled, precision[ruled])
            name, evidence = ruled, (f"{ruled}: rules decide ({verdict.evidence[0]})",)
        else:
            name, evidence = LABELS[label], tuple(lines[start:end])
        results.append(Categorization(name, MappingProxyType(dict(zip(LABELS, probability_row))), evidence))
        start = end
    return results


def overriding_label(verdict: Categorization) -> str | None:
    """The rules' label when it is one of OVERRIDES with a score of at least OVERRIDE_SCORE."""
    label = verdict.label
    return label if label in OVERRIDES and verdict.scores[label] >= OVERRIDE_SCORE else None


def with_rule(probabilities: list[float], label: str, precision: float) -> list[float]:
    """The model's probabilities (in LABELS order) with `label` raised to the rules' measured
    precision (if higher), the other labels sharing the rest in the model's proportions."""
    index = LABELS.index(label)
    chosen = max(precision, probabilities[index])
    rest = sum(probabilities) - probabilities[index]
    scale = (1.0 - chosen) / rest if rest > 0 else 0.0
    return [chosen if i == index else p * scale for i, p in enumerate(probabilities)]
