"""Checkpoints: a directory of safetensors files, JSON and a manifest of sizes and sha256.

    config.json               ModelConfig
    model.safetensors         dense weights
    engram_tables.safetensors one row-major table per Engram layer, so a table tier can map
                              it row by row; its metadata records the row format (fp32, bf16,
                              fp16, or fp8_e4m3: `uint8 [rows, D + D/32]`, codes then scales)
    addressing.json           per-layer multipliers and primes (numpy's stream is not frozen)
    tokenizer.json            HF tokenizer, when the model has one
    manifest.json             format version, compressed vocab size, bytes + sha256 per file
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import numpy as np
import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file
from tokenizers import Tokenizer

from .addressing import table_primes
from .config import ModelConfig
from .model import EngramLM
from .prefetch import Prefetcher
from .tables import CACHE_POLICIES, READERS, TIERS, CachedTable, RowCodec, TableError, TableFile, encoded_rows, open_table
from .tokenizer import CompressedVocab, load_tokenizer

FORMAT_VERSION = 1
CONFIG, WEIGHTS, TABLES, ADDRESSING, TOKENIZER, MANIFEST = (
    "config.json",
    "model.safetensors",
    "engram_tables.safetensors",
    "addressing.json",
    "tokenizer.json",
    "manifest.json",
)


def _data_dir() -> Path:
    """The bundled tokenizer and default checkpoints: the repository's top-level `data/`,
    which a wheel installs inside this package as `engram_model/bundled/` (pyproject.toml's
    package-dir), so the same files are found from a source checkout, an editable install
    and a plain `pip install .`."""
    package = Path(__file__).resolve().parent
    installed = package / "bundled"
    return installed if installed.is_dir() else package.parent / "data"


DATA_DIR = _data_dir()
DEFAULT_CHECKPOINTS = ("engram", "baseline")


class CheckpointError(ValueError):
    """A checkpoint that cannot be loaded as it is; the message names the file and the fix."""


def table_key(layer: int) -> str:
    return f"blocks.{layer}.engram.table.weight"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 22), b""):
            digest.update(chunk)
    return digest.hexdigest()


def save_model(
    model: EngramLM,
    directory: str | Path,
    row_format: str | None = None,
    extra_json: dict[str, dict] | None = None,
    weights_dtype: torch.dtype | None = None,
) -> Path:
    """Write the checkpoint to a temporary sibling and rename it into place, so a reader never
    finds a half-written checkpoint under `directory`.

    `row_format` (fp32, bf16, fp16, fp8_e4m3) converts the Engram tables; by default they keep
    their own format. Tables stream out in chunks from whatever tier holds them, so a model
    served from an mmap'd table saves without reading the table into memory. `extra_json`
    adds JSON files (name -> object, e.g. a training report) that the manifest covers too.
    `weights_dtype` (e.g. torch.bfloat16) stores the dense floating-point weights in that
    dtype; loading casts them back to the model's own."""
    directory = Path(directory)
    staging = directory.with_name(f".{directory.name}.saving-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        _write_checkpoint(model, staging, row_format, extra_json or {}, weights_dtype)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)  # a failed save leaves nothing behind
        raise
    if directory.exists():
        retired = directory.with_name(f".{directory.name}.replaced-{os.getpid()}")
        directory.rename(retired)
        staging.rename(directory)
        shutil.rmtree(retired)
    else:
        staging.rename(directory)
    return directory


def _write_checkpoint(
    model: EngramLM, staging: Path, row_format: str | None, extra_json: dict[str, dict], weights_dtype: torch.dtype | None
) -> None:
    state = {name: t.detach().cpu().contiguous() for name, t in model.state_dict().items()}
    if weights_dtype is not None:  # parameters only: buffers such as MoE expert biases keep their precision
        parameters = dict(model.named_parameters())
        state = {name: t.to(weights_dtype) if name in parameters else t for name, t in state.items()}
    if model.cfg.tie_embeddings:
        del state["unembed.weight"]  # safetensors stores no aliases; loading re-ties it
    for layer in model.cfg.engram.layers if model.cfg.engram else ():
        state.pop(table_key(layer), None)  # resident tables stream out below with the others
    save_file(state, staging / WEIGHTS, metadata={"format_version": str(FORMAT_VERSION)})
    files = [CONFIG, WEIGHTS]
    (staging / CONFIG).write_text(model.cfg.to_json())
    if model.cfg.engram is not None:
        _write_tables(model, staging / TABLES, row_format)
        addressing = {
            "multipliers": {str(k): v for k, v in model.addresser.multipliers.items()},
            "table_sizes": {str(k): v for k, v in model.addresser.table_sizes.items()},
        }
        (staging / ADDRESSING).write_text(json.dumps(addressing, indent=2))
        files += [TABLES, ADDRESSING]
    if model.tokenizer is not None:
        model.tokenizer.save(str(staging / TOKENIZER))
        files.append(TOKENIZER)
    for name, content in extra_json.items():
        if name in files or name == MANIFEST or Path(name).name != name:
            raise CheckpointError(f"extra_json name {name!r} is reserved or not a plain file name; choose another")
        (staging / name).write_text(json.dumps(content, indent=2))
        files.append(name)
    manifest = {
        "format_version": FORMAT_VERSION,
        "compressed_vocab_size": model.cfg.engram.compressed_vocab_size if model.cfg.engram else None,
        "files": {name: {"bytes": (staging / name).stat().st_size, "sha256": sha256_of(staging / name)} for name in files},
    }
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=2))


def _write_tables(model: EngramLM, path: Path, row_format: str | None) -> None:
    tables = {table_key(layer): model.blocks[layer].engram.table for layer in model.cfg.engram.layers}
    if row_format is None:
        formats = sorted({table.row_format for table in tables.values()})
        if len(formats) > 1:
            raise CheckpointError(f"the Engram tables are in different row formats {formats}; pass save_model(..., row_format=...)")
        row_format = formats[0]
    codec = RowCodec(row_format, model.cfg.engram.head_dim)
    table_file = TableFile.create(
        path, {key: (table.num_rows, codec) for key, table in tables.items()}, {"format_version": str(FORMAT_VERSION)}
    )
    chunk = max(1, (64 << 20) // codec.row_bytes)  # 64 MiB at a time
    for key, table in tables.items():
        for start in range(0, table.num_rows, chunk):
            raw = encoded_rows(table, start, min(start + chunk, table.num_rows), codec)
            if raw.any():  # all-zero rows stay holes, so a synthetic table's copy stays sparse
                table_file.write_rows(key, start, raw)


def resolve_checkpoint(name_or_path: str | Path) -> Path:
    """A checkpoint directory, or one of the bundled defaults by name."""
    path = Path(name_or_path)
    if path.is_dir():
        return path
    if str(name_or_path) in DEFAULT_CHECKPOINTS:
        bundled = DATA_DIR / "checkpoints" / str(name_or_path)
        if bundled.is_dir():
            return bundled
        raise CheckpointError(f"the bundled checkpoint {name_or_path!r} is missing from {bundled}; train it with `engram-probe train`")
    raise CheckpointError(f"{name_or_path} is neither a checkpoint directory nor a bundled default {list(DEFAULT_CHECKPOINTS)}")


def verify_checkpoint(directory: Path) -> dict:
    """Check every file the manifest lists against its recorded size and sha256."""
    manifest_path = directory / MANIFEST
    if not manifest_path.is_file():
        raise CheckpointError(f"{manifest_path} is missing: {directory} is not a checkpoint written by save_model")
    try:
        manifest = json.loads(manifest_path.read_text())
        files = manifest["files"]
    except (json.JSONDecodeError, KeyError, TypeError) as err:
        raise CheckpointError(f"{manifest_path} is unreadable ({err}); re-save the checkpoint") from err
    if manifest.get("format_version") != FORMAT_VERSION:
        raise CheckpointError(f"{manifest_path} has format_version {manifest.get('format_version')}; this engine reads {FORMAT_VERSION}")
    for name, expected in files.items():
        path = directory / name
        if not path.is_file():
            raise CheckpointError(f"{path} is listed in the manifest but missing")
        size = path.stat().st_size
        if size != expected["bytes"]:
            raise CheckpointError(f"{path} has {size} bytes, the manifest records {expected['bytes']}: the file is truncated or altered")
        if sha256_of(path) != expected["sha256"]:
            raise CheckpointError(f"{path} does not match its sha256 in the manifest: the file was altered or corrupted")
    return manifest


def load_model(
    name_or_path: str | Path,
    device: str | torch.device = "cpu",
    tokenizer: Tokenizer | None = None,
    verify: bool = True,
    tier: str = "resident",
    *,
    reader: str = "mmap",
    io_threads: int = 4,
    cache_rows: int = 0,
    cache_policy: str = "lru",
    hot_rows: dict[int, np.ndarray] | None = None,
    prefetch: bool = False,
) -> EngramLM:
    """Load a checkpoint directory (or a bundled default by name). `tokenizer` replaces the
    checkpoint's own; it must compress to the recorded size.

    tier: where the Engram tables live. `resident`: parameters on `device` (trainable).
    `host`: encoded rows in CPU memory (pinned for CUDA). `mmap`: the table file itself, read
    row by row on demand (`reader` "mmap": memory-mapped, "pread": explicit reads; either on
    `io_threads` threads); only the rows touched ever enter memory.
    cache_rows: a hot-row cache per Engram layer in front of an offloaded tier, `cache_policy`
    "lru" or "static" (offline LFU: `hot_rows` {layer: flat row ids, most requested first}).
    prefetch: attach a `Prefetcher`, so forward and generate gather rows ahead of the layers.
    verify hashes every file against the manifest (a table file is read once, sequentially).
    """
    _check_tier_options(tier, reader, cache_rows, cache_policy, hot_rows)
    directory = resolve_checkpoint(name_or_path)
    manifest = verify_checkpoint(directory) if verify else json.loads((directory / MANIFEST).read_text())
    cfg = ModelConfig.from_json(directory / CONFIG)
    if tokenizer is None and (directory / TOKENIZER).is_file():
        tokenizer = load_tokenizer(directory / TOKENIZER)
    multipliers = None
    if cfg.engram is not None:
        recorded = manifest.get("compressed_vocab_size")
        if tokenizer is not None:
            size = CompressedVocab.from_tokenizer(tokenizer).size
            if size != recorded:
                raise CheckpointError(
                    f"the tokenizer compresses to {size} ids but {directory / MANIFEST} records {recorded}: "
                    "use the tokenizer the model was trained with"
                )
        addressing = json.loads((directory / ADDRESSING).read_text())
        multipliers = {int(k): v for k, v in addressing["multipliers"].items()}

    tables = None
    if cfg.engram is not None:
        tables = _open_tables(directory / TABLES, cfg, tier, device, reader, io_threads)
        if cache_rows:
            hot = hot_rows or {}
            tables = {layer: CachedTable(t, cache_rows, cache_policy, hot.get(layer)) for layer, t in tables.items()}
    model = EngramLM(cfg, tokenizer, multipliers=multipliers, tables=tables)
    state = _read_safetensors(directory / WEIGHTS)
    if cfg.tie_embeddings:
        state["unembed.weight"] = state["embed.weight"]
    try:
        # the tables arrived above, in their tier; everything else must match exactly
        result = model.load_state_dict(state, strict=False)
    except RuntimeError as err:
        raise CheckpointError(f"{directory / WEIGHTS} does not fit config.json: {err}") from err
    table_keys = {table_key(layer) for layer in cfg.engram.layers} if cfg.engram else set()
    missing = [k for k in result.missing_keys if k not in table_keys]
    if missing or result.unexpected_keys:
        raise CheckpointError(
            f"{directory / WEIGHTS} does not fit config.json: missing {missing}, unexpected {result.unexpected_keys}"
        )
    model = model.to(device).eval()
    if prefetch and cfg.engram is not None:
        model.prefetcher = Prefetcher(model)
    return model


def _check_tier_options(tier: str, reader: str, cache_rows: int, cache_policy: str, hot_rows) -> None:
    """Refuse bad serving options before any file is read."""
    if tier not in TIERS:
        raise TableError(f"tier={tier!r} is not a table tier; choose one of {', '.join(TIERS)}")
    if reader not in READERS:
        raise TableError(f"reader={reader!r} is not a reader of the mmap tier; choose one of {', '.join(READERS)}")
    if cache_rows < 0:
        raise TableError(f"cache_rows={cache_rows} must be >= 0")
    if cache_rows and tier == "resident":
        raise TableError("cache_rows needs an offloaded tier: the resident tier is already the fast one; use tier='host' or 'mmap'")
    if cache_policy not in CACHE_POLICIES:
        raise TableError(f"cache_policy={cache_policy!r} is unknown; choose one of {', '.join(CACHE_POLICIES)}")
    if cache_rows and cache_policy == "static" and not hot_rows:
        raise TableError("cache_policy='static' needs hot_rows {layer: row ids}: measure them with `engram-probe offload rowstats`")


def _open_tables(path: Path, cfg: ModelConfig, tier: str, device, reader: str, io_threads: int) -> dict:
    """Each Engram layer's table in the chosen tier, after checking it against the addressing."""
    try:
        table_file = TableFile(path)
    except TableError as err:
        raise CheckpointError(str(err)) from err
    tables = {}
    for layer, primes in table_primes(cfg.engram).items():
        key, expected = table_key(layer), (sum(map(sum, primes)), cfg.engram.head_dim)
        entry = table_file.entries.get(key)
        got = (entry.num_rows, entry.codec.row_dim) if entry is not None else None
        if got != expected:
            raise CheckpointError(
                f"{path}: table {key} has shape {got}, the addressing needs {expected}; the table and config.json disagree"
            )
        tables[layer] = open_table(table_file, key, tier, device, reader, io_threads)
    return tables


def _read_safetensors(path: Path) -> dict[str, torch.Tensor]:
    try:
        return load_file(path)
    except (SafetensorError, OSError) as err:
        raise CheckpointError(f"{path} is not a readable safetensors file ({err})") from err
