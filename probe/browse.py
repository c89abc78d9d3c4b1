"""What the gate browser (`apps/`) and the notebooks read from a run directory.

Everything is read inside the run directory. Besides what `engram-probe run` and
`engram-probe categorize` write there, the browser looks for the outputs of the analysis and
offload commands at fixed places, so one directory holds everything about a run:

    RUN_DIR/analysis/similarity.json   engram-probe similarity --a engram --b baseline --out RUN_DIR/analysis
    RUN_DIR/analysis/lens.json         engram-probe lens engram baseline --out RUN_DIR/analysis
    RUN_DIR/analysis/ablation.json     engram-probe ablate engram --out RUN_DIR/analysis
    RUN_DIR/offload/offload.json       engram-probe offload bench --out RUN_DIR/offload/offload.json
    RUN_DIR/offload/rowstats.json      engram-probe offload rowstats FILE --json RUN_DIR/offload/rowstats.json

(layouts: `probe.reports` and `probe.cli.offload`). A run recorded with `--record-rows`
also gives cache hit-rate curves of its own row requests (`run_row_stats`).
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
from duckdb import sqltypes

from .aggregate import _branches, _orders, ngram_examples, ngram_stats, store_aggregate, stored_aggregate
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


# the fields the browser reads from each result file: dotted paths, `[]` for every item of a list
FIELDS = {
    "similarity": {
        "a.name": str, "b.name": str, "positions.rule": str, "positions.count": int, "positions.description": str,
        "representation": str, "layers_a": list, "layers_b": list, "cka": list, "cka_a": list, "cka_b": list,
        "layers_a[]": int, "layers_b[]": int, "cka[]": list, "cka_a[]": list, "cka_b[]": list,
        "alignment.k": int, "alignment.a_j": list,
    },
    "lens": {"positions.rule": str, "positions.count": int, "models": list, "models[].layers": list, "models[].kl": list,
             "models[].kl_sem": list, "models[].model": dict, "models[].layers[]": int, "models[].kl[]": float,
             "models[].kl_sem[]": float},
    "ablation": {
        "model.name": str, "mode": str, "corpus.tokens": int, "conditions": dict, "overall.tokens": int, "overall.loss": dict,
        "overall.delta": dict, "by_domain": list, "by_domain[].domain": str, "by_domain[].tokens": int, "by_domain[].loss": dict,
        "by_domain[].delta": dict, "by_category": list, "by_category[].category": str, "by_category[].tokens": int,
        "by_category[].loss": dict, "by_category[].delta": dict, "generation.prefill_fraction": float,
        "generation.tokens": int, "generation.loss": dict,
    },
    "offload": {"models": dict, "statistics": str, "machine": dict},
    "rowstats": {"model": str, "text": str, "tokens": int, "layers": dict},
    "traffic": {
        "model": str, "corpus": str, "tokens": int, "rows_per_token": int, "row_bytes": int, "page_cache_before_read": dict,
        "hygiene.warnings": list, "decode": list, "prefill": list, "orders": list, "layers": list, "heads_per_layer": int,
        "cache": dict,
    },
    "plan": {"projections": list, "profile": str, "assumption_lines": list, "profile_sources": dict, "placement.checks": list},
}  # fmt: skip
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


def field_problems(data, fields: dict) -> list[str]:
    """What in `data` does not match `fields` ({dotted path: type}): each missing field or one
    of another type, by its path ('models[2].kl is missing'). An int passes for a float."""
    problems = []
    for path, kind in fields.items():
        for where, value in _values_at(data, path.split(".")):
            if value is _MISSING:
                problems.append(f"{where} is missing")
            elif not _fits(value, kind):
                problems.append(f"{where} is {type(value).__name__}, not {kind.__name__}")
    return list(dict.fromkeys(problems))


_MISSING = object()


def _fits(value, kind: type) -> bool:
    if isinstance(value, bool):  # a bool is an int to Python, never to a reader of these files
        return kind is bool
    return isinstance(value, (int, float)) if kind is float else isinstance(value, kind)


def _values_at(data, parts: list[str], where: str = ""):
    """(path as written, value or _MISSING) for every value the dotted `parts` reach."""
    if not parts:
        yield where, data
        return
    name, each = parts[0].removesuffix("[]"), parts[0].endswith("[]")
    here = f"{where}.{name}" if where else name
    if not isinstance(data, dict) or name not in data:
        yield here, _MISSING
        return
    value = data[name]
    if not each:
        yield from _values_at(value, parts[1:], here)
    elif not isinstance(value, list):
        yield here, value if not parts[1:] else _MISSING
    else:
        for i, item in enumerate(value):
            yield from _values_at(item, parts[1:], f"{here}[{i}]")


def similarity_problems(result: dict) -> list[str]:
    """What in a similarity.json with every field (`FIELDS`) does not fit its layers: each CKA
    matrix must be layers by layers of numbers or nulls (undefined), a_j one per layer of a."""
    la, lb = len(result["layers_a"]), len(result["layers_b"])
    problems = (
        [f"alignment.a_j has {len(result['alignment']['a_j'])} values for {la} layers"]
        if len(result["alignment"]["a_j"]) != la
        else []
    )
    for key, rows, columns in (("cka", la, lb), ("cka_a", la, la), ("cka_b", lb, lb)):
        matrix = result[key]
        if len(matrix) != rows or any(not isinstance(row, list) or len(row) != columns for row in matrix):
            problems.append(f"{key} is not {rows} × {columns}")
        elif any(value is not None and not _fits(value, float) for row in matrix for value in row):
            problems.append(f"{key} holds a value that is neither a number nor null")
    return problems


def read_artefact(run_dir: str | Path, name: str) -> dict | None:
    """An analysis or offload JSON of the run; None when absent. A file that is corrupt or
    lacks a field the browser reads (`FIELDS`) is a RunError that names the file, the first
    problems and the command writing it again."""
    path = artefact_path(run_dir, name)
    if not path.is_file():
        return None
    again = f"write it again with `{artefact_command(run_dir, name)}`"
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise RunError(f"{path} is unreadable ({err}); {again}") from err
    problems = field_problems(data, FIELDS.get(name, {}))
    if name == "similarity" and not problems:
        problems = similarity_problems(data)
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise RunError(f"{path} does not have the layout this app reads ({shown}): another version wrote it; {again}")
    return data


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
    """Documents whose id or text contains `search` (case-insensitive): id, domain, source,
    tokens, `matches` (how often the text contains it), `match_at` (the character offset of the
    first match in the text, -1 when only the id matches) and `opening` (the text around the
    first match, or its start). Most matches first when searching, else largest first."""
    with connect(run_dir) as con:
        return con.sql(
            """WITH found AS (
                   SELECT doc_id, domain, source, n_tokens, text,
                          CASE WHEN ? = '' THEN -1 ELSE strpos(lower(text), lower(?)) - 1 END AS match_at,
                          CASE WHEN ? = '' THEN 0 ELSE (length(text) - length(replace(lower(text), lower(?), ''))) // length(?) END AS matches
                   FROM documents WHERE ? = '' OR contains(lower(doc_id), lower(?)) OR contains(lower(text), lower(?)))
               SELECT doc_id, domain, source, n_tokens, matches, match_at,
                      left(regexp_replace(substr(text, greatest(1, match_at - 30)), '\\s+', ' ', 'g'), 80) AS opening
               FROM found ORDER BY matches DESC, n_tokens DESC, doc_id LIMIT ?""",
            params=[search, search, search, search, search or "x", search, search, search, limit],
        ).to_arrow_table()


def document_text(run_dir: str | Path, doc_id: str) -> str:
    """A document's text; KeyError naming the run when it has no such document."""
    with connect(run_dir) as con:
        found = con.sql("SELECT text FROM documents WHERE doc_id = ?", params=[doc_id]).fetchall()
    if not found:
        raise KeyError(f"document {doc_id!r} is not in run {run_dir}")
    return found[0][0]


def typical_document(run_dir: str | Path, shortest: int = 100, longest: int = 600) -> str:
    """A short, typical document to open first: of those with `shortest` to `longest` tokens
    (any, when none has), the one whose mean gate at the first Engram layer is nearest the
    median of the documents' mean gates; ties go to the smaller id."""
    with connect(run_dir) as con:
        [(doc_id,)] = con.sql(
            """WITH means AS (
                   SELECT doc_id, avg(gate_mean) AS mean_gate FROM gates
                   WHERE layer = (SELECT min(layer) FROM gates) GROUP BY doc_id),
               sized AS (
                   SELECT m.*, d.n_tokens BETWEEN ? AND ? AS fits FROM means m JOIN documents d USING (doc_id)),
               pool AS (SELECT * FROM sized WHERE fits OR NOT (SELECT bool_or(fits) FROM sized))
               SELECT doc_id FROM pool
               ORDER BY abs(mean_gate - (SELECT median(mean_gate) FROM pool)), doc_id LIMIT 1""",
            params=[shortest, longest],
        ).fetchall()
    return doc_id


def token_window(position: int, n_tokens: int, size: int) -> tuple[int, int]:
    """The [start, stop) of the `size` tokens shown around `position`: it sits a third of the
    way down, so the text leading up to it is in view, and the window stays inside the document."""
    if not 0 <= position < max(n_tokens, 1):
        raise ValueError(f"position {position} is outside the document's {n_tokens} tokens (0..{n_tokens - 1})")
    start = min(max(position - size // 3, 0), max(n_tokens - size, 0))
    return start, min(start + size, n_tokens)


def tokens_in_span(char_starts, char_ends, start: int, end: int) -> list[int]:
    """Indices of the tokens whose characters overlap the span [start, end) of the text."""
    starts, ends = np.asarray(char_starts), np.asarray(char_ends)
    return np.flatnonzero((starts < max(end, start + 1)) & (ends > start)).tolist()


def adjacent_match(first_tokens: list[int], position: int, step: int) -> int:
    """The first token of the match after (`step` 1) or before (`step` -1) `position`, going
    round at the document's ends; `first_tokens` are the matches' first tokens, in order."""
    if not first_tokens:
        raise ValueError("there is no match to go to")
    if step == 1:
        return next((t for t in first_tokens if t > position), first_tokens[0])
    if step == -1:
        return next((t for t in reversed(first_tokens) if t < position), first_tokens[-1])
    raise ValueError(f"step={step}: use 1 (next) or -1 (previous)")


def find_matches(text: str, search: str, limit: int = 100) -> list[tuple[int, int]]:
    """The character spans [start, end) of the first `limit` case-insensitive matches of `search`."""
    if not search:
        return []
    matches = re.finditer(re.escape(search), text, re.IGNORECASE)  # spans in the text itself, not in a lowered copy
    return [match.span() for match, _ in zip(matches, range(limit))]


def token_categories(
    run_dir: str | Path, doc_id: str, start: int, stop: int, order: int | None = None, context_chars: int = 200
) -> pa.Table:
    """For the document's positions in [start, stop): `category`, the categorizer's label of the
    token's `order`-gram (default: the longest) in its context, and `evidence`, the rules that
    decided it. Labelling costs about 0.1 ms a token, so the viewer asks for the tokens it shows."""
    from .categorize import categorize_many

    order = order or read_manifest(run_dir)["config"]["engram"]["max_ngram"]
    with connect(run_dir) as con:
        found = con.sql("SELECT text FROM documents WHERE doc_id = ?", params=[doc_id]).fetchall()
        if not found:
            raise KeyError(f"document {doc_id!r} is not in run {run_dir}")
        rows = con.sql(  # the same tokens at every layer: the first layer's, and those the first n-gram starts at
            f"""SELECT position, char_start, char_end, ngram_{int(order)} AS ngram FROM gates
                WHERE doc_id = ? AND layer = (SELECT min(layer) FROM gates) AND position BETWEEN ? AND ?
                ORDER BY position""",
            params=[doc_id, start - order + 1, stop - 1],
        ).to_arrow_table()
    text = found[0][0]
    positions, char_starts = rows.column("position").to_pylist(), rows.column("char_start").to_pylist()
    starts = dict(zip(positions, char_starts))
    shown = [i for i, p in enumerate(positions) if p >= start]
    span_starts = [starts.get(max(positions[i] - order + 1, 0), char_starts[i]) for i in shown]
    ends, ngrams = rows.column("char_end").to_pylist(), rows.column("ngram").to_pylist()
    labelled = categorize_many(
        [ngrams[i] for i in shown],
        [text[max(0, s - context_chars) : s] for s in span_starts],
        [text[ends[i] : ends[i] + context_chars] for i in shown],
    )
    return pa.table(
        {
            "position": pa.array([positions[i] for i in shown], pa.int64()),
            "category": pa.array([c.label for c in labelled], pa.string()),
            "evidence": pa.array([", ".join(c.evidence) for c in labelled], pa.string()),
        }
    )


# ranking of the n-gram table: column -> what it is
SORTS = {
    "lower_bound": "lower 95% bound of the mean gate",
    "mean_gate": "mean gate",
    "max_gate": "max gate",
    "count": "count",
}


def gate_lower_bound(mean, count, z: float = 1.96) -> np.ndarray:
    """A lower confidence bound of the mean of `count` gates (values in [0, 1]): Wilson's score
    bound with the variance at the largest a mean m allows, m(1 - m), so it holds however the
    gates spread. A rare n-gram's high mean is uncertain and ranks below a common one's
    slightly lower mean: three occurrences at 0.95 give 0.40, three hundred give 0.92."""
    mean, n = np.asarray(mean, dtype=float), np.asarray(count, dtype=float)
    z2 = z * z
    spread = z * np.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n))
    return np.clip((mean + z2 / (2 * n) - spread) / (1 + z2 / n), 0.0, 1.0)  # clip: rounding below 0 at a mean of 0


def ngram_table(
    run_dir: str | Path,
    layer: int | None = None,
    order: int | None = None,
    min_count: int = 3,
    search: str = "",
    categories: tuple[str, ...] = (),
    sort: str = "lower_bound",
    limit: int = 200,
    examples: int = 3,
    longest_only: bool = False,
    scan: int = 20_000,
) -> pa.Table:
    """The first `limit` n-grams by `sort` (descending; see SORTS) among those that pass every
    filter: layer, order, minimum count, a case-insensitive substring, the categorizer's label of
    the strongest example (`categories`) and, with `longest_only`, not always read inside one
    same longer n-gram (`extended_ngrams`). The category and longest-order filters look at the
    best `scan` candidates at most. Each row has its `lower_bound` (`gate_lower_bound`),
    up to `examples` examples in context (highest gate first) and `category`."""
    if sort not in SORTS:
        raise ValueError(f"sort={sort!r}: use one of {', '.join(SORTS)}")
    candidates = _ranked_ngrams(run_dir, layer, order, min_count, search, sort, scan)
    step = max(2 * limit, 500)  # the longest-order check and labelling cost a query per batch: take more than needed
    kept, found = [], 0
    for start in range(0, candidates.num_rows, step):
        if found >= limit:
            break
        batch = candidates.slice(start, step)
        if longest_only:
            batch = batch.filter(pa.array(~extended_ngrams(run_dir, batch)))
        if not categories:  # nothing filters on the label: find examples and labels for the rows shown only
            batch = batch.slice(0, limit - found)
        batch = _with_category(run_dir, batch, examples)
        if categories:
            batch = batch.filter(pa.array([c in categories for c in batch.column("category").to_pylist()], pa.bool_()))
        kept.append(batch)
        found += batch.num_rows
    if not kept:  # no candidate at all: an empty table, with the columns
        kept.append(_with_category(run_dir, candidates, examples))
    return pa.concat_tables(kept).slice(0, limit)


def _ranked_ngrams(run_dir, layer, order, min_count: int, search: str, sort: str, scan: int) -> pa.Table:
    with duckdb.connect() as con:
        # the bound is ranked inside DuckDB, which sorts the run's ~10^6 n-grams many times faster than Python
        con.create_function(
            "gate_lower_bound", _arrow_lower_bound, [sqltypes.DOUBLE, sqltypes.BIGINT], sqltypes.DOUBLE, type="arrow"
        )
        con.register("stats", ngram_stats(run_dir, min_count))
        return con.sql(
            f"""SELECT * FROM (
                    SELECT layer, "order", ngram, count, mean_gate, gate_lower_bound(mean_gate, count) AS lower_bound, max_gate
                    FROM stats WHERE (? IS NULL OR layer = ?) AND (? IS NULL OR "order" = ?)
                      AND (? = '' OR contains(lower(ngram), lower(?))))
                ORDER BY {sort} DESC, layer, "order", ngram LIMIT ?""",
            params=[layer, layer, order, order, search, search, scan],
        ).to_arrow_table()


def _arrow_lower_bound(mean: pa.Array, count: pa.Array) -> pa.Array:
    return pa.array(gate_lower_bound(mean.to_numpy(zero_copy_only=False), count.to_numpy(zero_copy_only=False)))


def _with_category(run_dir, ngrams: pa.Table, examples: int) -> pa.Table:
    """`ngrams` with examples in context and the categorizer's label of the strongest one."""
    from .categorize import categorize_many

    table = ngram_examples(run_dir, ngrams, examples=examples)
    strongest = [(rows or [{}])[0] for rows in table.column("examples").to_pylist()]
    labels = categorize_many(
        [e.get("text", "") for e in strongest], [e.get("left", "") for e in strongest], [e.get("right", "") for e in strongest]
    )
    return table.append_column("category", pa.array([c.label for c in labels], pa.string()))


def layer_top_ngrams(run_dir: str | Path, n: int = 5) -> pa.Table:
    """Per Engram layer, its first `n` rows of `ngram_table(layer=L, longest_only=True)`:
    layer, order, ngram, count, mean_gate, lower_bound (where the Overview says to look). Kept
    with the run's aggregates once computed, keyed by the committed shards and the ranking, so
    the browser's first page reads a small file; a missing or stale one is computed again and
    stored, unless the run directory cannot be written."""
    run_dir = Path(run_dir)
    key = {"n": n, "sort": "lower_bound", "min_count": 3, "longest_only": True, "scan": 20_000}
    stored = stored_aggregate(run_dir, "top_ngrams", key)
    if stored is not None:
        return pq.ParquetFile(stored).read()
    shards = [shard.name for shard in committed_shards(run_dir)]
    columns = ["layer", "order", "ngram", "count", "mean_gate", "lower_bound"]
    ranking = {name: key[name] for name in ("sort", "min_count", "longest_only", "scan")}
    table = pa.concat_tables(
        ngram_table(run_dir, layer=layer, limit=n, examples=1, **ranking).select(columns)
        for layer in read_manifest(run_dir)["config"]["engram"]["layers"]
    )
    try:
        store_aggregate(run_dir, "top_ngrams", table, shards, key)
    except OSError:
        pass  # a directory this user may only read: computed again on the next visit
    return table


def extended_ngrams(run_dir: str | Path, ngrams: pa.Table) -> np.ndarray:
    """For each row of `ngrams` (layer, order, ngram): whether every occurrence of it is the
    end of one same n-gram of the next order, so the longer one says all it says ('vell' is
    always ' marvell'). The longest order is never extended."""
    orders = _orders(Path(run_dir))
    shorter = [k for k in orders[:-1] if k in set(ngrams.column("order").to_pylist())]
    if not shorter:
        return np.zeros(ngrams.num_rows, dtype=bool)
    # a position at a document's start has no longer n-gram: count it as its own extension
    extensions = " UNION ALL ".join(
        f"""SELECT w.row, count(DISTINCT coalesce(g.ngram_{k + 1}, chr(0))) AS extensions
            FROM wanted w JOIN gates g ON g.layer = w.layer AND g.ngram_{k} = w.ngram
            WHERE w."order" = {k} GROUP BY w.row"""
        for k in shorter
    )
    with connect(run_dir) as con:
        con.register(
            "wanted", ngrams.select(["layer", "order", "ngram"]).append_column("row", pa.array(np.arange(ngrams.num_rows)))
        )
        found = con.sql(f"SELECT row FROM ({extensions}) WHERE extensions = 1").fetchnumpy()["row"]
    extended = np.zeros(ngrams.num_rows, dtype=bool)
    extended[found.astype(int)] = True
    return extended


def ngram_occurrences(run_dir: str | Path, layer: int, order: int, ngram: str) -> pa.Table:
    """Every occurrence of the `order`-gram `ngram` at Engram layer `layer`, highest gate first:
    doc_id, position, domain, `gate` (its branch-mean gate there) and, for every Engram layer
    L, `gate_L` (the branch-mean gate of the same position at layer L)."""
    if order not in _orders(Path(run_dir)):
        raise ValueError(f"order {order}: this run records n-grams of orders {_orders(Path(run_dir))}")
    layers = read_manifest(Path(run_dir))["config"]["engram"]["layers"]
    per_layer = ", ".join(f"max(g.gate_mean) FILTER (WHERE g.layer = {int(other)}) AS gate_{int(other)}" for other in layers)
    with connect(run_dir) as con:
        return con.sql(
            f"""WITH hits AS (SELECT doc_id, position, gate_mean AS gate FROM gates WHERE layer = ? AND ngram_{int(order)} = ?)
                SELECT h.doc_id, h.position, d.domain, h.gate, {per_layer}
                FROM hits h JOIN gates g USING (doc_id, position) JOIN documents d USING (doc_id)
                GROUP BY h.doc_id, h.position, d.domain, h.gate ORDER BY h.gate DESC, h.doc_id, h.position""",
            params=[layer, ngram],
        ).to_arrow_table()


def spread_examples(n: int, per_group: int = 3) -> dict[str, list[int]]:
    """Which of `n` occurrences sorted by gate (highest first) to show at the top, the middle and
    the bottom of the gate range: `per_group` each, no occurrence twice."""
    top = list(range(min(per_group, n)))
    middle_start = max(n // 2 - per_group // 2, len(top))
    middle = list(range(middle_start, min(middle_start + per_group, n)))
    bottom_start = max(n - per_group, middle_start + len(middle))
    return {"top": top, "middle": middle, "bottom": list(range(bottom_start, n))}


def domain_counts(occurrences: pa.Table, domains: pa.Table) -> list[dict]:
    """Per domain (`overview`'s domains table): the occurrences there, their share of all, the
    mean gate there, and the domain's share of the run's tokens, which the share of
    occurrences would match were the n-gram spread evenly over the text."""
    total_tokens = sum(domains.column("tokens").to_pylist()) or 1
    found, gates = occurrences.column("domain").to_pylist(), occurrences.column("gate").to_pylist()
    rows = []
    for domain, tokens in zip(domains.column("domain").to_pylist(), domains.column("tokens").to_pylist()):
        here = [g for d, g in zip(found, gates) if d == domain]
        rows.append(
            {
                "domain": domain,
                "occurrences": len(here),
                "share of occurrences": len(here) / max(len(found), 1),
                "share of the run's tokens": tokens / total_tokens,
                "mean gate": sum(here) / len(here) if here else None,
            }
        )
    return sorted(rows, key=lambda row: -row["occurrences"])


def token_contexts(
    run_dir: str | Path, layer: int, places: list[tuple[str, int]], before: int = 12, after: int = 6
) -> list[list[dict]]:
    """For each (doc_id, position): the tokens from `before` tokens before it to `after` after,
    at `layer`, as {position, token, gate_mean}."""
    if not places:
        return []
    wanted = pa.table({"doc_id": [d for d, _ in places], "at": [p for _, p in places], "place": list(range(len(places)))})
    with connect(run_dir) as con:
        con.register("wanted", wanted)
        rows = (
            con.sql(
                """SELECT w.place, g.position, g.token, g.gate_mean FROM wanted w JOIN gates g
               ON g.doc_id = w.doc_id AND g.layer = ? AND g.position BETWEEN w.at - ? AND w.at + ?
               ORDER BY w.place, g.position""",
                params=[layer, before, after],
            )
            .to_arrow_table()
            .to_pylist()
        )
    contexts = [[] for _ in places]
    for row in rows:
        contexts[row.pop("place")].append(row)
    return contexts


def sample_positions(
    run_dir: str | Path, layer: int, low: float, high: float, n: int = 10, seed: int = 0, branch: int = -1
) -> tuple[int, pa.Table]:
    """How many positions of `layer` have a gate in [low, high] (of `branch`; -1 the mean over
    branches) and `n` of them drawn uniformly (ordered by a hash of `seed`, document and
    position, so a call gives the same sample again): doc_id, position, token, gate."""
    if not 0 <= low <= high <= 1:
        raise ValueError(f"gate range [{low}, {high}]: use 0 <= low <= high <= 1")
    if not -1 <= branch < _branches(Path(run_dir)):
        raise ValueError(f"branch {branch}: this run has branches 0..{_branches(Path(run_dir)) - 1} (-1: their mean)")
    gate = "gate_mean" if branch == -1 else f"gates[{int(branch) + 1}]"
    with connect(run_dir) as con:
        con.execute(
            f"CREATE TEMP TABLE in_range AS SELECT doc_id, position, token, {gate} AS gate FROM gates "
            f"WHERE layer = ? AND {gate} BETWEEN ? AND ?",
            parameters=[layer, low, high],
        )
        [(total,)] = con.sql("SELECT count(*) FROM in_range").fetchall()
        sample = con.sql(
            "SELECT * FROM in_range ORDER BY hash(?, doc_id, position), doc_id, position LIMIT ?", params=[seed, n]
        ).to_arrow_table()
    return total, sample


def run_row_stats(run_dir: str | Path, sizes: tuple[int, ...] = CACHE_SIZES) -> dict | None:
    """The row requests of a run recorded with `--record-rows`, in `engram-probe offload
    rowstats`'s layout: per layer requests, distinct (head, row) pairs, Zipf fit and the
    static-cache hit-rate curve over `sizes`. None when the run did not record rows."""
    from .rowstats import hit_rate_curve, zipf_fit

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
