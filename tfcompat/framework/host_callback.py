"""Host callbacks that run each time a tf.function runs, not once when it is traced, and
whose exceptions reach the caller as they were raised (XLA reports them as a runtime
error with the traceback as text)."""
import contextlib
import dataclasses
import functools
import logging
import threading
import weakref

import jax
import jax.numpy as jnp
import numpy as np
from jax._src import callback as jax_callback
from jax._src import dispatch as jax_dispatch
from jax.experimental import io_callback as _io_callback
from jax.extend.core import ClosedJaxpr, Jaxpr, Primitive
from jax.interpreters import ad, batching, mlir

from . import ordered_print
from .context import _X64, ctx, is_x64_wrapper, x64

_raised = []   # the exception of the host callback that failed last
# Whether the running program's traced tf.prints are not written: a read of its
# (distribute/traced_partial.py) failed; until its check raises, or the program fails.
silenced = [False]


class _Reraised(logging.Filter):
    """Drops jax's log record of a callback exception that reaches the caller."""

    def filter(self, record):
        return not (_raised and record.exc_info and record.exc_info[1] is _raised[0])


logging.getLogger("jax._src.callback").addFilter(_Reraised())


class Rerun(Exception):
    """Raised by a host read when the running function cannot finish as traced (a tf.data
    iterator argument's next element has another shape than the trace's, where its
    element_spec leaves that dimension unknown): tf.function gives back to its arguments
    what the call read (their `_give_back`) and runs its Python function eagerly for
    this call."""


def one_run_at_a_time(fn):
    """Mark `fn`, a host call that keeps state across the calls one run of the traced
    function makes (a tf.data loop's iterator, the dataset a dataset argument names): the
    runs of a program that calls it do not overlap (concurrent calls from several threads
    wait for each other)."""
    fn.one_run_at_a_time = True
    return fn


def runs_one_at_a_time(jaxpr):
    """Whether `jaxpr` (or one nested in it) calls a host function marked
    `one_run_at_a_time`."""
    return _calls_marked(jaxpr, "one_run_at_a_time")


def _calls_marked(jaxpr, mark):
    for eqn in jaxpr.eqns:
        if getattr(host_function(eqn), mark, False) or any(
                _calls_marked(sub, mark) for sub in _sub_jaxprs(eqn)):
            return True
    return False


def calls_host(eqn):
    """Whether equation `eqn` itself calls back to the host (a tf.print, a tf.data read, a
    py_function, an op's run-time check)."""
    return eqn.primitive is ordered_print.print_p or eqn.primitive.name in (
        "io_callback", "pure_callback", "debug_callback")


def reaches_host(eqn):
    """Whether equation `eqn`, or a jaxpr among its parameters, calls back to the host."""
    return calls_host(eqn) or any(host_calls(sub) is not None for sub in _sub_jaxprs(eqn))


def host_calls(jaxpr):
    """The name of a host callback `jaxpr` (or one nested in it) still calls (a tf.print, a
    tf.data read, a py_function), else None."""
    for eqn in jaxpr.eqns:
        if calls_host(eqn):
            return "tf.print" if eqn.primitive is ordered_print.print_p else \
                eqn.primitive.name
        for sub in _sub_jaxprs(eqn):
            name = host_calls(sub)
            if name is not None:
                return name
    return None


def unsaveable(what, name=None):
    """The error of tf.saved_model.save for the tf.function `name` whose program calls the
    host (`what`): jax.export does not serialize host callbacks."""
    function = "a tf.function" if name is None else f"the tf.function '{name}'"
    return NotImplementedError(
        f"tfcompat: tf.saved_model.save cannot save {function}: it calls "
        f"{what}, a Python callback on the host, which jax.export cannot serialize "
        f"(\"serialization of host_callbacks is not yet implemented\"); save a function "
        f"without it.")


def keeping_errors(fn):
    """`fn` as a host callback whose exception reaches the caller as it was raised (run
    with JAX's 64-bit types on: it runs in a thread of XLA's)."""
    @x64
    def run(*args):
        try:
            return fn(*args)
        except Exception as exc:
            _raised[:] = [exc]
            raise
    run.host_fn = fn
    return run


def _x64_for_ours(impl):
    """JAX's implementation of a host callback primitive, run under x64 for tfcompat's
    callbacks (keeping_errors'): it device_puts the arguments before the function runs,
    and JAX canonicalizes the results after it returns, which in 32-bit mode would convert
    int64 values (and hang the program waiting for them). In a thread of XLA's (not one
    Python started) JAX does the latter after this returns, so there x64 stays on."""
    def run(*args, callback, **params):
        if not is_x64_wrapper(callback.callback_func):
            return impl(*args, callback=callback, **params)
        if isinstance(threading.current_thread(), threading._DummyThread):
            _X64.set_local(True)
            return impl(*args, callback=callback, **params)
        prev = _X64.swap_local(True)
        try:
            return impl(*args, callback=callback, **params)
        finally:
            _X64.set_local(prev)
    return run


jax_callback.pure_callback_impl = _x64_for_ours(jax_callback.pure_callback_impl)
jax_callback.io_callback_impl = _x64_for_ours(jax_callback.io_callback_impl)


def debug_callback(fn, *arrays, first_example=False):
    """jax.debug.callback(fn, *arrays, ordered=True), which also runs in a program that
    spans several devices (ordered_print.py; `first_example`: vectorized, it runs once, for
    the first example)."""
    ordered_print.callback(keeping_errors(fn), *arrays, first_example=first_example)


def io_callback(fn, result_shape_dtypes, *arrays):
    """jax.experimental.io_callback(fn, ..., ordered=True)."""
    return _io_callback(keeping_errors(fn), result_shape_dtypes, *arrays, ordered=True)


def prefetchable(fn):
    """Mark `fn`, a host callback that only reads input (a tf.data iterator's next
    element), as one a traced function may run before it starts, when nothing else in it
    is ordered with respect to it (polymorphic_function/hoisted_reads.py)."""
    fn.prefetchable = True
    return fn


def host_function(eqn):
    """The function a jaxpr equation calls back on the host (io_callback), or None."""
    callback = eqn.params.get("callback") if eqn.primitive.name == "io_callback" else None
    return getattr(getattr(callback, "callback_func", None), "host_fn", None)


def checked(value, error, *arrays, failing=None):
    """`value` (an op's traced result) guarded by a check that runs on the host when the
    function runs: ``error(*numpy arrays)`` returns the exception to raise, or None. As
    TF runs only the ops a function's outputs need, the check is pruned with `value`
    when nothing uses it (a pure callback that `value` depends on). A traced function
    runs its top-level checks after it returns (polymorphic_function/deferred_checks.py).
    `failing(*traced arrays)`, when given, is a cheap test on the device that is False
    when `error` would return None: the callback then runs only when it is True (what
    keeps checks in loop bodies, such as a TensorArray's, off the host)."""
    return jnp.where(check(error, *arrays, failing=failing), value, jnp.zeros_like(value))


def check(error, *arrays, failing=None):
    """The flag of a check as `checked` makes it (True where it passes): what holds the
    values it guards, and keeps the check with them."""
    call = functools.partial(_check_callback, error)
    if ctx.exporting and len(ctx.traces) == 1:   # (not a nested trace)
        return export_check_p.bind(*arrays, error=error)
    if failing is None:
        return call(*arrays)
    return jax.lax.cond(failing(*arrays), call, lambda *args: jnp.bool_(True), *arrays)


def _check_callback(error, *arrays):
    """The host callback of a check: True, or it raises the error."""
    return jax.pure_callback(_check_function(error), jax.ShapeDtypeStruct((), np.bool_),
                             *arrays, vmap_method="sequential")  # (vectorized_map: each)


def _check_function(error):
    def check(*values):
        exc = error(*[np.asarray(v) for v in values])
        if exc is not None:
            raise exc
        return np.asarray(True)
    check.error = error
    return keeping_errors(check)


# -- checks of tf.saved_model.save's traces -------------------------------------------------

@contextlib.contextmanager
def exporting():
    """While tf.saved_model.save traces a function (this thread), the checks of that trace
    (not of the tf.functions it calls, traced for other calls too) are traced as
    `export_check_p`, which a shape-polymorphic program can hold (no host callback takes
    symbolic dimensions). Its program is serialized with its top-level checks made
    outputs (deferred_checks.py) that the loaded function checks; the save refuses one
    that still holds a check (in a loop or branch). Lowered while exporting, a check is
    True (the save trace's own program: nothing runs it); after, its host callback."""
    before, ctx.exporting = ctx.exporting, True
    try:
        yield
    finally:
        ctx.exporting = before


def _export_check(*arrays, error):
    return _check_callback(error, *arrays)


def _export_check_lowering(lowering, *args, error):
    if ctx.exporting:
        return mlir.lower_fun(lambda *a: jnp.bool_(True), multiple_results=False)(
            lowering, *args)
    if not all(isinstance(d, int) for a in lowering.avals_in for d in a.shape):
        raise NotImplementedError(
            f"tfcompat: a run-time check on symbolic dimensions ({error.__qualname__}) "
            f"cannot run: only tf.saved_model.save serializes the program that holds it.")
    return mlir.lower_fun(functools.partial(_check_callback, error),
                          multiple_results=False)(lowering, *args)


def _export_check_jvp(primals, tangents, error):
    ok = export_check_p.bind(*primals, error=error)
    return ok, ad.Zero.from_primal_value(ok)


def _export_check_batched(args, dims, error):
    """The check of each example of a vectorized map (vmap): the first failing one's
    error."""
    size = next(a.shape[d] for a, d in zip(args, dims) if d is not None)
    args = [jnp.broadcast_to(a, (size,) + a.shape) if d is None else jnp.moveaxis(a, d, 0)
            for a, d in zip(args, dims)]
    return export_check_p.bind(*args, error=functools.partial(each_example, error)), None


def each_example(error, *arrays):
    """`error` of a check run on each example (the leading dimension) of its arrays."""
    for i in range(len(arrays[0]) if arrays else 0):
        exc = error(*[a[i] for a in arrays])
        if exc is not None:
            return exc
    return None


export_check_p = Primitive("tfcompat_export_check")
export_check_p.def_impl(_export_check)
export_check_p.def_abstract_eval(lambda *avals, error: jax.core.ShapedArray((), np.bool_))
mlir.register_lowering(export_check_p, _export_check_lowering)
ad.primitive_jvps[export_check_p] = _export_check_jvp
batching.primitive_batchers[export_check_p] = _export_check_batched


def check_call(eqn):
    """(the `error` function, the checked variables) of a `checked` equation, else None:
    its callback, the conditional that runs the callback when `failing`, or the
    `export_check_p` of a save trace."""
    if eqn.primitive is export_check_p:
        return eqn.params["error"], list(eqn.invars)
    if eqn.primitive.name == "cond":
        branch = eqn.params["branches"][-1].jaxpr
        if len(branch.eqns) != 1 or list(branch.eqns[0].invars) != list(branch.invars):
            return None
        call = check_call(branch.eqns[0])
        return None if call is None else (call[0], list(eqn.invars[1:]))
    callback = eqn.params.get("callback") if eqn.primitive.name == "pure_callback" else None
    fn = getattr(getattr(callback, "callback_func", None), "host_fn", None)
    error = getattr(fn, "error", None)
    return None if error is None else (error, list(eqn.invars))


def holds_rerun(jaxpr):
    """Whether `jaxpr` holds a check whose failure abandons the call for an eager rerun
    (its error function marked `reruns`: a tf.cond's branch left out of the program)."""
    return holds_check(jaxpr) and any(
        getattr((check_call(e) or (None,))[0], "reruns", False) or any(
            holds_rerun(sub) for sub in _sub_jaxprs(e)) for e in jaxpr.eqns)


def has_effects(jaxpr):
    """Whether `jaxpr` (or one nested in it) has effects other than tf.data reads marked
    `prefetchable` (which a call given back its iterator's elements may repeat)."""
    for eqn in jaxpr.eqns:
        subs = list(_sub_jaxprs(eqn))
        if subs:
            if any(has_effects(sub) for sub in subs):
                return True
        elif eqn.effects and not getattr(host_function(eqn), "prefetchable", False):
            return True
    return False


def check_gate(eqn):
    """The device-side test of a `checked` equation made with `failing` (the predicate of
    the conditional that runs its callback), else None."""
    if eqn.primitive.name == "cond" and check_call(eqn) is not None:
        return eqn.invars[0]
    return None


_holds = weakref.WeakKeyDictionary()   # Jaxpr -> whether it holds a check (holds_check)


def holds_check(jaxpr):
    """Whether `jaxpr` holds a `checked` equation anywhere (nested in loops, branches,
    jit calls)."""
    found = _holds.get(jaxpr)
    if found is None:
        found = _holds[jaxpr] = any(check_call(e) is not None or any(
            holds_check(sub) for sub in _sub_jaxprs(e)) for e in jaxpr.eqns)
    return found


def _sub_jaxprs(eqn):
    for param in eqn.params.values():
        for sub in param if isinstance(param, (tuple, list)) else (param,):
            sub = getattr(sub, "jaxpr", sub)
            if isinstance(sub, Jaxpr):
                yield sub


def rewrap_checks(closed, wrap):
    """ClosedJaxpr `closed` with the `error` of each check in it (nested too) replaced
    by ``wrap(error)`` (the same object when it holds none)."""
    jaxpr = _rewrapped(closed.jaxpr, wrap)
    return closed if jaxpr is closed.jaxpr else ClosedJaxpr(jaxpr, closed.consts)


def _rewrapped(jaxpr, wrap):
    if not holds_check(jaxpr):
        return jaxpr
    return jaxpr.replace(eqns=[_rewrapped_eqn(e, wrap) for e in jaxpr.eqns])


def _rewrapped_eqn(eqn, wrap):
    if eqn.primitive is export_check_p:
        return eqn.replace(params={**eqn.params, "error": wrap(eqn.params["error"])})
    if eqn.primitive.name == "pure_callback":
        call = check_call(eqn)
        if call is not None:
            return eqn.replace(params={**eqn.params, "callback": dataclasses.replace(
                eqn.params["callback"], callback_func=_check_function(wrap(call[0])))})
        return eqn
    params = {}
    for key, param in eqn.params.items():
        subs = param if isinstance(param, (tuple, list)) else (param,)
        new = [_rewrapped_param(p, wrap) for p in subs]
        if any(a is not b for a, b in zip(new, subs)):
            params[key] = type(param)(new) if isinstance(param, (tuple, list)) else new[0]
    return eqn.replace(params={**eqn.params, **params}) if params else eqn


def _rewrapped_param(param, wrap):
    if isinstance(param, ClosedJaxpr):
        return rewrap_checks(param, wrap)
    return _rewrapped(param, wrap) if isinstance(param, Jaxpr) else param


def raised():
    """The exception a host callback raised in the computation that just failed (or None);
    cleared. The ordered effects' tokens that computation left hold its error, which every
    later computation with an ordered effect (a tf.print, an iterator read) would take as
    its input and fail with: they are dropped (the failed computation has ended)."""
    exc = _raised[0] if _raised else None
    _raised.clear()
    silenced[0] = False
    if exc is not None:
        _drop_failed_tokens()
    return exc


def _drop_failed_tokens():
    tokens = jax_dispatch.runtime_tokens
    for token in [*tokens.current_tokens.values(), *tokens.output_runtime_tokens.values()]:
        with contextlib.suppress(Exception):   # (the error the caller is raising)
            token.block_until_ready()
    tokens.clear()
