"""N-gram explorer: the n-grams ranked by a lower confidence bound of their mean gate (or mean,
max, count), every filter applied before the row limit; select a row for the n-gram's own
page, a feature page: its gates over all occurrences against the layer's (shares per bin or
densities), layer against layer, the mean gate by preceding and following token, document and
domain, its hash neighbours (the n-grams sharing one of its table rows), and every occurrence in
shaded context, binned by gate quantile and paged, each a link to the document viewer.
The view is in the address: `?layer=L&order=N&min=3&sort=S&q=TEXT&cat=a,b&longest=1` for the
table, plus `&pick=L/N/NGRAM` for an n-gram's page (the table's filters kept to go back to) and
`&ng_bin=BIN&ng_page=P` for the bin and page of its occurrences shown."""

import numpy as np
import pyarrow as pa
import streamlit as st
from probe.apps.colour import scale_address, scale_setting
from probe.apps.export import export_buttons
from probe.apps.shared import (
    cached,
    document_link,
    engram_layers,
    flag,
    from_address,
    manifest,
    md_text,
    one_of,
    run_dir,
    run_model,
    some_of,
    to_address,
    version,
    whole_number,
)

from probe.categorize import LABELS
from probe.plots import colour_bar_html, shaded_text_html
from probe.plots.ngrams import layer_vs_layer_figure, ngram_gate_density_figure, ngram_gate_figure
from probe.plots.tokens import histogram_cdf
from probe.runs.aggregate import gate_histogram
from probe.runs.ngram_feature import (
    DOCUMENT_END,
    DOCUMENT_START,
    context_breakdown,
    has_recorded_rows,
    hash_neighbours,
    layer_position_rows,
    model_address,
    page_count,
    page_slice,
    quantile_bins,
    surrounding_tokens,
)
from probe.runs.queries import SORTS, ngram_occurrences, ngram_table, overview, token_contexts
from probe.runs.store import RunError

engram = manifest()["config"]["engram"]
layers, orders = engram_layers(), list(range(2, engram["max_ngram"] + 1))
BINS = list(quantile_bins([]))  # top, the ten deciles from the highest, bottom
PER_PAGE = 20


def parse_pick(text: str) -> tuple[int, int, str]:
    """`L/N/NGRAM`: the n-gram of order N at layer L."""
    parts = text.split("/", 2)
    if len(parts) != 3:
        raise ValueError("write it as LAYER/ORDER/NGRAM")
    layer, order = one_of(layers)(parts[0]), one_of(orders)(parts[1])
    return layer, order, parts[2]


def page_number(text: str) -> int:
    page = whole_number(text)
    if page < 1:
        raise ValueError("pages are numbered from 1")
    return page


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
# the n-gram page's own settings, prefixed so they never meet the table's
EXAMPLES = {"ng_bin": ("top", one_of(BINS)), "ng_page": (1, page_number)}
from_address({**FILTERS, "pick": (None, parse_pick), **EXAMPLES, **scale_address()})
scale = scale_setting()  # the colour scale of every page, in the sidebar


def write_address() -> None:
    """The table's filters (the n-gram page keeps them, to go back to), the picked n-gram and,
    on its page, the bin and page of occurrences shown where they are not the first."""
    values = {key: st.session_state[key] for key in FILTERS}
    pick = st.session_state.pick
    examples = {key: None if pick is None or st.session_state[key] == default else st.session_state[key]
                for key, (default, _) in EXAMPLES.items()}  # fmt: skip
    to_address(
        {
            **values,
            "q": values["q"] or None,
            "cat": values["cat"] or None,
            "pick": None if pick is None else f"{pick[0]}/{pick[1]}/{pick[2]}",
            **examples,
            "scale": scale,
        }
    )


def first_examples() -> None:
    """Another n-gram or bin: its occurrences from the top, page 1."""
    st.session_state.ng_page = 1


@st.cache_resource(show_spinner="finding the rows of every n-gram of the layer", max_entries=4)
def position_rows(run: str, stamp: tuple, layer: int, order: int):
    # a resource, not data: the table of every position is shared as it is, never copied per rerun.
    # A run without recorded rows is addressed again by the run's model the server already holds
    # (`run_model`), opened only when needed: never a second copy of it
    return layer_position_rows(run, layer, order, address=lambda ids: model_address(run_model(run), layer)(ids))


GATE_HELP = (
    "branch-mean gate (0..1) at this layer: how much of the retrieved memory the model lets in, averaged over the "
    "branches (each hyper-connection stream has its own gate)"
)
LOWER_BOUND_HELP = (
    "lower 95% bound of the mean gate (Wilson's score bound, valid however the gates spread): "
    "3 occurrences at 0.95 give 0.40, 300 give 0.92, so a rare n-gram's high mean ranks below a common one's"
)
BREAKDOWN_COLUMNS = {
    "count": st.column_config.NumberColumn("count", help="occurrences of the n-gram in this context"),
    "share": st.column_config.NumberColumn("share", format="percent", help="of all the n-gram's occurrences"),
    "mean_gate": st.column_config.NumberColumn("mean gate", format="%.3f", help=f"mean {GATE_HELP}"),
    "low": st.column_config.NumberColumn(
        "95% low", format="%.3f", help="mean − 1.96·s/√count (normal approximation, s the sample sd); none for one occurrence"
    ),
    "high": st.column_config.NumberColumn("95% high", format="%.3f", help="mean + 1.96·s/√count (normal approximation)"),
    "expected_share": st.column_config.NumberColumn(
        "share of the run's tokens",
        format="percent",
        help="the domain's share of all tokens: the share of occurrences were the n-gram spread evenly over the text",
    ),
}


def gate_figures(occurrences, pick_layer: int, label: str) -> None:
    histogram = cached(gate_histogram)
    left, right = st.columns(2)
    shown = left.radio(
        "its gates against the layer's",
        ["shares per bin", "densities, log scale"],
        horizontal=True,
        key="ng_density",
        help="shares: the part of the occurrences (and of all the layer's positions) in each 0.05 bin; "
        "densities: per unit gate on the run's stored bins, log scale, so a thin tail shows",
    )
    figure = ngram_gate_figure if shown == "shares per bin" else ngram_gate_density_figure
    left.plotly_chart(figure(occurrences, histogram, pick_layer, label))
    others = [other for other in layers if other != pick_layer]
    if others:
        other = right.selectbox("against layer", others)
        right.plotly_chart(layer_vs_layer_figure(occurrences, pick_layer, other, label))


def breakdown(occurrences, pick_layer: int, pick_order: int) -> None:
    st.subheader("Where it occurs, and what surrounds it")
    doc_ids, positions = occurrences.column("doc_id").to_pylist(), occurrences.column("position").to_pylist()
    gates = occurrences.column("gate").to_numpy()
    by, least = st.columns([3, 1])
    group = by.radio("mean gate by", ["domain", "preceding token", "following token", "document"], horizontal=True, key="ng_by")
    min_count = least.number_input(
        "min count", 1, key="ng_min", help="hide contexts seen fewer times: a mean over few occurrences says little"
    )
    expected = None
    if group == "domain":
        keys = occurrences.column("domain").to_pylist()
        domains = cached(overview)["domains"]
        tokens = np.asarray(domains.column("tokens").to_pylist(), dtype=float)  # a sum: DuckDB gives a decimal
        expected = dict(zip(domains.column("domain").to_pylist(), tokens / max(tokens.sum(), 1)))
    elif group == "document":
        keys = doc_ids
    else:
        contexts = cached(token_contexts, pick_layer, list(zip(doc_ids, positions)), before=pick_order, after=1)
        preceding, following = surrounding_tokens(positions, contexts, pick_order)
        tokens = preceding if group == "preceding token" else following
        keys = [t if t in (DOCUMENT_START, DOCUMENT_END) else repr(t) for t in tokens]  # quoted: a space shows
    table = context_breakdown(keys, gates, group, min_count=min_count, expected_share=expected)
    st.caption(
        f"{table.num_rows:,} {group}s with at least {min_count:,} of the n-gram's {len(gates):,} occurrences; most "
        "frequent first, sort by any column. The interval is a normal approximation, mean ± 1.96 · sample sd / √count: "
        "rough below about 10 occurrences."
    )
    st.dataframe(
        table.to_pandas(),
        hide_index=True,
        column_config={group: st.column_config.TextColumn(group, help=f"the {group} of each occurrence"), **BREAKDOWN_COLUMNS},
    )
    export_buttons(table, f"ngram_by_{group.replace(' ', '_')}", "ng_breakdown")


def neighbours(pick_layer: int, pick_order: int, ngram: str) -> None:
    st.subheader("Hash neighbours")
    heads = engram["heads_per_order"]
    st.caption(
        f"The layer hashes a {pick_order}-gram into one row of each of its {heads} order-{pick_order} heads; other "
        "n-grams of the run that hash to the same row read the same embedding. Each head's table is its own, so only "
        "n-grams of the same order share a row, and n-grams the tokenizer's compression makes equal (case, spacing "
        "variants) share every row. Per head and row: the n-grams on it (this one ticked), their occurrences at this "
        "layer, their share of the row's occurrences and their mean gate, also against this n-gram's; favoured: the "
        "highest mean gate on the row among those shown, the n-gram whose uses of the shared row the gate lets in most."
    )
    if not cached(has_recorded_rows) and not st.session_state.get("ng_addressed"):
        st.info("This run did not record its row ids (`engram-probe run --record-rows`): the model that made it can "
                "address every n-gram of the layer again, which loads it.")  # fmt: skip
        st.button("address the run's n-grams", on_click=lambda: st.session_state.update(ng_addressed=True))
        return
    least = st.number_input(
        "min count of a neighbour", 1, value=3, key="ng_neighbour_min", help="hide n-grams seen fewer times on a row: "
        "their mean gate says little, and they would take `favoured` on noise"
    )  # fmt: skip
    positions = position_rows(str(run_dir()), version(run_dir()), pick_layer, pick_order)
    found = hash_neighbours(positions, ngram, min_count=least)
    if not (~found.column("is_target").to_numpy()).any():
        st.write(f"No other n-gram seen {least:,} times or more shares a row with it in any of the {heads} heads.")
    table = found.to_pandas()
    table["ngram"] = table["ngram"].map(repr)
    st.dataframe(
        table,
        hide_index=True,
        column_config={
            "head": st.column_config.NumberColumn("head", help=f"the order-{pick_order} head (0..{heads - 1})"),
            "row": st.column_config.NumberColumn("row", help="the row id in that head's table"),
            "ngram": st.column_config.TextColumn("n-gram", help="an n-gram of the run on that row"),
            "count": st.column_config.NumberColumn("count", help="its occurrences at this layer"),
            "share_of_row": st.column_config.NumberColumn(
                "share of row", format="percent", help="its part of all the occurrences reading that row"
            ),
            "mean_gate": st.column_config.NumberColumn("mean gate", format="%.3f", help=f"mean {GATE_HELP}"),
            "gate_vs_target": st.column_config.NumberColumn(
                "vs this n-gram", format="%+.3f", help="its mean gate minus this n-gram's: above 0, the gate opens more for it"
            ),
            "favoured": st.column_config.CheckboxColumn("favoured", help="the highest mean gate on that row among those shown"),
            "is_target": st.column_config.CheckboxColumn("this n-gram"),
        },
    )
    export_buttons(found, "hash_neighbours", "ng_neighbours")  # the n-grams as they are, not quoted


def examples(occurrences, pick_layer: int, pick_order: int) -> None:
    st.subheader("Every occurrence, by gate quantile")
    gates = occurrences.column("gate").to_numpy()
    bins = quantile_bins(gates)
    chosen, paging = st.columns([2, 3])
    group = chosen.selectbox(
        "occurrences",
        BINS,
        key="ng_bin",
        on_change=first_examples,
        format_func=lambda b: f"{b} ({len(bins[b]):,})",
        help="top: all, highest gate first; bottom: all, lowest first; a percentile band: the occurrences ranked "
        "in that part of this n-gram's own gates (by rank, so each band holds a tenth), highest first",
    )
    indices = bins[group]
    ranks = np.empty(len(gates), int)
    ranks[bins["top"]] = np.arange(1, len(gates) + 1)
    every = occurrences.take(indices).select(["doc_id", "position", "domain", "gate"])
    export_buttons(every.append_column("rank", pa.array(ranks[indices])), "ngram_occurrences", "ng_occurrences", chosen)
    pages = page_count(len(indices), PER_PAGE)
    if st.session_state.ng_page > pages:
        st.warning(f"page {st.session_state.ng_page:,} is past the last; showing page {pages:,}")
        st.session_state.ng_page = pages

    def step(by: int) -> None:
        st.session_state.ng_page = min(max(st.session_state.ng_page + by, 1), pages)

    buttons = paging.columns([1, 1.4, 1])
    buttons[0].button("◀ previous page", on_click=step, args=(-1,), disabled=st.session_state.ng_page <= 1)
    buttons[1].number_input("page", 1, pages, key="ng_page", label_visibility="collapsed")
    buttons[2].button("next page ▶", on_click=step, args=(1,), disabled=st.session_state.ng_page >= pages)
    page = st.session_state.ng_page
    shown = page_slice(len(indices), page, PER_PAGE)
    first = shown.start + 1
    if not len(indices):
        st.markdown(f"**{md_text(group)}** of the gate range: no occurrence, the n-gram has fewer than ten")
        return
    st.markdown(
        f"**{md_text(group)}** of the gate range: {first:,}–{shown.stop:,} of {len(indices):,}, page {page:,} of {pages:,}"
    )
    cdf = histogram_cdf(cached(gate_histogram), pick_layer)
    st.html(colour_bar_html(scale, cdf, f"layer {pick_layer} mean gate"))
    st.caption(
        "the n-gram's tokens underlined; hover a token for its gate; "
        "gate: the branch-mean gate at the occurrence; the rank is among all its occurrences, highest gate first; "
        "each opens its document. The download buttons hold every occurrence of the bin, with its rank"
    )
    picked = occurrences.take(indices[shown]).to_pylist()
    places = [(o["doc_id"], o["position"]) for o in picked]
    for occurrence, context, i in zip(picked, cached(token_contexts, pick_layer, places), indices[shown]):
        positions = [t["position"] for t in context]
        marked = {k for k, p in enumerate(positions) if occurrence["position"] - pick_order < p <= occurrence["position"]}
        gates_shown = [t["gate_mean"] for t in context]
        st.html(
            shaded_text_html([t["token"] for t in context], gates_shown, marked=marked, scale=scale, cdf=cdf, what="mean gate")
        )
        where = f"{md_text(occurrence['doc_id'])} · position {occurrence['position']:,}"
        document_link(
            occurrence["doc_id"],
            occurrence["position"],
            pick_layer,
            f"{where} · {md_text(occurrence['domain'])} · gate {occurrence['gate']:.3f} · rank {ranks[i]:,}",
        )


@st.cache_data(show_spinner="running the run's model over the n-gram's occurrences", max_entries=32)
def measured_effects(run: str, stamp: tuple, layer: int, order: int, ngram: str) -> tuple[list[dict], dict]:
    """The n-gram's logit effects and its gate-zero loss change (`probe.analyses.ngram_effects`)."""
    from probe.analyses.ngram_effects import gate_zero_loss_change, logit_effects, ngram_token_ids  # torch: on demand

    model = run_model(run)
    occurrences = ngram_occurrences(run, layer, order, ngram)
    first = occurrences.slice(0, 1).to_pylist()[0]
    ids = ngram_token_ids(model, run, layer, order, first["doc_id"], first["position"])
    return logit_effects(model, layer, ids), gate_zero_loss_change(model, run, layer, occurrences)


def effects(pick_layer: int, pick_order: int, ngram: str) -> None:
    st.subheader("Effects")
    st.caption(
        "What its memory does. **Pushes towards / away from**: its own rows (this order's heads) through the value "
        "projection, added with gate 1 and read out through the final norm and the unembedding (the direct path; the "
        "short conv and later layers left out), as logits centred on the vocabulary's mean. **Loss without it**: the "
        "next-token loss where it occurs with this layer's gate zeroed at its positions only, minus the loss as it is "
        "(above 0: its memory helped), with a 95% bootstrap interval over documents (over occurrences when each is in "
        "its own document); at most 200 occurrences, a seeded sample beyond."
    )
    if not st.session_state.get("ng_effects"):
        st.info("Both run the run's model: it is loaded once, then run twice over each occurrence's chunk.")
        st.button("measure its effects", on_click=lambda: st.session_state.update(ng_effects=True))
        return
    run = run_dir()
    try:
        tokens, loss = measured_effects(str(run), version(run), pick_layer, pick_order, ngram)
    except (RunError, ValueError) as err:  # no model as the run names it; a model without a tokenizer
        st.error(md_text(err))
        return
    if loss["mean"] is None:
        st.write("No occurrence has a next token in its chunk: the loss change cannot be measured.")
    else:
        interval = f" [{loss['low']:+.3f}, {loss['high']:+.3f}]" if loss["low"] is not None else " (no interval)"
        st.metric(
            "loss without it (nats per next token)",
            f"{loss['mean']:+.3f}{interval}",
            help=f"over {loss['n_occurrences']:,} occurrences in {loss['n_documents']:,} documents"
            + (f", a sample of its {loss['total_occurrences']:,}" if loss["sampled"] else "")
            + (f"; interval resampling {loss['resampled']}" if loss["low"] is not None else ""),
        )
        reason = loss.get("no_interval")  # `ngram_effects.no_interval_reason`
        if reason is not None:
            st.caption(f"No interval: {md_text(reason)}. The change is one measurement, not a finding.")
    columns = st.columns(2)
    for column, direction, title in zip(columns, ("promoted", "suppressed"), ("pushes towards", "pushes away from")):
        rows = [{"token": repr(r["token"]), "logit": r["logit"]} for r in tokens if r["direction"] == direction]
        column.markdown(f"**{title}**")
        column.dataframe(
            rows,
            hide_index=True,
            column_config={
                "token": st.column_config.TextColumn("next token"),
                "logit": st.column_config.NumberColumn("logit", format="%+.3f", help="centred on the vocabulary's mean"),
            },
        )
    export_buttons(
        [{"direction": r["direction"], "token": r["token"], "logit": r["logit"]} for r in tokens],
        "ngram_logit_effects",
        "ng_effects",
    )


def ngram_page(pick_layer: int, pick_order: int, ngram: str) -> None:
    label = f"{pick_order}-gram {ngram!r}"
    st.title(f"{md_text(label)} at layer {pick_layer}")

    def back_to_table() -> None:
        st.session_state.pick = None
        st.session_state.ng_bin = "top"
        first_examples()

    st.button("◀ the n-gram table", on_click=back_to_table, help="back to the table, with its filters")
    occurrences = cached(ngram_occurrences, pick_layer, pick_order, ngram)
    if occurrences.num_rows == 0:
        st.warning(f"The run has no {md_text(label)} at layer {pick_layer}.")
        return
    gates = occurrences.column("gate").to_numpy()
    numbers = st.columns(4)
    numbers[0].metric("occurrences", f"{len(gates):,}", help="positions of the run whose n-gram of this order it is")
    numbers[1].metric("mean gate", f"{gates.mean():.3f}", help=f"mean {GATE_HELP}, over its occurrences")
    numbers[2].metric("median gate", f"{np.median(gates):.3f}", help="half its occurrences gate above this, half below")
    numbers[3].metric("gate range", f"{gates.min():.3f}–{gates.max():.3f}", help="its lowest and highest gate")
    gate_figures(occurrences, pick_layer, label)
    breakdown(occurrences, pick_layer, pick_order)
    neighbours(pick_layer, pick_order, ngram)
    effects(pick_layer, pick_order, ngram)
    examples(occurrences, pick_layer, pick_order)


if st.session_state.pick is not None:
    ngram_page(*st.session_state.pick)
    write_address()  # after the page: it brings a page number past the last back to it
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
        st.session_state.ng_bin = "top"
        first_examples()


st.session_state.shown_rows = rows
if not rows:
    st.warning("No n-gram passes these filters.")
    st.stop()
COLUMNS = ("layer", "order", "count", "lower_bound", "mean_gate", "max_gate", "category", "example")
st.dataframe(
    [{"shown": row["shown"], **{k: row[k] for k in COLUMNS}} for row in rows],
    hide_index=True,
    key="table",
    on_select=pick_row,
    selection_mode="single-row",
    column_config={
        "shown": st.column_config.TextColumn("n-gram", width="medium", help="quoted, so a space or line break shows"),
        "layer": st.column_config.NumberColumn("layer", help="the Engram layer whose gate this is"),
        "order": st.column_config.NumberColumn("order", help="tokens in the n-gram"),
        "count": st.column_config.NumberColumn("count", help="its occurrences in the run (positions it ends at)"),
        "lower_bound": st.column_config.NumberColumn("lower bound", format="%.3f", help=LOWER_BOUND_HELP),
        "mean_gate": st.column_config.NumberColumn("mean gate", format="%.3f", help=f"mean {GATE_HELP}, over its occurrences"),
        "max_gate": st.column_config.NumberColumn("max gate", format="%.3f", help="its highest branch-mean gate"),
        "category": st.column_config.TextColumn("category", help="the categorizer's label of its strongest example"),
        "example": st.column_config.TextColumn(
            "strongest example", width="large", help="its occurrence with the highest gate, the n-gram in [brackets]"
        ),
    },
)
export_buttons([{"ngram": row["ngram"], **{k: row[k] for k in COLUMNS}} for row in rows], "ngrams", "ngram_table")
