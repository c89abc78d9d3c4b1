"""Which kind of text a retrieved n-gram is: `names`, `code`, `relational`, `boilerplate`
or `other`, decided by rules over the n-gram and the text around it.

The labels follow `data/categorizer/GUIDELINES.md`. Each of the four kinds gets a score in
[0, 1] from its own rules; a kind *applies* when its score reaches `APPLIES` (0.5). The rules
run in `PRECEDENCE` order and the first kind that applies is the label:

    boilerplate > code > names > relational > other

because that is the guidelines' tie-break: a name inside a licence or a reference entry is
still boilerplate (the stretch of formulaic text is what a memory would store), a name used
as an identifier is code, and a relation phrase that contains a name ("born in Paris") is a
name. Kinds after the deciding one are not evaluated (score 0.0: they could not change the
label, and skipping them is most of the speed budget); `other` scores one minus the largest
score, and is the label when no kind applies.

What the rules read (all offline):

* boilerplate: phrase lists (`resources/*.txt`) of licence text, citation furniture, API
  documentation scaffolding, website and README furniture, matched on tokens overlapping the
  n-gram; docstring section headers, field markers and Markdown headings in header position;
  the density of legal vocabulary on both sides; reference-list entries; badge and package
  metadata lines; menu-like runs of short lines.
* code: ``` fences, inline code spans, HTML tags, URLs and paths around the n-gram, identifier
  and operator shapes (snake_case, lowerCamel, dotted calls, `::`, `->`), statement-shaped
  lines, code-symbol density, and keywords and builtins taken from Pygments' lexers. Prose
  inside code (the words of a comment or a docstring, or a run of plain words beside a code
  block) is judged by its words, as the guidelines ask. Pygments is used for its vocabulary
  rather than run on each context: lexing a 300-character window costs about half a
  millisecond, some twenty-five times the per-n-gram budget.
* names: capitalised words that do not start a sentence; at the start of one, rare words by
  wordfreq's Zipf frequency, a gazetteer of well-known places, or the same word capitalised
  mid-sentence nearby; name connectors ("of", "the", "de") between capitalised words; titles
  and name parts ("Princess", "Mount") next to capitalised words; adjectives of nationality
  before a lower-case noun are not names.
* relational: ReVerb-style relation phrases (verb + preposition, relational noun + "of",
  "according to", "known as"), copulas followed by a determiner or a participle, and the
  preposition that continues a relation whose head sits just left of the n-gram.

Robustness: inputs are truncated to `LEFT_WINDOW`/`RIGHT_WINDOW` characters nearest the
n-gram; special tokens such as `<|pad|>` are dropped; empty and whitespace-only n-grams are
`other`; any Unicode is accepted (the rules only look for ASCII structure). Results are
memoised on the (n-gram, truncated contexts) triple.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from types import MappingProxyType

from .lexicon import PHRASE_TOKEN, find_phrase_tokens, lexicon

LABELS = ("names", "code", "relational", "boilerplate", "other")
PRECEDENCE = ("boilerplate", "code", "names", "relational")
APPLIES = 0.5

LEFT_WINDOW = 300  # characters of left context kept (nearest the n-gram)
RIGHT_WINDOW = 200
MAX_NGRAM = 200
NEAR_LEFT = 120  # the local rules read this much context either side of the n-gram
NEAR_RIGHT = 80
PHRASE_REACH = 60  # phrase tokens are read this many characters either side of the n-gram
LONGEST_PHRASE = 10  # tokens; no phrase list has a longer entry
CACHE_SIZE = 1 << 15

SPECIAL_TOKEN = re.compile(r"<\|[^|<>\s]{1,24}\|>")
# The word a piece continues, read backwards from the end of the left context (anchored
# matching on the reversed tail is much cheaper than searching for `\Z`). Hyphenated words
# stay whole: "Kinkaku-" + "ji".
TRAILING_WORD_REVERSED = re.compile(r"-?\w+(?:-\w+)*")
LEADING_WORD = re.compile(r"\A\w+(?:-\w+)*")
WORD = re.compile(r"[^\W\d_](?:[\w'’]*\w)?|\d+")


@dataclass(frozen=True)
class Categorization:
    """`label` is one of `LABELS`; `scores` maps every label to [0, 1] (read-only; kinds after
    the deciding one in PRECEDENCE are not evaluated and score 0); `evidence` names the rules
    and features that fired, the deciding kind's first."""

    label: str
    scores: Mapping[str, float]
    evidence: tuple[str, ...]


def categorize(ngram: str, left_context: str = "", right_context: str = "") -> Categorization:
    """Label one n-gram (its surface text, e.g. " the Great") by the text before and after it.

    Contexts are cut to the LEFT_WINDOW / RIGHT_WINDOW characters nearest the n-gram, special
    tokens like `<|pad|>` are dropped, and None reads as empty text; results are memoised on
    the cut triple. Never raises on the content of a string."""
    return categorize_window(
        _as_text(ngram, "ngram")[:MAX_NGRAM],
        _as_text(left_context, "left_context")[-LEFT_WINDOW:],
        _as_text(right_context, "right_context")[:RIGHT_WINDOW],
    )


def _as_text(value: object, argument: str) -> str:
    if isinstance(value, str):
        return SPECIAL_TOKEN.sub("", value) if "<|" in value else value
    if value is None:  # a null cell in a table: no text
        return ""
    raise TypeError(f"{argument} must be a str (or None for no text), got {type(value).__name__}")


@lru_cache(maxsize=CACHE_SIZE)
def categorize_window(ngram: str, left: str, right: str) -> Categorization:
    scores = dict.fromkeys(LABELS, 0.0)
    if not ngram.strip():
        scores["other"] = 1.0
        return Categorization("other", MappingProxyType(scores), ("other: empty or whitespace n-gram",))
    window = _Window(ngram, left, right)
    label = "other"
    evidence: list[str] = []
    for kind, rule in RULES:
        score, why = rule(window)
        scores[kind] = score
        if score >= APPLIES:
            label = kind
            evidence[:0] = [f"{kind}: {reason}" for reason in why]
            break
        if score > 0:
            evidence.extend(f"{kind}: {reason}" for reason in why)
    scores["other"] = 1.0 - max(scores.values())
    return Categorization(label, MappingProxyType(scores), tuple(evidence))


class _Window:
    """The n-gram widened to whole words (a BPE piece "ander" of "Alexander" is read as the
    word), with the context around it and the token views the rules share. A class with slots
    rather than a NamedTuple: the rules read its fields dozens of times per n-gram, and a slot
    is read in about half the time of a NamedTuple field."""

    __slots__ = (
        "_focus_tokens",
        "_tokens",
        "focus",
        "focus_at",
        "focus_token_list",
        "left",
        "line",
        "line_left",
        "near",
        "near_lower",
        "phrases",
        "right",
    )

    left: str
    focus: str
    right: str
    line: str  # the line(s) the focus sits on
    line_left: str  # that line up to the focus
    near: str  # NEAR_LEFT + focus + NEAR_RIGHT characters
    near_lower: str
    focus_at: int  # where the focus starts in `near`
    focus_token_list: list[str]  # the lower-cased phrase tokens of the focus
    phrases: list[tuple[int, int, str]]  # phrase-list hits in `token_view()[0]`: (start, end, tag)

    def __init__(self, ngram: str, left: str, right: str) -> None:
        focus = ngram
        if focus[0].isalnum() or focus[0] == "_":
            head = TRAILING_WORD_REVERSED.match(left[:-65:-1])
            if head:
                focus, left = left[-head.end() :] + focus, left[: -head.end()]
        if focus[-1].isalnum() or focus[-1] == "_":
            tail = LEADING_WORD.match(right)
            if tail:
                focus, right = focus + tail.group(), right[tail.end() :]
        self.left, self.focus, self.right = left, focus, right
        line_start = left.rfind("\n") + 1
        line_end = right.find("\n")
        self.line_left = left[line_start:]
        self.line = f"{self.line_left}{focus}{right if line_end < 0 else right[:line_end]}"
        left_near = left[-NEAR_LEFT:]
        self.near = f"{left_near}{focus}{right[:NEAR_RIGHT]}"
        self.near_lower = near_lower = self.near.lower()
        self.focus_at = focus_at = len(left_near)
        self.focus_token_list = focus_tokens = PHRASE_TOKEN.findall(near_lower, focus_at, focus_at + len(focus))
        self._tokens = None  # until `token_view` needs them
        if _phrase_words().isdisjoint(focus_tokens):
            # no phrase or copula pattern can involve the focus: the context tokens are not read
            self._tokens, self._focus_tokens = focus_tokens, range(len(focus_tokens))
            self.phrases = []
        elif _phrase_may_touch(near_lower, focus_at, focus_at + len(focus), focus_tokens):
            tokens, focus_range = self.token_view()
            # phrases that overlap the focus or end where it starts
            self.phrases = lexicon().phrases.matches(tokens, focus_range.start - LONGEST_PHRASE, focus_range.stop)
        else:
            self.phrases = []  # none can touch the focus; the context tokens wait for `token_view`

    def token_view(self) -> tuple[list[str], range]:
        """The lower-cased phrase tokens within PHRASE_REACH of the focus (only the focus's own
        when none of them occurs in any phrase or copula pattern), and which of them are the
        focus's. The context tokens are found on first use: most windows never need them."""
        if self._tokens is None:
            near_lower, focus_at, focus_end = self.near_lower, self.focus_at, self.focus_at + len(self.focus)
            left_tokens = find_phrase_tokens(near_lower[:focus_at][-PHRASE_REACH:])
            right_tokens = find_phrase_tokens(near_lower[focus_end : focus_end + PHRASE_REACH])
            self._tokens = left_tokens + self.focus_token_list + right_tokens
            self._focus_tokens = range(len(left_tokens), len(left_tokens) + len(self.focus_token_list))
        return self._tokens, self._focus_tokens


def _phrase_may_touch(near_lower: str, focus_at: int, focus_end: int, focus_tokens: list[str]) -> bool:
    """False when no phrase can overlap the focus tokens nor be a relation phrase that they
    continue (see `_relational`), so that the window can skip the context tokens and the phrase
    look-up. A phrase of two or more tokens that overlaps the focus has two tokens, one of them
    the focus's, that are neighbours both in the phrase and in the text: the focus's own pairs
    and the pairs it forms with the tokens just before and just after it are looked up."""
    index = lexicon().phrases
    if not index.single.keys().isdisjoint(focus_tokens) or not index.neighbours.isdisjoint(pairwise(focus_tokens)):
        return True
    first, last = focus_tokens[0], focus_tokens[-1]
    if first in index.following or first in PREPOSITIONS:
        # the last token before the focus: the first one in the reversed text before it
        before = PHRASE_TOKEN.search(near_lower[:focus_at][-PHRASE_REACH:][::-1])
        before = before.group()[::-1] if before else ""
        if (before, first) in index.neighbours or (first in PREPOSITIONS and before in index.last_tokens["relation"]):
            return True
    if last in index.leading:
        after = PHRASE_TOKEN.search(near_lower, focus_end, focus_end + PHRASE_REACH)
        if after and (last, after.group()) in index.neighbours:
            return True
    return False


# ---------------------------------------------------------------------------- boilerplate

# Legal vocabulary: a few of these on both sides of an n-gram put it inside licence text. The
# gate is a cheap test that at least one common one is present before the full count.
LICENCE_GATE = (
    "licen",
    "warrant",
    "liab",
    "distribut",
    "the work",
    "notice",
    "condition",
    "copyright",
    "negligen",
    "shall",
    "permission",
)
LICENCE_STEMS = (
    "warrant",
    "licen",
    "copyright",
    "liab",
    "distribut",
    "merchantab",
    "infring",
    "disclaim",
    "damages",
    "the software",
    "permission",
    "contributor",
    "derivative work",
    "provided that",
    "conditions",
    "tort",
    "patent",
    "the work",
    "notice",
    "negligen",
    "hereby",
    "reproduc",
    "attribution",
    "royalt",
    "irrevocable",
    "perpetual",
    "worldwide",
    "shall",
    "thereof",
    "herein",
    "even if advised",
    "possibility of such",
    "express or implied",
    "any kind",
    "limitation",
)
BIBLIOGRAPHY_CUE = re.compile(
    r"et al\b|\bpp\.\s*\d|\bdoi\b|\barxiv\b|\bisbn\b|\bjournal\b|\bproceedings\b|\bvol\.\s*\d|"
    r"\(\d{4}\)|,\s*(?:19|20)\d\d\b|\bconference\b|\btransactions\b|\bpress\b|\d+\s*[-–]{1,2}\s*\d+",
    re.IGNORECASE,
)
REFERENCE_ENTRY_START = re.compile(r"(?m)^[ \t]*(?:\.\. \[\w+\]|\[\d+\]|#[ \t]*[A-Z][\w-]+, [A-Z]\.)")
REFERENCES_HEADING = re.compile(r"(?m)^[ \t]*(?:References|Bibliography|Citations)[ \t]*\n[ \t]*[-=]{3,}")
# These three are searched without a line-start anchor (which would defeat the regex
# engine's fast scan for a literal prefix); `_at_line_start` checks the position afterwards.
RST_FIELD = re.compile(r":(?:param|type|returns?|rtype|raises?|yields?|ivar|cvar|vartype|keyword|kwarg|arg)\b[^:\n]{0,40}:")
DOC_SECTION = re.compile(
    r"(?:Parameters|Returns?|Yields?|Raises|See Also|Notes?|Examples?|References|Attributes|"
    r"Methods|Warns|Warnings|Other Parameters|Receives|Args|Arguments|Keyword Args|Kwargs|Todo)"
    r"[ \t]*(?::|\n[ \t]*[-=]{3,})"
)
# at column 0, unlike indented comments; "##{0,5}" is "#{1,6}" with a literal first character
MARKDOWN_HEADING = re.compile(r"##{0,5}[ \t]+([^\n]{1,60}?)[ \t#]*(?=\n|\Z)")
BADGE_MARKS = ("[![", "shields.io", "badge", ".. image::", ":target:", ":alt:", "| image::")  # on lower-cased lines
METADATA_FIELD = re.compile(
    r"^(?:Classifier|License|Requires-Dist|Requires-Python|Author-email|Author|Maintainer|Home-page|Project-URL|Platform|Keywords|Summary|Metadata-Version|Provides-Extra|Description-Content-Type|License-File):"
)


def _boilerplate(w: _Window) -> tuple[float, list[str]]:
    found: list[tuple[float, str]] = []
    if w.phrases:
        tokens, focus = w.token_view()
        for start, end, family in w.phrases:
            if family != "relation" and start < focus.stop and end > focus.start:
                found.append((0.9, f"{family} phrase '{' '.join(tokens[start:end])}'"))

    near = w.near_lower
    if _contains_any(near, LICENCE_GATE):
        present = list(filter(near.__contains__, LICENCE_STEMS))  # usually a few: each side checks only these
        stems_left = sum(map(near[: w.focus_at].__contains__, present))
        stems_right = sum(map(near[w.focus_at + len(w.focus) :].__contains__, present))
        if (stems_left >= 2 and stems_right >= 1) or stems_left + stems_right >= 5:
            found.append((0.8, f"inside licence text ({stems_left + stems_right} licence words nearby)"))
        elif stems_left + stems_right >= 1 and _licence_phrases(near) >= 2:
            found.append((0.8, "inside licence text (licence phrases nearby)"))

    paragraph_start = w.left.rfind("\n\n") + 1
    if w.left.find("[", paragraph_start) >= 0 or "[" in w.focus or "#" in w.line_left:  # entries start "[1]" or "# Name, X."
        paragraph = w.left[paragraph_start:] + w.focus
        if REFERENCE_ENTRY_START.search(paragraph) and (
            BIBLIOGRAPHY_CUE.search(paragraph + w.right[:NEAR_RIGHT]) or REFERENCES_HEADING.search(w.left)
        ):
            found.append((0.85, "inside a reference-list entry"))

    before = w.left[-60:]
    around = f"{before}{w.focus}{w.right[:40]}"
    focus_start = len(before)
    focus_end = focus_start + len(w.focus)
    # A match must overlap the focus, so each pattern is searched only as far from it as its
    # longest match reaches (a regex search position below 0 counts as 0). Matches are rare: a
    # single search (which skips quickly to the characters a match starts with) tells whether
    # to look at them one by one.
    doc_from, doc_to = focus_start - 24, focus_end + 24
    if DOC_SECTION.search(around, doc_from, doc_to):
        for match in DOC_SECTION.finditer(around, doc_from, doc_to):
            if match.start() < focus_end and match.end() > focus_start and _at_line_start(around, match.start(), " \t"):
                found.append((0.9, f"docstring section header '{match.group().splitlines()[0]}'"))
    field_from, field_to = focus_start - 56, focus_end + 56
    if RST_FIELD.search(around, field_from, field_to):
        for match in RST_FIELD.finditer(around, field_from, field_to):
            if (
                match.start() < focus_end
                and match.end() > focus_start
                and not around[match.start() - 1 : match.start()].isalnum()
            ):
                found.append((0.9, f"docstring field marker '{match.group()}'"))
    heading_to = focus_end + 70  # from the start: `around` holds less than a heading's reach before the focus
    stretch = around[:heading_to]
    # a heading starts a line, which indented code comments do not (the search is the cost)
    if stretch.startswith("#") or "\n#" in stretch:
        for match in MARKDOWN_HEADING.finditer(around, 0, heading_to):
            if match.start() < focus_end and match.end() > focus_start and _at_line_start(around, match.start(), ""):
                heading = match.group(1).strip("`*_:. ").lower()
                if heading in lexicon().readme_headings:
                    found.append((0.85, f"README heading '{heading}'"))

    line = w.line
    if _contains_any(line.lower(), BADGE_MARKS):
        found.append((0.8, "badge or image line"))
    if ":" in line and METADATA_FIELD.match(line.lstrip()):
        found.append((0.8, "package metadata field"))
    if len(line) < 60 and line.count(" ") < 8 and "".join(line.split()).isalpha() and _menu_like(w):
        found.append((0.7, "menu-like run of short lines"))
    if not found:
        return 0.0, []
    return max(score for score, _ in found), [reason for _, reason in found]


def _contains_any(text: str, parts: tuple[str, ...]) -> bool:
    """Whether any of `parts` occurs in `text` (a plain loop of `in` tests costs less than
    `any(map(text.__contains__, parts))`)."""
    for part in parts:
        if part in text:
            return True
    return False


@cache
def _phrase_words() -> frozenset[str]:
    """Every word that some phrase, copula pattern or relation tail contains."""
    lex = lexicon()
    words = {token for token in lex.phrases.single} | {token for pair in lex.phrases.by_pair for token in pair}
    words |= {token for entries in lex.phrases.by_pair.values() for phrase, _ in entries for token in phrase}
    return frozenset(words | lex.copulas | DETERMINERS | PREPOSITIONS | ADVERBS | PARTICIPLES)


def _licence_phrases(text: str) -> int:
    """How many phrases of the licence list occur in (lower-cased) `text` (at most one counts
    per starting token)."""
    return len(lexicon().licence_phrases.matches(find_phrase_tokens(text)))


def _at_line_start(text: str, position: int, indent: str) -> bool:
    """Whether only characters of `indent` stand between the previous line break (or the start
    of `text`) and `position`."""
    line_start = text.rfind("\n", 0, position) + 1
    return not text[line_start:position].strip(indent)


MENU_LINES = 4  # lines either side of the n-gram that must look like menu entries


def _menu_like(w: _Window) -> bool:
    """Navigation bars and tables of contents extracted from web pages: the n-gram's line and
    the lines around it are short runs of a few ordinary words, without sentence punctuation
    or code symbols."""
    before = w.left.split("\n")[-MENU_LINES:]
    after = w.right.split("\n")[1 : MENU_LINES + 1]
    lines = [line.strip() for line in before[:-1] + [w.line] + after]
    lines = [line for line in lines if line]
    if len(lines) < MENU_LINES:
        return False
    short = 0
    for line in lines:
        words = line.split()
        if len(words) <= 5 and line[-1] not in ".;:{}()=,>" and all(_is_plain_word(word) for word in words):
            short += 1
    return short >= 0.8 * len(lines)


def _is_plain_word(word: str) -> bool:
    return word.isalpha() and not (word[0].islower() and any(c.isupper() for c in word[1:]))


# ---------------------------------------------------------------------------------- code

STRONG_SYMBOLS = b"{}[]<>=;_\\|&$`"
WEAK_SYMBOLS = b"()*#@%^~+/:\"'."
PROSE_LINE_DENSITY = 0.05  # code lines sit above this share of symbol characters, prose below
TAG = re.compile(r"</?[a-zA-Z][\w-]*")
# Shapes of identifiers and operators that prose does not produce: snake_case, lowerCamel,
# dotted calls, scope and arrow operators, tags, shell variables and flags, escapes, hex.
# Every alternative starts with a literal character or a character class, which lets the regex
# engine rule it out at a position from that one character; the word-boundary and lookbehind
# tests come after it, looking back over it: "[a-z](?<!\w[a-z])" is "\b[a-z]", and
# "_(?<![\w.]_)_?" is "(?<![\w.])_{1,2}".
IDENTIFIER_SHAPE = re.compile(
    r"[a-z0-9]_[a-zA-Z0-9]|_(?<![\w.]_)_?[a-zA-Z]|[a-z](?<!\w[a-z])[a-z]*[A-Z]|[A-Za-z_]\.[a-z_]\w*[(\[.]|\w\.\w+\(|"
    r"->|=>|::|&&|\|\||</?[a-zA-Z][\w-]*|\$\{?\w|\\[nrtx0]|0x[0-9a-fA-F]|[a-z](?<!\w[a-z])[a-z]*:[a-z]|-(?<![\w-]-)-[a-z]"
)
SHAPE_REACH = 40  # an identifier continued by the n-gram starts at most this many characters before it
FOCUS_SYMBOL = re.compile(r"[_.:<>$\\|&=(){};+#/*\[\]-]")
LETTERS_ONLY_SHAPE = re.compile(r"\b[a-z]+[A-Z]|0x[0-9a-fA-F]")
OPERATOR_SHAPE = re.compile(r"\w\(|\)\s*[:{;]|[=!<>]=|[{};]|\+\+|\w=[\"'{\[\w]")
# URLs, paths and file names are single runs of non-space characters: these are searched in
# the run that holds the n-gram.
URL = re.compile(r"(?:https?://|www\.)[^\s<>\"')\]`]+|\b[\w-]+(?:\.[\w-]+)*\.[a-z]{2,6}/[^\s<>\"')\]`]*")
PATH = re.compile(r"[\w.~+-]*(?:/[\w.+-]+){2,}/?")
FILE_NAME = re.compile(r"\w\.(?:py|js|ts|c|h|rs|sh|json|toml|yaml|yml|md|txt|html|css|cfg|ini)\b")
PROMPT_LINE = re.compile(r"^\s*(?:>>>|\.\.\.\s|\$ |% |In \[\d+\]:)")
COMMENT_MARK = re.compile(r"(?:^|\s)(?:#+|//+|/\*+)(?=\s|$)")
COMMENT_DELIMITER = re.compile(r"(?:^|\s)(?:#+|//+|/\*+|\*/)(?=\s|$)")
# A run of four or more plain words is how prose looks, in a docstring, a comment or a README
# line beside a code block alike. A plain word is lower-case, Capitalised or ALL-CAPS letters
# (hyphens and apostrophes inside, digits after a hyphen), wrapped in at most a few quotes,
# brackets or punctuation marks; a bullet or a lone delimiter does not break a run.
WORD_WRAPPING = "\"'`*()[]_,.;:!?-"
PROSE_RUN_WORDS = 4
# The same test for ASCII chunks in one regex (`_plain_word` spells it out for any text):
# a lone wrapping of up to three characters, or a word inside wrapping.
ASCII_PLAIN_WORD = re.compile(
    rf"[{re.escape(WORD_WRAPPING)}]{{0,3}}|"
    rf"[{re.escape(WORD_WRAPPING)}]*(?:[A-Z]+|[A-Za-z][a-z]*)(?:[-'](?:[0-9]+|[a-z]+))*[{re.escape(WORD_WRAPPING)}]*"
)
NON_SPACE = re.compile(r"\S*")
ALNUM = re.compile(r"[^\W_]")  # a letter or digit (str.isalnum)
# A line that starts with one of these whole words is a statement. The first word is looked up
# in a set: an alternation of fifty keywords is tried one by one at the start of every line.
STATEMENT_KEYWORDS = frozenset(
    "if elif else for while def class return import from try except finally with raise yield "
    "assert const let var function async await switch case typedef struct static public private "
    "protected fn pub use impl match do done then fi echo export local #include #define #if #ifdef #endif".split()
)
FIRST_WORD = re.compile(r"\s*(#?\w+)")
ASSIGNMENT = re.compile(r"\w\s*[-+*/|&!=<>]?=\s*\S")
ARROW = re.compile(r"[\w)\]]\s*(?:->|=>)")
INLINE_CODE = re.compile(r"``[^`\n]+``|`[^`\n]+`")
CODE_WORDS = frozenset(
    "def elif lambda self cls none null nullptr undefined const let var function typedef struct "
    "enum union void int char bool float double uint8_t uint32_t int64_t size_t unsigned static "
    "extern inline return import fn impl pub mut usize isize println printf malloc sizeof "
    "esac fi elif echo argv args kwargs str dict len isinstance async await".split()
)


def _code(w: _Window) -> tuple[float, list[str]]:
    focus = w.focus
    if _inside_code_fence(w.left):
        return 0.9, ["inside a ``` code block"]
    inline = "`" in w.line and _inline_code_overlap(w)
    if inline:
        return 0.85, [f"inline code '{inline}'"]
    if ("<" in w.line_left and _inside_html_tag(w.line_left)) or ("<" in focus and TAG.search(focus)):
        return 0.9, ["HTML/XML tag"]
    span = _focus_chunk_span(w)
    chunk, at = w.line[span[0] : span[1]], len(w.line_left) - span[0]  # URLs and paths hold no white space
    slashes = chunk.count("/")
    if slashes:
        url = "." in chunk and _overlapping_words(URL, chunk, at, len(focus))
        if url:
            return 0.8, [f"URL '{url}'"]
        path = slashes >= 2 and _overlapping_words(PATH, chunk, at, len(focus))
        if path:
            return 0.75, [f"file path '{path}'"]
    file_name = "." in chunk[:-1] and _overlapping_words(FILE_NAME, chunk, at, len(focus))
    if file_name:
        return 0.75, [f"file name '{file_name}'"]
    # Symbol-free n-grams (most prose) can only show the letters-only shapes; an n-gram may
    # also continue an identifier that starts before it ("xsl:" + "if").
    symbols = FOCUS_SYMBOL.search(focus) is not None
    shape = (IDENTIFIER_SHAPE if symbols else LETTERS_ONLY_SHAPE).search(focus)
    shape_text = shape.group() if shape else ""
    if not shape_text and (symbols or FOCUS_SYMBOL.search(chunk)):  # the chunk holds the focus's symbols
        shape_text = _overlapping_words(IDENTIFIER_SHAPE, chunk, at, len(focus), SHAPE_REACH)
    if shape_text:
        return 0.7, [f"identifier shape '{shape_text}'"]
    delimiter = symbols and ("#" in focus or "/" in focus) and COMMENT_DELIMITER.search(focus)
    if delimiter and not (delimiter.group().strip().startswith("#") and MARKDOWN_HEADING.match(w.line)):
        return 0.6, ["comment delimiter in the n-gram"]
    operator = symbols and OPERATOR_SHAPE.search(focus)
    prose_in_code = _prose_in_code(w) or ("" if _code_line(w) else _in_prose_run(w, span))
    if prose_in_code:
        if operator and prose_in_code != "run of plain words":
            return 0.6, [f"{prose_in_code} with code '{operator.group()}'"]
        return 0.0, [f"words inside a {prose_in_code}"]
    if PROMPT_LINE.match(w.line):
        return 0.85, ["interactive-session or shell prompt line"]

    density = _symbol_density(w.near)
    score = min(0.6, 7 * density) + 0.3 * bool(operator)
    # keywords are only counted when density and operators leave the n-gram undecided
    keywords = _code_keywords(w) if score < APPLIES else set()
    score = round(min(score + min(0.3, 0.1 * len(keywords)), 1.0), 3)
    why = [f"code-symbol density {density:.2f}"]
    if operator:
        why.append(f"operator shape '{operator.group()}'")
    if keywords:
        why.append("code keywords " + ",".join(sorted(keywords)[:4]))
    return score, why


def _symbol_density(text: str) -> float:
    """Share of code symbols among the non-space characters (weak ones count half); counted
    on UTF-8 bytes, in which the symbols and the spaces are single bytes, as the bytes that
    `bytes.translate` deletes (one call costs less than one `str.count`)."""
    raw = text.encode("utf-8", "surrogatepass")
    nonspace = len(text) - (len(raw) - len(raw.translate(None, b" \n\t")))
    if nonspace <= 0:
        return 0.0
    strong = len(raw) - len(raw.translate(None, STRONG_SYMBOLS))
    weak = len(raw) - len(raw.translate(None, WEAK_SYMBOLS))
    return (strong + 0.5 * weak) / nonspace


def _code_keywords(w: _Window) -> set[str]:
    """Code words around the n-gram: a hand list of distinctive ones plus the keywords and
    builtins with capitals that Pygments' lexers name (matched with their case, so 'None' and
    'ValueError' count but 'none' does not)."""
    tokens = set(w.token_view()[0])
    found = tokens & CODE_WORDS
    code_keywords = lexicon().code_keywords
    for token in tokens & code_keywords.keys():
        if code_keywords[token] in w.near:
            found.add(code_keywords[token])
    return found


def _inside_code_fence(left: str) -> bool:
    """An odd number of ``` fences before the n-gram means an open code block, unless the
    left context was cut inside one: a bare fence followed by a blank line was most likely
    a closing one."""
    if "```" not in left or left.count("```") % 2 == 0:  # `in` first: it is cheaper than `count`
        return False
    after_fence = left[left.rfind("```") + 3 :]
    return not (after_fence.startswith("\n") and "\n\n" in after_fence)


def _plain_word(chunk: str) -> bool:
    if chunk.isascii():
        return ASCII_PLAIN_WORD.fullmatch(chunk) is not None
    core = chunk.strip(WORD_WRAPPING)
    if not core:
        return len(chunk) <= 3  # a lone quote, bracket or bullet
    first, *rest = core.replace("’", "'").replace("'", "-").split("-")
    return (
        first.isalpha()
        and (len(first) == 1 or first.isupper() or first[1:].islower())
        and all(part.isdigit() or (part.isalpha() and part.islower()) for part in rest)
    )


def _code_line(w: _Window) -> bool:
    """Whether the n-gram's line reads as a statement: it starts with a keyword, assigns or
    compares near the n-gram, or opens or closes a block."""
    line = w.line
    first_word = FIRST_WORD.match(line)
    if (first_word and first_word.group(1) in STATEMENT_KEYWORDS) or (("->" in line or "=>" in line) and ARROW.search(line)):
        return True
    start = len(w.line_left)
    if "=" in line and ASSIGNMENT.search(line, start - 60, start + len(w.focus) + 60):  # from 0 if negative
        return True
    stripped = line.strip()
    return stripped.endswith((";", "{", "}", "):")) or stripped.startswith((")", "}", "]"))


def _in_prose_run(w: _Window, span: tuple[int, int]) -> str:
    """'run of plain words' when the n-gram's words and their neighbours on the line form a
    run of at least PROSE_RUN_WORDS plain words; '' otherwise. `span` is the n-gram widened
    to white space (`_focus_chunk_span`)."""
    low, high = span
    line = w.line
    words = line[low:high].split()
    if not words or not all(map(_plain_word, words)):
        return ""
    count = len(words)
    for side in (reversed(line[:low][-40:].split()[1:]), line[high : high + 40].split()[:-1]):
        for chunk in side:
            if count >= PROSE_RUN_WORDS or not _plain_word(chunk):
                break
            count += 1
    return "run of plain words" if count >= PROSE_RUN_WORDS else ""


def _inline_code_overlap(w: _Window) -> str:
    start = len(w.line_left)
    end = start + len(w.focus)
    for match in INLINE_CODE.finditer(w.line):
        delimiter = 2 if match.group().startswith("``") else 1
        if ALNUM.search(w.line, max(start, match.start() + delimiter), min(end, match.end() - delimiter)):
            return match.group()
    return ""


def _inside_html_tag(line_left: str) -> bool:
    opened = line_left.rfind("<")
    return (
        opened > line_left.rfind(">")
        and opened + 1 < len(line_left)
        and (line_left[opened + 1].isalpha() or line_left[opened + 1] in "/!?")
    )


def _focus_chunk_span(w: _Window) -> tuple[int, int]:
    """Where in its line the n-gram, widened to the nearest white space on both sides, starts
    and ends."""
    end = len(w.line_left) + len(w.focus)
    start = end - len(w.focus.lstrip())
    line = w.line
    # the n-gram usually starts after white space already, and often ends before it
    low = start if start == 0 or line[start - 1].isspace() else start - NON_SPACE.match(line[:start][-80:][::-1]).end()
    high = end if end == len(line) or line[end].isspace() else NON_SPACE.match(line, end).end()
    return low, high


def _overlapping_words(pattern: re.Pattern[str], text: str, start: int, length: int, reach: int | None = None) -> str:
    """The first match of `pattern` in `text` that shares a letter or digit with the n-gram at
    text[start:start + length] (a bracket or quote next to a URL does not make prose code).
    With `reach`, only matches within that many characters of the n-gram are considered."""
    search_from = 0 if reach is None else start - reach  # a regex search position below 0 counts as 0
    search_to = len(text) if reach is None else start + length + reach
    for match in pattern.finditer(text, search_from, search_to):
        if match.start() >= start + length:
            break  # this and later matches begin after the n-gram
        if ALNUM.search(text, max(start, match.start()), min(start + length, match.end())):
            return match.group()
    return ""


def _prose_in_code(w: _Window) -> str:
    """'comment' or 'docstring' when the n-gram sits after a comment marker on its line, inside
    a block comment, or inside what looks like a triple-quoted string; '' otherwise. The left
    context is truncated, so an odd number of triple quotes may be a docstring's closing
    quotes: the line itself must also read like prose (few code symbols)."""
    if ("#" in w.line_left or "/" in w.line_left) and COMMENT_MARK.search(w.line_left):
        return "comment"
    if "/*" in w.left and w.left.rfind("/*") > w.left.rfind("*/"):
        return "comment"
    if (
        ('"""' in w.left or "'''" in w.left)
        and (w.left.count('"""') + w.left.count("'''")) % 2 == 1
        and _symbol_density(w.line) < PROSE_LINE_DENSITY
    ):
        return "docstring"
    return ""


# --------------------------------------------------------------------------------- names

NAME_CONNECTORS = frozenset("of the de da di del della van von der den du la le y bin ibn al".split())
SENTENCE_BREAK = frozenset(".!?:;\"'“”‘’([{*#>|`-–—•=")
RARE_ZIPF = 3.5  # a capitalised word rarer than this is a name even at the start of a sentence


def _names(w: _Window) -> tuple[float, list[str]]:
    if w.focus.islower() and not NAME_CONNECTORS.issuperset(WORD.findall(w.focus)):
        return 0.0, []
    lex = lexicon()
    words = [(m.group(), m.start()) for m in WORD.finditer(w.focus)]
    before = WORD.findall(w.left[-30:])
    after = WORD.findall(w.right[:30])
    heading = w.line.lstrip().startswith("#")
    best, why = 0.0, []
    for index, (word, offset) in enumerate(words):
        if not word[0].isupper() or word in lex.not_names:
            continue
        following = words[index + 1][0] if index + 1 < len(words) else (after[0] if after else "")
        preceding = words[index - 1][0] if index else (before[-1] if before else "")
        if word.isupper() and len(word) > 1:
            if not _mostly_upper(w.line):
                best, why = max(best, 0.4), why + [f"acronym '{word}'"]
            continue
        if word in lex.demonyms and not (following[:1].isupper() or preceding in lex.name_parts):
            why.append(f"adjective of nationality '{word}'")
            continue
        initial = heading or _starts_sentence(w.left[-40:] + w.focus[:offset])
        if not initial:
            best, why = max(best, 0.85), why + [f"capitalised mid-sentence '{word}'"]
        elif word in lex.gazetteer:
            best, why = max(best, 0.85), why + [f"gazetteer '{word}'"]
        elif len(word) > 2 and lex.zipf(word.lower()) < RARE_ZIPF:
            best, why = max(best, 0.75), why + [f"rare capitalised word '{word}'"]
        elif _capitalised_elsewhere(word, w.left + " " + w.right):
            best, why = max(best, 0.75), why + [f"'{word}' is capitalised mid-sentence elsewhere"]
        elif not heading and following[:1].isupper() and following not in lex.not_names and _same_line(w, offset, following):
            best, why = max(best, 0.7), why + [f"capitalised sequence '{word} {following}'"]
    connectors_only = words and all(word in NAME_CONNECTORS for word, _ in words)
    if best < APPLIES and connectors_only and before and after and before[-1][:1].isupper() and after[0][:1].isupper():
        best, why = 0.8, why + [f"name connector between '{before[-1]}' and '{after[0]}'"]
    return best, why


def _capitalised_elsewhere(word: str, text: str) -> bool:
    """Whether `word` also occurs after a lower-case word or a comma in `text`, i.e. keeps its
    capital in mid-sentence, as names do."""
    at = text.find(" " + word)
    while at > 0:
        end = at + 1 + len(word)
        if (text[at - 1].islower() or text[at - 1] == ",") and (end == len(text) or not text[end].isalnum()):
            return True
        at = text.find(" " + word, end)
    return False


def _same_line(w: _Window, offset: int, following: str) -> bool:
    """Whether `following`, the next word after the focus word at `offset`, is on the same line
    (a capitalised word on the next line is the start of that line, not part of a name)."""
    rest = w.focus[offset:] + w.right[:40]
    return "\n" not in rest[: rest.find(following, 1)]


def _starts_sentence(text_before: str) -> bool:
    """Whether a word after `text_before` starts a sentence, a line of a list or a heading. A
    line break counts as a start unless the line before ends like wrapped prose."""
    stripped = text_before.rstrip()
    if not stripped or stripped[-1] in SENTENCE_BREAK:
        return True
    return "\n" in text_before[len(stripped) :] and not (stripped[-1].islower() or stripped[-1] in ",;")


def _mostly_upper(text: str) -> bool:
    letters = sum(map(str.isalpha, text))
    return letters >= 12 and sum(map(str.isupper, text)) >= 0.8 * letters


# ---------------------------------------------------------------------------- relational

DETERMINERS = frozenset("a an the one".split())
PREPOSITIONS = frozenset("of in to on at by from as with into for after near".split())
ADVERBS = frozenset(
    "now also often sometimes widely generally currently still then later usually traditionally "
    "best first originally formerly mostly mainly probably always actually simply just once "
    "primarily largely commonly officially".split()
)
PARTICIPLES = frozenset(
    "born located situated founded named known called married based built designed discovered made "
    "composed derived inspired considered regarded described bordered surrounded owned written "
    "developed maintained home part among completed established formed equivalent compatible similar "
    "related native endemic famous responsible defined found".split()
)
NOT_RELATING = frozenset("there here".split())


@cache
def _copula_pattern_words() -> frozenset[str]:
    return lexicon().copulas | ADVERBS | DETERMINERS | PARTICIPLES


def _relational(w: _Window) -> tuple[float, list[str]]:
    if not w.phrases and _copula_pattern_words().isdisjoint(w.focus_token_list):
        # no relation phrase touches the focus, and a copula pattern has one of its words
        # in the focus (spares finding the context tokens)
        return 0.0, []
    tokens, focus = w.token_view()
    best, why = 0.0, []
    for start, end, tag in w.phrases:
        if tag != "relation":
            continue
        phrase = " ".join(tokens[start:end])
        if start < focus.stop and end > focus.start:
            best, why = max(best, 0.85), why + [f"relation phrase '{phrase}'"]
        elif end == focus.start and focus and tokens[focus.start] in PREPOSITIONS and tokens[end - 1] not in PREPOSITIONS:
            best, why = max(best, 0.7), why + [f"continues relation phrase '{phrase}'"]
    copulas = lexicon().copulas
    for i in range(max(0, focus.start - 3), min(len(tokens), focus.stop)):
        if tokens[i] not in copulas or (i > 0 and tokens[i - 1] in NOT_RELATING):
            continue
        j = i + 1
        while j < len(tokens) and j < i + 3 and tokens[j] in ADVERBS:
            j += 1
        completed = j < len(tokens) and (tokens[j] in DETERMINERS or tokens[j] in PARTICIPLES)
        if completed and i < focus.stop and j >= focus.start:
            best, why = max(best, 0.8), why + [f"copula '{' '.join(tokens[i : j + 1])}'"]
    return best, why


# the rules in PRECEDENCE order: the first whose score reaches APPLIES decides
RULES = (("boilerplate", _boilerplate), ("code", _code), ("names", _names), ("relational", _relational))
