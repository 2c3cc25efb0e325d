"""AutoGraph's break converter (TF 2.21's autograph/converters/break_statements.py):
`break` becomes a flag that guards the rest of the loop body and joins the loop's test."""
import ast

from .base import _Base, _not, expr, names, template


class _Breaks(_Base):
    def __init__(self, ctx):
        self.ctx = ctx
        self.stack = []   # [control variable, used]

    def visit_Break(self, node):
        self.stack[-1][1] = True
        return template("var = True\ncontinue", node, var=self.stack[-1][0])

    def _body(self, nodes, var):
        self.stack.append([var, False])
        nodes = self.visit_block(nodes)
        return nodes, self.stack.pop()[1]

    def _loop(self, node):
        var = self.ctx.namer.new("break_", names(node.body))
        if isinstance(node, ast.While):
            node.test = self.visit(node.test)
        else:
            node.target, node.iter = self.visit(node.target), self.visit(node.iter)
        node.body, used = self._body(node.body, var)
        orelse, node.orelse = self.visit_block(node.orelse), []
        if not used:
            return [node] + orelse
        if orelse:
            orelse = template("if not var:\n    block", orelse[0], var=var, block=orelse)
        if isinstance(node, ast.While):
            node.test = expr("not var and test", node, var=var, test=node.test)
        else:
            node.ag_extra_test = _not(var, node)
            node.body = template("(var,)", node, var=var) + node.body
        return template("var = False", node, var=var) + [node] + orelse

    visit_While = visit_For = _loop
