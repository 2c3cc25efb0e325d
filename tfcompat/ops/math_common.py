"""What the tf.math op modules share: TF's dtype groups, broadcasting errors, axis
normalisation, the registration of plain elementwise ops, and TF's gradient rules."""
import functools
import inspect

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, errors
from ..framework.context import ctx
from ..framework.composite_dispatch import BINARY_ELEMENTWISE, UNARY_ELEMENTWISE, dispatchable
from ..framework.rounding import plus_zero, rounded, unfused  # noqa: F401 (the ops' helpers)
from ..framework.dispatch import OPDEF, Op, check_dtype, execute, hinted, match2, to_tensor
from ..framework.tensor import Tensor
from .broadcast_grad import broadcast_operands, unbroadcast  # noqa: F401 (ops' helper)
from . import glibc_float, op_args, shape_inference
from .op_args import dims as shape_list
from .op_args import no_kernel_error


def tf_gradient(fn, rule):
    """`fn` with TF's own gradient `rule(g, *inputs, output) -> input gradients`, written
    as TF's gradient function is (complex gradients in TF's convention; None for an input
    without one, such as integer indices).

    The tape takes each op's complex gradient as conj(vjp(conj(g))): the rule runs between
    those two conjugations (exact sign flips), so the tape gets TF's arithmetic bit for
    bit, the signs of zeros included, where JAX's own rule would differ in them."""
    f = jax.custom_vjp(fn)

    def fwd(*args):
        out = fn(*args)
        return out, (args, out)

    def bwd(res, g):
        args, out = res
        grads = rule(jax.tree_util.tree_map(jnp.conj, g), *args, out)
        return tuple(None if d is None else jnp.conj(d) for d in grads)

    f.defvjp(fwd, bwd)
    return f


def raise_on_gradient(fn, exc):
    """`fn(*arrays, **attrs)` whose gradient raises `exc`: for ops TF registers no
    gradient for (its LookupError) or refuses one. The tape raises it when gradient()
    reaches the op."""
    def bwd(res, g):
        raise exc

    def run(*arrays, **attrs):
        bound = functools.partial(fn, **attrs)
        f = jax.custom_vjp(bound)
        f.defvjp(lambda *args: (bound(*args), None), bwd)
        return f(*arrays)
    return run


def polevl(x, coefficients):
    """Eigen's ppolevl, as TF's CPU kernels evaluate their polynomials: Horner's rule from
    the highest coefficient, each product rounded on its own (no FMA)."""
    out = jnp.full_like(x, coefficients[0])
    for c in coefficients[1:]:
        out = rounded(out * x) + c
    return out


def madd(a, b, c):
    """Eigen's pmadd (and numext::madd) without FMA: a * b rounded, then + c."""
    return rounded(a * b) + c


def eigen_packets(packet_fn, scalar_fn, *arrays):
    """An elementwise kernel as TF's Eigen evaluates it on the CPU: whole AVX packets (32
    bytes: 8 float32, 4 float64) of the flattened arrays with the vectorised code
    `packet_fn`, the remaining size % width elements with the scalar code `scalar_fn`
    (which for some functions rounds differently)."""
    shape, size = arrays[0].shape, arrays[0].size
    width = 32 // arrays[0].dtype.itemsize
    head = size - size % width
    if not isinstance(size, int):   # (a symbolic size, jax.export: both, chosen per element)
        flat = [a.reshape(-1) for a in arrays]
        return jnp.where(jnp.arange(size) < head, packet_fn(*flat),
                         scalar_fn(*flat)).reshape(shape)
    if head == size:
        return packet_fn(*arrays)
    flat = [a.reshape(-1) for a in arrays]
    tail = scalar_fn(*(a[head:] for a in flat))
    if not head:
        return tail.reshape(shape)
    return jnp.concatenate([packet_fn(*(a[:head] for a in flat)), tail]).reshape(shape)


def _pldexp(a, e):
    """Eigen's pldexp_generic: a * 2^e (e integral, clamped to +-(2^exponent bits +
    mantissa bits - 1)) as four products by powers of two, 2^floor(e/4) three times and
    then 2^(e - 3 floor(e/4))."""
    if a.dtype == np.float64:
        itype, bias, shift, limit = np.int64, 1023, 52, 2099
    else:
        itype, bias, shift, limit = np.int32, 127, 23, 279
    limit = e.dtype.type(limit)
    e = lax.convert_element_type(lax.min(limit, lax.max(-limit, e)), itype)
    b = lax.shift_right_arithmetic(e, itype(2))
    c = lax.bitcast_convert_type(lax.shift_left(lax.add(b, itype(bias)), itype(shift)), a.dtype)
    out = rounded(lax.mul(rounded(lax.mul(rounded(lax.mul(a, c)), c)), c))
    e = lax.add(lax.sub(e, lax.mul(itype(3), b)), itype(bias))
    return lax.mul(out, lax.bitcast_convert_type(lax.shift_left(e, itype(shift)), a.dtype))


@jax.jit
def eigen_exp_packet(x0):
    """Eigen's vectorised float32 exp (pexp_float), as TF's CPU kernels (built without FMA)
    evaluate whole AVX packets: exp(r) * 2^m, m = floor(x log2(e) + 1/2), by a 6th order
    polynomial; 0 below -104."""
    f, add, mul = np.float32, lax.add, lax.mul
    x = lax.min(x0, f(88.723))
    m = lax.floor(add(rounded(mul(x, f(1.44269504088896341))), f(0.5)))
    r = add(rounded(mul(m, f(-0.693359375))), x)
    r = add(rounded(mul(m, f(2.12194440e-4))), r)
    r2 = rounded(mul(r, r))
    p_even = add(rounded(mul(r2, f(1.37449637986719608306884765625e-3))),
                 f(4.166965186595916748046875e-2))
    p_odd = add(rounded(mul(r2, f(8.36894474923610687255859375e-3))),
                f(0.16666518151760101318359375))
    p_even = add(rounded(mul(r2, p_even)), f(0.49999988079071044921875))
    y = add(rounded(mul(r, p_odd)), p_even)
    y = add(rounded(mul(r2, y)), add(r, f(1)))
    return lax.select(lax.lt(x0, f(-104)), lax.full_like(x0, f(0)),
                      lax.max(_pldexp(y, m), x0))


def eigen_exp_scalar(x):
    """std::exp of float32 (glibc's expf): Eigen's scalar code."""
    return glibc_float.expf(x)


@jax.jit
def _eigen_exp_double_packet(x0):
    """Eigen's vectorised float64 exp (pexp_double): exp(g) * 2^n, n = floor(x log2(e) +
    1/2), exp(g) = 1 + 2 g P(g^2) / (Q(g^2) - g P(g^2)) (Cephes' Pade form); 0 below
    -709.784."""
    add, sub, mul = lax.add, lax.sub, lax.mul
    x = lax.min(x0, 709.784)
    n = lax.floor(add(rounded(mul(1.4426950408889634073599, x)), 0.5))
    g = sub(x, rounded(mul(n, 0.693145751953125)))
    g = sub(g, rounded(mul(n, 1.42860682030941723212e-6)))
    g2 = rounded(mul(g, g))
    p = add(rounded(mul(1.26177193074810590878e-4, g2)), 3.02994407707441961300e-2)
    p = rounded(mul(add(rounded(mul(p, g2)), 9.99999999999999999910e-1), g))
    q = add(rounded(mul(3.00198505138664455042e-6, g2)), 2.52448340349684104192e-3)
    q = add(rounded(mul(q, g2)), 2.27265548208155028766e-1)
    q = add(rounded(mul(q, g2)), 2.00000000000000000009e0)
    y = add(rounded(mul(2.0, lax.div(p, sub(q, p)))), 1.0)
    return lax.select(lax.lt(x0, -709.784), lax.full_like(x0, 0.0), lax.max(_pldexp(y, n), x0))


def eigen_exp(x):
    """Eigen's exp of a real float array as TF's CPU kernels evaluate it: the packet code
    on whole AVX packets, std::exp (glibc's) on the rest; half and bfloat16 as float32
    (8 to a packet), rounded once."""
    if x.dtype.itemsize < 4:
        return eigen_exp(x.astype(np.float32)).astype(x.dtype)
    if x.dtype == np.float32:
        return eigen_packets(eigen_exp_packet, eigen_exp_scalar, x)
    return eigen_packets(_eigen_exp_double_packet, glibc_float.exp, x)


def eigen_exp_rows(d):
    """exp(d) (float32 or float64) as an Eigen reduction along the last axis evaluates it
    inside its reducer (TF's softmax kernels' sum(exp(d))): whole packets from each row's
    start, the rest of the row with the scalar code."""
    width = 32 // d.dtype.itemsize
    packet, scalar = ((eigen_exp_packet, eigen_exp_scalar) if d.dtype == np.float32 else
                      (_eigen_exp_double_packet, glibc_float.exp))
    classes = d.shape[-1]
    if not isinstance(classes, int):   # (a symbolic dimension: both, chosen per element)
        return jnp.where(jnp.arange(classes) < classes - classes % width, packet(d), scalar(d))
    head = classes - classes % width
    return jnp.concatenate([packet(d[..., :head]), scalar(d[..., head:])], axis=-1)


def exact_divide(x, y):
    """x / y as IEEE division, as TF's kernels compute it. XLA's algebraic simplifier turns
    a division by a broadcast or constant divisor into a product with its reciprocal
    (rounded twice, so often 1 ulp off), and (a / b) / c into a / (b * c); behind the
    barrier the divisor is neither, and the dividend no quotient."""
    shape = jnp.broadcast_shapes(jnp.shape(x), jnp.shape(y))
    return lax.optimization_barrier(x) / lax.optimization_barrier(jnp.broadcast_to(y, shape))


def enums(names):
    """TF's op-def spelling of dtype names: DT_FLOAT, DT_INT32 ..."""
    return ", ".join("DT_" + n.upper() for n in names)


def _broadcast_text(a, b):
    """TF's shape-inference text for unbroadcastable shapes `a`, `b` (the first pair of
    unequal dimensions, both not 1, left to right once the shorter is padded)."""
    n = max(len(a), len(b))
    a, b = (1,) * (n - len(a)) + tuple(a), (1,) * (n - len(b)) + tuple(b)
    x, y = next((x, y) for x, y in zip(a, b) if x != y and 1 not in (x, y))
    return f"Dimensions must be equal, but are {x} and {y}"


def _binary_attrs(op, x):
    """The attrs of a broadcasting op's NodeDef (T; Equal's incompatible_shape_error)."""
    if op.name in ("LogicalAnd", "LogicalOr"):
        return ()
    attrs = (("T", shape_inference.dtype_enum(x)),)
    if op.name in ("Equal", "NotEqual"):
        attrs += (("incompatible_shape_error", True),)
    return attrs


def broadcast_error(op, arrays, attrs, exc):
    a, b = arrays[0].shape, arrays[1].shape
    try:
        jnp.broadcast_shapes(a, b)
    except ValueError:
        return shape_inference.trace_checked(
            errors.op_error(errors.InvalidArgumentError, op.name,
                            f"Incompatible shapes: {shape_list(a)} vs. {shape_list(b)}",
                            kernel=op.name),
            _broadcast_text(a, b), op.name, arrays[:2], _binary_attrs(op, arrays[0]))
    return errors.op_error(errors.InvalidArgumentError, op.name, str(exc), kernel=op.name)


def axis_list(axis, api="this op", op=None):
    """A reduction `axis` argument (int, list, Tensor) as a list of ints; a tensor computed
    inside a tf.function raises a TypeError naming `api` (XLA needs static axes). `op` is as
    in `op_args.static_ints` (TF's error for axes that are not integers)."""
    return list(op_args.static_ints(axis, api, "axis", op))


def reduction_axes(axis, ndim, op_name, api=None, x=None, keepdims=False):
    """Normalised reduction axes (None for all), with TF's out-of-range error (with the
    input `x`, inside a tf.function TF's shape-inference error). `api` (TF's public name)
    is what the error for a traced axis names."""
    if axis is None:
        return None
    out = []
    given = axis_list(axis, api or op_name, op_name if op_name in op_args._INDEX_ARGS else None)
    for a in given:
        if not -ndim <= a < max(ndim, 1):
            exc = errors.op_error(
                errors.InvalidArgumentError, op_name,
                f"Invalid reduction dimension ({a} for input with {ndim} dimension(s)",
                kernel=op_name)
            if x is None:
                raise exc
            indices = np.asarray(given if np.ndim(op_args.index_array(axis)) else a, np.int32)
            raise shape_inference.trace_checked(
                exc, f"Invalid reduction dimension {a} for input with {ndim} dimensions.",
                op_name, (x, indices), (("T", shape_inference.dtype_enum(x)),
                                        ("Tidx", "DT_INT32"), ("keep_dims", bool(keepdims))),
                computed={1: indices})
        a = a % ndim if ndim else 0
        if a in out:
            raise errors.op_error(errors.InvalidArgumentError, op_name,
                                  f"Invalid reduction arguments: Axes contains duplicate "
                                  f"dimension: {a}", kernel=op_name)
        out.append(a)
    return tuple(out)


def kernel_not_found(op_name, dtype, xla, cpu, default=(), attrs=""):
    """TF's error for op `op_name` with T `dtype`, which its op-def allows but no CPU kernel
    implements (no_kernel_error; in a tf.function with the attrs in `attrs`' order, where
    TF's graph message has its own). `xla`, `cpu` and `default` are the kernel dtype lists
    TF's message prints (one registration per dtype; no XLA line where `xla` is empty),
    `attrs` the node's other attrs."""
    kernels = (f"  device='XLA_CPU_JIT'; T in [{enums(xla)}]\n" if xla else "") + "".join(
        f"  device='{device}'; T in [DT_{d.upper()}]\n"
        for device, names in (("DEFAULT", default), ("CPU", cpu)) for d in names)
    return no_kernel_error(op_name, f"T=DT_{dtype._tf_name.upper()}{attrs}", kernels)


def cpu_kernels(public, xla, cpu, default=()):
    """`public` (an op function whose first input sets the op's T) raising
    `kernel_not_found` for the dtypes its op-def allows but no CPU kernel implements (TF
    looks the kernel up before it matches the other inputs to T)."""
    op = public.op
    missing = frozenset(d._np for d in dtypes._ALL
                        if d._tf_name in op.allowed and d._tf_name not in cpu)
    composites = public.composite_overrides
    first = next(iter(inspect.signature(public).parameters))

    @functools.wraps(public)
    def checked(*args, **kwargs):
        x = args[0] if args else kwargs.get(first)
        if type(x) not in composites and (isinstance(x, Tensor) or len(args) + len(
                kwargs) - ("name" in kwargs) == 1):
            x = to_tensor(x)
            if x._value.dtype in missing:
                raise kernel_not_found(op.name, x.dtype, xla, cpu, default)
        return public(*args, **kwargs)
    return checked


def upcast(fn, wide):
    """fn computed in float dtype `wide` for narrower float inputs (where JAX's own
    low-precision kernels round differently from TF's)."""
    def wrapped(x):
        if jnp.issubdtype(x.dtype, jnp.floating) and x.dtype.itemsize < np.dtype(wide).itemsize:
            return fn(x.astype(wide)).astype(x.dtype)
        return fn(x)
    return wrapped


# Op -> rewrite(op, *input Tensors): the op's result inside a tf.function as TF's graph
# optimizer rewrites it, or None where it does not (registered by ops/graph_rewrites.py).
GRAPH_REWRITES = {}


def unary(name, fn, allowed=OPDEF, differentiable=True, jvp_fn=None):
    """A public ``f(x, name=None)`` running a registered elementwise Op (`allowed`: by
    default its OpDef's); `jvp_fn` is what forward mode differentiates when `fn` is a
    custom_vjp."""
    op = Op(name, fn, differentiable=differentiable, allowed=allowed, jvp_fn=jvp_fn)

    @dispatchable("x", group=UNARY_ELEMENTWISE)
    def public(x, name=None):
        x = to_tensor(x)
        check_dtype(op, x)
        if ctx.traces and op in GRAPH_REWRITES:
            out = GRAPH_REWRITES[op](op, x)
            if out is not None:
                return out
        return execute(op, (x,))
    public.op = op
    return public


def operand_names(public, *names):
    """`public` (its operands positional, then name) taking its operands under TF's
    parameter names (tf.math.atan2(y, x), tf.math.igamma(a, x)), so that keyword calls
    bind as TF's do."""
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    sig = inspect.Signature([inspect.Parameter(n, kind) for n in names] +
                            [inspect.Parameter("name", kind, default=None)])

    @functools.wraps(public)
    def renamed(*args, **kwargs):
        bound = sig.bind(*args, **kwargs).arguments
        return public(*(bound[n] for n in names), name=bound.get("name"))
    renamed.__signature__ = sig
    renamed.dispatch_api = public   # (dispatch_for_api registers for the op's calls)
    return renamed


def binary(name, fn, allowed=OPDEF, differentiable=True, hint=False, strings=None,
           jvp_fn=None, traced_attrs=()):
    """A public ``f(x, y, name=None)`` running a registered broadcasting Op (`allowed`:
    by default its OpDef's). Inputs are matched to one dtype as TF's generated wrappers
    do; with `hint`, y is converted with x's dtype as a hint only (tf.add); `strings`: its
    host kernel on tf.string; `jvp_fn` is what forward mode differentiates when `fn` is a
    custom_vjp; `traced_attrs`: as Op's."""
    op = Op(name, broadcast_operands(fn) if differentiable else fn,
            differentiable=differentiable, allowed=allowed, error=broadcast_error,
            strings=strings, jvp_fn=jvp_fn, traced_attrs=traced_attrs)
    convert = hinted if hint else match2

    @dispatchable("x", "y", group=BINARY_ELEMENTWISE)
    def public(x, y, name=None):
        if strings is not None and strings.name and isinstance(x, Tensor) and \
                x.dtype is dtypes.string:
            return execute(op, convert(x, y, strings.name))
        x, y = convert(x, y, op)
        if ctx.traces and op in GRAPH_REWRITES:
            out = GRAPH_REWRITES[op](op, x, y)
            if out is not None:
                return out
        return execute(op, (x, y))
    public.op = op
    return public
