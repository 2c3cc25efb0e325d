"""JAX's persistent compilation cache as tfcompat turns it on (issue 16): a second process
running the same tf.function compiles nothing, a changed program is compiled anew, and
TFCOMPAT_COMPILATION_CACHE moves or disables the folder. Each run is a fresh process."""
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHILD = ROOT / "tests" / "data" / "compile_cache_child.py"


def _run(scale, activation="tanh", **env):
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("JAX_COMPILATION_CACHE", "JAX_ENABLE_COMPILATION_CACHE",
                                  "JAX_PERSISTENT_CACHE", "TFCOMPAT_COMPILATION_CACHE"))}
    p = subprocess.run([sys.executable, str(CHILD), str(scale), activation], capture_output=True,
                       text=True, timeout=300, cwd=ROOT,
                       env=dict(clean, PYTHONPATH=str(ROOT), **env))
    assert p.returncode == 0, p.stderr[-3000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


def test_second_process_compiles_nothing(tmp_path):
    folder = tmp_path / "xla"
    first = _run(1.0, TFCOMPAT_COMPILATION_CACHE=str(folder))
    assert first["cache_misses"] >= 3 and first["cache_hits"] == 0
    entries = sorted(e for e in os.listdir(folder) if e.endswith("-cache"))
    assert len(entries) == first["cache_misses"]
    assert any(e.startswith("jit___inference_step") for e in entries)
    second = _run(1.0, TFCOMPAT_COMPILATION_CACHE=str(folder))
    assert second["cache_misses"] == 0
    assert second["cache_hits"] == first["cache_misses"]
    assert second["losses"] == first["losses"]
    assert sorted(e for e in os.listdir(folder) if e.endswith("-cache")) == entries


def test_new_values_are_served_and_new_programs_compiled(tmp_path):
    folder = str(tmp_path / "xla")
    one = _run(1.0, TFCOMPAT_COMPILATION_CACHE=folder)
    # Other values of the captured x: the same programs, served, with the new values.
    other = _run(2.0, TFCOMPAT_COMPILATION_CACHE=folder)
    assert other["cache_misses"] == 0
    assert other["losses"] != one["losses"]
    assert other["losses"] == _run(2.0, TFCOMPAT_COMPILATION_CACHE="off")["losses"]
    # Another op in the step: a new program, compiled, never the cached one.
    changed = _run(2.0, "sigmoid", TFCOMPAT_COMPILATION_CACHE=folder)
    assert changed["cache_misses"] == 1
    assert changed["losses"] == _run(2.0, "sigmoid", TFCOMPAT_COMPILATION_CACHE="off")["losses"]
    assert changed["losses"] != other["losses"]


def test_default_folder_and_off(tmp_path):
    run = _run(1.0, XDG_CACHE_HOME=str(tmp_path))
    assert run["cache_misses"] > 0
    assert os.listdir(tmp_path / "tfcompat" / "xla")
    off = tmp_path / "off"
    for value in ("0", "off", "false"):
        again = _run(1.0, TFCOMPAT_COMPILATION_CACHE=value, XDG_CACHE_HOME=str(off))
        assert again["cache_hits"] == again["cache_misses"] == 0
        assert again["losses"] == run["losses"]
    assert not off.exists()
    assert _run(1.0, XDG_CACHE_HOME=str(tmp_path),
                JAX_ENABLE_COMPILATION_CACHE="false")["cache_hits"] == 0


def test_cpu_that_rejects_its_programs_runs_without_the_cache(tmp_path):
    """jax-ml/jax#38445: where XLA:CPU cannot load back what it compiled, the once-per-
    machine probe (its verdict kept in the folder) turns the cache off."""
    folder = tmp_path / "xla"
    first = _run(1.0, TFCOMPAT_COMPILATION_CACHE=str(folder))
    (probe,) = folder.glob("tfcompat-cpu-probe-*")
    assert probe.read_text() == "ok"
    probe.write_text("rejected")
    again = _run(1.0, TFCOMPAT_COMPILATION_CACHE=str(folder))
    assert again["cache_hits"] == again["cache_misses"] == 0
    assert again["losses"] == first["losses"]
