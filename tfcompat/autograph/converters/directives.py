"""AutoGraph's directives converter (TF 2.21's autograph/converters/directives.py):
tf.autograph.experimental.set_loop_options calls become the options of their loop."""
import ast

from ...framework.context import unscoped
from .base import _Base


_LOOP_OPTION_ARGS = ("parallel_iterations", "swap_memory", "maximum_iterations",
                     "shape_invariants")


class _Directives(_Base):
    def __init__(self, ctx):
        self.ctx = ctx

    def _static(self, node):
        if isinstance(node, ast.Name):
            if node.id in self.ctx.local_names:
                return None
            return self.ctx.namespace.get(node.id)
        if isinstance(node, ast.Attribute):
            parent = self._static(node.value)
            if parent is not None and type(parent).__name__ == "module":
                return getattr(parent, node.attr, None)
        return None

    def _loop(self, node):
        self.generic_visit(node)
        body = []
        for s in node.body:
            call = s.value if isinstance(s, ast.Expr) else None
            if isinstance(call, ast.Call) and \
                    unscoped(self._static(call.func)) is unscoped(self.ctx.set_loop_options):
                opts = list(zip(_LOOP_OPTION_ARGS, call.args)) + \
                    [(k.arg, k.value) for k in call.keywords]
                node.ag_loop_opts = opts
                continue
            body.append(s)
        node.body = body or [ast.Pass()]
        return node

    visit_While = visit_For = _loop
