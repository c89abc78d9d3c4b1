"""Ablations: the loss change from switching Engram off, per domain and next-token category,
and off only in prefill or only in decode."""

import streamlit as st
from probe.apps.background import artefact_or_job
from probe.apps.export import export_buttons
from probe.apps.shared import drawn, md_text

from probe.plots import ablation_bars, generation_bars
from probe.plots.similarity import ablation_interval_reason


def group_rows(result: dict) -> list[dict]:
    """One row per group the figures show (all tokens, each domain, each next-token category):
    its loss per condition and the change from switching Engram off, with its interval."""
    groups = [("all", "", result["overall"])]
    groups += [("domain", g["domain"], g) for g in result["by_domain"]]
    groups += [("next token", g["category"], g) for g in result["by_category"]]
    rows = []
    for kind, name, group in groups:
        row = {"group": kind, "name": name, "tokens": group["tokens"], "documents": group.get("documents")}
        for condition in ("on", "off", "off_pinned"):
            row[f"loss_{condition}"] = group["loss"].get(condition)
        for condition in ("off", "off_pinned"):
            interval = group.get("delta_ci", {}).get(condition) or [None, None]
            row |= {
                f"change_{condition}": group["delta"].get(condition),
                f"{condition}_low": interval[0],
                f"{condition}_high": interval[1],
            }
        rows.append(row)
    return rows


NATS = "nats/token"
COLUMNS = {
    "group": st.column_config.TextColumn("group", help="All tokens, one domain of documents, or one kind of next token."),
    "name": st.column_config.TextColumn("which"),
    "tokens": st.column_config.NumberColumn("tokens", help="Predicted tokens in the group."),
    "documents": st.column_config.NumberColumn("documents", help="Documents the tokens come from (the interval resamples them)."),
    "loss_on": st.column_config.NumberColumn("loss, Engram on", format="%.4f", help=NATS),
    "loss_off": st.column_config.NumberColumn("loss, Engram off", format="%.4f", help=NATS),
    "loss_off_pinned": st.column_config.NumberColumn(
        "loss, off, routing pinned", format="%.4f", help=f"{NATS}; the MoE routing kept as with Engram on"
    ),
    "change_off": st.column_config.NumberColumn("off − on", format="%+.4f", help=f"{NATS}: above 0, Engram helps"),
    "off_low": st.column_config.NumberColumn("off − on: low", format="%+.4f", help="95% bootstrap interval over documents"),
    "off_high": st.column_config.NumberColumn("off − on: high", format="%+.4f", help="95% bootstrap interval over documents"),
    "change_off_pinned": st.column_config.NumberColumn("off pinned − on", format="%+.4f", help=NATS),
    "off_pinned_low": st.column_config.NumberColumn("pinned: low", format="%+.4f", help="95% bootstrap interval over documents"),
    "off_pinned_high": st.column_config.NumberColumn(
        "pinned: high", format="%+.4f", help="95% bootstrap interval over documents"
    ),
}


st.title("Ablations")
result = artefact_or_job("ablation", "ablation results", "about 5 minutes on a CPU: 20,000 tokens, each with Engram on and off")
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
    reason = ablation_interval_reason(overall)
    if reason is not None:
        st.caption(f"No interval on the loss changes: {md_text(reason)}. Each change is one measurement, not a finding.")
    st.plotly_chart(ablation_bars(result, "domain"))
    st.plotly_chart(ablation_bars(result, "category"))
    st.plotly_chart(generation_bars(result))
    rows = group_rows(result)
    st.dataframe(rows, hide_index=True, column_config=COLUMNS)
    export_buttons(rows, "ablation_groups", "ablation_groups")
