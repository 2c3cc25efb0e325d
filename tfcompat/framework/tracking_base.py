"""TF's Trackable base (tf.__internal__.tracking.Trackable): an object that names its
dependencies for checkpoints. ``_track_trackable`` records a named child,
``_trackable_children`` lists them; tf.train.Checkpoint walks them."""
import abc
import functools


class Trackable(metaclass=abc.ABCMeta):  # noqa: B024 (TF's base class)
    """The base of objects that tf.train.Checkpoint can save (TF's base.Trackable)."""

    @property
    def _self_unconditional_dependency_names(self):
        # (kept in the instance under the property's own name, as TF's attribute is: Keras's
        # saving skips that name when it walks an object's attributes)
        deps = self.__dict__.get("_self_unconditional_dependency_names")
        if deps is None:
            deps = self.__dict__["_self_unconditional_dependency_names"] = {}
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


class TrackableResource(Trackable):
    """tf.saved_model.experimental.TrackableResource: a Trackable owning a resource (a
    lookup table's); subclasses define ``_create_resource`` (and ``_initialize``)."""

    def __init__(self, device=""):
        self._resource_handle_value = None
        self._resource_device = device

    def _create_resource(self):
        raise NotImplementedError(f"{type(self).__name__} must define _create_resource.")

    def _initialize(self):
        """Initializes the resource (subclasses: a table's contents)."""

    @property
    def resource_handle(self):
        """The resource, created by ``_create_resource`` on first use."""
        if self._resource_handle_value is None:
            self._resource_handle_value = self._create_resource()
        return self._resource_handle_value
