#!/usr/bin/env bash
# The GPU check, in one script: at most 8 minutes on one H100 or H200 from a bare machine (Python
# 3.11 and pip), installs included: the stages' limits add up to 440 s, 480 s with the 10 s each
# stage is given to die.
#
#   bash benchmarks/gpu/check.sh        # from the repository root, or anywhere: it cds there
#
# 1. install as the README's test command does: pip install torch==2.13.0 -e ".[test]"
#    (skipped when a CUDA torch, this package, transformers' qwen4_exp and pytest already import).
#    On a machine with no index (a GPU image with its own CUDA torch), WHEELS=DIR installs the
#    missing pure-Python packages from DIR's wheels into a private folder instead, keeping the
#    image's torch, and the checkout is imported in place (benchmarks/gpu/wheels.sh fetches
#    them here: WHEELS=.whl, carried to the machine)                          <= 120 s
# 2. the CUDA tests: python -m pytest -m gpu over the modules holding them (a gpu test skips itself without CUDA)  <= 80 s
# 3. the tiers on the GPU, benchmarks/gpu/measure.py: HBM-resident, pinned host with and
#    without the prefetcher's side stream, and mmap, for the bundled `engram` model and for a
#    random Qwen4-Exp PLE model with a 4 GiB table                                  <= 100 s
# 4. a Qwen4-Exp of realistic width (hidden 2048, 8 layers, an 8 GiB bfloat16 PLE table, written
#    part by part): gates from pinned host memory with the prefetcher against CPU float32's, and
#    pinned host + prefetch against HBM-resident for prefill and decode (measure.py --parts
#    qwen4_exp_wide)                                                           <= 140 s
#
# Writes into $OUT when set, else benchmarks/results/gpu/: check.json (each stage's exit code
# and seconds), check.log, pytest-gpu.xml (JUnit), tiers.json, wide.json. Exits non-zero when a stage
# failed; every stage runs regardless. Last run: one H200 (torch 2.11 of the machine's image,
# WHEELS=.whl with transformers 5.25 and transformer-lens), results in benchmarks/results/gpu/.
set -uo pipefail

cd "$(dirname "$0")/../.."
OUT_DIR="${OUT:-benchmarks/results/gpu}"
mkdir -p "$OUT_DIR"
OUT_DIR="$(cd "$OUT_DIR" && pwd)"
PY="${PYTHON:-python3}"
LOG="$OUT_DIR/check.log"
: >"$LOG"
STAGES=()
FAILED=0

stage() {  # stage NAME LIMIT_S COMMAND...: run it under a time limit, log it, record rc and seconds
    local name="$1" limit="$2"
    shift 2
    echo "=== $name (limit ${limit}s): $*" | tee -a "$LOG"
    local start=$SECONDS
    timeout --kill-after=10 "$limit" "$@" 2>&1 | tee -a "$LOG"
    local rc=${PIPESTATUS[0]}
    local took=$((SECONDS - start))
    echo "=== $name: exit $rc after ${took}s" | tee -a "$LOG"
    STAGES+=("\"$name\": {\"rc\": $rc, \"seconds\": $took, \"limit_s\": $limit}")
    [ "$rc" -eq 0 ] || FAILED=1
}

installed() {
    "$PY" - <<'EOF' 2>/dev/null
import torch, pytest, engram_model, transformer_lens, transformers.models.qwen4_exp  # noqa: F401
assert torch.cuda.is_available() or torch.__version__.split("+")[0] == "2.13.0", torch.__version__
EOF
}

{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || echo "nvidia-smi: none"; } | tee -a "$LOG"
if [ -n "${WHEELS:-}" ]; then  # offline: the image's torch, our missing packages from WHEELS, the checkout in place
    SITE="${TMPDIR:-/tmp}/engram-probe-site"
    stage install 120 "$PY" -m pip install --quiet --no-index --no-deps --no-compile --upgrade --target "$SITE" "$WHEELS"/*.whl
    export PYTHONPATH="$SITE:$PWD${PYTHONPATH:+:$PYTHONPATH}"
elif installed; then
    echo "=== install: skipped (torch, engram-probe, transformers' qwen4_exp and pytest already import)" | tee -a "$LOG"
    STAGES+=("\"install\": {\"rc\": 0, \"seconds\": 0, \"skipped\": true}")
else
    stage install 120 "$PY" -m pip install --quiet torch==2.13.0 -e ".[test]"
fi
"$PY" -c "import torch; print('torch', torch.__version__, 'cuda', torch.version.cuda, 'available', torch.cuda.is_available())" \
    2>&1 | tee -a "$LOG"
# only the modules that hold gpu tests: the others need the whole test extra (duckdb, ray, ...) just to be collected
mapfile -t GPU_TESTS < <(grep -l "pytest.mark.gpu" tests/*.py tests/*/*.py)
stage tests 80 "$PY" -m pytest -m gpu -q -p no:cacheprovider -rs --junitxml="$OUT_DIR/pytest-gpu.xml" "${GPU_TESTS[@]}"
stage measure 100 "$PY" benchmarks/gpu/measure.py --out "$OUT_DIR"
stage measure-wide 140 "$PY" benchmarks/gpu/measure.py --parts qwen4_exp_wide --repeats 5 --json wide.json --out "$OUT_DIR"

IFS=,
printf '{"check": "gpu", "seconds": %d, "failed": %s, "stages": {%s}}\n' \
    "$SECONDS" "$([ $FAILED -eq 0 ] && echo false || echo true)" "${STAGES[*]}" >"$OUT_DIR/check.json"
unset IFS
cat "$OUT_DIR/check.json"
exit $FAILED
