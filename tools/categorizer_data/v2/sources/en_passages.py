"""English passages for the cat13 evaluation items (written fresh for this set)."""

import importlib

PASSAGES = []
for _m in ["p_prose1", "p_prose2", "p_prose3", "p_prose4", "p_prose5", "p_prose6", "p_code1", "p_code2"]:
    try:
        PASSAGES += importlib.import_module(_m).PASSAGES
    except ModuleNotFoundError:
        pass
