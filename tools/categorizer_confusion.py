"""Confusion counts of both categorizers on the hand-labelled items, for the misclassification
correction of enrichment (`probe.categorize.enrichment`): one command, to rerun whenever the
model's weights or the rules change.

    python tools/categorizer_confusion.py   # -> probe/categorize/resources/confusion_{model,rules}.json

Each file holds counts [true label, predicted label] (rows true, columns predicted, in
`LABELS` order) on
- `test`: the frozen v2 test set (`data/categorizer/v2/test.jsonl`; its sha256 is checked
  against the one its card gives), which corrects the shares, and
- `domains`: the default-corpus items (`data/categorizer/v2/default_corpus.jsonl`, genre
  `default-corpus-<domain>`), per domain of the default corpus, which give each domain's
  accuracy.
Only counts are written: they are never used to choose between categorizers or models.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from engram_model.files import sha256_of
from probe.categorize import model, rules
from probe.categorize.evaluate import EVAL_DIR, evaluate, load_v2
from probe.categorize.rules import LABELS
from probe.categorize.run import categorizer_digest

ROOT = Path(__file__).resolve().parents[1]
RESOURCES = ROOT / "probe" / "categorize" / "resources"
CARD = EVAL_DIR / "v2" / "README.md"
DOMAIN_GENRE = re.compile(r"default-corpus-(\w+)")
CATEGORIZE = {"model": model.categorize, "rules": rules.categorize}  # one item at a time, as `evaluate` takes them


def frozen_test_sha256() -> str:
    """The sha256 the v2 card gives for `test.jsonl`; the file must still have it."""
    found = re.search(r"`test\.jsonl` \(sha256 `([0-9a-f]{64})`\)", CARD.read_text(encoding="utf-8"))
    if not found:
        raise ValueError(f"{CARD} no longer states the sha256 of test.jsonl; restore the line that freezes it")
    actual = sha256_of(EVAL_DIR / "v2" / "test.jsonl")
    if actual != found.group(1):
        raise ValueError(f"data/categorizer/v2/test.jsonl has sha256 {actual}, not the frozen {found.group(1)} its card gives")
    return actual


def counts(categorizer: str, items: list[dict]) -> list[list[int]]:
    return evaluate(items, CATEGORIZE[categorizer]).confusion.tolist()


def confusion_of(categorizer: str, test_sha256: str) -> dict:
    test = load_v2("test")
    corpus = load_v2("default_corpus")
    by_domain: dict[str, list[dict]] = {}
    for item in corpus:
        match = DOMAIN_GENRE.fullmatch(item["genre"])
        if not match:
            raise ValueError(f"default-corpus item {item['id']} has genre {item['genre']!r}, not default-corpus-<domain>")
        by_domain.setdefault(match.group(1), []).append(item)
    out = {
        "categorizer": categorizer,
        "labels": list(LABELS),
        "counts_are": "rows: true label, columns: predicted label, in the order of `labels`",
        "command": "python tools/categorizer_confusion.py",
        "test": {
            "file": "data/categorizer/v2/test.jsonl",
            "sha256": test_sha256,
            "counts": counts(categorizer, test),
        },
        "domains": {
            "file": "data/categorizer/v2/default_corpus.jsonl",
            "sha256": sha256_of(EVAL_DIR / "v2" / "default_corpus.jsonl"),
            "counts": {
                domain: counts(categorizer, items)
                for domain, items in sorted(by_domain.items())
            },
        },
    }
    out["categorizer_sha256"] = categorizer_digest(categorizer)  # categorize_run warns when the categorizer changes
    return out


def main() -> None:
    test_sha256 = frozen_test_sha256()
    for categorizer in sorted(CATEGORIZE):
        path = RESOURCES / f"confusion_{categorizer}.json"
        result = confusion_of(categorizer, test_sha256)
        path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        test = result["test"]["counts"]
        accuracy = sum(test[i][i] for i in range(len(test))) / sum(map(sum, test))
        domains = sorted(result["domains"]["counts"])
        print(f"{categorizer}: test accuracy {accuracy:.3f}, domains {domains} -> {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
