"""Token-window arithmetic of the document viewer: which tokens are shown around a position,
which tokens a character span covers, and stepping between search matches. Pure functions, so
they are tested without Streamlit."""

import re

import numpy as np


def token_window(position: int, n_tokens: int, size: int) -> tuple[int, int]:
    """The [start, stop) of the `size` tokens shown around `position`: it sits a third of the
    way down, so the text leading up to it is in view, and the window stays inside the document."""
    if not 0 <= position < max(n_tokens, 1):
        raise ValueError(f"position {position} is outside the document's {n_tokens} tokens (0..{n_tokens - 1})")
    start = min(max(position - size // 3, 0), max(n_tokens - size, 0))
    return start, min(start + size, n_tokens)


def tokens_in_span(char_starts, char_ends, start: int, end: int) -> list[int]:
    """Indices of the tokens whose characters overlap the span [start, end) of the text."""
    starts, ends = np.asarray(char_starts), np.asarray(char_ends)
    return np.flatnonzero((starts < max(end, start + 1)) & (ends > start)).tolist()


def adjacent_match(first_tokens: list[int], position: int, step: int) -> int:
    """The first token of the match after (`step` 1) or before (`step` -1) `position`, going
    round at the document's ends; `first_tokens` are the matches' first tokens, in order."""
    if not first_tokens:
        raise ValueError("there is no match to go to")
    if step == 1:
        return next((t for t in first_tokens if t > position), first_tokens[0])
    if step == -1:
        return next((t for t in reversed(first_tokens) if t < position), first_tokens[-1])
    raise ValueError(f"step={step}: use 1 (next) or -1 (previous)")


def find_matches(text: str, search: str, limit: int = 100) -> list[tuple[int, int]]:
    """The character spans [start, end) of the first `limit` case-insensitive matches of `search`."""
    if not search:
        return []
    matches = re.finditer(re.escape(search), text, re.IGNORECASE)  # spans in the text itself, not in a lowered copy
    return [match.span() for match, _ in zip(matches, range(limit))]


def spread_examples(n: int, per_group: int = 3) -> dict[str, list[int]]:
    """Which of `n` occurrences sorted by gate (highest first) to show at the top, the middle and
    the bottom of the gate range: `per_group` each, no occurrence twice."""
    top = list(range(min(per_group, n)))
    middle_start = max(n // 2 - per_group // 2, len(top))
    middle = list(range(middle_start, min(middle_start + per_group, n)))
    bottom_start = max(n - per_group, middle_start + len(middle))
    return {"top": top, "middle": middle, "bottom": list(range(bottom_start, n))}
