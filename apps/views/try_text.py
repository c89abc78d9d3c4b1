"""Try your own text: any text gated by the run's own model (`probe.runs.model.load_run_model`,
which checks it is the model that made the run) and shown as the document viewer shows a
document: tokens shaded by their gate (the percentile among the run's positions), the clicked
token's gate per layer and branch and the n-grams it reads, each a link to what the run says
about that n-gram. The view is in the address, the text too when it is short:
`?text=TEXT&pos=N&layer=L&gate=G&scale=S`."""

import streamlit as st
from probe.apps.colour import scale_address, scale_setting
from probe.apps.export import export_buttons
from probe.apps.shared import (
    GATE_CHOICE_HELP,
    cached,
    code,
    engram_layers,
    from_address,
    gate_columns,
    manifest,
    md_text,
    ngram_link,
    one_of,
    run_dir,
    run_model,
    to_address,
    whole_number,
)
from probe.apps.token_view import token_view

from probe.plots.tokens import colour_bar_html, histogram_cdf, token_view_data
from probe.runs.aggregate import gate_histogram
from probe.runs.store import RunError

# the model runs in this page's process, on its CPU: a few pages of text keep a click quick. Both bounds
# count: 20,000 emoji are 80,000 byte-level tokens, which would hold the page for minutes
MAX_CHARS = 20_000
MAX_TOKENS = 5_000
IN_ADDRESS = 500  # a longer text stays out of the address (browsers and servers cap its length)

config = manifest()["config"]
layers = engram_layers()
max_order = config["engram"]["max_ngram"]
gates = ["gate_mean", "gate_max", *(f"gate_b{b}" for b in range(config["hc_streams"]))]
st.title("Try your own text")
from_address(
    {
        "text": ("", str),
        "pos": (0, whole_number),
        "layer": (layers[0], one_of(layers)),
        "gate": ("gate_mean", one_of(gates)),
        **scale_address(),
    }
)
scale = scale_setting()  # the colour scale of every page, in the sidebar


@st.cache_data(show_spinner="gating the text", max_entries=32)
def gated_rows(run: str, text: str) -> list[dict]:
    """One row per Engram layer and token, shaped as `probe.runs.aggregate.document_trace`'s: layer,
    position, token, token_id, gates (per branch), gate_mean, gate_max and ngram_2..ngram_N as a
    scan records them (what the hash reads before the text is shown as the scan shows it)."""
    import torch

    from engram_model.tokenizer import PAD
    from probe.batching import text_gates
    from probe.runs.ngrams import suffix_ngram_columns, token_texts

    model = run_model(run)
    with torch.no_grad():
        ids, per_layer = text_gates(model, text)
    texts = token_texts(model.tokenizer)
    segment_end = model.ngram_segment_end
    fill = PAD if segment_end is None else texts[segment_end].as_py()  # as probe.runs.scan.GateScan fills
    ngrams = suffix_ngram_columns(model.tokenizer, [ids], max_order, fill, segment_end)
    tokens = texts.take(ids).to_pylist()
    ngram_texts = {n: column.to_pylist() for n, column in ngrams.items()}
    rows = []
    for layer, gate in per_layer.items():  # gate: [T, M]
        for position, branch_gates in enumerate(gate.float().tolist()):
            rows.append(
                {
                    "layer": layer,
                    "position": position,
                    "token": tokens[position],
                    "token_id": ids[position],
                    "gates": branch_gates,
                    "gate_mean": sum(branch_gates) / len(branch_gates),
                    "gate_max": max(branch_gates),
                    **{f"ngram_{n}": texts_n[position] for n, texts_n in ngram_texts.items()},
                }
            )
    return rows


def back_to_start() -> None:
    st.session_state.pos = 0  # a new text: the old position may be past its end


text = st.text_area(
    f"text (up to {MAX_CHARS:,} characters and {MAX_TOKENS:,} tokens)",
    key="text",
    height=150,
    on_change=back_to_start,
    placeholder="Type or paste any text, then press Ctrl+Enter",
    help=f"run through the model this run was probed with; kept in the address when it has at most {IN_ADDRESS} characters",
)
top = st.columns(2)
layer = top[0].selectbox("layer", layers, key="layer")
gate = top[1].selectbox(
    "gate", gates, key="gate", format_func=lambda g: g.removeprefix("gate_").replace("b", "branch ", 1), help=GATE_CHOICE_HELP
)
if not text:
    to_address({"layer": layer, "gate": gate, "scale": scale})
    st.info("Type or paste a text above: its tokens are shaded by the gate the run's model gives them.")
    st.stop()


def refuse(problem: str) -> None:
    """Say why the page will not gate the text, and how to see all of it, then stop."""
    to_address({"layer": layer, "gate": gate, "scale": scale})
    st.error(f"{problem}. Shorten it, or probe it as a corpus of its own (the run's pages then show all of it):")
    st.code(f"engram-probe run --corpus my_text.txt --model {manifest().get('model')} --out runs/my_text", language="bash")
    st.stop()


if len(text) > MAX_CHARS:  # checked before anything reads the text
    refuse(f"The text has {len(text):,} characters; this page gates at most {MAX_CHARS:,} at once")

run = str(run_dir())
try:
    model = run_model(run)
except RunError as err:
    to_address({"layer": layer, "gate": gate, "scale": scale})
    st.error(md_text(err))
    st.markdown(
        "This page runs the model the run was probed with, so it needs that model as the run names it. "
        "The other pages need no model; to gate a text with a checkpoint of your own from the command line:"
    )
    st.code('engram-probe gates "your text" --model CHECKPOINT_DIR', language="bash")
    st.stop()
n_tokens = len(model.tokenizer.encode(text, add_special_tokens=False).ids)  # quick: the model's run is what takes long
if n_tokens > MAX_TOKENS:
    refuse(f"The text is {n_tokens:,} tokens long; this page gates at most {MAX_TOKENS:,} at once")

every_layer = gated_rows(run, text)
tokens = [row for row in every_layer if row["layer"] == layer]
if not 0 <= st.session_state.pos < len(tokens):
    st.warning(f"Position {st.session_state.pos} is outside this text's {len(tokens):,} tokens; showing position 0.")
    st.session_state.pos = 0
left, right = st.columns([3, 2], gap="medium")
with right:
    position = st.number_input(f"token position (0..{len(tokens) - 1:,}); or click a token", 0, len(tokens) - 1, key="pos")
to_address({"text": text if len(text) <= IN_ADDRESS else None, "pos": position, "layer": layer, "gate": gate, "scale": scale})
if len(text) > IN_ADDRESS:
    st.caption(f"The text has more than {IN_ADDRESS} characters, so the address keeps the view but not the text.")

branch = int(gate.removeprefix("gate_b")) if gate.startswith("gate_b") else -1  # the max gate has no histogram: use the mean's
cdf = histogram_cdf(cached(gate_histogram), layer, branch)
with left:
    st.html(colour_bar_html(scale, cdf, f"layer {layer} {gate.removeprefix('gate_')} gate"))

    def select_clicked() -> None:
        st.session_state.pos = st.session_state.try_token_view["select"]

    token_view(token_view_data(tokens, gate, scale, cdf, max_order, position), select_clicked, key="try_token_view")

at_position = [row for row in every_layer if row["position"] == position]
first = at_position[0]
with right:
    st.subheader(f"Token at position {position}")
    st.markdown(f"{code(repr(first['token']))} (id {md_text(first['token_id'])}) · {len(tokens):,} tokens in all")
    st.markdown("**The n-grams it reads** (each opens its n-gram page: how the run's own text gates it, if it occurs there):")
    for n in range(2, max_order + 1):
        ngram_link(layer, n, first[f"ngram_{n}"], f"{n}-gram {code(repr(first[f'ngram_{n}']))}")
    per_layer = [
        {
            "layer": row["layer"],
            "mean": row["gate_mean"],
            "max": row["gate_max"],
            **{f"branch {b}": g for b, g in enumerate(row["gates"])},
        }
        for row in at_position
    ]
    st.dataframe(per_layer, hide_index=True, column_config=gate_columns(config["hc_streams"]))
    export_buttons(per_layer, f"token_{position}", "token_layers")
