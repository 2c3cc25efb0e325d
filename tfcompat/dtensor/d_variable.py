"""tf.experimental.dtensor.DVariable: a tf.Variable whose value is a DTensor and keeps its
layout: assigned values are laid out as the variable."""
import jax

from ..framework import errors
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.tensor import symbolic
from ..framework.variables import ResourceVariable
from . import api


class DVariable(ResourceVariable):
    """tf.experimental.dtensor.DVariable."""

    def __init__(self, initial_value, *args, dtype=None, **kwargs):
        layout = kwargs.pop("layout", None)
        if callable(initial_value):
            initial_value = initial_value()
        initial_value = convert_to_tensor(initial_value, dtype=dtype)
        if not executing_eagerly():   # (as TF: the layout given, if any; no checks)
            if layout is not None:
                initial_value = api.relayout(initial_value, layout)
        elif api.is_dtensor(initial_value):
            value_layout = api.fetch_layout(initial_value)
            if layout is not None and layout != value_layout:
                raise errors.InvalidArgumentError(
                    None, None, f"Conflicting layout are provided for initial value layout "
                                f"({value_layout}) and variable ({layout}).")
            layout = value_layout
        elif layout is not None:
            initial_value = api.relayout(initial_value, layout)
        else:
            raise errors.InvalidArgumentError(
                None, None, "Neither layout nor DTensor initial value are provided.")
        self.layout = layout
        super().__init__(initial_value, *args, dtype=dtype, **kwargs)

    def _converted(self, value):
        """An assigned value, laid out as the variable."""
        new = super()._converted(value)
        layout = self._handle.layout
        if layout is None:   # (made inside tf.function without a layout)
            return new
        if symbolic(new):
            return jax.lax.with_sharding_constraint(new, layout.sharding())
        return jax.device_put(new, layout.sharding())

    def __repr__(self):
        text = api.printed(self._value) if not symbolic(self._value) else None
        if text is None:
            return super().__repr__()
        return f"<tf.Variable '{self.name}' shape={self.shape} dtype={self.dtype.name}, " \
               f'value={text[0]}, layout="{text[1]}">'

    __str__ = __repr__


DVariable.__module__ = "tensorflow.dtensor.python.d_variable"
