"""Offload: throughput of offloaded table tiers against resident, and static-cache hit rates."""

import streamlit as st

from probe.apps.shared import artefact, cached, missing
from probe.browse import run_row_stats
from probe.plots import hit_rate_figure, tier_ratio_figure

st.title("Offload")
bench = artefact("offload")
if bench is None:
    missing("offload", "offload benchmark")
else:
    st.plotly_chart(tier_ratio_figure(bench))
    st.caption(f"{bench['statistics']} · {bench['machine'].get('note', '')}")

st.subheader("Cache hit rate of this run's row requests")
rows = cached(run_row_stats)
if rows is None:
    st.info(
        "This run did not record row ids. Probe with `engram-probe run --record-rows` to see the hit-rate curve of its own requests."
    )
else:
    st.plotly_chart(hit_rate_figure(rows))
    st.dataframe(
        [
            {"layer": layer, **{k: v for k, v in stats.items() if k != "hit_rate_curve"}}
            for layer, stats in rows["layers"].items()
        ],
        hide_index=True,
    )

st.subheader("Row statistics of a text")
rowstats = artefact("rowstats")
if rowstats is None:
    missing("rowstats", "row statistics")
else:
    st.caption(f"{rowstats['model']} · {rowstats['text']}")
    st.plotly_chart(hit_rate_figure(rowstats))
