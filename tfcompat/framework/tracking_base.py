"""TF's Trackable base (tf.__internal__.tracking.Trackable): an object that names its
dependencies for checkpoints. ``_track_trackable`` records a named child,
``_trackable_children`` lists them; tf.train.Checkpoint walks them."""
import abc
import contextlib
import functools


class Trackable(metaclass=abc.ABCMeta):  # noqa: B024 (TF's base class)
    """The base of objects that tf.train.Checkpoint can save (TF's base.Trackable)."""

    @property
    def _self_unconditional_dependency_names(self):
        deps = self.__dict__.get("_self_tracked_dependencies")
        if deps is None:
            deps = {}
            object.__setattr__(self, "_self_tracked_dependencies", deps)
        return deps

    def _track_trackable(self, trackable, name, overwrite=False):
        """Records ``trackable`` as the dependency ``name`` of this object."""
        deps = self._self_unconditional_dependency_names
        if name in deps and deps[name] is not trackable and not overwrite:
            raise ValueError(
                f"Called Trackable._track_trackable() with name='{name}', but a Trackable "
                "with this name is already declared as a dependency. Names must be unique "
                "(or overwrite=True).")
        deps[name] = trackable
        return trackable

    def _trackable_children(self, save_type="checkpoint", **kwargs):
        return dict(self._self_unconditional_dependency_names)

    @property
    def _setattr_tracking(self):
        return self.__dict__.get("_self_setattr_tracking", True)

    @_setattr_tracking.setter
    def _setattr_tracking(self, value):
        object.__setattr__(self, "_self_setattr_tracking", value)


class TensorBase(metaclass=abc.ABCMeta):  # noqa: B024 (an abstract marker, as TF's)
    """tf.__internal__.types.Tensor (TF's types.core.Tensor): the abstract type that Tensors
    and Variables are instances of."""


class CompositeTensor(metaclass=abc.ABCMeta):  # noqa: B024
    """tf.__internal__.CompositeTensor: the abstract type of tensors made of several
    (IndexedSlices)."""


def no_automatic_dependency_tracking(method):
    """Runs ``method`` with the object's attribute tracking off (TF's decorator)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        previous = self.__dict__.get("_self_setattr_tracking", True)
        object.__setattr__(self, "_self_setattr_tracking", False)
        try:
            return method(self, *args, **kwargs)
        finally:
            object.__setattr__(self, "_self_setattr_tracking", previous)
    return wrapper


@contextlib.contextmanager
def no_tracking(obj):
    previous = obj.__dict__.get("_self_setattr_tracking", True)
    object.__setattr__(obj, "_self_setattr_tracking", False)
    try:
        yield
    finally:
        object.__setattr__(obj, "_self_setattr_tracking", previous)


class AutoTrackable(Trackable):
    """tf.__internal__.tracking.AutoTrackable as libraries that track their own containers
    (Keras) subclass it: attributes are stored as given (a list stays the same list object,
    as TF's non-copying ListWrapper keeps it), and tf.train.Checkpoint finds the children
    by walking the attributes."""
