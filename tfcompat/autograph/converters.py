"""AutoGraph's converters: TF 2.21's tensorflow/python/autograph/converters, applied to
a function's AST in TF's order (`convert`), with TF's templates and naming, so that the
generated code (tf.autograph.to_code) is TF's text for the common constructs.

Deliberate differences: `for`/`while` with an `else` are converted (TF refuses them);
calls of `vars` and `exec` stay plain calls (TF
routes them through converted_call); a global assigned in a converted block is declared
`global` in the block's functions even where it is not live (TF then assigns a local);
subscripts are not loop state (static_analysis.py).
"""
import ast
import copy
import textwrap

from . import static_analysis as sa

# -- templates and names (TF's pyct/templates.py and pyct/naming.py) --------------------------


def template(src, origin, **subst):
    """Statements parsed from `src`, located at `origin`, with Name placeholders replaced
    by names (str), expressions (AST nodes, keeping their own locations) or statement
    lists (placeholders standing alone as statements)."""
    tree = ast.parse(textwrap.dedent(src))
    for n in ast.walk(tree):
        if "lineno" in n._attributes:
            n.lineno = n.end_lineno = getattr(origin, "lineno", 1)
            n.col_offset = n.end_col_offset = getattr(origin, "col_offset", 0)

    class Replace(ast.NodeTransformer):
        def visit_Name(self, node):
            value = subst.get(node.id)
            if isinstance(value, str):
                node.id = value
            elif isinstance(value, ast.AST):
                return with_ctx(copy.deepcopy(value), node.ctx)
            return node

        def visit_Expr(self, node):
            if isinstance(node.value, ast.Name) and \
                    isinstance(subst.get(node.value.id), list):
                return subst[node.value.id]
            return self.generic_visit(node)
    return Replace().visit(tree).body


def expr(src, origin, **subst):
    return template(src, origin, **subst)[0].value


def with_ctx(node, ctx):
    """`node` as an assignment target (Store) or a value (Load)."""
    if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript, ast.Starred, ast.Tuple,
                         ast.List)):
        node.ctx = type(ctx)()
    if isinstance(node, (ast.Tuple, ast.List)):
        for e in node.elts:
            with_ctx(e, ctx)
    if isinstance(node, ast.Starred):
        with_ctx(node.value, ctx)
    return node


def names(tree):
    """The names referenced under `tree` (a node or a list of nodes)."""
    out = set()
    for t in tree if isinstance(tree, list) else [tree]:
        for n in ast.walk(t):
            if isinstance(n, ast.Name):
                out.add(n.id)
            elif isinstance(n, ast.arg):
                out.add(n.arg)
    return out


class Namer:
    """TF's naming.Namer: a new symbol avoids the function's namespace (globals and
    closure), the names referenced where it is used, and every name generated before."""

    def __init__(self, namespace):
        self.namespace = namespace
        self.generated = set()

    def new(self, root, reserved=()):
        pieces = root.split("_")
        n = 0
        if pieces[-1].isdigit():
            root, n = "_".join(pieces[:-1]), int(pieces[-1])
        name = root
        while name in self.namespace or name in reserved or name in self.generated:
            n += 1
            name = f"{root}_{n}"
        self.generated.add(name)
        return name


class _QN:
    """A symbol hashed as TF's qual_names.QN, so that a set of them iterates in the
    order TF's sets do (TF emits `nonlocal` and `Undefined` lists in set order)."""
    __slots__ = ("name", "_hash")

    def __init__(self, name):
        self.name = name
        if "." in name:
            base, attr = name.rsplit(".", 1)
            self._hash = hash((_QN(base), attr, True, False))
        else:
            self._hash = hash((name, False, False))

    def __hash__(self):
        return self._hash

    def __eq__(self, other):
        return isinstance(other, _QN) and other.name == self.name


def set_order(symbols):
    """`symbols` in the iteration order of TF's set of them."""
    return [q.name for q in set(_QN(s) for s in symbols)]


class _Base(ast.NodeTransformer):
    def visit_block(self, nodes, after=None):
        """TF's visit_block: `after(node)` returns (node, new destination for the
        statements that follow)."""
        result = []
        dest = result
        for node in nodes:
            replacement = self.visit(node)
            new_dest = None
            if after is not None and replacement:
                replacement, new_dest = after(replacement)
            if replacement:
                dest.extend(replacement if isinstance(replacement, list) else [replacement])
            if new_dest is not None:
                dest = new_dest
        return result


def _stmts(x):
    return x if isinstance(x, list) else [x]


def _not(var, origin):
    return expr("not var", origin, var=var)


# -- functions (FunctionScope) ------------------------------------------------------------------

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


# -- directives (set_loop_options) ----------------------------------------------------------------

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
                    self._static(call.func) is self.ctx.set_loop_options:
                opts = list(zip(_LOOP_OPTION_ARGS, call.args)) + \
                    [(k.arg, k.value) for k in call.keywords]
                node.ag_loop_opts = opts
                continue
            body.append(s)
        node.body = body or [ast.Pass()]
        return node

    visit_While = visit_For = _loop


# -- break, continue ----------------------------------------------------------------------------

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


# -- return -------------------------------------------------------------------------------------

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


# -- calls ----------------------------------------------------------------------------------------

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


# -- control flow ----------------------------------------------------------------------------------

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


# -- expressions: conditional, logical, variable reads ------------------------------------------

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


# -- the pipeline -----------------------------------------------------------------------------------

class Context:
    """What a conversion needs: the namer, the options, the function's namespace."""

    def __init__(self, namespace, options, set_loop_options, local_names):
        self.namer = Namer(namespace)
        self.namespace = namespace
        self.options = options
        self.set_loop_options = set_loop_options
        self.local_names = local_names


def convert(node, ctx):
    """Convert a parsed FunctionDef or Lambda (TF's PyToTF.transform_ast); returns the
    new node, named tf__<name> (a Lambda stays a Lambda)."""
    new_name = ctx.namer.new("tf__" + (node.name if isinstance(node, ast.FunctionDef)
                                       else "lam"))
    if isinstance(node, ast.FunctionDef):
        node.decorator_list = []
        node.returns = None
        for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs + \
                [x for x in (node.args.vararg, node.args.kwarg) if x is not None]:
            a.annotation = None
        node.args.defaults = [ast.Constant(value=None) for _ in node.args.defaults]
        node.args.kw_defaults = [d and ast.Constant(value=None)
                                 for d in node.args.kw_defaults]
    # TF's reads through ag__.ld: the user's names a function reads (not those of a
    # converted lambda, nor exception types, which TF's analysis does not annotate).
    handler_types = {id(n) for h in ast.walk(node) if isinstance(h, ast.ExceptHandler)
                     and h.type is not None for n in ast.walk(h.type)}
    if isinstance(node, ast.FunctionDef):
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and \
                    id(n) not in handler_types:
                n.ag_orig = True
    node = _Functions(ctx).visit(node)
    if isinstance(node, ast.FunctionDef):
        node = _Directives(ctx).visit(node)
        node.body = _Breaks(ctx).visit_block(node.body)
        node = _Continues(ctx).visit(node)
        node = _ConditionalReturns().visit(node)
        node = _Returns(ctx).visit(node)
    node = _Calls().visit(node)
    if isinstance(node, ast.FunctionDef):
        node = _ControlFlow(ctx).visit(node)
    node = _ConditionalExpressions().visit(node)
    node = _Logical().visit(node)
    node = _Variables().visit(node)
    if isinstance(node, ast.FunctionDef):
        node.name = new_name
    node.ag_name = new_name
    return node
