"""tf.make_tensor_proto and tf.make_ndarray, and the protobuf message classes they use:
tensorflow.TensorProto, TensorShapeProto, ResourceHandleProto, VariantTensorDataProto
and the DataType enum, built at import from descriptors written here with TF's names,
field numbers and types (tensor.proto, tensor_shape.proto, resource_handle.proto,
types.proto), in a descriptor pool of their own. Their messages print, compare and
serialize as TF's do.

make_tensor_proto follows TF's tensor_util (without its fast_tensor_util extension, as
TF 2.21's wheel runs): tensor_content for the dtypes TF packs there when the array has
more than one element and the shape's size, the typed *_val fields otherwise."""
import numbers

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
import numpy as np

from . import dtypes, nest
from .dimension import Dimension
from .tensor import Tensor, symbolic

_F = descriptor_pb2.FieldDescriptorProto
_DATA_TYPES = (   # (their enum numbers: the positions; the _REF types add 100)
    "INVALID", "FLOAT", "DOUBLE", "INT32", "UINT8", "INT16", "INT8", "STRING", "COMPLEX64",
    "INT64", "BOOL", "QINT8", "QUINT8", "QINT32", "BFLOAT16", "QINT16", "QUINT16", "UINT16",
    "COMPLEX128", "HALF", "RESOURCE", "VARIANT", "UINT32", "UINT64", "FLOAT8_E5M2",
    "FLOAT8_E4M3FN", "FLOAT8_E4M3FNUZ", "FLOAT8_E4M3B11FNUZ", "FLOAT8_E5M2FNUZ", "INT4", "UINT4",
    "INT2", "UINT2", "FLOAT4_E2M1FN")


def _field(name, number, kind, type_name=None, repeated=False):
    field = _F(name=name, number=number, type=kind,
               label=_F.LABEL_REPEATED if repeated else _F.LABEL_OPTIONAL)
    if type_name:
        field.type_name = "." + type_name
    return field


def _message(file, name, fields):
    message = file.message_type.add(name=name)
    message.field.extend(fields)
    return message


def _files():
    """TF's four .proto files, as FileDescriptorProtos."""
    root = "tensorflow/core/framework/"
    types = descriptor_pb2.FileDescriptorProto(name=root + "types.proto", package="tensorflow",
                                               syntax="proto3")
    enum = types.enum_type.add(name="DataType")
    for suffix, offset in (("", 0), ("_REF", 100)):
        for number, name in enumerate(_DATA_TYPES):
            if number or not suffix:
                enum.value.add(name=f"DT_{name}{suffix}", number=number + offset)
    shape = descriptor_pb2.FileDescriptorProto(name=root + "tensor_shape.proto",
                                               package="tensorflow", syntax="proto3")
    proto = _message(shape, "TensorShapeProto", [
        _field("dim", 2, _F.TYPE_MESSAGE, "tensorflow.TensorShapeProto.Dim", True),
        _field("unknown_rank", 3, _F.TYPE_BOOL)])
    proto.nested_type.add(name="Dim").field.extend([
        _field("size", 1, _F.TYPE_INT64), _field("name", 2, _F.TYPE_STRING)])
    handle = descriptor_pb2.FileDescriptorProto(
        name=root + "resource_handle.proto", package="tensorflow", syntax="proto3",
        dependency=[shape.name, types.name])
    proto = _message(handle, "ResourceHandleProto", [
        _field("device", 1, _F.TYPE_STRING), _field("container", 2, _F.TYPE_STRING),
        _field("name", 3, _F.TYPE_STRING), _field("hash_code", 4, _F.TYPE_UINT64),
        _field("maybe_type_name", 5, _F.TYPE_STRING),
        _field("dtypes_and_shapes", 6, _F.TYPE_MESSAGE,
               "tensorflow.ResourceHandleProto.DtypeAndShape", True)])
    proto.nested_type.add(name="DtypeAndShape").field.extend([
        _field("dtype", 1, _F.TYPE_ENUM, "tensorflow.DataType"),
        _field("shape", 2, _F.TYPE_MESSAGE, "tensorflow.TensorShapeProto")])
    tensor = descriptor_pb2.FileDescriptorProto(
        name=root + "tensor.proto", package="tensorflow", syntax="proto3",
        dependency=[handle.name, shape.name, types.name])
    _message(tensor, "TensorProto", [
        _field("dtype", 1, _F.TYPE_ENUM, "tensorflow.DataType"),
        _field("tensor_shape", 2, _F.TYPE_MESSAGE, "tensorflow.TensorShapeProto"),
        _field("version_number", 3, _F.TYPE_INT32),
        _field("tensor_content", 4, _F.TYPE_BYTES),
        _field("half_val", 13, _F.TYPE_INT32, repeated=True),
        _field("float_val", 5, _F.TYPE_FLOAT, repeated=True),
        _field("double_val", 6, _F.TYPE_DOUBLE, repeated=True),
        _field("int_val", 7, _F.TYPE_INT32, repeated=True),
        _field("string_val", 8, _F.TYPE_BYTES, repeated=True),
        _field("scomplex_val", 9, _F.TYPE_FLOAT, repeated=True),
        _field("int64_val", 10, _F.TYPE_INT64, repeated=True),
        _field("bool_val", 11, _F.TYPE_BOOL, repeated=True),
        _field("dcomplex_val", 12, _F.TYPE_DOUBLE, repeated=True),
        _field("resource_handle_val", 14, _F.TYPE_MESSAGE, "tensorflow.ResourceHandleProto",
               True),
        _field("variant_val", 15, _F.TYPE_MESSAGE, "tensorflow.VariantTensorDataProto", True),
        _field("uint32_val", 16, _F.TYPE_UINT32, repeated=True),
        _field("uint64_val", 17, _F.TYPE_UINT64, repeated=True),
        _field("float8_val", 18, _F.TYPE_BYTES)])
    _message(tensor, "VariantTensorDataProto", [
        _field("type_name", 1, _F.TYPE_STRING), _field("metadata", 2, _F.TYPE_BYTES),
        _field("tensors", 3, _F.TYPE_MESSAGE, "tensorflow.TensorProto", True)])
    return types, shape, handle, tensor


_pool = descriptor_pool.DescriptorPool()
for _file in _files():
    _pool.Add(_file)
TensorProto = message_factory.GetMessageClass(_pool.FindMessageTypeByName("tensorflow.TensorProto"))
TensorShapeProto = message_factory.GetMessageClass(
    _pool.FindMessageTypeByName("tensorflow.TensorShapeProto"))

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
