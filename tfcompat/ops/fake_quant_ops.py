"""tf.quantization's fake-quantization ops: fake_quant_with_min_max_args, _vars and
_vars_per_channel, and their gradient ops (FakeQuantWithMinMax*Gradient).

As TF's kernels (core/kernels/fake_quant_ops_functor.h) compute them, in float32: the
range [min, max] is nudged so that 0 is exactly representable (the zero point
rounded half away from zero), inputs are clamped to the nudged range and rounded to
the nearest of the 2^num_bits (narrow_range: 2^num_bits - 1) levels. The gradient
passes through inside the nudged range; below it, it goes to `min`, above it to `max`."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute
from .op_args import kernel_error

_F32 = np.float32


def _nudge(mn, mx, num_bits, narrow_range):
    """TF's Nudge: (nudged_min, nudged_max, scale, inverse scale, quantized zero)."""
    qmin, qmax = _F32(1 if narrow_range else 0), _F32((1 << num_bits) - 1)
    # (the barrier keeps XLA from turning the division by a constant into a product)
    levels = lax.optimization_barrier(jnp.asarray(qmax - qmin))
    scale = (mx - mn) / levels
    inv_scale = levels / (mx - mn)
    zero_from_min = qmin - mn / scale
    zero = jnp.clip(jnp.floor(zero_from_min + _F32(0.5)), qmin, qmax)
    nudged_min, nudged_max = (qmin - zero) * scale, (qmax - zero) * scale
    quant_zero = jnp.floor(-nudged_min * inv_scale + _F32(0.5))
    return nudged_min, nudged_max, scale, inv_scale, quant_zero


def _both_zero(mn, mx):
    return (mn == 0) & (mx == 0)


def _forward(x, mn, mx, num_bits, narrow_range):
    nudged_min, nudged_max, scale, inv_scale, quant_zero = _nudge(mn, mx, num_bits,
                                                                 narrow_range)
    clamped = jnp.minimum(jnp.maximum(x, nudged_min), nudged_max)
    out = (jnp.floor((clamped - nudged_min) * inv_scale + _F32(0.5)) - quant_zero) * scale
    return jnp.where(_both_zero(mn, mx), jnp.zeros_like(x), out)


def _backward(g, x, mn, mx, num_bits, narrow_range):
    """(d inputs, d min, d max) for upstream `g`; min and max scalars or per channel (the
    last dimension)."""
    nudged_min, nudged_max, *_ = _nudge(mn, mx, num_bits, narrow_range)
    zero = _both_zero(mn, mx)
    inside = (x >= nudged_min) & (x <= nudged_max)
    axes = tuple(range(x.ndim - mn.ndim))
    d_min = jnp.sum(jnp.where(x < nudged_min, g, 0), axis=axes)
    d_max = jnp.sum(jnp.where(x > nudged_max, g, 0), axis=axes)
    return (jnp.where(zero | inside, g, 0), jnp.where(zero, 0, d_min).astype(mn.dtype),
            jnp.where(zero, 0, d_max).astype(mx.dtype))


@functools.lru_cache(maxsize=None)
def _vars_fn(num_bits, narrow_range):
    """The forward function of (inputs, min, max), with TF's registered gradient."""
    f = jax.custom_vjp(lambda x, mn, mx: _forward(x, mn, mx, num_bits, narrow_range))
    f.defvjp(lambda x, mn, mx: (f(x, mn, mx), (x, mn, mx)),
             lambda res, g: _backward(g, *res, num_bits, narrow_range))
    return f


@functools.lru_cache(maxsize=None)
def _args_fn(mn, mx, num_bits, narrow_range):
    """The forward function of inputs (min and max attributes), with its gradient."""
    lo, hi = _F32(mn), _F32(mx)
    f = jax.custom_vjp(lambda x: _forward(x, lo, hi, num_bits, narrow_range))
    f.defvjp(lambda x: (f(x), x),
             lambda x, g: (_backward(g, x, lo, hi, num_bits, narrow_range)[0],))
    return f


def _vars(x, mn, mx, num_bits, narrow_range):
    return _vars_fn(num_bits, narrow_range)(x, mn, mx)


def _vars_grad(g, x, mn, mx, num_bits, narrow_range):
    return _backward(g, x, mn, mx, num_bits, narrow_range)


def _args(x, **attrs):
    return _args_fn(attrs["min"], attrs["max"], attrs["num_bits"], attrs["narrow_range"])(x)


def _args_forward(x, **attrs):
    return _forward(x, _F32(attrs["min"]), _F32(attrs["max"]), attrs["num_bits"],
                    attrs["narrow_range"])


def _args_grad(g, x, **attrs):
    return _backward(g, x, _F32(attrs["min"]), _F32(attrs["max"]), attrs["num_bits"],
                     attrs["narrow_range"])[0]


_args_op = Op("FakeQuantWithMinMaxArgs", _args, jvp_fn=_args_forward)
_args_grad_op = Op("FakeQuantWithMinMaxArgsGradient", _args_grad, differentiable=False)
_vars_op = Op("FakeQuantWithMinMaxVars", _vars, jvp_fn=_forward)
_vars_grad_op = Op("FakeQuantWithMinMaxVarsGradient", _vars_grad, differentiable=False)
_channel_op = Op("FakeQuantWithMinMaxVarsPerChannel", _vars, jvp_fn=_forward)
_channel_grad_op = Op("FakeQuantWithMinMaxVarsPerChannelGradient", _vars_grad,
                      differentiable=False)


def _float32(x):
    return convert_to_tensor(x, dtype=dtypes.float32)


def _bits(op, num_bits, narrow_range):
    if not 2 <= int(num_bits) <= 16:
        raise kernel_error(op, "num_bits must be between 2 and 16, inclusive", name="")
    return (("num_bits", int(num_bits)), ("narrow_range", bool(narrow_range)))


def _ranks(op, x, mn, mx, rank):
    """TF's checks of min and max: rank 0 (per channel: rank 1, the inputs' depth)."""
    for t, what in ((mn, "min"), (mx, "max")):
        if t.ndim != rank:
            raise kernel_error(op, f"`{what}` must be rank {rank} but is rank {t.ndim}")
        if rank and x.ndim and t.shape[0] != x.shape[-1]:
            raise kernel_error(op, f"{what} has incorrect size, expected {x.shape[-1]} was "
                               f"{t.shape[0]}")


def fake_quant_with_min_max_args(inputs, min=-6, max=6, num_bits=8, narrow_range=False,
                                 name=None):
    """tf.quantization.fake_quant_with_min_max_args: float32 `inputs` fake-quantized in
    the range of the float attributes [min, max] (min < max)."""
    op = "FakeQuantWithMinMaxArgs"
    if not min < max:
        raise kernel_error(op, f"min has to be smaller than max, was: {min:g} >= {max:g}",
                           name="")
    attrs = (("min", float(min)), ("max", float(max))) + _bits(op, num_bits, narrow_range)
    return execute(_args_op, (_float32(inputs),), attrs)


def fake_quant_with_min_max_args_gradient(gradients, inputs, min=-6, max=6, num_bits=8,
                                          narrow_range=False, name=None):
    """tf.quantization.fake_quant_with_min_max_args_gradient: `gradients` where the
    inputs are inside the nudged range, else 0."""
    op = "FakeQuantWithMinMaxArgsGradient"
    attrs = (("min", float(min)), ("max", float(max))) + _bits(op, num_bits, narrow_range)
    return execute(_args_grad_op, (_float32(gradients), _float32(inputs)), attrs)


def fake_quant_with_min_max_vars(inputs, min, max, num_bits=8, narrow_range=False,
                                 name=None):
    """tf.quantization.fake_quant_with_min_max_vars: float32 `inputs` fake-quantized in
    the range of the float32 scalars [min, max] (all zeros where both are 0);
    differentiable in all three."""
    op = "FakeQuantWithMinMaxVars"
    x, mn, mx = _float32(inputs), _float32(min), _float32(max)
    _ranks(op, x, mn, mx, 0)
    return execute(_vars_op, (x, mn, mx), _bits(op, num_bits, narrow_range))


def fake_quant_with_min_max_vars_gradient(gradients, inputs, min, max, num_bits=8,
                                          narrow_range=False, name=None):
    """tf.quantization.fake_quant_with_min_max_vars_gradient: the backprops to inputs,
    min and max."""
    op = "FakeQuantWithMinMaxVarsGradient"
    g, x, mn, mx = _float32(gradients), _float32(inputs), _float32(min), _float32(max)
    _ranks(op, x, mn, mx, 0)
    return tuple(execute(_vars_grad_op, (g, x, mn, mx), _bits(op, num_bits, narrow_range)))


def fake_quant_with_min_max_vars_per_channel(inputs, min, max, num_bits=8,
                                             narrow_range=False, name=None):
    """tf.quantization.fake_quant_with_min_max_vars_per_channel: as
    fake_quant_with_min_max_vars with one [min, max] per entry of the last dimension."""
    op = "FakeQuantWithMinMaxVarsPerChannel"
    x, mn, mx = _float32(inputs), _float32(min), _float32(max)
    _ranks(op, x, mn, mx, 1)
    return execute(_channel_op, (x, mn, mx), _bits(op, num_bits, narrow_range))


def fake_quant_with_min_max_vars_per_channel_gradient(gradients, inputs, min, max,
                                                      num_bits=8, narrow_range=False,
                                                      name=None):
    """tf.quantization.fake_quant_with_min_max_vars_per_channel_gradient: the backprops
    to inputs and to each channel's min and max."""
    op = "FakeQuantWithMinMaxVarsPerChannelGradient"
    g, x, mn, mx = _float32(gradients), _float32(inputs), _float32(min), _float32(max)
    _ranks(op, x, mn, mx, 1)
    return tuple(execute(_channel_grad_op, (g, x, mn, mx), _bits(op, num_bits, narrow_range)))
