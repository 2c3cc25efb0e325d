"""tf.errors."""
from .framework.errors import (
    ABORTED, ALREADY_EXISTS, CANCELLED, DATA_LOSS, DEADLINE_EXCEEDED, FAILED_PRECONDITION,
    INTERNAL, INVALID_ARGUMENT, NOT_FOUND, OK, OUT_OF_RANGE, PERMISSION_DENIED,
    RESOURCE_EXHAUSTED, UNAUTHENTICATED, UNAVAILABLE, UNIMPLEMENTED, UNKNOWN, AbortedError,
    AlreadyExistsError, CancelledError, DataLossError, DeadlineExceededError,
    FailedPreconditionError, InternalError, InvalidArgumentError, NotFoundError, OpError,
    OperatorNotAllowedInGraphError,
    OutOfRangeError, PermissionDeniedError, ResourceExhaustedError, UnauthenticatedError,
    UnavailableError, UnimplementedError, UnknownError,
)
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
