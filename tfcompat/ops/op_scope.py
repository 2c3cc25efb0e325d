"""The name scopes of TF's composite op wrappers in a tf.function's graph.

TF's Python wrappers run ``with ops.name_scope(name, default)``, so the nodes of
``tf.clip_by_value(x, 0, 1)`` are ``clip_by_value/Minimum`` and, as its last op is made
with ``name=scope``, ``clip_by_value``. Eagerly names are not recorded and nothing is done.
"""
import functools
import inspect

from ..framework import func_graph
from ..framework.context import ctx
from ..framework.module import name_scope
from ..framework.tensor import Tensor


def op_scope(default, names_last=False):
    """Run the decorated op in TF's wrapper scope: its `name` argument, else `default`;
    `names_last`: its result's node, if the last one recorded, is named the scope."""
    def decorate(fn):
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def scoped(*args, **kwargs):
            if not ctx.traces:
                return fn(*args, **kwargs)
            name = kwargs["name"] if "name" in kwargs else \
                signature.bind_partial(*args).arguments.get("name")
            with name_scope(name or default) as scope:
                out = fn(*args, **kwargs)
            builder = func_graph.current()
            if names_last and builder is not None and isinstance(out, Tensor):
                builder.rename_last(out, scope[:-1])
            return out
        return scoped
    return decorate
