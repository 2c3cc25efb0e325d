"""Which traces of a tf.function may create variables: TF's Function._call.

TF's first call traces under a variable-creating scope (`_initialize`). If that trace
created variables, later traces may not (TF's "singleton tf.Variables" ValueError).
If it created none, later traces still run under the creating scope. A later trace that
does create one is run, and then the call raises "Creating variables on a non-first
call". A first trace that raised after creating variables leaves TF's function without
its no-variable-creation trace: every later call returns None and runs nothing (TF's
default TracingOptions' function), and get_concrete_function raises TF's TypeError.
"""
from ..framework.trace_state import CallsRunEagerly

NON_FIRST_CALL = ("Creating variables on a non-first call to a function decorated with "
                  "tf.function.")


class VariableCreation:
    """One tf.function's state in TF's rules: `started` (the first call has traced: TF's
    _variable_creation_config), `first_traced` (that trace completed: TF's
    _no_variable_creation_config), `created` (a trace under the creating scope made
    variables: TF's _created_variables)."""

    def __init__(self):
        self.started = self.first_traced = self.created = False

    @property
    def returns_none(self):
        """Whether calls return None without running (TF's state after a first trace that
        failed having created variables)."""
        return self.created and not self.first_traced

    def trace(self, trace_once):
        """Trace by `trace_once(allow_creation, made)` (tracing.trace_function, which adds
        the variables it creates to the list `made`, also where it raises). Returns its
        (ConcreteFunction or None, whether it created variables) and whether this was the
        function's first trace."""
        first = not self.started
        self.started = True
        made = []
        try:
            concrete, created = trace_once(not self.created, made)
        except BaseException as e:
            # (a trace whose calls run eagerly is one TF completes)
            self.first_traced = self.first_traced or (first and isinstance(e, CallsRunEagerly))
            self.created = self.created or bool(made)
            raise
        self.first_traced = self.first_traced or first
        self.created = self.created or created
        return concrete, created, first

    def traced_without_creating(self):
        """A trace that may not create variables completed (tf.function's
        shape-polymorphic one)."""
        if not self.started:
            self.started = self.first_traced = True


class CreatedLater:
    """The trace of a call after the first that created variables (TF's call under its
    variable-creating scope): the call runs, then raises TF's ValueError. It is not kept:
    the next call traces again, as TF's does (without the creating scope)."""

    def __init__(self, concrete):
        self.concrete = concrete

    def __getattr__(self, name):
        return getattr(self.concrete, name)

    def _call_flat(self, tensors, variables=()):
        self.concrete._call_flat(tensors, variables)
        raise ValueError(NON_FIRST_CALL)


class NoFunction:
    """TF's calls after a first trace that failed having created variables: None."""

    def _call_flat(self, tensors, variables=()):
        return None

    @staticmethod
    def error():
        """TF's error for get_concrete_function in that state."""
        return TypeError("replace() should be called on dataclass instances")
