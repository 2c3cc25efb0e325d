"""tf.errors: TF's exception classes (OpError and its status-code subclasses)."""
import re

OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
ALREADY_EXISTS = 6
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
FAILED_PRECONDITION = 9
ABORTED = 10
OUT_OF_RANGE = 11
UNIMPLEMENTED = 12
INTERNAL = 13
UNAVAILABLE = 14
DATA_LOSS = 15
UNAUTHENTICATED = 16


_TF_MODULE = "tensorflow.python.framework.errors_impl"


class OpError(Exception):
    """tf.errors.OpError: the base class of errors raised by running an op."""

    def __init__(self, node_def, op, message, error_code=UNKNOWN, *args):
        super().__init__(message, *args)
        self._node_def = node_def
        self._op = op
        self._message = message
        self._error_code = error_code

    message = property(lambda self: self._message)
    op = property(lambda self: self._op)
    node_def = property(lambda self: self._node_def)
    error_code = property(lambda self: self._error_code)

    def __str__(self):
        return self._message

    def __reduce__(self):
        return _rebuild, (type(self).__name__, self._node_def, self._op, self._message)


def _rebuild(name, *args):
    """Unpickles an error (its class is named by TF's module, which pickle cannot import)."""
    return globals()[name](*args)


def _subclass(name, code):
    def __init__(self, node_def, op, message, *args):
        OpError.__init__(self, node_def, op, message, code, *args)
    cls = type(name, (OpError,), {"__init__": __init__, "__module__": _TF_MODULE,
                                  "__doc__": f"tf.errors.{name}"})
    return cls


CancelledError = _subclass("CancelledError", CANCELLED)
UnknownError = _subclass("UnknownError", UNKNOWN)
InvalidArgumentError = _subclass("InvalidArgumentError", INVALID_ARGUMENT)
DeadlineExceededError = _subclass("DeadlineExceededError", DEADLINE_EXCEEDED)
NotFoundError = _subclass("NotFoundError", NOT_FOUND)
AlreadyExistsError = _subclass("AlreadyExistsError", ALREADY_EXISTS)
PermissionDeniedError = _subclass("PermissionDeniedError", PERMISSION_DENIED)
ResourceExhaustedError = _subclass("ResourceExhaustedError", RESOURCE_EXHAUSTED)
FailedPreconditionError = _subclass("FailedPreconditionError", FAILED_PRECONDITION)
AbortedError = _subclass("AbortedError", ABORTED)
OutOfRangeError = _subclass("OutOfRangeError", OUT_OF_RANGE)
UnimplementedError = _subclass("UnimplementedError", UNIMPLEMENTED)
InternalError = _subclass("InternalError", INTERNAL)
UnavailableError = _subclass("UnavailableError", UNAVAILABLE)
DataLossError = _subclass("DataLossError", DATA_LOSS)
UnauthenticatedError = _subclass("UnauthenticatedError", UNAUTHENTICATED)

_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


class OperatorNotAllowedInGraphError(TypeError):
    """tf.errors.OperatorNotAllowedInGraphError: a Python operation on a traced Tensor."""

    def __reduce__(self):
        return _rebuild, (type(self).__name__,) + self.args


# The error classes print as TF's do (`<class 'tensorflow.python.framework.errors_impl.
# InvalidArgumentError'>`, tracebacks), as EagerTensor's type does.
OpError.__module__ = OperatorNotAllowedInGraphError.__module__ = _TF_MODULE


def op_error(cls, op_name, text, kernel=None):
    """An eager op failure formatted as TF prints it.

    With `kernel` the message carries TF's function_node prefix
    (``{{function_node __wrapped__Mul_device_...}} text [Op:Mul] name: ``), as kernels
    that fail at run time do; without it, only the ``[Op:..] name: `` suffix, as errors
    raised while the op is being set up (dtype checks) do.
    """
    prefix = f"{{{{function_node __wrapped__{kernel}_device_{_DEVICE}}}}} " if kernel else ""
    return cls(None, None, f"{prefix}{text} [Op:{op_name}] name: ")


# What a collective's transport (Gloo) and JAX's coordination service report when a
# process of the cluster is gone.
_LOST_WORKER = re.compile(r"Connection (?:closed|reset) by peer|heartbeat timeout|"
                          r"Gloo .*(?:Connection refused|failed to connect)")


def lost_worker_error(op_name, text):
    """The tf.errors.UnavailableError TF's collectives raise when a worker of the cluster
    is lost ("Collective ops is aborted by: ..."), where `text`, the runtime's failure,
    reports one (with the peer's address when it names it); else None."""
    if not _LOST_WORKER.search(text):
        return None
    peer = re.search(r"\[([^\]\s]+)\]:(\d+)", text)
    where = f" (peer {peer.group(1)}:{peer.group(2)})" if peer else ""
    return op_error(UnavailableError, op_name,
                    f"Collective ops is aborted by: a worker of the cluster was lost{where}: "
                    f"{text}\nThe error could be from a previous operation. Restart your "
                    f"program to reset.", kernel=op_name)
