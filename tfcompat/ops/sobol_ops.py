"""tf.math.sobol_sample (raw op SobolSample): points of the Sobol sequence as TF's
SobolSample kernel (core/kernels/sobol_op.cc) computes them: Gray-code order, the Joe-Kuo
direction numbers, point n = skip + 1 + i. The kernel splits the results into blocks of
max(512, ceil(num_results / threads)) and scales each block's integers by
1 / (1 << num_digits), num_digits the bit length of skip + block end + 1; at 31 digits
that int shift overflows to -2**31 and TF's points come out negated, as here.

Direction numbers are shipped for dimensions up to 1111 (sobol_directions.npz, recorded
from TF by tools/record_sobol_directions.py); TF goes up to 21200, and a larger `dim`
raises NotImplementedError. `dim`, `num_results` and `skip` decide the output shape, so
inside a tf.function they must be known when it is traced."""
import os

import numpy as np

from ..framework import config, dtypes
from ..framework.constant_op import convert_to_tensor
from .op_args import attr_error, kernel_error, traced

__all__ = ["sobol_sample"]

_OP_NAME = "SobolSample"
_TF_MAX_DIM = 21200
_M = None   # [dims, 31] uint32, loaded on first use


def _directions():
    global _M
    if _M is None:
        with np.load(os.path.join(os.path.dirname(__file__), "sobol_directions.npz")) as f:
            _M = f["m"]
    return _M


def _int32_scalar(value, arg):
    if traced(value):
        raise TypeError(f"tfcompat: the {arg} argument of tf.math.sobol_sample must be known "
                        f"when the tf.function is traced (it decides the output shape); got a "
                        f"tensor computed inside the function")
    t = convert_to_tensor(value, dtypes.int32)
    if t.ndim:
        raise kernel_error(_OP_NAME, f"{arg} must be a scalar")
    return int(np.asarray(t._value))


def _points(dim, num_results, skip):
    """[num_results, dim] float64: the points of indices skip + 1 ... skip + num_results,
    each block's negated where TF's normalizing constant overflows."""
    m = _directions()[:dim].astype(np.uint64)
    v = m << (31 - np.arange(m.shape[1], dtype=np.uint64))
    n = np.arange(skip + 1, skip + 1 + num_results, dtype=np.uint64)
    gray = n ^ (n >> np.uint64(1))
    out = np.zeros((num_results, dim), np.uint64)
    for k in range(v.shape[1]):
        bit = ((gray >> np.uint64(k)) & np.uint64(1)).astype(bool)
        out[bit] ^= v[:, k]
    x = out.astype(np.float64) * 2.0 ** -32
    block = max(512, -(-num_results // config.intra_op_threads()))
    for start in range(0, num_results, block):
        end = min(start + block, num_results)
        if (skip + end + 1).bit_length() == 31:
            x[start:end] = -x[start:end]
    return x


def sobol_sample(dim, num_results, skip=0, dtype=dtypes.float32, name=None):
    """tf.math.sobol_sample: a [num_results, dim] tensor of Sobol points in [0, 1)."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (dtypes.float32, dtypes.float64):
        raise attr_error(_OP_NAME, "dtype", dtype, name="")
    dim = _int32_scalar(dim, "dim")
    num_results = _int32_scalar(num_results, "num_results")
    skip = _int32_scalar(skip, "skip")
    if dim < 1:
        raise kernel_error(_OP_NAME, "dim must be at least one", "")
    if dim > _TF_MAX_DIM:
        raise kernel_error(_OP_NAME, f"dim must be at most {_TF_MAX_DIM}", "")
    if num_results < 1:
        raise kernel_error(_OP_NAME, "num_results must be at least one", "")
    if skip < 0:
        raise kernel_error(_OP_NAME, "skip must be non-negative", "")
    if num_results + skip >= 2 ** 31 - 1:
        raise kernel_error(_OP_NAME, "num_results+skip must be less than 2147483647", "")
    if dim > _directions().shape[0]:
        raise NotImplementedError(
            f"tfcompat: tf.math.sobol_sample supports dim <= {_directions().shape[0]} (the "
            f"direction numbers shipped), got {dim}; TF goes up to {_TF_MAX_DIM}")
    x = _points(dim, num_results, skip)
    return convert_to_tensor(x.astype(dtype.as_numpy_dtype), dtype)
