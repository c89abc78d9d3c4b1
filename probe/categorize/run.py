"""Categorizing a probing run: which kinds of text the strongest gates retrieve, per layer,
over every domain (`domain` null) and per domain of the run's documents.

run_dir/categories/enrichment.parquet          per layer, domain and label: the raw ratio and the one
                                               corrected for the categorizer's errors, each with a
                                               document-level 95% interval, their conclusions and
                                               `flips`, and the categorizer's accuracy on that domain
run_dir/categories/labelled_positions.parquet  the sampled positions with text, domain, label, confidence
                                               and whether they were kept (confidence >= min_confidence)
run_dir/categories/enrichment.html             the plotly figure (self-contained)
run_dir/categories/enrichment.json             the same figure as plotly JSON
run_dir/categories/options.json                the options they were made with

The files are one result: they are written into a hidden folder beside `categories/`, which is
then renamed into its place (`write_set`), so a reader sees the old set or the new one whole,
never a mix, however the command is stopped.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from engram_model.files import refuse_links, remove_leftovers, replace_directory, staging_directory

from ..runs.store import connect, json_text, read_manifest
from .batch import DEFAULT_CATEGORIZER, categorizer_named
from .enrichment import layer_enrichment

CATEGORIES = "categories"
RESOURCES = Path(__file__).parent / "resources"
# the columns the Categories page reads from the categorizer's tables
CATEGORY_COLUMNS = {
    "enrichment.parquet": (
        "layer",
        "domain",
        "label",
        "ratio",
        "lo",
        "hi",
        "count_top",
        "n_top",
        "count_random",
        "n_random",
        "docs_top",
        "docs_random",
        "corrected_ratio",
        "corrected_lo",
        "corrected_hi",
        "conclusion",
        "corrected_conclusion",
        "flips",
        "accuracy",
        "accuracy_items",
    ),
    "labelled_positions.parquet": (
        "layer",
        "label",
        "group",
        "gate",
        "ngram",
        "left_context",
        "right_context",
        "doc_id",
        "domain",
        "position",
    ),
}
# what the correction adds to `layer_enrichment`'s rows: null where no correction applies (min_confidence > 0)
CORRECTED_TYPES = {
    "corrected_p_top": pa.float64(),
    "corrected_p_random": pa.float64(),
    "corrected_ratio": pa.float64(),
    "corrected_lo": pa.float64(),
    "corrected_hi": pa.float64(),
    "conclusion": pa.string(),
    "corrected_conclusion": pa.string(),
    "flips": pa.bool_(),
}


# what decides each categorizer's labels (relative to this package): the confusion counts hold their digest
CATEGORIZER_FILES = {
    "rules": ("rules.py", "lexicon.py", "resources/*.txt"),
    "model": ("model.py", "features.py", "rules.py", "lexicon.py", "resources/*.txt", "resources/model.npz"),
}


def categorizer_digest(categorizer: str) -> str:
    """sha256 over the names and bytes of the files that decide `categorizer`'s labels."""
    digest = hashlib.sha256()
    here = Path(__file__).parent
    for path in sorted(path for pattern in CATEGORIZER_FILES[categorizer] for path in here.glob(pattern)):
        digest.update(path.relative_to(here).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def confusion_counts(categorizer: str) -> dict:
    """The categorizer's confusion counts on the hand-labelled items
    (`resources/confusion_<categorizer>.json`, written by `python tools/categorizer_confusion.py`):
    `test` (the frozen test set) and `domains` (per domain of the default corpus). Warns when
    the categorizer's code or weights are not the ones the counts were measured with."""
    path = RESOURCES / f"confusion_{categorizer}.json"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: write it with `python tools/categorizer_confusion.py`")
    counts = json.loads(path.read_text(encoding="utf-8"))
    if counts.get("categorizer_sha256") != categorizer_digest(categorizer):
        warnings.warn(
            f"{path.name} was measured on another version of the {categorizer} categorizer (its code, word lists or "
            "weights have changed since); the correction uses stale error rates until `python tools/categorizer_confusion.py` "
            "is run again",
            stacklevel=3,
        )
    return counts


# where the error rates that correct the shares were measured: the frozen test set (unseen genres, 16
# languages: for any corpus), or the default corpus's own hand-labelled items (matched to its runs, 161 items)
ERROR_RATES = ("test", "default_corpus")


def error_rate_counts(counts: dict, error_rates: str) -> tuple[np.ndarray, dict]:
    """The confusion counts [true, predicted] that correct the shares, and where they come from."""
    if error_rates not in ERROR_RATES:
        raise ValueError(f"error_rates={error_rates!r}: use one of {list(ERROR_RATES)}")
    if error_rates == "test":
        return np.asarray(counts["test"]["counts"]), {key: counts["test"][key] for key in ("file", "sha256")}
    by_domain = counts["domains"]["counts"].values()
    return sum(np.asarray(c) for c in by_domain), {key: counts["domains"][key] for key in ("file", "sha256")}


def with_accuracy(table: pa.Table, counts: dict, pooled: np.ndarray) -> pa.Table:
    """`table` with `accuracy` and `accuracy_items`: on the items whose confusion counts
    (`pooled`) correct the shares for the rows over every domain (null `domain`), on the
    labelled items of a domain for its rows, and null for a domain without labelled items."""
    measured = {None: pooled, **counts["domains"]["counts"]}
    accuracy, items = [], []
    for domain in table.column("domain").to_pylist():
        confusion = np.asarray(measured.get(domain, np.zeros((1, 1))))
        items.append(int(confusion.sum()) or None)
        accuracy.append(float(np.trace(confusion) / confusion.sum()) if confusion.sum() else None)
    return table.append_column("accuracy", pa.array(accuracy, type=pa.float64())).append_column(
        "accuracy_items", pa.array(items, type=pa.int64())
    )


def categorize_run(
    run_dir: str | Path,
    order: int | None = None,
    gate: str = "mean",
    top_fraction: float = 0.01,
    context_chars: int = 200,
    n_boot: int = 1000,
    seed: int = 0,
    min_confidence: float = 0.0,
    categorizer: str = DEFAULT_CATEGORIZER,
    error_rates: str = "test",
) -> pa.Table:
    """Per Engram layer, P(label | top-gated positions) / P(label | random positions) for the
    n-grams of `order` (default: the longest the model hashes), gate `mean` or `max` over
    branches, labelled by `categorizer` (`model` or `rules`), over every domain and per domain;
    intervals resample documents, and the corrected ratio undoes the categorizer's errors
    (`probe.categorize.enrichment`) as measured on `error_rates`: `test`, the frozen test set,
    or `default_corpus`, the default corpus's own labelled items (`ERROR_RATES`). With the
    model, positions whose label has a probability below `min_confidence` are left out of both
    groups (the rules' scores are not probabilities, so they take no threshold); the error
    rates were measured over all labelled items, not the confident ones, so such a run has no
    corrected figures (null). Writes the
    tables and figure under `run_dir/categories/` and returns the enrichment table.

    Cheap enough to follow every `engram-probe run`: it labels 2 x top_fraction of each
    layer's positions, and the bootstraps are numpy over replicates."""
    from ..plots.categories import enrichment_figure  # plotly: only once there is a figure to write

    run_dir = Path(run_dir)
    max_order = read_manifest(run_dir)["config"]["engram"]["max_ngram"]
    order = max_order if order is None else order
    if not 2 <= order <= max_order:
        raise ValueError(f"order={order}: this run has n-grams of order 2..{max_order}")
    if gate not in ("mean", "max"):
        raise ValueError(f"gate={gate!r}: use mean or max")
    categorize_all = categorizer_named(categorizer)  # resolved once: label_rows calls it per layer
    if not 0.0 <= min_confidence <= 1.0:
        raise ValueError(f"min_confidence={min_confidence}: a probability, in [0, 1]")
    if min_confidence > 0 and categorizer != "model":
        raise ValueError("min_confidence needs categorizer='model': the rules' scores are not probabilities")
    counts = confusion_counts(categorizer)
    measured, measured_on = error_rate_counts(counts, error_rates)
    confusion = measured if min_confidence == 0 else None
    with connect(run_dir) as con:
        positions = con.sql(f"""
            SELECT g.layer, g.gate_{gate} AS gate, g.doc_id, g.position, d.domain
            FROM gates g JOIN documents d USING (doc_id)
        """).to_arrow_table()
        labelled: list[pa.Table] = []

        def label_rows(top_rows: np.ndarray, random_rows: np.ndarray) -> list[str | None]:
            rows = np.concatenate([top_rows, random_rows])
            picked = positions.take(pa.array(rows)).append_column("pick", pa.array(np.arange(len(rows))))
            con.register("picked", picked)
            texts = con.sql(f"""
                SELECT p.pick, p.layer, p.gate, p.doc_id, p.domain, p.position, g.ngram_{order} AS ngram,
                       substr(d.text, greatest(1, f.char_start - {context_chars} + 1),
                              f.char_start - greatest(0, f.char_start - {context_chars})) AS left_context,
                       substr(d.text, g.char_end + 1, {context_chars}) AS right_context
                FROM picked p
                JOIN gates g ON g.doc_id = p.doc_id AND g.layer = p.layer AND g.position = p.position
                JOIN gates f ON f.doc_id = p.doc_id AND f.layer = p.layer AND f.position = greatest(p.position - {order - 1}, 0)
                JOIN documents d ON d.doc_id = p.doc_id
                ORDER BY p.pick
            """).to_arrow_table()
            con.unregister("picked")
            results = categorize_all(*(texts.column(k).to_pylist() for k in ("ngram", "left_context", "right_context")))
            labels = [c.label for c in results]
            confidence = [c.scores[c.label] for c in results]
            kept = [p >= min_confidence for p in confidence]
            group = ["top"] * len(top_rows) + ["random"] * len(random_rows)
            labelled.append(
                texts.drop_columns(["pick"])
                .append_column("group", pa.array(group))
                .append_column("label", pa.array(labels))
                .append_column("confidence", pa.array(confidence, type=pa.float32()))
                .append_column("kept", pa.array(kept))
            )
            return [label if keep else None for label, keep in zip(labels, kept)]

        table = layer_enrichment(
            positions,
            top_fraction=top_fraction,
            n_boot=n_boot,
            seed=seed,
            label_rows=label_rows,
            doc_col="doc_id",
            domain_col="domain",
            confusion=confusion,
        )
    if confusion is None:
        for name, kind in CORRECTED_TYPES.items():
            table = table.append_column(name, pa.nulls(table.num_rows, type=kind))
    table = with_accuracy(table, counts, measured)
    figure = enrichment_figure(
        table,
        title=f"Kinds of text among the top {top_fraction:.1%} gated {order}-grams vs random positions, all domains",
    )
    options = {
        "order": order,
        "gate": gate,
        "top_fraction": top_fraction,
        "context_chars": context_chars,
        "n_boot": n_boot,
        "seed": seed,
        "min_confidence": min_confidence,
        "categorizer": categorizer,
        "error_rates": error_rates,
        "corrected_with": None if confusion is None else measured_on,
    }
    write_set(
        run_dir,
        CATEGORIES,
        {
            "enrichment.parquet": lambda path: pq.write_table(table, path),
            "labelled_positions.parquet": lambda path: pq.write_table(pa.concat_tables(labelled), path),
            "enrichment.html": lambda path: figure.write_html(path, include_plotlyjs=True),
            "enrichment.json": lambda path: path.write_text(figure.to_json()),
            "options.json": lambda path: path.write_text(json_text(options)),
        },
    )
    return table


def write_set(run_dir: Path, folder: str, writers: dict[str, Callable[[Path], None]]) -> None:
    """Replace the folder `run_dir/folder` with the files `writers` write ({name: write(path)}),
    as one: they are written into a hidden sibling that is renamed into place once whole. What a
    killed writer left of such a sibling is removed first."""
    target = run_dir / folder
    refuse_links(run_dir, target)  # the old folder is deleted once replaced: never what a link points to
    remove_leftovers(target)  # a killed writer's staged folder; the old set, if it was killed between the renames
    staging = staging_directory(target, "staged")
    try:
        for name, write in writers.items():
            write(staging / name)
        replace_directory(staging, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # gone once renamed into place
