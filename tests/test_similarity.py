import dataclasses

import numpy as np
import pytest
import torch
from conftest import documents

from engram_model import EngramLM
from probe.analyses.similarity import (
    MinibatchCKA,
    alignment_against_null,
    alignment_index,
    linear_cka,
    model_similarity,
    rbf_cka,
)
from probe.batching import read_chunks, select_positions


@pytest.fixture
def xy():
    np.random.seed(1337)
    x = np.random.randn(100, 10)
    y = np.random.randn(100, 10) + x
    return x, y


def feature_space_cka(x, y):
    """Linear CKA from features (Kornblith et al., eq. 5): a second implementation."""
    x, y = x - x.mean(0), y - y.mean(0)
    return np.linalg.norm(y.T @ x) ** 2 / (np.linalg.norm(x.T @ x) * np.linalg.norm(y.T @ y))


def hsic1(K, L):  # the paper's Gram matrices K and L
    """Nguyen et al. (2021) eq. 3, written out term by term."""
    n = len(K)
    K, L = K * (1 - np.eye(n)), L * (1 - np.eye(n))
    one = np.ones(n)
    return (np.trace(K @ L) + (one @ K @ one) * (one @ L @ one) / ((n - 1) * (n - 2)) - 2 / (n - 2) * one @ K @ L @ one) / (
        n * (n - 3)
    )


def test_known_values(xy):
    x, y = xy
    assert linear_cka(x, y) == pytest.approx(0.55761, abs=5e-6)
    assert rbf_cka(x, y, threshold=0.5) == pytest.approx(0.65483, abs=5e-6)
    assert linear_cka(x, y, debiased=True) == pytest.approx(0.51346, abs=5e-6)
    assert linear_cka(x, y) == pytest.approx(feature_space_cka(x, y), rel=1e-12)


def test_invariant_to_orthogonal_transforms_and_isotropic_scaling(xy):
    x, y = xy
    q, _ = np.linalg.qr(np.random.RandomState(0).randn(10, 10))
    for debiased in (False, True):
        assert linear_cka(x @ q, 3.5 * y, debiased) == pytest.approx(linear_cka(x, y, debiased), rel=1e-10)
        assert rbf_cka(0.2 * x @ q, y, 0.5, debiased) == pytest.approx(rbf_cka(x, y, 0.5, debiased), rel=1e-10)


def test_debiased_cka_of_independent_wide_features_is_near_zero():
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal((64, 4096)), rng.standard_normal((64, 4096))
    assert linear_cka(x, y) > 0.9  # biased: inflated by the dimension
    assert abs(linear_cka(x, y, debiased=True)) < 0.03


def test_one_minibatch_is_debiased_cka(xy):
    x, y = xy
    acc = MinibatchCKA()
    acc.update([x, y, torch.from_numpy(2 * x)])
    s = acc.matrix()
    assert s[0, 1] == pytest.approx(linear_cka(x, y, debiased=True), rel=1e-10)
    assert np.allclose(np.diag(s), 1) and np.allclose(s, s.T)
    assert s[0, 2] == pytest.approx(1)


def test_minibatch_cka_averages_hsic_over_minibatches():
    rng = np.random.default_rng(1)
    layers = [rng.standard_normal((300, 20)) for _ in range(3)]
    layers[1] += layers[0]
    acc = MinibatchCKA()
    batches = [slice(0, 100), slice(100, 250), slice(250, 300)]
    for b in batches:
        acc.update([layer[b] for layer in layers])
    hsic = np.array([[sum(hsic1(a[b] @ a[b].T, c[b] @ c[b].T) for b in batches) for c in layers] for a in layers])
    expected = hsic / np.sqrt(np.outer(np.diag(hsic), np.diag(hsic)))
    assert np.allclose(acc.matrix(), expected, rtol=1e-10)
    assert acc.batches == 3


def test_constant_layer_gives_nan_not_a_crash():
    acc = MinibatchCKA()
    acc.update([np.random.randn(10, 3), np.ones((10, 3))])
    assert np.isnan(acc.matrix()[0, 1]) and np.isnan(acc.matrix()[1, 1])


def test_bad_input_is_named():
    acc = MinibatchCKA()
    with pytest.raises(ValueError, match="at least 4 positions"):
        acc.update([np.random.randn(3, 5)] * 2)
    bad = np.random.randn(10, 5)
    bad[2, 3] = np.nan
    with pytest.raises(ValueError, match=r"features\[1\] holds 1 NaN or inf"):
        acc.update([np.random.randn(10, 5), bad])
    with pytest.raises(ValueError, match="NaN or inf"):
        linear_cka(np.full((10, 2), np.inf), np.ones((10, 2)))
    with pytest.raises(ValueError, match="same positions"):
        linear_cka(np.random.randn(10, 2), np.random.randn(11, 2))
    with pytest.raises(ValueError, match="at least 4 positions"):
        linear_cka(np.random.randn(3, 2), np.random.randn(3, 2), debiased=True)
    with pytest.raises(ValueError, match="call update first"):
        MinibatchCKA().matrix()


def test_alignment_against_a_null_by_hand():
    # b against itself: 1 on the diagonal, 0.5 one layer away, 0 further; a's layer 0 is most like b's layer 1
    self_b = np.array([[1.0, 0.5, 0.0], [0.5, 1.0, 0.5], [0.0, 0.5, 1.0]])
    a_b = np.array([[0.5, 1.0, 0.5], [0.0, 0.5, 1.0], [0.0, 0.5, 1.0]])
    # k = 1: the best layer, less j
    assert np.allclose(alignment_against_null(a_b, self_b, 1), [1, 1, 0])
    # k = 2: a_0 = (1*1 + 0.5*0) / 1.5 (ties keep the lower layer), null_0 = (1*0 + 0.5*1) / 1.5
    null = [0.5 / 1.5, (1 * 1 + 0.5 * 0) / 1.5, (1 * 2 + 0.5 * 1) / 1.5]
    a_j = [1 / 1.5, (1 * 2 + 0.5 * 1) / 1.5, (1 * 2 + 0.5 * 1) / 1.5]
    assert np.allclose(alignment_against_null(a_b, self_b, 2), np.subtract(a_j, null))
    assert np.allclose(alignment_against_null(self_b, self_b, 3), 0)  # a model against itself: no shift at any k
    # a null of another seed: its layer 1 most like b's layer 2, so a's layer 1 (also at 2) is not shifted
    seed_b = np.array([[1.0, 0.5, 0.0], [0.0, 0.5, 1.0], [0.0, 0.5, 1.0]])
    assert np.allclose(alignment_against_null(a_b, seed_b, 1), [1, 0, 0])
    with pytest.raises(ValueError, match="one depth"):
        alignment_against_null(a_b[:2], self_b, 1)


def test_alignment_index_by_hand():
    s = np.array([[0.9, 0.5, 0.1], [0.2, 0.4, 0.8], [-0.1, 0.3, 0.6]])
    assert np.allclose(alignment_index(s, k=2), [(0.9 * 0 + 0.5 * 1) / 1.4, (0.8 * 2 + 0.4 * 1) / 1.2, (0.6 * 2 + 0.3 * 1) / 0.9])
    assert np.allclose(alignment_index(s, k=3)[2], (0.3 * 1 + 0.6 * 2) / 0.9)  # negative CKA weighs 0
    assert np.allclose(alignment_index(np.eye(4) + 0.01, k=1), [0, 1, 2, 3])
    with pytest.raises(ValueError, match="k=4"):
        alignment_index(s, k=4)


def test_model_similarity_against_a_baseline(model, tokenizer):
    torch.manual_seed(1)
    baseline = EngramLM(dataclasses.replace(model.cfg, engram=None, n_layers=4), tokenizer).eval()
    chunks = read_chunks(documents(), [tokenizer, tokenizer], max_tokens=48, tokens=600, history=2)
    masks = select_positions(chunks, "all")
    result = model_similarity(model, baseline, chunks, masks, batch_size=3, minibatch=64, pool=200)
    assert result["cka"].shape == (3, 4) and result["cka_a"].shape == (3, 3) and result["cka_b"].shape == (4, 4)
    assert result["positions"] == sum(m.sum() for m in masks)
    assert np.allclose(np.diag(result["cka_a"]), 1) and np.allclose(np.diag(result["cka_b"]), 1)
    assert np.isfinite(result["cka"]).all()
    itself = model_similarity(model, model, chunks, masks, minibatch=64)
    assert np.allclose(itself["cka"], itself["cka"].T) and np.allclose(np.diag(itself["cka"]), 1)


def test_one_minibatch_of_the_whole_model_matches_debiased_cka_of_its_states(model, tokenizer):
    """All positions in one minibatch: CKA of layer states equals debiased linear CKA of the
    residuals read independently through run_with_cache."""
    chunks = read_chunks(documents(2), [tokenizer], max_tokens=64, tokens=100, history=2)
    masks = select_positions(chunks, "all")
    result = model_similarity(model, model, chunks, masks, minibatch=1000)
    states = []
    for chunk, mask in zip(chunks, masks):
        _, cache = model.run_with_cache(torch.tensor([chunk.ids]))
        states.append(
            [cache[f"blocks.{layer}.hook_resid_post"][0].sum(0)[torch.from_numpy(mask)].double().numpy() for layer in range(3)]
        )
    layers = [np.concatenate(s) for s in zip(*states)]
    assert result["cka"][0, 2] == pytest.approx(linear_cka(layers[0], layers[2], debiased=True), rel=1e-4)


def test_too_few_positions(model, tokenizer):
    chunks = read_chunks(documents(1), [tokenizer], max_tokens=4, tokens=4, history=2)
    with pytest.raises(ValueError, match="only 3 positions"):
        model_similarity(model, model, chunks, select_positions(chunks, "all"))
