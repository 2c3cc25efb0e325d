"""AutoGraph's control flow converter (TF 2.21's autograph/converters/control_flow.py):
`if`/`while`/`for` become ``ag__.if_stmt``/``while_stmt``/``for_stmt`` over functions of
the block and of its state (static_analysis.py's liveness and definedness)."""
import ast
import copy

from .. import static_analysis as sa
from .base import _Base, names, set_order, template


class _ControlFlow(_Base):
    """TF's ControlFlowTransformer: if/while/for become ag__.if_stmt/while_stmt/for_stmt
    over functions of the block and of its state."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.fns = []   # (analysis, globals, nonlocals) per function

    def visit_FunctionDef(self, node):
        g, nl = sa.declared(node.body)
        self.fns.append((sa.analyze(node), g, nl))
        self.generic_visit(node)
        self.fns.pop()
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def _block_vars(self, node):
        info, g, nl = self.fns[-1][0][id(node)], self.fns[-1][1], self.fns[-1][2]
        basic = [s for s in info.modified if "." not in s and
                 (s in info.live_in or s in info.live_out or s in nl)]
        composite = [s for s in info.modified if "." in s and
                     s.split(".")[0] in info.live_in]
        input_only = {s for s in basic if s in info.live_in and s not in info.live_out}
        scope = sorted(basic + composite, key=lambda v: (v in input_only, v))
        undefined = [s for s in set_order(info.modified) if "." not in s and
                     s not in info.defined_in and s not in g and s not in nl]
        # Beyond TF: every global the block assigns stays global in its functions.
        extra_globals = [s for s in info.modified if s in g and s not in scope]
        return scope, undefined, len(scope) - len(input_only), extra_globals

    def _declarations(self, vars_, extra_globals, origin):
        g = self.fns[-1][1]
        ordered = set_order(vars_)
        globals_ = [s for s in ordered if s in g] + extra_globals
        nonlocals = [s for s in ordered if "." not in s and s not in g]
        out = []
        if globals_:
            out.append(ast.Global(names=globals_))
        if nonlocals:
            out.append(ast.Nonlocal(names=nonlocals))
        for d in out:
            ast.copy_location(d, origin)
        return out

    def _state(self, vars_, decls, origin, reserved):
        get_name = self.ctx.namer.new("get_state", reserved)
        set_name = self.ctx.namer.new("set_state", reserved)
        if not vars_:
            return template(f"def {get_name}():\n    return ()\n"
                            f"def {set_name}(block_vars):\n    pass", origin), \
                get_name, set_name
        guarded = [s if "." not in s else f"ag__.ldu(lambda: {s}, {s!r})" for s in vars_]
        fns = template(f"def {get_name}():\n    return ({', '.join(guarded)},)\n"
                       f"def {set_name}(vars_):\n    decls\n"
                       f"    {', '.join(vars_)}, = vars_", origin, decls=copy.deepcopy(decls))
        return fns, get_name, set_name

    def _def(self, name, args, decls, body, origin):
        fn = template(f"def {name}({args}):\n    decls\n    body", origin,
                      decls=copy.deepcopy(decls), body=body or [ast.Pass()])
        return fn

    def _undefined(self, undefined, origin):
        out = []
        for s in undefined:
            out += template(f"{s} = ag__.Undefined({s!r})", origin)
        return out

    @staticmethod
    def _names_tuple(vars_):
        return "(" + "".join(f"{s!r}, " for s in vars_).rstrip(", ") + \
            ("," if len(vars_) == 1 else "") + ")"

    @staticmethod
    def _opts(node):
        opts = list(getattr(node, "ag_loop_opts", []))
        return ast.Dict(keys=[ast.Constant(value=k) for k, _ in opts],
                        values=[v for _, v in opts])

    def visit_If(self, node):
        self.generic_visit(node)
        vars_, undefined, nouts, extra = self._block_vars(node)
        decls = self._declarations(vars_, extra, node)
        reserved = names(node.body + node.orelse)
        state, get_name, set_name = self._state(vars_, decls, node, reserved)
        body_name = self.ctx.namer.new("if_body", reserved)
        else_name = self.ctx.namer.new("else_body", reserved)
        call = template(f"ag__.if_stmt(test, {body_name}, {else_name}, {get_name}, "
                        f"{set_name}, {self._names_tuple(vars_)}, {nouts})", node,
                        test=node.test)
        return state + self._def(body_name, "", decls, node.body, node) + \
            self._def(else_name, "", decls, node.orelse, node) + \
            self._undefined(undefined, node) + call

    def visit_While(self, node):
        self.generic_visit(node)
        vars_, undefined, _, extra = self._block_vars(node)
        decls = self._declarations(vars_, extra, node)
        reserved = names(node.body)
        state, get_name, set_name = self._state(vars_, decls, node, reserved)
        body_name = self.ctx.namer.new("loop_body", reserved)
        test_name = self.ctx.namer.new("loop_test", reserved)
        test_fn = template(f"def {test_name}():\n    return test", node, test=node.test)
        call = template(f"ag__.while_stmt({test_name}, {body_name}, {get_name}, {set_name}, "
                        f"{self._names_tuple(vars_)}, opts)", node, opts=self._opts(node))
        return state + self._def(body_name, "", decls, node.body, node) + test_fn + \
            self._undefined(undefined, node) + call + node.orelse

    def visit_For(self, node):
        self.generic_visit(node)
        vars_, undefined, _, extra = self._block_vars(node)
        decls = self._declarations(vars_, extra, node)
        reserved = names(node.body) | names(node.target) | names(node.iter)
        state, get_name, set_name = self._state(vars_, decls, node, reserved)
        opts = self._opts(node)
        opts.keys.append(ast.Constant(value="iterate_names"))
        opts.values.append(ast.Constant(value=ast.unparse(node.target)))
        extra_test = getattr(node, "ag_extra_test", None)
        extra_fn, extra_name = [], "None"
        if extra_test is not None:
            extra_name = self.ctx.namer.new("extra_test", reserved)
            extra_fn = template(f"def {extra_name}():\n    decls\n    return test", node,
                                decls=copy.deepcopy(decls), test=extra_test)
        itr = self.ctx.namer.new("itr", reserved)
        unpack = template(f"target = {itr}", node, target=node.target)
        body_name = self.ctx.namer.new("loop_body", reserved)
        call = template(f"ag__.for_stmt(it, {extra_name}, {body_name}, {get_name}, "
                        f"{set_name}, {self._names_tuple(vars_)}, opts)", node,
                        it=node.iter, opts=opts)
        return state + self._def(body_name, itr, decls, unpack + node.body, node) + \
            extra_fn + self._undefined(undefined, node) + call + node.orelse
