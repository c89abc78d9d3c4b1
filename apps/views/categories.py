"""Categories: which kinds of text the top-gated positions hold against random ones, per layer;
each top-gated position links to the document viewer there."""

import json
from urllib.parse import urlencode

import pyarrow as pa
import pyarrow.compute as pc
import streamlit as st
from probe.apps.background import compute_here
from probe.apps.export import export_buttons
from probe.apps.shared import document_link, from_address, md_text, missing, one_of, parquet, run_dir, to_address

from probe.categorize.enrichment import interval_reasons
from probe.categorize.run import CATEGORIES, CATEGORY_COLUMNS
from probe.plots import enrichment_figure, label_share_figure
from probe.plots.categories import enrichment_title

RATIO_HELP = "P(label | top-gated) / P(label | random): above 1, the label is more common where the gate is strongest."
INTERVAL_HELP = "95% bootstrap interval over documents: whole documents are resampled, so one long document counts once."
CORRECTED_HELP = "with the categorizer's errors, measured on a hand-labelled test set, undone"
ENRICHMENT_COLUMNS = {
    "layer": st.column_config.NumberColumn("layer", help="Engram layer whose gates ranked the positions."),
    "domain": st.column_config.TextColumn("domain", help="Domain of the documents; empty: all domains together."),
    "label": st.column_config.TextColumn("kind of text", help="The categorizer's label of the position's n-gram."),
    "ratio": st.column_config.NumberColumn("enrichment (raw)", format="%.2f", help=f"{RATIO_HELP} As the categorizer labelled."),
    "lo": st.column_config.NumberColumn("raw: low", format="%.2f", help=INTERVAL_HELP),
    "hi": st.column_config.NumberColumn("raw: high", format="%.2f", help=INTERVAL_HELP),
    "conclusion": st.column_config.TextColumn("raw: conclusion", help="enriched or depleted when the interval excludes 1."),
    "no_interval": st.column_config.TextColumn(
        "why no interval", help="Why this ratio has no interval (of the estimate shown above): it is then a count, not a finding."
    ),
    "corrected_ratio": st.column_config.NumberColumn(
        "enrichment (corrected)", format="%.2f", help=f"{RATIO_HELP} Corrected: {CORRECTED_HELP}."
    ),
    "corrected_lo": st.column_config.NumberColumn("corrected: low", format="%.2f", help=INTERVAL_HELP),
    "corrected_hi": st.column_config.NumberColumn("corrected: high", format="%.2f", help=INTERVAL_HELP),
    "corrected_conclusion": st.column_config.TextColumn("corrected: conclusion", help="The conclusion after the correction."),
    "flips": st.column_config.CheckboxColumn("correction flips it", help="The corrected conclusion differs from the raw one."),
    "count_top": st.column_config.NumberColumn("top-gated with label", help="Top-gated positions with this label."),
    "n_top": st.column_config.NumberColumn("top-gated", help="Top-gated positions labelled."),
    "count_random": st.column_config.NumberColumn("random with label", help="Random positions with this label."),
    "n_random": st.column_config.NumberColumn("random", help="Random positions labelled."),
    "docs_top": st.column_config.NumberColumn("documents (top)", help="Documents the top-gated positions come from."),
    "docs_random": st.column_config.NumberColumn("documents (random)", help="Documents the random positions come from."),
    "accuracy": st.column_config.NumberColumn(
        "categorizer accuracy", format="%.2f", help="The categorizer's accuracy on its hand-labelled test set (this domain)."
    ),
}
POSITION_COLUMNS = {
    "open": st.column_config.LinkColumn("open", display_text="document ↗", help="The document viewer at this position."),
    "layer": st.column_config.NumberColumn("layer", help="Engram layer whose gate ranked the position."),
    "gate": st.column_config.NumberColumn("gate", format="%.3f", help="The position's gate at that layer (0 closed, 1 open)."),
    "ngram": st.column_config.TextColumn("n-gram", help="The n-gram ending at the position, whose row the gate weighs."),
    "left_context": st.column_config.TextColumn("text before"),
    "right_context": st.column_config.TextColumn("text after"),
    "confidence": st.column_config.NumberColumn("confidence", format="%.2f", help="The categorizer's probability of the label."),
    "doc_id": st.column_config.TextColumn("document"),
    "position": st.column_config.NumberColumn("position", help="Token position in the document."),
}


def categorize_options() -> dict:
    """How the positions were chosen (`engram-probe categorize`'s options.json); empty when unreadable."""
    try:
        options = json.loads((run_dir() / CATEGORIES / "options.json").read_text())
    except (OSError, ValueError):
        return {}
    return options if isinstance(options, dict) else {}


def described(options: dict) -> str:
    """Markdown: what top-gated and random mean for this run, from its options."""
    share = options.get("top_fraction")
    top = f"the top {share:.1%}" if isinstance(share, (int, float)) and not isinstance(share, bool) else "the top share"
    gate, order = options.get("gate", "mean"), options.get("order")
    ngram = f"{md_text(order)}-gram" if order is not None else "n-gram"
    return (
        f"**Top-gated**: {top} of positions per layer by their {md_text(gate)} gate over branches ({ngram} rows); "
        "**random**: as many positions drawn at random from the same layer. "
        f"**Enrichment** = P(label | top-gated) / P(label | random). **Raw** uses the categorizer's labels as they are; "
        f"**corrected** is {CORRECTED_HELP}. Error bars: {INTERVAL_HELP[0].lower()}{INTERVAL_HELP[1:]}"
    )


st.title("Categories")
enrichment = parquet(f"{CATEGORIES}/enrichment.parquet", CATEGORY_COLUMNS["enrichment.parquet"])
if enrichment is None:
    if not (run_dir() / CATEGORIES / "enrichment.parquet").is_file():
        missing("categories", "categorized positions")
        compute_here(
            "categories", "categorized positions", "seconds to a minute: the learned categorizer on the sampled positions"
        )
    st.stop()

labelled = parquet(f"{CATEGORIES}/labelled_positions.parquet", CATEGORY_COLUMNS["labelled_positions.parquet"])
labels = sorted(set(enrichment.column("label").to_pylist()))
from_address({"estimate": ("corrected", one_of(["corrected", "raw"])), "label": (labels[0] if labels else None, one_of(labels))})
estimate = st.radio(
    "enrichment",
    ["corrected", "raw"],
    key="estimate",
    horizontal=True,
    help=f"Raw: the categorizer's labels as they are. Corrected: {CORRECTED_HELP}.",
)
st.markdown(described(categorize_options()))
corrected = enrichment.column("corrected_ratio")
if estimate == "corrected" and corrected.null_count == len(corrected):
    st.info("This run's table has no corrected figures (categorized without a measured error rate): the raw ones are shown.")
    estimate = "raw"
reasons = interval_reasons(enrichment, estimate)
lacking = [reason for reason in reasons if reason is not None]
if lacking:
    common = max(set(lacking), key=lacking.count)
    st.warning(
        f"{len(lacking)} of {len(reasons)} enrichment ratios have no interval, so they cannot be told from chance and "
        f"are no finding (drawn hatched, marked no interval). Most often: {md_text(common)}."
    )
st.plotly_chart(enrichment_figure(enrichment, title=enrichment_title(enrichment, estimate), estimate=estimate))
st.plotly_chart(label_share_figure(enrichment))
st.caption("The raw shares of each kind of text among top-gated and random positions, whose ratio is drawn above.")
with_reasons = enrichment.append_column("no_interval", pa.array(reasons, pa.string()))
shown = with_reasons.select([c for c in ENRICHMENT_COLUMNS if c in with_reasons.column_names])
st.dataframe(shown.to_pandas(), hide_index=True, column_config=ENRICHMENT_COLUMNS)
export_buttons(shown, "enrichment", "enrichment")

label = st.selectbox("kind of text", labels, key="label", help="Top-gated positions the categorizer gave this label.")
to_address({"estimate": estimate, "label": label})
if labelled is not None and label is not None:
    st.subheader(f"Top-gated positions labelled {md_text(label)}")
    rows = labelled.filter((pc.field("group") == "top") & (pc.field("label") == label)).to_pylist()
    rows.sort(key=lambda r: r["gate"], reverse=True)
    for row in rows:  # a link in the address of this app: the viewer opens at the position, one history entry
        row["open"] = "documents?" + urlencode({"doc": row["doc_id"], "pos": row["position"], "layer": row["layer"]})
    table = [{column: row[column] for column in POSITION_COLUMNS} for row in rows]
    st.caption("Open a position in the document viewer from its first column (a new tab), or select its row for a link here.")
    chosen = st.dataframe(
        table,
        hide_index=True,
        column_config=POSITION_COLUMNS,
        key="top_positions",
        on_select="rerun",
        selection_mode="single-row",
    )
    if chosen.selection.rows:  # a link, not st.switch_page: following it is one entry in the browser's history
        row = table[chosen.selection.rows[0]]
        document_link(row["doc_id"], row["position"], row["layer"])
    export_buttons(table, "top_gated_positions", "top_positions")
