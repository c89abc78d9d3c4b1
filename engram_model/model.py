"""`EngramLM`: a decoder-only transformer with Engram modules, as a TransformerLens
`HookedRootModule`.

Residual streams are carried as `[batch, stream, pos, d_model]` (stream = hyper-connection
branch; a plain residual has one), so position is dim -2 of every residual hook.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import torch
import torch.nn.functional as F
from tokenizers import Tokenizer
from torch import nn
from transformer_lens import ActivationCache, HookedRootModule
from transformer_lens.hook_points import HookPoint

from .addressing import NgramAddresser, NgramStream, TableAddressing
from .config import ModelConfig
from .engram import ConvCache, Engram
from .generation import ArgumentTypeError, generate
from .layers import Attention, HyperConnection, KVCache, MoE, RMSNorm, SwiGLU, Unembed
from .tables import ResidentTable, RowTable
from .tokenizer import BOS, PAD, CompressedVocab

if TYPE_CHECKING:
    from .prefetch import PrefetchStep


class UnknownHookError(KeyError, ValueError):
    """A hook name this model has no hook point for; the message lists close matches."""

    def __init__(self, name: str, what: str, model: HookedRootModule):
        hooks = list(model.hook_dict)
        close = difflib.get_close_matches(name, hooks, n=5, cutoff=0.6)
        hint = f"did you mean {', '.join(close)}?" if close else f"hook names look like {', '.join(hooks[:3])}, …"
        layer = re.match(r"blocks\.(\d+)\.", name)
        n_layers = getattr(getattr(model, "cfg", None), "n_layers", None)
        if layer and n_layers is not None and int(layer.group(1)) >= n_layers:
            hint = f"the model has blocks 0..{n_layers - 1}; " + hint
        super().__init__(f"{what} {name!r} is not a hook point of this model: {hint} (all of them: model.hook_dict)")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


@dataclass
class DecodeState:
    """Everything a batch of sequences carries between decoding steps."""

    kv: list[KVCache]
    conv: list[ConvCache]
    ngrams: NgramStream | None
    key_padding: torch.Tensor | None = None  # [B, T_so_far], True where a token is real

    @property
    def length(self) -> int:
        return self.kv[0].length


class TransformerBlock(nn.Module):
    def __init__(self, cfg: ModelConfig, layer: int, engram: Engram | None):
        super().__init__()
        self.engram = engram
        self.ln1 = RMSNorm(cfg.d_model, cfg.norm_eps)
        self.attn = Attention(cfg)
        self.ln2 = RMSNorm(cfg.d_model, cfg.norm_eps)
        self.mlp = MoE(cfg) if cfg.is_moe_layer(layer) else SwiGLU(cfg.d_model, cfg.d_ff)
        self.hc_attn = HyperConnection(cfg.hc_streams, 2 * layer)
        self.hc_mlp = HyperConnection(cfg.hc_streams, 2 * layer + 1)
        self.hook_resid_pre = HookPoint()  # [B, M, T, d]
        self.hook_attn_out = HookPoint()  # [B, T, d]
        self.hook_resid_mid = HookPoint()  # [B, M, T, d]
        self.hook_mlp_out = HookPoint()  # [B, T, d]
        self.hook_resid_post = HookPoint()  # [B, M, T, d]

    def forward(self, streams, rows, token_mask, key_padding, kv: KVCache | None, conv: ConvCache | None, fetched=None):
        streams = self.hook_resid_pre(streams)
        if self.engram is not None:
            streams = streams + self.engram(streams, rows, token_mask, conv, fetched)
        attn_out = self.hook_attn_out(self.attn(self.ln1(self.hc_attn.width(streams)), key_padding, kv))
        streams = self.hook_resid_mid(self.hc_attn.depth(streams, attn_out))
        mlp_out = self.hook_mlp_out(self.mlp(self.ln2(self.hc_mlp.width(streams))))
        return self.hook_resid_post(self.hc_mlp.depth(streams, mlp_out))


def configure_for_tokenizer(cfg: ModelConfig, tokenizer: Tokenizer) -> ModelConfig:
    """The same architecture sized to a tokenizer: its vocabulary and its compressed size."""
    vocab_size = tokenizer.get_vocab_size(with_added_tokens=True)
    engram = cfg.engram
    if engram is not None:
        pad_id = tokenizer.token_to_id(PAD)
        pad_id = engram.pad_id if pad_id is None else pad_id
        vocab = CompressedVocab.from_tokenizer(tokenizer)
        engram = dataclasses.replace(
            engram, compressed_vocab_size=vocab.size, pad_id=pad_id, compressed_pad_id=int(vocab.lookup[pad_id])
        )
    return dataclasses.replace(cfg, vocab_size=vocab_size, engram=engram)


def token_input(model, input, attention_mask: torch.Tensor | None) -> tuple[torch.Tensor, torch.Tensor | None]:
    """A forward's `input` (token ids `[B, T]`, or text the model's `to_tokens` pads) as ids on
    the model's device, checked against its vocabulary, with the mask of real tokens (given, or
    made with the padding), on the device too. Shared by `EngramLM` and the bridged models."""
    if isinstance(input, (str, list)):
        input, attention_mask = model.to_tokens(input, return_mask=True)
    tokens = input.to(model.device)
    if tokens.ndim != 2:
        raise ValueError(f"tokens must be [batch, pos], got shape {tuple(tokens.shape)}")
    if tokens.numel() and (tokens.min() < 0 or tokens.max() >= model.cfg.vocab_size):
        raise ValueError(f"token ids must lie in [0, {model.cfg.vocab_size}); got {tokens.min()}..{tokens.max()}")
    return tokens, None if attention_mask is None else attention_mask.to(model.device)


class EngramLM(HookedRootModule):
    # the id whose occurrence cuts n-gram history (None: none does; the hash reads the pad id
    # before a sequence), for tools that show n-grams as the hash reads them
    ngram_segment_end: int | None = None

    def __init__(
        self,
        cfg: ModelConfig,
        tokenizer: Tokenizer | None = None,
        multipliers: dict[int, list[int]] | None = None,
        tables: dict[int, RowTable] | None = None,
    ):
        """`tables` gives each Engram layer's table in any tier (see `load_model`); without it
        the layers get randomly initialised resident tables."""
        super().__init__()
        self.cfg = cfg
        self.tokenizer = tokenizer
        self.prefetcher = None  # a Prefetcher: forward and generate then gather rows ahead
        if tokenizer is not None and tokenizer.get_vocab_size(with_added_tokens=True) != cfg.vocab_size:
            raise ValueError(
                f"tokenizer has {tokenizer.get_vocab_size(with_added_tokens=True)} ids but the model's "
                f"vocab_size is {cfg.vocab_size}; size the config with configure_for_tokenizer"
            )
        self.addresser = None
        if cfg.engram is not None:
            lookup = self._compression_lookup(cfg, tokenizer)
            self.register_buffer("compression_lookup", torch.from_numpy(lookup), persistent=False)
            self.addresser = NgramAddresser(cfg.engram, multipliers=multipliers, compressed_pad_id=int(lookup[cfg.engram.pad_id]))

        self._check_tables(tables)
        self.embed = nn.Embedding(cfg.vocab_size, cfg.d_model)
        self.hook_embed = HookPoint()  # [B, T, d]
        self.blocks = nn.ModuleList(self._block(layer, (tables or {}).get(layer)) for layer in range(cfg.n_layers))
        self.ln_final = RMSNorm(cfg.d_model, cfg.norm_eps)
        self.unembed = Unembed(cfg.d_model, cfg.vocab_size)
        if cfg.tie_embeddings:
            self.unembed.weight = self.embed.weight
        self.apply(self._init_weights)
        self.setup()

    @staticmethod
    def _compression_lookup(cfg: ModelConfig, tokenizer: Tokenizer | None) -> np.ndarray:
        if tokenizer is None:
            if cfg.engram.compressed_vocab_size != cfg.vocab_size:
                raise ValueError(
                    f"this config compresses {cfg.vocab_size} ids to {cfg.engram.compressed_vocab_size}: "
                    "pass the tokenizer the compression map is built from"
                )
            return np.arange(cfg.vocab_size, dtype=np.int64)
        vocab = CompressedVocab.from_tokenizer(tokenizer)
        if vocab.size != cfg.engram.compressed_vocab_size:
            raise ValueError(
                f"tokenizer compresses to {vocab.size} ids but the model records "
                f"engram.compressed_vocab_size={cfg.engram.compressed_vocab_size}; it is not this model's tokenizer"
            )
        return vocab.lookup

    def _check_tables(self, tables: dict[int, RowTable] | None) -> None:
        if tables is None:
            return
        layers = () if self.cfg.engram is None else self.cfg.engram.layers
        if sorted(tables) != sorted(layers):
            raise ValueError(f"tables are given for layers {sorted(tables)}; the config's Engram layers are {list(layers)}")
        for layer, table in tables.items():
            expected = (sum(map(sum, self.addresser.table_sizes[layer])), self.cfg.engram.head_dim)
            if (table.num_rows, table.row_dim) != expected:
                raise ValueError(
                    f"layer {layer}'s table is {table.num_rows} x {table.row_dim}; the addressing needs {expected[0]} x "
                    f"{expected[1]}"
                )

    def _block(self, layer: int, table: RowTable | None) -> TransformerBlock:
        engram = None
        if self.cfg.engram is not None and layer in self.cfg.engram.layers:
            primes = self.addresser.table_sizes[layer]
            if table is None:
                table = ResidentTable(sum(map(sum, primes)), self.cfg.engram.head_dim, self.cfg.init_std)
            engram = Engram(self.cfg, primes, table)
        return TransformerBlock(self.cfg, layer, engram)

    def _init_weights(self, module: nn.Module) -> None:
        if isinstance(module, (nn.Linear, nn.Embedding)):
            nn.init.normal_(module.weight, std=self.cfg.init_std)
        if isinstance(module, nn.Linear) and module.bias is not None:
            nn.init.zeros_(module.bias)

    @property
    def device(self) -> torch.device:
        return self.embed.weight.device

    # --- addressing ------------------------------------------------------------------------

    def engram_rows(
        self, tokens: torch.Tensor, state: DecodeState | None = None, *, history: list[list[int]] | None = None
    ) -> dict[int, torch.Tensor]:
        """Per-head row ids `{layer: [B, T, H]}` for raw token ids; known before layer 0 runs.
        With a decode state, the n-gram history continues from the tokens already seen.
        `history`: per row, the raw ids just before `tokens[:, 0]` (a previous chunk's tail;
        the last N-1 are read, and fewer, or none, mean the row starts its sequence)."""
        rows = self.engram_rows_numpy(tokens, state, history=history)
        return {layer: torch.from_numpy(r).to(self.device) for layer, r in rows.items()}

    def engram_rows_numpy(
        self, tokens: torch.Tensor, state: DecodeState | None = None, *, history: list[list[int]] | None = None
    ) -> dict[int, np.ndarray]:
        """As `engram_rows`, as int64 numpy arrays on the host (what a prefetcher dedupes)."""
        if self.addresser is None:
            return {}
        if state is not None and history is not None:
            raise ValueError("pass a decode state or a history, not both: a decode state carries its sequences' history")
        compressed = self.compression_lookup.cpu()[tokens.cpu()].numpy()
        if state is not None:
            return state.ngrams.rows(compressed)
        return self.addresser.rows(compressed, None if history is None else self._compressed_history(history, len(compressed)))

    def table_addressing(self, name: str = "this model") -> TableAddressing:
        """The addressing every command asks of a model (`TableAddressing`): rows as this
        model's tables store them (`load_model(..., tier="mmap", verify=False)` reads none)."""
        if self.addresser is None:
            raise ValueError(f"{name} has no Engram layers: it addresses no rows; give a model with Engram layers")
        tables = {layer: self.blocks[layer].engram.table for layer in self.cfg.engram.layers}
        return TableAddressing.of_tables(name, self.addresser, tables, self.tokenizer, self.compression_lookup.cpu().numpy())

    def _compressed_history(self, history: list[list[int]], batch: int) -> np.ndarray:
        """`[B, N-1]` compressed ids from each row's raw history, left-filled with the pad id."""
        if len(history) != batch:
            raise ValueError(f"history has {len(history)} rows for a batch of {batch}: give one list of raw ids per row")
        n_back = self.addresser.history_length
        out = self.addresser.empty_history(batch)
        lookup = self.compression_lookup.cpu().numpy()
        for b, before in enumerate(history):
            before = np.asarray(before[len(before) - n_back :] if len(before) > n_back else before, dtype=np.int64)
            if before.size and (before.min() < 0 or before.max() >= self.cfg.vocab_size):
                raise ValueError(f"history row {b} holds ids outside [0, {self.cfg.vocab_size}): pass raw token ids")
            out[b, n_back - before.size :] = lookup[before]
        return out

    # --- forward ---------------------------------------------------------------------------

    def forward(
        self,
        input: torch.Tensor | str | list[str],
        return_type: str | None = "logits",
        attention_mask: torch.Tensor | None = None,
        state: DecodeState | None = None,
        rows: dict[int, torch.Tensor] | None = None,
        fetched: PrefetchStep | None = None,
        logits_to_keep: int | None = None,
        stop_at_layer: int | None = None,
    ):
        """input: token ids `[B, T]` or text. return_type: "logits", "loss", "both" or None.
        attention_mask `[B, T]` marks real tokens (text input builds it); padding gets no
        attention and a zero Engram gate. `rows` hands in precomputed row ids; `fetched`, a
        prefetcher's step for these tokens (its rows, already being gathered). With neither,
        a model with a prefetcher issues the step itself, before layer 0. `logits_to_keep=n`
        unembeds only the last n positions (`[B, n, vocab]`; decoding needs 1). `stop_at_layer=n`
        runs blocks 0..n-1 only and returns their residual streams `[B, M, T, d]`, as
        TransformerLens does: a scan whose hooks all lie before block n skips the rest."""
        if return_type not in ("logits", "loss", "both", None):
            raise ValueError(f"return_type={return_type!r}; use 'logits', 'loss', 'both' or None")
        if logits_to_keep is not None and (return_type != "logits" or logits_to_keep < 1):
            raise ValueError(f"logits_to_keep={logits_to_keep!r} needs return_type='logits' and at least 1 position")
        if stop_at_layer is not None and not (
            0 <= stop_at_layer <= self.cfg.n_layers and state is None and logits_to_keep is None
        ):
            raise ValueError(
                f"stop_at_layer={stop_at_layer!r} must lie in [0, n_layers={self.cfg.n_layers}], without a decode state "
                "(its later layers' caches would fall behind) or logits_to_keep (there are no logits)"
            )
        tokens, token_mask, key_padding = self._prepare_inputs(input, attention_mask, state)
        batch, seq_len = tokens.shape
        if rows is None and fetched is None and self.prefetcher is not None:
            fetched = self.prefetcher.issue(tokens, state)  # every layer's rows start moving now
        if fetched is not None:
            rows = fetched.rows
        elif rows is None:
            rows = self.engram_rows(tokens, state)

        x = self.hook_embed(self.embed(tokens))  # [B, T, d]
        streams = x[:, None].expand(batch, self.cfg.hc_streams, seq_len, self.cfg.d_model)
        for layer, block in enumerate(self.blocks[:stop_at_layer]):
            kv = state.kv[layer] if state is not None else None
            conv = state.conv[layer] if state is not None else None
            fetch = fetched.fetches.get(layer) if fetched is not None else None
            streams = block(streams, rows.get(layer), token_mask, key_padding, kv, conv, fetch)
        if stop_at_layer is not None:
            return streams
        normalized = self.final_normalized(streams)  # [B, T, d]
        if logits_to_keep is not None:
            # the unembedding is the widest matmul; decoding reads only the last position's
            normalized = normalized[:, -logits_to_keep:]
        logits = self.unembed(normalized)  # [B, T or logits_to_keep, vocab]
        if return_type == "logits":
            return logits
        if return_type == "loss":
            return self.next_token_loss(logits, tokens, token_mask)
        if return_type == "both":
            return logits, self.next_token_loss(logits, tokens, token_mask)
        return None

    def final_normalized(self, streams: torch.Tensor) -> torch.Tensor:
        """The last block's residual streams `[B, M, T, d]` as `unembed` reads them `[B, T, d]`:
        summed, then the final norm (`ln_final.hook_normalized`). Every model the probes read
        (a bridged one too) has this method, so that recorders and lenses unembed any layer's
        streams as the model's own forward does."""
        return self.ln_final(streams.sum(1))

    def _prepare_inputs(self, input, attention_mask: torch.Tensor | None, state: DecodeState | None):
        """Token ids on the model's device, the mask of real tokens among them, and the mask of
        real keys attention sees (a decode state's earlier positions first, which it extends)."""
        tokens, attention_mask = token_input(self, input, attention_mask)
        token_mask = None if attention_mask is None else attention_mask.bool()
        key_padding = token_mask
        if state is not None:
            if token_mask is None and state.key_padding is not None:
                token_mask = torch.ones_like(tokens, dtype=torch.bool)
            if token_mask is not None:
                past = state.key_padding
                if past is None:
                    past = torch.ones(tokens.shape[0], state.length, dtype=torch.bool, device=self.device)
                key_padding = state.key_padding = torch.cat([past, token_mask], dim=1)
        return tokens, token_mask, key_padding

    @staticmethod
    def next_token_loss(logits: torch.Tensor, tokens: torch.Tensor, token_mask: torch.Tensor | None) -> torch.Tensor:
        """Mean cross-entropy of predicting token t+1 from position t, over real pairs."""
        targets = tokens[:, 1:].clone()
        if token_mask is not None:
            targets[~(token_mask[:, 1:] & token_mask[:, :-1])] = -100
        return F.cross_entropy(logits[:, :-1].flatten(0, 1).float(), targets.flatten(), ignore_index=-100)

    def run_with_cache(self, *model_args, **kwargs):
        """As TransformerLens: `(output, ActivationCache)`; names_filter etc. pass through. A
        names_filter naming a hook point this model lacks is an UnknownHookError, not an empty cache."""
        out, cache_dict = super().run_with_cache(*model_args, **kwargs)
        return out, ActivationCache(cache_dict, self, has_batch_dim=not kwargs.get("remove_batch_dim", False))

    # --- hook names --------------------------------------------------------------------------
    # TransformerLens matches a string names_filter silently (a misspelt one caches nothing) and
    # looks hook names up in every module (KeyError: 'name', or an assert for a non-hook module).
    # Every door that takes hook names checks them here first, listing close matches.

    def check_hook_names(self, names, what: str = "hook name") -> None:
        """Each of `names` (a string, or a list/tuple/set of strings) must be a hook point of
        this model; else UnknownHookError naming the close matches in `hook_dict`."""
        for name in [names] if isinstance(names, str) else names if isinstance(names, (list, tuple, set, frozenset)) else [names]:
            if not isinstance(name, str):
                raise ArgumentTypeError(
                    f"{what} {name!r} is a {type(name).__name__}; name a hook point, e.g. 'blocks.0.hook_resid_pre'"
                )
            if name not in self.hook_dict:
                raise UnknownHookError(name, what, self)

    def _names_filter(self, names_filter):
        """TransformerLens's names_filter, checked: a string or a collection of hook names, or a callable."""
        if names_filter is None or callable(names_filter):
            return names_filter
        if isinstance(names_filter, (tuple, set, frozenset)):
            names_filter = list(names_filter)
        if not isinstance(names_filter, (str, list)):
            raise ArgumentTypeError(
                f"names_filter={names_filter!r} must be a hook name, a list of hook names or a function of a hook name"
            )
        self.check_hook_names(names_filter, "names_filter")
        return names_filter

    def _check_hook_list(self, hooks, what: str) -> list:
        """`hooks` as a list of (name or filter, hook function) pairs, every name checked."""
        if isinstance(hooks, tuple) and len(hooks) == 2 and isinstance(hooks[0], str) and callable(hooks[1]):
            raise ArgumentTypeError(
                f"{what} takes a list of (name, hook) pairs; wrap the one pair in a list: [({hooks[0]!r}, fn)]"
            )
        hooks = list(hooks)
        for pair in hooks:
            if not (isinstance(pair, (tuple, list)) and len(pair) == 2 and callable(pair[1])):
                raise ArgumentTypeError(f"{what} entry {pair!r} must be a (hook name or filter function, hook function) pair")
            if not callable(pair[0]):
                self.check_hook_names(pair[0], f"{what} name")
        return hooks

    def get_caching_hooks(self, names_filter=None, *args, **kwargs):
        return super().get_caching_hooks(self._names_filter(names_filter), *args, **kwargs)

    def add_caching_hooks(self, names_filter=None, *args, **kwargs):
        return super().add_caching_hooks(self._names_filter(names_filter), *args, **kwargs)

    @contextmanager
    def hooks(self, fwd_hooks=(), bwd_hooks=(), reset_hooks_end: bool = True, clear_contexts: bool = False):
        """As TransformerLens's, with every hook name checked before any hook is added."""
        fwd_hooks, bwd_hooks = self._check_hook_list(fwd_hooks, "fwd_hooks"), self._check_hook_list(bwd_hooks, "bwd_hooks")
        with super().hooks(fwd_hooks, bwd_hooks, reset_hooks_end, clear_contexts) as model:
            yield model

    def add_hook(self, name, hook, *args, **kwargs):
        if not callable(name):
            self.check_hook_names(name)
        return super().add_hook(name, hook, *args, **kwargs)

    # --- text ------------------------------------------------------------------------------

    def _require_tokenizer(self) -> Tokenizer:
        if self.tokenizer is None:
            raise ValueError("this model has no tokenizer; pass token ids, or build it with EngramLM(cfg, tokenizer)")
        return self.tokenizer

    def to_tokens(self, text: str | list[str], prepend_bos: bool = True, return_mask: bool = False):
        """Token ids `[B, T]`, right-padded with the pad token (and the mask of real tokens)."""
        tokenizer = self._require_tokenizer()
        texts = [text] if isinstance(text, str) else list(text)
        bos = [tokenizer.token_to_id(BOS)] if prepend_bos else []
        encoded = [bos + tokenizer.encode(t).ids for t in texts]
        length = max(1, max(map(len, encoded)))
        pad = self.pad_token_id
        tokens = torch.tensor([ids + [pad] * (length - len(ids)) for ids in encoded], dtype=torch.long)
        mask = torch.tensor([[True] * len(ids) + [False] * (length - len(ids)) for ids in encoded])
        return (tokens, mask) if return_mask else tokens

    @property
    def pad_token_id(self) -> int:
        if self.tokenizer is not None and self.tokenizer.token_to_id(PAD) is not None:
            return self.tokenizer.token_to_id(PAD)
        return self.cfg.engram.pad_id if self.cfg.engram is not None else 0

    def to_str_tokens(self, input: str | torch.Tensor, prepend_bos: bool = True) -> list[str]:
        tokenizer = self._require_tokenizer()
        ids = self.to_tokens(input, prepend_bos)[0] if isinstance(input, str) else torch.as_tensor(input).flatten()
        return [tokenizer.decode([int(i)], skip_special_tokens=False) for i in ids]

    def to_string(self, tokens: torch.Tensor) -> str | list[str]:
        tokenizer = self._require_tokenizer()
        if tokens.ndim == 1:
            return tokenizer.decode(tokens.tolist(), skip_special_tokens=True)
        return [tokenizer.decode(row.tolist(), skip_special_tokens=True) for row in tokens]

    # --- decoding --------------------------------------------------------------------------

    def new_state(self, batch: int, max_len: int | None = None) -> DecodeState:
        """A decode state for `batch` sequences of up to `max_len` positions (default and at
        most max_seq_len); its KV caches are allocated once, on the first step."""
        max_len = self.cfg.max_seq_len if max_len is None else max_len
        if not 1 <= max_len <= self.cfg.max_seq_len:
            raise ValueError(
                f"new_state(max_len={max_len}): a decode state holds 1..max_seq_len={self.cfg.max_seq_len} positions"
            )
        return DecodeState(
            kv=[KVCache(max_len) for _ in self.blocks],
            conv=[ConvCache() for _ in self.blocks],
            ngrams=self.addresser.stream(batch) if self.addresser is not None else None,
        )

    def generate(
        self,
        input: str | torch.Tensor,
        max_new_tokens: int = 32,
        temperature: float = 0.0,
        top_k: int | None = None,
        seed: int | None = None,
        stop_at_eos: bool = True,
    ) -> str | torch.Tensor:
        """Greedy (temperature 0) or sampled continuation (`generation.generate`: prefill, then
        one token at a time). Text in, text out; ids `[B, T]` in, ids `[B, T + new]` out."""
        tokens = self.to_tokens(input) if isinstance(input, str) else torch.as_tensor(input)
        generated = generate(self, tokens.to(self.device), max_new_tokens, temperature, top_k, seed, stop_at_eos)
        return self.to_string(generated[0]) if isinstance(input, str) else generated
