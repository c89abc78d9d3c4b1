"""Document viewer: a document's tokens shaded by their gate, opened at any position (the
window follows it), with a found text highlighted; the clicked token's n-grams (each a link
to its n-gram page), rows, category and gate per branch at every layer beside the text.
Everything that picks the view is in the address: `?doc=ID&pos=N&layer=L&gate=G&scale=S&q=TEXT`."""

import pyarrow as pa
import pyarrow.compute as pc
import streamlit as st
from probe.apps.colour import scale_address, scale_setting
from probe.apps.export import export_buttons
from probe.apps.shared import (
    GATE_CHOICE_HELP,
    cached,
    code,
    engram_layers,
    from_address,
    gate_columns,
    manifest,
    md_text,
    ngram_link,
    one_of,
    to_address,
    whole_number,
)
from probe.apps.token_view import token_view
from probe.apps.windows import adjacent_match, find_matches, token_window, tokens_in_span

from probe.plots import gate_trace_figure
from probe.plots.tokens import colour_bar_html, histogram_cdf, token_view_data
from probe.runs.aggregate import document_trace, gate_histogram
from probe.runs.queries import document_list, document_text, token_categories, typical_document

WINDOW = 1200  # tokens drawn at once around the position: the page stays quick on long documents
LISTED = 1000  # documents offered at once

config = manifest()["config"]
layers = engram_layers()
max_order = config["engram"]["max_ngram"]
gates = ["gate_mean", "gate_max", *(f"gate_b{b}" for b in range(config["hc_streams"]))]
st.title("Document viewer")
from_address(
    {
        "q": ("", str),
        "doc": (None, str),
        "pos": (None, whole_number),
        "layer": (layers[0], one_of(layers)),
        "gate": ("gate_mean", one_of(gates)),
        **scale_address(),
    }
)
scale = scale_setting()  # the colour scale of every page, in the sidebar


def jump_to_first_match() -> None:
    st.session_state.pos = None  # set below, once the document's matches are known


top = st.columns([3, 4, 1, 1.4])
search = top[0].text_input(
    "find text",
    key="q",
    on_change=jump_to_first_match,
    help="case-insensitive; jumps to the first match, then use next and previous",
)
documents = cached(document_list, search, LISTED).to_pylist()
if not documents:
    st.warning(f"No document contains {md_text(repr(search))}.")
    st.stop()
names = {d["doc_id"]: f"{d['doc_id']} · {d['domain']} · {d['n_tokens']:,} tokens · {d['opening']}" for d in documents}
if search:
    names = {d["doc_id"]: f"{d['matches']:,}× · " + names[d["doc_id"]] for d in documents}
if st.session_state.doc is None:
    st.session_state.doc = documents[0]["doc_id"] if search else cached(typical_document)
if st.session_state.doc not in names:
    if search:  # the search no longer finds the document shown: show the best match instead
        st.session_state.doc = documents[0]["doc_id"]
    else:  # a linked document outside the list, or none of the run's
        names = {st.session_state.doc: st.session_state.doc, **names}
doc_id = top[1].selectbox("document", list(names), key="doc", format_func=names.get, on_change=jump_to_first_match)
layer = top[2].selectbox("layer", layers, key="layer")
gate = top[3].selectbox(
    "gate",
    gates,
    key="gate",
    format_func=lambda g: g.removeprefix("gate_").replace("b", "branch ", 1),
    help=GATE_CHOICE_HELP,
)

try:
    trace = cached(document_trace, doc_id)
except KeyError as err:
    st.error(f"{md_text(err.args[0])}; pick a document from the list.")
    st.stop()
text = cached(document_text, doc_id)
# a document may have millions of tokens: its columns stay arrays, and only the rows drawn become Python rows
tokens = trace.filter(pc.equal(trace.column("layer"), layer))
n_tokens = tokens.num_rows
starts, ends = tokens.column("char_start").to_numpy(), tokens.column("char_end").to_numpy()
matches = find_matches(text, search)
spans = [tokens_in_span(starts, ends, start, end) for start, end in matches]
matched = sorted({i for span in spans for i in span})
first_tokens = sorted({span[0] for span in spans if span})
if st.session_state.pos is None:
    st.session_state.pos = first_tokens[0] if first_tokens else 0
if not 0 <= st.session_state.pos < n_tokens:
    st.warning(f"Position {st.session_state.pos} is outside this document's {n_tokens:,} tokens; showing position 0.")
    st.session_state.pos = 0

start, stop = token_window(st.session_state.pos, n_tokens, WINDOW)
labels = {row["position"]: row for row in cached(token_categories, doc_id, start, stop).to_pylist()}


def labelled(rows: list[dict]) -> list[dict]:
    """`rows` with their category and its evidence (labelled inside the window only)."""
    return [row | labels.get(row["position"], {"category": None, "evidence": None}) for row in rows]


left, right = st.columns([3, 2], gap="medium")
with right:
    position = st.number_input(f"token position (0..{n_tokens - 1:,}); or click a token", 0, n_tokens - 1, key="pos")
    if first_tokens:

        def go_to_match(step: int) -> None:
            st.session_state.pos = adjacent_match(first_tokens, st.session_state.pos, step)

        here = first_tokens.index(position) + 1 if position in first_tokens else None
        steps = st.columns([1, 1, 3], vertical_alignment="center")
        steps[0].button(
            "◀ previous", key="previous_match", on_click=go_to_match, args=(-1,), help="the match before this position"
        )
        steps[1].button("next ▶", key="next_match", on_click=go_to_match, args=(1,), help="the match after this position")
        steps[2].caption(
            (f"match {here:,} of " if here else "")
            + f"{len(matches):,} matches of {md_text(repr(search))} (underlined)"
            + (" · the first 100" if len(matches) == 100 else "")
        )
to_address({"doc": doc_id, "pos": position, "layer": layer, "gate": gate, "scale": scale, "q": search or None})

histogram = cached(gate_histogram)
branch = int(gate.removeprefix("gate_b")) if gate.startswith("gate_b") else -1  # the max gate has no histogram: use the mean's
cdf = histogram_cdf(histogram, layer, branch)
shown = labelled(tokens.slice(start, stop - start).to_pylist())
with left:
    st.html(colour_bar_html(scale, cdf, f"layer {layer} {gate.removeprefix('gate_')} gate"))
    if n_tokens > WINDOW:
        st.caption(
            f"tokens {start:,}–{stop - 1:,} of {n_tokens:,}: the window follows the position (set it beside, or click a token)"
        )

    def select_clicked() -> None:
        st.session_state.pos = st.session_state.token_view["select"]

    data = token_view_data(shown, gate, scale, cdf, max_order, position, [i - start for i in matched if start <= i < stop])
    token_view(data, select_clicked)

at_position = labelled(trace.filter(pc.equal(trace.column("position"), position)).to_pylist())
first = at_position[0]
with right:
    st.subheader(f"Token at position {position}")
    st.markdown(
        f"{code(repr(first['token']))} (id {md_text(first['token_id'])}) · "
        f"characters {md_text(first['char_start'])}–{md_text(first['char_end'])} · "
        f"category **{md_text(first['category'])}** ({md_text(first['evidence'] or 'no rule fired')})"
        + (
            f" · log p(next) {first['next_logprob']:.3f} nats (the model's log-probability of the token that follows)"
            if first.get("next_logprob") is not None
            else ""
        )
    )
    st.markdown("**The n-grams it reads** (each opens its n-gram page at this layer):")
    for n in range(2, max_order + 1):
        ngram_link(layer, n, first[f"ngram_{n}"], f"{n}-gram {code(repr(first[f'ngram_{n}']))}")
    per_layer = [
        {
            "layer": row["layer"],
            "mean": row["gate_mean"],
            "max": row["gate_max"],
            **{f"branch {b}": g for b, g in enumerate(row["gates"])},
            **({"rows (per head)": " ".join(map(str, row["rows"]))} if row.get("rows") is not None else {}),
            **({"output norm": row["out_norm"]} if row.get("out_norm") is not None else {}),
        }
        for row in at_position
    ]
    st.dataframe(
        per_layer,
        hide_index=True,
        column_config={
            **gate_columns(config["hc_streams"]),
            "rows (per head)": st.column_config.TextColumn(
                "rows (per head)", help="the memory row read in each head's table, orders 2.. in turn, heads within an order"
            ),
            "output norm": st.column_config.NumberColumn(
                "output norm", format="%.3f", help="the norm of what the layer's Engram adds to the residual here"
            ),
        },
    )
    export_buttons(per_layer, f"token_{position}", "token_layers")
    if "rows" not in trace.column_names:
        st.caption("Row ids were not recorded; probe with `engram-probe run --record-rows` to see them.")

st.plotly_chart(gate_trace_figure(trace, gate, window=(start, stop), selected=position))
st.caption(f"The whole document's tokens at layer {layer}, with their gates per branch and the n-grams they read:")
export_buttons(
    pa.table(
        {
            "position": tokens.column("position"),
            "token": tokens.column("token"),
            "gate_mean": tokens.column("gate_mean"),
            "gate_max": tokens.column("gate_max"),
            **{f"gate_b{b}": pc.list_element(tokens.column("gates"), b) for b in range(config["hc_streams"])},
            **{f"ngram_{n}": tokens.column(f"ngram_{n}") for n in range(2, max_order + 1)},
        }
    ),
    f"trace_layer{layer}",
    "document_trace",
)
