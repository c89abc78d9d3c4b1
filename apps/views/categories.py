"""Categories: which kinds of text the top-gated positions hold against random ones, per layer;
a top-gated position selected in its table opens the document viewer there."""

import streamlit as st
from probe.apps.shared import PAGES, missing, parquet

from probe.categorize.run import CATEGORY_COLUMNS
from probe.plots import enrichment_figure, label_share_figure

st.title("Categories")
enrichment = parquet("categories/enrichment.parquet", CATEGORY_COLUMNS["enrichment.parquet"])
if enrichment is None:
    missing("categories", "categorized positions")
    st.stop()
st.plotly_chart(
    enrichment_figure(enrichment, title="Enrichment: P(label | top-gated) / P(label | random), 95% bootstrap intervals")
)
st.plotly_chart(label_share_figure(enrichment))
st.dataframe(enrichment.to_pandas(), hide_index=True)

labelled = parquet("categories/labelled_positions.parquet", CATEGORY_COLUMNS["labelled_positions.parquet"])
if labelled is not None:
    st.subheader("Top-gated positions")
    frame = labelled.to_pandas()
    label = st.selectbox("label", sorted(frame["label"].unique()))
    top = frame[(frame["group"] == "top") & (frame["label"] == label)].sort_values("gate", ascending=False)
    st.caption("Select a row to open the document viewer at that position.")
    chosen = st.dataframe(
        top[["layer", "gate", "ngram", "left_context", "right_context", "doc_id", "position"]],
        hide_index=True,
        key="top_positions",
        on_select="rerun",
        selection_mode="single-row",
        column_config={"gate": st.column_config.NumberColumn(format="%.3f")},
    )
    if chosen.selection.rows:  # opened in this session, as a link would not be
        row = top.iloc[chosen.selection.rows[0]]
        address = {"doc": row["doc_id"], "pos": str(row["position"]), "layer": str(row["layer"])}
        st.switch_page(PAGES["documents"], query_params=address)
