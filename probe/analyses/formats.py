"""The layouts of the analysis result files (`probe.analyses.reports` writes them): the fields
the gate browser and the notebooks read, as dotted paths with `[]` for every item of a list, and
the consistency checks a type check cannot express. Torch-free: the app imports it."""

# similarity.json, lens.json, ablation.json: dotted path -> type
FIELDS = {
    "similarity": {
        "a.name": str, "b.name": str, "positions.rule": str, "positions.count": int, "positions.description": str,
        "representation": str, "layers_a": list, "layers_b": list, "cka": list, "cka_a": list, "cka_b": list,
        "layers_a[]": int, "layers_b[]": int, "cka[]": list, "cka_a[]": list, "cka_b[]": list,
        "alignment.k": int, "alignment.a_j": list,
    },
    "lens": {"positions.rule": str, "positions.count": int, "models": list, "models[].layers": list, "models[].kl": list,
             "models[].kl_sem": list, "models[].model": dict, "models[].layers[]": int, "models[].kl[]": float,
             "models[].kl_sem[]": float},
    "ablation": {
        "model.name": str, "mode": str, "corpus.tokens": int, "conditions": dict, "overall.tokens": int, "overall.loss": dict,
        "overall.delta": dict, "by_domain": list, "by_domain[].domain": str, "by_domain[].tokens": int, "by_domain[].loss": dict,
        "by_domain[].delta": dict, "by_category": list, "by_category[].category": str, "by_category[].tokens": int,
        "by_category[].loss": dict, "by_category[].delta": dict, "generation.prefill_fraction": float,
        "generation.tokens": int, "generation.loss": dict,
    },
}  # fmt: skip


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def similarity_problems(result: dict) -> list[str]:
    """What in a similarity.json with every field (`FIELDS`) does not fit its layers: each CKA
    matrix must be layers by layers of numbers or nulls (undefined), a_j one per layer of a."""
    la, lb = len(result["layers_a"]), len(result["layers_b"])
    problems = (
        [f"alignment.a_j has {len(result['alignment']['a_j'])} values for {la} layers"]
        if len(result["alignment"]["a_j"]) != la
        else []
    )
    for key, rows, columns in (("cka", la, lb), ("cka_a", la, la), ("cka_b", lb, lb)):
        matrix = result[key]
        if len(matrix) != rows or any(not isinstance(row, list) or len(row) != columns for row in matrix):
            problems.append(f"{key} is not {rows} × {columns}")
        elif any(value is not None and not _is_number(value) for row in matrix for value in row):
            problems.append(f"{key} holds a value that is neither a number nor null")
    return problems
