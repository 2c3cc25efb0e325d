"""The tools/*_reference.py scripts that produce TF's literals for the tests: loaded as
modules (with `tensorflow` aliased to tfcompat) so the tests run the same cases here, and
the comparison of their (dtype, shape, values) results."""
import ast
import importlib.util
import os
import pathlib
import subprocess
import sys

import numpy as np

import tfcompat as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent


def load(name):
    """tools/`name`.py as a module, run with `tensorflow` being tfcompat."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    tf.register_as_tensorflow()
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stdout(name):
    """What tools/`name`.py prints, run as ``python -m tfcompat`` (a script that runs at
    import) in a fresh process."""
    p = subprocess.run([sys.executable, "-m", "tfcompat", f"tools/{name}.py"],
                       capture_output=True, text=True, cwd=ROOT, timeout=600,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stdout


def run(name):
    """The literal that tools/`name`.py prints (see `stdout`)."""
    return ast.literal_eval(stdout(name))


def assert_same(got, want, path, rtol, atol):
    """`got` equals TF's `want`: nested lists whose [dtype, shape, values] leaves compare
    dtype and shape exactly and values within `rtol`/`atol`; other leaves exactly."""
    if isinstance(want, list) and len(want) == 3 and isinstance(want[0], str) \
            and isinstance(want[1], list):
        assert got[:2] == want[:2], path   # dtype and shape
        np.testing.assert_allclose(np.array(got[2], float), np.array(want[2], float),
                                   rtol=rtol, atol=atol, err_msg=path)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), path
        for i, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, f"{path}[{i}]", rtol, atol)
    else:
        assert got == want, path
