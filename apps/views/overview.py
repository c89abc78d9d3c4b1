"""Overview: the model, corpus and options of the run, headline numbers, what a gate is, the top
n-grams per layer (links to their pages), gate distributions, and sample positions of the gate
range selected on the histogram, each in context shaded on the colour scale of the sidebar, under its legend. The view is
in the address: `?branch=B&layer=L&range=LOW,HIGH&sample=S&scale=S`."""

import shlex

import streamlit as st
from probe.apps.colour import scale_address, scale_setting
from probe.apps.export import export_buttons
from probe.apps.shared import (
    BRANCH,
    cached,
    code,
    document_link,
    engram_layers,
    from_address,
    manifest,
    md_text,
    ngram_link,
    one_of,
    run_dir,
    to_address,
    whole_number,
)

from probe.plots import gate_histogram_figure, shaded_text_html
from probe.plots.gates import selected_gate_range
from probe.plots.tokens import colour_bar_html, histogram_cdf
from probe.runs.aggregate import HISTOGRAM_BINS, gate_histogram
from probe.runs.artefacts import ARTEFACTS, artefact_command, artefact_path
from probe.runs.queries import (
    BASELINE,
    TOP_SHARE,
    analysis_command,
    comparison_problem,
    layer_top_ngrams,
    overview,
    sample_positions,
    token_contexts,
    top_gate_range,
)

SAMPLED = 8  # positions drawn from a gate range

info = manifest()
config = info["config"]
engram = config["engram"]
branches = [-1, *range(config["hc_streams"])]


def gate_range(text: str) -> tuple[float, float]:
    """`LOW,HIGH`: a gate range inside [0, 1]."""
    try:
        low, high = map(float, text.split(","))
    except ValueError:
        raise ValueError("write it as LOW,HIGH, e.g. 0.9,1") from None
    if not 0 <= low <= high <= 1:
        raise ValueError("use 0 <= LOW <= HIGH <= 1")
    return low, high


st.title("Overview")
# the default range: the top tenth of the first layer's branch-mean gates, wherever this model's gates lie
default_range = cached(top_gate_range, engram_layers()[0])
from_address(
    {
        "branch": (-1, one_of(branches)),
        "layer": (engram_layers()[0], one_of(engram_layers())),
        "range": (default_range, gate_range),
        "sample": (0, whole_number),
        **scale_address(),
    }
)
scale = scale_setting()  # the colour scale of every page, in the sidebar
st.markdown(f"**Model** {md_text(info.get('model', 'unnamed'))} · {code(str(info.get('model_hash', ''))[:16])}")
split = f" ({md_text(info['split'])} split)" if info.get("split") else ""
st.markdown(f"**Corpus** {code(info.get('corpus', 'unknown'))}{split}")

numbers = cached(overview)
layers = numbers["layers"].to_pylist()
BRANCH_HELP = f"{BRANCH[0].upper()}{BRANCH[1:]}; 'mean over branches' is their average"
columns = st.columns(5)
columns[0].metric("documents", f"{numbers['documents']:,}", help="documents of the corpus the run probed")
columns[1].metric("tokens", f"{numbers['tokens']:,}", help="token positions probed, over all documents")
columns[2].metric("Engram layers", ", ".join(map(str, engram_layers())), help="the layers with an Engram memory and gate")
columns[3].metric("branches", config["hc_streams"], help=BRANCH_HELP)
columns[4].metric(
    "heads × orders",
    f"{engram['heads_per_order']} × 2..{engram['max_ngram']}",
    help=f"{engram['heads_per_order']} hashed heads (tables) per n-gram order, for each order from 2 to "
    f"{engram['max_ngram']} tokens: the memory read at a token is one row of each of them",
)

st.markdown(
    "**What a gate is.** At each Engram layer the model looks up a memory row for the n-grams ending at every token and "
    "mixes it into the residual stream scaled by a gate between 0 (ignored) and 1 (used in full), one per branch. "
    "A high gate marks text the model retrieves from memory rather than computes."
)
if layers and layers[0].get("mean_next_logprob") is not None:
    st.caption(f"mean log p(next token) over the run: {layers[0]['mean_next_logprob']:.3f} nats per token")

st.subheader("Gates per layer")
st.caption("Each gate here is the mean over branches at one position of the layer.")
per_layer = [
    {
        "layer": row["layer"],
        "positions": row["positions"],
        "mean_gate": row["mean_gate"],
        "q1": row["quartiles"][0],
        "median": row["quartiles"][1],
        "q3": row["quartiles"][2],
        "share_above_half": row["share_above_half"],
    }
    for row in layers
]
QUARTILE = "{} of the layer's gates: a quarter of its positions gate below {}"
st.dataframe(
    per_layer,
    hide_index=True,
    column_config={
        "layer": st.column_config.NumberColumn("layer", help="an Engram layer"),
        "positions": st.column_config.NumberColumn("positions", format="localized", help="token positions probed at it"),
        "mean_gate": st.column_config.NumberColumn("mean gate", format="%.3f", help="mean over its positions"),
        "q1": st.column_config.NumberColumn("Q1", format="%.3f", help=QUARTILE.format("first quartile", "it")),
        "median": st.column_config.NumberColumn("median", format="%.3f", help="half its positions gate below it"),
        "q3": st.column_config.NumberColumn("Q3", format="%.3f", help="third quartile: a quarter of its positions gate above it"),
        "share_above_half": st.column_config.NumberColumn(
            "gate > 0.5", format="percent", help="the share of its positions with a gate above 0.5"
        ),
    },
)
export_buttons(per_layer, "gates_per_layer", "gates_per_layer")

st.subheader("Where to look: the top n-grams per layer")
st.caption(
    "Ranked by the lower 95% bound of the mean gate (Wilson's bound: 3 occurrences at 0.95 give 0.40, so a rare "
    "n-gram's high mean ranks below a common one's), at least 3 occurrences, longest order only. Each shows its "
    "occurrences, then the lower bound / the mean gate (branch-mean gates over its occurrences); each opens its n-gram page."
)
top_columns = st.columns(len(engram_layers()))
top_ngrams = cached(layer_top_ngrams)
for column, layer in zip(top_columns, engram_layers()):
    column.markdown(f"**layer {layer}**")
    for row in top_ngrams.to_pylist():
        if row["layer"] == layer:
            label = f"{code(repr(row['ngram']))} · {row['count']:,}× · {row['lower_bound']:.2f} / {row['mean_gate']:.2f}"
            ngram_link(layer, row["order"], row["ngram"], label, column)
export_buttons(top_ngrams, "top_ngrams", "top_ngrams")


def take_range() -> None:
    chosen = selected_gate_range(st.session_state.histogram.selection, HISTOGRAM_BINS)
    if chosen is not None:
        st.session_state.range = chosen


@st.fragment
def gate_distribution() -> None:
    """The histogram and the positions sampled from its selected range: a fragment, so a box
    dragged over it, a branch or a sample picked, reruns and redraws this section only."""
    st.subheader("Gate distribution")
    st.caption("Drag a box over the histogram, or click a point, to sample positions with a gate in that range (below).")
    branch = st.selectbox(
        "branch",
        branches,
        key="branch",
        format_func=lambda b: "mean over branches" if b == -1 else f"branch {b}",
        help=BRANCH_HELP,
    )
    low, high = st.session_state.range

    histogram = cached(gate_histogram)
    figure = gate_histogram_figure(histogram, branch, selected=(low, high))  # shades the range sampled below
    st.plotly_chart(figure, key="histogram", on_select=take_range, selection_mode=("points", "box"))
    if branch == -1 and config["hc_streams"] > 1:
        st.caption(
            "The mean over branches can have several peaks even when each branch's gate has two: with each branch mostly "
            "near 0 or 1, their mean sits near 0 (all closed), near 1 (all open) or between (some open). Pick a branch to see "
            "its own."
        )

    what = "branch-mean gate" if branch == -1 else f"branch {branch} gate"
    st.markdown(
        f"**Sample positions with a {what} in the range** (uniform over the layer's positions there; each opens the document)"
    )
    pick = st.columns([1, 1, 3])
    sample_layer = pick[0].selectbox("layer", engram_layers(), key="layer")
    seed = pick[1].number_input("sample", 0, key="sample", help="another number draws another sample")
    to_address({"branch": branch, "layer": sample_layer, "range": f"{low:.2f},{high:.2f}", "sample": seed, "scale": scale})
    total, sample = cached(sample_positions, sample_layer, low, high, SAMPLED, seed, branch)
    chosen = (
        f" (the default: the top {TOP_SHARE:.0%} of layer {engram_layers()[0]}'s branch-mean gates)"
        if (low, high) == tuple(default_range)
        else ""
    )
    pick[2].caption(
        f"{total:,} positions of layer {sample_layer} have a {what} in [{low:.2f}, {high:.2f}]{chosen}; {sample.num_rows} drawn"
    )
    places = list(zip(sample.column("doc_id").to_pylist(), sample.column("position").to_pylist()))
    # the contexts hold each token's mean gate (`token_contexts`): shaded by it against the mean's distribution
    cdf, shaded = histogram_cdf(histogram, sample_layer), f"layer {sample_layer} mean gate"
    if places:
        st.html(colour_bar_html(scale, cdf, shaded))
    shown = []
    for (doc_id, position), gate, context in zip(
        places, sample.column("gate").to_pylist(), cached(token_contexts, sample_layer, places)
    ):
        selected = next(k for k, t in enumerate(context) if t["position"] == position)
        gates = [t["gate_mean"] for t in context]
        st.html(shaded_text_html([t["token"] for t in context], gates, selected, scale=scale, cdf=cdf, what="mean gate"))
        document_link(doc_id, position, sample_layer, f"{md_text(doc_id)} · position {position:,} · gate {gate:.3f}")
        token = context[selected]["token"]
        text = "".join(t["token"] for t in context)
        shown.append(
            {"doc_id": doc_id, "position": position, "layer": sample_layer, "gate": gate, "token": token, "context": text}
        )
    if shown:
        st.caption(f"gate: the {what} at the position; the context is shaded by each token's mean gate")
        export_buttons(shown, "sampled_positions", "sampled_positions")


gate_distribution()

st.subheader("Domains")
st.dataframe(
    numbers["domains"].to_pandas(),
    hide_index=True,
    column_config={
        "documents": st.column_config.NumberColumn(format="localized", help="documents of this domain"),
        "tokens": st.column_config.NumberColumn(format="localized", help="their token positions probed"),
    },
)
export_buttons(numbers["domains"], "domains", "domains")

st.subheader("What else this run has")
# a comparison with the bundled baseline only where it reads the run's tokens; else the run's model alone
alone = cached(comparison_problem, BASELINE) is not None
results = [
    {
        "result": name,
        "file": path,
        "present": artefact_path(run_dir(), name).is_file(),
        "made by": shlex.join(analysis_command(run_dir(), name))
        if alone and name in ("similarity", "lens")
        else artefact_command(run_dir(), name),
    }
    for name, (path, _) in ARTEFACTS.items()
]
st.dataframe(results, hide_index=True)
export_buttons(results, "run_results", "run_results")
with st.expander("manifest.json"):
    st.json(info)
