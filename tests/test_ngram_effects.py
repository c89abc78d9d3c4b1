"""`probe.analyses.ngram_effects`: an n-gram's logit effects, checked against a second computation
from the weights, and its gate-zero loss change, checked against two forward passes made here."""

import copy
import json

import numpy as np
import pyarrow as pa
import pytest
import torch
import torch.nn.functional as F
from conftest import documents

from probe import ProbeOptions, probe_corpus
from probe.analyses.ngram_effects import (
    gate_zero_loss_change,
    gate_zero_losses,
    logit_effects,
    ngram_token_ids,
    no_interval_reason,
)
from probe.batching import DocumentChunker, document_prefix
from probe.runs.queries import ngram_occurrences
from probe.runs.scan import run_manifest
from probe.runs.store import connect

LAYER, CHUNK = 1, 16


@pytest.fixture(scope="module")
def varied(model):
    """The session's model with everything the direct path reads made non-trivial: a value bias
    (which must not count), a final-norm gain, and hyper-connection remixes that are not identity."""
    varied = copy.deepcopy(model)
    generator = torch.Generator().manual_seed(7)
    with torch.no_grad():
        varied.blocks[LAYER].engram.W_V.bias.normal_(0, 1.0, generator=generator)
        varied.ln_final.weight.uniform_(0.5, 1.5, generator=generator)
        for block in varied.blocks:
            for hc in (block.hc_attn, block.hc_mlp):
                hc.mix.add_(0.3 * torch.randn(hc.mix.shape, generator=generator))
    return varied


def value_from_weights(model, layer, ids):
    """The n-gram's order-head rows, addressed by hand (spec §2), through W_V without its bias."""
    engram, cfg = model.blocks[layer].engram, model.cfg.engram
    order, k = len(ids), cfg.heads_per_order
    compressed = model.compression_lookup[torch.tensor(ids)].numpy().astype(np.int64)
    multipliers = model.addresser.multipliers[layer]
    mix = np.int64(0)
    for back in range(order):  # x_t * m_0 XOR x_{t-1} * m_1 XOR ...
        mix = np.bitwise_xor(mix, compressed[order - 1 - back] * np.int64(multipliers[back]))
    primes = [p for per_order in model.addresser.table_sizes[layer] for p in per_order]
    starts = np.concatenate([[0], np.cumsum(primes)[:-1]])
    heads = range((order - 2) * k, (order - 1) * k)
    rows = torch.cat([engram.table.weight[int(starts[h] + mix % primes[h])] for h in heads])  # [K * head_dim]
    columns = slice((order - 2) * k * cfg.head_dim, (order - 1) * k * cfg.head_dim)
    return engram.W_V.weight[:, columns].float() @ rows.float()


def logits_from_weights(model, layer, ids):
    """v in every stream, the later streams' remix as matrices, the streams summed, RMSNorm, W_U."""
    value = value_from_weights(model, layer, ids)
    streams = value.expand(model.cfg.hc_streams, -1)  # [M, d]
    for block in model.blocks[layer:]:
        for hc in (block.hc_attn, block.hc_mlp):
            streams = hc.mix.detach().t() @ streams
    summed = streams.sum(0)
    normed = summed / torch.sqrt(summed.pow(2).mean() + model.cfg.norm_eps) * model.ln_final.weight.detach()
    logits = model.unembed.weight.detach() @ normed
    return logits - logits.mean()


def test_logit_effects_match_a_computation_from_the_weights(varied, tokenizer):
    ids = tokenizer.encode(" the Great was").ids
    for order in (2, 3):
        ngram = ids[-order:]
        expected = logits_from_weights(varied, LAYER, ngram)
        effects = logit_effects(varied, LAYER, ngram, k=5)
        promoted = [e for e in effects if e["direction"] == "promoted"]
        suppressed = [e for e in effects if e["direction"] == "suppressed"]
        assert [e["token_id"] for e in promoted] == torch.topk(expected, 5).indices.tolist()
        assert [e["token_id"] for e in suppressed] == torch.topk(-expected, 5).indices.tolist()
        assert [e["rank"] for e in promoted] == [1, 2, 3, 4, 5]
        got = torch.tensor([e["logit"] for e in effects])
        want = expected[[e["token_id"] for e in effects]]
        assert torch.allclose(got, want, atol=1e-4), (got, want)
        assert all(e["logit"] > 0 for e in promoted) and all(e["logit"] < 0 for e in suppressed)
        assert [e["token"] for e in promoted] == [tokenizer.decode([e["token_id"]], skip_special_tokens=False) for e in promoted]


def test_negated_rows_swap_promoted_and_suppressed(varied, tokenizer):
    """The value is linear in the n-gram's rows (the shared bias left out), so negating its rows
    turns each promoted token into a suppressed one of the same size; other orders' rows do not count."""
    ngram = tokenizer.encode(" the Great").ids[-2:]
    before = logit_effects(varied, LAYER, ngram, k=4)
    flipped = copy.deepcopy(varied)
    engram = flipped.blocks[LAYER].engram
    rows = flipped.engram_rows(torch.tensor([ngram]))[LAYER][0, -1]  # [H] per-head row ids at the n-gram's end
    k = flipped.cfg.engram.heads_per_order
    with torch.no_grad():
        for head in range(k):  # order 2: heads 0..K-1
            engram.table.weight[engram.offsets[head] + rows[head]] *= -1
        for head in range(k, 2 * k):  # order 3's rows at this position (pad fill + the 2-gram): not the 2-gram's
            engram.table.weight[engram.offsets[head] + rows[head]] += 5.0
    after = logit_effects(flipped, LAYER, ngram, k=4)
    swap = {"promoted": "suppressed", "suppressed": "promoted"}
    assert sorted((swap[e["direction"]], e["rank"], e["token_id"]) for e in before) == sorted(
        (e["direction"], e["rank"], e["token_id"]) for e in after
    )
    by_place = {(e["direction"], e["rank"]): e["logit"] for e in after}
    for e in before:
        assert by_place[(swap[e["direction"]], e["rank"])] == pytest.approx(-e["logit"], abs=1e-5)


def test_logit_effects_refuse_bad_input(model):
    with pytest.raises(ValueError, match="Engram layers are"):
        logit_effects(model, 0, [5, 6])
    with pytest.raises(ValueError, match="2 to 3"):
        logit_effects(model, LAYER, [5, 6, 7, 8])
    with pytest.raises(ValueError, match="at least 1"):
        logit_effects(model, LAYER, [5, 6], k=0)


@pytest.fixture(scope="module")
def run(model, tmp_path_factory):
    """A small run of 4 documents with 16-token chunks, so occurrences fall in several chunks and at chunk ends."""
    from engram_model import save_model

    tmp = tmp_path_factory.mktemp("ngram_effects")
    checkpoint = save_model(model, tmp / "ckpt")
    corpus = tmp / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"text": d.text}) + "\n" for d in documents(4)))
    run = tmp / "run"
    manifest = run_manifest(model, str(checkpoint), checkpoint, corpus, None)
    probe_corpus(model, documents(4), run, manifest, ProbeOptions(max_tokens=CHUNK, categorize=False), show_progress=False)
    return run


def frequent_ngram(run, order=2):
    with connect(run) as con:
        [(ngram,)] = con.sql(
            f"SELECT ngram_{order} FROM gates WHERE layer = ? GROUP BY 1 HAVING count(DISTINCT doc_id) > 1 "
            "ORDER BY count(*) DESC, 1 LIMIT 1",
            params=[LAYER],
        ).fetchall()
    return ngram


def direct_loss_changes(model, tokenizer, texts, occurrences):
    """Per occurrence not at its chunk's end: loss with the gate zeroed at every occurrence of its
    chunk minus the loss as it is, each chunk cut and run here on its own."""
    prefix = document_prefix(tokenizer)
    places = {}
    for doc_id, position in occurrences:
        places.setdefault((doc_id, position // CHUNK), []).append(position % CHUNK)
    changes = []
    for (doc_id, index), local in sorted(places.items()):
        ids = prefix + tokenizer.encode(texts[doc_id], add_special_tokens=False).ids
        start = index * CHUNK
        chunk = ids[start : start + CHUNK]
        tokens = torch.tensor([chunk])
        rows = model.engram_rows(tokens, history=[ids[max(0, start - 2) : start]])
        zero = torch.zeros(1, len(chunk), 1)
        zero[0, local] = 1

        def gate_off(gate, hook):
            return gate * (1 - zero)

        with torch.no_grad():
            on = model(tokens, rows=rows)[0]
            off = model.run_with_hooks(tokens, rows=rows, fwd_hooks=[(f"blocks.{LAYER}.engram.hook_gate", gate_off)])[0]
        for p in sorted(local):
            if p + 1 < len(chunk):
                target = torch.tensor(chunk[p + 1])
                changes.append((F.cross_entropy(off[p].float(), target) - F.cross_entropy(on[p].float(), target)).item())
    return np.array(changes)


def test_loss_change_equals_two_forward_passes_made_by_hand(model, tokenizer, run):
    texts = {d.doc_id: d.text for d in documents(4)}
    lengths = {d: len(document_prefix(tokenizer) + tokenizer.encode(t, add_special_tokens=False).ids) for d, t in texts.items()}
    found = ngram_occurrences(run, LAYER, 2, frequent_ngram(run))
    places = list(zip(found.column("doc_id").to_pylist(), found.column("position").to_pylist()))
    # and positions with no next token in their chunk: a chunk's end, a document's end
    places += [("d1", CHUNK - 1), ("d3", 2 * CHUNK - 1), ("d0", lengths["d0"] - 1)]
    occurrences = pa.table({"doc_id": [d for d, _ in places], "position": [p for _, p in places]})
    expected = direct_loss_changes(model, tokenizer, texts, places)
    result = gate_zero_loss_change(model, run, LAYER, occurrences)
    at_chunk_end = sum(p % CHUNK == CHUNK - 1 or p == lengths[d] - 1 for d, p in places)
    assert at_chunk_end >= 3 and result["skipped"] == at_chunk_end
    assert result["n_occurrences"] == len(expected) == len(places) - at_chunk_end
    assert result["mean"] == pytest.approx(expected.mean(), abs=1e-5)
    assert abs(result["mean"]) > 1e-4  # a change was measured, not a zero that any bug would give
    assert result["n_documents"] == len({d for d, p in places if p % CHUNK != CHUNK - 1 and p != lengths[d] - 1})
    assert result["sampled"] is False and result["total_occurrences"] == len(places)
    assert result["resampled"] == "documents"  # the frequent n-gram occurs several times in a document
    assert result["low"] <= result["mean"] <= result["high"]
    # documents given as such, cut the same way, measure the same
    given = gate_zero_loss_change(model, documents(4), LAYER, occurrences, max_tokens=CHUNK)
    assert given["mean"] == pytest.approx(result["mean"], abs=1e-6)


def test_a_sample_is_capped_seeded_and_said(model, run):
    occurrences = ngram_occurrences(run, LAYER, 2, frequent_ngram(run))
    first = gate_zero_loss_change(model, run, LAYER, occurrences, max_occurrences=3, seed=1)
    again = gate_zero_loss_change(model, run, LAYER, occurrences, max_occurrences=3, seed=1)
    assert first == again
    assert first["sampled"] is True and first["max_occurrences"] == 3 and first["seed"] == 1
    assert first["n_occurrences"] + first["skipped"] == 3
    assert first["total_occurrences"] == occurrences.num_rows > 3


def test_zeroing_no_position_changes_nothing_and_a_position_only_what_follows(model, run, tokenizer):
    chunker = DocumentChunker(tokenizer, CHUNK, history=2)
    chunks = [c for d in documents(2) for c in chunker.stream([d])][:3]
    nothing = [np.zeros(len(c), dtype=bool) for c in chunks]
    on, off = gate_zero_losses(model, chunks, LAYER, nothing)
    assert torch.equal(on.isnan(), off.isnan()) and torch.equal(on.nan_to_num(), off.nan_to_num())
    one = [np.zeros(len(c), dtype=bool) for c in chunks]
    one[0][5] = True
    on, off = gate_zero_losses(model, chunks, LAYER, one)
    assert torch.equal(on[0, :5], off[0, :5])  # causal: nothing before the zeroed position moves
    assert not torch.isclose(on[0, 5], off[0, 5])
    assert torch.equal(on[1:].nan_to_num(), off[1:].nan_to_num())  # other chunks untouched


def test_no_occurrences_measure_nothing(model, run):
    empty = pa.table({"doc_id": pa.array([], pa.string()), "position": pa.array([], pa.int32())})
    result = gate_zero_loss_change(model, run, LAYER, empty)
    assert result["mean"] is None and result["low"] is None and result["n_occurrences"] == 0


def test_loss_change_refuses_bad_input(model, run):
    with pytest.raises(ValueError, match="lacks the columns"):
        gate_zero_loss_change(model, run, LAYER, pa.table({"doc_id": ["d0"]}))
    with pytest.raises(ValueError, match="Engram layers are"):
        gate_zero_loss_change(model, run, 0, pa.table({"doc_id": ["d0"], "position": [3]}))
    with pytest.raises(ValueError, match="tokens with this model's tokenizer"):
        gate_zero_loss_change(model, run, LAYER, pa.table({"doc_id": ["d0"], "position": [10_000]}))


def test_ngram_token_ids_are_the_runs_tokens_with_the_pad_fill(model, tokenizer, run):
    ids = document_prefix(tokenizer) + tokenizer.encode(documents(1)[0].text, add_special_tokens=False).ids
    assert ngram_token_ids(model, run, LAYER, 3, "d0", 5) == ids[3:6]
    assert ngram_token_ids(model, run, LAYER, 3, "d0", 0) == [model.pad_token_id] * 2 + ids[:1]
    with pytest.raises(KeyError, match="no token at position"):
        ngram_token_ids(model, run, LAYER, 2, "d0", 10_000)


def test_occurrences_of_one_document_have_no_interval_and_say_why(model, run):
    ngram = frequent_ngram(run)
    occurrences = ngram_occurrences(run, LAYER, 2, ngram)
    doc_ids = occurrences.column("doc_id").to_pylist()
    most = max(set(doc_ids), key=doc_ids.count)  # the document where it occurs most
    one_document = occurrences.filter(pa.array([doc_id == most for doc_id in doc_ids]))
    assert one_document.num_rows >= 3
    result = gate_zero_loss_change(model, run, LAYER, one_document)
    assert result["mean"] is not None and result["low"] is None and result["n_documents"] == 1
    assert "in one document" in result["no_interval"] and "nothing to resample" in result["no_interval"]
    both = gate_zero_loss_change(model, run, LAYER, occurrences)
    assert both["low"] is not None and both["no_interval"] is None and no_interval_reason(both) is None


def test_one_measured_occurrence_and_none_say_why():
    assert "one occurrence" in no_interval_reason({"low": None, "high": None, "n_occurrences": 1, "n_documents": 1})
    assert "nothing was measured" in no_interval_reason({"low": None, "high": None, "n_occurrences": 0, "n_documents": 0})
