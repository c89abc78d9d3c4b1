"""The gate scan: recorded values, n-gram alignment, chunking, resume, readers, bad input."""

import json
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch
from conftest import restamped_shard

from engram_model import train_bpe
from engram_model.corpus import Document, ReadReport, iter_documents
from probe.batching import DocumentChunker
from probe.runs.aggregate import document_trace, gate_histogram, ngram_stats, top_ngrams
from probe.runs.recorder import RecordOptions
from probe.runs.scan import ProbeOptions, probe_corpus
from probe.runs.store import RunError, committed_shards, connect

IDENTITY = {"model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
TEXTS = [
    "Alexander the Great was born in Pella, the capital of Macedon.",
    "Permission is hereby granted, free of charge, to any person obtaining a copy.",
    "def main():\n    return parse_args(sys.argv[1:])\n",
    "By the way, the Milky Way is a barred spiral galaxy.",
]


def docs(texts=TEXTS):
    return [Document(f"doc{i}", t) for i, t in enumerate(texts)]


def scan(model, tmp_path, documents, **options):
    record = options.pop("record", RecordOptions(rows=True, logprob=True, out_norm=True))
    opts = ProbeOptions(record=record, **options)
    probe_corpus(model, documents, tmp_path / "run", IDENTITY, opts, show_progress=False)
    return tmp_path / "run"


def gates_of(run_dir, doc_id, layer):
    rows = document_trace(run_dir, doc_id, layer).to_pylist()
    return rows, np.array([r["gates"] for r in rows])


def test_recorded_gates_equal_run_with_cache(model, tmp_path):
    run_dir = scan(model, tmp_path, docs(), batch_size=3, shard_tokens=40)
    for i, text in enumerate(TEXTS):
        tokens = model.to_tokens(text)
        logits, cache = model.run_with_cache(tokens, names_filter=lambda n: n.endswith("hook_gate") or n.endswith("hook_out"))
        for layer in model.cfg.engram.layers:
            rows, recorded = gates_of(run_dir, f"doc{i}", layer)
            expected = cache[f"blocks.{layer}.engram.hook_gate"][0].numpy()
            np.testing.assert_allclose(recorded, expected, rtol=1e-5, atol=1e-6)
            assert [r["token_id"] for r in rows] == tokens[0].tolist()
            assert [r["position"] for r in rows] == list(range(tokens.shape[1]))
            norms = cache[f"blocks.{layer}.engram.hook_out"][0].pow(2).sum((0, 2)).sqrt().numpy()
            np.testing.assert_allclose([r["out_norm"] for r in rows], norms, rtol=1e-4)
            np.testing.assert_allclose([r["gate_mean"] for r in rows], expected.mean(1), rtol=1e-5)
        log_probs = torch.log_softmax(logits[0], -1)
        expected_lp = [log_probs[t, tokens[0, t + 1]].item() for t in range(tokens.shape[1] - 1)]
        np.testing.assert_allclose([r["next_logprob"] for r in rows][:-1], expected_lp, rtol=1e-4, atol=1e-5)
        assert np.isnan(rows[-1]["next_logprob"])


def test_ngram_texts_line_up_with_positions(model, tmp_path):
    run_dir = scan(model, tmp_path, docs(TEXTS[:1]))
    rows, _ = gates_of(run_dir, "doc0", model.cfg.engram.layers[0])
    ids = [r["token_id"] for r in rows]
    decode = lambda span: model.tokenizer.decode(span, skip_special_tokens=False)  # noqa: E731
    assert rows[0]["ngram_2"] == "<|pad|><|bos|>" and rows[0]["ngram_3"] == "<|pad|><|pad|><|bos|>"
    assert rows[1]["ngram_3"] == "<|pad|>" + decode(ids[:2])
    for p in range(2, len(ids)):
        assert rows[p]["ngram_2"] == decode(ids[p - 1 : p + 1]) and rows[p]["ngram_3"] == decode(ids[p - 2 : p + 1])
        assert rows[p]["token"] == decode(ids[p : p + 1])
    text = TEXTS[0]
    assert "".join(text[r["char_start"] : r["char_end"]] for r in rows) == text


def test_long_document_is_chunked_with_positions_and_ngrams_kept(model, tmp_path):
    long_text = " ".join(TEXTS * 6)
    run_dir = scan(model, tmp_path, docs([long_text]), max_tokens=16, batch_size=4)
    tokens = model.to_tokens(long_text)
    layer = model.cfg.engram.layers[1]
    rows, _ = gates_of(run_dir, "doc0", layer)
    assert [r["position"] for r in rows] == list(range(tokens.shape[1]))
    compressed = model.compression_lookup[tokens].numpy()
    expected_rows = model.addresser.rows(compressed)[layer][0]
    assert np.array_equal(np.array([r["rows"] for r in rows]), expected_rows)  # n-grams continue across chunks
    with connect(run_dir) as con:
        n_chunks = con.sql("SELECT n_chunks FROM documents").fetchall()[0][0]
    assert n_chunks == -(-tokens.shape[1] // 16)
    report = json.loads((run_dir / "report.json").read_text())
    assert report["this_session"]["chunked_documents"] == 1


def test_aggregates_agree_with_the_raw_rows(model, tmp_path):
    run_dir = scan(model, tmp_path, docs(TEXTS * 2), shard_tokens=60)
    raw = pq.read_table(committed_shards(run_dir)[0]).to_pylist()
    for shard in committed_shards(run_dir)[1:]:
        raw += pq.read_table(shard).to_pylist()
    stats = {(r["layer"], r["order"], r["ngram"]): r for r in ngram_stats(run_dir).to_pylist()}
    for layer in model.cfg.engram.layers:
        for order in (2, 3):
            by_text = {}
            for r in raw:
                if r["layer"] == layer:
                    by_text.setdefault(r[f"ngram_{order}"], []).append(r)
            for ngram, hits in by_text.items():
                row = stats[(layer, order, ngram)]
                assert row["count"] == len(hits)
                assert row["mean_gate"] == pytest.approx(np.mean([h["gate_mean"] for h in hits]), rel=1e-5)
                assert row["max_gate"] == pytest.approx(max(h["gate_max"] for h in hits), rel=1e-6)
                assert row["mean_b1"] == pytest.approx(np.mean([h["gates"][1] for h in hits]), rel=1e-5)
    histogram = gate_histogram(run_dir, bins=10).to_pylist()
    assert sum(r["count"] for r in histogram if r["branch"] == -1) == len(raw)
    top = top_ngrams(run_dir, layer=1, order=3, n=3, min_count=2, examples=2).to_pylist()
    assert len(top) == 3 and [r["rank"] for r in top] == [1, 2, 3]
    for row in top:
        assert row["count"] >= 2 and len(row["examples"]) == 2
        for example in row["examples"]:
            assert example["text"] == row["ngram"] or row["ngram"].startswith("<|")
    assert (run_dir / "aggregates" / "ngram_stats.parquet").is_file()


def test_resume_skips_done_documents_and_refuses_other_options(model, tmp_path):
    run_dir = scan(model, tmp_path, docs(), shard_tokens=1)
    before = sorted(p.name for p in committed_shards(run_dir))
    probe_corpus(
        model,
        docs(TEXTS + ["One more document at the end."]),
        run_dir,
        IDENTITY,
        ProbeOptions(shard_tokens=1, record=RecordOptions(rows=True, logprob=True, out_norm=True)),
        show_progress=False,
    )
    with connect(run_dir) as con:
        assert con.sql("SELECT count(*), count(DISTINCT doc_id) FROM documents").fetchall() == [(5, 5)]
    assert len(committed_shards(run_dir)) == len(before) + 1
    recorded = RecordOptions(rows=True, logprob=True, out_norm=True)
    with pytest.raises(
        RunError, match=r"options.max_tokens \(--max-tokens\): the run has 128, this call 32\. Pass the run's own"
    ):
        probe_corpus(
            model, docs(), run_dir, IDENTITY, ProbeOptions(max_tokens=32, shard_tokens=1, record=recorded), show_progress=False
        )
    with pytest.raises(RunError, match=r"shard_tokens \(--shard-tokens\): the run has 1, this call 32768"):
        probe_corpus(model, docs(), run_dir, IDENTITY, ProbeOptions(record=recorded), show_progress=False)
    with pytest.raises(RunError, match=r"model_hash \(--model\): the run has \"m\", this call \"x\""):
        probe_corpus(
            model,
            docs(),
            run_dir,
            dict(IDENTITY, model_hash="x"),
            ProbeOptions(shard_tokens=1, record=recorded),
            show_progress=False,
        )


def test_connections_share_a_run_database_but_not_their_temporaries_and_see_a_rewritten_run(model, tmp_path):
    run_dir = scan(model, tmp_path, docs(), shard_tokens=1)
    with connect(run_dir) as first, connect(run_dir) as second:
        first.execute("CREATE TEMP TABLE mine AS SELECT 1 AS x")
        first.register("wanted", pa.table({"doc_id": ["doc0"]}))
        assert second.sql("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'mine'").fetchall() == [(0,)]
        with pytest.raises(duckdb.CatalogException):
            second.sql("SELECT * FROM wanted")
        assert "rows" in second.sql("SELECT * FROM gates LIMIT 0").columns
    # the same shard names written again with other columns: read as they are now
    shutil.rmtree(run_dir)
    scan(model, tmp_path, docs(), shard_tokens=1, record=RecordOptions())
    with connect(run_dir) as con:
        assert "rows" not in con.sql("SELECT * FROM gates LIMIT 0").columns
        assert con.sql("SELECT count(DISTINCT doc_id) FROM gates").fetchall() == [(len(TEXTS),)]


def test_leftovers_of_a_killed_commit_are_removed_on_resume(model, tmp_path):
    run_dir = scan(model, tmp_path, docs(TEXTS[:2]), shard_tokens=1)
    shards = run_dir / "shards"
    restamped_shard(shards / "docs-000001.parquet", shards / "docs-000002.parquet", 2)  # its docs renamed, gates never were
    (shards / ".gates-000002.parquet.tmp-1").write_bytes(b"half a parquet file")
    with connect(run_dir) as con:  # a reader sees only committed shards
        assert con.sql("SELECT count(DISTINCT doc_id) FROM gates").fetchall() == [(2,)]
    probe_corpus(
        model,
        docs(),
        run_dir,
        IDENTITY,
        ProbeOptions(shard_tokens=1, record=RecordOptions(rows=True, logprob=True, out_norm=True)),
        show_progress=False,
    )
    with connect(run_dir) as con:
        assert con.sql("SELECT count(*) FROM documents").fetchall() == [(4,)]
    assert not [p for p in shards.iterdir() if p.name.startswith(".")]


def test_bad_input_is_handled_and_counted(model, tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(TEXTS[0])
    (corpus / "b.txt").write_bytes(b"caf\xe9 au lait \xff\xfe is not UTF-8")
    (corpus / "c.txt").write_text("   \n\t ")
    (corpus / "d.bin").write_bytes(bytes(range(256)) * 4)
    (corpus / "e.txt").write_text("\u202eRTL \U0001f600 emoji \x07 control 日本語")
    report = ReadReport()
    documents = list(iter_documents(corpus, report=report))
    assert [d.doc_id for d in documents] == ["a.txt", "b.txt", "e.txt"]
    assert (report.documents, report.empty, report.binary_files, report.non_utf8) == (3, 1, 1, 1)
    assert "\ufffd" in documents[1].text
    run_dir = scan(model, tmp_path, documents)
    with connect(run_dir) as con:
        assert con.sql("SELECT count(DISTINCT doc_id) FROM gates").fetchall() == [(3,)]


def test_jsonl_and_parquet_corpora(tmp_path):
    jsonl = tmp_path / "c.jsonl"
    jsonl.write_text('{"id": "x", "text": "hello"}\nnot json\n{"body": "no text"}\n{"text": "world"}\n')
    report = ReadReport()
    assert [(d.doc_id, d.text) for d in iter_documents(jsonl, report=report)] == [("x", "hello"), ("c.jsonl:4", "world")]
    assert report.bad_records == 2
    import pyarrow as pa

    pq.write_table(pa.table({"doc_id": ["p1", "p2"], "text": ["one", ""], "domain": ["code", "web"]}), tmp_path / "c.parquet")
    assert [(d.doc_id, d.domain) for d in iter_documents(tmp_path / "c.parquet")] == [("p1", "code")]
    with pytest.raises(ValueError, match="no column 'body'"):
        list(iter_documents(tmp_path / "c.parquet", text_field="body"))
    with pytest.raises(FileNotFoundError, match="does not exist"):
        list(iter_documents(tmp_path / "missing"))


def run_cli(*args, **kwargs):
    return subprocess.Popen(
        [sys.executable, "-m", "probe", *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kwargs
    )


@pytest.mark.slow
def test_sigkill_then_resume_gives_every_document_exactly_once(checkpoint, tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    n_docs = 120
    with open(corpus, "w") as f:
        for i in range(n_docs):
            f.write(json.dumps({"id": f"d{i:03d}", "text": f"{TEXTS[i % 4]} Document number {i}."}) + "\n")
    run_dir = tmp_path / "run"
    args = [
        "run",
        "--model",
        checkpoint,
        "--corpus",
        corpus,
        "--out",
        run_dir,
        "--shard-tokens",
        "40",
        "--batch-size",
        "2",
        "--summary",
        "0",
    ]
    process = run_cli(*args)
    seen_whole = 0
    deadline = time.time() + 600  # only a bound for a hung run: on a loaded machine the first shard can take minutes
    while time.time() < deadline and process.poll() is None:
        shards = committed_shards(run_dir)
        if shards:  # a reader during the run sees only whole shards
            with connect(run_dir) as con:
                per_doc = con.sql(
                    "SELECT g.doc_id, count(*) = 2 * any_value(d.n_tokens) FROM gates g JOIN documents d USING (doc_id) GROUP BY "
                    "g.doc_id"
                ).fetchall()
            assert all(ok for _, ok in per_doc)
            seen_whole += 1
        if len(shards) >= 6:  # read at least once above, however fast the run commits
            break
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert seen_whole > 0
    done_before = len(committed_shards(run_dir))
    assert done_before < n_docs // 2, "the run finished before it could be killed; make the corpus longer"

    resumed = run_cli(*args)
    output, _ = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, output
    with connect(run_dir) as con:
        assert con.sql("SELECT count(*), count(DISTINCT doc_id) FROM documents").fetchall() == [(n_docs, n_docs)]
        duplicates = con.sql("SELECT doc_id, layer, position, count(*) c FROM gates GROUP BY ALL HAVING c > 1").fetchall()
        assert duplicates == []
        assert con.sql("SELECT sum(n_tokens) * 2 FROM documents").fetchall() == con.sql("SELECT count(*) FROM gates").fetchall()
    assert f"{n_docs} documents" in " ".join(output.split())


def test_tokenizer_mismatch_stops_before_anything_is_written(checkpoint, tmp_path):
    other = train_bpe(["a different corpus entirely " * 40], vocab_size=300)
    other.save(str(tmp_path / "other.json"))
    (tmp_path / "c.txt").write_text(TEXTS[0])
    process = run_cli(
        "run",
        "--model",
        checkpoint,
        "--corpus",
        tmp_path / "c.txt",
        "--out",
        tmp_path / "run",
        "--tokenizer",
        tmp_path / "other.json",
        env=dict(os.environ, COLUMNS="300"),
    )
    output, _ = process.communicate(timeout=120)
    assert process.returncode != 0
    assert "tokenizer" in output
    assert not (tmp_path / "run").exists()


def test_run_from_an_mmap_table_with_prefetch_records_the_same_gates(checkpoint, tmp_path):
    from typer.testing import CliRunner

    from probe.cli import app

    (tmp_path / "c.txt").write_text(" ".join(TEXTS))
    tables = {}
    for tier in ("resident", "mmap"):
        args = [
            "run",
            "--model",
            str(checkpoint),
            "--corpus",
            str(tmp_path / "c.txt"),
            "--out",
            str(tmp_path / tier),
            "--tier",
            tier,
            "--summary",
            "0",
        ]
        result = CliRunner().invoke(app, args + (["--prefetch"] if tier == "mmap" else []))
        assert result.exit_code == 0, result.output
        tables[tier] = pq.read_table(committed_shards(tmp_path / tier)[0]).select(["layer", "position", "gates"]).to_pylist()
    assert tables["mmap"] == tables["resident"]
    bad = CliRunner().invoke(
        app,
        ["run", "--model", str(checkpoint), "--corpus", str(tmp_path / "c.txt"), "--out", str(tmp_path / "x"), "--tier", "ssd"],
        env={"COLUMNS": "300"},
    )
    assert bad.exit_code != 0 and "is not a table tier" in bad.output and not (tmp_path / "x").exists()


def stdlib_text() -> str:
    """Real text with every kind of pre-token boundary: the stdlib's email sources."""
    return "".join(f.read_text(encoding="utf-8") for f in sorted((Path(sysconfig.get_paths()["stdlib"]) / "email").glob("*.py")))


def test_pieces_tokenize_exactly_like_the_whole_text(model):
    text = stdlib_text()[:40_000]
    # a long run without spaces (a URL, a base64 blob, CJK): pieces cut inside it, between its pre-tokens
    no_spaces = "https://example.org/a/b?c=1&d=" + "QmFzZTY0+/x9" * 40 + "日本語のテキスト、句読点。" * 10
    for sample in (text, no_spaces, text[:5000] + no_spaces + text[5000:10_000]):
        scan = DocumentChunker(model.tokenizer, 16, history=2, piece_chars=100)  # longer than any run of spaces in the text
        pieces = list(scan.token_pieces(sample))
        whole = model.tokenizer.encode(sample)
        assert len(pieces) > len(sample) / 100
        assert [i for ids, _ in pieces for i in ids] == whole.ids
        assert np.concatenate([offsets for _, offsets in pieces]).tolist() == [list(o) for o in whole.offsets]
        assert scan.forced_cuts == 0
    one_word = DocumentChunker(model.tokenizer, 16, history=2, piece_chars=37)
    list(one_word.token_pieces("x" * 100))  # one pre-token longer than a piece: cut inside it, and counted
    assert one_word.forced_cuts == 2


def test_a_long_document_is_written_a_row_group_at_a_time(model, tmp_path):
    long_text = stdlib_text()[:20_000]
    run_dir = scan(model, tmp_path, docs([long_text]), max_tokens=64, shard_tokens=1000)
    tokens = model.to_tokens(long_text)
    layer = model.cfg.engram.layers[0]
    rows, _ = gates_of(run_dir, "doc0", layer)
    assert [r["token_id"] for r in rows] == tokens[0].tolist()
    shard = pq.ParquetFile(committed_shards(run_dir)[0])
    assert shard.metadata.num_row_groups > 3  # flushed every ~1000 positions, never held whole
    assert all(shard.metadata.row_group(g).num_rows <= 2 * (1000 + 64) for g in range(shard.metadata.num_row_groups))


def test_duplicate_and_missing_ids_are_made_unique_and_reported(tmp_path):
    jsonl = tmp_path / "c.jsonl"
    jsonl.write_text(
        '{"id": 7, "text": "first"}\n{"id": "7", "text": "second"}\n{"text": "third"}\n{"id": "c.jsonl:3", "text": "fourth"}\n'
    )
    report = ReadReport()
    assert [(d.doc_id, d.text) for d in iter_documents(jsonl, report=report)] == [
        ("7", "first"),
        ("7@c.jsonl:2", "second"),
        ("c.jsonl:3", "third"),
        ("c.jsonl:3@c.jsonl:4", "fourth"),
    ]
    assert report.renamed_ids == 2 and "c.jsonl:2: id '7' is also c.jsonl:1's" in report.renamed[0]
    import pyarrow as pa

    pq.write_table(pa.table({"doc_id": ["a", None, None, "a"], "text": ["one", "two", "three", "four"]}), tmp_path / "c.parquet")
    assert [d.doc_id for d in iter_documents(tmp_path / "c.parquet")] == ["a", "c.parquet:1", "c.parquet:2", "a@c.parquet:3"]


def test_unusable_corpora_are_refused_by_name(tmp_path):
    import pyarrow as pa

    pq.write_table(pa.table({"text": [1, 2]}), tmp_path / "ints.parquet")
    with pytest.raises(ValueError, match=r"ints.parquet column 'text' holds int64, not text; pass --text-field"):
        next(iter_documents(tmp_path / "ints.parquet"))
    with pytest.raises(ValueError, match="/dev/zero is not a regular file or folder"):
        next(iter_documents("/dev/zero"))
    (tmp_path / "c.jsonl").write_text('{"body": "x"}\n{"body": "y"}\n')
    report = ReadReport()
    assert list(iter_documents(tmp_path / "c.jsonl", report=report)) == []
    assert report.why_nothing("text") == (
        "2 records: its records lack the field 'text' (pass --text-field) or are not JSON (first: c.jsonl:1: no field 'text' "
        "(see --text-field))"
    )


def test_stored_aggregates_are_read_only_while_current(model, tmp_path):
    """Queries read the statistics a run stored, filtered like computed ones; once another shard
    is committed (a resumed run) the stored ones are stale and queries read the shards again."""

    from probe.runs.aggregate import gate_histogram, ngram_stats, stored_aggregate, write_aggregates

    run_dir = scan(model, tmp_path, docs())
    assert stored_aggregate(run_dir, "ngram_stats") is not None
    from_store = ngram_stats(run_dir, min_count=2)
    (run_dir / "aggregates" / "ngram_stats.parquet").unlink()
    assert from_store.equals(ngram_stats(run_dir, min_count=2))  # now computed from the shards

    write_aggregates(run_dir)
    stored_total = sum(ngram_stats(run_dir)["count"].to_pylist())
    for kind in ("docs", "gates"):  # a shard committed after the aggregates were stored
        shard = sorted((run_dir / "shards").glob(f"{kind}-*.parquet"))[-1]
        restamped_shard(shard, shard.with_name(f"{kind}-999999.parquet"), 999999)
    assert stored_aggregate(run_dir, "ngram_stats") is None and stored_aggregate(run_dir, "gate_histogram") is None
    assert sum(ngram_stats(run_dir)["count"].to_pylist()) > stored_total
    assert sum(gate_histogram(run_dir)["count"].to_pylist()) > 0


def test_a_run_ends_categorized_and_a_resumed_run_again_at_its_end(model, tmp_path):
    import math

    from probe.categorize import categorize_many

    def top_sizes(run_dir):
        enrichment = pq.read_table(run_dir / "categories" / "enrichment.parquet").to_pylist()
        return {row["layer"]: row["n_top"] for row in enrichment}

    def expected_top_sizes(run_dir):  # the top 1% of each layer's positions, at least one
        with connect(run_dir) as con:
            rows = con.sql("SELECT layer, count(*) FROM gates GROUP BY layer").fetchall()
        return {layer: max(1, math.ceil(0.01 * n)) for layer, n in rows}

    run_dir = scan(model, tmp_path, docs()[:2])
    assert json.loads((run_dir / "report.json").read_text())["categories"]["seconds"] > 0
    assert top_sizes(run_dir) == expected_top_sizes(run_dir)
    labelled = pq.read_table(run_dir / "categories" / "labelled_positions.parquet").to_pylist()
    relabelled = categorize_many(*([row[k] for row in labelled] for k in ("ngram", "left_context", "right_context")))
    assert [row["label"] for row in labelled] == [c.label for c in relabelled]  # by the default categorizer, the model

    before = top_sizes(run_dir)
    more = [Document(f"more{i}", TEXTS[i % 4]) for i in range(40)]
    scan(model, tmp_path, docs() + more)  # resumes: the first two documents are done, the rest are new
    assert top_sizes(run_dir) == expected_top_sizes(run_dir) != before

    plain = tmp_path / "plain"
    probe_corpus(model, docs(), plain, IDENTITY, ProbeOptions(categorize=False), show_progress=False)
    assert not (plain / "categories").exists()
    assert json.loads((plain / "report.json").read_text())["categories"] == {"skipped": "categorize=False"}
