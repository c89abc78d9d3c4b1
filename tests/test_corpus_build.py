import json
import os

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from engram_model import load_tokenizer
from engram_model.checkpoint import sha256_of
from engram_model.corpus import build as corpus_build
from engram_model.corpus.build import (
    COLUMNS,
    CorpusBuildError,
    Source,
    SourceUnavailable,
    build_corpus,
    default_corpus_path,
    file_items,
    split_into_chunks,
    split_of,
    text_item,
)
from engram_model.corpus.sources import factbook_text, html_text, installed_package_file, play_text
from engram_model.corpus.tokenizer_training import train_tokenizer
from probe.cli import corpus as corpus_cli

WORDS = "river castle merchant queen harbour lantern copper valley treaty orchard falcon quarry".split()


def sentence(seed: int, length: int = 40) -> str:
    return " ".join(WORDS[(seed * 7 + i * i) % len(WORDS)] for i in range(length)) + f". Item {seed}."


def write_texts(folder, count, first=0):
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(first, first + count):
        (folder / f"doc{i:03d}.txt").write_text(f"{folder.name} {i}\n\n{sentence(i)}\n", encoding="utf-8")
    return folder


def folder_source(folder, name=None, domain="prose") -> Source:
    return Source(
        name or folder.name, domain, "CC0-1.0", f"test files in {folder.name}", items=lambda: file_items(folder, "*.txt")
    )


def two_domain_sources(tmp_path):
    return [
        folder_source(write_texts(tmp_path / "essays", 60)),
        folder_source(write_texts(tmp_path / "scripts", 60), domain="code"),
    ]


def test_build_writes_the_columns_a_split_per_domain_and_a_report(tmp_path):
    out = tmp_path / "built" / "corpus.parquet"
    report = build_corpus(two_domain_sources(tmp_path), out)
    table = pq.read_table(out)
    assert table.column_names == list(COLUMNS)
    assert all(field.type == pa.string() for field in table.schema)
    rows = table.to_pylist()
    assert len(rows) == report.documents == 120
    assert {row["domain"] for row in rows if row["split"] == "validation"} == {"prose", "code"}
    assert {row["source"] for row in rows} == {"essays", "scripts"}
    assert rows[0]["doc_id"].startswith("essays/doc") and rows[0]["licence"] == "CC0-1.0"
    written = json.loads((out.parent / "corpus_report.json").read_text())
    assert written["sha256"] == report.sha256 == sha256_of(out)
    assert [s["documents"] for s in written["sources"]] == [60, 60]
    assert written["domains"]["code"]["validation_documents"] >= 1


def test_rebuild_is_byte_identical(tmp_path):
    sources = two_domain_sources(tmp_path)
    first = build_corpus(sources, tmp_path / "a" / "corpus.parquet")
    second = build_corpus(sources, tmp_path / "b" / "corpus.parquet")
    assert first.sha256 == second.sha256
    assert (tmp_path / "a" / "corpus.parquet").read_bytes() == (tmp_path / "b" / "corpus.parquet").read_bytes()
    assert (tmp_path / "a" / "corpus_report.json").read_text() == (tmp_path / "b" / "corpus_report.json").read_text()


def test_a_documents_split_depends_only_on_its_id(tmp_path):
    essays = write_texts(tmp_path / "essays", 60)
    build_corpus([folder_source(essays)], tmp_path / "small.parquet")
    write_texts(essays, 40, first=60)
    build_corpus(
        [folder_source(essays), folder_source(write_texts(tmp_path / "poems", 30), domain="literature")],
        tmp_path / "large.parquet",
    )
    small = {r["doc_id"]: r["split"] for r in pq.read_table(tmp_path / "small.parquet").to_pylist()}
    large = {r["doc_id"]: r["split"] for r in pq.read_table(tmp_path / "large.parquet").to_pylist()}
    assert all(large[doc_id] == split for doc_id, split in small.items())
    assert all(split == split_of(doc_id) for doc_id, split in small.items())
    assert 0.01 < sum(split == "validation" for split in large.values()) / len(large) < 0.12


def test_unreadable_binary_non_utf8_empty_and_duplicate_inputs_are_skipped_and_counted(tmp_path):
    folder = write_texts(tmp_path / "mixed", 30)
    (folder / "binary.txt").write_bytes(b"PK\x03\x04\x00\x00 zipped")
    (folder / "latin1.txt").write_bytes("café crème".encode("latin-1"))
    (folder / "empty.txt").write_text("")
    (folder / "blank.txt").write_text("  \n\t\n")
    (folder / "copy.txt").write_text((folder / "doc000.txt").read_text())
    os.symlink(tmp_path / "vanished.txt", folder / "dangling.txt")
    report = build_corpus(
        [folder_source(folder), folder_source(write_texts(tmp_path / "code", 20), domain="code")], tmp_path / "c.parquet"
    )
    mixed = report.sources[0]
    assert mixed.status == "read" and mixed.documents == 30
    assert mixed.skipped == {"unreadable": 1, "binary": 1, "not_utf8": 1, "empty": 2, "duplicate": 1}


def test_an_unavailable_source_is_reported_and_the_others_built(tmp_path):
    def not_installed():
        raise SourceUnavailable("PyPI package nothing-here is not installed: pip install nothing-here")

    sources = [
        Source("missing-package", "prose", "CC0-1.0", "test", items=not_installed),
        folder_source(tmp_path / "no-such-folder", name="missing-folder"),
        *two_domain_sources(tmp_path),
    ]
    report = build_corpus(sources, tmp_path / "c.parquet")
    assert report.sources[0].status == "unavailable: PyPI package nothing-here is not installed: pip install nothing-here"
    assert report.sources[1].status.startswith("unavailable:") and "no-such-folder" in report.sources[1].status
    assert report.documents == 120


def test_long_documents_become_chunks_that_concatenate_back(tmp_path):
    paragraphs = [sentence(i, 60) for i in range(200)]
    long_text = "\n\n".join(paragraphs) + "\n"
    chunks = split_into_chunks(long_text, 5_000)
    assert len(chunks) > 1 and "".join(chunks) == long_text
    assert all(len(c) <= 5_000 for c in chunks) and all(c.endswith("\n\n") for c in chunks[:-1])
    assert split_into_chunks("x" * 25, 10) == ["x" * 10, "x" * 10, "x" * 5]
    source = Source("book", "literature", "public-domain", "test", items=lambda: [text_item("volume-1", long_text)])
    report = build_corpus([source, *two_domain_sources(tmp_path)], tmp_path / "c.parquet", chunk_chars=5_000)
    ids = [r["doc_id"] for r in pq.read_table(tmp_path / "c.parquet").to_pylist() if r["source"] == "book"]
    assert ids == [f"book/volume-1#{i}" for i in range(len(chunks))] and report.sources[0].documents == len(chunks)


def test_the_cap_per_source_leaves_items_out_and_counts_them(tmp_path):
    report = build_corpus(two_domain_sources(tmp_path), tmp_path / "c.parquet", max_mb_per_source=0.002)
    for source in report.sources:
        assert 2_000 <= source.utf8_bytes < 2_500
        assert source.left_out_by_cap == 60 - source.documents > 0


def test_a_failed_write_leaves_the_previous_corpus_and_no_partial_file(tmp_path, monkeypatch):
    out = tmp_path / "corpus.parquet"
    build_corpus(two_domain_sources(tmp_path), out)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}

    def write_half_then_fail(table, where, **options):
        with open(where, "wb") as f:
            f.write(b"PAR1 half a file")
        raise OSError("No space left on device")

    monkeypatch.setattr(corpus_build.pq, "write_table", write_half_then_fail)
    with pytest.raises(OSError, match="No space left"):
        build_corpus(two_domain_sources(tmp_path), out)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == before
    fresh = tmp_path / "fresh" / "corpus.parquet"
    with pytest.raises(OSError):
        build_corpus(two_domain_sources(tmp_path), fresh)
    assert list(fresh.parent.iterdir()) == []


def test_a_corpus_without_documents_is_an_error(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "blank.txt").write_text("\n")
    with pytest.raises(CorpusBuildError, match="no source gave a document.*empty 1"):
        build_corpus([folder_source(empty)], tmp_path / "c.parquet")
    with pytest.raises(CorpusBuildError, match="no sources given"):
        build_corpus([], tmp_path / "c.parquet")
    assert not (tmp_path / "c.parquet").exists()


def test_an_empty_validation_split_or_domain_is_an_error(tmp_path):
    single = Source("one", "prose", "CC0-1.0", "test", items=lambda: [text_item("only", "A lone document.")])
    with pytest.raises(CorpusBuildError, match="validation split is empty"):
        build_corpus([single], tmp_path / "c.parquet")
    lonely_code = Source("one-script", "code", "CC0-1.0", "test", items=lambda: [text_item("main.py", "print('hi')\n")])
    with pytest.raises(CorpusBuildError, match=r"\['code'\] have a single document"):
        build_corpus([folder_source(write_texts(tmp_path / "essays", 60)), lonely_code], tmp_path / "c.parquet")
    assert not (tmp_path / "c.parquet").exists()


def test_a_domain_hashing_wholly_to_train_lends_one_document_to_validation(tmp_path):
    keys = [f"k{i}" for i in range(200) if split_of(f"pair/k{i}") == "train"][:2]
    pair = Source("pair", "legal", "CC0-1.0", "test", items=lambda: [text_item(k, f"Licence text {k}.") for k in keys])
    build_corpus([pair, *two_domain_sources(tmp_path)], tmp_path / "c.parquet")
    splits = [r["split"] for r in pq.read_table(tmp_path / "c.parquet").to_pylist() if r["source"] == "pair"]
    assert sorted(splits) == ["train", "validation"]


def test_repeated_document_ids_are_an_error(tmp_path):
    twice = [
        folder_source(write_texts(tmp_path / "a", 30), name="same"),
        folder_source(write_texts(tmp_path / "b", 30), name="same"),
    ]
    with pytest.raises(CorpusBuildError, match="occur twice"):
        build_corpus(twice, tmp_path / "c.parquet")


def test_default_corpus_path_names_the_build_command(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="engram-probe corpus build"):
        default_corpus_path()
    build_corpus(two_domain_sources(tmp_path), tmp_path / "engram-probe" / "corpus" / "corpus.parquet")
    assert default_corpus_path() == tmp_path / "engram-probe" / "corpus" / "corpus.parquet"


def test_html_keeps_navigation_and_footer_as_text():
    page = """<html><head><title>json — Python docs</title><script>var x = 1;</script><style>p {}</style></head>
    <body><div class="related" role="navigation"><h3>Navigation</h3><ul><li><a href="genindex.html">index</a></li>
    <li><a href="modindex.html">modules</a> |</li></ul></div><p>Encode   <code>obj</code> as
    JSON.</p><pre>json.dumps(x,
    indent=2)</pre><div class="footer">&copy; Copyright 2001-2023, Python Software Foundation.</div></body></html>"""
    text = html_text(page)
    assert "var x" not in text and "p {}" not in text
    assert text.startswith("json — Python docs\n")
    assert "Navigation\n\nindex\nmodules |\n\nEncode obj as JSON.\n\njson.dumps(x,\n    indent=2)" in text
    assert text.endswith("© Copyright 2001-2023, Python Software Foundation.\n")


def test_play_and_factbook_text_lose_their_markup():
    play = "# Hamlet\n\n## ACT I\n\n_Enter BERNARDO and\nFRANCISCO_\n\n**BERNARDO**  \nWho's there?  \n"
    assert play_text(play) == "Hamlet\n\nACT I\n\nEnter BERNARDO and\nFRANCISCO\n\nBERNARDO\nWho's there?\n"
    entry = {
        "Government": {"Country name": {"conventional short form": {"text": "Freedonia"}}},
        "Economy": {
            "Real GDP growth rate": {"Real GDP growth rate 2024": {"text": "2.8%"}, "note": "<b>note:</b> in 2021 dollars"}
        },
    }
    assert factbook_text(entry, "fr") == (
        "Freedonia\n\nGovernment\nCountry name, conventional short form: Freedonia\n\n"
        "Economy\nReal GDP growth rate 2024: 2.8%\nnote: in 2021 dollars\n"
    )


def test_tokenizer_training_is_deterministic_and_measures_each_domain(tmp_path):
    corpus = tmp_path / "corpus.parquet"
    build_corpus(two_domain_sources(tmp_path), corpus)
    first = train_tokenizer(corpus, 400, tmp_path / "one.json")
    second = train_tokenizer(corpus, 400, tmp_path / "two.json")
    assert first.sha256 == second.sha256
    assert first.vocab_size == load_tokenizer(tmp_path / "one.json").get_vocab_size() <= 400
    assert 0 < first.compressed_vocab_size <= first.vocab_size
    assert set(first.bytes_per_token) == {"code", "prose"} and all(ratio > 1 for ratio in first.bytes_per_token.values())


def test_corpus_commands_build_and_train(tmp_path, monkeypatch):
    monkeypatch.setattr(corpus_cli, "default_sources", lambda: two_domain_sources(tmp_path))
    runner = CliRunner()
    built = runner.invoke(corpus_cli.corpus_app, ["build", "--out", str(tmp_path / "c.parquet")], env={"COLUMNS": "200"})
    assert built.exit_code == 0, built.output
    assert "essays" in built.output and "120 documents" in built.output
    trained = runner.invoke(
        corpus_cli.corpus_app,
        ["tokenizer", "--corpus", str(tmp_path / "c.parquet"), "--vocab-size", "300", "--out", str(tmp_path / "t.json")],
        env={"COLUMNS": "200"},
    )
    assert trained.exit_code == 0, trained.output
    assert "bytes/token" in trained.output and (tmp_path / "t.json").is_file()
    monkeypatch.setattr(corpus_cli, "default_sources", lambda: [])
    failed = runner.invoke(corpus_cli.corpus_app, ["build", "--out", str(tmp_path / "d.parquet")], env={"COLUMNS": "200"})
    assert failed.exit_code == 1 and "corpus not built" in failed.output


def test_a_missing_package_makes_its_source_unavailable_with_the_install_command():
    with pytest.raises(SourceUnavailable, match="pip install no-such-corpus-package"):
        installed_package_file("no-such-corpus-package", "data/x.json")
