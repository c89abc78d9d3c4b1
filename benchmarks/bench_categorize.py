"""Throughput of the retrieval categorizer on realistic inputs, one core; and its agreement
with the hand labels of the evaluation sets, for the learned model and for the rules alone.

Items are n-grams of two or three BPE-like pieces at seeded random positions in text found on
any Python installation (standard-library modules: code, comments and docstrings; installed
packages' README/METADATA and licence files), each with up to 200 characters of context on
both sides, categorized by one `categorize_many` call. Every repeat starts with empty memos
(the rules' and the model's of n-gram features), so each item is categorized from scratch;
a last pass of one `model.categorize` call per item, with its memo full, shows the cost of a
repeated window. The model and the rules alone run in turn, repeat by repeat, so that their
ratio is measured at the same moments; the model's readable one-window path (one
`model.categorize` call per item from scratch: feature strings looked up one by one, the path
its batch form is tested against) runs on the first `--reference-items` items.

    python benchmarks/bench_categorize.py [--items 20000] [--repeats 5]

writes benchmarks/results/categorize.json (throughput) and
benchmarks/results/categorize_eval.json: per-class precision/recall/F1, macro-F1, confusion
matrix, macro-F1 per language and per genre and (for the model) the reliability diagram and
ECE, on the v2 test genres (`data/categorizer/v2/test.jsonl`), the v2 default-corpus items and
the old test split (`data/categorizer/eval_test.jsonl`). `--speed-only` skips the evaluation.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import random
import re
import statistics
import sysconfig
import time
from pathlib import Path

# one core: numpy's thread pools (none of the categorizer's operations should use one) held to
# one thread before numpy loads, so that process time is one core's time
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
for _variable in THREAD_VARIABLES:
    os.environ[_variable] = "1"

import numpy as np  # noqa: E402

from probe.categorize import categorize_many, features, model, rules  # noqa: E402
from probe.categorize.evaluate import detailed_report, load_eval_set, load_v2  # noqa: E402
from probe.categorize.lexicon import lexicon  # noqa: E402
from probe.categorize.rules import LABELS  # noqa: E402

RESULT = Path(__file__).parent / "results" / "categorize.json"
EVAL_RESULT = Path(__file__).parent / "results" / "categorize_eval.json"
CONTEXT = 200
PIECE = re.compile(r" ?[^\W\d_]+| ?\d+| ?[^\s\w]+|\s+")  # GPT-2-like pre-tokenizer pieces


def source_texts(limit_per_kind: int = 60) -> dict[str, list[str]]:
    stdlib = sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))
    metadata, licences = [], []
    for distribution in sorted(importlib.metadata.distributions(), key=lambda d: d.metadata["Name"] or ""):
        readme = distribution.read_text("METADATA")
        if readme and len(readme) > 2000:
            metadata.append(readme)
        for file in distribution.files or ():
            if "LICEN" in file.name.upper() and len(licences) < limit_per_kind:
                text = file.read_text() if file.locate().exists() else None
                if text:
                    licences.append(text)
    return {
        "stdlib": [p.read_text(encoding="utf-8", errors="replace") for p in stdlib[:limit_per_kind]],
        "metadata": metadata[:limit_per_kind],
        "licence": licences[:limit_per_kind],
    }


SHARES = {"stdlib": 0.5, "metadata": 0.35, "licence": 0.15}


def draw_items(
    texts: dict[str, list[str]], n_items: int, seed: int, shares: dict[str, float] = SHARES
) -> tuple[list[str], list[str], list[str], dict]:
    """n-grams at random positions; by default 50% from code files, 35% from READMEs and 15%
    from licences."""
    rng = random.Random(seed)
    ngrams, lefts, rights, counts = [], [], [], {}
    for kind, share in shares.items():
        pool = [t for t in texts[kind] if len(t) > 4 * CONTEXT]
        if not pool:
            continue
        pieces = [[m.span() for m in PIECE.finditer(t)] for t in pool]
        want = round(n_items * share)
        counts[kind] = want
        for _ in range(want):
            index = rng.randrange(len(pool))
            text, spans = pool[index], pieces[index]
            end = rng.randrange(3, len(spans))
            start = end - rng.choice((1, 2))
            begin, finish = spans[start][0], spans[end][1]
            ngrams.append(text[begin:finish])
            lefts.append(text[max(0, begin - CONTEXT) : begin])
            rights.append(text[finish : finish + CONTEXT])
    return ngrams, lefts, rights, counts


def calibration_ns() -> float:
    """Nanoseconds per iteration of a plain Python loop: a yardstick for comparing results
    across machines (this one ran the loop at the reported speed)."""
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        total = 0
        for i in range(1_000_000):
            total += i
        best = min(best, time.process_time() - start)
    return best * 1e3


def empty_memos() -> None:
    # the rules' memo (the model reads their verdict), the model's of n-gram features and of windows
    rules.categorize_window.cache_clear()
    features._focus_features.cache_clear()
    model._categorize_window.cache_clear()


def timed(ngrams, lefts, rights, categorizer: str = "model") -> float:
    empty_memos()
    start = time.process_time()
    categorize_many(ngrams, lefts, rights, categorizer=categorizer)
    return time.process_time() - start


def timed_reference(ngrams, lefts, rights) -> float:
    """One `model.categorize` call per item, from scratch: the readable one-window path."""
    empty_memos()
    start = time.process_time()
    for texts in zip(ngrams, lefts, rights):
        model.categorize(*texts)
    return time.process_time() - start


def timed_memoised(ngrams, lefts, rights) -> float:
    """One `model.categorize` call per item, every window already in its memo."""
    for texts in zip(ngrams, lefts, rights):
        model.categorize(*texts)
    start = time.process_time()
    for texts in zip(ngrams, lefts, rights):
        model.categorize(*texts)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULT)
    parser.add_argument("--reference-items", type=int, default=4000, help="items for the one-window path")
    parser.add_argument("--speed-only", action="store_true", help="measure throughput only")
    args = parser.parse_args()

    start = time.perf_counter()
    lexicon()
    model.bundled_model().vocabulary
    load_seconds = time.perf_counter() - start
    texts = source_texts()
    ngrams, lefts, rights, mix = draw_items(texts, args.items, args.seed)
    load_before = os.getloadavg()
    timed(ngrams, lefts, rights)  # once first: wordfreq's tables for the languages met load on first use
    # the rules alone on the same items, in turn with the model: a yardstick when the machine is loaded
    cold, rules_cold = [], []
    for _ in range(args.repeats):
        cold.append(timed(ngrams, lefts, rights))
        rules_cold.append(timed(ngrams, lefts, rights, categorizer="rules"))
    warm = timed_memoised(ngrams, lefts, rights)
    reference_items = [values[: args.reference_items] for values in (ngrams, lefts, rights)]
    reference = [timed_reference(*reference_items) for _ in range(args.repeats)]
    by_kind = {}
    for kind in SHARES:
        kind_items = draw_items(texts, args.items // 2, args.seed, {kind: 1.0})[:3]
        seconds = statistics.median(timed(*kind_items) for _ in range(args.repeats))
        by_kind[kind] = round(len(kind_items[0]) / seconds)
    load_after = os.getloadavg()
    labels = [c.label for c in categorize_many(ngrams, lefts, rights, categorizer="model")]

    n = len(ngrams)
    result = {
        "benchmark": "categorize",
        "categorizer": "model (probe.categorize.model)",
        "items": n,
        "mix": mix,
        "context_chars": CONTEXT,
        "repeats": args.repeats,
        "clock": "time.process_time (CPU time of this process, one thread)",
        "ngrams_per_second_median": round(n / statistics.median(cold)),
        "ngrams_per_second_best": round(n / min(cold)),
        "ngrams_per_second_worst": round(n / max(cold)),
        "microseconds_per_ngram_median": round(statistics.median(cold) / n * 1e6, 2),
        "ngrams_per_second_memoised": round(n / warm),
        "rules_alone_ngrams_per_second_median": round(n / statistics.median(rules_cold)),
        "model_to_rules_time_ratio_median": round(statistics.median(m / r for m, r in zip(cold, rules_cold)), 3),
        "one_window_path_items": len(reference_items[0]),
        "one_window_path_ngrams_per_second_median": round(len(reference_items[0]) / statistics.median(reference)),
        "threads": {variable: os.environ[variable] for variable in THREAD_VARIABLES},
        "ngrams_per_second_by_source": by_kind,
        "resource_load_seconds": round(load_seconds, 3),
        "label_counts": {label: labels.count(label) for label in LABELS},
        "machine": {
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(),
            "cpu_count": os.cpu_count(),
            "calibration_loop_ns_per_iteration": round(calibration_ns(), 1),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in load_after],
        },
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    if not args.speed_only:
        write_evaluation(EVAL_RESULT)


EVAL_SETS = {
    "v2_test": lambda: load_v2("test"),
    "v2_default_corpus": lambda: load_v2("default_corpus"),
    "old_test": lambda: load_eval_set("test"),
}


def write_evaluation(path: Path) -> None:
    """Both categorizers on every evaluation set; the model's misclassified v2 test items too."""
    payload = {"model": dict(model.bundled_model().meta)}
    for set_name, load in EVAL_SETS.items():
        items = load()
        texts = [(item["ngram"], item["left_context"], item["right_context"]) for item in items]
        learned = model.categorize_many(*zip(*texts))
        probabilities = np.array([[result.scores[label] for label in LABELS] for result in learned])
        payload[set_name] = {
            "model": detailed_report(items, [result.label for result in learned], probabilities),
            "rules": detailed_report(items, [rules.categorize(*text).label for text in texts]),
        }
        print(
            f"{set_name}: macro-F1 model {payload[set_name]['model']['macro_f1']:.4f}, "
            f"rules {payload[set_name]['rules']['macro_f1']:.4f} (n={len(items)})"
        )
        if set_name == "v2_test":
            payload["v2_test_errors"] = [
                {"id": item["id"], "gold": item["label"], "predicted": result.label, "ngram": item["ngram"]}
                for item, result in zip(items, learned)
                if result.label != item["label"]
            ]
    path.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
