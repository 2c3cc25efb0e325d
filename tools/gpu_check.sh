#!/bin/bash
# A short GPU check of tfcompat's jit paths, for a session lent a GPU machine (the device
# tool, /work/.library/device/README.md); CI never runs it. It uses that machine's own jax
# and numpy (jax 0.11.2 with CUDA 13 in 2026-12: jaxlib's CUDA wheels are larger than a
# call may carry), and carries the pure wheels Keras needs. Here, from the repository root:
#
#   echo /.whl/ >> .git/info/exclude
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 \
#     --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 -d .whl \
#     keras==3.15.1 optree==0.20.0 namex==0.1.0
#
# then `run` `bash tools/gpu_check.sh` with carry [".whl"] and timeout_s 600, and compare
# its smoke results here: .venv/bin/python tools/gpu_smoke.py --compare <files_at>/gpu.npz
export PYTHONUNBUFFERED=1 XLA_PYTHON_CLIENT_PREALLOCATE=false
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
  --target /tmp/site .whl/*.whl || exit 3
export PYTHONPATH=/tmp/site:$PWD
# jax 0.11 dropped xla_bridge.register_backend_initialization_hook (the compilation cache's
# CPU probe); tfcompat pins jax 0.10.2, so the copy on that machine goes without the probe.
sed -i 's/xla_bridge.register_backend_initialization_hook(/getattr(xla_bridge, "register_backend_initialization_hook", lambda f: None)(/' \
  tfcompat/framework/compilation_cache.py
nvidia-smi -L
python3 -c "import jax, numpy, ml_dtypes; print(jax.__version__, numpy.__version__, ml_dtypes.__version__, jax.devices())"
date +%T; timeout 150 python3 tools/gpu_smoke.py --save $OUT/gpu.npz > $OUT/smoke.log 2>&1
echo "smoke rc $?"; grep -E "ok in|EXCEPTION|Error|physical|built" $OUT/smoke.log | head -40
date +%T; timeout 150 python3 bench/bench_conv.py --no-tf > $OUT/bench_conv.log 2>&1
echo "bench_conv rc $?"; grep -E "^[a-c]\.|^   same" $OUT/bench_conv.log
date +%T; timeout 200 python3 -m pytest -p no:cacheprovider -n 14 -v --timeout 90 --tb=short \
  tests/test_golden.py -k "not bad_ and not test_golden_file and not known" > $OUT/golden.log 2>&1
echo "golden rc $?"; grep -c PASSED $OUT/golden.log
grep FAILED $OUT/golden.log | sed "s/.*test_golden\[//; s/\].*//" | sort -u | head -80
tail -n 2 $OUT/golden.log; date +%T
