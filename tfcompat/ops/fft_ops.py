"""tf.signal's Fourier transforms: FFT/IFFT (1D, 2D, 3D), RFFT/IRFFT (1D, 2D, 3D), the
N-D ones (which TF registers no CPU kernel for), fftshift and ifftshift."""

import jax.numpy as jnp
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.context import ctx
from ..framework.dispatch import Op, execute, to_tensor
from . import manip_ops
from .op_args import attr_error, index_array, kernel_error, no_kernel_error

# -- the ops -----------------------------------------------------------------------------------


def _complex_transform(rank, inverse):
    axes = tuple(range(-rank, 0))
    transform = jnp.fft.ifftn if inverse else jnp.fft.fftn
    return lambda x: transform(x, axes=axes)


def _real_transform(rank, inverse):
    axes = tuple(range(-rank, 0))
    if inverse:
        return lambda x, fft_length: jnp.fft.irfftn(x, s=fft_length, axes=axes)
    return lambda x, fft_length: jnp.fft.rfftn(x, s=fft_length, axes=axes)


_COMPLEX_OPS = {(rank, inverse): Op(name, _complex_transform(rank, inverse))
                for rank, inverse, name in ((1, False, "FFT"), (1, True, "IFFT"),
                                            (2, False, "FFT2D"), (2, True, "IFFT2D"),
                                            (3, False, "FFT3D"), (3, True, "IFFT3D"))}
_REAL_OPS = {(rank, inverse): Op(name, _real_transform(rank, inverse))
             for rank, inverse, name in ((1, False, "RFFT"), (1, True, "IRFFT"),
                                         (2, False, "RFFT2D"), (2, True, "IRFFT2D"),
                                         (3, False, "RFFT3D"), (3, True, "IRFFT3D"))}
_COMPLEX = (dtypes.complex64, dtypes.complex128)


def _input(value, dtype_hint):
    """An input converted as TF's wrappers convert it (Python values take `dtype_hint`)."""
    return to_tensor(convert_to_tensor(value, dtype_hint=dtype_hint))


def _check_rank(op, x, rank):
    if x.ndim < rank:
        raise kernel_error(op.name, f"Input must have rank of at least {rank} but got: "
                                    f"[{','.join(map(str, x.shape))}]", "")


def _complex_fft(rank, inverse):
    op = _COMPLEX_OPS[rank, inverse]
    api = f"tf.signal.{'i' if inverse else ''}fft{'' if rank == 1 else f'{rank}d'}"

    def transform(input, name=None):
        x = _input(input, dtypes.complex64)
        if x.dtype not in _COMPLEX:
            if ctx.traces:
                raise TypeError(f"Value passed to parameter 'input' has DataType "
                                f"{x.dtype.name} not in list of allowed values: complex64, "
                                f"complex128")
            raise attr_error(op.name, "Tcomplex", x.dtype, name="")
        _check_rank(op, x, rank)
        return execute(op, (x,))

    transform.__name__ = api.rsplit(".", 1)[1]
    transform.__doc__ = f"{api}: the {'inverse ' if inverse else ''}discrete Fourier " \
                        f"transform over the inner-most {rank} dimension(s)."
    return transform


fft = _complex_fft(1, False)
ifft = _complex_fft(1, True)
fft2d = _complex_fft(2, False)
ifft2d = _complex_fft(2, True)
fft3d = _complex_fft(3, False)
ifft3d = _complex_fft(3, True)


# -- real transforms: TF's _rfft_wrapper / _irfft_wrapper ----------------------------------------

def _fft_length(value, x, rank, inverse, api):
    """The fft_length argument as a tuple of ints: given, or inferred from `x`'s inner
    dimensions (for an inverse transform the last one is 2 * (n - 1))."""
    if value is None:
        length = list(x.shape[x.ndim - rank:])
        if inverse and length:
            length[-1] = max(0, 2 * (length[-1] - 1))
        return tuple(length)
    array = index_array(convert_to_tensor(value, dtypes.int32), api, "fft_length")
    if array.ndim == 0:
        raise TypeError(f"'numpy.{array.dtype.name}' object is not iterable")
    if array.ndim != 1 or array.shape[0] != rank:
        raise kernel_error(_REAL_OPS[rank, inverse].name,
                           f"fft_length must be length {rank} vector, but got "
                           f"[{','.join(map(str, array.shape))}]", "")
    return tuple(int(v) for v in array)


def _maybe_pad(x, rank, fft_length, inverse):
    """TF's _maybe_pad_for_rfft: zero-pads the inner `rank` dimensions of `x` up to
    fft_length (the last one to fft_length // 2 + 1 for an inverse transform)."""
    if 0 in x.shape:
        return x
    want = list(fft_length)
    if inverse:
        want[-1] = want[-1] // 2 + 1
    have = x.shape[x.ndim - rank:]
    paddings = [[0, max(w - h, 0)] for w, h in zip(want, have)]
    if not any(p for _, p in paddings):
        return x
    return manip_ops.pad(x, [[0, 0]] * (x.ndim - rank) + paddings)


def _real_fft(rank, inverse):
    op = _REAL_OPS[rank, inverse]
    api = f"tf.signal.{'ir' if inverse else 'r'}fft{'' if rank == 1 else f'{rank}d'}"
    kind = "IRFFT" if inverse else "RFFT"
    want = "tf.complex64 or tf.complex128" if inverse else "tf.float32 or tf.float64"

    def transform(input_tensor, fft_length=None, name=None):
        x = _input(input_tensor, dtypes.complex64 if inverse else dtypes.float32)
        if not inverse and x.dtype not in (dtypes.float32, dtypes.float64):
            raise ValueError(f"{kind} requires {want} inputs, got: %s" % (x,))
        x.shape.with_rank_at_least(rank)
        if inverse and x.dtype not in _COMPLEX:
            raise ValueError(f"{kind} requires {want} inputs, got: %s" % (x,))
        length = _fft_length(fft_length, x, rank, inverse, api)
        x = to_tensor(_maybe_pad(x, rank, length, inverse))
        if 0 in length:
            raise kernel_error(op.name, "fft_length must be positive, got "
                                        f"[{','.join(map(str, length))}]", "")
        return execute(op, (x,), (("fft_length", length),))

    transform.__name__ = api.rsplit(".", 1)[1]
    transform.__doc__ = (f"{api}: the {'inverse ' if inverse else ''}real-valued discrete "
                         f"Fourier transform over the inner-most {rank} dimension(s).")
    return transform


rfft = _real_fft(1, False)
irfft = _real_fft(1, True)
rfft2d = _real_fft(2, False)
irfft2d = _real_fft(2, True)
rfft3d = _real_fft(3, False)
irfft3d = _real_fft(3, True)


# -- N-D transforms ------------------------------------------------------------------------------

def _no_nd_kernel(op_name, complex_dtype, real_dtype, name):
    """TF 2.21's error for an N-D transform: it registers no CPU kernel for FFTND, IFFTND,
    RFFTND or IRFFTND (`real_dtype` None for the complex ones; `name`: the node's name
    inside a tf.function, the `` name: `` suffix eagerly, None for none)."""
    attrs = f"Tcomplex=DT_{complex_dtype.name.upper()}"
    if real_dtype is not None:
        attrs += f", Treal=DT_{'FLOAT' if real_dtype == dtypes.float32 else 'DOUBLE'}"
    return no_kernel_error(op_name, attrs, "  <no registered kernels>\n",
                           "" if name is None else f" name: {name}", node=name)


def _nd_fft(op_name, real_input):
    api = f"tf.signal.{op_name.lower()}"

    def transform(input_tensor, fft_length=None, axes=None, norm=None, name=None):
        x = _input(input_tensor, dtypes.float32 if real_input else dtypes.complex64)
        if real_input and x.dtype not in (dtypes.float32, dtypes.float64):
            raise ValueError("RFFT requires tf.float32 or tf.float64 inputs, got: %s" % (x,))
        if op_name == "IRFFTND" and x.dtype not in _COMPLEX:
            raise ValueError("IRFFT requires tf.complex64 or tf.complex128 inputs, got: %s" % (x,))
        complex_dtype = x.dtype if x.dtype in _COMPLEX else (
            dtypes.complex128 if x.dtype == dtypes.float64 else dtypes.complex64)
        real = None
        if real_input or op_name == "IRFFTND":
            real = x.dtype if real_input else x.dtype.real_dtype
        raise _no_nd_kernel(op_name, complex_dtype, real,
                            op_name.lower() if ctx.traces else "")

    transform.__name__ = api.rsplit(".", 1)[1]
    transform.__doc__ = (f"{api}: TF 2.21 registers no kernel for {op_name} on CPU; it "
                         f"raises TF's NotFoundError.")
    return transform


fftnd = _nd_fft("FFTND", False)
ifftnd = _nd_fft("IFFTND", False)
rfftnd = _nd_fft("RFFTND", True)
irfftnd = _nd_fft("IRFFTND", False)


def _raw_nd_fft(op_name):
    """tf.fftnd & co.: the raw op wrappers (fft_length and axes required, int32)."""
    in_attr = "Treal" if op_name == "RFFTND" else "Tcomplex"

    def check(input, fft_length, axes, out_dtype):
        raw = (input, fft_length, axes)
        nm = None if any(isinstance(r, (list, tuple, str, bytes)) for r in raw) else ""
        x = to_tensor(convert_to_tensor(input))
        for value in (fft_length, axes):
            convert_to_tensor(value, dtypes.int32)
        real = (dtypes.float32, dtypes.float64)
        if x.dtype not in (real if op_name == "RFFTND" else _COMPLEX):
            raise attr_error(op_name, in_attr, x.dtype, name=nm)
        if out_dtype is not None and out_dtype not in (
                _COMPLEX if op_name == "RFFTND" else real):
            raise attr_error(op_name, "Tcomplex" if op_name == "RFFTND" else "Treal",
                             out_dtype, name=nm)
        if op_name == "RFFTND":
            return _no_nd_kernel(op_name, out_dtype, x.dtype, op_name if ctx.traces else nm)
        return _no_nd_kernel(op_name, x.dtype, out_dtype, op_name if ctx.traces else nm)

    if op_name == "RFFTND":
        def transform(input, fft_length, axes, Tcomplex=dtypes.complex64, name=None):
            raise check(input, fft_length, axes, dtypes.as_dtype(Tcomplex))
    elif op_name == "IRFFTND":
        def transform(input, fft_length, axes, Treal=dtypes.float32, name=None):
            raise check(input, fft_length, axes, dtypes.as_dtype(Treal))
    else:
        def transform(input, fft_length, axes, name=None):
            raise check(input, fft_length, axes, None)

    transform.__name__ = transform.__qualname__ = op_name.lower()
    transform.__doc__ = (f"tf.{op_name.lower()} (raw op {op_name}): TF 2.21 registers no "
                         f"kernel for it on CPU; it raises TF's NotFoundError after TF's "
                         f"argument checks.")
    return transform


raw_fftnd = _raw_nd_fft("FFTND")
raw_ifftnd = _raw_nd_fft("IFFTND")
raw_rfftnd = _raw_nd_fft("RFFTND")
raw_irfftnd = _raw_nd_fft("IRFFTND")


# -- shifts ---------------------------------------------------------------------------------------

def _shift(x, axes, sign):
    x = to_tensor(x)
    if axes is None:
        axes = tuple(range(x.ndim))
    elif isinstance(axes, (int, np.integer)):
        axes = int(axes)
    else:
        axes = tuple(int(a) + x.ndim if int(a) < 0 else int(a) for a in axes)
    dims = [x.shape[a] for a in ((axes,) if isinstance(axes, int) else axes)]
    shift = [sign * (d // 2) for d in dims]
    return manip_ops.roll(x, shift[0] if isinstance(axes, int) else shift, axes)


def fftshift(x, axes=None, name=None):
    """tf.signal.fftshift: rolls the zero-frequency term to the center of each axis."""
    return _shift(x, axes, 1)


def ifftshift(x, axes=None, name=None):
    """tf.signal.ifftshift: the inverse of fftshift."""
    return _shift(x, axes, -1)
