"""Record TF's output of tests/data/tnp_behavior.py (tf.experimental.numpy with NumPy
behavior enabled: the tf_numpy guide, NumPy methods, operators and indexing) into
tests/data/tnp_behavior.txt, for tests/test_tnp_behavior.py. Run with the reference venv:

    /tmp/tfref/bin/python tools/tnp_reference.py
"""
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main():
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    out = subprocess.run([sys.executable, str(ROOT / "tests/data/tnp_behavior.py")],
                         capture_output=True, text=True, env=env, check=True).stdout
    (ROOT / "tests/data/tnp_behavior.txt").write_text(out, encoding="utf-8")
    print(f"wrote tests/data/tnp_behavior.txt ({len(out.splitlines())} lines)")


if __name__ == "__main__":
    main()
