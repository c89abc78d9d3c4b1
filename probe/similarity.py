"""Layer similarity: CKA (Kornblith et al., 2019), minibatch CKA with unbiased HSIC (Nguyen et al.,
2021) and the Engram paper's soft alignment index; plus the corpus positions every depth
analysis (similarity, lens, ablation) reads.

All CKA arithmetic is float64. A layer's representation is its `blocks.{L}.hook_resid_post`
with the hyper-connection streams summed, exactly what the model hands its final norm.

    linear_cka(X, Y)                   X: [n, d1], Y: [n, d2]  ->  float
    acc = MinibatchCKA(); acc.update([layer_0, layer_1, ...]); acc.matrix()   # [L, L]
    alignment_index(S, k=5)            S: [La, Lb]  ->  a_j: [La]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np
import torch
from rich.progress import Progress
from tokenizers import Tokenizer

from engram_model import EngramLM
from engram_model.corpus import Document
from engram_model.tokenizer import BOS

from .categorize import categorize

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
        self.hsic: np.ndarray | None = None  # [L, L], summed over minibatches
        self.batches = 0

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
        if self.hsic is not None and self.hsic.shape != hsic.shape:
            raise ValueError(f"this accumulator holds {len(self.hsic)} layers; the minibatch has {len(hsic)}")
        self.hsic = hsic if self.hsic is None else self.hsic + hsic
        self.batches += 1

    def matrix(self) -> np.ndarray:
        """`[L, L]` CKA; NaN for a layer whose self-HSIC is not positive (a constant layer)."""
        if self.hsic is None:
            raise ValueError("no minibatch yet: call update first")
        self_hsic = np.diag(self.hsic)
        with np.errstate(invalid="ignore", divide="ignore"):
            scale = np.sqrt(np.where(self_hsic > 0, self_hsic, np.nan))
            return self.hsic / np.outer(scale, scale)


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


# --- corpus positions -------------------------------------------------------------------------

POSITION_RULES = ("all", "sample", "entities")
CONTEXT_CHARS = 200  # characters of text either side of a token the categorizer reads
LOOK_AHEAD = 8  # tokens past a chunk's end read to see whether a name ends with the chunk


@dataclass
class TokenizedDocument:
    document: Document
    ids: list[int]  # BOS first
    offsets: list[tuple[int, int]]  # character span of each token
    read: int = 0  # tokens the chunks use, plus a look-ahead for names that continue past them
    _labels: list[str] | None = field(default=None, repr=False)

    @property
    def labels(self) -> list[str]:
        """`probe.categorize` label of each token read: its word with CONTEXT_CHARS either side."""
        if self._labels is None:
            text = self.document.text
            self._labels = [
                categorize(text[a:b], text[max(0, a - CONTEXT_CHARS) : a], text[b : b + CONTEXT_CHARS]).label
                for a, b in self.offsets[: self.read]
            ]
        return self._labels

    @property
    def blank(self) -> list[bool]:
        """Tokens whose text is only whitespace (a name may continue past one)."""
        text = self.document.text
        return [not text[a:b].strip() for a, b in self.offsets[: self.read]]


@dataclass
class Chunk:
    """Tokens `start:stop` of a document: one row of a forward batch."""

    doc: TokenizedDocument
    start: int
    stop: int

    @property
    def ids(self) -> list[int]:
        return self.doc.ids[self.start : self.stop]

    def __len__(self) -> int:
        return self.stop - self.start


def read_chunks(
    documents: Iterable[Document],
    tokenizers: Sequence[Tokenizer],
    max_tokens: int,
    tokens: int,
    per_document: int | None = None,
) -> list[Chunk]:
    """Documents tokenized (BOS first), each cut to its first `per_document` tokens (all by
    default) and into chunks of at most `max_tokens`, until `tokens` tokens are read. Every
    tokenizer must give the same ids: models compared position by position must read the
    same tokens."""
    tokenizer, others = tokenizers[0], [t for t in tokenizers[1:] if t.to_str() != tokenizers[0].to_str()]
    bos = tokenizer.token_to_id(BOS)
    chunks, total = [], 0
    for document in documents:
        encoding = tokenizer.encode(document.text)
        for other in others:
            _check_same_ids(document, encoding.ids, other.encode(document.text).ids)
        doc = TokenizedDocument(document, [bos] + encoding.ids, [(0, 0)] + [tuple(o) for o in encoding.offsets])
        length = len(doc.ids) if per_document is None else min(len(doc.ids), per_document)
        for start in range(0, length, max_tokens):
            stop = min(start + max_tokens, length, start + tokens - total)
            if stop - start >= 2:  # a chunk of one token predicts nothing
                chunks.append(Chunk(doc, start, stop))
                doc.read = min(len(doc.ids), stop + LOOK_AHEAD)
                total += stop - start
            if total >= tokens:
                return chunks
    return chunks


def _check_same_ids(document: Document, ids: list[int], other: list[int]) -> None:
    if ids != other:
        at = next((i for i, (a, b) in enumerate(zip(ids, other)) if a != b), min(len(ids), len(other)))
        raise ValueError(
            f"the two models' tokenizers give different tokens for document {document.doc_id!r} from token {at} on: "
            "models compared position by position must read the same tokens; use checkpoints trained with the same tokenizer"
        )


def entity_ends(labels: Sequence[str], blank: Sequence[bool] | None = None) -> np.ndarray:
    """The final token of each named entity: a token the categorizer labels `names` whose next
    token that is not `blank` (whitespace only) is not `names`, or that ends the text. Bool `[len(labels)]`."""
    blank = np.zeros(len(labels), dtype=bool) if blank is None else np.asarray(blank, dtype=bool)
    kept = np.flatnonzero(~blank)
    names = np.array([labels[i] == "names" for i in kept] + [False])
    ends = np.zeros(len(labels), dtype=bool)
    ends[kept] = names[:-1] & ~names[1:]
    return ends


def select_positions(chunks: Sequence[Chunk], rule: str = "all", sample: int | None = None, seed: int = 0) -> list[np.ndarray]:
    """A bool mask per chunk of the positions an analysis reads. Every rule leaves out the
    first position of each chunk (the BOS, or a chunk start that attends to nothing before it).
    all: every other position; sample: `sample` of those, uniformly across all chunks (seeded);
    entities: the final token of each named entity (`entity_ends` over the categorizer's labels)."""
    if rule not in POSITION_RULES:
        raise ValueError(f"positions={rule!r}: use one of {', '.join(POSITION_RULES)}")
    masks = []
    for chunk in chunks:
        mask = np.ones(len(chunk), dtype=bool)
        if rule == "entities":
            span = slice(chunk.start, chunk.stop + LOOK_AHEAD)  # the entity may continue past the chunk's end
            mask = entity_ends(chunk.doc.labels[span], chunk.doc.blank[span])[: len(chunk)]
        mask[0] = False
        masks.append(mask)
    if rule == "sample":
        flat = np.concatenate(masks)
        available = int(flat.sum())
        if sample is None:
            raise ValueError("--positions sample needs --sample N, the number of positions to draw")
        if not 4 <= sample <= available:
            raise ValueError(f"--sample {sample}: choose between 4 and the {available} positions read (raise --tokens for more)")
        keep = np.zeros_like(flat)
        keep[np.random.default_rng(seed).choice(np.flatnonzero(flat), sample, replace=False)] = True
        masks = np.split(keep, np.cumsum([len(m) for m in masks])[:-1])
    return masks


def model_inputs(model: EngramLM, chunks: Sequence[Chunk]) -> tuple[torch.Tensor, torch.Tensor, dict[int, torch.Tensor]]:
    """Right-padded tokens `[B, T]`, the mask of real tokens, and each Engram layer's row ids
    with every chunk's n-grams continuing from the tokens before it in its document."""
    length = max(len(c) for c in chunks)
    tokens = torch.full((len(chunks), length), model.pad_token_id, dtype=torch.long)
    mask = torch.zeros((len(chunks), length), dtype=torch.bool)
    for b, chunk in enumerate(chunks):
        tokens[b, : len(chunk)] = torch.tensor(chunk.ids)
        mask[b, : len(chunk)] = True
    rows = {}
    if model.addresser is not None:
        n_back = model.cfg.engram.max_ngram - 1
        lookup = model.compression_lookup.cpu().numpy()
        history = model.addresser.empty_history(len(chunks))
        for b, chunk in enumerate(chunks):
            before = chunk.doc.ids[max(0, chunk.start - n_back) : chunk.start]
            if before:
                history[b, n_back - len(before) :] = lookup[before]
        rows = {
            layer: torch.from_numpy(r).to(model.device)
            for layer, r in model.addresser.rows(lookup[tokens.numpy()], history).items()
        }
    return tokens.to(model.device), mask.to(model.device), rows


def batches(
    chunks: Sequence[Chunk], masks: Sequence[np.ndarray], batch_size: int, skip_empty: bool = True
) -> Iterator[tuple[list[Chunk], torch.Tensor]]:
    """(chunks, selected `[B, T]` bool) per forward pass; chunks with nothing selected are left out."""
    pairs = [(c, m) for c, m in zip(chunks, masks) if m.any() or not skip_empty]
    for i in range(0, len(pairs), batch_size):
        group = pairs[i : i + batch_size]
        length = max(len(c) for c, _ in group)
        selected = torch.zeros((len(group), length), dtype=torch.bool)
        for b, (_, m) in enumerate(group):
            selected[b, : len(m)] = torch.from_numpy(m)
        yield [c for c, _ in group], selected


def resid_name(layer: int) -> str:
    return f"blocks.{layer}.hook_resid_post"


@torch.no_grad()
def run_selected(
    model: EngramLM, chunks: Sequence[Chunk], selected: torch.Tensor, names: Sequence[str]
) -> tuple[torch.Tensor, dict]:
    """One forward pass: the logits `[n, vocab]` and each named residual hook's streams
    `[n, M, d]` at the n selected positions."""
    tokens, mask, rows = model_inputs(model, chunks)
    selected = selected.to(model.device)
    resids = {}

    def keep(resid, hook):  # [B, M, T, d]
        resids[hook.name] = resid.transpose(1, 2)[selected]

    logits = model.run_with_hooks(tokens, attention_mask=mask, rows=rows, fwd_hooks=[(name, keep) for name in names])
    return logits[selected], resids


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
) -> dict[str, np.ndarray]:
    """Minibatch CKA of every layer pair of `model_a` and `model_b` (pass the same model twice
    for one model) at the selected positions. Positions are pooled across forward passes (up
    to `pool`) and shuffled into minibatches of `minibatch`, so a minibatch mixes documents; a
    final remainder of at least 4 positions is a smaller minibatch.
    Returns {"cka": [La, Lb], "cka_a": [La, La], "cka_b": [Lb, Lb], "positions", "minibatches"}."""
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
    return {
        "cka": full[:n_a, n_a:] if not same else full,
        "cka_a": full[:n_a, :n_a],
        "cka_b": cka_b,
        "positions": count,
        "minibatches": acc.batches,
    }
