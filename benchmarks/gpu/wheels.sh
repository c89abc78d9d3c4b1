#!/usr/bin/env bash
# The wheels check.sh installs on a GPU image that has its own CUDA torch but no package index:
# what this project imports and that image lacks (transformers 5.25 for qwen4_exp, and its
# huggingface-hub 2.x and kernels; transformer-lens and what it imports), for CPython 3.12 on
# x86-64. The image's torch, numpy, pandas, pyarrow, tokenizers and safetensors stay. Together
# with the tracked tree this stays under the device tool's 64 MiB.
#
#   bash benchmarks/gpu/wheels.sh [DIR]      # default .whl; then: WHEELS=DIR bash benchmarks/gpu/check.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
DIR="${1:-.whl}"
python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 --platform any \
    -d "$DIR" \
    transformers==5.25.0 huggingface-hub==2.4.0 kernels==0.19.1 tomlkit==0.15.3 httpx2==2.16.2 httpcore2==2.16.2 \
    truststore==0.10.5 transformer-lens==4.3.0 beartype==0.23.1 typeguard==4.6.1 fancy-einsum==0.0.3 \
    datasets==5.2.0 dill==0.4.1 multiprocess==0.70.19
du -sh "$DIR"
