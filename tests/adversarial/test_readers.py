"""Corpus readers under hostile encodings and layouts: byte-order marks, lone surrogates and
invalid UTF-8 (skipped per record, reported, never handed on), every Arrow text type,
Parquet dataset folders. Each case is a real file; each asserts what came out, what the
report says, and that a probing run over it completes and resumes."""

import codecs
import json
import os

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from engram_model.corpus import ReadReport, iter_documents
from probe.cli import app
from probe.runs.store import connect


def read(source, **kwargs):
    report = ReadReport()
    documents = list(iter_documents(source, report=report, **kwargs))
    return documents, report


def texts(documents):
    return [d.text for d in documents]


def invalid_utf8_strings(values: list[bytes]) -> pa.Array:
    """A string column holding the raw bytes given, valid UTF-8 or not (Arrow does not check)."""
    binary = pa.array(values, pa.binary())
    return pa.Array.from_buffers(pa.string(), len(values), binary.buffers())


# --- byte-order marks ---------------------------------------------------------------------------


def test_a_utf8_bom_does_not_cost_a_jsonl_file_its_first_document(tmp_path):
    path = tmp_path / "bom.jsonl"
    path.write_bytes(codecs.BOM_UTF8 + b'{"id": "a", "text": "first"}\n{"id": "b", "text": "second"}\n')
    documents, report = read(path)
    assert [(d.doc_id, d.text) for d in documents] == [("a", "first"), ("b", "second")]
    assert report.bad_records == report.undecodable == 0 and report.skipped == []


def test_a_jsonl_file_written_with_utf_8_sig_and_files_concatenated_with_boms_read_whole(tmp_path):
    path = tmp_path / "sig.jsonl"
    path.write_text('{"text": "one"}\n{"text": "two"}\n', encoding="utf-8-sig")
    with open(path, "ab") as f:  # `cat a.jsonl b.jsonl`: the second file's BOM opens a line
        f.write(codecs.BOM_UTF8 + b'{"text": "three"}\n')
    documents, report = read(path)
    assert texts(documents) == ["one", "two", "three"] and report.bad_records == 0


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_text_files_with_a_bom_are_text_without_it(tmp_path, encoding):
    text = "Ünïcödé text ✓ \U0001f600 over several words"
    path = tmp_path / "doc.txt"
    data = text.encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):  # these codecs write no BOM: prepend the one that names them
        data = (codecs.BOM_UTF16_LE if encoding.endswith("le") else codecs.BOM_UTF16_BE) + data
    path.write_bytes(data)
    documents, report = read(path)
    assert texts(documents) == [text]
    assert (report.binary_files, report.non_utf8) == (0, 0)


def test_a_utf16_jsonl_file_is_refused_by_name(tmp_path):
    path = tmp_path / "wide.jsonl"
    path.write_text('{"text": "x"}\n', encoding="utf-16")
    with pytest.raises(ValueError, match=r"wide\.jsonl is UTF-16 .*JSONL is UTF-8"):
        read(path)


def test_a_bom_inside_a_text_folder_and_nul_bytes_without_one(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_bytes(codecs.BOM_UTF8 + b"alpha beta")
    (folder / "b.txt").write_text("gamma", encoding="utf-16")
    (folder / "c.bin").write_bytes(b"\x00\x01\x02 binary")
    documents, report = read(folder)
    assert texts(documents) == ["alpha beta", "gamma"] and report.binary_files == 1


# --- undecodable text --------------------------------------------------------------------------


def test_lone_surrogates_in_any_field_are_skipped_per_record_and_reported(tmp_path):
    lines = [
        '{"id": "ok1", "text": "fine"}',
        '{"id": "s1", "text": "bad \\ud800 high"}',
        '{"id": "s2", "text": "bad \\udfff low"}',
        '{"id": "\\ud834", "text": "the id is the bad part"}',
        '{"id": "s4", "text": "fine text", "domain": "\\udc80"}',
        '{"id": "pair", "text": "a real pair \\ud83d\\ude00 is fine"}',
        '{"id": "reversed", "text": "\\ude00\\ud83d reversed is not"}',
    ]
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(lines) + "\n")
    documents, report = read(path)
    assert [d.doc_id for d in documents] == ["ok1", "pair"]
    assert documents[1].text == "a real pair \U0001f600 is fine"
    assert report.undecodable == 5 and report.bad_records == 0
    assert [entry.split(":")[1] for entry in report.skipped] == ["2", "3", "4", "5", "7"]
    assert "lone surrogate U+D800" in report.skipped[0] and "doc_id" in report.skipped[2] and "domain" in report.skipped[3]
    for document in documents:  # nothing handed on can fail to encode
        for value in (document.doc_id, document.text, document.source, document.domain, document.licence):
            value.encode("utf-8")


def test_invalid_utf8_in_a_jsonl_line_skips_that_line_only(tmp_path):
    path = tmp_path / "b.jsonl"
    path.write_bytes(
        b'{"text": "caf\xe9"}\n{"text": "fine"}\n{"text": "\xed\xa0\x80 encoded surrogate"}\n{"text": "also fine"}\n'
    )
    documents, report = read(path)
    assert texts(documents) == ["fine", "also fine"]
    assert report.undecodable == 2 and report.non_utf8 == 0
    assert report.skipped[0].startswith("b.jsonl:1: not UTF-8") and report.skipped[1].startswith("b.jsonl:3: not UTF-8")


def test_a_corpus_of_only_undecodable_records_explains_itself(tmp_path):
    path = tmp_path / "u.jsonl"
    path.write_text('{"text": "\\ud800"}\n{"text": "\\udbff\\udbff"}\n')
    documents, report = read(path)
    assert documents == []
    assert report.why_nothing("text").startswith("2 undecodable records (invalid UTF-8 or lone surrogates) (first: u.jsonl:1")


def test_a_jsonl_record_nested_too_deeply_is_a_bad_record_not_a_recursion_error(tmp_path):
    path = tmp_path / "deep.jsonl"
    path.write_text('{"text": "before"}\n' + "[" * 100_000 + "]" * 100_000 + '\n{"text": "after"}\n')
    documents, report = read(path)
    assert texts(documents) == ["before", "after"] and report.bad_records == 1
    assert "nested too deeply" in report.skipped[0]


def test_invalid_utf8_inside_a_parquet_column_skips_those_rows(tmp_path):
    table = pa.table(
        {
            "text": invalid_utf8_strings([b"good one", b"\xff\xfe bad", b"good two", b"\xed\xa0\x80"]),
            "doc_id": invalid_utf8_strings([b"a", b"b", b"c\x80", b"d"]),
        }
    )
    pq.write_table(table, tmp_path / "bad.parquet")
    documents, report = read(tmp_path / "bad.parquet")
    assert [(d.doc_id, d.text) for d in documents] == [("a", "good one")]
    assert report.undecodable == 3
    assert [entry.split(":")[1] for entry in report.skipped] == ["1", "2", "3"]
    assert "doc_id not UTF-8" in report.skipped[1]


def test_file_names_that_are_not_utf8_become_text(tmp_path):
    folder = tmp_path / "names"
    folder.mkdir()
    with open(os.path.join(os.fsencode(folder), b"caf\xe9.txt"), "wb") as f:
        f.write(b"the content is fine")
    documents, report = read(folder)
    assert [d.doc_id for d in documents] == ["caf\ufffd.txt"] and report.undecodable == 0
    documents[0].source.encode("utf-8")


# --- every Arrow text type -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "column",
    [
        pa.array(["alpha", "beta", "alpha", None, "gamma"]).dictionary_encode(),
        pa.array(["alpha", "beta", "alpha", None, "gamma"], pa.large_string()),
        pa.array(["alpha", "beta", "alpha", None, "gamma"]).cast(pa.string_view()),
        pa.array(["alpha", "beta", "alpha", None, "gamma"], pa.large_string()).dictionary_encode(),
        pa.DictionaryArray.from_arrays(pa.array([0, 1, 0, None, 2], pa.int8()), pa.array(["alpha", "beta", "gamma"])),
    ],
    ids=["dictionary", "large_string", "string_view", "dictionary-of-large", "int8-indices"],
)
def test_every_arrow_text_type_reads_as_text(tmp_path, column):
    metadata = pa.array(["web", "code", "web", "web", "prose"]).dictionary_encode()
    pq.write_table(pa.table({"text": column, "domain": metadata}), tmp_path / "c.parquet")
    documents, report = read(tmp_path / "c.parquet")
    assert [(d.doc_id, d.text, d.domain) for d in documents] == [
        ("c.parquet:0", "alpha", "web"),
        ("c.parquet:1", "beta", "code"),
        ("c.parquet:2", "alpha", "web"),
        ("c.parquet:4", "gamma", "prose"),
    ]
    assert report.empty == 1


@pytest.mark.parametrize("column", [pa.array([1, 2]), pa.array([b"x", b"y"]), pa.array([["a"], ["b"]])])
def test_columns_that_are_not_text_are_still_refused_by_type(tmp_path, column):
    pq.write_table(pa.table({"text": column}), tmp_path / "c.parquet")
    with pytest.raises(ValueError, match=r"column 'text' holds .*, not text; pass --text-field"):
        read(tmp_path / "c.parquet")


def test_a_dictionary_split_column_selects_rows(tmp_path):
    table = pa.table({"text": ["t1", "v1", "t2"], "split": pa.array(["train", "validation", "train"]).dictionary_encode()})
    pq.write_table(table, tmp_path / "c.parquet")
    assert texts(read(tmp_path / "c.parquet", split="train")[0]) == ["t1", "t2"]


# --- Parquet dataset folders ---------------------------------------------------------------------


def write_dataset(root):
    (root / "split=train").mkdir(parents=True)
    (root / "split=validation").mkdir()
    pq.write_table(pa.table({"text": ["t0", "t1"], "domain": ["web", "code"]}), root / "split=train" / "part-0.parquet")
    pq.write_table(pa.table({"text": pa.array(["t2"]).dictionary_encode()}), root / "split=train" / "part-1.parquet")
    pq.write_table(pa.table({"text": pa.array(["v0"], pa.large_string())}), root / "split=validation" / "part-0.parquet")
    (root / "_SUCCESS").write_text("")
    (root / "README.md").write_text("# a dataset card")
    return root


def test_a_parquet_dataset_folder_reads_as_one_dataset(tmp_path):
    root = write_dataset(tmp_path / "ds")
    documents, report = read(root)
    assert [(d.doc_id, d.text) for d in documents] == [
        ("split=train/part-0.parquet:0", "t0"),
        ("split=train/part-0.parquet:1", "t1"),
        ("split=train/part-1.parquet:0", "t2"),
        ("split=validation/part-0.parquet:0", "v0"),
    ]
    assert report.binary_files == 0 and report.documents == 4
    assert report.described.startswith(f"the Parquet dataset {root} of 3 files")
    assert documents[1].domain == "code" and documents[0].source.endswith("part-0.parquet")


def test_hive_partitions_select_a_split(tmp_path):
    root = write_dataset(tmp_path / "ds")
    assert texts(read(root, split="train")[0]) == ["t0", "t1", "t2"]
    assert texts(read(root, split="validation")[0]) == ["v0"]


def test_a_dataset_of_empty_files_is_described_as_a_dataset_not_as_binary_files(tmp_path):
    root = tmp_path / "ds"
    root.mkdir()
    for i in range(3):
        pq.write_table(pa.table({"text": pa.array([], pa.string())}), root / f"part-{i}.parquet")
    documents, report = read(root)
    assert documents == [] and report.binary_files == 0
    why = report.why_nothing("text")
    assert "binary" not in why and f"the Parquet dataset {root} of 3 files" in why


def test_a_dataset_file_without_the_text_column_is_named(tmp_path):
    root = write_dataset(tmp_path / "ds")
    pq.write_table(pa.table({"body": ["x"]}), root / "split=train" / "part-2.parquet")
    with pytest.raises(ValueError, match=r"part-2\.parquet has no column 'text'"):
        read(root)


def test_a_folder_mixing_parquet_with_other_data_is_refused(tmp_path):
    root = tmp_path / "mixed"
    root.mkdir()
    pq.write_table(pa.table({"text": ["x"]}), root / "a.parquet")
    (root / "notes.bin").write_bytes(b"\x00\x01")
    with pytest.raises(ValueError, match=r"holds 1 Parquet files and 1 other files \(notes\.bin\).*not both"):
        read(root)


def test_a_split_missing_from_a_dataset_is_named(tmp_path):
    root = tmp_path / "ds"
    root.mkdir()
    pq.write_table(pa.table({"text": ["x"]}), root / "a.parquet")
    with pytest.raises(ValueError, match=r"a\.parquet has no split column, so split='train' cannot be selected"):
        read(root, split="train")


# --- end to end: a probing run over hostile corpora completes and resumes -------------------------


def invoke(*args):
    result = CliRunner().invoke(app, [str(arg) for arg in args], env={"COLUMNS": "400"})
    return result.exit_code, " ".join(result.output.split())


def test_a_probing_run_over_surrogates_and_a_bom_completes_and_resumes(checkpoint, tmp_path):
    corpus = tmp_path / "c.jsonl"
    lines = [json.dumps({"id": f"d{i}", "text": f"Alexander the Great was born in Pella. Document {i}."}) for i in range(4)]
    lines.insert(2, '{"id": "bad", "text": "a lone \\ud800 surrogate"}')
    corpus.write_bytes(codecs.BOM_UTF8 + "\n".join(lines).encode() + b"\n")
    out = tmp_path / "run"
    args = ("run", "--model", checkpoint, "--corpus", corpus, "--out", out, "--summary", "0")
    code, output = invoke(*args)
    assert code == 0, output
    with connect(out) as con:
        assert sorted(r[0] for r in con.sql("SELECT doc_id FROM documents").fetchall()) == ["d0", "d1", "d2", "d3"]
    report = json.loads((out / "report.json").read_text())
    assert report["input"]["undecodable"] == 1 and report["input"]["bad_records"] == 0
    code, output = invoke(*args)  # the same command again resumes: nothing new, nothing failing
    assert code == 0, output


def test_a_probing_run_reads_a_parquet_dataset_folder(checkpoint, tmp_path):
    root = tmp_path / "ds"
    root.mkdir()
    for i in range(2):
        table = pa.table({"doc_id": [f"p{i}"], "text": pa.array([f"Permission is hereby granted {i}."]).dictionary_encode()})
        pq.write_table(table, root / f"part-{i}.parquet")
    out = tmp_path / "run"
    code, output = invoke("run", "--model", checkpoint, "--corpus", root, "--out", out, "--summary", "0")
    assert code == 0, output
    with connect(out) as con:
        assert sorted(r[0] for r in con.sql("SELECT doc_id FROM documents").fetchall()) == ["p0", "p1"]
