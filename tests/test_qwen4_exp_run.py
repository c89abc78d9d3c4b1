"""`engram-probe` end to end on a bridged transformers checkpoint (a tiny random Qwen4-Exp built
with transformers' classes, as tests/test_qwen4_exp_bridge.py builds it): `run` (log-probs,
resume after --limit), `top`, `show`, `categorize`, the browser, `gates`, and `lens`, `ablate`
and `similarity`; and the three pieces that make a bridged model probe as ours do: the
checkpoint's fingerprint, what a document starts with (no BOS for Qwen), and the final step
(`final_normalized` + `unembed`) the log-prob recorder and the lens read."""

import json
import shutil
import sys
from pathlib import Path
from urllib.parse import parse_qsl

import numpy as np
import pyarrow as pa
import pytest
import torch
import torch.nn.functional as F

pytest.importorskip("transformers")

from adversarial.test_runs import assert_every_document_once, invoke, run_args  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from test_app import BROWSER, PAGES  # noqa: E402
from test_qwen4_exp_bridge import build_causal_lm, save  # noqa: E402
from tokenizers import Tokenizer, processors  # noqa: E402

from engram_model import load_model, save_model  # noqa: E402
from engram_model.bridges.qwen4_exp import shift_within_segments  # noqa: E402
from engram_model.checkpoint import DATA_DIR  # noqa: E402
from engram_model.corpus import Document  # noqa: E402
from probe.batching import DocumentChunker, document_prefix, read_chunks  # noqa: E402
from probe.runs.ngrams import suffix_ngram_columns, token_texts  # noqa: E402
from probe.runs.queries import ngram_occurrences  # noqa: E402
from probe.runs.recorder import GateRecorder, RecordOptions  # noqa: E402
from probe.runs.scan import SAMPLE_BYTES, fingerprint_model, fingerprint_transformers_checkpoint  # noqa: E402
from probe.runs.store import connect  # noqa: E402

CHUNK = 16  # --max-tokens: the long documents are cut, their n-grams continuing across the cut
# Qwen's special tokens in place of ours: like Qwen's tokenizer, it has no BOS
QWEN_SPECIALS = {"<|bos|>": "<|im_start|>", "<|eos|>": "<|endoftext|>", "<|pad|>": "<|im_end|>"}
TEXTS = [
    "Alexander the Great was born in Pella, the capital of Macedon.",
    "Permission is hereby granted, free of charge, to any person obtaining a copy.",
    "def main():\n    return parse_args(sys.argv[1:])\n",
    "By the way, the Milky Way is a barred spiral galaxy. The Princess of Wales is a title.",
]
N_DOCS = 7


def qwen_like_tokenizer(path: Path) -> Path:
    """The bundled tokenizer (the tiny models' 8192 ids) with Qwen's special tokens renamed in."""
    data = json.loads((DATA_DIR / "tokenizer.json").read_text())
    for token in data["added_tokens"]:
        token["content"] = QWEN_SPECIALS.get(token["content"], token["content"])
    vocab = data["model"]["vocab"]
    for ours, qwen in QWEN_SPECIALS.items():
        vocab[qwen] = vocab.pop(ours)
    path.write_text(json.dumps(data))
    return path


@pytest.fixture(scope="module")
def qwen_dir(tmp_path_factory) -> Path:
    directory = save(build_causal_lm(), tmp_path_factory.mktemp("qwen_run") / "ckpt", tokenizer=False)
    qwen_like_tokenizer(directory / "tokenizer.json")
    return directory


@pytest.fixture(scope="module")
def bridged(qwen_dir):
    return load_model(qwen_dir)


@pytest.fixture(scope="module")
def corpus(qwen_dir) -> Path:
    path = qwen_dir.parent / "corpus.jsonl"
    with open(path, "w") as f:
        for i in range(N_DOCS):
            f.write(json.dumps({"id": f"d{i}", "text": TEXTS[i % 4] * (1 + i % 3)}) + "\n")
    return path


@pytest.fixture(scope="module")
def run(qwen_dir, corpus):
    """`engram-probe run` stopped by --limit 2, then run again without it: (run dir, both outputs)."""
    out = qwen_dir.parent / "run"
    options = ("--max-tokens", CHUNK, "--batch-size", 2, "--shard-tokens", 40, "--record-rows")
    limited = invoke(*run_args(qwen_dir, corpus, out, *options, "--limit", 2))
    resumed = invoke(*run_args(qwen_dir, corpus, out, *options))
    return out, limited, resumed


@pytest.fixture(scope="module")
def categorized(run):
    run_dir = run[0]
    return invoke("categorize", run_dir, "--n-boot", 50, "--top-fraction", 0.1)


@pytest.fixture(scope="module")
def analysed(run, qwen_dir, corpus):
    """similarity, lens and ablate on the bridged checkpoint, written where the browser looks."""
    out = run[0] / "analysis"
    common = ["--corpus", corpus, "--tokens", 300, "--out", out]
    results = {
        "similarity": invoke("similarity", "--a", qwen_dir, "--b", qwen_dir, "--positions", "all", "--minibatch", 64, *common),
        "lens": invoke("lens", qwen_dir, *common),
        "ablate": invoke("ablate", qwen_dir, *common),
    }
    return out, results


def documents_of(run_dir: Path) -> dict[str, tuple[str, list[int]]]:
    """{doc_id: (text, its recorded token ids in order)}."""
    with connect(run_dir) as con:
        texts = dict(con.sql("SELECT doc_id, text FROM documents").fetchall())
        ids = con.sql("SELECT doc_id, list(token_id ORDER BY position) FROM gates WHERE layer = 0 GROUP BY doc_id").fetchall()
    return {doc_id: (texts[doc_id], list(tokens)) for doc_id, tokens in ids}


def recorded(run_dir: Path, doc_id: str, layer: int) -> tuple[np.ndarray, np.ndarray]:
    """A document's recorded gates `[T, M]` and next-token log-probs `[T]` at one layer."""
    with connect(run_dir) as con:
        rows = con.sql(
            f"SELECT gates, next_logprob FROM gates WHERE doc_id = '{doc_id}' AND layer = {layer} ORDER BY position"
        ).fetchall()
    return np.array([r[0] for r in rows]), np.array([np.nan if r[1] is None else r[1] for r in rows])


# --- run ---------------------------------------------------------------------------------


def test_run_completes_with_log_probs_and_a_limited_run_resumes_every_document_once(run, qwen_dir):
    run_dir, (code, output), (code_resumed, resumed) = run
    assert code == 0, output
    assert "stopped by --limit 2 before the end of the corpus" in output
    assert code_resumed == 0, resumed
    assert f"{N_DOCS} documents ({N_DOCS - 2} new, 2 already done)" in resumed
    report = json.loads((run_dir / "report.json").read_text())
    assert report["complete"] and report["documents_total"] == N_DOCS
    assert_every_document_once(run_dir, N_DOCS)  # each (doc, layer, position) once, both PLE layers
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["model_hash"] == fingerprint_transformers_checkpoint(qwen_dir)
    assert manifest["config"]["architecture"] == "qwen4_exp" and manifest["options"]["record"]["logprob"]
    with connect(run_dir) as con:
        assert con.sql("SELECT count(*) FROM gates WHERE next_logprob IS NOT NULL").fetchall()[0][0] > 0


def test_documents_start_without_a_bos_as_qwen_reads_text(run, bridged):
    for doc_id, (text, ids) in documents_of(run[0]).items():
        assert ids == bridged.tokenizer.encode(text, add_special_tokens=False).ids, doc_id


def test_recorded_gates_and_log_probs_equal_the_bridged_models_own(run, bridged):
    """Chunk by chunk as the scan cut them (n-grams continuing from the chunk before): the
    recorded gates are `run_with_cache`'s, the log-probs log_softmax of the model's own logits;
    NaN exactly where the next token lies in the next chunk or past the document."""
    run_dir = run[0]
    names = [f"blocks.{layer}.engram.hook_gate" for layer in bridged.cfg.engram.layers]
    chunked = 0
    for doc_id, (_, ids) in documents_of(run_dir).items():
        expected_gates = {layer: [] for layer in bridged.cfg.engram.layers}
        expected_logprob = []
        for start in range(0, len(ids), CHUNK):
            chunk = torch.tensor([ids[start : start + CHUNK]])
            rows = bridged.engram_rows(chunk, history=[ids[max(0, start - 2) : start]])
            with torch.no_grad():
                logits, cache = bridged.run_with_cache(chunk, rows=rows, names_filter=names)
            for layer in expected_gates:
                expected_gates[layer].append(cache[f"blocks.{layer}.engram.hook_gate"][0].numpy())
            logprob = F.log_softmax(logits[0].float(), -1)[:-1].gather(-1, chunk[0, 1:, None])[:, 0]
            expected_logprob.append(np.append(logprob.numpy(), np.nan))  # the chunk's last token: its next is not in it
            chunked += start > 0
        for layer, gates in expected_gates.items():
            gates_recorded, logprob_recorded = recorded(run_dir, doc_id, layer)
            np.testing.assert_allclose(gates_recorded, np.concatenate(gates), atol=1e-5, err_msg=doc_id)
            np.testing.assert_allclose(logprob_recorded, np.concatenate(expected_logprob), atol=1e-4, err_msg=doc_id)
    assert chunked > 0  # some documents were cut, and their later chunks checked


@pytest.mark.parametrize("kind", ["ours", "bridged"])
def test_log_probs_are_log_softmax_of_the_models_own_logits(kind, model, bridged):
    """`next_token_logprob` reads the model's own final step (`final_normalized`, `unembed`):
    equal to log_softmax of the model's forward, for our EngramLM and a bridged model, padding
    included (NaN where the next token is padding or past the batch)."""
    lm = model if kind == "ours" else bridged
    tokens, mask = lm.to_tokens(["The Milky Way is a barred spiral galaxy.", "By the way"], return_mask=True)
    recorder = GateRecorder(lm, RecordOptions(logprob=True))
    got = recorder.record(lm, tokens, mask)["logprob"]
    with torch.no_grad():
        logits = lm(tokens, attention_mask=mask)
    expected = F.log_softmax(logits.float(), -1)[:, :-1].gather(-1, tokens[:, 1:, None])[..., 0].numpy()
    has_next = (mask[:, 1:] & mask[:, :-1]).numpy()
    assert np.isnan(got[:, -1]).all() and np.array_equal(np.isnan(got[:, :-1]), ~has_next)
    np.testing.assert_allclose(got[:, :-1][has_next], expected[has_next], atol=1e-5)


def test_the_final_step_is_the_models_forward(model, bridged):
    """`unembed(final_normalized(streams after the last layer))` is the forward's logits."""
    for lm in (model, bridged):
        tokens = lm.to_tokens("Alexander the Great was born in Pella.")
        with torch.no_grad():
            streams = lm(tokens, stop_at_layer=lm.cfg.n_layers)
            torch.testing.assert_close(lm.unembed(lm.final_normalized(streams)), lm(tokens), rtol=0, atol=1e-5)


# --- the commands that read the run ------------------------------------------------------


def test_top_show_and_categorize_read_the_run(run, categorized):
    run_dir = run[0]
    code, output = invoke("top", run_dir, "--min-count", 2)
    assert code == 0 and "top-gated n-grams" in output, output
    code, output = invoke("show", run_dir, "d1", "--layer", 2)
    assert code == 0 and "d1 · layer 2" in output and "Permission" in output, output
    code, output = categorized
    assert code == 0 and "P(label | top" in output, output
    assert (run_dir / "categories" / "enrichment.parquet").is_file()


def test_the_browser_opens_every_page_of_the_run(run, categorized, analysed, monkeypatch):
    for name, (code, output) in analysed[1].items():
        assert code == 0, (name, output)
    for page, title in PAGES.items():
        monkeypatch.setattr(sys, "argv", [str(BROWSER), str(run[0])])
        app = AppTest.from_file(str(BROWSER), default_timeout=60).run()
        app.switch_page(page)
        app.run()
        assert not app.exception, (page, [e.message for e in app.exception])
        assert app.title[0].value == title
        if page in ("views/overview.py", "views/categories.py", "views/similarity.py", "views/ablations.py"):
            assert app.get("plotly_chart"), f"{page} shows no figure"


def test_gates_command_on_a_bridged_checkpoint(qwen_dir):
    code, output = invoke("gates", "--model", qwen_dir, "Alexander the Great was born in Pella.", "--top", 3)
    assert code == 0, output
    assert "Engram layers [0, 2]" in output and "layer 0: gate per branch" in output and "layer 2: gate per branch" in output


def test_lens_ablate_and_similarity_on_a_bridged_checkpoint(analysed):
    out, results = analysed
    for name, (code, output) in results.items():
        assert code == 0, (name, output)
    lens = json.loads((out / "lens.json").read_text())["models"][0]
    assert lens["layers"] == [-1, 0, 1, 2, 3] and abs(lens["kl"][-1]) < 1e-5  # the last layer is the model's output
    ablation = json.loads((out / "ablation.json").read_text())
    # a bridged model's MoE routing is transformers' own, not hooked: nothing to pin
    assert set(ablation["conditions"]) == {"on", "off", "off_prefill", "off_decode"}
    similarity = json.loads((out / "similarity.json").read_text())
    assert np.allclose(np.diag(np.array(similarity["cka"])), 1, atol=1e-4)  # a model against itself


# --- the pieces --------------------------------------------------------------------------


def test_fingerprint_of_a_transformers_checkpoint(qwen_dir, tmp_path, model):
    """Stable; another config or other weights change it (a byte at the start of a shard's data,
    which is sampled); the tokenizer does not (it is the run's tokenizer_hash). Our checkpoints
    keep their manifest's hash."""
    copy = Path(shutil.copytree(qwen_dir, tmp_path / "copy"))
    first = fingerprint_transformers_checkpoint(copy)
    assert first == fingerprint_model(None, copy) == fingerprint_transformers_checkpoint(qwen_dir)
    (copy / "tokenizer.json").write_text((DATA_DIR / "tokenizer.json").read_text())
    assert fingerprint_transformers_checkpoint(copy) == first
    shard = copy / json.loads((copy / "model.safetensors.index.json").read_text())["weight_map"]["lm_head.weight"]
    data = bytearray(shard.read_bytes())
    data_start = 8 + int.from_bytes(data[:8], "little")
    assert len(data) - data_start > SAMPLE_BYTES  # the flipped byte is sampled, not the whole file read
    data[data_start] ^= 0xFF
    shard.write_bytes(bytes(data))
    changed = fingerprint_transformers_checkpoint(copy)
    assert changed != first
    config = json.loads((copy / "config.json").read_text())
    (copy / "config.json").write_text(json.dumps(dict(config, rms_norm_eps=1e-5)))
    assert fingerprint_transformers_checkpoint(copy) not in (first, changed)
    single = tmp_path / "single"  # one model.safetensors, no index
    build_causal_lm(seed=1).save_pretrained(single)
    assert (single / "model.safetensors").is_file() and not (single / "model.safetensors.index.json").exists()
    assert fingerprint_transformers_checkpoint(single) == fingerprint_transformers_checkpoint(single) != first
    ours = save_model(model, tmp_path / "ours")
    assert fingerprint_model(model, ours) != fingerprint_transformers_checkpoint(copy)
    assert len(fingerprint_model(model, ours)) == 64


def with_template_bos(tokenizer: Tokenizer) -> Tokenizer:
    """A tokenizer whose post-processor puts its BOS before a text itself (a Llama-style template)."""
    tokenizer = Tokenizer.from_str(tokenizer.to_str())
    bos = tokenizer.token_to_id("<|bos|>")
    tokenizer.post_processor = processors.TemplateProcessing(single="<|bos|> $A", special_tokens=[("<|bos|>", bos)])
    return tokenizer


def test_a_document_starts_with_the_tokenizers_own_bos_or_none(qwen_dir):
    ours = Tokenizer.from_file(str(DATA_DIR / "tokenizer.json"))
    qwen = Tokenizer.from_file(str(qwen_dir / "tokenizer.json"))
    template = with_template_bos(ours)
    assert document_prefix(ours) == [ours.token_to_id("<|bos|>")] == [0]  # our models: unchanged
    assert document_prefix(qwen) == []  # Qwen's tokenizer has no BOS
    assert document_prefix(template) == [0]  # put there by its own post-processor
    text = "The Milky Way is a barred spiral galaxy. " * 6
    plain = ours.encode(text, add_special_tokens=False).ids
    for tokenizer, prefix in ((ours, [0]), (qwen, []), (template, [0])):
        # pieces of 50 characters and chunks of 8: the BOS once, at the start, never per piece or chunk
        chunks = list(DocumentChunker(tokenizer, 8, history=2, piece_chars=50).stream([Document("d", text)]))
        assert sum((c.ids for c in chunks), []) == prefix + plain
        assert chunks[0].offsets[: len(prefix)].tolist() == [[0, 0]] * len(prefix)
        read = read_chunks([Document("d", text)], [tokenizer], max_tokens=8, tokens=1000, history=2)
        assert sum((c.ids for c in read), []) == prefix + plain
    with pytest.raises(ValueError, match="start a document with different ids"):
        read_chunks([Document("d", text)], [ours, qwen], max_tokens=8, tokens=100, history=2)


def test_ngram_texts_are_what_the_hash_reads(bridged):
    """A run's n-gram columns show what Qwen's PLE hashes: end-of-text before a document and in
    place of everything before an end-of-text inside one, checked against the bridge's own shift
    (`shift_within_segments`, the one the addresser hashes with)."""
    eos = bridged.ngram_segment_end
    ids = bridged.tokenizer.encode("Alexander the Great<|endoftext|>Pella, the capital of Macedon", add_special_tokens=False).ids
    assert eos in ids[2:-2]
    texts = token_texts(bridged.tokenizer).to_pylist()
    n_max = bridged.cfg.engram.max_ngram
    back = [shift_within_segments(np.array([ids]), k, eos)[0] for k in range(n_max)]  # the id k back, as hashed
    columns = suffix_ngram_columns(bridged.tokenizer, [ids], n_max, texts[eos], eos)
    for n in range(2, n_max + 1):
        assert columns[n].to_pylist() == ["".join(texts[back[k][t]] for k in reversed(range(n))) for t in range(len(ids))]
    ours = suffix_ngram_columns(bridged.tokenizer, [ids], n_max)  # our models' default: pad before, no cut
    assert ours[2].to_pylist()[ids.index(eos) + 1] == texts[eos] + texts[ids[ids.index(eos) + 1]]


# --- the browser's model-backed pages on the bridged run ---------------------------------

PLE_LAYER, ORDER = 2, 2  # the second PLE layer (decoder layer 2, after two decoder layers), bigrams


@pytest.fixture(scope="module")
def plain_run(qwen_dir, corpus) -> Path:
    """The corpus probed again without --record-rows: its n-gram page addresses rows with the model."""
    out = qwen_dir.parent / "plain_run"
    code, output = invoke(*run_args(qwen_dir, corpus, out, "--max-tokens", CHUNK, "--batch-size", 2))
    assert code == 0, output
    return out


def open_page(monkeypatch, run_dir: Path, page: str, **params: str) -> AppTest:
    monkeypatch.setattr(sys, "argv", [str(BROWSER), str(run_dir)])
    app = AppTest.from_file(str(BROWSER), default_timeout=120).run()
    app.switch_page(page)
    app.query_params.update(params)
    app.run()
    assert not app.exception, (page, [e.message for e in app.exception])
    return app


def commonest_ngram(run_dir: Path, layer: int, order: int) -> str:
    with connect(run_dir) as con:
        [(ngram,)] = con.sql(
            f"SELECT ngram_{order} FROM gates WHERE layer = {layer} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1"
        ).fetchall()
    return ngram


def transformers_rows(bridged, ids: list[int], layer: int) -> np.ndarray:
    """A whole document's per-head row ids `[T, H]` as transformers' own n-gram embedding
    computes them (its flat ids, read at the lookup, less each head's offset)."""
    embedding = bridged.hf.model.layers[layer].ple.ple_embedding
    seen = {}
    handle = embedding.ngram_embedding.register_forward_pre_hook(lambda module, args: seen.update(flat=args[0]))
    try:
        with torch.no_grad():
            bridged(torch.tensor([ids]))
    finally:
        handle.remove()
    return (seen["flat"][0] - embedding.ngram_heads_offsets).numpy()


def test_the_ngram_page_addresses_hash_neighbours_with_the_bridged_models_own_rows(monkeypatch, run, plain_run, bridged):
    """The button "address the run's n-grams" on a run without row ids: the neighbours are those of the rows
    transformers' own n-gram embedding computes for each document, which the recorded run holds too."""
    from probe.runs.ngram_feature import hash_neighbours, layer_position_rows, order_heads

    heads = order_heads(ORDER, bridged.cfg.engram.heads_per_order)
    with connect(plain_run) as con:
        table = con.sql(
            f"SELECT ngram_{ORDER} AS ngram, gate_mean AS gate FROM gates WHERE layer = {PLE_LAYER} ORDER BY doc_id, position"
        ).to_arrow_table()
    documents = documents_of(plain_run)
    rows = np.concatenate([transformers_rows(bridged, documents[d][1], PLE_LAYER)[:, heads] for d in sorted(documents)])
    expected_positions = table.append_column("rows", pa.FixedSizeListArray.from_arrays(pa.array(rows.reshape(-1)), rows.shape[1]))
    addressed = layer_position_rows(plain_run, PLE_LAYER, ORDER)
    assert addressed.equals(expected_positions)
    assert layer_position_rows(run[0], PLE_LAYER, ORDER).column("rows").equals(addressed.column("rows"))  # as recorded

    # the commonest n-gram that shares a row with another, so that the table compared has neighbours in it
    by_count = pa.TableGroupBy(expected_positions, "ngram").aggregate([("gate", "count")]).sort_by([("gate_count", "descending")])
    ngrams = by_count.column("ngram").to_pylist()
    ngram = next((n for n in ngrams if not all(hash_neighbours(expected_positions, n)["is_target"].to_pylist())), None)
    assert ngram is not None, "no two n-grams of the run share a row: the corpus is too small to test neighbours"
    app = open_page(monkeypatch, plain_run, "views/ngrams.py", pick=f"{PLE_LAYER}/{ORDER}/{ngram}")
    assert "did not record its row ids" in "\n".join(i.value for i in app.info)
    [address] = [b for b in app.button if b.label == "address the run's n-grams"]
    address.click().run()
    assert not app.exception, [e.message for e in app.exception]
    app.number_input(key="ng_neighbour_min").set_value(1).run()
    expected = hash_neighbours(expected_positions, ngram, min_count=1).to_pandas()
    [shown] = [frame.value for frame in app.dataframe if "share_of_row" in frame.value.columns]
    assert shown[["head", "row", "count"]].values.tolist() == expected[["head", "row", "count"]].values.tolist()
    assert shown["ngram"].tolist() == [repr(n) for n in expected["ngram"]] and not shown["is_target"].all()


def direct_path_logits(bridged, layer: int, ngram_ids: list[int]) -> torch.Tensor:
    """The n-gram's direct-path logits `[vocab]` from the bridged model's weights: the rows of
    its order's heads (looked up in transformers' table at the ids transformers hashes), the PLE
    value projection with the bias every n-gram shares taken off, the same value in every stream
    (gate 1), carried unchanged to the end (Qwen4-Exp's gated residual adds each sublayer's output
    to the streams it was given: a zero output leaves them as they are), then the final mixer
    and lm_head; centred on the vocabulary's mean."""
    ple = bridged.hf.model.layers[layer].ple
    embedding, config = ple.ple_embedding, bridged.cfg.engram
    flat = transformers_rows(bridged, ngram_ids, layer)[-1] + embedding.ngram_heads_offsets.numpy()  # [H]
    table = embedding.ngram_embedding.weight.detach()
    with torch.no_grad():
        memory = embedding(torch.tensor([ngram_ids]), None)[0, -1]  # transformers' own [d_mem]
        # every head's row, head after head, orders in turn: each order is one block of d_mem/(N-1) columns
        torch.testing.assert_close(memory, table[flat].flatten(), rtol=0, atol=0)
        order = len(ngram_ids)
        own = torch.zeros_like(memory)
        for head in range((order - 2) * config.heads_per_order, (order - 1) * config.heads_per_order):
            own[head * config.head_dim : (head + 1) * config.head_dim] = table[flat[head]]
        value = ple.value_proj(own) - ple.value_proj(torch.zeros_like(own))  # [d]
        streams = value.repeat(bridged.cfg.hc_streams)[None, None]  # [1, 1, M*d], transformers' layout
        logits = bridged.hf.lm_head(bridged.hf.model.hyper_connection_mixer(streams))[0, 0].float()
    return logits - logits.mean()


def gate_zero_deltas(bridged, run_dir: Path, layer: int, occurrences: pa.Table) -> list[float]:
    """Per occurrence that has a next token in its scan chunk: the loss of predicting that token
    with `layer`'s gate zeroed at the chunk's occurrences, minus the loss as it is; chunk by chunk
    as the scan cut them, each forward here with the bridged model and a hook of its own."""
    documents = documents_of(run_dir)
    wanted: dict[str, set[int]] = {}
    for row in occurrences.to_pylist():
        wanted.setdefault(row["doc_id"], set()).add(row["position"])
    deltas = []
    for doc_id, positions in sorted(wanted.items()):
        ids = documents[doc_id][1]
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start : start + CHUNK]
            inside = [p - start for p in sorted(positions) if start <= p < start + len(chunk) - 1]
            if not inside:
                continue
            tokens = torch.tensor([chunk])
            rows = bridged.engram_rows(tokens, history=[ids[max(0, start - 2) : start]])

            def zero_gate(gate, hook):  # [1, T, M]
                gate = gate.clone()
                gate[0, inside] = 0
                return gate

            with torch.no_grad():
                on = F.log_softmax(bridged(tokens, rows=rows)[0].float(), -1)
                off = bridged.run_with_hooks(tokens, rows=rows, fwd_hooks=[(f"blocks.{layer}.engram.hook_gate", zero_gate)])
                off = F.log_softmax(off[0].float(), -1)
            deltas += [float(on[p, chunk[p + 1]] - off[p, chunk[p + 1]]) for p in inside]
    return deltas


def test_the_effects_button_on_a_bridged_run(monkeypatch, plain_run, bridged):
    from probe.analyses.ngram_effects import gate_zero_loss_change, ngram_token_ids

    ngram = commonest_ngram(plain_run, PLE_LAYER, ORDER)
    app = open_page(monkeypatch, plain_run, "views/ngrams.py", pick=f"{PLE_LAYER}/{ORDER}/{ngram}")
    tables = len(app.dataframe)
    [measure] = [b for b in app.button if b.label == "measure its effects"]
    measure.click().run()
    assert not app.exception and not app.error, ([e.message for e in app.exception], [e.value for e in app.error])
    occurrences = ngram_occurrences(plain_run, PLE_LAYER, ORDER, ngram)
    first = occurrences.to_pylist()[0]
    ids = ngram_token_ids(bridged, plain_run, PLE_LAYER, ORDER, first["doc_id"], first["position"])
    texts = token_texts(bridged.tokenizer).to_pylist()
    assert len(ids) == ORDER and "".join(texts[i] for i in ids) == ngram
    logits = direct_path_logits(bridged, PLE_LAYER, ids)
    towards, away = (frame.value for frame in app.dataframe[tables : tables + 2])
    for shown, sign in ((towards, 1.0), (away, -1.0)):
        top = torch.topk(sign * logits, len(shown)).indices.tolist()
        assert shown["token"].tolist() == [repr(texts[i]) for i in top]
        np.testing.assert_allclose(shown["logit"].to_numpy(), logits[top].numpy(), rtol=1e-4, atol=1e-5)
    loss = gate_zero_loss_change(bridged, plain_run, PLE_LAYER, occurrences)
    deltas = gate_zero_deltas(bridged, plain_run, PLE_LAYER, occurrences)
    assert loss["n_occurrences"] == len(deltas) > 1 and not loss["sampled"]
    assert loss["mean"] == pytest.approx(np.mean(deltas), abs=1e-5)
    shown = {m.label: m.value for m in app.metric}["loss without it (nats per next token)"]
    assert shown == f"{loss['mean']:+.3f} [{loss['low']:+.3f}, {loss['high']:+.3f}]"


def test_try_text_gates_a_typed_in_document_as_the_run_recorded_it(monkeypatch, run, bridged):
    """A run document typed in: `text_gates` (what the page runs) gives the recorded gates of every
    layer and branch, at every position the scan's first chunk saw as the page does (a later chunk
    of the scan attends only within itself; the page runs the text whole) and at every position of
    the first PLE layer (its gates see the token alone); the page shows them, and every branch of
    the model's streams is a gate to shade by, here as in the document viewer."""
    from probe.batching import text_gates

    run_dir = run[0]
    documents = documents_of(run_dir)
    doc_id = max(documents, key=lambda d: len(documents[d][1]))  # the longest: several chunks in the run
    text, ids = documents[doc_id]
    assert len(ids) > CHUNK
    with torch.no_grad():
        typed_ids, gates = text_gates(bridged, text)
    assert typed_ids == ids
    first, second = bridged.cfg.engram.layers
    np.testing.assert_allclose(gates[first].numpy(), recorded(run_dir, doc_id, first)[0], atol=1e-5)
    np.testing.assert_allclose(gates[second][:CHUNK].numpy(), recorded(run_dir, doc_id, second)[0][:CHUNK], atol=1e-5)

    streams = bridged.cfg.hc_streams
    assert streams == 4  # the tiny config's hc_count, as the released model's
    branches = [f"gate_b{b}" for b in range(streams)]
    position = CHUNK - 1
    app = open_page(monkeypatch, run_dir, "views/try_text.py", text=text, pos=str(position))
    assert app.selectbox(key="gate").options == ["mean", "max", *(f"branch {b}" for b in range(streams))]
    shown = app.dataframe[-1].value  # the token's gate per layer and branch
    assert list(shown["layer"]) == [first, second]
    for _, row in shown.iterrows():
        expected = recorded(run_dir, doc_id, row["layer"])[0][position]
        np.testing.assert_allclose([row[f"branch {b}"] for b in range(streams)], expected, atol=1e-5)
        assert row["mean"] == pytest.approx(expected.mean(), abs=1e-5) and row["max"] == pytest.approx(expected.max(), abs=1e-5)
    for gate in branches:
        app.selectbox(key="gate").set_value(gate).run()
        assert not app.exception and app.query_params["gate"] == gate, [e.message for e in app.exception]
    viewer = open_page(monkeypatch, run_dir, "views/documents.py", doc=doc_id)
    assert viewer.selectbox(key="gate").options == app.selectbox(key="gate").options
    for gate in branches:
        viewer.selectbox(key="gate").set_value(gate).run()
        assert not viewer.exception and viewer.query_params["gate"] == gate, [e.message for e in viewer.exception]


def test_search_finds_a_document_and_an_ngram_of_the_bridged_run(monkeypatch, run, bridged):
    run_dir = run[0]
    app = open_page(monkeypatch, run_dir, "views/search.py", q="Pella")
    holding = sorted(d for d, (text, _) in documents_of(run_dir).items() if "Pella" in text)
    orders = range(2, bridged.cfg.engram.max_ngram + 1)
    with connect(run_dir) as con:  # every (layer, order, n-gram) holding the query, case aside
        found = con.sql(
            " UNION ".join(f"SELECT layer, {n}, ngram_{n} FROM gates WHERE contains(lower(ngram_{n}), 'pella')" for n in orders)
        ).fetchall()
    assert 0 < len(found) <= 50  # all listed
    assert [s.value for s in app.subheader][0] == f"N-grams: {len(found)}"
    assert holding and [s.value for s in app.subheader][1:] == ["Documents by id: 0", f"Documents by text: {len(holding)}"]
    links = [(link.proto.page, dict(parse_qsl(link.proto.query_string))) for link in app.get("page_link")]
    assert sorted(params["doc"] for page, params in links if page == "documents") == holding
    assert {params["pick"] for page, params in links if page == "ngrams"} == {f"{layer}/{n}/{ngram}" for layer, n, ngram in found}
