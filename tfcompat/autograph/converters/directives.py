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

    def _directive(self, statement):
        """The set_loop_options call that `statement` is, else None."""
        call = statement.value if isinstance(statement, ast.Expr) else None
        if isinstance(call, ast.Call) and \
                unscoped(self._static(call.func)) is unscoped(self.ctx.set_loop_options):
            return call
        return None

    def _loop(self, node):
        self.generic_visit(node)
        body = []
        for i, s in enumerate(node.body):
            call = self._directive(s)
            if call is None:
                body.append(s)
                continue
            if i > 0:   # (TF's conversion fails: the function runs unconverted)
                raise ValueError('"set_loop_options" must be the first statement in the '
                                 'loop block')
            node.ag_loop_opts = list(zip(_LOOP_OPTION_ARGS, call.args)) + \
                [(k.arg, k.value) for k in call.keywords]
        node.body = body or [ast.Pass()]
        return node

    def _outside_loops(self, statements):
        """Whether a set_loop_options statement is among `statements` or the blocks
        nested in them, loops and inner definitions aside."""
        for s in statements:
            if isinstance(s, (ast.For, ast.While, ast.FunctionDef, ast.ClassDef)):
                continue
            if self._directive(s) is not None:
                return True
            blocks = [getattr(s, f, None) or [] for f in ("body", "orelse", "finalbody")]
            blocks += [h.body for h in getattr(s, "handlers", None) or []]
            if any(self._outside_loops(b) for b in blocks):
                return True
        return False

    def visit_FunctionDef(self, node):
        if self._outside_loops(node.body):
            raise ValueError('"set_loop_options" must be used inside a statement')
        return self.generic_visit(node)

    visit_While = visit_For = _loop
