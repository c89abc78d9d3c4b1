"""Every item of round v3 as its writer cut and labelled it (annotator A's label is `label_a`)."""

from cutting import cut
from passages_en import P as ENGLISH
from passages_xx import P as OTHER_LANGUAGES


def written_items() -> list[dict]:
    return cut(ENGLISH, "en") + cut(OTHER_LANGUAGES, "xx")
