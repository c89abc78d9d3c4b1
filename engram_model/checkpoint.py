"""Checkpoints: a directory of safetensors files, JSON and a manifest of sizes and sha256.

    config.json               ModelConfig
    model.safetensors         dense weights
    engram_tables.safetensors one row-major `[rows, head_dim]` tensor per Engram layer, so a
                              table tier can map it row by row
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

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file
from tokenizers import Tokenizer

from .config import ModelConfig
from .model import EngramLM
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
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
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


def save_model(model: EngramLM, directory: str | Path) -> Path:
    """Write the checkpoint to a temporary sibling and rename it into place, so a reader never
    finds a half-written checkpoint under `directory`."""
    directory = Path(directory)
    staging = directory.with_name(f".{directory.name}.saving-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)

    state = {name: t.detach().cpu().contiguous() for name, t in model.state_dict().items()}
    if model.cfg.tie_embeddings:
        del state["unembed.weight"]  # safetensors stores no aliases; loading re-ties it
    tables = {name: state.pop(name) for name in [table_key(layer) for layer in model.cfg.engram.layers]} if model.cfg.engram else {}
    save_file(state, staging / WEIGHTS, metadata={"format_version": str(FORMAT_VERSION)})
    files = [CONFIG, WEIGHTS]
    (staging / CONFIG).write_text(model.cfg.to_json())
    if tables:
        save_file(tables, staging / TABLES, metadata={"format_version": str(FORMAT_VERSION)})
        addressing = {
            "multipliers": {str(k): v for k, v in model.addresser.multipliers.items()},
            "table_sizes": {str(k): v for k, v in model.addresser.table_sizes.items()},
        }
        (staging / ADDRESSING).write_text(json.dumps(addressing, indent=2))
        files += [TABLES, ADDRESSING]
    if model.tokenizer is not None:
        model.tokenizer.save(str(staging / TOKENIZER))
        files.append(TOKENIZER)
    manifest = {
        "format_version": FORMAT_VERSION,
        "compressed_vocab_size": model.cfg.engram.compressed_vocab_size if model.cfg.engram else None,
        "files": {name: {"bytes": (staging / name).stat().st_size, "sha256": sha256_of(staging / name)} for name in files},
    }
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=2))

    if directory.exists():
        retired = directory.with_name(f".{directory.name}.replaced-{os.getpid()}")
        directory.rename(retired)
        staging.rename(directory)
        shutil.rmtree(retired)
    else:
        staging.rename(directory)
    return directory


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
) -> EngramLM:
    """Load a checkpoint directory (or a bundled default by name). `tokenizer` replaces the
    checkpoint's own; it must compress to the recorded size."""
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

    model = EngramLM(cfg, tokenizer, multipliers=multipliers)
    state = _read_safetensors(directory / WEIGHTS)
    if cfg.engram is not None:
        tables = _read_safetensors(directory / TABLES)
        for layer, primes in model.addresser.table_sizes.items():
            key, rows = table_key(layer), sum(map(sum, primes))
            expected = (rows, cfg.engram.head_dim)
            got = tuple(tables[key].shape) if key in tables else None
            if got != expected:
                raise CheckpointError(
                    f"{directory / TABLES}: table {key} has shape {got}, the addressing needs {expected}; "
                    "the table and config.json disagree"
                )
        state.update(tables)
    if cfg.tie_embeddings:
        state["unembed.weight"] = state["embed.weight"]
    try:
        model.load_state_dict(state, strict=True)
    except RuntimeError as err:
        raise CheckpointError(f"{directory / WEIGHTS} does not fit config.json: {err}") from err
    return model.to(device).eval()


def _read_safetensors(path: Path) -> dict[str, torch.Tensor]:
    try:
        return load_file(path)
    except (SafetensorError, OSError) as err:
        raise CheckpointError(f"{path} is not a readable safetensors file ({err})") from err
