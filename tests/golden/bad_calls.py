"""The differential bad-input suites (issue 13): one snippet per call, named by the call.

Each snippet is ``PRELUDE`` (a few tensors of every dtype and the printers) and one
printer line. ``m(lambda: CALL)`` prints the exception class and the first line of its
message (TF's ``[Op:...]`` suffix cut off), or the value's repr; ``c(lambda: CALL)``
prints only the class, for calls whose message TF words per graph node or per kernel.
``fn`` runs a call inside a tf.function (no AutoGraph), where shape and dtype errors
come at trace time. A value whose repr shows an address prints as its type's name, and
the global seed is set, so that every output is reproducible. The suites are
snippets_bad_{dtypes,shapes,values,state}.py; tools/bad_input_agreement.py reports how
far tfcompat agrees with them.
"""
import re
import textwrap

from snippet_registry import Snippets

PRELUDE = """
def show(r):
    text = repr(r)
    print(type(r).__name__ if ' object at 0x' in text else text)
def m(f):
    try:
        r = f()
    except Exception as e:
        print(type(e).__name__ + ':', (str(e).split('\\n') or [''])[0].split(' [Op:')[0])
    else:
        show(r)
def c(f):
    try:
        r = f()
    except Exception as e:
        print(type(e).__name__)
    else:
        show(r)
tf.random.set_seed(1)
def fn(f):
    return lambda: tf.function(f, autograph=False)()
i8 = tf.constant([1, -2], tf.int8)
u8 = tf.constant([1, 2], tf.uint8)
i32 = tf.constant([1, 2])
i64 = tf.constant([1, 2], tf.int64)
f16 = tf.constant([1., 2.], tf.float16)
bf16 = tf.constant([1., 2.], tf.bfloat16)
f32 = tf.constant([1., 2.])
f64 = tf.constant([1., 2.], tf.float64)
c64 = tf.constant([1 + 1j, 2], tf.complex64)
b = tf.constant([True, False])
s = tf.constant(['a', 'b'])
x6 = tf.range(6.)
m23 = tf.reshape(tf.range(6.), [2, 3])
"""


def suite():
    """A bad-call suite: its ``Snippets`` and ``add(call, printer='m', setup='',
    eager=True, traced=False)``, which registers the snippet for `call` (and, with
    `traced`, for ``fn(lambda: call)``), named by the call and its setup."""
    snippets = Snippets(prelude=PRELUDE.lstrip("\n"))

    def add(call, printer="m", setup="", eager=True, traced=False):
        setup = textwrap.dedent(setup).strip("\n") + "\n" if setup.strip() else ""
        prefix = (setup.strip().replace("\n", "; ") + "; ") if setup else ""
        if eager:
            snippets.add(prefix + call, f"{setup}{printer}(lambda: {call})\n", verbatim=True)
        if traced:
            snippets.add("tf.function: " + prefix + call,
                         f"{setup}{printer}(fn(lambda: {call}))\n", verbatim=True)

    return snippets, add


_EXC = re.compile(r"^([A-Z]\w*(?:Error|Exception|Iteration|Exit|Interrupt))(?::|$)")


def outcome(stdout):
    """('raise', class) or ('value', text) of one bad call's printed output."""
    m = _EXC.match(stdout)
    return ("raise", m.group(1)) if m else ("value", stdout)


def classify(want, got):
    """The category of tfcompat's result `got` against TF's `want` (run_snippet results):
    "same" only when the golden comparison passes."""
    if all(want[k] == got[k] for k in ("stdout", "exc_type", "exc_msg")):
        return "same" if want["warnings"] == got["warnings"] else "other warnings"
    if want["exc_type"] or got["exc_type"]:  # raised while the snippet set its call up
        if not want["exc_type"]:
            return "snippet crashed"
        if not got["exc_type"]:
            return "value where TF raises"
        if want["exc_type"] != got["exc_type"]:
            return "other class"
        return "same class, other message" if want["stdout"] == got["stdout"] else "other value"
    (wk, wv), (gk, gv) = outcome(want["stdout"]), outcome(got["stdout"])
    if wk == gk == "raise":
        return "same class, other message" if wv == gv else "other class"
    if wk == "raise":
        return "value where TF raises"
    if gk == "raise":
        return "raises where TF gives a value"
    return "other value"
