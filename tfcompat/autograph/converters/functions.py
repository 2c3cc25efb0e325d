"""AutoGraph's functions converter (TF 2.21's autograph/converters/functions.py): a
function's body runs in ``ag__.FunctionScope``, a lambda's in ``ag__.with_function_scope``,
with the conversion options written as code."""
import ast

from .base import _Base, expr, names, template


class Options:
    """The options a conversion runs with (TF's ConversionOptions, as code)."""

    def __init__(self, recursive=True, user_requested=True):
        self.recursive, self.user_requested = recursive, user_requested

    def source(self, nested=False):
        user = self.user_requested and not nested
        convert_user = self.recursive if nested else True
        if self.recursive and not user and convert_user:
            return "ag__.STD"
        return (f"ag__.ConversionOptions(recursive={self.recursive}, user_requested={user}, "
                f"optional_features=(), internal_convert_user_code={convert_user})")


class _Functions(_Base):
    def __init__(self, ctx):
        self.ctx = ctx
        self.level = 0

    def visit_Lambda(self, node):
        self.level += 1
        self.generic_visit(node)
        self.level -= 1
        if self.level > 0:
            return expr("ag__.autograph_artifact(l)", node, l=node)
        name = self.ctx.namer.new("lscope", names(node))
        node.ag_context = name
        node.body = expr(f"ag__.with_function_scope(lambda {name}: body, {name!r}, "
                         f"{self.ctx.options.source()})", node.body, body=node.body)
        return node

    def visit_FunctionDef(self, node):
        nested = self.level > 0
        node.ag_context = name = self.ctx.namer.new("fscope", names(node.body))
        self.level += 1
        self.generic_visit(node)
        self.level -= 1
        if nested:
            node.decorator_list.append(expr("ag__.autograph_artifact", node))
        else:
            node.decorator_list = []
        doc = []
        if node.body and isinstance(node.body[0], ast.Expr) and \
                isinstance(node.body[0].value, ast.Constant):
            doc, node.body = node.body[:1], node.body[1:] or [ast.Pass()]
        wrap = template(f"with ag__.FunctionScope({node.name!r}, {name!r}, "
                        f"{self.ctx.options.source(nested)}) as {name}:\n    body",
                        node.body[0], body=node.body)
        node.body = doc + wrap
        return node

    visit_AsyncFunctionDef = visit_FunctionDef
