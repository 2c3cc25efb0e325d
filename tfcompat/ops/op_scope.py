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
            with name_scope(name or default):
                out = fn(*args, **kwargs)
                if names_last:
                    name_result(out, "")
            return out
        return scoped
    return decorate


def name_result(out, name):
    """Inside a traced op wrapper, TF's name in the wrapper's scope for the node that made
    `out`, if it is the last one recorded: "Squeeze" for norm/Squeeze, "" for the scope's
    own name, None to keep tfcompat's. (tfcompat's single node stands for TF's several;
    its result is named as TF's.) Eagerly nothing."""
    builder = func_graph.current()
    if name is not None and builder is not None and isinstance(out, Tensor):
        builder.rename_last(out, name)
