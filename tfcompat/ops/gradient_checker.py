"""tf.test.compute_gradient (TF's gradient_checker_v2): the theoretical Jacobian of `f`,
row by row from vector-Jacobian products on a GradientTape, and the numeric one from
central differences, with TF's delta, dtypes and layout (complex numbers as pairs of
reals)."""
import math

import numpy as np

from ..framework import dtypes, nest
from ..framework.backprop import GradientTape
from ..framework.constant_op import convert_to_tensor
from ..framework.indexed_slices import IndexedSlices
from . import manip_ops

__all__ = ["compute_gradient"]

_ALLOWED = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64,
            dtypes.complex64, dtypes.complex128)


def _real_np(dtype):
    return dtype.real_dtype.as_numpy_dtype


def _vjp(f, xs, param, dy):
    """TF's gradients_function(f, [param])(*xs, dy=dy)[0]: None when unconnected."""
    with GradientTape() as tape:
        # (TF watches the Tensor itself: an argument passed twice is differentiated at
        # every position it takes, though the numeric Jacobian perturbs one)
        tape.watch(xs[param])
        result = f(*xs)
        if result is None:
            raise ValueError("Cannot differentiate a function that returns None; did you "
                             "forget to return a value from {}?".format(f.__name__))
        flat = [manip_ops.identity(y) for y in nest.flatten(result)]
    return tape.gradient(flat, xs[param], output_gradients=[convert_to_tensor(dy)])


def _theoretical_jacobian(f, y_shape, y_dtype, xs, param):
    x = xs[param]
    x_shape = tuple(x.shape) + (2,) if x.dtype.is_complex else tuple(x.shape)
    y_size = math.prod(y_shape) * (2 if y_dtype.is_complex else 1)
    x_val_size = math.prod(x_shape[1:])   # a row of an IndexedSlices gradient
    jacobian = np.zeros((y_size, math.prod(x_shape)), dtype=_real_np(x.dtype))
    dy_data = np.zeros(y_shape, dtype=y_dtype.as_numpy_dtype)
    dy_data_flat = dy_data.ravel().view(_real_np(y_dtype))
    for row in range(y_size):
        dy_data_flat[row] = 1
        grad = _vjp(f, xs, param, dy_data)
        if isinstance(grad, IndexedSlices):
            for i, v in zip(grad.indices.numpy(), grad.values.numpy()):
                jacobian[row, i * x_val_size:(i + 1) * x_val_size] += v.flat
        elif grad is not None:
            jacobian[row, :] = grad.numpy().ravel().view(jacobian.dtype)
        dy_data_flat[row] = 0
    if y_size == 0:
        grad = _vjp(f, xs, param, dy_data)
        grad = np.asarray(grad.numpy() if grad is not None else grad)
        if grad.shape != tuple(x.shape):
            raise ValueError("Empty gradient has wrong shape: expected %s, got %s" %
                             (x.shape, grad.shape))
        if np.any(grad):
            raise ValueError("Empty tensor with nonzero gradients")
    return jacobian


def _numeric_jacobian(f, y_size, y_dtype, xs, param, delta):
    x_dtype = xs[param].dtype
    x_size = math.prod(xs[param].shape) * (2 if x_dtype.is_complex else 1)
    y_size = y_size * (2 if y_dtype.is_complex else 1)
    x_np, y_np = _real_np(x_dtype), _real_np(y_dtype)
    values = [np.array(x.numpy()) for x in xs]   # (copies: perturbed in place)
    x = values[param]
    scale = np.asarray(2 * delta, dtype=y_np)[()]
    jacobian = np.zeros((y_size, x_size), dtype=x_np)

    def run():
        return f(*map(convert_to_tensor, values)).numpy()

    for col in range(x_size):
        original = x.ravel().view(x_np)[col]
        x.ravel().view(x_np)[col] += delta
        y_pos = run()
        x.ravel().view(x_np)[col] = original
        x.ravel().view(x_np)[col] -= delta
        y_neg = run()
        x.ravel().view(x_np)[col] = original
        diff = (y_pos - y_neg) / scale
        jacobian[:, col] = diff.ravel().view(y_np)
    return jacobian


def _compute_gradient(f, y_shape, y_dtype, xs, param, delta):
    t = xs[param].dtype
    assert t.base_dtype in _ALLOWED, (
        "Cannot compute gradient for unsupported type %s of argument %s" % (t.name, param))
    assert y_dtype.base_dtype in _ALLOWED, (
        "Cannot compute gradient for unsupported type %s of y" % y_dtype.name)
    jacob_t = _theoretical_jacobian(f, y_shape, y_dtype, xs, param)
    jacob_n = _numeric_jacobian(f, math.prod(y_shape), y_dtype, xs, param, delta)
    return jacob_t, jacob_n


def compute_gradient(f, x, delta=None):
    """tf.test.compute_gradient: ((theoretical Jacobians), (numeric Jacobians)), one 2-D
    array per argument, of y_size rows and x_size columns (each complex element two)."""
    if not isinstance(x, (list, tuple)):
        raise ValueError(
            "`x` must be a list or tuple of values convertible to a Tensor "
            "(arguments to `f`), not a %s" % type(x))
    if delta is None:
        delta = 1.0 / 1024
    xs = [convert_to_tensor(v) for v in x]
    y = f(*xs)
    y_shape = tuple(y.shape)
    y_dtype = dtypes.as_dtype(y.dtype)
    return tuple(zip(*[_compute_gradient(f, y_shape, y_dtype, xs, i, delta)
                       for i in range(len(xs))]))
