"""Layer similarity: CKA between the Engram model's layers and the baseline's, the soft
alignment a_j, and the logit lens."""

import streamlit as st
from probe.apps.background import artefact_or_job
from probe.apps.shared import drawn, md_text

from probe.plots import alignment_curve, cka_heatmap, lens_curves

st.title("Layer similarity")
similarity = artefact_or_job("similarity", "layer similarity", "about 2 minutes on a CPU: two models on 20,000 tokens")
if similarity is not None:
    with drawn("similarity"):
        st.caption(
            f"{md_text(similarity['a']['name'])} against {md_text(similarity['b']['name'])} · "
            f"{md_text(similarity['positions']['description'])} · {md_text(similarity['representation'])}"
        )
        left, right = st.columns(2)
        left.plotly_chart(cka_heatmap(similarity))
        right.plotly_chart(alignment_curve(similarity))
        with st.expander("each model against itself"):
            for model, key in (("a", "cka_a"), ("b", "cka_b")):
                # the same heatmap with both axes one model: its layers' similarity to each other
                layers = similarity[f"layers_{model}"]
                itself = {
                    **similarity,
                    "a": similarity[model],
                    "b": similarity[model],
                    "layers_a": layers,
                    "layers_b": layers,
                    "cka": similarity[key],
                }
                st.plotly_chart(cka_heatmap(itself), key=key)  # a keyed chart: with --b none both are the same figure
        above = [j for j, a_j in enumerate(similarity["alignment"]["a_j"]) if a_j is not None and a_j > j]
        st.markdown(
            f"a_j > j (layer j of {md_text(similarity['a']['name'])} resembles a deeper layer of "
            f"{md_text(similarity['b']['name'])}) at layers: {', '.join(map(str, above)) or 'none'}"
        )

st.subheader("Logit lens")
lens = artefact_or_job("lens", "logit lens", "about 3 minutes on a CPU: two models on 20,000 tokens")
if lens is not None:
    with drawn("lens"):
        st.plotly_chart(lens_curves(lens))
