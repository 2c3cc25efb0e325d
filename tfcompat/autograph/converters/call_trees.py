"""AutoGraph's call converter (TF 2.21's autograph/converters/call_trees.py): calls
become ``ag__.converted_call(f, args, kwargs, fscope)``."""
import ast

from .base import _Base, expr


_KEEP_CALLS = {"vars", "exec"}


def _dotted(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return base and f"{base}.{node.attr}"
    return ""


class _Calls(_Base):
    """TF's CallTreeTransformer: calls become ag__.converted_call(f, args, kwargs,
    fscope), except print, ag__'s and the function scope's own."""

    def __init__(self):
        self.contexts = []

    def visit_FunctionDef(self, node):
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args.defaults = [self.visit(d) for d in node.args.defaults]
        node.args.kw_defaults = [d and self.visit(d) for d in node.args.kw_defaults]
        self.contexts.append(node.ag_context)
        node.body = self.visit_block(node.body)
        self.contexts.pop()
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        if not hasattr(node, "ag_context"):
            return self.generic_visit(node)
        self.contexts.append(node.ag_context)
        self.generic_visit(node)
        self.contexts.pop()
        return node

    def visit_With(self, node):
        node.body = self.visit_block(node.body)
        return node

    def visit_Call(self, node):
        full = _dotted(node.func)
        context = self.contexts[-1]
        self.generic_visit(node)
        if full.startswith("ag__.") or full.startswith(context + ".") or full in (
                "print", "pdb.set_trace", "ipdb.set_trace", "breakpoint") or \
                full in _KEEP_CALLS:
            return node
        parts, pending = [], []
        for a in node.args:
            if isinstance(a, ast.Starred):
                if pending:
                    parts.append(ast.Tuple(elts=pending, ctx=ast.Load()))
                    pending = []
                parts.append(ast.Call(func=ast.Name(id="tuple", ctx=ast.Load()),
                                      args=[a.value], keywords=[]))
            else:
                pending.append(a)
        if pending or not parts:
            parts.append(ast.Tuple(elts=pending, ctx=ast.Load()))
        args = parts[0]
        for p in parts[1:]:
            args = ast.BinOp(left=args, op=ast.Add(), right=p)
        kwargs = ast.Call(func=ast.Name(id="dict", ctx=ast.Load()), args=[],
                          keywords=node.keywords) if node.keywords else \
            ast.Constant(value=None)
        return ast.copy_location(expr(f"ag__.converted_call(f, args, kwargs, {context})",
                                      node, f=node.func, args=args, kwargs=kwargs), node)
