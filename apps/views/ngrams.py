"""N-gram explorer: the n-grams by gate, filtered by layer, order, category, count and text,
each with examples in context."""

import html

import streamlit as st

from probe.apps.shared import cached, engram_layers, manifest
from probe.browse import ngram_table
from probe.categorize import LABELS

st.title("N-gram explorer")
engram = manifest()["config"]["engram"]
row1 = st.columns(4)
layer = row1[0].selectbox("layer", [None, *engram_layers()], format_func=lambda v: "all" if v is None else str(v))
order = row1[1].selectbox(
    "order", [None, *range(2, engram["max_ngram"] + 1)], format_func=lambda v: "all" if v is None else f"{v}-gram"
)
min_count = row1[2].number_input("min count", 1, value=3)
sort = row1[3].selectbox("sort by", ["mean_gate", "max_gate", "count"], format_func=lambda s: s.replace("_", " "))
row2 = st.columns([2, 2, 1])
search = row2[0].text_input("n-gram contains")
categories = row2[1].multiselect("category", LABELS)
limit = row2[2].number_input("rows", 10, 2000, 200, step=50)

table = cached(
    ngram_table,
    layer=layer,
    order=order,
    min_count=min_count,
    search=search,
    categories=tuple(categories),
    sort=sort,
    limit=limit,
)
st.caption(
    f"{table.num_rows} n-grams: the first {limit} by {sort.replace('_', ' ')} with the filters above, then the chosen categories; "
    "the category is the categorizer's label of the strongest example. Click a column header to sort."
)
rows = table.to_pylist()
if not rows:
    st.warning("No n-gram matches these filters.")
    st.stop()
for row in rows:
    best = (row["examples"] or [{}])[0]
    row["example"] = f"…{best.get('left', '')[-30:]}[{best.get('text', '')}]{best.get('right', '')[:30]}…".replace("\n", "⏎")
st.dataframe(
    [{k: row[k] for k in ("layer", "order", "ngram", "count", "mean_gate", "max_gate", "category", "example")} for row in rows],
    hide_index=True,
    column_config={
        "mean_gate": st.column_config.NumberColumn("mean gate", format="%.3f"),
        "max_gate": st.column_config.NumberColumn("max gate", format="%.3f"),
    },
)
chosen = st.selectbox(
    "examples of",
    range(len(rows)),
    format_func=lambda i: f"layer {rows[i]['layer']} · {rows[i]['order']}-gram {rows[i]['ngram']!r}",
)
for example in rows[chosen]["examples"] or []:
    st.markdown(
        f"<div style='font-family:monospace;white-space:pre-wrap'>…{html.escape(example['left'])}"
        f"<mark>{html.escape(example['text'])}</mark>{html.escape(example['right'])}…</div>"
        f"<small>{html.escape(example['doc_id'])} · position {example['position']} · gate {example['gate']:.3f}</small>",
        unsafe_allow_html=True,
    )
