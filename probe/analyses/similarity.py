"""Layer similarity: CKA (Kornblith et al., 2019), minibatch CKA with unbiased HSIC (Nguyen et al.,
2021) and the Engram paper's soft alignment index, of every layer pair of one or two models at
the corpus positions `probe.batching` selects.

All CKA arithmetic is float64. A layer's representation is its `blocks.{L}.hook_resid_post`
with the hyper-connection streams summed, exactly what the model hands its final norm.

    linear_cka(X, Y)                   X: [n, d1], Y: [n, d2]  ->  float
    acc = MinibatchCKA(); acc.update([layer_0, layer_1, ...]); acc.matrix()   # [L, L]
    alignment_index(S, k=5)            S: [La, Lb]  ->  a_j: [La]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch
from rich.progress import Progress

from engram_model import EngramLM

from ..batching import Chunk, batches, resid_name, run_selected

# --- which models compare ---------------------------------------------------------------------


def check_same_tokenizer(a: str, b: str) -> None:
    """Refuse two models (checkpoint directories or bundled names) whose tokenizers differ,
    before any weights load: compared position by position, they must read the same tokens.
    Reads each checkpoint's tokenizer.json only and compares what decides a text's ids
    (`tokenizer_sha256`). Raises CheckpointError (a one-line error on the command line) naming
    both models; a checkpoint without a tokenizer.json is left to the loader, which refuses it."""
    from engram_model.checkpoint import TOKENIZER, CheckpointError, resolve_checkpoint
    from engram_model.tokenizer import load_tokenizer, tokenizer_sha256

    paths = {name: resolve_checkpoint(name) / TOKENIZER for name in (a, b)}
    if not all(path.is_file() for path in paths.values()):
        return
    try:
        digests = {name: tokenizer_sha256(load_tokenizer(path)) for name, path in paths.items()}
    except ValueError as err:  # a malformed tokenizer.json: the loader would refuse it alike
        raise CheckpointError(str(err)) from err
    if digests[a] != digests[b]:
        raise CheckpointError(
            f"{a} and {b} cannot be compared: they have different tokenizers ({paths[a]} is sha256 {digests[a][:12]}, "
            f"{paths[b]} is {digests[b][:12]}), so they do not read the same tokens; compare checkpoints of one model "
            "(seeds, training steps) or a model with itself"
        )


# --- CKA --------------------------------------------------------------------------------------


def as_features(x, name: str) -> np.ndarray:
    """`x` as a float64 `[n, d]` array; NaN or inf is an error naming the input."""
    x = x.detach().cpu().double().numpy() if isinstance(x, torch.Tensor) else np.asarray(x, dtype=np.float64)
    if x.ndim != 2:
        raise ValueError(f"{name} must be [positions, features], got shape {x.shape}")
    bad = np.size(x) - np.count_nonzero(np.isfinite(x))
    if bad:
        raise ValueError(
            f"{name} holds {bad} NaN or inf values: the activations overflowed; run the model in float32 or check its weights"
        )
    return x


def gram_linear(x: np.ndarray) -> np.ndarray:
    return x @ x.T


def gram_rbf(x: np.ndarray, threshold: float = 1.0) -> np.ndarray:
    """Gaussian kernel with bandwidth `threshold` x the median distance (squared: the median
    squared distance, diagonal included, as Kornblith et al.'s reference code)."""
    dot = x @ x.T
    sq_norms = np.diag(dot)
    sq_dist = sq_norms[:, None] + sq_norms[None, :] - 2 * dot
    return np.exp(-sq_dist / (2 * threshold**2 * np.median(sq_dist)))


def center_gram(gram: np.ndarray, unbiased: bool = False) -> np.ndarray:
    """Double-centred Gram matrix; `unbiased` is the U-centring (Szekely and Rizzo, 2014) whose
    inner products are the unbiased HSIC estimator (Song et al., 2012)."""
    gram = gram.copy()
    n = gram.shape[0]
    if unbiased:
        np.fill_diagonal(gram, 0)
        means = gram.sum(0) / (n - 2)
        means -= means.sum() / (2 * (n - 1))
    else:
        means = gram.mean(0)
        means -= means.mean() / 2
    gram -= means[:, None]
    gram -= means[None, :]
    if unbiased:
        np.fill_diagonal(gram, 0)
    return gram


def cka(gram_x: np.ndarray, gram_y: np.ndarray, debiased: bool = False) -> float:
    if debiased and gram_x.shape[0] < 4:
        raise ValueError(f"debiased CKA needs at least 4 positions, got {gram_x.shape[0]}")
    gram_x, gram_y = center_gram(gram_x, debiased), center_gram(gram_y, debiased)
    return float(gram_x.ravel() @ gram_y.ravel() / (np.linalg.norm(gram_x) * np.linalg.norm(gram_y)))


def _pair(x, y) -> tuple[np.ndarray, np.ndarray]:
    x, y = as_features(x, "X"), as_features(y, "Y")
    if x.shape[0] != y.shape[0]:
        raise ValueError(f"X has {x.shape[0]} positions and Y {y.shape[0]}: CKA compares the same positions")
    return x, y


def linear_cka(x, y, debiased: bool = False) -> float:
    """CKA with a linear kernel of `x` `[n, d1]` and `y` `[n, d2]`."""
    x, y = _pair(x, y)
    return cka(gram_linear(x), gram_linear(y), debiased)


def rbf_cka(x, y, threshold: float = 1.0, debiased: bool = False) -> float:
    """CKA with a Gaussian kernel, sigma = `threshold` x the median distance."""
    x, y = _pair(x, y)
    return cka(gram_rbf(x, threshold), gram_rbf(y, threshold), debiased)


class MinibatchCKA:
    """Linear CKA of every pair of layers, averaged over minibatches with the unbiased HSIC_1
    estimator (Nguyen et al., 2021, eq. 3):

        HSIC_1(K, L) = [tr(K~L~) + 1'K~1 1'L~1 / ((n-1)(n-2)) - 2/(n-2) 1'K~L~1] / (n(n-3))

    with K~ the Gram matrix with its diagonal zeroed, and
    CKA_ij = mean HSIC_1(K_i, K_j) / sqrt(mean HSIC_1(K_i, K_i) mean HSIC_1(K_j, K_j)).
    Layers of two models go in one list (model a's, then b's), so one update serves all pairs."""

    def __init__(self):
        self.per_batch: list[np.ndarray] = []  # each minibatch's [L, L]; kept for the bootstrap

    @property
    def batches(self) -> int:
        return len(self.per_batch)

    @property
    def hsic(self) -> np.ndarray | None:
        """`[L, L]`, summed over minibatches."""
        return np.sum(self.per_batch, axis=0) if self.per_batch else None

    def update(self, features: Sequence) -> None:
        """One minibatch: every layer's features at the same n >= 4 positions, `[n, d_layer]`."""
        feats = [as_features(f, f"features[{i}]") for i, f in enumerate(features)]
        n = feats[0].shape[0]
        if any(f.shape[0] != n for f in feats):
            raise ValueError(f"every layer needs the same positions; got {[f.shape[0] for f in feats]}")
        if n < 4:
            raise ValueError(f"unbiased HSIC needs at least 4 positions per minibatch, got {n}")
        grams = np.stack([gram_linear(f) for f in feats])  # [L, n, n]
        grams[:, np.arange(n), np.arange(n)] = 0
        flat = grams.reshape(len(feats), n * n)
        row_sums = grams.sum(2)  # [L, n]
        totals = row_sums.sum(1)  # [L]
        hsic = flat @ flat.T + np.outer(totals, totals) / ((n - 1) * (n - 2)) - 2 / (n - 2) * (row_sums @ row_sums.T)
        hsic /= n * (n - 3)
        if self.per_batch and self.per_batch[0].shape != hsic.shape:
            raise ValueError(f"this accumulator holds {len(self.per_batch[0])} layers; the minibatch has {len(hsic)}")
        self.per_batch.append(hsic)

    def matrix(self) -> np.ndarray:
        """`[L, L]` CKA; NaN for a layer whose self-HSIC is not positive (a constant layer)."""
        if not self.per_batch:
            raise ValueError("no minibatch yet: call update first")
        return cka_from_hsic(self.hsic)

    def resampled(self, samples: int, seed: int = 0) -> np.ndarray:
        """`[samples, L, L]` CKA with the minibatches drawn with replacement: a bootstrap over
        positions in blocks of one minibatch (its positions are a random draw across documents)."""
        per_batch = np.stack(self.per_batch)  # [batches, L, L]
        picks = np.random.default_rng(seed).integers(0, len(per_batch), size=(samples, len(per_batch)))
        return np.stack([cka_from_hsic(per_batch[pick].sum(0)) for pick in picks])


def cka_from_hsic(hsic: np.ndarray) -> np.ndarray:
    self_hsic = np.diag(hsic)
    with np.errstate(invalid="ignore", divide="ignore"):
        scale = np.sqrt(np.where(self_hsic > 0, self_hsic, np.nan))
        return hsic / np.outer(scale, scale)


def alignment_index(similarity, k: int = 5) -> np.ndarray:
    """The Engram paper's soft alignment: for each layer j of model a (rows of `similarity`,
    `[La, Lb]`), the CKA-weighted mean index of the k layers of model b it resembles most,
    a_j = sum_i S_ji * i / sum_i S_ji over those k (0-indexed layers; negative CKA weighs 0).
    a_j > j: a's layer j behaves like a deeper layer of b."""
    s = np.asarray(similarity, dtype=np.float64)
    if s.ndim != 2 or not 1 <= k <= s.shape[1]:
        raise ValueError(
            f"k={k} must lie in [1, {s.shape[1] if s.ndim == 2 else '?'}] for a similarity matrix of shape {s.shape}"
        )
    top = np.argsort(-np.nan_to_num(s, nan=-np.inf), axis=1, kind="stable")[:, :k]  # [La, k]
    weights = np.clip(np.take_along_axis(s, top, axis=1), 0, None)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (weights * top).sum(1) / weights.sum(1)


def alignment_against_null(cka, cka_null, k: int) -> np.ndarray:
    """a_j (`alignment_index`) less what the same computation gives a null pair against the same
    model b, layer by layer. With k > 1 the soft alignment is pulled towards the middle layers (at
    layer 0 the k most similar layers all lie above it, so a_0 > 0 for any pair); the null shows how
    far. Nulls: b against itself (`cka_b`: no shift at all), or b's recipe trained at another seed
    against b (no shift but the spread between training runs). 0 means a's layer j sits where the
    null's layer j sits. Needs models of one depth."""
    cka, cka_null = np.asarray(cka, dtype=np.float64), np.asarray(cka_null, dtype=np.float64)
    if cka_null.shape != (cka.shape[1], cka.shape[1]) or cka.shape[0] != cka.shape[1]:
        raise ValueError(f"a against b {cka.shape} and the null against b {cka_null.shape} must be square and of one depth")
    return alignment_index(cka, k) - alignment_index(cka_null, k)


# --- models --------------------------------------------------------------------------------


def layer_states(model: EngramLM, chunks: Sequence[Chunk], selected: torch.Tensor) -> list[torch.Tensor]:
    """Each block's residual, streams summed as before the final norm, at the selected positions: `[n, d]` per layer."""
    names = [resid_name(layer) for layer in range(model.cfg.n_layers)]
    _, resids = run_selected(model, chunks, selected, names)
    return [resids[name].sum(1).float() for name in names]


def model_similarity(
    model_a: EngramLM,
    model_b: EngramLM,
    chunks: Sequence[Chunk],
    masks: Sequence[np.ndarray],
    batch_size: int = 8,
    minibatch: int = 256,
    pool: int = 4096,
    seed: int = 0,
    show_progress: bool = False,
    bootstrap: int = 0,
) -> dict[str, np.ndarray]:
    """Minibatch CKA of every layer pair of `model_a` and `model_b` (pass the same model twice
    for one model) at the selected positions. Positions are pooled across forward passes (up
    to `pool`) and shuffled into minibatches of `minibatch`, so a minibatch mixes documents; a
    final remainder of at least 4 positions is a smaller minibatch.
    Returns {"cka": [La, Lb], "cka_a": [La, La], "cka_b": [Lb, Lb], "positions", "minibatches",
    "cka_resampled": [bootstrap, La, Lb], "cka_b_resampled": [bootstrap, Lb, Lb]} (`MinibatchCKA.resampled`,
    both from the same draws of minibatches; empty when bootstrap is 0)."""
    if minibatch < 4:
        raise ValueError(f"minibatch={minibatch}: unbiased HSIC needs at least 4 positions")
    same = model_a is model_b
    n_a = model_a.cfg.n_layers
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(chunks))  # forward batches mix documents too
    acc, pooled, count = MinibatchCKA(), [], 0

    def flush(final: bool) -> None:
        nonlocal pooled
        feats = [torch.cat(layer) for layer in zip(*pooled)]
        perm = torch.from_numpy(rng.permutation(len(feats[0])))
        full = len(perm) - len(perm) % minibatch
        for i in range(0, full, minibatch):
            acc.update([f[perm[i : i + minibatch]] for f in feats])
        rest = perm[full:]
        if final and len(rest) >= 4:
            acc.update([f[rest] for f in feats])
        pooled = [[f[rest] for f in feats]] if not final else []

    with Progress(transient=True, disable=not show_progress) as progress:
        task = progress.add_task("similarity", total=sum(int(m.sum()) for m in masks))
        for group, selected in batches([chunks[i] for i in order], [masks[i] for i in order], batch_size):
            states = layer_states(model_a, group, selected)
            if not same:
                states += layer_states(model_b, group, selected)
            pooled.append(states)
            count += len(states[0])
            progress.advance(task, len(states[0]))
            if sum(len(s[0]) for s in pooled) >= pool:
                flush(final=False)
        if pooled:
            flush(final=True)
    if count < 4:
        raise ValueError(
            f"only {count} positions were selected: unbiased HSIC needs at least 4 (read more --tokens or use --positions all)"
        )
    full = acc.matrix()
    cka_b = full[n_a:, n_a:] if not same else full
    resampled = acc.resampled(bootstrap, seed) if bootstrap else np.empty((0, *full.shape))
    return {
        "cka": full[:n_a, n_a:] if not same else full,
        "cka_a": full[:n_a, :n_a],
        "cka_b": cka_b,
        "cka_resampled": resampled[:, :n_a, n_a:] if not same else resampled,  # [bootstrap, La, Lb]
        "cka_b_resampled": resampled[:, n_a:, n_a:] if not same else resampled,  # [bootstrap, Lb, Lb]
        "positions": count,
        "minibatches": acc.batches,
    }
