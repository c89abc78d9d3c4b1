"""Document viewer: a document's tokens shaded by their gate; a token's n-grams, rows,
category and gate per branch at every layer."""

import streamlit as st

from probe.apps.shared import cached, engram_layers, manifest
from probe.browse import document_list, document_tokens
from probe.plots import gate_trace_figure, shaded_text_html

WINDOW = 1500  # tokens shaded at once: the page stays responsive on long documents
LISTED = 1000  # documents offered at once

config = manifest()["config"]
st.title("Document viewer")
search = st.text_input("find documents by id or text")
documents = cached(document_list, search, LISTED).to_pylist()
if not documents:
    st.warning(f"No document matches {search!r}.")
    st.stop()
if len(documents) == LISTED:
    st.caption(f"the {LISTED:,} longest matching documents; search to find others")
names = {d["doc_id"]: f"{d['doc_id']} · {d['domain']} · {d['n_tokens']:,} tokens · {d['opening']}" for d in documents}
doc_id = st.selectbox("document", list(names), format_func=names.get)
left, middle, right = st.columns(3)
layer = left.selectbox("layer", engram_layers())
gate_options = ["gate_mean", "gate_max", *(f"gate_b{b}" for b in range(config["hc_streams"]))]
gate = middle.selectbox("gate", gate_options, format_func=lambda g: g.removeprefix("gate_").replace("b", "branch ", 1))

trace = cached(document_tokens, doc_id)
every_layer = trace.to_pylist()
tokens = [row for row in every_layer if row["layer"] == layer]
start = 0
if len(tokens) > WINDOW:
    start = right.number_input(f"from token (shown {WINDOW} at a time)", 0, len(tokens) - 1, 0, step=WINDOW)
shown = tokens[start : start + WINDOW]
position = st.number_input("token to inspect (position)", shown[0]["position"], shown[-1]["position"], shown[0]["position"])


def gate_of(row: dict) -> float:
    return row["gates"][int(gate[len("gate_b") :])] if gate.startswith("gate_b") else row[gate]


orders = range(2, config["engram"]["max_ngram"] + 1)
titles = [
    f"position {row['position']} · gate {gate_of(row):.3f} · {row['category']}\n"
    + "\n".join(f"{n}-gram: {row[f'ngram_{n}']!r}" for n in orders)
    + "\nbranches: "
    + ", ".join(f"{g:.3f}" for g in row["gates"])
    + (f"\nrows: {' '.join(map(str, row['rows']))}" if row.get("rows") is not None else "")
    for row in shown
]
st.caption(
    "white: gate 0 · red: gate 1 · hover a token for its n-grams, category, gates and rows; the outlined one is inspected below"
)
st.markdown(
    shaded_text_html(
        [row["token"] for row in shown], [gate_of(row) for row in shown], titles, selected=position - shown[0]["position"]
    ),
    unsafe_allow_html=True,
)

st.subheader(f"Token at position {position}")
at_position = [row for row in every_layer if row["position"] == position]
first = at_position[0]
st.markdown(
    f"token {first['token']!r} (id {first['token_id']}) · characters {first['char_start']}–{first['char_end']} · "
    f"category **{first['category']}** ({first['evidence'] or 'no rule fired'})"
    + (f" · log p(next) {first['next_logprob']:.3f}" if first.get("next_logprob") is not None else "")
)
st.dataframe([{"order": n, "n-gram": first[f"ngram_{n}"]} for n in orders], hide_index=True)
st.dataframe(
    [
        {
            "layer": row["layer"],
            "mean": row["gate_mean"],
            "max": row["gate_max"],
            **{f"branch {b}": g for b, g in enumerate(row["gates"])},
            **({"rows (per head)": " ".join(map(str, row["rows"]))} if row.get("rows") is not None else {}),
            **({"output norm": row["out_norm"]} if row.get("out_norm") is not None else {}),
        }
        for row in at_position
    ],
    hide_index=True,
)
if "rows" not in trace.column_names:
    st.caption("Row ids were not recorded; probe with `engram-probe run --record-rows` to see them.")
st.plotly_chart(gate_trace_figure(trace, gate))
