"""AutoGraph's return converters (TF 2.21's autograph/converters/return_statements.py):
the code after an `if` whose branch always returns moves into the other branch, and
`return` becomes ``retval_``/``do_return`` flags with one final ``fscope.ret(...)``."""
import ast

from .base import _Base, _not, _stmts, expr, names, template


class _ConditionalReturns(_Base):
    """TF's ConditionalReturnRewriter: the code after an `if` whose branch always
    returns moves into the other branch."""

    def __init__(self):
        self.returns = []

    def visit_Return(self, node):
        self.returns[-1] = True
        return node

    def _after(self, node):
        if getattr(node, "ag_returns", False):
            self.returns[-1] = True
        if isinstance(node, ast.If) and getattr(node, "ag_body_returns", False):
            return node, node.orelse
        if isinstance(node, ast.If) and getattr(node, "ag_orelse_returns", False):
            return node, node.body
        return node, None

    def block(self, nodes):
        self.returns.append(False)
        nodes = self.visit_block(nodes, self._after)
        return nodes, self.returns.pop()

    def _loop(self, node):
        node.body, _ = self.block(node.body)
        node.orelse, _ = self.block(node.orelse)
        return node

    visit_While = visit_For = _loop

    def visit_With(self, node):
        node.body, node.ag_returns = self.block(node.body)
        return node

    def visit_Try(self, node):
        node.body, _ = self.block(node.body)
        node.orelse, _ = self.block(node.orelse)
        node.finalbody, _ = self.block(node.finalbody)
        for h in node.handlers:
            h.body, _ = self.block(h.body)
        return node

    def visit_If(self, node):
        node.body, node.ag_body_returns = self.block(node.body)
        node.orelse, node.ag_orelse_returns = self.block(node.orelse)
        if node.ag_body_returns and node.ag_orelse_returns:
            self.returns[-1] = True
        return node

    def visit_FunctionDef(self, node):
        node.body, _ = self.block(node.body)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef


class _Returns(_Base):
    """TF's ReturnStatementsTransformer."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.fns = []      # (do_return, retval_)
        self.blocks = []   # [is_function, used, guard_next, guard_now]

    def visit_Return(self, node):
        for block in reversed(self.blocks):
            block[1] = block[2] = True
            if block[0]:
                break
        do_return, retval = self.fns[-1]
        value = node.value or ast.Constant(value=None)
        return template("try:\n    do_return = True\n    retval = value\nexcept:\n"
                        "    do_return = False\n    raise", node, do_return=do_return,
                        retval=retval, value=value)

    def _after(self, node):
        block = self.blocks[-1]
        if not block[1]:
            return node, None
        result = (node, None)
        if block[3]:
            guard = template("if not var:\n    pass", _stmts(node)[0],
                             var=self.fns[-1][0])[0]
            guard.body = _stmts(node)
            result = (guard, guard.body)
        block[3], block[2] = block[2], False
        return result

    def block(self, nodes):
        self.blocks.append([False, False, False, False])
        nodes = self.visit_block(nodes, self._after)
        self.blocks.pop()
        return nodes

    def _loop(self, node):
        node.body = self.block(node.body)
        if self.blocks[-1][1]:
            var = self.fns[-1][0]
            if isinstance(node, ast.While):
                node.test = expr("not var and test", node, var=var, test=node.test)
            else:
                extra = getattr(node, "ag_extra_test", None)
                node.ag_extra_test = _not(var, node) if extra is None else \
                    expr("not var and extra", node, var=var, extra=extra)
        node.orelse = self.block(node.orelse)
        return node

    visit_While = visit_For = _loop

    def visit_If(self, node):
        node.body, node.orelse = self.block(node.body), self.block(node.orelse)
        return node

    def visit_With(self, node):
        node.body = self.block(node.body)
        return node

    def visit_Try(self, node):
        node.body, node.orelse = self.block(node.body), self.block(node.orelse)
        node.finalbody = self.block(node.finalbody)
        for h in node.handlers:
            h.body = self.block(h.body)
        return node

    def visit_FunctionDef(self, node):
        reserved = names(node.body)
        names_ = (self.ctx.namer.new("do_return", reserved),
                  self.ctx.namer.new("retval_", reserved))
        self.fns.append(names_)
        self.blocks.append([True, False, False, False])
        node.body = self.block(node.body)
        used = self.blocks.pop()[1]
        self.fns.pop()
        if used:
            wrapper = node.body[-1]
            do_return, retval = names_
            wrapper.body = template("do_return = False\nretval = ag__.UndefinedReturnValue()",
                                    wrapper.body[0], do_return=do_return, retval=retval) + \
                wrapper.body + template(
                    f"return {node.ag_context}.ret(retval, do_return)", wrapper.body[-1],
                    do_return=do_return, retval=retval)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef
