"""Bounds on what the corpus reader hands on (issue #44, section 7), over generated instances:
ids of every size from 1 to 10^7 characters, in every layout that carries an id, become ids of
at most MAX_ID_CHARS that stay unique and stable; texts of generated sizes and character
mixes (ASCII words, emoji, CJK, no whitespace at all, CRLF lines, combining marks) become
pieces within the bound that concatenate back to the text exactly, however the file is split
into blocks and whatever its encoding; and a scan over a long text commits piece by piece, so
a kill keeps what it committed."""

import json
import random

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engram_model.corpus import ReadReport, iter_documents
from engram_model.corpus import read as corpus_read
from engram_model.corpus.read import MAX_DOCUMENT_CHARS, MAX_ID_CHARS, bounded_id, cut_text
from probe.runs.scan import ProbeOptions, probe_corpus
from probe.runs.store import connect

IDENTITY = {"model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c"}
ID_SIZES = [1, 2, MAX_ID_CHARS - 1, MAX_ID_CHARS, MAX_ID_CHARS + 1, 1_000, 65_536, 10**6, 10**7]
MIXES = {
    "ascii words": lambda rng: rng.choice(["the", "gate", "Pella", "x", "galaxy,", "(a)"]) + rng.choice([" ", " ", "  ", "\t"]),
    "emoji": lambda rng: rng.choice(["😀", "👍🏽", "👩\u200d💻", "🇫🇷", "✓"]) + rng.choice(["", "", " "]),
    "cjk": lambda rng: "".join(rng.choice("漢字仮名交じり文。") for _ in range(rng.randint(1, 12))) + rng.choice(["", "\n", " "]),
    "no whitespace": lambda rng: rng.choice(["a", "Z", "9", "é", "😀", "字", "-", "\u0301"]),
    "crlf lines": lambda rng: rng.choice(["line", "of", "text"]) + rng.choice(["\r\n", " ", "\r\n\r\n"]),
    "combining": lambda rng: rng.choice("aeiou") + "".join(rng.choice("\u0301\u0308\u0323") for _ in range(rng.randint(0, 2))),
}


def read(source, **kwargs):
    report = ReadReport()
    return list(iter_documents(source, report=report, **kwargs)), report


def generated_text(rng: random.Random, mix: str, size: int) -> str:
    parts, length = [], 0
    while length < size:
        parts.append(MIXES[mix](rng))
        length += len(parts[-1])
    return "".join(parts)[:size]


# --- ids ----------------------------------------------------------------------------------


def write_corpus(tmp_path, layout: str, ids: list[str]):
    """A corpus of one short document per id, in `layout`."""
    texts = [f"Document {i} was read." for i in range(len(ids))]
    if layout == "jsonl":
        path = tmp_path / "c.jsonl"
        path.write_text("".join(json.dumps({"id": i, "text": t}, ensure_ascii=False) + "\n" for i, t in zip(ids, texts)))
    else:
        path = tmp_path / "c.parquet"
        pq.write_table(pa.table({"doc_id": ids, "text": texts}), path)
    return path


@pytest.mark.parametrize("layout", ["jsonl", "parquet"])
@pytest.mark.parametrize("size", ID_SIZES)
def test_ids_of_every_size_come_out_bounded_unique_and_stable(tmp_path, layout, size):
    rng = random.Random(size)
    alphabet = "ab字😀/" if size <= 65_536 else "ab/"  # huge ids in ASCII keep the files tens of MB
    block = "".join(rng.choices(alphabet, k=min(size, 4096)))
    long_id = (block * (size // len(block) + 1))[:size]
    twin = long_id[:-1] + ("x" if long_id[-1] != "x" else "y")  # the same up to its last character
    ids = [long_id, twin, long_id, bounded_id(long_id), "short"]  # a repeat, and one already in the shortened form
    path = write_corpus(tmp_path, layout, ids)
    documents, report = read(path)
    got = [d.doc_id for d in documents]
    assert len(got) == 5 and len(set(got)) == 5
    assert all(len(i) <= MAX_ID_CHARS for i in got)
    assert got[0] == bounded_id(long_id) and got[-1] == "short"
    assert got == [d.doc_id for d in read(path)[0]], "the same ids on every read"
    if size <= MAX_ID_CHARS:
        assert got[:2] == [long_id, twin]
    assert report.renamed_ids == sum(a != b for a, b in zip(got, ids))
    assert all(len(line) < 4 * MAX_ID_CHARS for line in report.renamed), "the report never repeats a huge id"


@pytest.mark.parametrize("depth", [1, 2, 5, 12])
def test_file_names_of_a_deep_folder_corpus_become_bounded_unique_ids(tmp_path, depth):
    root = tmp_path / "corpus"
    folder = root
    for level in range(depth):
        folder = folder / (f"{level}-" + "d" * 200)
        folder.mkdir(parents=True)
        for name in ("a.txt", "b.txt"):
            (folder / name).write_text(f"text at level {level} in {name}")
    documents, report = read(root)
    ids = [d.doc_id for d in documents]
    assert len(ids) == 2 * depth == len(set(ids)) and all(len(i) <= MAX_ID_CHARS for i in ids)
    assert report.renamed_ids == sum(len(str(p.relative_to(root))) > MAX_ID_CHARS for p in root.rglob("*.txt"))


def test_generated_ids_in_bulk_stay_unique_after_shortening(tmp_path):
    rng = random.Random(7)
    stem = "s" * (MAX_ID_CHARS * 2)  # every id shares a prefix longer than the kept one
    ids = [stem + str(rng.randrange(50)) for _ in range(300)]  # many repeats among 50 distinct ids
    documents, report = read(write_corpus(tmp_path, "parquet", ids))
    got = [d.doc_id for d in documents]
    assert len(got) == 300 == len(set(got)) and all(len(i) <= MAX_ID_CHARS for i in got)
    assert report.renamed_ids == 300


def test_an_integer_id_too_long_to_convert_is_one_bad_record(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text('{"id": ' + "9" * 5000 + ', "text": "huge number"}\n{"id": 1, "text": "kept"}\n')
    documents, report = read(path)
    assert [d.text for d in documents] == ["kept"]
    assert report.bad_records == 1 and report.skipped[0].startswith("c.jsonl:1: ")


# --- long documents -----------------------------------------------------------------------


@pytest.mark.parametrize("mix", sorted(MIXES))
def test_generated_texts_cut_into_pieces_that_concatenate_back(mix):
    rng = random.Random(mix)
    for _ in range(40):
        text = generated_text(rng, mix, rng.randint(0, 3000))
        bound = rng.choice([2, 3, 7, 64, 500, 5000])
        pieces = list(cut_text([text], bound))
        assert "".join(pieces) == text
        assert all(len(p) <= bound for p in pieces)
        assert len(pieces) == 1 or all(pieces), "no empty piece in a cut text"
        assert (len(pieces) > 1) == (len(text) > bound)
        for before, after in zip(pieces, pieces[1:]):
            assert not (before.endswith("\r") and after.startswith("\n")), "a CRLF is never split"
            if bound >= 64:  # long enough to reach the next whitespace or the end of a character
                assert not after[0].isspace() or not before[-1].isspace(), "a piece starts with its whitespace run"
                assert after[0] not in "\u0301\u0308\u0323\u200d\U0001f3fd", "a character keeps its marks"
        blocks = split_into_blocks(rng, text)
        assert list(cut_text(blocks, bound)) == pieces, "pieces do not depend on how the text arrives"


def split_into_blocks(rng: random.Random, text: str) -> list[str]:
    cuts = sorted(rng.sample(range(len(text) + 1), min(len(text) + 1, rng.randint(0, 20))))
    return [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)])]


def test_a_cut_lands_where_the_tokenizer_splits_the_text_anyway(tokenizer):
    """With whitespace in each window's second half, the pieces pre-tokenize as the whole text does
    (as DocumentChunker's pieces do), so only the BOS of each piece differs from the uncut text."""
    rng = random.Random(3)
    split = tokenizer.pre_tokenizer.pre_tokenize_str
    for mix in ("ascii words", "crlf lines", "cjk"):
        for _ in range(20):
            text = generated_text(rng, mix, rng.randint(200, 3000))
            pieces = list(cut_text([text], rng.choice([100, 300])))
            assert [w for p in pieces for w, _ in split(p)] == [w for w, _ in split(text)]


ENCODINGS = {"utf-8": b"", "utf-8-sig": b"", "utf-16": b"", "utf-32": b"", "utf-16-be": b"\xfe\xff"}


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
@pytest.mark.parametrize("block_bytes", [1, 3, 7, 4096])
def test_a_one_line_text_file_is_read_a_block_at_a_time_into_pieces(tmp_path, monkeypatch, encoding, block_bytes):
    monkeypatch.setattr(corpus_read, "TEXT_BLOCK_BYTES", block_bytes)
    rng = random.Random(f"{encoding}{block_bytes}")
    # past the first BINARY_SNIFF_BYTES, which are read at once, so that the blocks after them count
    text = "".join(generated_text(rng, mix, 3000) for mix in ("emoji", "cjk", "no whitespace", "ascii words"))
    path = tmp_path / "one line.txt"
    path.write_bytes(ENCODINGS[encoding] + text.encode(encoding))
    documents, report = read(path, max_chars=97)
    assert "".join(d.text for d in documents) == text
    assert [d.doc_id for d in documents] == [f"one line.txt#{i}" for i in range(len(documents))]
    assert all(len(d.text) <= 97 for d in documents) and len(documents) == len(list(cut_text([text], 97)))
    assert (report.cut_documents, report.non_utf8, report.renamed_ids) == (1, 0, 0)
    assert report.cut == ["one line.txt: longer than 97 characters, cut into documents 'one line.txt#0', 'one line.txt#1', …"]
    assert report.as_dict()["cut"] == report.cut


@pytest.mark.parametrize("block_bytes", [1, 2, 5, 1 << 20])
def test_invalid_bytes_in_a_streamed_file_are_replaced_and_counted_once(tmp_path, monkeypatch, block_bytes):
    monkeypatch.setattr(corpus_read, "TEXT_BLOCK_BYTES", block_bytes)
    good = "naïve 😀 字 ".encode() * 600  # past the first BINARY_SNIFF_BYTES, which are read at once
    data = b"\xc3(" + good + b"\xff\xfe bad \xc3" + good + b"\xe2\x82"  # the last character cut short
    path = tmp_path / "mixed.txt"
    path.write_bytes(data)
    documents, report = read(path, max_chars=50)
    assert "".join(d.text for d in documents) == data.decode("utf-8", errors="replace")
    assert report.non_utf8 == 1


def test_a_text_under_the_bound_keeps_its_id_and_is_not_reported(tmp_path):
    path = tmp_path / "doc.txt"
    path.write_text("x" * 100)
    for bound in (100, 101, MAX_DOCUMENT_CHARS):
        documents, report = read(path, max_chars=bound)
        assert [(d.doc_id, d.text) for d in documents] == [("doc.txt", "x" * 100)]
        assert report.cut_documents == 0 and report.cut == []


@pytest.mark.parametrize("layout", ["jsonl", "parquet"])
def test_long_records_are_cut_into_pieces_named_after_their_id(tmp_path, layout):
    rng = random.Random(layout)
    texts = [generated_text(rng, "ascii words", n) for n in (10, 450, 1000)]
    path = tmp_path / f"c.{layout}"
    if layout == "jsonl":
        path.write_text("".join(json.dumps({"id": f"r{i}", "text": t}) + "\n" for i, t in enumerate(texts)))
    else:
        pq.write_table(pa.table({"doc_id": [f"r{i}" for i in range(3)], "text": texts}), path)
    documents, report = read(path, max_chars=200)
    assert report.cut_documents == 2 and all(len(d.text) <= 200 for d in documents)
    for i, text in enumerate(texts):
        mine = [d for d in documents if d.doc_id == f"r{i}" or d.doc_id.startswith(f"r{i}#")]
        assert "".join(d.text for d in mine) == text
        if len(text) > 200:
            assert [d.doc_id for d in mine] == [f"r{i}#{k}" for k in range(len(mine))]


def test_a_text_of_a_few_megabytes_on_one_line_is_cut_at_the_default_bound(tmp_path):
    words = random.Random(5).choices(["gate ", "Engram ", "n-gram ", "漢字 ", "😀 "], k=600_000)
    text = "".join(words)  # about 3.5 million characters, no newline
    path = tmp_path / "big.txt"
    path.write_text(text)
    documents, report = read(path)
    assert len(documents) >= 3 and all(len(d.text) <= MAX_DOCUMENT_CHARS for d in documents)
    assert "".join(d.text for d in documents) == text and report.cut_documents == 1


def test_a_scan_over_a_long_text_commits_piece_by_piece_and_a_killed_one_resumes(model, tmp_path):
    text = generated_text(random.Random(11), "ascii words", 1500)
    path = tmp_path / "long.txt"
    path.write_text(text)
    pieces = [d.doc_id for d in iter_documents(path, max_chars=120)]
    assert len(pieces) >= 12
    options = ProbeOptions(shard_tokens=1, batch_size=1, categorize=False)

    def killed_after(n):
        for i, document in enumerate(iter_documents(path, max_chars=120)):
            if i == n:
                raise KeyboardInterrupt  # what Ctrl-C or a kill does to the reader mid-text
            yield document

    with pytest.raises(KeyboardInterrupt):
        probe_corpus(model, killed_after(4), tmp_path / "run", IDENTITY, options, show_progress=False)
    with connect(tmp_path / "run") as con:
        kept = [r[0] for r in con.sql("SELECT doc_id FROM documents").fetchall()]
    assert 3 <= len(kept) <= 4 and sorted(kept) == sorted(pieces[: len(kept)]), "the pieces read before the kill are kept"
    probe_corpus(model, iter_documents(path, max_chars=120), tmp_path / "run", IDENTITY, options, show_progress=False)
    with connect(tmp_path / "run") as con:
        rows = con.sql("SELECT doc_id, text FROM documents").fetchall()
    assert sorted(r[0] for r in rows) == sorted(pieces)
    assert "".join(t for _, t in sorted(rows, key=lambda r: int(r[0].rsplit("#", 1)[1]))) == text
