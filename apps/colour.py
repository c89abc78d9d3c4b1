"""The colour scale of every shaded text in the browser, chosen in one place: a sidebar setting,
kept from page to page and in the address (`?scale=S`). A page that shades tokens adds
`**scale_address()` to its `from_address` settings, calls `scale_setting()` for the scale and
writes `"scale": scale` in its `to_address`. `scale_setting` also brings the style that shows a
static shaded token's value on hover (`probe.plots.tokens.SHADED_TEXT_CSS`), as a component with
no data, since st.html holds no <style>.
"""

import streamlit as st
from probe.apps.shared import CHOSEN_SCALE, one_of

from probe.plots.tokens import DEFAULT_SCALE, SCALES, SHADED_TEXT_CSS

# not isolated: its <style> then applies to the page's st.html, where the shaded texts are
_hover_style = st.components.v2.component("engram_shaded_text_style", css=SHADED_TEXT_CSS, isolate_styles=False)


def scale_address() -> dict:
    """The `scale` entry of a page's `from_address` settings. Links carry the scale in use
    (`shared.page_link`), so an address without one is the default's, wherever it is opened."""
    return {"scale": (DEFAULT_SCALE, one_of(SCALES))}


def scale_setting() -> str:
    """The colour scale the reader picked (absolute or percentile), from the sidebar; call it
    once on each page that shades tokens, after its `from_address`."""
    scale = st.sidebar.selectbox(
        "colour scale",
        SCALES,
        key="scale",
        help="every shaded token on every page: percentile is the gate's rank among all of the layer's positions, "
        "absolute the gate itself",
    )
    st.session_state[CHOSEN_SCALE] = scale
    with st.sidebar:
        _hover_style(key="shaded_text_style")
    return scale
