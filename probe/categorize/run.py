"""Categorizing a probing run: which kinds of text the strongest gates retrieve, per layer.

run_dir/categories/enrichment.parquet          per layer and label: ratio with 95% interval
run_dir/categories/labelled_positions.parquet  the sampled positions with text, label, confidence
                                               and whether they were kept (confidence >= min_confidence)
run_dir/categories/enrichment.html             the plotly figure (self-contained)
run_dir/categories/enrichment.json             the same figure as plotly JSON
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from ..runs.store import connect, read_manifest, write_atomically, write_json
from .batch import DEFAULT_CATEGORIZER, categorizer_named
from .enrichment import layer_enrichment

CATEGORIES = "categories"
# the columns the Categories page reads from the categorizer's tables
CATEGORY_COLUMNS = {
    "enrichment.parquet": ("layer", "label", "ratio", "lo", "hi", "count_top", "n_top", "count_random", "n_random"),
    "labelled_positions.parquet": (
        "layer",
        "label",
        "group",
        "gate",
        "ngram",
        "left_context",
        "right_context",
        "doc_id",
        "position",
    ),
}


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
) -> pa.Table:
    """Per Engram layer, P(label | top-gated positions) / P(label | random positions) for the
    n-grams of `order` (default: the longest the model hashes), gate `mean` or `max` over
    branches, labelled by `categorizer` (`rules` or `model`). With the model, positions whose
    label has a probability below `min_confidence` are left out of both groups (the rules'
    scores are not probabilities, so they take no threshold). Writes the tables and figure under
    `run_dir/categories/` and returns the enrichment table."""
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
    with connect(run_dir) as con:
        positions = con.sql(f"SELECT layer, gate_{gate} AS gate, doc_id, position FROM gates").to_arrow_table()
        labelled: list[pa.Table] = []

        def label_rows(top_rows: np.ndarray, random_rows: np.ndarray) -> list[str | None]:
            rows = np.concatenate([top_rows, random_rows])
            picked = positions.take(pa.array(rows)).append_column("pick", pa.array(np.arange(len(rows))))
            con.register("picked", picked)
            texts = con.sql(f"""
                SELECT p.pick, p.layer, p.gate, p.doc_id, p.position, g.ngram_{order} AS ngram,
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

        table = layer_enrichment(positions, top_fraction=top_fraction, n_boot=n_boot, seed=seed, label_rows=label_rows)
    out = run_dir / CATEGORIES
    out.mkdir(exist_ok=True)
    write_atomically(out / "enrichment.parquet", lambda tmp: pq.write_table(table, tmp))
    write_atomically(out / "labelled_positions.parquet", lambda tmp: pq.write_table(pa.concat_tables(labelled), tmp))
    figure = enrichment_figure(
        table, title=f"Kinds of text among the top {top_fraction:.1%} gated {order}-grams vs random positions"
    )
    write_atomically(out / "enrichment.html", lambda tmp: figure.write_html(tmp, include_plotlyjs=True))
    write_atomically(out / "enrichment.json", lambda tmp: tmp.write_text(figure.to_json()))
    write_json(
        out / "options.json",
        {
            "order": order,
            "gate": gate,
            "top_fraction": top_fraction,
            "context_chars": context_chars,
            "n_boot": n_boot,
            "seed": seed,
            "min_confidence": min_confidence,
            "categorizer": categorizer,
        },
    )
    return table
