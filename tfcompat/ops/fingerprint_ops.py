"""tf.fingerprint (raw op Fingerprint): FarmHash Fingerprint64 of each row of `data`, as
TF's FingerprintOp computes it (a host kernel; its [rows, 8] uint8 output shape is static,
so it runs inside a tf.function too).

A numeric row is hashed as its little-endian bytes; a string is hashed alone, and a row of
several strings as the concatenation of their fingerprints. Each fingerprint is written
as 8 little-endian bytes."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import execute
from ..framework.strings import OBJECT
from ..framework.variables import Variable
from .io_ops import _host_op, _string_arg
from .op_args import dims, kernel_error
from .shape_inference import dtype_enum, node_error, tracing
from .string_hash import fingerprint64
from .string_text_ops import _name

__all__ = ["fingerprint"]


def _fingerprints(chunks):
    """[len(chunks), 8] uint8: Fingerprint64 of each bytes object, little-endian."""
    out = np.array([fingerprint64(c) for c in chunks], "<u8").reshape(-1)
    return out.view(np.uint8).reshape(-1, 8)


def _fingerprint(data, method, name):
    """The Fingerprint kernel."""
    if method.ndim:
        raise kernel_error("Fingerprint", f"`method` should be a scalar string: "
                           f"{dims(method.shape)}", name)
    if method[()] != b"farmhash64":
        raise kernel_error("Fingerprint", f"Unsupported fingerprint method: "
                           f"{method[()].decode('utf-8', 'replace')}", name)
    if data.ndim < 1:
        raise kernel_error("Fingerprint", f"`data` should have at least one dimension: "
                           f"{dims(data.shape)}", name)
    rows = data.shape[0]
    if not rows:
        return np.zeros((0, 8), np.uint8)
    if data.dtype == OBJECT:
        flat = data.reshape(-1)
        if flat.size // rows > 1:   # (a row's strings: fingerprint their fingerprints)
            flat = [row.tobytes() for row in _fingerprints(flat).reshape(rows, -1)]
        return _fingerprints(flat)
    raw = np.ascontiguousarray(data, data.dtype.newbyteorder("<")).reshape(rows, -1)
    return _fingerprints([row.tobytes() for row in raw])


_op = _host_op("Fingerprint", _fingerprint, outputs=(np.uint8,),
               shape=lambda data, method, name: (data[0] if data else 0, 8))


def fingerprint(data, method="farmhash64", name=None):
    """tf.fingerprint: a [data.shape[0], 8] uint8 tensor, the FarmHash Fingerprint64 of
    each row of `data` (any dtype TF can memcpy, or tf.string)."""
    nm = _name(data, method)
    if isinstance(data, Variable):
        data = data._read()
    data = convert_to_tensor(data)
    method_t = _string_arg(method, "Fingerprint", 1)
    if data.ndim < 1 and tracing():
        raise node_error("Shape must be at least rank 1 but is rank 0", "Fingerprint",
                         [data, method_t], (("T", dtype_enum(data)),))
    if data.dtype in (dtypes.resource, dtypes.variant):
        raise kernel_error("Fingerprint", f"Data type not supported: {data.dtype.name}", nm)
    return execute(_op, (data, method_t), (("name", nm),))
