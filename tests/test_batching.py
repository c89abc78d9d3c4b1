"""probe.batching: documents to chunks to model inputs, for the scan and every analysis."""

import numpy as np
import pytest
import torch
from conftest import documents

from probe.batching import (
    DocumentChunker,
    batched,
    entity_ends,
    history_length,
    model_inputs,
    read_chunks,
    select_positions,
)
from probe.categorize import label_token


def test_entity_ends():
    labels = ["other", "names", "names", "relational", "names"]
    assert entity_ends(labels).tolist() == [False, False, True, False, True]
    labels = ["names", "other", "names", "other", "names", "other"]
    blank = [False, True, False, False, False, True]  # "Alexander", " ", "Great", " was", "Pella", "\n"
    assert entity_ends(labels, blank).tolist() == [False, False, True, False, True, False]


def test_chunks_and_positions(tokenizer):
    chunks = read_chunks(documents(), [tokenizer], max_tokens=32, tokens=400, history=2, labeller=label_token)
    assert sum(len(c) for c in chunks) == 400 and max(len(c) for c in chunks) == 32
    last = chunks[-1]
    assert last.stop < len(last.doc.ids) and len(last.doc.labels) == last.stop + 8  # labels only what is read
    assert all(c.doc.ids[0] == tokenizer.token_to_id("<|bos|>") for c in chunks if c.start == 0)
    capped = read_chunks(documents(), [tokenizer], max_tokens=16, tokens=400, per_document=20, history=2, labeller=label_token)
    assert [len(c) for c in capped] == [16, 4] * 6  # the first 20 tokens of each of the 6 documents
    every = select_positions(chunks, "all")
    assert all(not m[0] and m[1:].all() for m in every)
    sample = select_positions(chunks, "sample", sample=50, seed=3)
    assert sum(m.sum() for m in sample) == 50
    assert all(not m[0] for m in sample)
    assert all((a == b).all() for a, b in zip(sample, select_positions(chunks, "sample", sample=50, seed=3)))
    entities = select_positions(
        read_chunks(documents(1), [tokenizer], max_tokens=64, tokens=400, history=2, labeller=label_token), "entities"
    )[0]
    ids = chunks[0].doc.ids
    ends = [tokenizer.decode(ids[: i + 1]).split()[-1] for i in np.flatnonzero(entities)]
    assert ends == ["Great", "Pella", "Macedon", "Way"]  # Alexander, at the start of the text, is not read as a name
    with pytest.raises(ValueError, match="--sample 5000"):
        select_positions(chunks, "sample", sample=5000)
    with pytest.raises(ValueError, match="positions='last'"):
        select_positions(chunks, "last")


def test_a_later_chunk_reads_the_ngrams_of_its_document(model, tokenizer):
    chunks = read_chunks(documents(1), [tokenizer], max_tokens=8, tokens=40, history=2, labeller=label_token)
    whole = model.engram_rows(torch.tensor([chunks[0].doc.ids]))
    _, _, rows = model_inputs(model, chunks[1:3])
    for layer, r in rows.items():
        assert torch.equal(r[1], whole[layer][0, chunks[2].start : chunks[2].stop])


def test_different_tokenizers_are_refused(tokenizer):
    from engram_model import train_bpe

    other = train_bpe(["a completely different little corpus of words"] * 50, vocab_size=300)
    with pytest.raises(ValueError, match="different tokens for document 'd0'"):
        read_chunks(documents(), [tokenizer, other], max_tokens=32, tokens=400, history=2, labeller=label_token)


def test_the_stream_and_read_chunks_cut_documents_alike(model, tokenizer):
    docs = documents()
    history = history_length([model])
    streamed = list(DocumentChunker(tokenizer, 16, history=history, piece_chars=50).stream(docs))
    kept = read_chunks(docs, [tokenizer], max_tokens=16, tokens=10**9, history=history)
    kept_cuts = [(c.document.doc_id, c.start, c.ids, c.history, c.last, c.offsets.tolist()) for c in kept]
    # read_chunks leaves out a final chunk of one token, which predicts nothing
    assert kept_cuts == [
        (c.document.doc_id, c.start, c.ids, c.history, c.last, c.offsets.tolist()) for c in streamed if len(c) > 1
    ]
    assert [len(c.history) for c in streamed[:3]] == [0, 2, 2] and streamed[1].history == streamed[0].ids[-2:]
    assert all(c.doc is None for c in streamed) and all(c.doc is not None for c in kept)


def test_a_streamed_chunk_keeps_no_labels(tokenizer):
    chunk = next(DocumentChunker(tokenizer, 16, history=2).stream(documents(1)))
    with pytest.raises(ValueError, match="read_chunks"):
        select_positions([chunk], "entities")


def test_a_chunk_without_the_history_the_model_reads_is_refused(model, tokenizer):
    chunks = read_chunks(documents(1), [tokenizer], max_tokens=8, tokens=40, history=1, labeller=label_token)
    model_inputs(model, chunks[:1])  # a document's first chunk has no history to carry
    with pytest.raises(ValueError, match="history=2"):
        model_inputs(model, chunks[1:2])


def test_engram_rows_with_a_history_continue_the_sequence(model, tokenizer):
    ids = torch.tensor([tokenizer.encode("Alexander the Great was born in Pella, the capital of Macedon.").ids])
    whole = model.engram_rows(ids)
    rows = model.engram_rows(ids[:, 5:], history=[ids[0, :5].tolist()])  # only the last N-1 are read
    assert all(torch.equal(rows[layer], whole[layer][:, 5:]) for layer in whole)
    fresh = model.engram_rows(ids[:, 5:], history=[[]])
    assert all(torch.equal(fresh[layer], model.engram_rows(ids[:, 5:])[layer]) for layer in whole)
    with pytest.raises(ValueError, match="1 rows for a batch of 2"):
        model.engram_rows(ids.repeat(2, 1), history=[[]])
    with pytest.raises(ValueError, match="not both"):
        model.engram_rows(ids, model.new_state(1), history=[[]])
    with pytest.raises(ValueError, match="raw token ids"):
        model.engram_rows(ids, history=[[10**6]])


def test_batched_groups_a_stream_lazily():
    assert [len(b) for b in batched(iter(range(7)), 3)] == [3, 3, 1]
