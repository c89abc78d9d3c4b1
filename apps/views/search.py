"""Search: one box, looked up everywhere in the run (`probe.runs.search`): n-grams holding the
text (each a link to its n-gram page), documents whose id holds it and documents whose text does
(each a link into the document viewer at the first match). The query is in the address: `?q=TEXT`."""

import streamlit as st
from probe.apps.shared import cached, code, document_link, from_address, md_text, ngram_link, to_address

from probe.runs.search import document_matches, ngram_matches

SHOWN = 50  # results listed per section; the count says how many there are in all

st.title("Search")
from_address({"q": ("", str)})
query = st.text_input(
    "search the run", key="q", placeholder="an n-gram, a document id or any text", help="case-insensitive, as it is typed"
)
to_address({"q": query or None})
if not query:
    st.info("Type a text: the n-grams that hold it, and the documents whose id or text does, are listed here.")
    st.stop()


def heading(what: str, total: int) -> None:
    more = f" (the first {SHOWN})" if total > SHOWN else ""
    st.subheader(f"{what}: {total:,}{more}")


total, ngrams = cached(ngram_matches, query, SHOWN)
heading("N-grams", total)
if not total:
    st.caption(f"No n-gram of the run holds {code(query)}.")
for row in ngrams.to_pylist():
    ngram_link(
        row["layer"],
        row["order"],
        row["ngram"],
        f"{row['order']}-gram {code(repr(row['ngram']))} · layer {row['layer']} · "
        f"{row['count']:,}× · mean gate {row['mean_gate']:.3f} · {md_text(row['category'])}",
    )

documents = cached(document_matches, query, SHOWN)
for kind, what in (("id", "Documents by id"), ("text", "Documents by text")):
    total, rows = documents[kind]
    heading(what, total)
    if not total:
        st.caption(f"No document's {kind} holds {code(query)}.")
    for row in rows.to_pylist():
        found = f"{row['matches']:,}× in the text · " if row["matches"] else ""
        document_link(
            row["doc_id"],
            row["position"],
            label=f"{md_text(row['doc_id'])} · {md_text(row['domain'])} · {found}position {row['position']:,} · "
            f"{md_text(row['opening'])}",
        )
