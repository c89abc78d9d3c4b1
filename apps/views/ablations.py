"""Ablations: the loss change from switching Engram off, per domain and next-token category,
and off only in prefill or only in decode."""

import streamlit as st

from probe.apps.shared import artefact, missing
from probe.plots import ablation_bars, generation_bars

st.title("Ablations")
result = artefact("ablation")
if result is None:
    missing("ablation", "ablation results")
    st.stop()
st.caption(f"{result['model']['name']} · Engram off by zeroing hook_{result['mode']} · {result['corpus']['tokens']:,} tokens")
overall = result["overall"]
columns = st.columns(len(overall["loss"]))
for column, (condition, loss) in zip(columns, overall["loss"].items()):
    column.metric(
        result["conditions"].get(condition, condition),
        f"{loss:.4f}",
        None if condition == "on" else f"{overall['delta'][condition]:+.4f}",
        delta_color="inverse",
    )
st.plotly_chart(ablation_bars(result, "domain"))
st.plotly_chart(ablation_bars(result, "category"))
st.plotly_chart(generation_bars(result))
