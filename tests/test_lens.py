import dataclasses

import numpy as np
import pytest
import torch

from engram_model import EngramLM
from engram_model.corpus import Document
from probe.analyses.lens import EMBED, logit_lens
from probe.batching import read_chunks, select_positions


@pytest.fixture
def chunks(tokenizer):
    texts = ["Alexander the Great was born in Pella. " * 3, "Permission is hereby granted, free of charge.", "x = 1\n" * 9]
    return read_chunks([Document(f"d{i}", t) for i, t in enumerate(texts)], [tokenizer], max_tokens=128, tokens=200, history=2)


def lens_by_hand(model, chunks, masks, layer):
    """KL(final || layer) in float64 from run_with_cache, one whole document at a time, no padding."""
    kls = []
    for chunk, mask in zip(chunks, masks):
        logits, cache = model.run_with_cache(torch.tensor([chunk.ids]))
        resid = cache["blocks.0.hook_resid_pre" if layer == EMBED else f"blocks.{layer}.hook_resid_post"][0]  # [M, T, d]
        lens = model.unembed(model.ln_final(resid.sum(0))).double().log_softmax(-1)
        final = logits[0].double().log_softmax(-1)
        kls.append((final.exp() * (final - lens)).sum(-1)[torch.from_numpy(mask)])
    return torch.cat(kls).mean().item()


def test_last_layer_reads_what_the_model_outputs(model, chunks):
    masks = select_positions(chunks, "all")
    result = logit_lens(model, chunks, masks, batch_size=4)
    assert result["layers"] == [EMBED, 0, 1, 2]
    assert result["kl"][-1] == pytest.approx(0, abs=1e-6)  # streams summed exactly as before ln_final
    assert result["top1"][-1] == 1.0
    assert result["positions"] == sum(m.sum() for m in masks)
    assert all(k > 1e-4 for k in result["kl"][:-1])


def test_matches_an_independent_computation_with_padding_in_the_batch(model, chunks):
    masks = select_positions(chunks, "all")
    assert len({len(c) for c in chunks}) > 1  # padded batches
    result = logit_lens(model, chunks, masks, batch_size=len(chunks))
    for i, layer in enumerate(result["layers"]):
        assert result["kl"][i] == pytest.approx(lens_by_hand(model, chunks, masks, layer), rel=1e-4, abs=1e-6)
    one_by_one = logit_lens(model, chunks, masks, batch_size=1)
    assert np.allclose(result["kl"], one_by_one["kl"], rtol=1e-4)


def test_model_without_engram_and_one_stream(model, tokenizer, chunks):
    torch.manual_seed(2)
    plain = EngramLM(dataclasses.replace(model.cfg, engram=None, hc_streams=1, moe=None), tokenizer).eval()
    result = logit_lens(plain, chunks, select_positions(chunks, "sample", sample=20))
    assert result["positions"] == 20 and result["kl"][-1] == pytest.approx(0, abs=1e-6)
    assert all(s >= 0 for s in result["kl_sem"])


def test_no_positions_is_an_error(model, chunks):
    with pytest.raises(ValueError, match="only 0 positions"):
        logit_lens(model, chunks, [np.zeros(len(c), dtype=bool) for c in chunks])
