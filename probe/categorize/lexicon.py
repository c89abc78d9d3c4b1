"""Word lists the rules read: phrase lists written for the categorizer (`resources/*.txt`),
code keywords taken from Pygments' own lexers, and English word frequencies from wordfreq.

Everything here is offline and loaded once per process (`lexicon()` is cached).
"""

from __future__ import annotations

import math
import re
import string
import threading
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

RESOURCE_DIR = Path(__file__).parent / "resources"

# Phrase matching works on lower-cased tokens: words, plus the punctuation that phrases such
# as "Copyright (c)", "et al." or ":param" need. Quotes are left out so `"AS IS"` and `AS IS`
# read alike. Phrase words are ASCII (© is matched as punctuation), so ASCII word characters
# suffice, and are faster to match.
PHRASE_TOKEN = re.compile(r"\w+|[():./\-©@\[\]]", re.ASCII)
# In ASCII text string methods find the same tokens faster than the regex, whose cost is
# mostly per match: every character that is neither a word character nor a mark becomes a
# space, the marks get spaces around them, and the text is split.
TOKEN_MARKS = "():./-@[]"  # the ASCII marks of PHRASE_TOKEN
ONLY_TOKEN_CHARACTERS = bytes(
    byte if chr(byte) in string.ascii_letters + string.digits + "_" + TOKEN_MARKS else ord(" ") for byte in range(256)
)
SPACED_MARKS = tuple((mark, f" {mark} ") for mark in TOKEN_MARKS)

BOILERPLATE_FAMILIES = ("licence", "bibliography", "api_docs", "web_furniture", "readme_furniture")


def read_list(name: str) -> list[str]:
    """Lines of `resources/<name>.txt`, without blank lines and `#` comments."""
    path = RESOURCE_DIR / f"{name}.txt"
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def phrase_tokens(text: str) -> tuple[str, ...]:
    return tuple(PHRASE_TOKEN.findall(text.lower()))


def find_phrase_tokens(text: str) -> list[str]:
    """`PHRASE_TOKEN.findall(text)`; for text of more than a few words."""
    if not text.isascii():
        return PHRASE_TOKEN.findall(text)
    spaced = text.encode("ascii").translate(ONLY_TOKEN_CHARACTERS).decode("ascii")
    for mark, spaced_mark in SPACED_MARKS:
        if mark in spaced:
            spaced = spaced.replace(mark, spaced_mark)
    return spaced.split()


@dataclass(frozen=True)
class PhraseIndex:
    """Tagged phrases keyed by their first two tokens (one-token phrases by that token), longest
    first, so one pass over a token list finds the phrases starting at each position with two
    dictionary look-ups (a cheap stand-in for Aho-Corasick)."""

    single: dict[str, tuple[str, ...]]  # one-token phrase -> its tags
    by_pair: dict[tuple[str, str], tuple[tuple[tuple[str, ...], str], ...]]
    first_tokens: frozenset[str]  # tokens that start some phrase
    neighbours: frozenset[tuple[str, str]]  # pairs of tokens that stand next to each other in some phrase
    leading: frozenset[str]  # the first tokens of those pairs
    following: frozenset[str]  # the second tokens of those pairs
    last_tokens: dict[str, frozenset[str]]  # tag -> the last tokens of its phrases

    @classmethod
    def build(cls, tagged_phrases: list[tuple[str, str]]) -> PhraseIndex:
        single: dict[str, list[str]] = {}
        by_pair: dict[tuple[str, str], list[tuple[tuple[str, ...], str]]] = {}
        neighbours: set[tuple[str, str]] = set()
        last_tokens: dict[str, set[str]] = {}
        for phrase, tag in tagged_phrases:
            tokens = phrase_tokens(phrase)
            if len(tokens) == 1:
                single.setdefault(tokens[0], []).append(tag)
            elif tokens:
                by_pair.setdefault(tokens[:2], []).append((tokens, tag))
                neighbours.update(pairwise(tokens))
            if tokens:
                last_tokens.setdefault(tag, set()).add(tokens[-1])
        return cls(
            {token: tuple(dict.fromkeys(tags)) for token, tags in single.items()},
            {pair: tuple(sorted(entries, key=lambda e: -len(e[0]))) for pair, entries in by_pair.items()},
            frozenset(single) | frozenset(first for first, _ in by_pair),
            frozenset(neighbours),
            frozenset(first for first, _ in neighbours),
            frozenset(second for _, second in neighbours),
            {tag: frozenset(tokens) for tag, tokens in last_tokens.items()},
        )

    def matches(self, tokens: list[str], first: int = 0, stop: int | None = None) -> list[tuple[int, int, str]]:
        """(start, end, tag) token spans of the phrases starting at positions first..stop-1 of
        `tokens`: at each start, the longest phrase of each tag."""
        found = []
        pair_get, single_get, firsts = self.by_pair.get, self.single.get, self.first_tokens
        for i in range(max(0, first), len(tokens) if stop is None else min(stop, len(tokens))):
            if tokens[i] not in firsts:
                continue
            tags = []
            entries = pair_get((tokens[i], tokens[i + 1])) if i + 1 < len(tokens) else None
            if entries is not None:
                for phrase, tag in entries:
                    n = len(phrase)
                    if tag not in tags and (n == 2 or tuple(tokens[i : i + n]) == phrase):
                        found.append((i, i + n, tag))
                        tags.append(tag)
            for tag in single_get(tokens[i], ()):
                if tag not in tags:
                    found.append((i, i + 1, tag))
        return found


def _pygments_keywords() -> frozenset[str]:
    """Keywords and builtins that Pygments' Python, Rust and C lexers list explicitly, so that
    the cheap rules recognise the same vocabulary the lexers would tag as Keyword/Name.Builtin."""
    from pygments.lexer import words
    from pygments.lexers import CLexer, PythonLexer, RustLexer

    found: set[str] = set()
    for lexer in (PythonLexer, RustLexer, CLexer):
        for rules in lexer.tokens.values():
            for rule in rules:
                if isinstance(rule, tuple) and isinstance(rule[0], words):
                    found.update(rule[0].words)
    return frozenset(found)


@dataclass(frozen=True)
class Lexicon:
    phrases: PhraseIndex  # tagged with a boilerplate family or "relation"
    licence_phrases: PhraseIndex  # the licence family alone, for counting licence phrases in a window
    readme_headings: frozenset[str]
    copulas: frozenset[str]
    name_parts: frozenset[str]
    gazetteer: frozenset[str]
    demonyms: frozenset[str]
    not_names: frozenset[str]
    code_keywords: dict[str, str]  # lower-cased -> as Pygments spells it, for those with capitals
    word_frequency: dict[str, float]

    def zipf(self, word: str) -> float:
        """wordfreq's Zipf frequency of a lower-cased word (0 when unknown), read from the
        frequency table directly: `wordfreq.zipf_frequency` re-tokenises every call and costs
        ~200 µs, a dictionary look-up well under one."""
        frequency = self.word_frequency.get(word)
        return math.log10(frequency) + 9.0 if frequency else 0.0


_LOADING = threading.Lock()


def lexicon() -> Lexicon:
    # one load at a time: the gate browser loads it in a thread while a page may need it, and
    # Pygments' lexers module, imported lazily, fails when two threads import it at once
    with _LOADING:
        return _load_lexicon()


@cache
def _load_lexicon() -> Lexicon:
    import wordfreq

    relation_lines = read_list("relational")
    return Lexicon(
        phrases=PhraseIndex.build(
            [(p, family) for family in BOILERPLATE_FAMILIES for p in read_list(family)]
            + [(p, "relation") for p in relation_lines if not p.startswith("!")]
        ),
        licence_phrases=PhraseIndex.build([(p, "licence") for p in read_list("licence")]),
        readme_headings=frozenset(h.lower() for h in read_list("readme_headings")),
        copulas=frozenset(p[1:] for p in relation_lines if p.startswith("!")),
        name_parts=frozenset(read_list("name_parts")),
        gazetteer=frozenset(read_list("gazetteer")),
        demonyms=frozenset(read_list("demonyms")),
        not_names=frozenset(read_list("not_names")),
        code_keywords={word.lower(): word for word in _pygments_keywords() if not word.islower()},
        word_frequency=wordfreq.get_frequency_dict("en"),
    )
