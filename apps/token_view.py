"""The document viewer's token view: a Streamlit component (`st.components.v2`, no build step,
no file served from elsewhere) that draws the shaded tokens in a scrollable box, shows a
token's card on hover at once (CSS, not the browser's delayed tooltip), outlines the selected
token and keeps it in view, and reports a click as the `select` trigger.

The browser receives compact columns (text, colour, gate, percentile, category, branch gates,
longest n-gram) and builds the cards itself, so a rerun sends a fraction of what a page of
per-token HTML with tooltips would.
"""

import streamlit as st

CSS = """
.tv-box { position: relative; max-height: 70vh; overflow-y: auto; border: 1px solid #ccc; border-radius: 4px;
          padding: 8px; white-space: pre-wrap; font-family: monospace; font-size: 14px; line-height: 1.9; }
.tv-tok { position: relative; color: black; border: 1px solid #0002; border-radius: 2px; cursor: pointer; }
.tv-tok.tv-dark { color: white; }
.tv-tok.tv-space { color: #0007; }
.tv-tok.tv-dark.tv-space { color: #fffa; }
.tv-tok.tv-match { box-shadow: inset 0 -4px 0 #1f4fd6; }
.tv-tok.tv-selected { outline: 3px solid #1f4fd6; outline-offset: 1px; z-index: 1; }
.tv-tok:hover { outline: 2px solid #333; z-index: 3; }
.tv-tok:hover::after { content: attr(data-card); position: absolute; left: 0; top: 1.9em; z-index: 4; width: max-content;
          max-width: 34em; white-space: pre-wrap; background: #fff; color: #111; border: 1px solid #888; border-radius: 4px;
          padding: 4px 6px; font-size: 12px; line-height: 1.4; box-shadow: 0 2px 6px #0004; pointer-events: none; }
"""

JS = """
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  let box = parentElement.querySelector(".tv-box");
  if (!box) {
    box = document.createElement("div");
    box.className = "tv-box";
    parentElement.appendChild(box);
  }
  const d = data;
  const fragment = document.createDocumentFragment();
  for (let i = 0; i < d.text.length; i++) {
    const span = document.createElement("span");
    const position = d.start + i;
    span.className = "tv-tok" + (d.dark[i] ? " tv-dark" : "") + (d.space[i] ? " tv-space" : "")
      + (d.matched.includes(i) ? " tv-match" : "") + (position === d.selected ? " tv-selected" : "");
    span.style.background = d.colour[i];
    span.textContent = d.text[i];
    span.dataset.position = position;
    const percentile = Math.round(100 * d.percentile[i]);
    span.dataset.card = `position ${position} · ${d.what} ${d.gate[i].toFixed(3)} (percentile ${percentile})`
      + ` · ${d.category[i]}\\n${d.order}-gram: ${JSON.stringify(d.ngram[i])}`
      + `\\nbranches: ${d.branches[i].map((g) => g.toFixed(3)).join(", ")}\\nclick to inspect`;
    fragment.appendChild(span);
  }
  box.replaceChildren(fragment);
  box.onclick = (event) => {
    const token = event.target.closest(".tv-tok");
    if (!token) return;
    box.querySelectorAll(".tv-selected").forEach((t) => t.classList.remove("tv-selected"));
    token.classList.add("tv-selected");  // outlined at once; the panel follows when Python has rerun
    setTriggerValue("select", Number(token.dataset.position));
  };
  const selected = box.querySelector(".tv-selected");
  if (selected) {
    // scroll the box, not the page, so the token sits a third of the way down
    const top = selected.offsetTop - box.clientHeight / 3;
    if (selected.offsetTop < box.scrollTop || selected.offsetTop > box.scrollTop + box.clientHeight - 20) box.scrollTop = top;
  }
}
"""

# the page's own DOM, not a shadow root: the browser test finds the outlined token with a plain query
_component = st.components.v2.component("engram_token_view", css=CSS, js=JS, isolate_styles=False)


def token_view(data: dict, on_select, key: str = "token_view"):
    """Mount the token view; `data` is `probe.plots.tokens.token_view_data`'s dict. `on_select`
    runs when a token is clicked; the position is then `st.session_state[key]["select"]`."""
    return _component(data=data, key=key, on_select_change=on_select)
