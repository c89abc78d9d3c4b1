"""Overview: the model, corpus and options of the run, headline numbers, gate distributions."""

import json

import streamlit as st
from probe.apps.shared import cached, engram_layers, manifest, run_dir

from probe.aggregate import gate_histogram
from probe.browse import ARTEFACTS, artefact_command, artefact_path, overview
from probe.plots import gate_histogram_figure

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

st.subheader("Gates per layer")
st.dataframe(
    [
        {
            "layer": row["layer"],
            "positions": row["positions"],
            "mean gate": row["mean_gate"],
            "quartiles": " / ".join(f"{q:.3f}" for q in row["quartiles"]),
            "gate > 0.5": row["share_above_half"],
            **({"mean log p(next)": row["mean_next_logprob"]} if "mean_next_logprob" in row else {}),
        }
        for row in layers
    ],
    hide_index=True,
)
branch = st.selectbox(
    "branch", [-1, *range(config["hc_streams"])], format_func=lambda b: "mean over branches" if b == -1 else f"branch {b}"
)
st.plotly_chart(gate_histogram_figure(cached(gate_histogram), branch))

st.subheader("Domains")
st.dataframe(numbers["domains"].to_pandas(), hide_index=True)

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
