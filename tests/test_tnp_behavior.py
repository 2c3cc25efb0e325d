"""tf.experimental.numpy's experimental_enable_numpy_behavior() (issue 15): TF's tf_numpy
guide cell for cell, NumPy methods on tf.Tensor, NumPy promotion in the operators and
NumPy-style indexing. Enabling changes process-wide state, so tests/data/tnp_behavior.py
runs in a subprocess (as `import tensorflow`, tfcompat registered); its output must be
TF's (tests/data/tnp_behavior.txt, by tools/tnp_reference.py)."""
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUN = ("import tfcompat; tfcompat.register_as_tensorflow(); import runpy; "
       "runpy.run_path('tests/data/tnp_behavior.py', run_name='__main__')")


def test_numpy_behavior_matches_tf():
    env = dict(os.environ, JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu"))
    got = subprocess.run([sys.executable, "-c", RUN], cwd=ROOT, capture_output=True,
                         text=True, env=env, timeout=900)
    assert got.returncode == 0, got.stderr[-3000:]
    want = (ROOT / "tests/data/tnp_behavior.txt").read_text(encoding="utf-8")
    assert got.stdout.splitlines() == want.splitlines()


def test_numpy_behavior_is_off_in_this_process():
    import tfcompat as tf
    t = tf.constant([1, 2])
    assert not hasattr(t, "T")
    assert tf.experimental.numpy.add(t, 1.5).dtype == tf.float64
