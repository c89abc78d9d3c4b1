"""Ablations: the loss change from switching Engram off, per domain and next-token category,
and off only in prefill or only in decode."""

import streamlit as st
from probe.apps.shared import artefact, drawn, md_text

from probe.plots import ablation_bars, generation_bars

st.title("Ablations")
result = artefact("ablation", "ablation results")
if result is None:
    st.stop()
with drawn("ablation"):
    st.caption(
        f"{md_text(result['model']['name'])} · Engram off by zeroing {md_text('hook_' + str(result['mode']))} · "
        f"{result['corpus']['tokens']:,} tokens read · "
        "losses are next-token cross-entropy in nats per token; [low, high] is a 95% bootstrap interval over documents"
    )
    overall = result["overall"]
    columns = st.columns(len(overall["loss"]))
    for column, (condition, loss) in zip(columns, overall["loss"].items()):
        interval = overall.get("delta_ci", {}).get(condition)
        change = (
            None
            if condition == "on"
            else f"{overall['delta'][condition]:+.4f}" + (f" [{interval[0]:+.4f}, {interval[1]:+.4f}]" if interval else "")
        )
        column.metric(
            md_text(result["conditions"].get(condition, condition)),
            f"{loss:.4f} nats/token",
            change,
            delta_color="inverse",
            help=f"over {overall['tokens']:,} predicted tokens",
        )
    st.plotly_chart(ablation_bars(result, "domain"))
    st.plotly_chart(ablation_bars(result, "category"))
    st.plotly_chart(generation_bars(result))
