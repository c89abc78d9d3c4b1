"""`EngramLM.forward(stop_at_layer=n)` runs blocks 0..n-1 only, and the gate recorder stops the
forward after the last hook it reads."""

import numpy as np
import pytest
import torch
from conftest import small_config

from engram_model import EngramLM
from probe.runs.recorder import GateRecorder, RecordOptions


@pytest.fixture(scope="module")
def model(tokenizer):
    """Engram at layer 1 of 3: block 2 comes after the last Engram layer."""
    torch.manual_seed(0)
    return EngramLM(small_config(tokenizer, layers=(1,)), tokenizer).eval()


def cached(model, tokens, mask, names):
    """Logits and the named hooks' values; only those hooks are read, so attention and the
    norms take the same kernels as a forward without hooks."""
    with torch.no_grad():
        return model.run_with_cache(tokens, attention_mask=mask, names_filter=lambda name: name in names)


def inputs(model):
    return model.to_tokens(["Alexander the Great was born in Pella.", "The Milky Way"], return_mask=True)


def test_stopping_returns_the_streams_of_that_block_and_runs_nothing_after(model):
    tokens, mask = inputs(model)
    later = []
    with torch.no_grad():
        logits, cache = cached(model, tokens, mask, ["blocks.0.hook_resid_pre", "blocks.1.hook_resid_post"])
        with model.hooks(fwd_hooks=[("blocks.2.hook_resid_pre", lambda t, hook: later.append(hook.name))]):
            streams = model(tokens, attention_mask=mask, stop_at_layer=2)
    assert torch.equal(streams, cache["blocks.1.hook_resid_post"]) and later == []
    with torch.no_grad():
        last = model(tokens, attention_mask=mask, stop_at_layer=model.cfg.n_layers)
        assert torch.equal(model.unembed(model.ln_final(last.sum(1))), logits)
        assert torch.equal(model(tokens, attention_mask=mask, stop_at_layer=0), cache["blocks.0.hook_resid_pre"])  # the embedding


def test_bad_stops_are_refused(model):
    tokens, _ = inputs(model)
    for bad in (-1, model.cfg.n_layers + 1):
        with pytest.raises(ValueError, match=f"stop_at_layer={bad}"):
            model(tokens, stop_at_layer=bad)
    with pytest.raises(ValueError, match="decode state"):
        model(tokens, state=model.new_state(2), stop_at_layer=1)
    with pytest.raises(ValueError, match="logits_to_keep"):
        model(tokens, logits_to_keep=1, stop_at_layer=1)


@pytest.mark.parametrize("logprob", [False, True])
def test_the_recorder_stops_after_what_it_records_and_records_the_same(model, logprob):
    tokens, mask = inputs(model)
    last_engram = max(model.cfg.engram.layers)
    recorder = GateRecorder(model, RecordOptions(logprob=logprob))
    assert recorder.stop_at_layer == (model.cfg.n_layers if logprob else last_engram + 1)
    ran = []
    after = f"blocks.{last_engram + 1}.hook_resid_pre"
    with model.hooks(fwd_hooks=[(after, lambda t, hook: ran.append(hook.name))]):
        recorded = recorder.record(model, tokens, mask)
    assert ran == ([after] if logprob else [])
    logits, cache = cached(model, tokens, mask, [f"blocks.{layer}.engram.hook_gate" for layer in model.cfg.engram.layers])
    for layer in model.cfg.engram.layers:
        assert np.array_equal(recorded[("gate", layer)], cache[f"blocks.{layer}.engram.hook_gate"].numpy())
    if logprob:
        expected = torch.log_softmax(logits.float(), -1)[:, :-1].gather(2, tokens[:, 1:, None])[..., 0]
        has_next = (mask[:, 1:] & mask[:, :-1]).numpy()
        assert np.allclose(recorded["logprob"][:, :-1][has_next], expected.numpy()[has_next], atol=1e-5)
        assert np.isnan(recorded["logprob"][:, -1]).all() and np.isnan(recorded["logprob"][:, :-1][~has_next]).all()
