"""The gate browser: `engram-probe app RUN_DIR` (or `streamlit run apps/browser.py -- RUN_DIR` in a checkout).

Reads only inside RUN_DIR (see `probe.runs.queries` for where each page's data lives there). A run
directory that cannot be read gets one page saying what is wrong and how to make a valid run.
"""

import streamlit as st
from probe.apps import shared

st.set_page_config(page_title="Engram gate browser", page_icon=shared.ICON, layout="wide")
run = shared.run_dir()
check = shared.check(run)
if isinstance(check, str):
    page = st.navigation([st.Page(shared.problem_page, title="Run problem", icon=":material/error:")])
else:
    st.sidebar.caption(f"run {shared.code(run)}")
    for warning in check.warnings:
        st.sidebar.warning(shared.md_text(warning))
    page = st.navigation(
        [
            st.Page(shared.PAGES["overview"], title="Overview", icon=":material/home:", default=True),
            st.Page(shared.PAGES["documents"], title="Document viewer", icon=":material/article:"),
            st.Page(shared.PAGES["ngrams"], title="N-gram explorer", icon=":material/text_fields:"),
            st.Page(shared.PAGES["categories"], title="Categories", icon=":material/label:"),
            st.Page(shared.PAGES["similarity"], title="Layer similarity", icon=":material/compare_arrows:"),
            st.Page(shared.PAGES["offload"], title="Offload", icon=":material/storage:"),
            st.Page(shared.PAGES["ablations"], title="Ablations", icon=":material/content_cut:"),
            st.Page(shared.PAGES["try_text"], title="Try your own text", icon=":material/edit_note:"),
            st.Page(shared.PAGES["search"], title="Search", icon=":material/search:"),
        ]
    )
page.run()
