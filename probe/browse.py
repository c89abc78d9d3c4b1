"""What the gate browser (`apps/`) and the notebooks read from a run directory.

Everything is read inside the run directory. Besides what `engram-probe run` and
`engram-probe categorize` write there, the browser looks for the outputs of the analysis and
offload commands at fixed places, so one directory holds everything about a run:

    RUN_DIR/analysis/similarity.json   engram-probe similarity --a engram --b baseline --out RUN_DIR/analysis
    RUN_DIR/analysis/lens.json         engram-probe lens engram baseline --out RUN_DIR/analysis
    RUN_DIR/analysis/ablation.json     engram-probe ablate engram --out RUN_DIR/analysis
    RUN_DIR/offload/offload.json       engram-probe offload bench --out RUN_DIR/offload/offload.json
    RUN_DIR/offload/rowstats.json      engram-probe offload rowstats FILE --json RUN_DIR/offload/rowstats.json

(layouts: `probe.cli.analysis` and `probe.cli.offload`). A run recorded with `--record-rows`
also gives cache hit-rate curves of its own row requests (`run_row_stats`).
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from .aggregate import ngram_examples, ngram_stats
from .categorize.run import CATEGORIES
from .runstore import AGGREGATES, REPORT, RunError, committed_shards, connect, read_manifest

# name: (path inside the run directory, the command that writes it; {run} is the run directory)
ARTEFACTS = {
    "categories": (f"{CATEGORIES}/enrichment.parquet", "engram-probe categorize {run}"),
    "similarity": ("analysis/similarity.json", "engram-probe similarity --a engram --b baseline --out {run}/analysis"),
    "lens": ("analysis/lens.json", "engram-probe lens engram baseline --out {run}/analysis"),
    "ablation": ("analysis/ablation.json", "engram-probe ablate engram --out {run}/analysis"),
    "offload": ("offload/offload.json", "engram-probe offload bench --out {run}/offload/offload.json"),
    "rowstats": ("offload/rowstats.json", "engram-probe offload rowstats FILE --json {run}/offload/rowstats.json"),
    "traffic": ("offload/traffic.json", "engram-probe offload traffic --out {run}/offload"),
    "plan": ("offload/plan.json", "engram-probe offload plan --traffic {run}/offload/traffic.json --out {run}/offload"),
}
GATE_COLUMNS = ("doc_id", "position", "token", "char_start", "char_end", "layer", "gates", "gate_mean", "gate_max")
CACHE_SIZES = (256, 1024, 4096, 16384, 65536, 262144)


@dataclass(frozen=True)
class RunCheck:
    """A usable run: its manifest, and what is incomplete about it (each with what to do)."""

    manifest: dict
    warnings: tuple[str, ...]


def artefact_path(run_dir: str | Path, name: str) -> Path:
    return Path(run_dir) / ARTEFACTS[name][0]


def artefact_command(run_dir: str | Path, name: str) -> str:
    return ARTEFACTS[name][1].format(run=shlex.quote(str(run_dir)))


def run_command(run_dir: str | Path, manifest: dict | None = None) -> str:
    """The `engram-probe run` command that makes (or, given its manifest, resumes) this run."""
    corpus = (manifest or {}).get("corpus")
    default = corpus is None or (manifest or {}).get("split") == "validation"
    return "engram-probe run" + ("" if default else f" --corpus {shlex.quote(corpus)}") + f" --out {shlex.quote(str(run_dir))}"


def check_run(run_dir: str | Path) -> RunCheck:
    """Raise RunError saying what is wrong and how to produce a valid run, unless `run_dir`
    holds a readable probing run with at least one committed shard."""
    run_dir = Path(run_dir)
    make = f"make one with `{run_command(run_dir)}`"
    if not run_dir.exists():
        raise RunError(f"{run_dir} does not exist; {make}")
    if not run_dir.is_dir():
        raise RunError(f"{run_dir} is a file, not a run directory; {make}")
    if (run_dir / "config.json").is_file() and (run_dir / "model.safetensors").is_file():
        raise RunError(
            f"{run_dir} is a checkpoint, not a run; run `engram-probe run --model {shlex.quote(str(run_dir))}` first and pass its --out"
        )
    manifest = read_manifest(run_dir)
    if not isinstance(manifest, dict) or not isinstance(manifest.get("config"), dict):
        raise RunError(f"{run_dir}/manifest.json has no model config, so it was not written by `engram-probe run`; {make}")
    if not manifest["config"].get("engram"):
        raise RunError(
            f"{run_dir} was probed with a model that has no Engram layers, so it has no gates; probe an Engram model: {make}"
        )
    if not _readable_config(manifest["config"]):
        raise RunError(
            f"{run_dir}/manifest.json has a config without Engram layers, n-gram order or branch count, so it was not "
            f"written by `engram-probe run`; {make}"
        )
    shards = committed_shards(run_dir)
    if not shards:
        raise RunError(
            f"{run_dir} has no committed shard: the run stopped before its first shard was written. "
            f"Resume it with the same command, e.g. `{run_command(run_dir, manifest)}`"
        )
    for shard in shards:
        docs = shard.with_name(shard.name.replace("gates-", "docs-"))
        for path, needed in ((shard, GATE_COLUMNS), (docs, ("doc_id", "text"))):
            try:
                names = pq.read_schema(path).names
            except (OSError, pa.ArrowException) as err:
                raise RunError(f"{path} is unreadable ({err}); probe the corpus again into a new directory: {make}") from err
            missing = [c for c in needed if c not in names]
            if missing:
                raise RunError(f"{path} lacks the columns {missing}; it was written by another version. Probe again: {make}")
    warnings = []
    report = _read_json(run_dir / REPORT)
    if report and report.get("stopped_by") == "limit":
        warnings.append(
            f"The run is partial: it stopped at --limit {report.get('limit')} with {report.get('documents_total')} documents. "
            f"Complete it by running it again without --limit: `{run_command(run_dir, manifest)}`"
        )
    elif not report or not report.get("complete"):
        warnings.append(
            f"The run is partial ({len(shards)} committed shards, no completion record): it was stopped or is still running. "
            f"Shown is what is committed; finish it by running the same command again (it resumes): `{run_command(run_dir, manifest)}`"
        )
    if not (run_dir / AGGREGATES / "ngram_stats.parquet").is_file():
        warnings.append(
            "The stored aggregates are missing (written when a run finishes), so they are computed from the shards: slower."
        )
    return RunCheck(manifest, tuple(warnings))


def _readable_config(config: dict) -> bool:
    """The fields the readers use: Engram layers (ints), the longest n-gram (>= 2), the branches (>= 1)."""
    engram = config["engram"]
    if not isinstance(engram, dict):
        return False
    layers, max_ngram, branches = engram.get("layers"), engram.get("max_ngram"), config.get("hc_streams")
    return (
        isinstance(layers, list) and bool(layers) and all(type(layer) is int for layer in layers)
        and type(max_ngram) is int and max_ngram >= 2 and type(branches) is int and branches >= 1
    )  # fmt: skip


def _read_json(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text())
    except (OSError, json.JSONDecodeError):
        return None


def read_artefact(run_dir: str | Path, name: str) -> dict | None:
    """An analysis or offload JSON of the run; None when absent. A corrupt file is a RunError
    that names the command writing it."""
    path = artefact_path(run_dir, name)
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as err:
        raise RunError(f"{path} is unreadable ({err}); write it again with `{artefact_command(run_dir, name)}`") from err


def overview(run_dir: str | Path) -> dict:
    """Headline numbers: documents and tokens (with their domains), per Engram layer the mean
    gate, its quartiles and the share of positions with a gate above 0.5."""
    with connect(run_dir) as con:
        [(documents, tokens)] = con.sql("SELECT count(*), coalesce(sum(n_tokens), 0) FROM documents").fetchall()
        domains = con.sql(
            "SELECT domain, count(*) AS documents, sum(n_tokens) AS tokens FROM documents GROUP BY domain ORDER BY tokens DESC"
        ).to_arrow_table()
        # a chunk's last token has no next token: its log-prob is NaN
        logprob = (
            ", avg(next_logprob) FILTER (WHERE isfinite(next_logprob)) AS mean_next_logprob"
            if _has_column(con, "next_logprob")
            else ""
        )
        layers = con.sql(f"""
            SELECT layer, count(*) AS positions, avg(gate_mean) AS mean_gate, quantile_cont(gate_mean, [0.25, 0.5, 0.75]) AS quartiles,
                   avg((gate_mean > 0.5)::DOUBLE) AS share_above_half {logprob}
            FROM gates GROUP BY layer ORDER BY layer
        """).to_arrow_table()
    return {"documents": documents, "tokens": int(tokens), "domains": domains, "layers": layers}


def _has_column(con: duckdb.DuckDBPyConnection, column: str) -> bool:
    return column in [row[0] for row in con.sql("DESCRIBE gates").fetchall()]


def document_list(run_dir: str | Path, search: str = "", limit: int = 1000) -> pa.Table:
    """Documents whose id or text contains `search` (case-insensitive), largest first: id,
    domain, source, tokens and the opening of the text."""
    with connect(run_dir) as con:
        return con.sql(
            """SELECT doc_id, domain, source, n_tokens, left(regexp_replace(text, '\\s+', ' ', 'g'), 80) AS opening
               FROM documents WHERE ? = '' OR contains(lower(doc_id), lower(?)) OR contains(lower(text), lower(?))
               ORDER BY n_tokens DESC, doc_id LIMIT ?""",
            params=[search, search, search, limit],
        ).to_arrow_table()


def document_tokens(run_dir: str | Path, doc_id: str, order: int | None = None, context_chars: int = 200) -> pa.Table:
    """A document's tokens at every Engram layer (`document_trace`'s columns) plus `category`, the categorizer's label of the token's `order`-gram (default: the
    longest) in its context, and `evidence`, the rules that decided it."""
    import pyarrow.compute as pc

    from .categorize import categorize_many

    with connect(run_dir) as con:
        found = con.sql("SELECT text FROM documents WHERE doc_id = ?", params=[doc_id]).fetchall()
        if not found:
            raise KeyError(f"document {doc_id!r} is not in run {run_dir}")
        trace = con.sql("SELECT * FROM gates WHERE doc_id = ? ORDER BY layer, position", params=[doc_id]).to_arrow_table()
    text = found[0][0]
    order = order or read_manifest(run_dir)["config"]["engram"]["max_ngram"]
    first = trace.filter(pc.equal(trace.column("layer"), trace.column("layer")[0]))  # the same tokens at every layer
    starts = dict(zip(first.column("position").to_pylist(), first.column("char_start").to_pylist()))
    positions, ends = first.column("position").to_pylist(), first.column("char_end").to_pylist()
    span_starts = [starts.get(max(p - order + 1, 0), starts[p]) for p in positions]
    labelled = categorize_many(
        first.column(f"ngram_{order}").to_pylist(),
        [text[max(0, s - context_chars) : s] for s in span_starts],
        [text[e : e + context_chars] for e in ends],
    )
    by_position = {p: c for p, c in zip(positions, labelled)}
    categories = [by_position[p] for p in trace.column("position").to_pylist()]
    trace = trace.append_column("category", pa.array([c.label for c in categories]))
    return trace.append_column("evidence", pa.array([", ".join(c.evidence) for c in categories]))


def ngram_table(
    run_dir: str | Path,
    layer: int | None = None,
    order: int | None = None,
    min_count: int = 3,
    search: str = "",
    categories: tuple[str, ...] = (),
    sort: str = "mean_gate",
    limit: int = 200,
    examples: int = 3,
) -> pa.Table:
    """N-gram statistics filtered by layer, order, minimum count and a case-insensitive
    substring, the first `limit` by `sort` (mean_gate, max_gate or count; descending), each
    with examples in context and the categorizer's label of its strongest example; then only
    the `categories` asked for (of those `limit`)."""
    import pyarrow.compute as pc

    from .categorize import categorize_many

    if sort not in ("mean_gate", "max_gate", "count"):
        raise ValueError(f"sort={sort!r}: use mean_gate, max_gate or count")
    stats = ngram_stats(run_dir)
    con = duckdb.connect()
    con.register("stats", stats)
    picked = con.sql(
        f"""SELECT layer, "order", ngram, count, mean_gate, max_gate FROM stats
            WHERE count >= ? AND (? IS NULL OR layer = ?) AND (? IS NULL OR "order" = ?) AND (? = '' OR contains(lower(ngram), lower(?)))
            ORDER BY {sort} DESC, layer, "order", ngram LIMIT ?""",
        params=[min_count, layer, layer, order, order, search, search, limit],
    ).to_arrow_table()
    con.close()
    table = ngram_examples(run_dir, picked, examples=examples)
    strongest = [(rows or [{}])[0] for rows in table.column("examples").to_pylist()]
    labels = categorize_many(
        [e.get("text", "") for e in strongest], [e.get("left", "") for e in strongest], [e.get("right", "") for e in strongest]
    )
    table = table.append_column("category", pa.array([c.label for c in labels], pa.string()))
    if categories:
        table = table.filter(pc.is_in(table.column("category"), pa.array(list(categories))))
    return table


def run_row_stats(run_dir: str | Path, sizes: tuple[int, ...] = CACHE_SIZES) -> dict | None:
    """The row requests of a run recorded with `--record-rows`, in `engram-probe offload
    rowstats`'s layout: per layer requests, distinct (head, row) pairs, Zipf fit and the
    static-cache hit-rate curve over `sizes`. None when the run did not record rows."""
    from probe.rowstats import hit_rate_curve, zipf_fit  # imports torch: only this page needs it

    with connect(run_dir) as con:
        if not _has_column(con, "rows"):
            return None
        [(tokens,)] = con.sql("SELECT count(*) FROM gates WHERE layer = (SELECT min(layer) FROM gates)").fetchall()
        counts = con.sql("""
            SELECT layer, count(*) AS requests FROM (
                SELECT layer, unnest(range(len(rows::BIGINT[]))) AS head, unnest(rows::BIGINT[]) AS row_id FROM gates)
            GROUP BY layer, head, row_id
        """).to_arrow_table()
    report = {"model": "this run", "text": f"the run's {tokens:,} tokens", "tokens": tokens, "layers": {}}
    layers = counts.column("layer").to_numpy()
    requests = counts.column("requests").to_numpy()
    for layer in np.unique(layers):
        layer_counts = requests[layers == layer]
        fit = zipf_fit(layer_counts)
        report["layers"][str(layer)] = {
            "requests": int(layer_counts.sum()),
            "unique": len(layer_counts),
            "zipf_exponent": fit.exponent,
            "zipf_r2": fit.r2,
            "hit_rate_curve": {str(s): float(r) for s, r in zip(sizes, hit_rate_curve(layer_counts, sizes))},
        }
    return report
