"""Offload: static-cache hit rates of this run's rows, the exact Engram traffic and the offload
plan of its model on its text, and the throughput of offloaded table tiers against resident."""

import streamlit as st
from probe.apps.background import artefact_or_job
from probe.apps.export import export_buttons
from probe.apps.shared import cached, drawn, md_text

from probe.offload.rowstats import run_row_stats
from probe.plots import hit_rate_figure, tier_ratio_figure
from probe.plots.offload import capacity_hit_rate_figure, head_rows_figure, pareto_figure, step_rows_figure

st.title("Offload")
st.subheader("Cache hit rate of this run's row requests")
rows = cached(run_row_stats)
if rows is None:
    st.info(
        "This run did not record row ids. Probe with `engram-probe run --record-rows` to see the hit-rate curve of its own "
        "requests."
    )
else:
    st.plotly_chart(hit_rate_figure(rows))
    per_layer = [
        {"layer": layer, **{k: v for k, v in stats.items() if k != "hit_rate_curve"}} for layer, stats in rows["layers"].items()
    ]
    st.dataframe(per_layer, hide_index=True)
    export_buttons(per_layer, "run_row_stats", "run_row_stats")

st.subheader("Row statistics of a text")
rowstats = artefact_or_job("rowstats", "row statistics", "seconds: the run's own text, addressed by its model")
if rowstats is not None:
    with drawn("rowstats"):
        st.caption(f"{md_text(rowstats['model'])} · {md_text(rowstats['text'])}")
        st.plotly_chart(hit_rate_figure(rowstats))

st.subheader("Exact Engram traffic of the run's model on its text")
traffic = artefact_or_job("traffic", "traffic", "under a minute: the run's model on its corpus, from token ids alone")
if traffic is not None:
    with drawn("traffic"):
        cache_state = traffic["page_cache_before_read"].get("resident_share")
        st.caption(
            f"{md_text(traffic['model'])} · {md_text(traffic['corpus'])} · {traffic['tokens']:,} tokens · "
            f"{md_text(traffic['rows_per_token'])} rows of {md_text(traffic['row_bytes'])} B per token · "
            "corpus pages cached before reading: " + ("unknown" if cache_state is None else f"{cache_state:.0%}")
        )
        for warning in traffic["hygiene"]["warnings"]:
            st.warning(md_text(warning))
        st.plotly_chart(step_rows_figure(traffic))
        st.plotly_chart(head_rows_figure(traffic))
        st.plotly_chart(capacity_hit_rate_figure(traffic))

st.subheader("Offload plan")
plan = artefact_or_job("plan", "offload plan", "seconds: a projection from the traffic above")
if plan is not None:
    with drawn("plan"):
        st.plotly_chart(pareto_figure(plan))
        with st.expander("Assumptions and sources"):
            st.markdown("\n".join(f"- {md_text(line)}" for line in plan["assumption_lines"]))
            st.markdown("\n".join(f"- **{md_text(key)}**: {md_text(source)}" for key, source in plan["profile_sources"].items()))
        for check in plan["placement"]["checks"]:
            st.info(md_text(check))

st.subheader("Table tiers on this machine")
bench = artefact_or_job(
    "offload", "offload benchmark", "about ten minutes: it measures this machine's tiers on a generated 4 GiB table"
)
if bench is not None:
    with drawn("offload"):
        st.plotly_chart(tier_ratio_figure(bench))
        st.caption(f"{md_text(bench['statistics'])} · {md_text(bench['machine'].get('note', ''))}")
