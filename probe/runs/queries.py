"""What the gate browser (`apps/`) and the notebooks read from a run directory: documents,
n-gram tables and their occurrences, per-token categories, gate samples. Where each result file
of a run lives, and the checks on it, are `probe.runs.artefacts`.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
from duckdb import sqltypes

from engram_model.files import LinkedPathError

from .aggregate import _branches, _orders, ngram_examples, ngram_stats, read_stored, store_aggregate
from .store import checked_shards, connect, fingerprint_tokenizer, has_gate_column, read_manifest


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
            if has_gate_column(con, "next_logprob")
            else ""
        )
        layers = con.sql(f"""
            SELECT layer, count(*) AS positions, avg(gate_mean) AS mean_gate,
                   quantile_cont(gate_mean, [0.25, 0.5, 0.75]) AS quartiles,
                   avg((gate_mean > 0.5)::DOUBLE) AS share_above_half {logprob}
            FROM gates GROUP BY layer ORDER BY layer
        """).to_arrow_table()
    return {"documents": documents, "tokens": int(tokens), "domains": domains, "layers": layers}


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
                          CASE WHEN ? = '' THEN 0
                               ELSE (length(text) - length(replace(lower(text), lower(?), ''))) // length(?) END AS matches
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


def token_categories(
    run_dir: str | Path, doc_id: str, start: int, stop: int, order: int | None = None, context_chars: int = 200
) -> pa.Table:
    """For the document's positions in [start, stop): `category`, the categorizer's label of the
    token's `order`-gram (default: the longest) in its context, and `evidence`, the rules that
    decided it. Labelling costs about 0.1 ms a token, so the viewer asks for the tokens it shows."""
    from ..categorize import categorize_many

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
    from ..categorize import categorize_many

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
    stored = read_stored(run_dir, "top_ngrams", key)  # None too when it is garbled: computed again and stored
    if stored is not None:
        return stored
    shards = [shard.name for shard in checked_shards(run_dir)]
    columns = ["layer", "order", "ngram", "count", "mean_gate", "lower_bound"]
    ranking = {name: key[name] for name in ("sort", "min_count", "longest_only", "scan")}
    table = pa.concat_tables(
        ngram_table(run_dir, layer=layer, limit=n, examples=1, **ranking).select(columns)
        for layer in read_manifest(run_dir)["config"]["engram"]["layers"]
    )
    try:
        store_aggregate(run_dir, "top_ngrams", table, shards, key)
    except (OSError, LinkedPathError):
        pass  # a directory this user may only read, or whose aggregates/ is a link: computed again on the next visit
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


# ---- gate ranges that follow the run's own gates ----

TOP_SHARE = 0.10  # a default gate range is the run's top tenth of gates, wherever its gates lie


def top_gate_range(run_dir: str | Path, layer: int, branch: int = -1, share: float = TOP_SHARE) -> tuple[float, float]:
    """The gate range [low, 1] holding the top `share` of `layer`'s gates (the mean over
    branches for branch -1, else that branch's own), `low` rounded down to hundredths so the
    range as written (LOW,HIGH with two decimals) still holds them: the default range of a page,
    so a model whose gates stop at 0.8 shows its own strongest positions, not an empty [0.9, 1]."""
    if not 0 < share <= 1:
        raise ValueError(f"share={share}: use a share of the positions in (0, 1]")
    gate = "gate_mean" if branch == -1 else f"gates[{int(branch) + 1}]"
    with connect(run_dir) as con:
        [(low,)] = con.sql(f"SELECT quantile_cont({gate}, {1 - share}) FROM gates WHERE layer = ?", params=[layer]).fetchall()
    if low is None:  # the layer has no positions
        return 0.0, 1.0
    return min(max(float(np.floor(low * 100) / 100), 0.0), 1.0), 1.0


# ---- which models a run's model can be compared with, position by position ----

BASELINE = "baseline"  # the bundled model the run's model is compared with, where their tokenizers match


def checkpoint_directory(model: str) -> Path | None:
    """The directory a model name (a checkpoint directory or a bundled name, as the commands
    take it) names, None where there is none; found without loading anything (no torch)."""
    path = Path(model).expanduser()
    if path.is_dir():
        return path
    if "/" in model or model in ("", ".", ".."):
        return None
    import importlib.util

    package = Path(importlib.util.find_spec("engram_model").origin).parent
    bundled = package / "bundled" if (package / "bundled").is_dir() else package.parent / "data"  # checkpoint.DATA_DIR
    found = bundled / "checkpoints" / model
    return found if found.is_dir() else None


def checkpoint_tokenizer_hash(model: str) -> str | None:
    """sha256 of the tokenizer of a checkpoint directory or bundled model, as a run's manifest
    records it (`store.fingerprint_tokenizer`); None where it has no readable tokenizer.json."""
    directory = checkpoint_directory(model)
    if directory is None or not (directory / "tokenizer.json").is_file():
        return None
    from tokenizers import Tokenizer

    try:
        tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
    except Exception:  # tokenizers raises a bare Exception for a file it cannot parse
        return None
    return fingerprint_tokenizer(tokenizer)


def comparison_problem(run_dir: str | Path, model: str) -> str | None:
    """Why `model` (a checkpoint directory or bundled name) cannot be compared position by
    position with the run's model (layer similarity, a joint logit lens), None where it can:
    it must exist and read text with the run's tokenizer (the manifest's `tokenizer_hash`)."""
    model = str(model).strip()
    if not model:
        return "no model given: type a checkpoint directory or a bundled name"
    directory = checkpoint_directory(model)
    if directory is None:
        return f"{model} is neither a checkpoint directory nor a bundled model"
    if not (directory / "config.json").is_file():
        return f"{directory} has no config.json, so it is not a checkpoint directory"
    wanted = read_manifest(Path(run_dir)).get("tokenizer_hash")
    found = checkpoint_tokenizer_hash(model)
    if found is None:
        return f"{directory} has no readable tokenizer.json, so it cannot be told to read the run's tokens"
    if wanted is None:
        return "the run's manifest records no tokenizer hash, so no model can be shown to read its tokens"
    if found != wanted:
        return (
            f"{model}'s tokenizer differs from the run's (sha256 {found[:12]} against {str(wanted)[:12]}): "
            "models compared position by position must read the same tokens"
        )
    return None


def run_model_name(run_dir: str | Path) -> str:
    """The model the run names (a bundled name or a checkpoint directory), as its commands take it."""
    named = read_manifest(Path(run_dir)).get("model")
    return named if isinstance(named, str) else "engram"


SMALL_RUN_TOKENS = 5000  # below this, the entity tokens of a run are too few for CKA's minibatches


def similarity_positions(tokens: int) -> str:
    """The `--positions` of the layer similarity of a run of `tokens` tokens: the final tokens of
    named entities (the command's default), or every token where the run is too small to hold
    enough entities (a one-document run: CKA's unbiased estimate needs at least 4 positions)."""
    return "all" if tokens < SMALL_RUN_TOKENS else "entities"


def analysis_command(run_dir: str | Path, analysis: str, other: str | None = None, positions: str | None = None) -> list[str]:
    """The command that writes the run's `analysis` result (`similarity` or `lens`) where the
    app reads it (`artefacts.ARTEFACTS`), of the run's model on the run's corpus, as an argument
    list: similarity against `other` (None: the model against itself, a null comparison), the
    lens of the run's model alone or beside `other`; `positions` (similarity_positions) as given."""
    import shlex

    from .store import corpus_argument

    run_dir = Path(run_dir)
    model, out = run_model_name(run_dir), str(run_dir / "analysis")
    corpus = shlex.split(corpus_argument(read_manifest(run_dir)))
    chosen = ["--positions", positions] if positions else []
    if analysis == "similarity":
        return ["engram-probe", "similarity", "--a", model, "--b", other or "none", *chosen, "--out", out, "--corpus", *corpus]
    if analysis == "lens":
        return ["engram-probe", "lens", model, *([other] if other else []), "--out", out, "--corpus", *corpus]
    raise ValueError(f"analysis={analysis!r}: use similarity or lens")
