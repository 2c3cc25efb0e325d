"""Record which names of tf.compat.v1 are TF2's own objects into tfcompat/compat/v1_names.json.

TF 2.21's tf.compat.v1 holds TF1's API: most of its names are the very objects of the TF2
API (``tf.compat.v1.log is tf.math.log``; behind TF's dispatch wrappers for the
submodules' copies), the rest are TF1-only (``to_float``,
``Session``). For every public name of tf.compat.v1 and its submodules the JSON holds the
TF2 path of the same object, or null for a TF1-only name; submodules are listed with their
own names. tfcompat's tf.compat.v1 resolves aliases from it and names the TF1-only ones in
its error. Run it in the reference environment (see tests/golden/record.py):

    /tmp/tfref/bin/python tools/record_compat_v1.py           # write the JSON
    /tmp/tfref/bin/python tools/record_compat_v1.py --check   # compare, write nothing
"""
import argparse
import inspect
import json
import os
import pathlib
import sys
import types

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tfcompat" / "compat" / "v1_names.json"
_V1 = "tensorflow._api.v2.compat.v1"
_V2 = "tensorflow._api.v2."


def _key(obj):
    """The identity of an API object: functions behind TF's dispatch wrappers are one."""
    try:
        return id(inspect.unwrap(obj)) if callable(obj) else id(obj)
    except ValueError:   # a wrapper cycle
        return id(obj)


def _public(module):
    return sorted(n for n in dir(module) if not n.startswith("_"))


def _v2_paths(tf):
    """id(object) -> its shortest TF2 path (tf.X, tf.math.X ...), compat excluded."""
    paths, seen = {}, set()
    queue = [("", tf)]
    while queue:
        prefix, module = queue.pop(0)
        if id(module) in seen:
            continue
        seen.add(id(module))
        for name in _public(module):
            if prefix == "" and name in ("compat", "keras"):
                continue
            try:
                obj = getattr(module, name)
            except (AttributeError, ImportError):   # lazily loaded names that fail to load
                continue
            path = prefix + name
            if isinstance(obj, types.ModuleType):
                if getattr(obj, "__name__", "").startswith(_V2) or obj is tf:
                    queue.append((path + ".", obj))
                continue
            if isinstance(obj, (int, float, str, bool)) or obj is None:
                continue
            paths.setdefault(_key(obj), path)
    return paths


def record():
    import tensorflow as tf
    v2 = _v2_paths(tf)
    out = {}
    queue = [("", tf.compat.v1)]
    while queue:
        prefix, module = queue.pop(0)
        for name in _public(module):
            if prefix == "" and name in ("keras", "compat"):
                continue
            try:
                obj = getattr(module, name)
            except (AttributeError, ImportError):
                continue
            path = prefix + name
            if isinstance(obj, types.ModuleType):
                if getattr(obj, "__name__", "").startswith(_V1):
                    out[path] = "<module>"
                    queue.append((path + ".", obj))
                continue
            out[path] = v2.get(_key(obj))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    opts = ap.parse_args()
    text = json.dumps(record(), indent=0, sort_keys=True) + "\n"
    if opts.check:
        if OUT.read_text() != text:
            sys.exit(f"{OUT} differs from TF's tf.compat.v1: re-record it")
        return
    OUT.write_text(text)


if __name__ == "__main__":
    main()
