"""What `engram-probe run`, `similarity`, `lens` and `ablate` write is what they wrote before
the batching layer and the analysis reports were refactored: the same gate rows (ids, n-gram
texts, row ids, shards) exactly, and the same numbers (gates, log-probs, CKA, KL, losses) to
float32 rounding. The reference is `tests/data/reference_outputs.json`, written by the code of
`61daf0d` (see `tests/reference_outputs.py`); rewritten four times since, to add the
ablation's `delta_sem` field, the similarity's bootstrap interval of a_j (`alignment.bootstrap`,
`a_j_low`, `a_j_high`), to replace `delta_sem` with the ablation's bootstrap over documents
(`delta_ci`, `documents`), and to add the similarity's a_j against the null of no shift
(`against_self`), each time after every other field was checked equal to the reference
before it."""

import json
import math

from reference_outputs import REFERENCE, outputs, without_paths

# a log-prob is a logit less a log-sum-exp over the whole vocabulary, in float32: on another CPU
# (AVX2 against AVX-512 matmul kernels) it moves by up to 5e-6 where a gate moves by 1e-7
ABS_TOL = {"next_logprob": 1e-5}


def mismatches(got, want, path="", abs_tol=1e-6) -> list[str]:
    """Where `got` differs from `want`: anything but a float exactly, floats to 1e-5 relative or
    `abs_tol` (ABS_TOL's for the fields it names; NaN, a log-prob with no next token, equals NaN)."""
    if isinstance(want, float) and isinstance(got, float):
        same = math.isclose(got, want, rel_tol=1e-5, abs_tol=abs_tol) or math.isnan(got) and math.isnan(want)
        return [] if same else [f"{path}: {got} != {want}"]
    if isinstance(want, dict) and isinstance(got, dict):
        if sorted(got) != sorted(want):
            return [f"{path}: keys {sorted(got)} != {sorted(want)}"]
        return [m for key in want for m in mismatches(got[key], want[key], f"{path}.{key}", ABS_TOL.get(key, abs_tol))]
    if isinstance(want, list) and isinstance(got, list):
        if len(got) != len(want):
            return [f"{path}: {len(got)} items != {len(want)}"]
        return [m for i, (g, w) in enumerate(zip(got, want)) for m in mismatches(g, w, f"{path}[{i}]", abs_tol)]
    return [] if got == want else [f"{path}: {got!r} != {want!r}"]


def test_mismatches_finds_every_kind_of_difference():
    want = {"a": [1, 2.0, "x"], "b": {"c": None}}
    assert mismatches(json.loads(json.dumps(want)), want) == []
    assert mismatches({"a": [1, 2.0 + 1e-7, "x"], "b": {"c": None}}, want) == []
    assert len(mismatches({"a": [1, 2.1, "y"], "b": {"c": 0}}, want)) == 3
    assert mismatches([float("nan")], [float("nan")]) == [] and len(mismatches([1.0], [float("nan")])) == 1
    assert mismatches({"a": [1, 2.0], "b": {"c": None}}, want) == [".a: 2 items != 3"]
    logprobs = {"gates": {"next_logprob": [-0.025994], "gate": [0.025994]}}
    assert mismatches({"gates": {"next_logprob": [-0.025989], "gate": [0.025994]}}, logprobs) == []
    assert len(mismatches({"gates": {"next_logprob": [-0.025970], "gate": [0.025989]}}, logprobs)) == 2


def test_commands_write_what_they_wrote_before_the_refactor(tmp_path):
    found = mismatches(json.loads(json.dumps(outputs(tmp_path))), without_paths(json.loads(REFERENCE.read_text())))
    assert not found, f"{len(found)} differences, first: {found[:5]}"
