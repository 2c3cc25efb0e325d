"""AutoGraph's expression converters (TF 2.21's autograph/converters/
conditional_expressions.py, logical_expressions.py and variables.py): ternaries, `and`/
`or`/`not` and comparisons become ``ag__`` operators, reads of the user's names
``ag__.ld``."""
import ast
import copy

from .base import _Base, expr, template


class _ConditionalExpressions(_Base):
    def visit_IfExp(self, node):   # as TF, the branches are not converted again
        return ast.copy_location(expr(
            "ag__.if_exp(test, lambda: a, lambda: b, r)", node, test=node.test, a=node.body,
            b=node.orelse, r=ast.Constant(value=ast.unparse(node.test).strip())), node)


class _Logical(_Base):
    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1:
            return node
        tree, left = None, node.left
        for op, right in zip(node.ops, node.comparators):
            cmp = ast.copy_location(ast.Compare(left=copy.deepcopy(left), ops=[op],
                                                comparators=[right]), node)
            tree = cmp if tree is None else expr("ag__.and_(lambda: a, lambda: b)", node,
                                                 a=tree, b=cmp)
            left = right
        return tree

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return ast.copy_location(expr("ag__.not_(a)", node, a=node.operand), node)
        return node

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        name = "and_" if isinstance(node.op, ast.And) else "or_"
        result = node.values[-1]
        for value in reversed(node.values[:-1]):
            result = expr(f"ag__.{name}(lambda: a, lambda: b)", node, a=value, b=result)
        return ast.copy_location(result, node)


class _Variables(_Base):
    """TF's VariableAccessTransformer: reads of the user's names go through ag__.ld."""

    def visit_Name(self, node):
        if getattr(node, "ag_orig", False) and isinstance(node.ctx, ast.Load):
            node.ag_orig = False
            return ast.copy_location(expr("ag__.ld(v)", node, v=node), node)
        return node

    def visit_Delete(self, node):
        self.generic_visit(node)
        out = []
        for t in node.targets:
            if isinstance(t, ast.Name):
                out += template(f"{t.id} = ag__.Undefined({t.id!r})", node)
        rest = [t for t in node.targets if not isinstance(t, ast.Name)]
        if rest:
            out.append(ast.copy_location(ast.Delete(targets=rest), node))
        return out

    def visit_AugAssign(self, node):
        if isinstance(node.target, ast.Name):
            return template(f"{node.target.id} = ag__.ld({node.target.id})", node) + [node]
        return self.generic_visit(node)
