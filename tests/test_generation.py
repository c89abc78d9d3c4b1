"""Decoding in named steps: prefill, decode_one_token, sample_next_token; generate on them."""

import pytest
import torch

from engram_model.generation import decode_one_token, prefill, sample_next_token


def test_generate_is_prefill_then_one_token_at_a_time(model, text):
    prompt = model.to_tokens([text, text[::-1]])[:, :9]
    generated = model.generate(prompt, max_new_tokens=5, stop_at_eos=False)
    state = model.new_state(batch=2, max_len=14)
    with torch.no_grad():
        logits = prefill(model, prompt, state)
        steps = []
        for _ in range(5):
            token = logits.argmax(-1)
            steps.append(token)
            logits = decode_one_token(model, token, state)
    assert generated[:, 9:].tolist() == torch.stack(steps, dim=1).tolist()
    assert state.length == 9 + 5  # the last sampled token was fed too: the cache is full


def test_sample_next_token():
    logits = torch.tensor([[0.0, 3.0, 1.0, 2.0]])
    assert sample_next_token(logits, 0.0, None, None).tolist() == [1]
    generator = torch.Generator().manual_seed(0)
    picks = {int(sample_next_token(logits, 1.0, 2, generator)) for _ in range(200)}
    assert picks == {1, 3}  # top_k=2 keeps exactly the two likeliest ids


def test_generate_refuses_an_empty_prompt_and_too_long_a_run(model):
    with pytest.raises(ValueError, match="at least one position"):
        model.generate(torch.zeros(1, 0, dtype=torch.long))
    with pytest.raises(ValueError, match="exceed max_seq_len"):
        model.generate(torch.ones(1, 4, dtype=torch.long), max_new_tokens=model.cfg.max_seq_len)
