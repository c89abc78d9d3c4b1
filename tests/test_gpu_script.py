"""benchmarks/gpu/measure.py's smoke path on the CPU: the realistic-width Qwen4-Exp part
(`qwen4_exp_wide`) at tiny sizes runs the code the GPU check runs (checkpoint written part by
part, gates against CPU float32, pinned host + prefetch against resident) and writes its JSON
into the folder given, never into benchmarks/results/."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("transformers")

ROOT = Path(__file__).resolve().parent.parent
MEASURE = ROOT / "benchmarks" / "gpu" / "measure.py"


def test_the_wide_part_smoke_run_writes_gates_ratios_and_what_it_ran_on(tmp_path):
    out = tmp_path / "smoke"
    done = subprocess.run(
        [sys.executable, str(MEASURE), "--smoke", "--parts", "qwen4_exp_wide", "--json", "wide.json", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    text = (out / "wide.json").read_text()
    result = json.loads(text)
    assert result["smoke"] and result["code_version"]["package"] and result["machine"]["device"] == "cpu"
    part = result["parts"]["qwen4_exp_wide"]
    gates = part["gates"]
    assert gates["variant"] == "host+prefetch" and gates["device_dtype"] == "bfloat16" and gates["layers"] == [2]
    assert 0 < gates["max_abs_error"] <= gates["tolerance"] and gates["within_tolerance"]  # bfloat16 differs, a little
    assert part["logits_identical_to_resident"] == {"resident": True, "host+prefetch": True}
    for workload in ("prefill", "decode"):
        ratios = part["workloads"][workload]["over_resident"]["host+prefetch"]
        assert all(ratio > 0 for ratio in ratios.values()), ratios
        assert set(part["workloads"][workload]["best_tokens_per_s"]) == {"resident", "host+prefetch"}
    assert part["host_prefetcher"]["steps"] > 0  # the prefetcher served the host variant's forwards
    for path in (str(tmp_path), str(ROOT), str(Path.home())):  # what it ran on, but no machine's paths
        assert path not in text, path
