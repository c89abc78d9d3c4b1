"""The features the learned categorizer reads: short strings, one per fact about an n-gram and
the text around it, that the model looks up in its vocabulary (an unknown feature is ignored).

    features(" the Great", "Philip's son Alexander", " crossed into Asia")
    # ['bias', 'f3:<th', ..., 'sh:_x_Xx', 'l1:alexander', 'zf:Xx:5', 'lang:en', ...]

What is read, and why (each family has a prefix, so a weight can be traced back):

* the n-gram itself: lower-cased character 2-4-grams (`f2:`, `f3:`, `f4:`), its words (`w:`)
  and word pairs (`wb:`), its shape (`sh:`, capitals/lower/digits/space/punctuation collapsed)
  and whether it cuts a word (`cut:`). Character n-grams carry most of the signal in every
  script and language.
* the words just before and after it (`l1:`, `l2:`, `r1:`, `r2:`, their shapes), each edge
  word paired with the n-gram's word next to it (`x:`: a relation phrase cut by the n-gram),
  and character trigrams of the text touching it (`le:`, `re:`).
* the line: what it starts with (`ls:`, `lss:`), whether the n-gram starts or ends it (`pos:`),
  indentation and length, code-symbol density (`dens:`), comment or fence markers before the
  n-gram (`cmt`, `fence`), URLs (`url`).
* script (`script:`) and a cheap language guess (`lang:`: script, then stopwords), and for each
  word of the n-gram its `wordfreq` Zipf frequency in that language bucketed and crossed with
  its capitalisation and sentence position (`zf:`, `zfw:`, `cap:`): a capitalised word that is
  rare is likely a name, a frequent one at a sentence start likely not.
* the hand-written rules' verdict (`rule:`, `rs:`, `why:`, see `rule_features`).

A bag of the words around the n-gram was tried and left out: it did not raise the
cross-validated macro-F1 (0.687 without, 0.688 with) and cost a fifth of the time.

Everything is plain string work on the truncated windows; nothing is downloaded. `features`
reads one window; `feature_rows` gives the vocabulary rows of the same features for a batch of
windows, the character n-grams of all of them looked up at once with numpy (`Vocabulary`).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

import numpy as np

from .rules import Categorization
from .rules import categorize_window as _rules_window

BAG = 80  # characters of context either side read for the language guess
EDGE = 6  # characters at each edge read as character trigrams
MAX_FOCUS = 40  # characters of the n-gram read as character n-grams

WORD = re.compile(r"\w+", re.UNICODE)
TOKEN = re.compile(r"\w+|[^\w\s]")
SYMBOL_BYTES = b"{}()[];=<>_/\\#*|:$@&%^~`+"
SENTENCE_END = frozenset(".!?:;\"'“”«»()[]{}*#>|`-–—•=。！？」』")
COMMENT = re.compile(r"(?:^|\s)(?:#|//|--|/\*|\*|<!--|;;|%)")
ASCII_LETTER = re.compile(r"[A-Za-z]")

# Stopwords that tell the Latin-script languages apart (a handful of the commonest each).
STOPWORDS = {
    "en": "the of and to in is that for with was on as by are this from it be at",
    "fr": "le la les des est une du et en que pour dans qui sur au avec par ne pas",
    "es": "el la los las del que una y en es por para con se su al lo como más",
    "de": "der die das und ist nicht mit den von zu ein eine für auf dem des sich im",
    "nl": "de het een van en is niet op te dat voor met zijn aan om bij ook er",
    "it": "il di che la è un una per del della non sono con gli le nel alla",
    "pt": "o os de que uma do da em para com não é no na dos das ao pelo",
    "pl": "i w na się nie z do że jest to jak od za po przez oraz dla",
    "tr": "ve bir bu da de için ile olarak daha çok gibi olan en ama",
    "vi": "và của là có không được cho các những trong một này với người đã",
}
STOPWORD_LANGUAGE = {}
for _language, _words in reversed(STOPWORDS.items()):  # a word shared by two languages counts for the first
    for _word in _words.split():
        STOPWORD_LANGUAGE[_word] = _language


def features(ngram: str, left: str, right: str) -> list[str]:
    """The feature strings of one (already truncated) window; `ngram` is not blank."""
    focus = ngram[:MAX_FOCUS]
    own, text = _focus_features(focus)
    return [
        *own,
        *neighbour_features(left, focus, right, text),
        *edge_features(left, right),
        *_line(left, focus, right),
        *language_features(left, focus, right, text),
        *rule_features(ngram, left, right),
    ]


class FocusText(NamedTuple):
    """What the context features read of the n-gram's own text, and its word features."""

    words: tuple[str, ...]  # as written
    lowered: tuple[str, ...]
    shape: str
    script: str
    word_features: tuple[str, ...]  # `w:`, `wb:` and `sh:`


@lru_cache(maxsize=1 << 15)
def _focus_features(focus: str) -> tuple[tuple[str, ...], FocusText]:
    """The features of the n-gram's own text, and its `FocusText`; memoised, since the same
    n-grams recur across many contexts."""
    text = focus_text(focus)
    return ("bias", *char_grams(focus), *text.word_features), text


def char_grams(focus: str) -> list[str]:
    """The lower-cased character 2-, 3- and 4-grams of the n-gram, padded with `<` and `>`."""
    padded = f"<{focus.lower()}>"
    return [f"f{n}:{padded[i : i + n]}" for n in CHAR_GRAMS for i in range(len(padded) - n + 1)]


CHAR_GRAMS = (2, 3, 4)


def focus_text(focus: str) -> FocusText:
    words = tuple(WORD.findall(focus))
    lowered = tuple(map(str.lower, words))
    focus_shape = shape(focus)
    word_features = (
        *map("w:".__add__, lowered),
        *[f"wb:{a}_{b}" for a, b in zip(lowered, lowered[1:])],
        f"sh:{focus_shape}",
    )
    return FocusText(words, lowered, focus_shape, script_of(focus), word_features)


def _left_cut(left: str, focus: str) -> bool:
    """Whether the n-gram starts inside a word."""
    return bool(left) and left[-1].isalnum() and focus[0].isalnum()


def neighbour_features(left: str, focus: str, right: str, text: FocusText) -> list[str]:
    """Whether the n-gram cuts a word, the two words on either side of it and their shapes, and
    the edge words paired with the n-gram's own."""
    right_cut = bool(right) and right[0].isalnum() and focus[-1].isalnum()
    before = TOKEN.findall(left[-30:])
    after = TOKEN.findall(right[:30])
    l1 = before[-1].lower() if before else "^"
    r1 = after[0].lower() if after else "$"
    out = [
        f"cut:{_left_cut(left, focus):d}{right_cut:d}",
        f"l1:{l1}",
        f"l2:{before[-2].lower() if len(before) > 1 else '^'}",
        f"l1s:{shape(before[-1]) if before else '^'}",
        f"r1:{r1}",
        f"r2:{after[1].lower() if len(after) > 1 else '$'}",
        f"r1s:{shape(after[0]) if after else '$'}",
    ]
    lowered = text.lowered
    if lowered:  # the words on either side of the n-gram's edges, paired (relation phrases cut by the n-gram)
        out += [f"x:{l1}|{lowered[0]}", f"x:{lowered[-1]}|{r1}"]
    return out


def edge_features(left: str, right: str) -> list[str]:
    """Character trigrams of the EDGE characters either side of the n-gram."""
    edges = _edges(left, right)
    return [f"le:{edges[i : i + 3]}" for i in range(EDGE - 2)] + [f"re:{edges[i : i + 3]}" for i in range(EDGE, 2 * EDGE - 2)]


def _edges(left: str, right: str) -> str:
    return f"{left[-EDGE:]:^>{EDGE}}{right[:EDGE]:$<{EDGE}}"  # padded when the context is short: 2 * EDGE characters


def language_features(left: str, focus: str, right: str, text: FocusText) -> list[str]:
    """The n-gram's script and language, and its words' frequencies in that language."""
    script = text.script
    language = guess_language(script, f"{left[-BAG:]} {focus} {right[:BAG]}")
    out = [f"script:{script}", f"lang:{language}", f"shl:{language}:{text.shape}"]
    first = "start" if _starts_sentence(left) and not _left_cut(left, focus) else "mid"
    for index, word in enumerate(text.words[:4]):
        case = word_case(word)
        where = first if index == 0 else "mid"
        zipf = zipf_bucket(text.lowered[index], language)
        out += [f"zf:{case}:{zipf}", f"zfw:{case}:{zipf}:{where}"]
        if case == "Xx":
            out.append(f"cap:{where}")
    return out


def rule_features(ngram: str, left: str, right: str) -> list[str]:
    """What the hand-written rules (`rules.py`) say: their label, their scores (bucketed) and
    the kinds of evidence that fired. They hold the phrase lists, licence vocabulary and code
    shapes, which the model learns to trust where they are reliable (code, licences, English
    documentation) and to overrule where they are not."""
    return verdict_features(_rules_window(ngram, left, right))


def verdict_features(verdict: Categorization) -> list[str]:
    """`rule_features` of the rules' verdict on the window."""
    out = [f"rule:{verdict.label}"]
    out += [f"rs:{kind}:{int(score * 5)}" for kind, score in verdict.scores.items() if kind != "other" and score > 0]
    out += [f"why:{_evidence_kind(reason)}" for reason in verdict.evidence[:3]]
    return out


def _evidence_kind(reason: str) -> str:
    """'names: capitalised mid-sentence 'Curie'' -> 'names:capitalised' (the rule, not its words)."""
    kind, _, text = reason.partition(": ")
    return f"{kind}:{EVIDENCE_WORD.match(text).group()}"


EVIDENCE_WORD = re.compile(r"[^ '(]*")


def _line(left: str, focus: str, right: str) -> list[str]:
    line_left = left[left.rfind("\n") + 1 :]
    line_end = right.find("\n")
    line_right = right if line_end < 0 else right[:line_end]
    line = line_left + focus + line_right
    stripped = line.lstrip()
    raw = line.encode("utf-8", "surrogatepass")
    symbols = len(raw) - len(raw.translate(None, SYMBOL_BYTES))
    nonspace = len(line) - line.count(" ")
    out = [
        f"ls:{stripped[:2]}",
        f"lss:{shape(stripped[:3])}",
        f"pos:{'in' if line_left.strip() else 'start'}{'' if line_right.strip() else 'end'}",
        f"ind:{min(len(line) - len(stripped), 8) // 2}",
        f"len:{min(len(line).bit_length(), 9)}",
        f"dens:{min(10 * symbols // nonspace, 5) if nonspace else 0}",
    ]
    if COMMENT.search(line_left):
        out.append("cmt")
    if "```" in left and left.count("```") % 2:
        out.append("fence")
    if "://" in line or "www." in line:
        out.append("url")
    return out


@lru_cache(maxsize=1 << 16)
def shape(text: str) -> str:
    """Capitals as X, lower case as x, digits as 9, white space as _, CJK and other letters
    without case as L, punctuation as itself; runs collapsed, at most 12 characters."""
    out = []
    for char in text:
        if char.isspace():
            mark = "_"
        elif char.isdigit():
            mark = "9"
        elif char.isupper():
            mark = "X"
        elif char.islower():
            mark = "x"
        elif char.isalpha():
            mark = "L"
        else:
            mark = char
        if not out or out[-1] != mark:
            out.append(mark)
    return "".join(out)[:12]


def word_case(word: str) -> str:
    if word.isdigit():
        return "9"
    if word.isupper():
        return "X" if len(word) > 1 else "Xx"
    if word[0].isupper():
        return "Xx"
    if word.islower():
        return "x"
    return "L" if word.isalpha() else "m"


def script_of(text: str) -> str:
    """The script of the first letter that is not ASCII, 'latin' for ASCII letters, 'none'
    without letters."""
    if text.isascii():  # the common case, without a loop over the characters
        return "latin" if ASCII_LETTER.search(text) else "none"
    for char in text:
        if char.isalpha():
            if char < "\u0250":
                continue  # Latin: keep looking for a letter of another script
            return _script(char)
    return "latin" if any(char.isalpha() for char in text) else "none"


def _script(char: str) -> str:
    point = ord(char)
    for end, name in SCRIPT_RANGES:
        if point < end:
            return name
    return "other"


SCRIPT_RANGES = (
    (0x0250, "latin"),
    (0x0370, "latin"),
    (0x0400, "greek"),
    (0x0530, "cyrillic"),
    (0x0600, "other"),
    (0x0780, "arabic"),
    (0x0900, "other"),
    (0x0980, "devanagari"),
    (0x1100, "other"),
    (0x1200, "hangul"),
    (0x1E00, "other"),
    (0x1F00, "latin"),
    (0x3040, "other"),
    (0x3100, "kana"),
    (0x3400, "other"),
    (0xA000, "han"),
    (0xAC00, "other"),
    (0xD7B0, "hangul"),
    (0xF900, "other"),
    (0xFB00, "han"),
    (0xFE70, "other"),
    (0xFF00, "arabic"),
    (0x10000, "other"),
)
SCRIPT_LANGUAGE = {"cyrillic": "ru", "arabic": "ar", "devanagari": "hi", "hangul": "ko", "kana": "ja", "han": "zh"}


def guess_language(script: str, text: str) -> str:
    """ISO 639-1 code: by script where one language owns it here (Han is Japanese when kana are
    near), else the language whose stopwords occur most often in `text` (the first to occur of
    those tied); 'en' by default."""
    if script == "latin" or script == "none":
        found = [*filter(None, map(STOPWORD_LANGUAGE.get, text.lower().split()))]  # the words' languages, in C
        return max(dict.fromkeys(found), key=found.count) if found else "en"
    if script == "han" and any("\u3040" <= char < "\u3100" for char in text):
        return "ja"
    return SCRIPT_LANGUAGE.get(script, "other")


def _starts_sentence(left: str) -> bool:
    stripped = left.rstrip()
    return not stripped or stripped[-1] in SENTENCE_END or "\n" in left[len(stripped) :]


@lru_cache(maxsize=1 << 16)
def zipf_bucket(word: str, language: str) -> int:
    """wordfreq's Zipf frequency of a lower-cased word in `language`, floored (0 when unknown
    or the language has no table)."""
    frequency = _frequencies(language).get(word)
    return max(0, min(7, int(math.log10(frequency) + 9.0))) if frequency else 0


@cache
def _frequencies(language: str) -> dict[str, float]:
    import wordfreq

    try:
        return wordfreq.get_frequency_dict(language)
    except (LookupError, ValueError):  # a language wordfreq has no table for
        return {}


# ------------------------------------------------------------------ many windows at once

# the character n-gram families that `Vocabulary` looks up with numpy: prefix -> n
GRAM_FAMILIES = {"f2:": 2, "f3:": 3, "f4:": 4, "le:": 3, "re:": 3}


@dataclass(frozen=True)
class Vocabulary:
    """A model's feature strings and their rows, with its character n-gram features
    (GRAM_FAMILIES: `char_grams`, `edge_features`) also as integer keys, so that the n-grams of
    a whole batch are looked up in a few numpy operations rather than one string at a time: a
    character is its rank among the characters of those features (from 1; 0 when none has
    it), and an n-gram packs its characters' ranks, 16 bits each (so a 4-gram fills a uint64,
    and one that holds an unranked character matches none)."""

    rows: dict[str, int]  # feature string -> row
    ranks: np.ndarray  # [0x110000] uint16: code point -> rank
    gram_keys: dict[str, np.ndarray]  # prefix -> the packed n-grams of its features, sorted (uint64)
    gram_rows: dict[str, np.ndarray]  # prefix -> their rows (int64)

    @classmethod
    def build(cls, rows: dict[str, int]) -> Vocabulary:
        grams: dict[str, list[tuple[str, int]]] = {prefix: [] for prefix in GRAM_FAMILIES}
        for name, row in rows.items():
            prefix = name[:3]
            if prefix in grams and len(name) == 3 + GRAM_FAMILIES[prefix]:
                grams[prefix].append((name[3:], row))
        characters = sorted({char for found in grams.values() for text, _ in found for char in text})
        if len(characters) >= 1 << 16:
            raise ValueError(f"the character n-gram features hold {len(characters)} characters; at most 65535 pack into 16 bits")
        ranks = np.zeros(0x110000, dtype=np.uint16)
        ranks[[ord(char) for char in characters]] = np.arange(1, len(characters) + 1)
        keys, key_rows = {}, {}
        for prefix, n in GRAM_FAMILIES.items():
            packed = _packed(ranks[_code_points("".join(text for text, _ in grams[prefix]))], n)[::n]  # [features]
            order = np.argsort(packed)
            keys[prefix] = packed[order]
            key_rows[prefix] = np.array([row for _, row in grams[prefix]], dtype=np.int64)[order]
        return cls(rows, ranks, keys, key_rows)

    def find(self, prefix: str, packed: np.ndarray) -> np.ndarray:
        """The rows of the `prefix` features of packed n-grams, -1 where there is none."""
        keys = self.gram_keys[prefix]
        if not len(keys):
            return np.full(packed.shape, -1, dtype=np.int64)
        where = np.minimum(np.searchsorted(keys, packed), len(keys) - 1)
        return np.where(keys[where] == packed, self.gram_rows[prefix][where], -1)


def _code_points(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)  # a lone surrogate is one code point too


def _packed(ranks: np.ndarray, n: int) -> np.ndarray:
    """The n characters from each position of `ranks` on, packed: [len(ranks) - n + 1] uint64."""
    count = max(len(ranks) - n + 1, 0)
    wide = ranks.astype(np.uint64)
    packed = np.zeros(count, dtype=np.uint64)
    for j in range(n):
        packed = (packed << np.uint64(16)) | wide[j : j + count]
    return packed


def _split(found: np.ndarray, group_starts: np.ndarray) -> list[list[int]]:
    """The non-negative entries of `found`, cut into the groups that start at `group_starts`."""
    kept = found >= 0
    ends = np.cumsum(np.add.reduceat(kept.astype(np.int64), group_starts)).tolist()
    flat = found[kept].tolist()
    return [flat[start:end] for start, end in zip([0, *ends[:-1]], ends)]


def char_gram_rows(foci: Sequence[str], vocabulary: Vocabulary) -> list[list[int]]:
    """`[[vocabulary.rows[g] for g in char_grams(focus) if g in vocabulary.rows] for focus in foci]`,
    in one pass over the foci's characters: every n-gram of the joined texts is packed and found
    by binary search, and those that stay inside their text are laid out text by text, n by n."""
    if not foci:
        return []
    padded = [f"<{focus.lower()}>" for focus in foci]
    lengths = np.fromiter(map(len, padded), dtype=np.int64, count=len(padded))
    starts = np.cumsum(lengths) - lengths
    ranks = vocabulary.ranks[_code_points("".join(padded))]  # [characters]
    owner = np.repeat(np.arange(len(padded)), lengths)
    at = np.arange(len(ranks)) - starts[owner]  # position in its own text
    # text i's n-grams go to [3 * starts[i], 3 * (starts[i] + lengths[i])): its 2-grams first, then 3-, then 4-grams
    found = np.full(len(CHAR_GRAMS) * len(ranks), -1, dtype=np.int64)
    for k, n in enumerate(CHAR_GRAMS):
        packed = _packed(ranks, n)
        text, position = owner[: len(packed)], at[: len(packed)]
        inside = position + n <= lengths[text]
        slot = len(CHAR_GRAMS) * starts[text] + k * lengths[text] + position
        found[slot[inside]] = vocabulary.find(f"f{n}:", packed[inside])
    return _split(found, len(CHAR_GRAMS) * starts)


def edge_rows(windows: Sequence[tuple[str, str, str]], vocabulary: Vocabulary) -> list[list[int]]:
    """`[[vocabulary.rows[f] for f in edge_features(left, right) if f in vocabulary.rows] for _, left, right in windows]`."""
    if not windows:
        return []
    width = 2 * EDGE
    ranks = vocabulary.ranks[_code_points("".join(_edges(left, right) for _, left, right in windows))]
    # [windows, width]: the trigram from each character (the last two run past their window, and are not read)
    packed = np.append(_packed(ranks, 3), np.zeros(2, dtype=np.uint64)).reshape(-1, width)
    found = np.concatenate(
        [vocabulary.find("le:", packed[:, : EDGE - 2]), vocabulary.find("re:", packed[:, EDGE : width - 2])], axis=1
    )
    return _split(found.ravel(), np.arange(0, found.size, found.shape[1]))


def feature_rows(
    windows: Sequence[tuple[str, str, str]], verdicts: Sequence[Categorization], vocabulary: Vocabulary
) -> tuple[np.ndarray, np.ndarray]:
    """The rows of the windows' known features, as `[[vocabulary.rows[f] for f in features(*w) if
    f in vocabulary.rows] for w in windows]` would list them, given the rules' verdicts on the
    windows (non-blank n-grams): all windows' rows one after another ([rows] int64) and how
    many each window has ([windows] int64). Computed for the batch: the n-gram's own features
    once per distinct n-gram (its character n-grams for all of them at once, `char_gram_rows`),
    the edges' trigrams of all windows at once (`edge_rows`), the rules' features once per
    distinct verdict, and the rest looked up as -1 when unknown and dropped in one numpy pass."""
    get = vocabulary.rows.get
    unknown = itertools.repeat(-1)
    foci = list(dict.fromkeys(ngram[:MAX_FOCUS] for ngram, _, _ in windows))
    texts = {focus: focus_text(focus) for focus in foci}
    own = {
        focus: [get("bias", -1), *grams, *map(get, texts[focus].word_features, unknown)]
        for focus, grams in zip(foci, char_gram_rows(foci, vocabulary))
    }
    by_verdict: dict[tuple, list[int]] = {}
    rows: list[int] = []  # with -1 for the unknown features
    extend = rows.extend
    starts = []
    for (ngram, left, right), verdict, edges in zip(windows, verdicts, edge_rows(windows, vocabulary)):
        starts.append(len(rows))
        focus = ngram[:MAX_FOCUS]
        text = texts[focus]
        extend(own[focus])
        extend(map(get, neighbour_features(left, focus, right, text), unknown))
        extend(edges)
        extend(map(get, _line(left, focus, right), unknown))
        extend(map(get, language_features(left, focus, right, text), unknown))
        key = (verdict.label, *verdict.scores.values(), *verdict.evidence[:3])
        rule_rows = by_verdict.get(key)
        if rule_rows is None:
            rule_rows = by_verdict[key] = [*map(get, verdict_features(verdict), unknown)]
        extend(rule_rows)
    flat = np.array(rows, dtype=np.int64)
    known = flat >= 0
    if not starts:
        return flat, np.zeros(0, dtype=np.int64)
    return flat[known], np.add.reduceat(known.astype(np.int64), np.array(starts))  # every window has some features (`cut:`)
