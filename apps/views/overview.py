"""Overview: the model, corpus and options of the run, headline numbers, what a gate is, the top
n-grams per layer (links to their pages), gate distributions and sample positions of a gate range."""

import html
import json

import streamlit as st
from probe.apps.shared import anchor, cached, document_href, engram_layers, manifest, ngram_href, run_dir

from probe.aggregate import gate_histogram
from probe.browse import (
    ARTEFACTS,
    artefact_command,
    artefact_path,
    layer_top_ngrams,
    overview,
    sample_positions,
    token_contexts,
)
from probe.plots import gate_histogram_figure, shaded_text_html

SAMPLED = 8  # positions drawn from a gate range

info = manifest()
config = info["config"]
engram = config["engram"]
st.title("Overview")
st.markdown(f"**Model** {info.get('model', 'unnamed')} · `{str(info.get('model_hash', ''))[:16]}`")
st.markdown(f"**Corpus** `{info.get('corpus', 'unknown')}`" + (f" ({info['split']} split)" if info.get("split") else ""))

numbers = cached(overview)
layers = numbers["layers"].to_pylist()
columns = st.columns(4)
columns[0].metric("documents", f"{numbers['documents']:,}")
columns[1].metric("tokens", f"{numbers['tokens']:,}")
columns[2].metric("Engram layers", ", ".join(map(str, engram_layers())))
columns[3].metric("branches × orders", f"{config['hc_streams']} × 2..{engram['max_ngram']}")

st.markdown(
    "**What a gate is.** At each Engram layer the model looks up a memory row for the n-grams ending at every token and "
    "mixes it into the residual stream scaled by a gate between 0 (ignored) and 1 (used in full), one per branch. "
    "A high gate marks text the model retrieves from memory rather than computes."
)
if layers and layers[0].get("mean_next_logprob") is not None:
    st.caption(f"mean log p(next token) over the run: {layers[0]['mean_next_logprob']:.3f} nats per token")

st.subheader("Gates per layer")
st.dataframe(
    [
        {
            "layer": row["layer"],
            "positions": f"{row['positions']:,}",
            "mean gate": row["mean_gate"],
            "Q1 / median / Q3": " / ".join(f"{q:.3f}" for q in row["quartiles"]),
            "gate > 0.5": row["share_above_half"],
        }
        for row in layers
    ],
    hide_index=True,
    column_config={
        "mean gate": st.column_config.NumberColumn(format="%.3f"),
        "gate > 0.5": st.column_config.NumberColumn("positions with gate > 0.5", format="percent"),
    },
)

st.subheader("Where to look: the top n-grams per layer")
st.caption("by the lower 95% bound of the mean gate, at least 3 occurrences, longest order only; each opens its n-gram page")
top_columns = st.columns(len(engram_layers()))
top_ngrams = cached(layer_top_ngrams).to_pylist()
for column, layer in zip(top_columns, engram_layers()):
    top = [row for row in top_ngrams if row["layer"] == layer]
    column.markdown(
        f"**layer {layer}**<br>"
        + "<br>".join(
            anchor(ngram_href(layer, row["order"], row["ngram"]), f"<code>{html.escape(repr(row['ngram']))}</code>")
            + f" · {row['count']:,}× · {row['mean_gate']:.2f}"
            for row in top
        ),
        unsafe_allow_html=True,
    )

st.subheader("Gate distribution")
branch = st.selectbox(
    "branch", [-1, *range(config["hc_streams"])], format_func=lambda b: "mean over branches" if b == -1 else f"branch {b}"
)
histogram = cached(gate_histogram)
st.plotly_chart(gate_histogram_figure(histogram, branch))
if branch == -1 and config["hc_streams"] > 1:
    st.caption(
        "The mean over branches can have several peaks even when each branch's gate has two: with each branch mostly "
        "near 0 or 1, their mean sits near 0 (all closed), near 1 (all open) or between (some open). Pick a branch to see its own."
    )

st.markdown(
    "**Sample positions in a gate range** (uniform over the layer's positions in the range; each opens the document there)"
)
pick = st.columns([1, 3, 1])
sample_layer = pick[0].selectbox("layer", engram_layers(), key="sample_layer")
low, high = pick[1].slider("branch-mean gate range", 0.0, 1.0, (0.9, 1.0), step=0.01)
seed = pick[2].number_input("sample", 0, value=0, help="another number draws another sample")
total, sample = cached(sample_positions, sample_layer, low, high, SAMPLED, seed)
st.caption(f"{total:,} positions of layer {sample_layer} have a gate in [{low:.2f}, {high:.2f}]; {sample.num_rows} drawn")
places = list(zip(sample.column("doc_id").to_pylist(), sample.column("position").to_pylist()))
for (doc_id, position), gate, context in zip(
    places, sample.column("gate").to_pylist(), cached(token_contexts, sample_layer, places)
):
    selected = next(k for k, t in enumerate(context) if t["position"] == position)
    st.markdown(
        shaded_text_html([t["token"] for t in context], [t["gate_mean"] for t in context], selected=selected)
        + f"<small>{anchor(document_href(doc_id, position, sample_layer), f'{html.escape(doc_id)} · position {position}')}"
        f" · gate {gate:.3f}</small>",
        unsafe_allow_html=True,
    )

st.subheader("Domains")
st.dataframe(
    numbers["domains"].to_pandas(),
    hide_index=True,
    column_config={
        "documents": st.column_config.NumberColumn(format="localized"),
        "tokens": st.column_config.NumberColumn(format="localized"),
    },
)

st.subheader("What else this run has")
st.dataframe(
    [
        {
            "result": name,
            "file": path,
            "present": artefact_path(run_dir(), name).is_file(),
            "made by": artefact_command(run_dir(), name),
        }
        for name, (path, _) in ARTEFACTS.items()
    ],
    hide_index=True,
)
with st.expander("manifest.json"):
    st.code(json.dumps(info, indent=2), language="json")
