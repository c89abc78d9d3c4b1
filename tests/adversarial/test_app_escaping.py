"""The gate browser shows what it reads from data as text, never as Markdown or HTML.

A run whose manifest (model, corpus, split), document ids, texts and domains, n-grams, categories
tables and every result file carry hostile values (images and links that would call out, raw
HTML and scripts, code spans a backtick ends early, math, emphasis, headings, lists, tables,
bare URLs and e-mail addresses, Streamlit's :directives[...], entities, backslashes, line
breaks) is opened on every page through Streamlit's AppTest, with those values in every query
parameter, with hostile keys in every result file, as a partial run and as a broken one. Every
element of the rendered tree (main, sidebar and the rest) is read:

- each string Streamlit renders as Markdown (st.markdown, captions, alerts, titles and headers,
  metric labels, values and deltas, widget, expander and link labels, tooltips, dataframe
  column help) is parsed with markdown-it-py (CommonMark with GFM tables and strikethrough, HTML
  on) and must hold no image, link, HTML, heading, quote, rule, table, code block, numbered list,
  emphasis or strikethrough, no list but the page's own, no strong text holding part of a hostile
  value, no entity; in its unescaped text nothing GFM or Streamlit turns into markup (a backtick:
  a code span ended early, `$`: math, `~`, `*`, a tag's `<`, `](`, `![`, `][`, a backslash, a
  scheme, `//`, an e-mail address, a `:directive[`); and in its text once escapes are resolved
  no URL, `www.` or e-mail address, which Streamlit's remark-gfm links even when escaped;
- a plotly figure's text, read as plotly.js reads it (a little HTML: `<b>`, `<a href>`, ...,
  and entities), holds no markup but the figures' own `<br>` and `<sup>`, and no hostile value
  unescaped;
- st.html holds only the page's own tags and styles, data as text;
- where a value is shown whole (a manifest field, a document id, an n-gram, a rejected query
  parameter, a result file's names), the rendered text (or the figure) holds it exactly as it is.

The helpers (`md_text`, `code`, `probe.plots.labels.plain`) are tested on their own on the
payloads and 1,500 random strings of Markdown's signs; the checker is tested on the raw payloads
and, with the helpers made to pass values through, on every page, so it is seen to catch them.
tests/adversarial/test_app_escaping_browser.py loads the same run in headless Chromium.
"""

import json
import random
import re
import sys
from html.parser import HTMLParser
from itertools import cycle
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from conftest import write_app_results
from markdown_it import MarkdownIt
from probe.apps import token_view
from probe.apps.shared import code, md_text
from streamlit.testing.v1 import AppTest

from engram_model import save_model
from engram_model.corpus import Document
from probe import ProbeOptions, RecordOptions, categorize_run, probe_corpus
from probe.cli.serve import browser_script
from probe.plots.labels import plain
from probe.runs.artefacts import ARTEFACTS, artefact_path
from probe.runs.queries import ngram_table

BROWSER = str(browser_script())
MARKER = "zq"  # every hostile value holds it, so a piece of one is recognised wherever it lands
PAYLOADS = [
    "![zqimage](http://example.invalid/p.png)",
    "[zqlink](http://example.invalid/l)",
    "<img src=http://example.invalid/zqimg.png>",
    "<script>alert('zqscript')</script>",
    '<a href="http://example.invalid">zqanchor</a>',
    "<b>zqhtmlbold</b>",
    "<http://example.invalid/zqauto>",
    "http://example.invalid/zqbare",
    "www.zqwww.invalid",
    "zqmail@example.invalid",
    "a`zqtick`b",
    "zq`one",
    "```zqfence",
    "$zqmath^2$",
    "$$zqdisplay$$",
    "**zqbold**",
    "_zqitalic_",
    "~~zqstrike~~",
    "# zqhead",
    "- zqitem",
    "1. zqnumbered",
    "> zqquote",
    "| zq | table |\n|---|---|\n| a | b |",
    "zqline\n# zqline2\n\n    zqindented",
    ":red[zqred] :material/home:",
    "&lt;zqentity&gt; &amp;",
    "\\*zqbackslash\\* \\",
    "[zqref]: http://example.invalid/ref",
    "<!-- zqcomment -->",
    ":zqsmile: :+1:",
]
TOGETHER = " ".join(PAYLOADS)  # every payload in one value: they must not combine either
MANIFEST = {"model": TOGETHER, "model_hash": "`zq``hash", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": TOGETHER,
            "split": "**zqsplit** [x](http://example.invalid)"}  # fmt: skip
PAGES = [
    "views/overview.py",
    "views/documents.py",
    "views/ngrams.py",
    "views/categories.py",
    "views/similarity.py",
    "views/offload.py",
    "views/ablations.py",
    "views/try_text.py",
    "views/search.py",
]
# the query parameters each page reads (`from_address`); q and doc take any text, the others reject these values
ADDRESS = {
    "views/overview.py": ("branch", "layer", "range", "sample", "scale"),
    "views/documents.py": ("q", "doc", "pos", "layer", "gate", "scale"),
    "views/ngrams.py": ("layer", "order", "min", "sort", "q", "cat", "longest", "rows", "pick", "ng_bin", "ng_page", "scale"),
    "views/try_text.py": ("text", "pos", "layer", "gate", "scale"),
    "views/search.py": ("q",),
}
TAKES_ANY_TEXT = {"q", "doc", "text"}
SEARCHED = {"views/search.py": {"q": "zq"}}  # every payload holds zq
EVERY_KEY = sorted({key for keys in ADDRESS.values() for key in keys})


def shown(value) -> str:
    """How a value reads on the page: as it is, line breaks as ↵."""
    return re.sub(r"\r\n|\r|\n", "↵", str(value))


# ---------------------------------------------------------------------------------------------
# the checker: what a Markdown string from the page must not hold

HTML = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])  # renders to HTML
MD = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"]).disable("text_join")  # keeps escapes apart
FORBIDDEN = {
    "image": "an image",
    "link_open": "a link",
    "html_inline": "HTML",
    "html_block": "HTML",
    "heading_open": "a heading",
    "blockquote_open": "a quote",
    "hr": "a rule",
    "table_open": "a table",
    "fence": "a code block",
    "code_block": "a code block",
    "ordered_list_open": "a numbered list",
    "em_open": "emphasis",
    "s_open": "strikethrough",
}
# in text Markdown left unescaped: what GFM, remark-math or Streamlit would still turn into markup
UNESCAPED = [
    (re.compile("`"), "a backtick outside code: a code span ended early"),
    (re.compile(r"\$"), "a $ (math)"),
    (re.compile("~"), "a ~ (strikethrough)"),
    (re.compile(r"\*"), "a * (emphasis)"),
    (re.compile(r"<[A-Za-z/!?]"), "a < (HTML or an autolink)"),
    (re.compile(r"\]\(|!\[|\]\["), "a link or image"),
    (re.compile(r"\\"), "a backslash that escapes nothing"),
    (re.compile(r"(?i)\b(?:https?|ftp|mailto|xmpp|file|javascript|data):|\bwww\.|//\w"), "a URL (GFM links it)"),
    (re.compile(r"[\w.+-]+@[\w-]+\.\w"), "an e-mail address (GFM links it)"),
    (re.compile(r":[A-Za-z][\w-]*\["), "a Streamlit :directive[...]"),
]
# Streamlit (remark-gfm's autolink-literal transform) links these in the text once escapes are resolved
AUTOLINKED = [
    (re.compile(r"(https?://|www(?=\.))[-.\w]+", re.IGNORECASE | re.ASCII), "a URL Streamlit links"),
    (re.compile(r"[-.\w+]+@[-\w]+(?:\.[-\w]+)+", re.ASCII), "an e-mail address Streamlit links"),
    (re.compile(r":[\w+-]+:", re.ASCII), "a :shortcode: Streamlit turns into an emoji or icon"),
]
WORD_JOINER = "\u2060"  # what md_text puts into a URL or an e-mail address to keep it text: invisible


def visible(tokens) -> str:
    """The text an inline's tokens show."""
    parts = []
    for token in tokens:
        if token.type in ("text", "text_special", "code_inline"):
            parts.append(token.content)
        elif token.type in ("softbreak", "hardbreak"):
            parts.append("\n")
    return "".join(parts)


def markdown_problems(source: str) -> list[str]:
    """What in `source`, rendered as Markdown, is markup that data could have made."""
    problems = []
    tokens = MD.parse(source)
    lines = source.split("\n")
    own_list = all(line.startswith("- ") for line in lines)  # the pages' own lists: one item a line
    for token in tokens:
        if token.type in FORBIDDEN:
            problems.append(FORBIDDEN[token.type])
        if token.type == "bullet_list_open" and not own_list:
            problems.append("a list")
    if own_list and sum(t.type == "list_item_open" for t in tokens) not in (0, len(lines)):
        problems.append("a list item of its own")
    for inline in (t for t in tokens if t.type == "inline"):
        children = inline.children or []
        for token in children:
            if token.type in FORBIDDEN:
                problems.append(FORBIDDEN[token.type])
            if token.type == "text_special" and token.info == "entity":
                problems.append(f"an entity {token.markup} (shown as {token.content!r}, not as written)")
        runs, run = [], []
        for token in [*children, None]:
            if token is not None and token.type == "text":
                run.append(token.content)
            elif run:
                runs.append("".join(run))
                run = []
        for text in runs:
            problems += [f"{what} in {text!r}" for pattern, what in UNESCAPED if pattern.search(text)]
        texts, text = [], []  # the text nodes remark hands to the transform: escapes resolved, code apart
        for token in [*children, None]:
            if token is not None and token.type in ("text", "text_special"):
                text.append(token.content)
            elif text:
                texts.append("".join(text))
                text = []
        for text in texts:
            problems += [f"{what} in {text!r}" for pattern, what in AUTOLINKED if pattern.search(text)]
        opened = None
        for i, token in enumerate(children):  # strong text of the page's own: data in it only whole and escaped
            if token.type == "strong_open":
                opened = i
            elif token.type == "strong_close" and opened is not None:
                inside = visible(children[opened + 1 : i]).replace(WORD_JOINER, "")
                if MARKER in inside and not any(shown(p) in inside for p in PAYLOADS):
                    problems.append(f"strong text made of data: {inside!r}")
                opened = None
    return [f"{problem} in the Markdown {source!r}" for problem in problems]


def markdown_text(source: str) -> str:
    """What a Markdown string shows, as plain text (word joiners, being invisible, left out)."""
    return "\n".join(visible(t.children or []) for t in MD.parse(source) if t.type == "inline").replace(WORD_JOINER, "")


PLOTLY_TAGS = {"br", "b", "i", "em", "s", "u", "sup", "sub", "span", "a"}  # what plotly draws as markup
OWN_TAGS = {"br", "sup"}  # what the figures use themselves (and <extra>, which is not drawn)
PLOTLY_ENTITIES = {"mu": "μ", "amp": "&", "lt": "<", "gt": ">", "nbsp": "\xa0", "times": "×", "plusmn": "±", "deg": "°"}


def plotly_shows(text: str) -> tuple[str, list[str]]:
    """What plotly draws of a text (as plotly.js's svg_text_utils reads it): the characters, and
    the tags it takes as markup."""
    shown, tags = [], []
    for part in re.split(r"(<[^<>]*>)", text):
        match = re.search(r"<(/?)([^ >]*)(\s+(.*))?>", part, re.IGNORECASE)
        if match and match.group(2).lower() in PLOTLY_TAGS:
            tags.append(match.group(2).lower())
            continue

        def entity(found):
            name = found.group(1)
            if name.startswith("#"):
                point = int(name[2:], 16) if name[1] == "x" else int(name[1:])
                return chr(point) if point <= 0x10FFFF else found.group(0)
            return PLOTLY_ENTITIES.get(name, found.group(0))

        shown.append(re.sub(r"&(#\d+|#x[\da-fA-F]+|[a-z]+);", entity, part))
    return "".join(shown), tags


ALTERED_BY_PLOTLY = [p for p in PAYLOADS if plotly_shows(p) != (p, [])]  # a tag or an entity plotly reads


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def plotly_problems(spec: str) -> list[str]:
    """Markup in a figure's text but the figures' own, and hostile values plotly would not show as they are."""
    problems = []
    for text in strings(json.loads(spec)):
        _, tags = plotly_shows(text)
        if set(tags) - OWN_TAGS:
            problems.append(f"markup {sorted(set(tags) - OWN_TAGS)} in the figure text {text[:200]!r}")
        problems += [f"{p!r} unescaped in the figure text {text[:200]!r}" for p in ALTERED_BY_PLOTLY if p in text]
    return problems


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems = []

    def handle_starttag(self, tag, attrs):
        if tag not in ("div", "span", "b", "br"):
            self.problems.append(f"a <{tag}> element")
        for name, value in attrs:
            if name not in ("style", "class") or re.search(r"(?i)url\(|expression|@import|javascript:", value or ""):
                self.problems.append(f"the attribute {name}={value!r}")

    def handle_comment(self, data):
        self.problems.append(f"a comment {data!r}")

    def handle_decl(self, decl):
        self.problems.append(f"a declaration {decl!r}")


def html_problems(body: str) -> list[str]:
    tags = _Tags()
    tags.feed(body)
    tags.close()
    return [f"{problem} in st.html" for problem in tags.problems]


def fields(message, prefix=""):
    """(name, text) of every string field of a protobuf message, nested ones as a.b."""
    for field, value in message.ListFields():
        for item in value if field.is_repeated else [value]:
            if hasattr(item, "ListFields"):
                yield from fields(item, f"{prefix}{field.name}.")
            elif isinstance(item, str):
                yield prefix + field.name, item


MARKDOWN_FIELDS = {"body", "label", "help", "delta"}  # what Streamlit renders as Markdown, on every element
AS_TEXT = {"Json", "Text", "Code"}  # st.json, st.text, st.code: shown as text whatever they hold


def protos(app: AppTest):
    """The proto of every element and block on the page, the sidebar's included."""
    nodes = [app._tree]
    while nodes:
        node = nodes.pop()
        nodes.extend(getattr(node, "children", {}).values())
        if getattr(node, "proto", None) is not None:
            yield node.proto


def page_problems(app: AppTest) -> list[str]:
    problems = [f"exception: {e.message}" for e in app.exception]
    for proto in protos(app):
        kind = proto.DESCRIPTOR.name
        if kind == "PlotlyChart":
            problems += plotly_problems(proto.spec)
        elif kind == "Html":
            problems += html_problems(proto.body)
        elif kind in ("Dataframe", "ArrowTable", "Arrow"):
            for name, text in fields(proto):
                if name == "columns" and text:  # column configs: their help is a Markdown tooltip
                    for column in json.loads(text).values():
                        problems += markdown_problems(str(column.get("help", ""))) if isinstance(column, dict) else []
        elif kind not in AS_TEXT and kind != "BidiComponent":  # the token view: data as text, see its own test
            for name, text in fields(proto):
                if name.rsplit(".", 1)[-1] in MARKDOWN_FIELDS:
                    problems += [f"{kind}.{name}: {p}" for p in markdown_problems(text)]
    return problems


def page_text(app: AppTest) -> str:
    """Everything the page shows from Markdown, as plain text, one element a line."""
    texts = []
    for proto in protos(app):
        if proto.DESCRIPTOR.name not in AS_TEXT | {"PlotlyChart", "Html", "BidiComponent"}:
            texts += [markdown_text(text) for name, text in fields(proto) if name.rsplit(".", 1)[-1] in MARKDOWN_FIELDS]
    return "\n".join(texts)


def figure_text(app: AppTest) -> str:
    """Every string of the page's figures as plotly shows it (entities decoded)."""
    specs = [json.loads(p.spec) for p in protos(app) if p.DESCRIPTOR.name == "PlotlyChart"]
    return "\n".join(plotly_shows(text)[0] for spec in specs for text in strings(spec))


def open_page(monkeypatch, run: Path, page: str | None, **params: str) -> AppTest:
    """The browser on `run` at `page` (None: the page it opens with) and the address `params`."""
    monkeypatch.setattr(sys, "argv", [BROWSER, str(run)])
    app = AppTest.from_file(BROWSER, default_timeout=60).run()
    if page is None:
        return app
    app.switch_page(page)
    app.query_params.update(params)
    return app.run()


def assert_as_text(app: AppTest, *whole) -> None:
    """No markup from data on the page, and each of `whole` shown exactly as it is."""
    problems = page_problems(app)
    assert not problems, "\n".join(problems[:20])
    text = page_text(app)
    for value in whole:
        assert shown(value) in text, f"{shown(value)!r} is not shown as it is; the page shows:\n{text[:3000]}"


# ---------------------------------------------------------------------------------------------
# the helpers on their own

CONTEXTS = [  # where a page puts a value: inside a line, at its start, in a list item, after strong text
    ("x {} y", "x {} y"),
    ("{}", "{}"),
    ("- {}", "{}"),
    ("**label** {} · end", "label {} · end"),
]
FUZZ_CHARS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n\rwhWT:/.1a0é·"


def fuzz(n: int, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    pieces = [*FUZZ_CHARS, "http://", "www.", "@x.io", ":red[", "](", "![", "```", "$$", "**", "__", "~~", "&amp;", "&#60;",
              "\n- ", "\n1. ", "\n# ", "\n> ", "\n---\n", "\n    ", "<img ", "<!--", ":material/", "\\\n", "  \n"]  # fmt: skip
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 24))) for _ in range(n)]


HOSTILE = [*PAYLOADS, TOGETHER, *fuzz(1500)]


def rendered_text(source: str) -> str:
    """The text markdown-it renders `source` to, read back from its HTML."""
    parser = HTMLParser(convert_charrefs=True)
    parts = []
    parser.handle_data = parts.append
    parser.feed(HTML.render(source))
    parser.close()
    return "".join(parts).replace(WORD_JOINER, "").strip()


@pytest.mark.parametrize("context, reads", CONTEXTS)
def test_md_text_shows_any_value_as_it_is_and_makes_no_markup(context, reads):
    for value in HOSTILE:
        source = context.format(md_text(value))
        assert not markdown_problems(source), (value, markdown_problems(source))
        expected = reads.format(shown(value))
        assert re.sub(r"\s+", " ", rendered_text(source)) == re.sub(r"\s+", " ", expected).strip(), (value, source)


def test_md_text_escapes_each_kind_of_markup():
    cases = {
        "![x](http://e.invalid/p.png)": r"\!\[x\]\(http\:" + WORD_JOINER + r"\/\/e.invalid/p.png\)",
        "<img src=x>": r"\<img src=x\>",
        "a`b": r"a\`b",
        "$x^2$": r"\$x^2\$",
        "**b** _i_ ~~s~~": r"\*\*b\*\* \_i\_ \~\~s\~\~",
        "# h": r"\# h",
        "- item": r"\- item",
        "  12. item": "\u00a0\u00a012\\. item",
        "+ item": r"\+ item",
        "a+b=c {d} ^e": "a+b=c {d} ^e",
        "a|b": r"a\|b",
        "back\\slash": r"back\\slash",
        "www.e.invalid": f"www{WORD_JOINER}.e.invalid",
        "WWW.e.invalid HTTPS://e": f"WWW{WORD_JOINER}.e.invalid HTTPS\\:{WORD_JOINER}\\/\\/e",
        "me@e.invalid": f"me\\@{WORD_JOINER}e.invalid",
        ":red[x] :material/home: :+1:": f"\\:red\\[x\\] \\:material\\/home\\: \\:{WORD_JOINER}+1\\:",
        "&amp;": r"\&amp;",
        "one\ntwo\r\nthree\rfour": "one↵two↵three↵four",
    }
    for value, escaped in cases.items():
        assert md_text(value) == escaped, value


def test_md_text_leaves_paths_ids_and_plain_words_as_they_are():
    for value in ["/tmp/pytest-of-me/run_1/analysis/similarity.json", "doc12", "snake_case_name", "small test model",
                  "it's \"quoted\", 50% done; why?", "2-gram 'the'", "x - y -- z", "nats/token", "1.5"]:  # fmt: skip
        assert md_text(value) == value, value
    assert md_text("1. item") == r"1\. item"  # a leading number and dot would start a numbered list
    assert md_text("    code") == "\u00a0" * 4 + "code"  # four leading spaces would start a code block
    assert md_text(42) == "42" and md_text(None) == "None" and md_text(Path("a/b")) == "a/b"


def test_code_shows_any_value_as_one_code_span():
    for value in HOSTILE:
        source = f"x {code(value)} y"
        assert not markdown_problems(source), (value, markdown_problems(source))
        [inline] = [t for t in MD.parse(source) if t.type == "inline"]
        spans = [t.content for t in inline.children if t.type == "code_inline"]
        assert spans == [shown(value) or " "], (value, source, spans)
        assert visible(inline.children) == f"x {shown(value) or ' '} y"


def test_code_fences_by_more_backticks_than_the_value_holds():
    assert code("a") == "`a`"
    assert code("a`b") == "``a`b``"
    assert code("`a") == "`` `a ``"
    assert code("``` x") == "```` ``` x ````"
    assert code(" a ") == "`  a  `"
    assert code("") == "` `"


def test_plain_text_in_a_figure_shows_as_it_is_and_makes_no_markup():
    for value in [*HOSTILE, "<a href='x'>&</a>", "<|bos|>", "</s><S>", "&lt; &#60; &#x3c; &nbsp;", "a < b <= c"]:
        assert plotly_shows(plain(value)) == (value, []), value
    assert plain("<|bos|> a < b, x&y") == "<|bos|> a < b, x&y"  # no tag or entity: left as it is
    assert plain(3) == "3"


def test_the_checker_catches_every_payload_left_raw():
    """Without escaping, each payload is markup the harness reports (or, rendered, not the value)."""
    for payload in PAYLOADS:
        raw = any(markdown_problems(context.format(payload)) for context, _ in CONTEXTS)
        reads_otherwise = markdown_text(f"x {payload} y") != f"x {shown(payload)} y"
        assert raw or reads_otherwise, payload
    assert markdown_problems("`pos=a`b` is ignored")  # a code span a backtick in the value ended early
    assert markdown_text("`pos=a`b`c` is ignored") != "pos=a`b`c is ignored"  # two: the value is not shown whole
    assert markdown_problems("**Model** **zqbold**")
    assert not markdown_problems("**Model** \\*\\*zqbold\\*\\* · **layer 1** · category **\\*\\*zqbold\\*\\***")
    assert plotly_problems(json.dumps({"data": [{"name": '<a href="http://example.invalid">x</a>'}]}))
    assert plotly_problems(json.dumps({"data": [{"x": ["<B>bold</b>"]}]}))
    assert not plotly_problems(json.dumps({"layout": {"title": {"text": "a<br><sup>b</sup> &lt;img&gt; <|bos|>"}}}))
    assert html_problems('<div><img src="http://example.invalid/p.png"></div>')
    assert not html_problems('<div style="color:red"><span>&lt;img src=x&gt;</span></div>')


def test_the_token_view_inserts_data_as_text():
    """The document viewer's token view builds its DOM in the browser: text by textContent, the
    card by a data attribute shown through CSS `attr()`; nothing parsed as HTML."""
    for parses_html in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "DOMParser", "ContextualFragment"):
        assert parses_html not in token_view.JS, parses_html
    assert "span.textContent = d.text[i]" in token_view.JS
    assert "url(" not in token_view.CSS and "@import" not in token_view.CSS


# ---------------------------------------------------------------------------------------------
# every page of a hostile run


def poison(value, payloads):
    """`value` with a payload appended to each string in it (dict keys kept: they are looked up)."""
    if isinstance(value, str):
        return f"{value} {next(payloads)}"
    if isinstance(value, dict):
        return {key: poison(item, payloads) for key, item in value.items()}
    if isinstance(value, list):
        return [poison(item, payloads) for item in value]
    return value


def relabel(run: Path) -> dict:
    """The categories tables with every label replaced by a payload (one payload a label)."""
    tables = {name: pq.read_table(run / "categories" / name) for name in ("enrichment.parquet", "labelled_positions.parquet")}
    labels = sorted(set(tables["enrichment.parquet"].column("label").to_pylist()))
    hostile = dict(zip(labels, cycle(PAYLOADS)))
    hostile = {label: f"{payload} {i}" for i, (label, payload) in enumerate(hostile.items())}
    for name, table in tables.items():
        column = pa.array([hostile[label] for label in table.column("label").to_pylist()])
        pq.write_table(table.set_column(table.column_names.index("label"), "label", column), run / "categories" / name)
    return hostile


@pytest.fixture(scope="module")
def hostile_run(model, tmp_path_factory):
    """A probed, categorized run with every result file, hostile in everything it shows."""
    base = tmp_path_factory.mktemp("escaping")
    run = base / "run"
    documents = [
        Document(payload, f"Plain words, then {payload} and more words. " * 3 + TOGETHER, domain=payload) for payload in PAYLOADS
    ]
    probe_corpus(model, documents, run, MANIFEST, ProbeOptions(record=RecordOptions(rows=True)), show_progress=False)
    categorize_run(run, top_fraction=0.1, n_boot=20)
    save_model(model, base / "ckpt")
    (base / "corpus.jsonl").write_text("".join(json.dumps({"text": d.text, "domain": d.domain}) + "\n" for d in documents))
    write_app_results(run, str(base / "ckpt"), base / "corpus.jsonl", tokens=300)
    payloads = cycle(PAYLOADS)
    for name in ARTEFACTS:
        if name != "categories":
            path = artefact_path(run, name)
            path.write_text(json.dumps(poison(json.loads(path.read_text()), payloads)))
    relabel(run)
    return run


def result(run: Path, name: str) -> dict:
    return json.loads(artefact_path(run, name).read_text())


def shown_whole(run: Path, page: str) -> list[str]:
    """The values from data each page shows whole (in Markdown)."""
    similarity, ablation = result(run, "similarity"), result(run, "ablation")
    offload, rowstats, traffic, plan = (result(run, name) for name in ("offload", "rowstats", "traffic", "plan"))
    return {
        "views/overview.py": [MANIFEST["model"], MANIFEST["corpus"], MANIFEST["split"], MANIFEST["model_hash"]],
        "views/similarity.py": [similarity["a"]["name"], similarity["b"]["name"], similarity["positions"]["description"],
                                similarity["representation"]],
        "views/offload.py": [offload["statistics"], rowstats["model"], rowstats["text"], traffic["model"], traffic["corpus"],
                             *traffic["hygiene"]["warnings"], *plan["assumption_lines"], *plan["profile_sources"].values(),
                             *plan["placement"]["checks"]],
        "views/ablations.py": [ablation["model"]["name"], *(ablation["conditions"][c] for c in ablation["overall"]["loss"])],
    }.get(page, [])  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES)
def test_every_page_of_a_hostile_run_shows_its_data_as_text(monkeypatch, hostile_run, page):
    # the overview samples positions of any gate; the search finds every hostile document and n-gram
    app = open_page(monkeypatch, hostile_run, page, range="0,1", **SEARCHED.get(page, {}))
    assert_as_text(app, *shown_whole(hostile_run, page))
    assert not app.error, [e.value for e in app.error]  # the hostile values were drawn, not refused
    if page not in ("views/documents.py", "views/ngrams.py", "views/search.py", "views/try_text.py"):
        assert app.get("plotly_chart"), f"{page} drew no figure"
    if page == "views/overview.py":
        labels = [markdown_text(link.proto.label) for link in app.get("page_link")]
        documents = [label for label in labels if " · position " in label]
        assert documents and all(label.split(" · position ")[0] in map(shown, PAYLOADS) for label in documents), labels
    if page == "views/categories.py":
        assert any(plain(p) in json.dumps(json.loads(c.proto.spec)) or p in figure_text(app) for p in PAYLOADS
                   for c in app.get("plotly_chart"))  # fmt: skip


@pytest.mark.slow
def test_every_string_of_every_result_file_shown_as_text_in_its_figures(monkeypatch, hostile_run):
    """The figures carry the result files' hostile strings, escaped: plotly shows them as they are."""
    names = {"views/similarity.py": result(hostile_run, "similarity")["a"]["name"],
             "views/ablations.py": result(hostile_run, "ablation")["by_domain"][0]["domain"],
             "views/offload.py": result(hostile_run, "plan")["profile"]}  # fmt: skip
    for page, value in names.items():
        app = open_page(monkeypatch, hostile_run, page)
        assert not page_problems(app)
        assert value in figure_text(app), (page, value)


@pytest.mark.slow
@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_hostile_value_in_every_query_parameter(monkeypatch, hostile_run, payload):
    """Every parameter any page reads, on every page, at once: each one a page rejects is echoed as
    it is; the ones taking any text (a search, a document id) open the view they name."""
    for page in PAGES:
        app = open_page(monkeypatch, hostile_run, page, **dict.fromkeys(EVERY_KEY, payload))
        rejected = [f"{key}={payload}" for key in ADDRESS.get(page, ()) if key not in TAKES_ANY_TEXT]
        assert_as_text(app, *rejected)
        if page == "views/documents.py":  # the payload is a document's id and in its text: opened, and found
            assert app.selectbox(key="doc").value == payload
            assert f"matches of {shown(repr(payload))}" in page_text(app)


@pytest.mark.slow
@pytest.mark.parametrize("key", EVERY_KEY)
def test_every_payload_together_in_each_query_parameter(monkeypatch, hostile_run, key):
    for page in PAGES:
        app = open_page(monkeypatch, hostile_run, page, **{key: TOGETHER})
        expected = [f"{key}={TOGETHER}"] if key in ADDRESS.get(page, ()) and key not in TAKES_ANY_TEXT else []
        assert_as_text(app, *expected)
        if page == "views/documents.py" and key == "doc":
            assert f"document {shown(repr(TOGETHER))} is not in run" in page_text(app)


@pytest.mark.slow
def test_hostile_ngram_pages(monkeypatch, hostile_run):
    """The n-gram page of n-grams holding Markdown, opened from the address."""
    table = ngram_table(hostile_run, min_count=1, limit=2000, longest_only=False).to_pylist()
    chosen, signs = [], set()
    for row in table:  # one n-gram for each kind of sign, up to a dozen
        new = set(re.findall(r"[`*_\[\]()<>!#$~|\\:&@]", row["ngram"])) - signs
        if new and len(chosen) < 12:
            chosen.append(row)
            signs |= new
    assert len(chosen) >= 6, [row["ngram"] for row in table[:50]]
    for row in chosen:
        app = open_page(monkeypatch, hostile_run, "views/ngrams.py", pick=f"{row['layer']}/{row['order']}/{row['ngram']}")
        assert_as_text(app, f"{row['order']}-gram {row['ngram']!r} at layer {row['layer']}")
        labels = [markdown_text(link.proto.label) for link in app.get("page_link")]
        assert labels and all(label.split(" · position ")[0] in map(shown, PAYLOADS) for label in labels), labels
        assert shown(row["ngram"]) in figure_text(app) or repr(row["ngram"]) in figure_text(app)


@pytest.mark.slow
def test_hostile_search_in_the_ngram_table_and_the_document_viewer(monkeypatch, hostile_run):
    for search in ("`", "**", "](", "<", "$", "\\"):
        assert_as_text(open_page(monkeypatch, hostile_run, "views/ngrams.py", q=search))
        app = open_page(monkeypatch, hostile_run, "views/documents.py", q=search)
        assert_as_text(app, f"matches of {repr(search)}")


@pytest.mark.slow
def test_every_result_file_with_hostile_keys_is_an_error_shown_as_text(monkeypatch, hostile_run, tmp_path):
    """Keys of every object hostile too: what the pages cannot draw is an error message, as text."""
    import shutil

    run = tmp_path / "run"
    shutil.copytree(hostile_run, run)

    def keys(value, payloads):
        if isinstance(value, dict):
            return {f"{key} {next(payloads)}": keys(item, payloads) for key, item in value.items()}
        if isinstance(value, list):
            return [keys(item, payloads) for item in value]
        return value

    for name in ARTEFACTS:
        if name != "categories":
            path = artefact_path(run, name)
            path.write_text(json.dumps(keys(json.loads(path.read_text()), cycle(PAYLOADS))))
    for page in PAGES:
        app = open_page(monkeypatch, run, page)
        assert_as_text(app)


@pytest.mark.slow
def test_a_partial_run_and_a_broken_run_say_so_as_text(monkeypatch, hostile_run, tmp_path):
    """The sidebar's warnings and the problem page quote the run's corpus and directory."""
    import shutil

    run = tmp_path / "r`un $x$ **b** <i>zq</i> ~~s~~ #h !zq"  # a directory name cannot hold / or the glob signs
    shutil.copytree(hostile_run, run)
    (run / "report.json").unlink()
    app = open_page(monkeypatch, run, "views/overview.py")
    assert app.sidebar.warning, "a partial run has a warning"
    assert_as_text(app, f"run {run}")
    for broken in ("manifest", "shards"):
        if broken == "manifest":
            (run / "manifest.json").write_text(json.dumps({"model": TOGETHER}))
        else:
            shutil.rmtree(run)
        app = open_page(monkeypatch, run, None)
        assert app.title[0].value == "This run directory cannot be shown"
        assert_as_text(app, str(run))


@pytest.mark.slow
def test_the_harness_finds_the_markup_of_pages_that_escape_nothing(monkeypatch, hostile_run):
    """With the escaping helpers made to pass values through, every page shows markup from data:
    the checks above are not vacuous."""
    from probe.apps import shared

    import probe.plots as plots

    monkeypatch.setattr(shared, "md_text", str)
    monkeypatch.setattr(shared, "code", lambda value: f"`{value}`")
    for module in vars(plots).values():
        if hasattr(module, "plain"):
            monkeypatch.setattr(module, "plain", str)
    for page in PAGES:
        if page == "views/try_text.py":
            continue  # it shows the reader's text, not the run's: tests/test_app_try_text.py types hostile text into it
        app = open_page(monkeypatch, hostile_run, page, range="0,1", layer=f"zq`one {PAYLOADS[0]}", **SEARCHED.get(page, {}))
        assert page_problems(app), page
