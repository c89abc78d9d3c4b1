"""Text from data in a figure. Plotly draws titles, axis and tick labels, legend names and hover
text as a little HTML: `<b>`, `<i>`, `<em>`, `<s>`, `<u>`, `<sup>`, `<sub>`, `<span style>`,
`<br>` and `<a href=...>` (a live link), with entities decoded (`&lt;`, `&#60;`). A value from a
run or a result file (a model name, a domain, an n-gram, a document id) goes in through `plain`,
so it shows as it is, never as markup or a link."""

from __future__ import annotations

import re

_TAG = re.compile(r"<(?=/?[A-Za-z])")  # where plotly could read a tag: `<` then a name, or `</` and one
_ENTITY = re.compile(r"&(?=#\d+;|#x[0-9a-fA-F]+;|[a-z]+;)")  # where it would decode an entity


def plain(value) -> str:
    """`value` (as `str` gives it) for a plotly text: each `<` that could open a tag and each `&`
    that could start an entity written as an entity, which plotly shows as the character. Other
    text, `<|bos|>` or `a < b` included, stays as it is."""
    return _TAG.sub("&lt;", _ENTITY.sub("&amp;", str(value)))
