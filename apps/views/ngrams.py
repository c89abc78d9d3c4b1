"""N-gram explorer: the n-grams ranked by a lower confidence bound of their mean gate (or mean,
max, count), every filter applied before the row limit; select a row for the n-gram's own
page: its gates over all occurrences, layer against layer, counts per domain, and examples at
the top, middle and bottom of its gates in shaded context, each a link to the document viewer.
The view is in the address: `?layer=L&order=N&min=3&sort=S&q=TEXT&cat=a,b&longest=1` for the
table, plus `&pick=L/N/NGRAM` for an n-gram's page (the table's filters kept to go back to)."""

import numpy as np
import streamlit as st
from probe.apps.shared import (
    cached,
    document_link,
    engram_layers,
    flag,
    from_address,
    manifest,
    md_text,
    one_of,
    some_of,
    to_address,
    whole_number,
)
from probe.apps.windows import spread_examples

from probe.categorize import LABELS
from probe.plots import shaded_text_html
from probe.plots.ngrams import layer_vs_layer_figure, ngram_gate_figure
from probe.runs.aggregate import gate_histogram
from probe.runs.queries import SORTS, domain_counts, ngram_occurrences, ngram_table, overview, token_contexts

engram = manifest()["config"]["engram"]
layers, orders = engram_layers(), list(range(2, engram["max_ngram"] + 1))


def parse_pick(text: str) -> tuple[int, int, str]:
    """`L/N/NGRAM`: the n-gram of order N at layer L."""
    parts = text.split("/", 2)
    if len(parts) != 3:
        raise ValueError("write it as LAYER/ORDER/NGRAM")
    layer, order = one_of(layers)(parts[0]), one_of(orders)(parts[1])
    return layer, order, parts[2]


FILTERS = {
    "layer": ("all", one_of(["all", *layers])),
    "order": ("all", one_of(["all", *orders])),
    "min": (3, whole_number),
    "sort": ("lower_bound", one_of(list(SORTS))),
    "q": ("", str),
    "cat": ([], some_of(LABELS)),
    "longest": (True, flag),
    "rows": (200, whole_number),
}
from_address({**FILTERS, "pick": (None, parse_pick)})


def write_address() -> None:
    """The table's filters (the n-gram page keeps them, to go back to) and the picked n-gram."""
    values = {key: st.session_state[key] for key in FILTERS}
    pick = st.session_state.pick
    to_address(
        {
            **values,
            "q": values["q"] or None,
            "cat": values["cat"] or None,
            "pick": None if pick is None else f"{pick[0]}/{pick[1]}/{pick[2]}",
        }
    )


def ngram_page(pick_layer: int, pick_order: int, ngram: str) -> None:
    label = f"{pick_order}-gram {ngram!r}"
    st.title(f"{md_text(label)} at layer {pick_layer}")

    def back_to_table() -> None:
        st.session_state.pick = None

    st.button("◀ the n-gram table", on_click=back_to_table, help="back to the table, with its filters")
    occurrences = cached(ngram_occurrences, pick_layer, pick_order, ngram)
    if occurrences.num_rows == 0:
        st.warning(f"The run has no {md_text(label)} at layer {pick_layer}.")
        return
    gates = occurrences.column("gate").to_numpy()
    numbers = st.columns(4)
    numbers[0].metric("occurrences", f"{len(gates):,}")
    numbers[1].metric("mean gate", f"{gates.mean():.3f}")
    numbers[2].metric("median gate", f"{np.median(gates):.3f}")
    numbers[3].metric("gate range", f"{gates.min():.3f}–{gates.max():.3f}")
    histogram = cached(gate_histogram)
    left, right = st.columns(2)
    left.plotly_chart(ngram_gate_figure(occurrences, histogram, pick_layer, label))
    others = [other for other in layers if other != pick_layer]
    if others:
        other = right.selectbox("against layer", others)
        right.plotly_chart(layer_vs_layer_figure(occurrences, pick_layer, other, label))

    st.subheader("Where it occurs")
    st.dataframe(
        domain_counts(occurrences, cached(overview)["domains"]),
        hide_index=True,
        column_config={
            "share of occurrences": st.column_config.NumberColumn(format="percent"),
            "share of the run's tokens": st.column_config.NumberColumn(format="percent"),
            "mean gate": st.column_config.NumberColumn(format="%.3f"),
        },
    )

    st.subheader("Examples across its gates")
    st.caption("the n-gram's tokens underlined; shading: gate at this layer, yellow 0 to dark red 1; each opens its document")
    found = occurrences.to_pylist()
    groups = spread_examples(len(found))
    places = [(found[i]["doc_id"], found[i]["position"]) for indices in groups.values() for i in indices]
    contexts = iter(cached(token_contexts, pick_layer, places))
    for group, indices in groups.items():
        if not indices:
            continue
        st.markdown(f"**{group}** of the gate range")
        for i in indices:
            occurrence, context = found[i], next(contexts)
            positions = [t["position"] for t in context]
            marked = {k for k, p in enumerate(positions) if occurrence["position"] - pick_order < p <= occurrence["position"]}
            st.html(shaded_text_html([t["token"] for t in context], [t["gate_mean"] for t in context], marked=marked))
            where = f"{md_text(occurrence['doc_id'])} · position {occurrence['position']:,}"
            document_link(
                occurrence["doc_id"],
                occurrence["position"],
                pick_layer,
                f"{where} · {md_text(occurrence['domain'])} · gate {occurrence['gate']:.3f}",
            )


if st.session_state.pick is not None:
    write_address()
    ngram_page(*st.session_state.pick)
    st.stop()

st.title("N-gram explorer")
row1 = st.columns(4)
layer = row1[0].selectbox("layer", ["all", *layers], key="layer")
order = row1[1].selectbox("order", ["all", *orders], key="order", format_func=lambda v: v if v == "all" else f"{v}-gram")
min_count = row1[2].number_input("min count", 1, key="min")
sort = row1[3].selectbox("rank by", list(SORTS), key="sort", format_func=SORTS.get)
row2 = st.columns([2, 2, 1, 1.3])
search = row2[0].text_input("n-gram contains", key="q")
categories = row2[1].multiselect("category", LABELS, key="cat")
limit = row2[2].number_input("rows", 10, 2000, step=50, key="rows")
longest = row2[3].checkbox(
    "longest order only", key="longest", help="drop an n-gram whose every occurrence is inside one same longer n-gram"
)
write_address()

table = cached(
    ngram_table,
    layer=None if layer == "all" else layer,
    order=None if order == "all" else order,
    min_count=min_count,
    search=search,
    categories=tuple(categories),
    sort=sort,
    limit=limit,
    longest_only=longest,
)
rows = table.to_pylist()
st.caption(
    f"{len(rows):,} n-grams, the first {limit:,} by {SORTS[sort]} that pass every filter "
    "(the category is the categorizer's label of the strongest example; category and longest-order filters look at "
    "the best 20,000 candidates). The lower bound ranks a rare n-gram's high mean below a common one's: "
    "3 occurrences at 0.95 give 0.40. Select a row for the n-gram's page."
)
for row in rows:
    best = (row["examples"] or [{}])[0]
    row["example"] = f"…{best.get('left', '')[-30:]}[{best.get('text', '')}]{best.get('right', '')[:30]}…".replace("\n", "↵")
    row["shown"] = repr(row["ngram"])


def pick_row() -> None:
    selected = st.session_state.table.selection.rows
    if selected:
        row = st.session_state.shown_rows[selected[0]]
        st.session_state.pick = (row["layer"], row["order"], row["ngram"])


st.session_state.shown_rows = rows
if not rows:
    st.warning("No n-gram passes these filters.")
    st.stop()
st.dataframe(
    [
        {k: row[k] for k in ("layer", "order", "shown", "count", "lower_bound", "mean_gate", "max_gate", "category", "example")}
        for row in rows
    ],
    hide_index=True,
    key="table",
    on_select=pick_row,
    selection_mode="single-row",
    column_config={
        "shown": st.column_config.TextColumn("n-gram", width="medium"),
        "lower_bound": st.column_config.NumberColumn("lower bound", format="%.3f", help=SORTS["lower_bound"]),
        "mean_gate": st.column_config.NumberColumn("mean gate", format="%.3f"),
        "max_gate": st.column_config.NumberColumn("max gate", format="%.3f"),
        "example": st.column_config.TextColumn("strongest example", width="large"),
    },
)
