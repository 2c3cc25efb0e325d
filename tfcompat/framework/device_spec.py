"""tf.DeviceSpec: TF 2's immutable (possibly partial) device specification, as TF's
python/framework/device_spec.py (DeviceSpecV2) parses, prints, merges and compares it.
The device types it accepts are TF's built-in ones (no pluggable devices)."""

_VALID_DEVICE_TYPES = frozenset({"CPU", "GPU", "TPU", "CUSTOM", "EPU"})


def _str_or_none(value):
    return None if value is None else str(value)


def _int_or_none(value):
    return None if value is None else int(value)


def _device_type_or_none(device_type):
    return device_type.upper() if device_type in ("cpu", "gpu") else _str_or_none(device_type)


class DeviceSpecV2:
    """tf.DeviceSpec(job=None, replica=None, task=None, device_type=None, device_index=None)."""

    __slots__ = ("_job", "_replica", "_task", "_device_type", "_device_index", "_as_string",
                 "_hash")

    def __init__(self, job=None, replica=None, task=None, device_type=None, device_index=None):
        self._job = _str_or_none(job)
        self._replica = _int_or_none(replica)
        self._task = _int_or_none(task)
        self._device_type = _device_type_or_none(device_type)
        self._device_index = _int_or_none(device_index)
        self._as_string = _components_to_string(
            self._job, self._replica, self._task, self._device_type, self._device_index)
        self._hash = hash(self._as_string)

    def to_string(self):
        """'/job:<name>/replica:<id>/task:<id>/device:<type>:<id>', the fields set."""
        return self._as_string

    @classmethod
    def from_string(cls, spec):
        return cls(*_string_to_components(spec))

    def parse_from_string(self, spec):
        """TF 2's parse_from_string: a new DeviceSpec (DeviceSpecs are immutable)."""
        return self.from_string(spec)

    def make_merged_spec(self, dev):
        """A new DeviceSpec with the fields ``dev`` sets replacing this one's."""
        mine = (self.job, self.replica, self.task, self.device_type, self.device_index)
        theirs = (dev.job, dev.replica, dev.task, dev.device_type, dev.device_index)
        return self.__class__(*(t if t is not None else m for m, t in zip(mine, theirs)))

    def replace(self, **kwargs):
        fields = dict(job=self.job, replica=self.replica, task=self.task,
                      device_type=self.device_type, device_index=self.device_index)
        fields.update(kwargs)
        return self.__class__(**fields)

    job = property(lambda self: self._job)
    replica = property(lambda self: self._replica)
    task = property(lambda self: self._task)
    device_type = property(lambda self: self._device_type)
    device_index = property(lambda self: self._device_index)

    def __eq__(self, other):
        return isinstance(other, self.__class__) and self.to_string() == other.to_string()

    def __hash__(self):
        return self._hash

    def __repr__(self):
        return (f"<DeviceSpec(job={self.job}, replica={self.replica}, task={self.task}, "
                f"device_type={self.device_type}, device_index={self.device_index})>")


def _string_to_components(spec):
    """(job, replica, task, device_type, device_index) of a device name, or TF's ValueError."""
    job = replica = task = device_type = device_index = None
    spec = spec or ""
    for y in [x.split(":") for x in spec.split("/")]:
        n = len(y)
        if n == 2 and y[0] == "job":
            job = y[1]
        elif n == 2 and y[0] == "replica":
            replica = y[1]
        elif n == 2 and y[0] == "task":
            task = y[1]
        elif n in (1, 2) and y[0].upper() in _VALID_DEVICE_TYPES or n == 3 and y[0] == "device":
            if device_type is not None:
                raise ValueError(f"Multiple device types are not allowed while parsing the "
                                 f"device spec: {spec}.")
            device_type = y[0].upper() if n < 3 else y[1]
            if n > 1 and y[-1] != "*":
                device_index = int(y[-1])
        elif y[0] != "":
            raise ValueError(f"Unknown attribute '{y[0]}' is encountered while parsing the "
                             f"device spec: '{spec}'.")
    return job, replica, task, device_type, device_index


def _components_to_string(job, replica, task, device_type, device_index):
    out = []
    if job is not None:
        out.append(f"/job:{job}")
    if replica is not None:
        out.append(f"/replica:{replica}")
    if task is not None:
        out.append(f"/task:{task}")
    if device_type is not None:
        out.append(f"/device:{device_type}:{'*' if device_index is None else device_index}")
    return "".join(out)


DeviceSpecV2.__module__ = "tensorflow.python.framework.device_spec"
