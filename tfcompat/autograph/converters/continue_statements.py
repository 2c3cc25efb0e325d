"""AutoGraph's continue converter (TF 2.21's autograph/converters/continue_statements.py):
`continue` becomes a flag that guards the rest of the loop body."""
import ast

from .base import _Base, _stmts, names, template


class _Continues(_Base):
    def __init__(self, ctx):
        self.ctx = ctx
        self.loops = []    # [control variable, used]
        self.blocks = []   # [is_loop, guard_current, guard_next]

    def visit_Continue(self, node):
        self.loops[-1][1] = True
        for block in reversed(self.blocks):
            block[2] = True
            if block[0]:
                break
        return template("var = True", node, var=self.loops[-1][0])

    def _after(self, node):
        if self.loops and self.loops[-1][1]:
            block = self.blocks[-1]
            wrap, block[1], block[2] = block[1], block[2], False
            if wrap:
                guard = template("if not var:\n    pass", _stmts(node)[0],
                                 var=self.loops[-1][0])[0]
                guard.body = _stmts(node)
                return guard, guard.body
        return node, None

    def _block(self, nodes, is_loop=False):
        self.blocks.append([is_loop, False, False])
        nodes = self.visit_block(nodes, self._after)
        self.blocks.pop()
        return nodes

    def _loop(self, node):
        if isinstance(node, ast.While):
            node.test = self.visit(node.test)
        else:
            node.target, node.iter = self.visit(node.target), self.visit(node.iter)
        self.loops.append([self.ctx.namer.new("continue_", names(node.body)), False])
        body = self._block(node.body, True)
        var, used = self.loops.pop()
        node.body = (template("var = False", node, var=var) + body) if used else body
        node.orelse = self._block(node.orelse)
        return node

    visit_While = visit_For = _loop

    def visit_If(self, node):
        node.test = self.visit(node.test)
        node.body, node.orelse = self._block(node.body), self._block(node.orelse)
        return node

    def visit_With(self, node):
        node.body = self._block(node.body)
        return node

    def visit_Try(self, node):
        node.body, node.orelse = self._block(node.body), self._block(node.orelse)
        node.finalbody = self._block(node.finalbody)
        for h in node.handlers:
            h.body = self._block(h.body)
        return node

    def visit_FunctionDef(self, node):
        saved, self.loops, self.blocks = (self.loops, self.blocks), [], []
        self.generic_visit(node)
        self.loops, self.blocks = saved
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_FunctionDef
