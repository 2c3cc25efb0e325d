"""tf.make_tensor_proto and tf.make_ndarray, and the protobuf message classes they use:
tensorflow.TensorProto, TensorShapeProto, ResourceHandleProto, VariantTensorDataProto
and the DataType enum, built at import from descriptors written here with TF's names,
field numbers and types (tensor.proto, tensor_shape.proto, resource_handle.proto,
types.proto; framework/proto_schema.py). Their messages print, compare and
serialize as TF's do.

make_tensor_proto follows TF's tensor_util (without its fast_tensor_util extension, as
TF 2.21's wheel runs): tensor_content for the dtypes TF packs there when the array has
more than one element and the shape's size, the typed *_val fields otherwise."""
import numbers

import numpy as np

from . import dtypes, nest, proto_schema
from .proto_schema import F, field, message, proto_file
from .dimension import Dimension
from .tensor import Tensor, symbolic

_DATA_TYPES = (   # (their enum numbers: the positions; the _REF types add 100)
    "INVALID", "FLOAT", "DOUBLE", "INT32", "UINT8", "INT16", "INT8", "STRING", "COMPLEX64",
    "INT64", "BOOL", "QINT8", "QUINT8", "QINT32", "BFLOAT16", "QINT16", "QUINT16", "UINT16",
    "COMPLEX128", "HALF", "RESOURCE", "VARIANT", "UINT32", "UINT64", "FLOAT8_E5M2",
    "FLOAT8_E4M3FN", "FLOAT8_E4M3FNUZ", "FLOAT8_E4M3B11FNUZ", "FLOAT8_E5M2FNUZ", "INT4", "UINT4",
    "INT2", "UINT2", "FLOAT4_E2M1FN")


def _files():
    """TF's four .proto files, as FileDescriptorProtos."""
    root = "tensorflow/core/framework/"
    types = proto_file(root + "types.proto")
    proto_schema.enum(types, "DataType", [
        (f"DT_{name}{suffix}", number + offset) for suffix, offset in (("", 0), ("_REF", 100))
        for number, name in enumerate(_DATA_TYPES) if number or not suffix])
    shape = proto_file(root + "tensor_shape.proto")
    proto = message(shape, "TensorShapeProto", [
        field("dim", 2, F.TYPE_MESSAGE, "tensorflow.TensorShapeProto.Dim", True),
        field("unknown_rank", 3, F.TYPE_BOOL)])
    message(proto, "Dim", [field("size", 1, F.TYPE_INT64), field("name", 2, F.TYPE_STRING)])
    handle = proto_file(root + "resource_handle.proto", [shape.name, types.name])
    proto = message(handle, "ResourceHandleProto", [
        field("device", 1, F.TYPE_STRING), field("container", 2, F.TYPE_STRING),
        field("name", 3, F.TYPE_STRING), field("hash_code", 4, F.TYPE_UINT64),
        field("maybe_type_name", 5, F.TYPE_STRING),
        field("dtypes_and_shapes", 6, F.TYPE_MESSAGE,
              "tensorflow.ResourceHandleProto.DtypeAndShape", True)])
    message(proto, "DtypeAndShape", [
        field("dtype", 1, F.TYPE_ENUM, "tensorflow.DataType"),
        field("shape", 2, F.TYPE_MESSAGE, "tensorflow.TensorShapeProto")])
    tensor = proto_file(root + "tensor.proto", [handle.name, shape.name, types.name])
    message(tensor, "TensorProto", [
        field("dtype", 1, F.TYPE_ENUM, "tensorflow.DataType"),
        field("tensor_shape", 2, F.TYPE_MESSAGE, "tensorflow.TensorShapeProto"),
        field("version_number", 3, F.TYPE_INT32),
        field("tensor_content", 4, F.TYPE_BYTES),
        field("half_val", 13, F.TYPE_INT32, repeated=True),
        field("float_val", 5, F.TYPE_FLOAT, repeated=True),
        field("double_val", 6, F.TYPE_DOUBLE, repeated=True),
        field("int_val", 7, F.TYPE_INT32, repeated=True),
        field("string_val", 8, F.TYPE_BYTES, repeated=True),
        field("scomplex_val", 9, F.TYPE_FLOAT, repeated=True),
        field("int64_val", 10, F.TYPE_INT64, repeated=True),
        field("bool_val", 11, F.TYPE_BOOL, repeated=True),
        field("dcomplex_val", 12, F.TYPE_DOUBLE, repeated=True),
        field("resource_handle_val", 14, F.TYPE_MESSAGE, "tensorflow.ResourceHandleProto",
              True),
        field("variant_val", 15, F.TYPE_MESSAGE, "tensorflow.VariantTensorDataProto", True),
        field("uint32_val", 16, F.TYPE_UINT32, repeated=True),
        field("uint64_val", 17, F.TYPE_UINT64, repeated=True),
        field("float8_val", 18, F.TYPE_BYTES)])
    message(tensor, "VariantTensorDataProto", [
        field("type_name", 1, F.TYPE_STRING), field("metadata", 2, F.TYPE_BYTES),
        field("tensors", 3, F.TYPE_MESSAGE, "tensorflow.TensorProto", True)])
    return types, shape, handle, tensor


proto_schema.add(*_files())
TensorProto = proto_schema.message_class("tensorflow.TensorProto")
TensorShapeProto = proto_schema.message_class("tensorflow.TensorShapeProto")

# the dtypes whose arrays TF's make_tensor_proto packs into tensor_content
_CONTENT_TYPES = ("float16", "float32", "float64", "int32", "uint8", "int16", "int8", "int64",
                  "uint32", "uint64", "bfloat16")
# the *_val field of each dtype (half_val takes the float16 / bfloat16 bits)
_VAL_FIELDS = {"float16": "half_val", "bfloat16": "half_val", "float32": "float_val",
               "float64": "double_val", "int32": "int_val", "uint8": "int_val",
               "uint16": "int_val", "int16": "int_val", "int8": "int_val",
               "int64": "int64_val", "uint32": "uint32_val", "uint64": "uint64_val",
               "complex64": "scomplex_val", "complex128": "dcomplex_val", "bool": "bool_val",
               "string": "string_val"}
_INTEGRAL = (numbers.Integral, np.integer, Dimension)
_CHECKS = {"bool": (bool,), "complex64": (numbers.Complex, np.number),
           "complex128": (numbers.Complex, np.number), "string": (bytes, str)}


def _as_bytes(value):
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, bytes):
        return value
    raise TypeError(f"Expected binary or unicode string, got {value!r}")


def _kinds(dtype):
    """The Python types TF's _AssertCompatible accepts for `dtype` (None: any but
    Tensors)."""
    if dtype.name in _CHECKS:
        return _CHECKS[dtype.name]
    if dtype.is_integer:
        return _INTEGRAL
    if dtype.is_floating:
        return (numbers.Real, np.integer, np.floating)
    return None


def _assert_compatible(values, dtype):
    """TF's _AssertCompatible: Python values of a kind `dtype` takes (no Tensors)."""
    kinds = None if dtype is None else _kinds(dtype)
    for v in nest.flatten(values):
        if kinds is None:
            bad = isinstance(v, Tensor) and symbolic(v._value)
        else:
            bad = not (isinstance(v, kinds) or
                       (isinstance(v, np.ndarray) and issubclass(v.dtype.type, kinds)))
        if bad and dtype is None:
            raise TypeError("Expected any non-tensor type, but got a tensor instead.")
        if bad:
            raise TypeError(f"Expected {dtype.name}, but got {v} of type "
                            f"'{type(v).__name__}'.")


def _dtype_of(array):
    return dtypes.string if array.dtype.kind in "USO" else dtypes.as_dtype(array.dtype)


def _dense_dimensions(values):
    if not isinstance(values, (list, tuple)):
        return []
    if not values:
        return [0]
    return [len(values)] + _dense_dimensions(values[0])


def _flatten_to_strings(values):
    if isinstance(values, (list, tuple)):
        for inner in values:
            yield from _flatten_to_strings(inner)
    else:
        yield values


def _is_array_like(value):
    if isinstance(value, Tensor) and symbolic(value._value):
        return False
    if callable(getattr(value, "__array__", None)) or \
            isinstance(getattr(value, "__array_interface__", None), dict):
        return True
    try:
        memoryview(value)
    except TypeError:
        return False
    return not isinstance(value, bytes)


def _array(values, dtype, shape):
    """The numpy array of `values` (array-likes already converted) as TF's
    make_tensor_proto makes it."""
    if isinstance(values, (np.ndarray, np.generic)):
        return values.astype(dtype._np) if dtype is not None and dtype._np is not None \
            else values
    if values is None:
        raise ValueError("None values not supported.")
    np_type = None if dtype is None else dtype._np
    if shape is not None and np.prod(shape, dtype=np.int64) == 0:
        array = np.empty(shape, dtype=np_type)
    else:
        _assert_compatible(values, dtype)
        array = np.array(values, np_type)
        if list(array.shape) != _dense_dimensions(values):
            raise ValueError(f"Expected values {values} to be a dense tensor with shape "
                             f"{_dense_dimensions(values)}, but got shape {list(array.shape)}.")
    if array.dtype == np.float64 and dtype is None:
        array = array.astype(np.float32)
    elif array.dtype == np.int64 and dtype is None:
        down = array.astype(np.int32)
        if np.array_equal(down, array):
            array = down
    return array


def make_tensor_proto(values, dtype=None, shape=None, verify_shape=False,
                      allow_broadcast=False):
    """tf.make_tensor_proto: a TensorProto of `values` (a tensor, array or Python
    values), of `dtype` and `shape` when given."""
    if allow_broadcast and verify_shape:
        raise ValueError("allow_broadcast and verify_shape are not both allowed.")
    if isinstance(values, TensorProto):
        return values
    dtype = dtypes.as_dtype(dtype) if dtype else None
    if _is_array_like(values):
        values = np.asarray(values)
    array = _array(values, dtype, shape)
    array_dtype = _dtype_of(array)
    if dtype is not None and dtype.base_dtype != array_dtype.base_dtype:
        raise TypeError(f"`dtype` {dtype} is not compatible with {values} of dtype "
                        f"{array.dtype}.")
    if shape is None:
        shape, same_size, size = array.shape, True, array.size
    else:
        shape = [int(d) for d in shape]
        size = int(np.prod(shape, dtype=np.int64))
        same_size = size == array.size
        if allow_broadcast:
            if array.shape not in ((1,), ()) and array.size != size:
                raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, but got "
                                f"{array.shape}.")
        else:
            if verify_shape and array.shape != tuple(shape):
                raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, but got "
                                f"{array.shape}.")
            if array.size > size:
                raise ValueError(f"Too many elements provided. Takes at most {size:d}, but "
                                 f"got {array.size:d}.")
    proto = TensorProto(dtype=array_dtype.as_datatype_enum)
    proto.tensor_shape.dim.extend(TensorShapeProto.Dim(size=d) for d in shape)
    if same_size and array_dtype.name in _CONTENT_TYPES and size > 1:
        if array.size * array.itemsize >= (1 << 31):
            raise ValueError("Cannot create a tensor proto whose content is larger than 2GB.")
        proto.tensor_content = array.tobytes()
        return proto
    if array_dtype is dtypes.string and not isinstance(values, np.ndarray):
        try:
            proto.string_val.extend(_as_bytes(v) for v in _flatten_to_strings(values))
        except TypeError:
            raise TypeError(f"Failed to convert elements of {values} to Tensor. Consider "
                            f"casting elements to a supported type. See "
                            f"https://www.tensorflow.org/api_docs/python/tf/dtypes for "
                            f"supported TF dtypes.") from None
        return proto
    flat = array.ravel()
    field = _VAL_FIELDS.get(array_dtype.name)
    if field is None:
        raise TypeError(f"Element type not supported in TensorProto: {array_dtype.name}.")
    if field == "half_val":
        items = flat.view(np.uint16).tolist()
    elif array_dtype.is_complex:
        items = [v for x in flat.tolist() for v in (x.real, x.imag)]
    elif array_dtype is dtypes.string:
        items = [_as_bytes(x) for x in flat.tolist()]
    else:
        items = flat.tolist()
    getattr(proto, field).extend(items)
    return proto


def make_ndarray(tensor):
    """tf.make_ndarray: the numpy array a TensorProto holds."""
    shape = [d.size for d in tensor.tensor_shape.dim]
    count = int(np.prod(shape, dtype=np.int64))
    dtype = dtypes.as_dtype(tensor.dtype)
    np_type = object if dtype is dtypes.string else dtype._np
    if tensor.tensor_content:
        return np.frombuffer(tensor.tensor_content, dtype=np_type).copy().reshape(shape)
    if dtype is dtypes.string:
        values = list(tensor.string_val)
        if count > len(values):
            values.extend([values[-1] if values else ""] * (count - len(values)))
        return np.array(values, dtype=np_type).reshape(shape)
    field = _VAL_FIELDS.get(dtype.name)
    if field is None:
        raise TypeError(f"Unsupported tensor type: {tensor.dtype}. See "
                        f"https://www.tensorflow.org/api_docs/python/tf/dtypes for supported "
                        f"TF dtypes.")
    if field == "half_val":
        values = np.fromiter(tensor.half_val, dtype=np.uint16).view(np_type)
    elif dtype.is_complex:
        pairs = iter(getattr(tensor, field))
        values = np.array([complex(a, b) for a, b in zip(pairs, pairs)], dtype=np_type)
    else:
        values = np.fromiter(getattr(tensor, field), dtype=np_type)
    if values.size == 0:
        return np.zeros(shape, np_type)
    if values.size != count:
        values = np.pad(values, (0, count - values.size), "edge")
    return values.reshape(shape)
