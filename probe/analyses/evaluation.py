"""Validation loss per domain with intervals, for several models on several corpora: does a
gain hold out of distribution? Scored as the model reads a stream of documents: consecutive
windows of each domain's documents joined with the model's own conventions (`corpus_streams`:
ours BOS-text-EOS, exactly as training validates; a bridged Qwen text-EOS, no BOS), each window
scored by `engram_model.train.window_losses`; a corpus without domains is one domain,
"unknown" (`engram_model.corpus.iter_documents` reads Parquet, JSONL, text files); intervals are
percentile bootstraps over windows, and differences between models are paired (the same
windows resampled for both). A domain of one window has no interval (ci_low and ci_high
null): resampling one value always gives that value back, a width of zero that would claim
certainty.

    report = loss_report({"engram": lm_a, "baseline": lm_b}, {"in": (path, "validation"), "out": (heldout, None)})

    loss.json
      {"analysis": "loss", "seq_len": int, "samples": int,
       "corpora": {name: {"path": str, "split": str | None}},
       "losses": [{"corpus", "domain", "model", "windows", "tokens", "loss", "ci_low", "ci_high"}],
       "differences": [{"corpus", "domain", "model", "reference", "delta", "ci_low", "ci_high"}]}
                                                  # ci_low, ci_high: null with one window
                                                  # delta = loss(model) - loss(reference), the first model
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np


def bootstrap_mean(
    values: np.ndarray, samples: int = 2000, seed: int = 0, groups: np.ndarray | None = None
) -> tuple[float, float] | tuple[None, None]:
    """The 2.5 and 97.5 percentiles of the mean of `values` resampled with replacement, or
    (None, None) when there are fewer than two units to resample: the interval of one value
    cannot be computed (every resample is that value: a zero width that claims certainty).

    With `groups` (a label per value, e.g. its document), whole groups are resampled and the
    mean is over every value drawn: a cluster bootstrap, for values that are not independent
    within a group (the tokens of one document)."""
    values = np.asarray(values, dtype=float)
    units = len(values) if groups is None else len(np.unique(np.asarray(groups)))
    if units < 2:
        return None, None
    rng = np.random.default_rng(seed)
    if groups is None:
        means = values[rng.integers(0, len(values), size=(samples, len(values)))].mean(axis=1)
    else:
        _, group_of = np.unique(np.asarray(groups), return_inverse=True)
        sums, counts = np.bincount(group_of, weights=values), np.bincount(group_of)
        picks = rng.integers(0, len(counts), size=(samples, len(counts)))  # [samples, groups drawn]
        means = sums[picks].sum(axis=1) / counts[picks].sum(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return float(low), float(high)


def corpus_streams(path: Path, split: str | None, model) -> dict[str, np.ndarray]:
    """Per domain, every document as `model` reads a stream of documents, concatenated:
    `{domain: int32 [n_tokens]}`. A document is its `document_prefix` (our BOS; nothing for
    Qwen), its text encoded without special tokens, and `document_end` (EOS), so our models get
    exactly training's validation stream (`engram_model.train.tokenize_documents`)."""
    from engram_model.corpus import iter_documents

    from ..batching import document_end, document_prefix

    tokenizer = model.tokenizer
    prefix, end = document_prefix(tokenizer), document_end(model)
    texts: dict[str, list[str]] = {}
    for document in iter_documents(path, split=split):
        texts.setdefault(document.domain, []).append(document.text)
    return {
        domain: np.concatenate(
            [np.asarray([*prefix, *e.ids, end], dtype=np.int32) for e in tokenizer.encode_batch(batch, add_special_tokens=False)]
        )
        for domain, batch in sorted(texts.items())
    }


def loss_report(
    models: Mapping[str, object],
    corpora: Mapping[str, tuple[Path, str | None]],
    seq_len: int = 256,
    samples: int = 2000,
    seed: int = 0,
    max_tokens_per_domain: int | None = None,
) -> dict:
    """Every model's loss per domain of every corpus (and over all of its windows, domain
    "all"), and each model's paired difference to the first. The models must share a tokenizer (the windows must be the same
    text)."""
    from engram_model.train import window_losses

    names = list(models)
    if not names:
        raise ValueError("loss_report needs at least one model")
    first = models[names[0]]
    missing = next((name for name in names if models[name].tokenizer is None), None)
    if missing is not None:
        raise ValueError(f"{missing} has no tokenizer, so it cannot read a corpus; load a checkpoint that has a tokenizer.json")
    for name in names[1:]:
        if models[name].tokenizer.to_str() != first.tokenizer.to_str():
            raise ValueError(f"{name} and {names[0]} use different tokenizers, so their losses are over different windows")
    losses, differences = [], []
    for corpus, (path, split) in corpora.items():
        streams = corpus_streams(path, split, first)
        short = sorted(domain for domain, stream in streams.items() if len(stream) < seq_len)
        if len(short) == len(streams):
            longest = max((len(stream) for stream in streams.values()), default=0)
            raise ValueError(
                f"{path} has no domain with a full window of {seq_len} tokens (its longest has {longest:,}); "
                "pass a larger corpus or a shorter --seq-len"
            )
        streams = {domain: stream for domain, stream in streams.items() if domain not in short}
        per_model = {name: window_losses(models[name], streams, seq_len, max_tokens_per_domain) for name in names}
        for by_domain in per_model.values():
            by_domain["all"] = np.concatenate(list(by_domain.values()))
        for domain in [*streams, "all"]:
            for name in names:
                values = per_model[name][domain]
                low, high = bootstrap_mean(values, samples, seed)
                losses.append(
                    {
                        "corpus": corpus,
                        "domain": domain,
                        "model": name,
                        "windows": len(values),
                        "tokens": len(values) * (seq_len - 1),
                        "loss": float(values.mean()),
                        "ci_low": low,
                        "ci_high": high,
                    }
                )
            for name in names[1:]:
                delta = per_model[name][domain] - per_model[names[0]][domain]
                low, high = bootstrap_mean(delta, samples, seed)
                differences.append(
                    {
                        "corpus": corpus,
                        "domain": domain,
                        "model": name,
                        "reference": names[0],
                        "delta": float(delta.mean()),
                        "ci_low": low,
                        "ci_high": high,
                    }
                )
    return {
        "analysis": "loss",
        "seq_len": seq_len,
        "samples": samples,
        "corpora": {name: {"path": str(path), "split": split} for name, (path, split) in corpora.items()},
        "losses": losses,
        "differences": differences,
    }


def seed_summary(reports: Mapping[int, dict], names: tuple[str, str] = ("engram", "baseline")) -> dict:
    """A comparison repeated over seeds: `reports` maps a seed to its `loss_report` of two
    models, `names` says what the first and second are (their checkpoints differ by seed).
    Per corpus and domain: each model's loss and the second minus the first, each as mean,
    sample sd and 95% t interval over seeds (`probe.analyses.allocation.seed_interval`), with every
    seed's value.

      {"analysis": "loss_over_seeds", "models": names, "seeds": [int],
       "rows": [{"corpus", "domain", "tokens",
                 "loss": {name: SEEDS}, "difference": SEEDS}]}   # difference = second - first
      SEEDS = {"seeds", "mean", "sd", "ci_low", "ci_high", "values": {seed: float}}"""
    from .allocation import seed_interval

    def over_seeds(values: dict[int, float]) -> dict:
        return {**seed_interval(list(values.values())), "values": values}

    seeds = sorted(reports)
    tokens, losses, differences = {}, {}, {}  # keyed by (corpus, domain), in the reports' order
    for seed in seeds:
        report = reports[seed]
        models = list(dict.fromkeys(row["model"] for row in report["losses"]))
        if len(models) != 2:
            raise ValueError(
                f"seed {seed}'s report scores {len(models)} models ({models}); seed_summary compares two: pass loss_report of an "
                f"{names[0]} and a {names[1]} model"
            )
        for row in report["losses"]:
            key = (row["corpus"], row["domain"])
            if tokens.setdefault(key, row["tokens"]) != row["tokens"]:
                raise ValueError(
                    f"seed {seed} scored {row['tokens']} tokens of {key}, another seed {tokens[key]}: score every seed on the "
                    "same text"
                )
            losses.setdefault(key, {}).setdefault(names[models.index(row["model"])], {})[seed] = row["loss"]
        for row in report["differences"]:
            differences.setdefault((row["corpus"], row["domain"]), {})[seed] = row["delta"]
    rows = [
        {
            "corpus": corpus,
            "domain": domain,
            "tokens": tokens[(corpus, domain)],
            "loss": {name: over_seeds(losses[(corpus, domain)][name]) for name in names},
            "difference": over_seeds(differences[(corpus, domain)]),
        }
        for corpus, domain in tokens
    ]
    return {"analysis": "loss_over_seeds", "models": list(names), "seeds": seeds, "rows": rows}
