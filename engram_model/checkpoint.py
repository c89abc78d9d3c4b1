"""Checkpoints: a directory of safetensors files, JSON and a manifest of sizes and sha256.
(A DeepSeek-V4.1 checkpoint directory loads too: `engram_model.v41_checkpoint`.)

    config.json               ModelConfig
    model.safetensors         dense weights
    engram_tables.safetensors one row-major table per Engram layer, so a table tier can map
                              it row by row; its metadata records the row format (fp32, bf16,
                              fp16, or fp8_e4m3: `uint8 [rows, D + D/32]`, codes then scales)
    addressing.json           per-layer multipliers and primes (numpy's stream is not frozen)
    tokenizer.json            HF tokenizer, when the model has one
    manifest.json             format version, compressed vocab size, the tokenizer's content
                              sha256 (`tokenizer_sha256`), bytes + sha256 per file
"""

from __future__ import annotations

import json
import shutil
import warnings
from collections.abc import Iterable
from pathlib import Path

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file
from tokenizers import Tokenizer

from .addressing import table_primes
from .config import ModelConfig, parse_json
from .files import remove_leftovers, replace_directory, sha256_of, staging_directory
from .model import EngramLM
from .prefetch import Prefetcher
from .tables import CachedTable, RowCodec, TableError, TableFile, TierOptions, encoded_rows, open_table
from .tables.codec import describe_nonfinite
from .tokenizer import CompressedVocab, load_tokenizer, tokenizer_sha256

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


def save_model(
    model: EngramLM,
    directory: str | Path,
    row_format: str | None = None,
    extra_json: dict[str, dict] | None = None,
    weights_dtype: torch.dtype | None = None,
) -> Path:
    """Write the checkpoint to a temporary sibling and rename it into place, so a reader never
    finds a half-written checkpoint under `directory`. An existing `directory` is replaced
    only when it is empty or a checkpoint (`check_replaceable`); anything else is refused.

    `row_format` (fp32, bf16, fp16, fp8_e4m3) converts the Engram tables; by default they keep
    their own format. Tables stream out in chunks from whatever tier holds them, so a model
    served from an mmap'd table saves without reading the table into memory. `extra_json`
    adds JSON files (name -> object, e.g. a training report) that the manifest covers too.
    `weights_dtype` (e.g. torch.bfloat16) stores the dense floating-point weights in that
    dtype; loading casts them back to the model's own. What an earlier save that was killed left
    beside `directory` is cleared first (`remove_leftovers`)."""
    directory = Path(directory)
    check_replaceable(directory)
    remove_leftovers(directory)
    staging = staging_directory(directory, "saving")
    try:
        _write_checkpoint(model, staging, row_format, extra_json or {}, weights_dtype)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)  # a failed save leaves nothing behind
        raise
    return replace_directory(staging, directory)


def check_replaceable(directory: str | Path, protected: Iterable[str | Path] = ()) -> None:
    """Refuse to replace what a save did not create: `directory` may be missing, empty, or a
    checkpoint whose manifest lists every file in it; it may not be, hold or sit inside any
    `protected` directory (a training run exporting its own checkpoint)."""
    directory = Path(directory)
    if directory.is_symlink():
        raise CheckpointError(f"{directory} is a symbolic link; pass the directory itself, or a new one")
    if directory.exists() and not directory.is_dir():
        raise CheckpointError(f"{directory} is a file, not a checkpoint directory; choose a new or empty directory")
    target = directory.resolve()
    for path in protected:
        guarded = Path(path).resolve()
        if target == guarded or guarded.is_relative_to(target) or target.is_relative_to(guarded):
            raise CheckpointError(
                f"{directory} is, holds or sits inside {path}, which replacing it would destroy; choose a directory outside it"
            )
    if not directory.exists():
        return
    strangers = sorted(p.name for p in directory.iterdir() if p.name not in _files_of_checkpoint(directory))
    if strangers:
        raise CheckpointError(
            f"{directory} holds {', '.join(strangers[:5])}{' …' if len(strangers) > 5 else ''}, which no checkpoint "
            "manifest there lists; refusing to replace it: choose a new or empty directory, or delete it yourself"
        )


def _files_of_checkpoint(directory: Path) -> set[str]:
    """The manifest and the files it lists, or nothing when `directory` holds no readable manifest."""
    try:
        files = parse_json((directory / MANIFEST).read_text(), str(directory / MANIFEST))["files"]
        return {MANIFEST, *files} if isinstance(files, dict) else set()
    except (OSError, ValueError, KeyError, TypeError):
        return set()


def copy_checkpoint(source: str | Path, target: str | Path, protected: Iterable[str | Path] = ()) -> Path:
    """Copy the checkpoint `source` to `target` (checked by `check_replaceable`), whole or not at
    all, after clearing what an earlier copy that was killed left beside it (`remove_leftovers`)."""
    source, target = Path(source), Path(target)
    check_replaceable(target, protected)
    remove_leftovers(target)
    verify_checkpoint(source)
    staging = staging_directory(target, "copying")
    try:
        shutil.copytree(source, staging, dirs_exist_ok=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return replace_directory(staging, target)


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
        "tokenizer_sha256": tokenizer_sha256(model.tokenizer) if model.tokenizer is not None else None,
        "files": {name: {"bytes": (staging / name).stat().st_size, "sha256": sha256_of(staging / name)} for name in files},
    }
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=2))


def _write_tables(model: EngramLM, path: Path, row_format: str | None) -> None:
    tables = {table_key(layer): model.blocks[layer].engram.table for layer in model.cfg.engram.layers}
    if row_format is None:
        formats = sorted({table.row_format for table in tables.values()})
        if len(formats) > 1:
            raise CheckpointError(
                f"the Engram tables are in different row formats {formats}; pass save_model(..., row_format=...)"
            )
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


def shadowed_bundled_name(name: str | Path) -> str | None:
    """Why a bare bundled name (`baseline`) is ambiguous here, or None: a folder of that name in
    the working directory would otherwise be opened in silence instead of the bundled checkpoint."""
    bundled = DATA_DIR / "checkpoints" / str(name)
    if str(name) in DEFAULT_CHECKPOINTS and Path(name).is_dir() and Path(name).resolve() != bundled.resolve():
        return (
            f"{name} names the bundled checkpoint ({bundled}), and a folder {name} is here too: "
            f"pass ./{name} for the folder, or {bundled} for the bundled checkpoint"
        )
    return None


def resolve_checkpoint(name_or_path: str | Path) -> Path:
    """A checkpoint directory, or one of the bundled defaults by its bare name (a string; a Path
    is always a directory, so `./engram` resolved once stays that folder when resolved again)."""
    if isinstance(name_or_path, str) and (problem := shadowed_bundled_name(name_or_path)):
        raise CheckpointError(problem)
    if isinstance(name_or_path, str) and name_or_path in DEFAULT_CHECKPOINTS:
        bundled = DATA_DIR / "checkpoints" / str(name_or_path)
        if bundled.is_dir():
            return bundled
        raise CheckpointError(
            f"the bundled checkpoint {name_or_path!r} is missing from {bundled}; train it with `engram-probe train`"
        )
    path = Path(name_or_path)
    if path.is_dir():
        return path
    raise CheckpointError(f"{name_or_path} is neither a checkpoint directory nor a bundled default {list(DEFAULT_CHECKPOINTS)}")


def _read_manifest(directory: Path) -> dict:
    manifest_path = directory / MANIFEST
    if not manifest_path.is_file():
        raise CheckpointError(f"{manifest_path} is missing: {directory} is not a checkpoint written by save_model")
    try:
        manifest = parse_json(manifest_path.read_text(), str(manifest_path))
        if not isinstance(manifest, dict) or "files" not in manifest:
            raise TypeError("a manifest is a JSON object with format_version and files")
        files = manifest["files"]
        if not isinstance(files, dict) or not all(
            isinstance(e, dict) and isinstance(e.get("bytes"), int) and isinstance(e.get("sha256"), str) for e in files.values()
        ):
            raise TypeError("'files' must map each file name to its bytes and sha256")
        if any(Path(name).name != name for name in files):
            raise TypeError("'files' may name only files inside the checkpoint directory")
    except (OSError, ValueError, TypeError) as err:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise CheckpointError(f"{manifest_path} is unreadable ({err}); re-save the checkpoint") from err
    if manifest.get("format_version") != FORMAT_VERSION:
        raise CheckpointError(
            f"{manifest_path} has format_version {manifest.get('format_version')}; this engine reads {FORMAT_VERSION}"
        )
    return manifest


def verify_checkpoint(directory: Path) -> dict:
    """Check every file the manifest lists against its recorded size and sha256."""
    manifest = _read_manifest(directory)
    for name, expected in manifest["files"].items():
        path = directory / name
        if not path.is_file():
            raise CheckpointError(f"{path} is listed in the manifest but missing")
        size = path.stat().st_size
        if size != expected["bytes"]:
            raise CheckpointError(
                f"{path} has {size} bytes, the manifest records {expected['bytes']}: the file is truncated or altered"
            )
        if sha256_of(path) != expected["sha256"]:
            raise CheckpointError(f"{path} does not match its sha256 in the manifest: the file was altered or corrupted")
    return manifest


def load_checkpoint(
    directory: Path, device: str | torch.device, tokenizer: Tokenizer | None, verify: bool, options: TierOptions
) -> EngramLM:
    """One of our checkpoint directories (`load_model` is the door every kind comes through)."""
    manifest = verify_checkpoint(directory) if verify else _read_manifest(directory)
    cfg = _read_config(directory / CONFIG)
    if tokenizer is None:
        tokenizer = _bundled_tokenizer(directory)
    else:
        _check_tokenizer(tokenizer, directory, manifest, cfg)
    multipliers = None
    if cfg.engram is not None:
        multipliers = _read_multipliers(directory / ADDRESSING)

    tables = None
    if cfg.engram is not None:
        tables = with_cache(_open_tables(directory / TABLES, cfg, options, device), options)
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
    if options.prefetch and cfg.engram is not None:
        model.prefetcher = Prefetcher(model)
    return model


def with_cache(tables: dict, options: TierOptions) -> dict:
    """Each layer's table behind a hot-row cache of `options.cache_rows`, or as it is when 0."""
    if not options.cache_rows:
        return tables
    hot = options.hot_rows or {}
    return {layer: CachedTable(t, options.cache_rows, options.cache_policy, hot.get(layer)) for layer, t in tables.items()}


def _read_config(path: Path) -> ModelConfig:
    try:
        return ModelConfig.from_json(path)
    except (OSError, ValueError, KeyError, TypeError) as err:  # ConfigError is a ValueError
        raise CheckpointError(f"{path} is not a readable ModelConfig ({err}); re-save the checkpoint") from err


def _read_multipliers(path: Path) -> dict[int, list[int]]:
    try:
        return {int(k): [int(m) for m in v] for k, v in parse_json(path.read_text(), str(path))["multipliers"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise CheckpointError(f"{path} does not hold per-layer multipliers ({err}); re-save the checkpoint") from err


def _bundled_tokenizer(directory: Path) -> Tokenizer | None:
    if not (directory / TOKENIZER).is_file():
        return None
    try:
        return load_tokenizer(directory / TOKENIZER)
    except ValueError as err:
        raise CheckpointError(str(err)) from err


def _check_tokenizer(tokenizer: Tokenizer, directory: Path, manifest: dict, cfg: ModelConfig) -> None:
    """A tokenizer given in place of the checkpoint's own must be the same tokenizer: the
    same content when the checkpoint bundles one (another tokenizer of the same size would
    feed the model other ids, silently), else at least the same compressed size."""
    bundled = _bundled_tokenizer(directory)
    if bundled is not None:
        # both hashed now, by this tokenizers version, so a change in its JSON layout cannot refuse a match
        given, expected = tokenizer_sha256(tokenizer), tokenizer_sha256(bundled)
        if given != expected:
            raise CheckpointError(
                f"the given tokenizer (content sha256 {given[:16]}) is not {directory / TOKENIZER} "
                f"(content sha256 {expected[:16]}), the one the model was trained with: it would feed the model other ids; "
                "pass no tokenizer to use the bundled one"
            )
        return
    if cfg.engram is None:
        return
    size, recorded = CompressedVocab.from_tokenizer(tokenizer).size, manifest.get("compressed_vocab_size")
    if size != recorded:
        raise CheckpointError(
            f"the tokenizer compresses to {size} ids but {directory / MANIFEST} records {recorded} "
            f"({directory} bundles no {TOKENIZER}, so only the size can be checked): use the tokenizer the model was trained with"
        )
    warnings.warn(
        f"{directory} bundles no {TOKENIZER}: the given tokenizer is checked only by its compressed size ({size} ids), "
        "not by its content; make sure it is the one the model was trained with",
        stacklevel=3,
    )


def _open_tables(path: Path, cfg: ModelConfig, options: TierOptions, device) -> dict:
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
        try:  # a resident table is checked whole for non-finite rows as it loads; other tiers check rows on gather
            tables[layer] = open_table(table_file, key, options, device)
        except TableError as err:
            raise CheckpointError(str(err)) from err
    return tables


def _read_safetensors(path: Path) -> dict[str, torch.Tensor]:
    """The dense weights, each checked for NaN and infinite values (they are read whole anyway)."""
    try:
        state = load_file(path)
    except (SafetensorError, OSError) as err:
        raise CheckpointError(f"{path} is not a readable safetensors file ({err})") from err
    for name, tensor in state.items():
        problem = describe_nonfinite(tensor)
        if problem:
            raise CheckpointError(f"{path}: tensor {name} {problem}: the checkpoint is corrupt; restore it or save it again")
    return state
