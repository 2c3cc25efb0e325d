"""tf.Module and tf.name_scope.

Name scopes are Python state (``context.ctx.name_scopes``): nested scopes join with '/',
and a name ending in '/' is absolute. Eagerly nothing is uniquified, as in TF 2 eager;
inside a tf.function's trace a scope takes the graph's unique name ('a', then 'a_1', as
TF's Graph.name_scope), after TF's check of the name. Variables created under a scope are
named 'scope/name:0'.
"""
import functools
import re

from . import variables
from .context import ctx
from .trackable import AutoTrackable


class name_scope:
    """tf.name_scope(name): ``with tf.name_scope('a') as scope`` gives 'a/' (nested: 'b/a/')."""

    def __init__(self, name):
        if not isinstance(name, str):
            raise ValueError("name for name_scope must be a string.")
        self._name = name

    name = property(lambda self: self._name)

    def __enter__(self):
        stack = ctx.name_scopes
        builder = ctx.traces[-1].graph if ctx.traces else None
        if self._name and builder is not None:
            _check_graph_scope_name(self._name, stack[-1])
        if not self._name:
            scope = ""
        elif self._name.endswith("/"):
            scope = self._name
        elif builder is not None:   # TF's Graph.unique_name in the graph's name scope
            scope = builder.unique_name(self._name) + "/"
        else:
            scope = stack[-1] + self._name + "/"
        stack.append(scope)
        return scope

    def __exit__(self, *exc):
        ctx.name_scopes.pop()
        return False


_VALID_ROOT_SCOPE_NAME = re.compile(r"^[A-Za-z0-9.][A-Za-z0-9_.\\/>-]*$")
_VALID_SCOPE_NAME = re.compile(r"^[A-Za-z0-9_.\\/>-]*$")


def _check_graph_scope_name(name, current):
    """TF's Graph.name_scope check: a root scope name must be a valid op name."""
    if current:
        if not _VALID_SCOPE_NAME.match(name):
            raise ValueError(f"'{name}' is not a valid scope name. A scope name has to match "
                             f"the following pattern: {_VALID_SCOPE_NAME.pattern}")
    elif not _VALID_ROOT_SCOPE_NAME.match(name):
        raise ValueError(f"'{name}' is not a valid root scope name. A root scope name has "
                         f"to match the following pattern: {_VALID_ROOT_SCOPE_NAME.pattern}")


def get_current_name_scope():
    """tf.get_current_name_scope: the innermost tf.name_scope, without its trailing '/'."""
    return ctx.name_scopes[-1].rstrip("/")


def _camel_to_snake(name):
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2",
                  re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)).lower()


_VALID_IDENTIFIER = re.compile(r"^[a-zA-Z_]([a-zA-Z0-9_])*$")


class Module(AutoTrackable):
    """tf.Module: a named container of Variables and sub-Modules.

    ``variables``, ``trainable_variables``, ``non_trainable_variables`` and ``submodules``
    walk the attributes as TF's ``_flatten_module`` does: attribute names sorted, nested
    lists, tuples and dicts (sorted keys) flattened, each object reported once, a module's
    own attributes before those of its sub-Modules.
    """

    def __init__(self, name=None):
        if name is None:
            name = _camel_to_snake(type(self).__name__)
        elif not _VALID_IDENTIFIER.match(name):
            raise ValueError(f"'{name}' is not a valid module name. Module names must be "
                             f"valid Python identifiers (e.g. a valid class name).")
        self._name = name
        with name_scope(name) as scope:
            self._name_scope = name_scope(scope)

    name = property(lambda self: self._name)
    name_scope = property(lambda self: self._name_scope)

    @property
    def variables(self):
        return tuple(self._flatten(predicate=_is_variable))

    @property
    def trainable_variables(self):
        return tuple(self._flatten(predicate=lambda x: _is_variable(x) and x.trainable))

    @property
    def non_trainable_variables(self):
        return tuple(self._flatten(predicate=lambda x: _is_variable(x) and not x.trainable))

    @property
    def submodules(self):
        return tuple(self._flatten(predicate=lambda x: isinstance(x, Module)))

    def _flatten(self, recursive=True, predicate=None):
        return _flatten_module(self, recursive, predicate or (lambda x: True), {id(self)}, [])

    @classmethod
    def with_name_scope(cls, method):
        """Decorator: run ``method`` inside ``self.name_scope``."""
        @functools.wraps(method)
        def wrapped(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)
        return wrapped


def _is_variable(x):
    return isinstance(x, variables.Variable)


def _leaves(value):
    """(TF nest.flatten) leaves of an attribute value: lists, tuples, dicts (sorted keys)."""
    if isinstance(value, dict):
        return [leaf for k in sorted(value) for leaf in _leaves(value[k])]
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def _flatten_module(module, recursive, predicate, seen, stack):
    if id(module) in stack:   # a cycle back to a module being walked: do not descend
        recursive = False
    submodules = []
    for key in sorted(vars(module)):
        if key.startswith("_self_"):   # tracking state (deferred restorations)
            continue
        for leaf in _leaves(vars(module)[key]):
            if id(leaf) in seen:
                continue
            seen.add(id(leaf))
            if predicate(leaf):
                yield leaf
            if recursive and isinstance(leaf, Module):
                submodules.append(leaf)
    stack.append(id(module))
    for sub in submodules:
        yield from _flatten_module(sub, recursive, predicate, seen, stack)
    stack.pop()
