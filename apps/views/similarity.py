"""Layer similarity: CKA between the Engram model's layers and the baseline's, the soft
alignment a_j, and the logit lens."""

import shlex

import streamlit as st
from probe.apps.background import JobStateError, compute_here, read_job
from probe.apps.shared import artefact, cached, code, drawn, md_text, run_dir

from engram_model.files import LinkedPathError
from probe.plots import alignment_curve, cka_heatmap, lens_curves
from probe.runs.artefacts import artefact_path
from probe.runs.queries import BASELINE, analysis_command, comparison_problem, overview, similarity_positions

WITH_BASELINE = "the bundled baseline"
WITH_ITSELF = "the run's own model (a null comparison)"
ALONE = "the run's model alone"
WITH_OTHER = "another checkpoint with the run's tokenizer"


def set_up(analysis: str, what: str) -> tuple[list[list[str]], str | None]:
    """Where the run lacks `analysis` (similarity or lens) and no job computes it: what to
    compare the run's model with, offered only where it can succeed. The bundled baseline is
    offered where its tokenizer is the run's (models compared position by position read the same
    tokens); else the model alone (lens) or against itself (similarity), or a checkpoint the
    reader names, checked before the job starts. (commands, None) to run; (commands, problem)
    where the named model cannot be compared."""
    run = run_dir()
    tokens = cached(overview)["tokens"]
    positions = similarity_positions(tokens) if analysis == "similarity" else None
    if positions == "all":
        st.caption(f"The run has {tokens:,} tokens, too few named entities for CKA: every token is compared.")

    def command(other: str | None = None) -> list[list[str]]:
        return [analysis_command(run, analysis, other, positions)]

    baseline_problem = cached(comparison_problem, BASELINE)
    options = [WITH_BASELINE] if baseline_problem is None else []
    options += [ALONE if analysis == "lens" else WITH_ITSELF, WITH_OTHER]
    if baseline_problem is not None:
        st.info(f"The bundled baseline is not offered for the {md_text(what)}: {md_text(baseline_problem)}.")
    choice = st.radio(
        "beside" if analysis == "lens" else "compare with",
        options,
        key=f"{analysis}_with",
        horizontal=True,
        help="a model compared position by position must read the run's tokens: the same tokenizer",
    )
    if choice == WITH_BASELINE:
        return command(BASELINE), None
    if choice == WITH_OTHER:
        other = st.text_input(
            "checkpoint directory (or bundled name)", key=f"{analysis}_other", help="checked before the job starts"
        ).strip()
        if not other:
            return command("CHECKPOINT"), "Type the checkpoint directory to compare with."
        problem = comparison_problem(run, other)
        return command(other), None if problem is None else f"{code(other)}: {md_text(problem)}"
    return command(), None


def result_or_offer(analysis: str, what: str, takes: str) -> dict | None:
    """The run's `analysis` result, else what the page offers to compute it (`set_up`)."""
    result = artefact(analysis, what, say_missing=False)
    if result is not None or artefact_path(run_dir(), analysis).is_file():  # drawn, or its problem said
        return result
    try:
        job = read_job(run_dir(), analysis)
    except (JobStateError, LinkedPathError):  # compute_here, below, names the file and what is wrong with it
        job = None
    if job is not None and job["state"] == "running":
        compute_here(analysis, what, takes)  # its progress
        return None
    st.info(f"This run has no {md_text(what)} yet.")
    commands, problem = set_up(analysis, what)
    if problem is None:  # the command for the command line
        st.code("; ".join(shlex.join(command) for command in commands), language="bash")
    compute_here(analysis, what, takes, commands=commands, problem=problem)
    return None


st.title("Layer similarity")
similarity = result_or_offer("similarity", "layer similarity", "about 2 minutes on a CPU: two models on 20,000 tokens")
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
lens = result_or_offer("lens", "logit lens", "a minute or a few on a CPU: each model on 20,000 tokens")
if lens is not None:
    with drawn("lens"):
        st.plotly_chart(lens_curves(lens))
