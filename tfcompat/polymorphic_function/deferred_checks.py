"""Run-time op checks of a traced function (TF's kernels' errors, such as a gather index
out of range: `host_callback.checked`) run on the host after the function returns, not
as callbacks inside its program: a callback makes XLA stop and wait for Python mid-way
(~0.1 ms each), and keeps jax off its fast dispatch path.

A check at the top level of the jaxpr is replaced by outputs: the arrays it checks. The
call then runs the check on them before it writes the function's assignments back or
returns, as the program would have stopped before. A check whose result nothing needs
is dropped first, as TF prunes the op. Checks inside loops and conditionals stay
callbacks, but for tf.saved_model.save, whose programs cannot hold callbacks, those in
conditionals' branches and scans' bodies become outputs too (`defer_nested_checks`)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import ClosedJaxpr, Literal, Var, jaxpr_as_fun

from ..framework import host_callback, jaxpr_eval


def defer_checks(jaxpr):
    """(`jaxpr` with its live top-level checks made trailing outputs, [(error function,
    number of its arrays)]), or (`jaxpr`, ()) when it has none. Ops run as jit calls:
    those that hold checks are inlined first."""
    if not _has_check(jaxpr):
        return jaxpr, ()
    sub, eqns = {}, []
    _inline(jaxpr, sub, eqns)
    outvars = [_at(sub, v) for v in jaxpr.outvars]
    live = {v for v in outvars if isinstance(v, Var)}
    kept = []
    for eqn in reversed(eqns):   # (dead code elimination, keeping effects)
        if eqn.effects or any(v in live for v in eqn.outvars):
            kept.append(eqn)
            live.update(v for v in eqn.invars if isinstance(v, Var))
    checks, checked, passed, eqns = [], [], {}, []
    for eqn in reversed(kept):
        call = host_callback.check_call(eqn)
        if call is not None:
            error, arrays = call
            gate = host_callback.check_gate(eqn)
            if gate is not None:   # (the host reads its test, and runs it when true)
                error, arrays = functools.partial(gated, error), [gate] + arrays
            checks.append((error, len(arrays)))
            checked.extend(_at(passed, v) for v in arrays)
            passed[eqn.outvars[0]] = Literal(np.bool_(True), eqn.outvars[0].aval)
        else:
            eqns.append(_substituted(eqn, passed))
    if not checks:
        return jaxpr, ()
    outvars = [_at(passed, v) for v in outvars] + checked
    info = jaxpr.debug_info
    if info.result_paths is not None:
        info = info._replace(result_paths=tuple(info.result_paths) + tuple(
            f"check{i}" for i in range(len(checked))))
    return jaxpr.replace(eqns=eqns, outvars=outvars, debug_info=info), checks


def _at(sub, v):
    return sub.get(v, v) if isinstance(v, Var) else v


def _substituted(eqn, sub):
    invars = [_at(sub, v) for v in eqn.invars]
    return eqn if all(a is b for a, b in zip(invars, eqn.invars)) else eqn.replace(invars=invars)


def _calls(eqn):
    """The jaxpr of a jit call equation (an op's kernel), else None; its constants (a
    kernel's lookup tables) as literals, so that it inlines as a whole."""
    closed = eqn.params.get("jaxpr") if eqn.primitive.name in ("jit", "pjit") else None
    if closed is None or not closed.consts:
        return None if closed is None else closed.jaxpr
    jaxpr = closed.jaxpr
    sub = {v: Literal(c, v.aval) for v, c in zip(jaxpr.constvars, closed.consts)}
    return jaxpr.replace(constvars=[], eqns=[_substituted(e, sub) for e in jaxpr.eqns],
                         outvars=[_at(sub, v) for v in jaxpr.outvars])


def _has_check(jaxpr):
    return any(host_callback.check_call(e) is not None or
               (_calls(e) is not None and _has_check(_calls(e))) for e in jaxpr.eqns)


def _inline(jaxpr, sub, out):
    """Append the equations of `jaxpr` to `out`, `sub` substituted in them, with the jit
    calls that hold checks inlined (their variables fresh: one kernel's jaxpr may be
    called twice); `sub` gains their outputs."""
    for eqn in jaxpr.eqns:
        inner = _calls(eqn)
        if inner is not None and _has_check(inner):
            local = dict(zip(inner.invars, _substituted(eqn, sub).invars))
            for e in inner.eqns:
                local.update((v, Var(v.aval)) for v in e.outvars if type(v) is Var)
            _inline(inner, local, out)
            # (its outputs, under the names the equations after it use)
            sub.update((o, _at(local, v)) for o, v in zip(eqn.outvars, inner.outvars))
            continue
        eqn = _substituted(eqn, sub)
        if any(v in sub for v in eqn.outvars if type(v) is Var):
            eqn = eqn.replace(outvars=[_at(sub, v) for v in eqn.outvars])
        out.append(eqn)


def run_checks(checks, arrays):
    """Run the deferred `checks` on their arrays (the trailing outputs of a call): the
    first failing one's exception."""
    arrays = list(arrays)
    if not _host_only():
        arrays = jax.device_get(arrays)   # (the copies to the host started together)
    return first_error(checks, *arrays)


@functools.cache
def _host_only():
    """Whether jax's devices are the host's (CPU) alone: its arrays are then read in place,
    with no copies to start (jax.device_get costs tens of microseconds a call)."""
    return all(d.platform == "cpu" for d in jax.devices())


def first_error(checks, *arrays):
    """The exception of the first failing check of `checks` ((error, number of its
    arrays)) on their `arrays` (as NumPy arrays), else None."""
    at = 0
    for error, n in checks:
        mine = arrays[at:at + n]
        at += n
        # (a check whose device-side test passed: its arrays are not read; a vectorized
        # map's has one test per element)
        if type(error) is functools.partial and error.func is gated and \
                not np.asarray(mine[0]).any():
            continue
        exc = error(*[np.asarray(a) for a in mine])
        if exc is not None:
            return exc
    return None


def gated(error, failing, *arrays):
    """`error` of a check made with a device-side test (host_callback.checked's
    `failing`), deferred with that test's value first: None when it is false (for each
    element, where a vectorized map checks its elements together)."""
    return error(*arrays) if np.asarray(failing).any() else None


# -- checks in branches and scans (tf.saved_model.save) -------------------------------------

def defer_nested_checks(closed):
    """(ClosedJaxpr `closed` with the checks in the branches of its conditionals
    (tf.cond, tf.switch_case) and in the bodies of its forward scans (tf.map_fn) made
    trailing outputs too, [(error function, number of its arrays)]), for a program that
    cannot hold callbacks (tf.saved_model.save's). A check of branch k gets the
    conditional's branch index first, and runs when it is k (`in_branch`); the other
    branches return zeros for its arrays. A scan returns its checks' arrays of each
    iteration, checked in order (host_callback.each_example). Those in jit calls (ops'
    kernels) are inlined; checks in while loops stay."""
    if not _holds_check(closed.jaxpr, nested=True):
        return closed, []
    checks = []

    def run(*args):
        extra = []
        return _eval(closed, args, checks, extra) + extra
    out = jax.make_jaxpr(run)(*[jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype)
                                for v in closed.jaxpr.invars])
    return out, checks


def _eval(closed, args, checks, extra):
    """jax's eval_jaxpr of `closed`, the checks of its conditionals and scans deferred:
    they join `checks`, their arrays `extra`."""
    def deferring(eqn, values):
        inner = _calls(eqn)
        if inner is not None and _holds_check(inner, nested=True):
            return _eval(ClosedJaxpr(inner, []), values, checks, extra)
        if _is_branching(eqn) and any(_holds_check(b.jaxpr)
                                      for b in eqn.params["branches"]):
            return _switch(eqn.params["branches"], values[0], values[1:], checks, extra)
        if _is_forward_scan(eqn) and _holds_check(eqn.params["jaxpr"].jaxpr):
            return _scan(eqn.params, values, checks, extra)
        return None
    return jaxpr_eval.evaluate(closed.jaxpr, closed.consts, args, deferring)


def _is_branching(eqn):
    """A conditional (not a check's own: host_callback.check_call)."""
    return eqn.primitive.name == "cond" and host_callback.check_call(eqn) is None


def _is_forward_scan(eqn):
    return eqn.primitive.name == "scan" and not eqn.params["reverse"]


def _holds_check(jaxpr, nested=False):
    """Whether `jaxpr` holds a check anywhere (`nested`: in a conditional's branch or a
    forward scan's body, in it or in a jit call of it)."""
    if not nested:
        return host_callback.holds_check(jaxpr)
    for eqn in jaxpr.eqns:
        if (_is_branching(eqn) and any(_holds_check(b.jaxpr)
                                       for b in eqn.params["branches"])) or \
                (_is_forward_scan(eqn) and _holds_check(eqn.params["jaxpr"].jaxpr)) or \
                (_calls(eqn) is not None and _holds_check(_calls(eqn), nested=True)):
            return True
    return False


def _deferred(closed):
    """(`closed` with all the checks it can defer made outputs, its number of outputs
    before, [(error, n)])."""
    jaxpr, mine = defer_checks(closed.jaxpr)
    inner, more = defer_nested_checks(ClosedJaxpr(jaxpr, closed.consts))
    return inner, len(closed.jaxpr.outvars), list(mine) + more


def _switch(branches, index, operands, checks, extra):
    """The outputs of a conditional whose branches' checks are deferred."""
    deferred = [_deferred(b) for b in branches]

    def branch(i):
        def run(*args):
            outs = list(jaxpr_as_fun(deferred[i][0])(*args))
            n = deferred[i][1]
            mine = []
            for k, (inner, m, _) in enumerate(deferred):
                mine += outs[n:] if k == i else [jnp.zeros(a.shape, a.dtype)
                                                 for a in inner.out_avals[m:]]
            return outs[:n] + mine
        return run
    outs = jax.lax.switch(index, [branch(i) for i in range(len(branches))], *operands)
    n = deferred[0][1]
    at = n
    for k, (_, _, mine) in enumerate(deferred):
        for error, m in mine:
            checks.append((functools.partial(in_branch, k, error), m + 1))
            extra += [index] + list(outs[at:at + m])
            at += m
    return outs[:n]


def in_branch(k, error, index, *arrays):
    """`error` of a check in branch `k` of a conditional that took branch `index`."""
    return error(*arrays) if int(index) == k else None


def _scan(params, values, checks, extra):
    """The outputs of a forward scan whose body's checks are deferred: its iterations'
    arrays are stacked."""
    inner, n, mine = _deferred(params["jaxpr"])
    n_consts, n_carry = params["num_consts"], params["num_carry"]
    consts, init = values[:n_consts], values[n_consts:n_consts + n_carry]
    body = jaxpr_as_fun(inner)

    def step(carry, xs):
        outs = body(*consts, *carry, *xs)
        return outs[:n_carry], outs[n_carry:]
    carry, ys = jax.lax.scan(step, init, values[n_consts + n_carry:],
                             length=params["length"], unroll=params["unroll"])
    # (one check of each iteration's arrays: the first iteration that fails raises)
    checks.append((functools.partial(host_callback.each_example, functools.partial(
        first_error, tuple(mine))), sum(m for _, m in mine)))
    extra += ys[n - n_carry:]
    return list(carry) + list(ys[:n - n_carry])
