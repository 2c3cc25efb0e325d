"""tf.constant and tf.convert_to_tensor, with TF's dtype inference and conversion rules."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src import dtypes as jax_dtypes   # (device_put's steps: no public API)
from jax._src.interpreters import pxla
from jax._src.lib import xla_client

from . import dtypes, nest, strings, tensor_conversion_registry
from .context import ctx, x64
from .tensor import EagerTensor, Tensor, symbolic

# Device arrays of Python scalars, by (type, value, dtype): `x * 2.0` in a loop does not
# pay a host-to-device transfer each time. Tensors are immutable, so sharing is safe.
_SCALARS = {}
_MAX_SCALARS = 4096


def _scalar_array(value, dtype):
    # A trace has its own: its constants share no array with tensors made outside it,
    # which it may capture (a tape tells those apart by object, not by array).
    cache = ctx.traces[-1].scalars if ctx.traces else _SCALARS
    key = (type(value), repr(value), dtype)
    arr = cache.get(key)
    if arr is None:
        arr = device_array(_numpy(value, dtype))
        if len(cache) >= _MAX_SCALARS:
            cache.clear()
        cache[key] = arr
    return arr


def _numpy(value, dtype):
    if dtype is None:
        return dtypes.infer_numpy(value)
    return dtypes.cast_python(value, dtype)


def _from_python(value, dtype):
    """A Tensor of a Python or numpy value, `dtype` None meaning TF's inference; in a
    tf.function trace one of its constants (TF's Const node)."""
    t = _python_value(value, dtype)
    if ctx.traces and not hasattr(value, "__tf_tensor__"):
        ctx.traces[-1].constant(t._value)
    return t


def _python_value(value, dtype):
    if type(value) in (float, int, bool):
        if dtype is None:
            if type(value) is float:
                if abs(value) > dtypes.FLOAT32_MAX:
                    dtypes.infer_numpy(value)   # TF's error for finite values out of range
                dtype = dtypes.float32
            elif type(value) is bool:
                dtype = dtypes.bool
            elif -(2 ** 31) <= value < 2 ** 31:
                dtype = dtypes.int32
            else:
                return EagerTensor(device_array(dtypes.infer_numpy(value)))
        return EagerTensor(_scalar_array(value, dtype))
    to_tensor = getattr(value, "__tf_tensor__", None)
    if to_tensor is not None:
        return convert_to_tensor(to_tensor(), dtype=dtype)
    try:
        arr = _numpy(value, dtype)
    except ValueError:
        if ctx.traces and _unsupported(value):   # TF's graph-mode make_tensor_proto
            raise TypeError(f"Failed to convert elements of {value} to Tensor. Consider "
                            f"casting elements to a supported type. See https://www.tensorflow"
                            f".org/api_docs/python/tf/dtypes for supported TF dtypes.") from None
        raise
    if arr.dtype == strings.OBJECT:   # tf.string: a NumPy array of bytes
        return EagerTensor(arr)
    return EagerTensor(device_array(arr))


_SUPPORTED = (bool, int, float, complex, str, bytes, np.generic, np.ndarray, Tensor)


def _unsupported(value):
    """Whether `value` (nested lists/tuples) holds an object TF cannot convert to a
    Tensor (None aside)."""
    from .variables import Variable
    if isinstance(value, (list, tuple)):
        return any(_unsupported(v) for v in value)
    return value is not None and not isinstance(value, _SUPPORTED + (Variable,))


@x64
def device_array(arr):
    """A NumPy array on the device, a constant also while tracing. (jax.device_put:
    jnp.asarray compiles an XLA program per new shape, ~13 ms each, where device_put costs
    ~0.1 ms, and ~15 us more on repeated shapes.) A plain ndarray of a dtype JAX keeps
    takes device_put's own last step (xla_client.batched_device_put to the default device,
    uncommitted): the same array, without ~20 us of Python dispatch."""
    if type(arr) is np.ndarray:
        canonical = _CANONICAL.get(arr.dtype)
        if canonical is None:
            canonical = _CANONICAL[arr.dtype] = _canonical(arr.dtype)
        if canonical:
            device = pxla.get_default_device()
            sharding = _SHARDINGS.get(device)
            if sharding is None:
                sharding = _SHARDINGS[device] = jax.sharding.SingleDeviceSharding(device)
            return xla_client.batched_device_put(aval(arr.shape, arr.dtype), sharding, [arr],
                                                 [device], False)
    with jax.ensure_compile_time_eval():
        return jax.device_put(arr)


_CANONICAL = {}   # numpy dtype -> _canonical(dtype)
_SHARDINGS = {}   # device -> its SingleDeviceSharding
_AVALS = {}   # (shape, dtype) -> its ShapedArray (~10 us to make; at most 4,096 kept)


def aval(shape, dtype):
    """The (strongly typed) ShapedArray of `shape` and numpy `dtype`, made once: what
    device_put and a trace's inputs take (jax.make_jaxpr abstracts a ShapeDtypeStruct
    argument into one at ~15 us a time). A shape with symbolic dimensions (a
    shape-polymorphic trace's) gets a ShapeDtypeStruct, not kept."""
    key = (shape, dtype)
    found = _AVALS.get(key) if all(type(d) is int for d in shape) else \
        jax.ShapeDtypeStruct(shape, dtype)
    if found is None:
        if len(_AVALS) >= 4096:
            _AVALS.clear()
        found = _AVALS[key] = jax.core.ShapedArray(shape, dtype)
    return found


def _canonical(dtype):
    """Whether JAX holds arrays of `dtype` as they are (device_put neither rejects nor
    converts them: x64 is on, so all numeric dtypes but float0)."""
    try:
        jax_dtypes.check_valid_dtype(dtype)
    except TypeError:
        return False
    return dtype != jax.dtypes.float0 and jax.dtypes.canonicalize_dtype(dtype) == dtype


_LIST_CONVERSIONS = []
_NATIVE = frozenset((list, tuple, int, float, bool, complex, str, bytes))   # TF's own kinds


def register_list_conversion(fn):
    """TF's tensor_conversion_registry entry for lists and tuples holding Tensors
    (ops/autopacking.py stacks them): ``fn(value, dtype) -> Tensor``."""
    _LIST_CONVERSIONS[:] = [fn]


@x64
def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """tf.convert_to_tensor. Tensors are never cast; numpy values are cast to `dtype`."""
    from .variables import Variable
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    if isinstance(value, Tensor):
        if dtype is not None and value.dtype is not dtype:
            raise ValueError(("" if name is None else f"{name}: ") +
                             f"Tensor conversion requested dtype {dtype.name} for Tensor with "
                             f"dtype {value.dtype.name}: {value!r}")
        return value
    if isinstance(value, Variable):
        if dtype is not None and value.dtype is not dtype:
            raise ValueError(f"Incompatible type conversion requested to type {dtype.name} for "
                             f"`tf.Variable of type {value.dtype.name}. (Variable: {value!r})")
        return value._read()
    if value is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    if type(value) not in _NATIVE and not isinstance(value, (np.generic, np.ndarray)) and \
            not hasattr(value, "__tf_tensor__"):   # (a user's type: its registered function)
        t = tensor_conversion_registry.convert(value, dtype, name, dtype_hint)
        if t is not None:
            return t
    if type(value) in (list, tuple) and _LIST_CONVERSIONS and \
            dtypes.sequence_holds(value, (Tensor, Variable)):
        return _LIST_CONVERSIONS[0](value, dtype)
    if dtype is None and dtype_hint is not None:
        try:
            return _from_python(value, dtypes.as_dtype(dtype_hint))
        except (TypeError, ValueError):
            pass
    return _from_python(value, dtype)


def convert_to_tensor_v2(value, dtype=None, dtype_hint=None, name=None):
    """tf.convert_to_tensor: convert_to_tensor, and in a tf.function's trace a Python or
    NumPy value is a Const node of its graph where it is converted (TF's), not where an op
    first uses it (the op wrappers' conversions, named ``<op>/<arg>``)."""
    t = convert_to_tensor(value, dtype, dtype_hint, name)
    if ctx.traces and isinstance(value, _PLAIN) and not symbolic(t._value):
        graph_const(t, name or "Const")
    return t


_PLAIN = (list, tuple, int, float, bool, complex, str, bytes, np.ndarray, np.generic)


def graph_const(t, name):
    """In a tf.function's trace, `t` is a Const node of its graph from now on, named
    `name` (TF makes it where tf.constant is called, not where it is first used)."""
    from . import func_graph
    builder = func_graph.current()
    if builder is not None and not builder.suppressed and builder.lookup(t) is None:
        builder.const(t, name or "Const")


@x64
def constant(value, dtype=None, shape=None, name="Const"):
    """tf.constant: a Tensor from a Python/numpy value (a scalar is broadcast to `shape`)."""
    from .variables import Variable
    t = _constant(value, dtype, shape)
    if ctx.traces and not isinstance(value, (Tensor, Variable)):
        graph_const(t, name)
    return t


def _sequence_of_tensors_error(value):
    """TF's error for tf.constant of a list holding Tensors or Variables, which it does not
    pack (tf.convert_to_tensor does). Eagerly its converter infers the shape from the first
    element at each level, and fails taking len() of a Tensor or Variable there, or meets
    one later as a mixed type; TF's message also holds a traceback through its own files,
    left out here. In a tf.function the first such leaf decides."""
    from .variables import Variable
    if ctx.traces:
        leaf = next(v for v in nest.flatten(value) if isinstance(v, (Tensor, Variable)))
        if isinstance(leaf, Variable):
            return NotImplementedError("numpy() is only available when eager execution is "
                                       "enabled.")
        return TypeError("Expected any non-tensor type, but got a tensor instead.")
    first = value
    while isinstance(first, (list, tuple)) and first:
        first = first[0]
    if isinstance(first, Tensor):
        return ValueError("TypeError: Scalar tensor has no `len()`\n")
    if isinstance(first, Variable):
        return ValueError("TypeError: object of type 'ResourceVariable' has no len()\n")
    return ValueError("Can't convert Python sequence with mixed types to Tensor.")


def _constant(value, dtype, shape):
    from .variables import Variable
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    if isinstance(value, (Tensor, Variable)):
        if dtype is not None and value.dtype is not dtype:
            raise TypeError(f"Expected tensor {value.numpy()} with dtype {dtype!r}, but got "
                            f"dtype {value.dtype!r}.")
        t = convert_to_tensor(value)
    elif isinstance(value, (list, tuple)) and dtypes.sequence_holds(value, (Tensor, Variable)):
        raise _sequence_of_tensors_error(value)
    else:
        t = _from_python(value, dtype)
    if shape is None:
        return t
    from .tensor_shape import TensorShape
    shape = tuple(TensorShape(shape).as_list())   # TF's Dimension checks
    arr = t._value
    if None in shape:
        if arr.size == 1:   # TF's broadcast_to converts the shape to a tensor
            raise ValueError("Attempt to convert a value (None) with an unsupported type "
                             "(<class 'NoneType'>) to a Tensor." if set(shape) == {None}
                             else "Can't convert Python sequence with mixed types to Tensor.")
        raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor "
                        f"{np.asarray(arr)} (converted from {value}) has {arr.size} elements, "
                        f"but got `shape` {shape} with None elements).")
    if arr.shape == shape:
        return t
    n = int(np.prod(shape))
    if arr.size in (1, n) and arr.dtype != strings.OBJECT and ctx.traces:
        # (in a trace on the host: a jnp op would make it a tracer, not TF's Const)
        host = np.asarray(arr)
        return EagerTensor(device_array(np.broadcast_to(host.reshape(()), shape).copy()
                                        if arr.size == 1 else host.reshape(shape)))
    xp = np if arr.dtype == strings.OBJECT else jnp
    if arr.size == 1:
        return EagerTensor(xp.broadcast_to(arr.reshape(()), shape))
    if arr.size == n:
        return EagerTensor(arr.reshape(shape))
    raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor "
                    f"{np.asarray(arr)} (converted from {value}) has {arr.size} elements, but "
                    f"got `shape` {shape} with {n} elements).")
