"""tf.math.segment_* and unsorted_segment_*, bincount and confusion_matrix.

Segment ids are checked on the host (TF's kernels check them too), so the output size is
static. Ties of segment max/min share the gradient, as TF's; segment prod uses TF's
gradient (finite where the data has zeros).
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from ..framework.tensor import EagerTensor
from .math_common import NUMBER, REAL, attr_error, kernel_error, shape_list, static_int

_INDEX = ("int32", "int64")


def _gather(out, ids):
    """out[ids], with ids that are out of range (dropped ids) giving zeros."""
    ok = (ids >= 0) & (ids < out.shape[0])
    g = out[jnp.clip(ids, 0, max(out.shape[0] - 1, 0))]
    return jnp.where(ok.reshape(ok.shape + (1,) * (g.ndim - ok.ndim)), g, jnp.zeros_like(g))


@functools.partial(jax.custom_vjp, nondiff_argnums=(2,))
def _prod(data, ids, n):
    return jax.ops.segment_prod(data, ids, n)


def _prod_fwd(data, ids, n):
    out = _prod(data, ids, n)
    return out, (data, ids, out)


def _prod_bwd(n, res, g):
    # TF's UnsortedSegmentProdGrad.
    data, ids, out = res
    zero = data == 0
    zeros = jax.ops.segment_sum(zero.astype(jnp.int32), ids, n)
    g = jnp.where(zeros > 1, jnp.zeros_like(g), g)
    nonzero = jnp.where(zero, jnp.ones_like(data), data)
    nonzero_prod = jax.ops.segment_prod(nonzero, ids, n)
    partial = jnp.where(zero, _gather(nonzero_prod, ids), _gather(out, ids) / nonzero)
    return _gather(g, ids) * jnp.conj(partial), None


_prod.defvjp(_prod_fwd, _prod_bwd)


def _extreme(reduce, empty):
    def fn(data, ids, n):
        out = reduce(data, ids, n)
        if empty == "zero":  # sorted segment max/min: empty segments give 0
            count = jax.ops.segment_sum(jnp.ones_like(ids), ids, n)
            count = count.reshape(count.shape + (1,) * (out.ndim - 1))
            return jnp.where(count > 0, out, jnp.zeros_like(out))
        return out
    return fn


def _lowest_or_highest(reduce, which):
    def fn(data, ids, n):
        out = reduce(data, ids, n)
        if jnp.issubdtype(data.dtype, jnp.floating):
            # JAX fills with -inf/inf; TF with the finite lowest/highest value.
            info = jnp.finfo(data.dtype)
            fill = info.min if which == "max" else info.max
            count = jax.ops.segment_sum(jnp.ones_like(ids), ids, n)
            count = count.reshape(count.shape + (1,) * (out.ndim - 1))
            return jnp.where(count > 0, out, jnp.asarray(fill, data.dtype))
        return out
    return fn


def _count(data, ids, n):
    c = jax.ops.segment_sum(jnp.ones(ids.shape, data.dtype), ids, n)
    return c.reshape(c.shape + (1,) * (data.ndim - ids.ndim))


def _mean(data, ids, n):
    total = jax.ops.segment_sum(data, ids, n)
    c = _count(data, ids, n)
    safe = jnp.maximum(c, jnp.ones_like(c))
    if jnp.issubdtype(data.dtype, jnp.integer):
        return total // safe
    return total / safe


def _sqrt_n(data, ids, n):
    total = jax.ops.segment_sum(data, ids, n)
    c = _count(data, ids, n)
    return total / jnp.sqrt(jnp.maximum(c, jnp.ones_like(c)))


def _flat(fn):
    """fn over ids of any rank: data's leading dims matching ids are flattened."""
    def apply(data, ids, n):
        data = data.reshape((-1,) + data.shape[ids.ndim:])
        ids = ids.reshape(-1)
        return fn(data, ids, n)
    return apply


_SUMMARY = ("name={name}; signature=data:T, segment_ids:Tindices{extra} -> output:T; "
            "attr=T:type,allowed=[{{enums}}]; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]"
            "{tnum}")


def _segment_op(name, fn, allowed, unsorted):
    extra, tnum = ((", num_segments:Tnumsegments",
                    "; attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]")
                   if unsorted else ("", ""))
    return Op(name, _flat(fn), allowed=allowed,
              summary=_SUMMARY.format(name=name, extra=extra, tnum=tnum))


def _checked(op, data, segment_ids):
    data, ids = to_tensor(data), to_tensor(segment_ids)
    check_dtype(op, data)
    if ids.dtype._tf_name not in _INDEX:
        raise attr_error(op, "Tindices", ids.dtype, _INDEX)
    return data, ids


def _sorted(name, fn, allowed=NUMBER):
    op = _segment_op(name, fn, allowed, unsorted=False)

    def public(data, segment_ids, name=None):
        data, ids = _checked(op, data, segment_ids)
        v = np.asarray(ids._value)
        if v.ndim != 1 or data.ndim < 1 or v.shape[0] != data._value.shape[0]:
            raise kernel_error(op.name, "segment_ids should be the same size as dimension 0 "
                                        "of input.")
        n = int(v[-1]) + 1 if v.size else 0
        if v.size and np.any(np.diff(v) < 0):
            raise kernel_error(op.name, "segment ids are not increasing")
        if v.size and v[0] < 0:
            raise kernel_error(op.name, f"Segment id {v[0]} out of range [0, {n}), possibly "
                                        f"because 'segment_ids' input is not sorted.")
        return execute(op, (data, ids), (("n", n),))
    public.op = op
    return public


def _unsorted(name, fn, allowed=NUMBER):
    op = _segment_op(name, fn, allowed, unsorted=True)

    def public(data, segment_ids, num_segments, name=None):
        data, ids = _checked(op, data, segment_ids)
        n = static_int(num_segments)
        if n < 0:
            raise errors.op_error(errors.InvalidArgumentError, op.name,
                                  f"Input num_segments == {n} must not be negative.",
                                  kernel=op.name)
        shape, ishape = data._value.shape, ids._value.shape
        if shape[:len(ishape)] != ishape:
            raise kernel_error(op.name, f"data.shape = {shape_list(shape)} does not start "
                                        f"with segment_ids.shape = {shape_list(ishape)}")
        v = np.asarray(ids._value).reshape(-1)
        bad = np.nonzero(v >= n)[0]
        if bad.size:
            raise kernel_error(op.name, f"segment_ids[{bad[0]}] = {v[bad[0]]} is out of range "
                                        f"[0, {n})")
        return execute(op, (data, ids), (("n", n),))
    public.op = op
    return public


segment_sum = _sorted("SegmentSum", jax.ops.segment_sum)
segment_mean = _sorted("SegmentMean", _mean)
segment_prod = _sorted("SegmentProd", _prod)
segment_max = _sorted("SegmentMax", _extreme(jax.ops.segment_max, "zero"), REAL)
segment_min = _sorted("SegmentMin", _extreme(jax.ops.segment_min, "zero"), REAL)
unsorted_segment_sum = _unsorted("UnsortedSegmentSum", jax.ops.segment_sum)
unsorted_segment_prod = _unsorted("UnsortedSegmentProd", _prod)
unsorted_segment_max = _unsorted("UnsortedSegmentMax",
                                 _lowest_or_highest(jax.ops.segment_max, "max"), REAL)
unsorted_segment_min = _unsorted("UnsortedSegmentMin",
                                 _lowest_or_highest(jax.ops.segment_min, "min"), REAL)
unsorted_segment_mean = _unsorted("UnsortedSegmentMean", _mean)
unsorted_segment_sqrt_n = _unsorted("UnsortedSegmentSqrtN", _sqrt_n)


# -- bincount, confusion_matrix -------------------------------------------------------------

def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32,
             name=None, axis=None, binary_output=False):
    """tf.math.bincount for dense inputs (axis None or -1); not differentiable."""
    x = to_tensor(arr)
    if axis not in (None, 0, -1):
        raise ValueError(f"Unsupported axis value {axis}. Only 0 and -1 are currently "
                         f"supported.")
    v = np.asarray(x._value).astype(np.int64)
    if axis is None or axis == 0:
        v = v.reshape(-1)
    if v.size and v.min() < 0:
        raise errors.op_error(errors.InvalidArgumentError, "DenseBincount",
                              "Input arr must be non-negative!", kernel="DenseBincount")
    size = int(v.max()) + 1 if v.size else 0
    if minlength is not None:
        size = max(size, static_int(minlength))
    if maxlength is not None:
        size = min(size, static_int(maxlength))
    if weights is not None:
        w = np.asarray(to_tensor(weights)._value)
        out_dtype = w.dtype
        w = w.reshape(v.shape)
    else:
        out_dtype = dtypes.as_dtype(dtype)._np
        w = np.ones(v.shape, out_dtype)
    keep = v < size
    rows = v.reshape(-1, v.shape[-1]) if v.ndim > 1 else v.reshape(1, -1)
    wk = np.where(keep, w, 0).reshape(rows.shape)
    out = np.zeros((rows.shape[0], size), out_dtype)
    for r in range(rows.shape[0]):
        np.add.at(out[r], np.where(keep.reshape(rows.shape)[r], rows[r], 0), wk[r])
    if binary_output:
        out = (out > 0).astype(out_dtype)
    out = out.reshape(v.shape[:-1] + (size,)) if v.ndim > 1 else out[0]
    return EagerTensor(jnp.asarray(out))


def confusion_matrix(labels, predictions, num_classes=None, weights=None,
                     dtype=dtypes.int32, name=None):
    """tf.math.confusion_matrix: counts[label, prediction] (weighted); not
    differentiable."""
    from .array_ops import stack
    lv = np.asarray(to_tensor(labels)._value).astype(np.int64)
    pv = np.asarray(to_tensor(predictions)._value).astype(np.int64)
    stack([EagerTensor(jnp.asarray(lv)), EagerTensor(jnp.asarray(pv))])  # TF's shape check
    for what, v in (("labels", lv), ("predictions", pv)):
        if np.any(v < 0):
            raise errors.InvalidArgumentError(
                None, None,
                f"`{what}` contains negative values.  \nCondition x >= 0 did not hold "
                f"element-wise:\nx (shape={v.shape} dtype=int64) = \n"
                f"{[str(e) for e in v.reshape(-1).tolist()]}")
    if num_classes is None:
        n = int(max(lv.max(initial=-1), pv.max(initial=-1))) + 1
    else:
        n = static_int(num_classes)
        for what, v in (("labels", lv), ("predictions", pv)):
            if np.any(v >= n):
                raise errors.InvalidArgumentError(
                    None, None,
                    f"`{what}` out of bound\nCondition x < y did not hold.\nFirst {v.size} "
                    f"elements of x:\n[{' '.join(map(str, v.reshape(-1).tolist()))}]\n"
                    f"First 1 elements of y:\n[{n}]")
    out_dtype = dtypes.as_dtype(dtype)._np
    w = (np.ones(lv.shape, out_dtype) if weights is None
         else np.asarray(to_tensor(weights)._value).astype(out_dtype))
    out = np.zeros((n, n), out_dtype)
    np.add.at(out, (lv, pv), w)
    return EagerTensor(jnp.asarray(out))
