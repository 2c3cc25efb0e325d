"""The one way a golden suite registers its snippets, and the preludes several suites share.

A suite module ``snippets_SUITE.py`` makes ``SNIPPETS = Snippets()`` (a name -> source
mapping, in registration order) and registers each snippet with ``SNIPPETS.add`` (bound
as ``_s`` by convention), which refuses a name registered twice. A registered source is
``prelude + source``: ``source`` dedented, with blank lines at both ends dropped and one
final newline, unless ``verbatim`` keeps it exactly as written. ``record.py`` keeps the
sha256 of each source, so a change to this module's text transformations or to a shared
prelude changes every snippet that uses it: re-record them.

Each snippet sees only ``tf`` and ``np`` (pre-bound) and prints what it checks; an
exception that escapes is part of the recorded answer. Snippets named ``*_error`` let one
exception escape. ``*_errors`` snippets (``Snippets.errs``) run several statements, each
in its own try block, printing ``TypeName: message`` (or ``no error``) per statement.
"""
import functools
import textwrap
from collections import OrderedDict

__all__ = ["Snippets", "CAPTURE", "ERR", "FRESH", "P"]


class Snippets(OrderedDict):
    """A suite's snippets, name -> source. ``prelude`` starts every source registered
    without a prelude of its own."""

    def __init__(self, prelude=""):
        super().__init__()
        self.prelude = prelude

    def add(self, name, source, prelude=None, verbatim=False):
        """Register snippet ``name``: ``prelude`` (default: the suite's), then ``source``
        dedented and stripped of blank lines at both ends, ending in one newline (with
        ``verbatim``: ``source`` as it is)."""
        assert name not in self, f"duplicate snippet name {name}"
        if not verbatim:
            source = textwrap.dedent(source).strip("\n") + "\n"
        self[name] = (self.prelude if prelude is None else prelude) + source

    def adder(self, prelude, verbatim=False):
        """``add`` with this ``prelude`` (and ``verbatim``) bound."""
        return functools.partial(self.add, prelude=prelude, verbatim=verbatim)

    def reprs(self, name, *exprs):
        """Print repr() of each expression, one per line."""
        self.add(name, "\n".join(f"print(repr({e}))" for e in exprs))

    def strs_reprs(self, name, *exprs):
        """Print str() then repr() of each expression."""
        self.add(name, "\n".join(f"t = {e}\nprint(str(t))\nprint(repr(t))" for e in exprs))

    def errs(self, name, *statements):
        """Run each statement in its own try block; print the exception (or 'no error')."""
        blocks = []
        for st in statements:
            body = textwrap.indent(textwrap.dedent(st).strip("\n"), "    ")
            blocks.append(f"try:\n{body}\n    print('no error')\n"
                          f"except Exception as e:\n    print(type(e).__name__ + ':', e)")
        self.add(name, "\n".join(blocks))

    def merge(self, new_name, *names):
        """Replace the snippets ``names`` by one, ``new_name``, at the first one's place:
        their sources in sequence (one program, one namespace). Only for snippets that
        do not let an exception escape."""
        assert new_name not in self or new_name in names, new_name
        merged = "".join(self[n] for n in names)
        items = [(new_name, merged) if k == names[0] else (k, v)
                 for k, v in self.items() if k == names[0] or k not in names]
        self.clear()
        for k, v in items:
            self[k] = v

    def check_compiles(self):
        """Every snippet is valid Python."""
        for name, source in self.items():
            compile(source, name, "exec")


# ---------------------------------------------------------------------------
# shared preludes (their text is part of each snippet's recorded sha256)

# err(f): print repr(f()) (through P) or the exception's class and message.
ERR = """def err(f):
    try:
        P(f())
    except Exception as e:
        print(type(e).__name__, e)
"""
P = "P = lambda t: print(repr(t))\n"

# tf.print: TensorFlow's PrintV2 kernel writes to the process's file descriptor 1 (C++
# std::cout), not to Python's ``sys.stdout``. ``captured(fn, *args)`` runs ``fn(*args)``
# with file descriptor 1 pointed at a temporary file and returns what was written there,
# and the snippet prints it. An implementation that writes tf.print's text to
# ``sys.stdout`` instead produces the same output (it is printed in place and
# ``captured`` returns ''), as long as the call only prints through tf.print -- so Python
# prints happen outside the captured calls, or only at trace time before any tf.print of
# the same call.
CAPTURE = '''
import os, sys, tempfile
def captured(fn, *args):
    sys.stdout.flush()
    with tempfile.TemporaryFile() as tmp:
        saved = os.dup(1)
        os.dup2(tmp.fileno(), 1)
        try:
            fn(*args)
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
        tmp.seek(0)
        return tmp.read().decode()
'''


# A prelude: fresh(program) runs `program` in a new interpreter (as TF's per-process
# state needs) and prints its stdout.
FRESH = '''
import os, subprocess, sys
def fresh(program):
    """Run `program` in a new interpreter with `tf` imported; print its stdout."""
    code = f"import {tf.__name__} as tf\\nimport numpy as np\\n" + program
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    print(out.stdout, end="")
    if out.returncode:
        print("exit status", out.returncode, out.stderr.strip().splitlines()[-1:])
'''
