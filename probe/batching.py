"""Documents to model inputs: the one batching layer the gate scan, `text_gates` (the `gates`
command) and every depth analysis (similarity, lens, ablation) read through.

    Document ─► tokens (BOS first, if any) ─► Chunk: tokens start:start+len of one document, with the
    raw ids just before it as n-gram history ─► batches ─► model_inputs: right-padded tokens
    [B, T], the mask of real tokens, and each Engram layer's row ids, the chunk's n-grams
    continuing from its history (`EngramLM.engram_rows(..., history=...)`)

Chunks come two ways, cut the same way (every `max_tokens` from a document's first token; its
BOS, where the tokenizer has one: `document_prefix`):
  DocumentChunker.stream   the gate scan: a stream, each document tokenized a piece at a time,
                           so one document never has more than a piece and a chunk in memory
  read_chunks              the depth analyses: whole tokenized documents up to a token budget,
                           kept (`TokenizedDocument`) for the categorizer labels they select by
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice

import numpy as np
import torch
from tokenizers import Tokenizer

from engram_model import EngramLM
from engram_model.corpus import Document
from engram_model.tokenizer import BOS, EOS

# Characters tokenized at a time by the stream: a long document is tokenized piece by piece,
# so its memory stays bounded by the chunk length (and its text), not its token count.
PIECE_CHARS = 16_384
POSITION_RULES = ("all", "sample", "entities")
CONTEXT_CHARS = 200  # characters of text either side of a token the labeller reads
# labels one token for the analyses that group by kind of text: (token text, CONTEXT_CHARS of
# text before it, after it) -> a category; the caller chooses it (`probe.categorize.label_token`)
TokenLabeller = Callable[[str, str, str], str]
LOOK_AHEAD = 8  # tokens past a chunk's end read to see whether a name ends with the chunk


@dataclass
class TokenizedDocument:
    """A whole document's tokens, as the depth analyses keep it."""

    document: Document
    ids: list[int]  # BOS first (document_prefix)
    offsets: np.ndarray  # [len(ids), 2] int32: character span of each token
    read: int = 0  # tokens the chunks use, plus a look-ahead for names that continue past them
    labeller: TokenLabeller | None = field(default=None, repr=False)
    _labels: list[str] | None = field(default=None, repr=False)

    @property
    def labels(self) -> list[str]:
        """The labeller's label of each token read: its text with CONTEXT_CHARS either side."""
        if self.labeller is None:
            raise ValueError("these chunks were read without a labeller; pass read_chunks(..., labeller=label_token)")
        if self._labels is None:
            text = self.document.text
            self._labels = [
                self.labeller(text[a:b], text[max(0, a - CONTEXT_CHARS) : a], text[b : b + CONTEXT_CHARS])
                for a, b in self.offsets[: self.read].tolist()
            ]
        return self._labels

    @property
    def blank(self) -> list[bool]:
        """Tokens whose text is only whitespace (a name may continue past one)."""
        text = self.document.text
        return [not text[a:b].strip() for a, b in self.offsets[: self.read].tolist()]


@dataclass
class Chunk:
    """Tokens `start:stop` of a document: one row of a forward batch."""

    document: Document
    start: int  # position of ids[0] in the document
    ids: list[int]
    offsets: np.ndarray  # [len(ids), 2] int32: character span of each token in the text
    history: list[int]  # the raw ids just before `start` that its n-grams read (empty at a document's start)
    last: bool  # the document's final chunk
    doc: TokenizedDocument | None = None  # the whole document, when `read_chunks` keeps it

    @property
    def stop(self) -> int:
        return self.start + len(self.ids)

    def __len__(self) -> int:
        return len(self.ids)

    def labels(self, start: int, stop: int) -> list[str]:
        """Categorizer labels of the document's tokens `start:stop` (only `read_chunks` keeps them)."""
        if self.doc is None:
            raise ValueError("this chunk comes from a stream, which keeps no labels; read the chunks with read_chunks")
        return self.doc.labels[start:stop]


def document_prefix(tokenizer: Tokenizer) -> list[int]:
    """The ids every document starts with, before its text: the tokenizer's own BOS, as its
    post-processor puts it before a text (a Llama-style template); else our `<|bos|>`, which our
    tokenizers have and our models are trained to read first; else none. A Qwen tokenizer has no
    BOS, and transformers' Qwen4-Exp reads a text as it is (its tokenizer adds nothing, and its
    PLE layers fill the n-gram history before the first token with EOS). The text itself is
    encoded without special tokens, so that no piece or chunk gets a BOS of its own."""
    plain, full = tokenizer.encode("a", add_special_tokens=False).ids, tokenizer.encode("a").ids
    start = next((i for i in range(len(full) - len(plain) + 1) if full[i : i + len(plain)] == plain), 0) if plain else 0
    if start:
        return full[:start]
    bos = tokenizer.token_to_id(BOS)
    return [] if bos is None else [bos]


def document_end(model: EngramLM) -> int:
    """The id that closes every document where documents are read as one stream (evaluation's
    windows run across documents): a bridged model's own end of text (`ngram_segment_end`:
    Qwen's EOS from its config, which also cuts its n-gram history), else our tokenizer's
    `<|eos|>`, which our models are trained to read after a text."""
    end = model.ngram_segment_end if model.ngram_segment_end is not None else model.tokenizer.token_to_id(EOS)
    if end is None:
        raise ValueError(
            f"the model's tokenizer has no {EOS} and the model names no end-of-text id, so documents cannot be joined into "
            "one stream; load a checkpoint whose tokenizer has one"
        )
    return end


def history_length(models: Sequence[EngramLM]) -> int:
    """Raw ids before a chunk that the models' n-grams read: the longest N-1 (0 without Engram)."""
    return max((m.cfg.engram.max_ngram - 1 for m in models if m.cfg.engram is not None), default=0)


class DocumentChunker:
    """Tokenizes documents as a stream, a piece at a time, into chunks of `max_tokens`."""

    def __init__(self, tokenizer: Tokenizer, max_tokens: int, history: int, piece_chars: int = PIECE_CHARS):
        self.tokenizer, self.max_tokens, self.history, self.piece_chars = tokenizer, max_tokens, history, piece_chars
        # pieces are cut where the pre-tokenizer cuts; a normalizer would move those cuts
        self.pre_tokenizer = tokenizer.pre_tokenizer if tokenizer.normalizer is None else None
        self.prefix = document_prefix(tokenizer)  # the BOS, or nothing
        self.forced_cuts = 0  # pieces cut inside one pre-token longer than a piece

    def _piece_end(self, text: str, start: int) -> int:
        """Where the piece from `start` ends: at the start of the last pre-token in the next
        `piece_chars` characters that follows a non-space. Pre-tokens before the window's
        last one ended inside it, so the text beyond it could not have changed them; and
        after a non-space the piece's own end cannot change how it splits (a run of spaces
        is split by what follows it: two newlines then a word are two pre-tokens, two
        newlines at the end one)."""
        if len(text) - start <= self.piece_chars or self.pre_tokenizer is None:
            return len(text)
        words = self.pre_tokenizer.pre_tokenize_str(text[start : start + self.piece_chars])
        for _, (word_start, _) in reversed(words[1:]):
            if not text[start + word_start - 1].isspace():
                return start + word_start
        self.forced_cuts += 1  # no such cut (one word or run of spaces longer than a piece): ids may differ at the cut
        return start + self.piece_chars

    def token_pieces(self, text: str) -> Iterator[tuple[list[int], np.ndarray]]:
        """The ids and character spans of `text`, tokenized a piece at a time. BPE merges only
        inside a pre-token, so pieces cut between pre-tokens give the ids of the whole text."""
        start = 0
        while start < len(text):
            end = self._piece_end(text, start)
            encoding = self.tokenizer.encode(text[start:end], add_special_tokens=False)
            yield encoding.ids, np.array(encoding.offsets, np.int32).reshape(-1, 2) + start
            start = end

    def stream(self, documents: Iterable[Document]) -> Iterator[Chunk]:
        """Every document's tokens (after its `document_prefix`) in chunks of `max_tokens`, produced
        as the text is tokenized: a document never has more than a piece and a chunk in memory."""
        size = self.max_tokens
        for document in documents:
            ids, offsets, start, history = list(self.prefix), np.zeros((len(self.prefix), 2), np.int32), 0, []
            for piece_ids, piece_offsets in self.token_pieces(document.text):
                ids += piece_ids
                offsets = np.concatenate([offsets, piece_offsets])
                while len(ids) > size:  # `>`: the final chunk is only known once the text ends
                    yield Chunk(document, start, ids[:size], offsets[:size], history, last=False)
                    history = ids[size - self.history : size]
                    ids, offsets, start = ids[size:], offsets[size:], start + size
            yield Chunk(document, start, ids, offsets, history, last=True)


def read_chunks(
    documents: Iterable[Document],
    tokenizers: Sequence[Tokenizer],
    max_tokens: int,
    tokens: int,
    per_document: int | None = None,
    *,
    history: int,
    labeller: TokenLabeller | None = None,
) -> list[Chunk]:
    """Documents tokenized whole (`document_prefix` first), each cut to its first `per_document` tokens (all
    by default) and into chunks of at most `max_tokens`, until `tokens` tokens are read; each
    chunk carries the `history` ids before it (`history_length(models)`). Every tokenizer must
    give the same ids: models compared position by position must read the same tokens.
    `labeller` labels the tokens read, for analyses that group positions by kind of text."""
    tokenizer, others = tokenizers[0], [t for t in tokenizers[1:] if t.to_str() != tokenizers[0].to_str()]
    prefix = document_prefix(tokenizer)
    for other in others:
        if document_prefix(other) != prefix:
            raise ValueError(
                f"the two models' tokenizers start a document with different ids ({prefix} and {document_prefix(other)}): "
                "models compared position by position must read the same tokens; use checkpoints with the same tokenizer"
            )
    chunks, total = [], 0
    for document in documents:
        encoding = tokenizer.encode(document.text, add_special_tokens=False)
        for other in others:
            _check_same_ids(document, encoding.ids, other.encode(document.text, add_special_tokens=False).ids)
        offsets = np.array([(0, 0)] * len(prefix) + encoding.offsets, np.int32).reshape(-1, 2)
        doc = TokenizedDocument(document, prefix + encoding.ids, offsets, labeller=labeller)
        length = len(doc.ids) if per_document is None else min(len(doc.ids), per_document)
        for start in range(0, length, max_tokens):
            stop = min(start + max_tokens, length, start + tokens - total)
            if stop - start >= 2:  # a chunk of one token predicts nothing
                before = doc.ids[max(0, start - history) : start]
                chunks.append(Chunk(document, start, doc.ids[start:stop], offsets[start:stop], before, stop == len(doc.ids), doc))
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
            stop = chunk.stop + LOOK_AHEAD  # the entity may continue past the chunk's end
            blank = chunk.doc.blank[chunk.start : stop] if chunk.doc is not None else None
            mask = entity_ends(chunk.labels(chunk.start, stop), blank)[: len(chunk)]
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


def batched(chunks: Iterable[Chunk], batch_size: int) -> Iterator[list[Chunk]]:
    """Consecutive groups of `batch_size` chunks (the last may be smaller), read lazily."""
    chunks = iter(chunks)
    while batch := list(islice(chunks, batch_size)):
        yield batch


def batches(
    chunks: Sequence[Chunk], masks: Sequence[np.ndarray], batch_size: int, skip_empty: bool = True
) -> Iterator[tuple[list[Chunk], torch.Tensor]]:
    """(chunks, selected `[B, T]` bool) per forward pass; chunks with nothing selected are left out."""
    pairs = [(c, m) for c, m in zip(chunks, masks) if m.any() or not skip_empty]
    for group in batched(pairs, batch_size):
        length = max(len(c) for c, _ in group)
        selected = torch.zeros((len(group), length), dtype=torch.bool)
        for b, (_, m) in enumerate(group):
            selected[b, : len(m)] = torch.from_numpy(m)
        yield [c for c, _ in group], selected


def model_inputs(model: EngramLM, chunks: Sequence[Chunk]) -> tuple[torch.Tensor, torch.Tensor, dict[int, torch.Tensor]]:
    """Right-padded tokens `[B, T]`, the mask of real tokens, and each Engram layer's row ids
    `{layer: [B, T, H]}` with every chunk's n-grams continuing from its history."""
    length = max(1, *(len(c) for c in chunks))  # a document of no tokens (no BOS, no text): one padded position
    tokens = torch.full((len(chunks), length), model.pad_token_id, dtype=torch.long)
    mask = torch.zeros((len(chunks), length), dtype=torch.bool)
    for b, chunk in enumerate(chunks):
        tokens[b, : len(chunk)] = torch.tensor(chunk.ids)
        mask[b, : len(chunk)] = True
    if model.addresser is not None:
        needed = model.addresser.history_length
        short = next((c for c in chunks if len(c.history) < min(needed, c.start)), None)
        if short is not None:
            raise ValueError(
                f"the chunk at token {short.start} of document {short.document.doc_id!r} carries {len(short.history)} ids of "
                f"history but this model's n-grams read {needed} before it; cut the chunks with history={needed} (history_length)"
            )
    rows = model.engram_rows(tokens, history=[c.history for c in chunks])
    return tokens.to(model.device), mask.to(model.device), rows


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


@torch.no_grad()
def text_gates(model: EngramLM, text: str) -> tuple[list[int], dict[int, torch.Tensor]]:
    """The text's token ids (`document_prefix` first) and each Engram layer's gate `[T, M]`, run in
    chunks of max_seq_len whose n-grams continue from the chunk before, as a gate scan records them."""
    chunker = DocumentChunker(model.tokenizer, model.cfg.max_seq_len, history=history_length([model]))
    names = {layer: f"blocks.{layer}.engram.hook_gate" for layer in model.cfg.engram.layers}
    ids, gates = [], {layer: [] for layer in names}
    for chunk in chunker.stream([Document("text", text)]):
        tokens, mask, rows = model_inputs(model, [chunk])
        _, cache = model.run_with_cache(tokens, attention_mask=mask, rows=rows, names_filter=lambda name: name in names.values())
        ids += chunk.ids
        for layer, name in names.items():
            gates[layer].append(cache[name][0, : len(chunk.ids)])
    return ids, {layer: torch.cat(chunks) for layer, chunks in gates.items()}
