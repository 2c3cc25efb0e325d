"""Check a Python environment against the project's pins.

``constraints.txt`` pins the test environment (the README's commands and ``.ci/run``
install with ``pip install -c constraints.txt``); ``tests/golden/reference.txt`` pins the
reference environment the golden files are recorded in (the same pins plus TensorFlow).

    python tools/pins.py                  # this interpreter against constraints.txt
    python tools/pins.py --reference      # against tests/golden/reference.txt

Exit status 1, listing every difference, when the environment does not match:
a distribution installed at another version than its pin, one installed but not
pinned (tfcompat itself and pip's own tools aside), or (``--reference``) one that
reference.txt requires but is missing. Only the standard library is used: it runs in any venv.
"""
import argparse
import importlib.metadata
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "constraints.txt"
REFERENCE = ROOT / "tests" / "golden" / "reference.txt"
_UNPINNED = {"pip", "setuptools", "wheel", "tfcompat"}


def canonical(name):
    """A distribution name as PEP 503 normalises it."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read(path, follow=True):
    """{canonical name: version} of the ``name==version`` lines of a requirements or
    constraints file, and (``follow``) of its ``-c``/``-r`` includes."""
    path = pathlib.Path(path)
    pins = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        include = re.match(r"^-[cr]\s+(\S+)$", line)
        if include:
            if follow:
                pins.update(read(path.parent / include.group(1)))
            continue
        m = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)$", line)
        if not m:
            raise ValueError(f"{path}: not a 'name==version' pin: {line!r}")
        pins[canonical(m.group(1))] = m.group(2)
    return pins


def installed():
    """{canonical name: version} of the distributions this interpreter sees."""
    return {canonical(d.metadata["Name"]): d.version
            for d in importlib.metadata.distributions()}


def differences(pins, have, required=()):
    """Lines saying how ``have`` differs from ``pins`` (and lacks ``required``); empty
    when it matches."""
    out = []
    for name, version in sorted(have.items()):
        if name in _UNPINNED:
            continue
        if name not in pins:
            out.append(f"{name} {version} is installed but not pinned")
        elif pins[name] != version:
            out.append(f"{name} {version} is installed, {pins[name]} is pinned")
    out += [f"{name} {pins[name]} is required but not installed"
            for name in sorted(required) if name not in have]
    return out


def check(reference=False):
    """The differences between this interpreter's environment and its pins."""
    if reference:
        return differences(read(REFERENCE), installed(), read(REFERENCE, follow=False))
    return differences(read(CONSTRAINTS), installed())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference", action="store_true",
                    help="check against the reference (TensorFlow) environment's pins")
    a = ap.parse_args()
    problems = check(a.reference)
    if problems:
        which = REFERENCE if a.reference else CONSTRAINTS
        print(f"{sys.prefix} does not match {which.relative_to(ROOT)}:", *problems,
              sep="\n  ", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
