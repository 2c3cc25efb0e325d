"""AutoGraph's static analyses of one function body (TF 2.21's pyct/static_analysis:
activity, reaching definitions, reaching function definitions and liveness), computed on
the structured AST rather than on a control-flow graph.

`analyze(fdef)` returns, for each `if`/`while`/`for` statement of the function's own
body (not of the functions nested in it), a `BlockInfo` with what the control flow
converter needs: the symbols the statement binds, the symbols live at its entry and exit
and the symbols defined (on some path) before it. Symbols are names (`x`) and attribute
chains of names (`self.v`, composite symbols). Deliberate difference: subscripts
(`a[i] = ...`) are not composite symbols (TF's are), so they never become loop state.
"""
import ast
import collections

BlockInfo = collections.namedtuple("BlockInfo", "modified live_in live_out defined_in")

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
           ast.SetComp, ast.DictComp, ast.GeneratorExp)


def own_nodes(nodes):
    """The nodes under `nodes`, not descending into nested scopes (functions, lambdas,
    classes, comprehensions), nor into the annotations the converters attach."""
    todo = list(reversed(nodes))
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, _SCOPES):
            continue
        todo.extend(reversed(list(ast.iter_child_nodes(node))))


def symbol(node):
    """The symbol an expression names: `x`, `a.b.c`, or None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = symbol(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def bound(stmts):
    """The symbols `stmts` bind (TF's scope.bound), in order of appearance."""
    out = []

    def add(s):
        if s is not None and s not in out:
            out.append(s)
    for n in own_nodes(stmts):
        if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Store):
            add(symbol(n))
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            for a in n.names:
                add((a.asname or a.name).split(".")[0])
        elif isinstance(n, ast.ExceptHandler) and n.name:
            add(n.name)
    return out


def reads(node):
    """The names an expression or statement may read (lambdas and comprehensions
    included; a nested def only through its decorators and defaults)."""
    if node is None:
        return set()
    if isinstance(node, list):
        return set().union(*(reads(n) for n in node)) if node else set()
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return reads(node.decorator_list) | reads(node.args.defaults) | \
            reads([d for d in node.args.kw_defaults if d is not None])
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            out.add(n.id)
        elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            out.add(n.target.id)
    return out


def params(fdef):
    a = fdef.args
    names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
    names += [x.arg for x in (a.vararg, a.kwarg) if x is not None]
    return names


def declared(stmts):
    """The names a function body declares `global` and `nonlocal`."""
    g, nl = set(), set()
    for n in own_nodes(stmts):
        if isinstance(n, ast.Global):
            g.update(n.names)
        elif isinstance(n, ast.Nonlocal):
            nl.update(n.names)
    return g, nl


def free_reads(fdef):
    """The names a nested function reads from its enclosing scopes."""
    g, nl = declared(fdef.body)
    local = (set(params(fdef)) | {s for s in bound(fdef.body) if "." not in s}) - g - nl
    return {n.id for n in ast.walk(fdef) if isinstance(n, ast.Name) and
            isinstance(n.ctx, ast.Load)} - local


def _simple(symbols):
    return {s for s in symbols if "." not in s}


class _Forward:
    """Reaching definitions and reaching function definitions (may-analyses)."""

    def __init__(self):
        self.defined_in = {}
        self.fns_in = {}

    def block(self, stmts, state):
        for s in stmts:
            state = self.stmt(s, state)
        return state

    def stmt(self, s, state):
        defs, fns = state
        self.defined_in[id(s)] = frozenset(defs)
        self.fns_in[id(s)] = fns
        if isinstance(s, ast.If):
            a = self.block(s.body, state)
            b = self.block(s.orelse, state)
            return defs | a[0] | b[0], fns | a[1] | b[1]
        if isinstance(s, (ast.While, ast.For)):
            head = set(defs) | (_simple(bound([ast.Assign(targets=[s.target], value=None)]))
                                if isinstance(s, ast.For) else set())
            loop = (frozenset(head), fns)
            while True:
                out = self.block(s.body, loop)
                new = (loop[0] | out[0], loop[1] | out[1])
                if new == loop:
                    break
                loop = new
            self.fns_in[id(s)] = loop[1]
            return self.block(s.orelse, loop)
        if isinstance(s, ast.Try) or type(s).__name__ == "TryStar":
            body = self.block(s.body, state)
            merged = (defs | body[0], fns | body[1])
            outs = [self.block(s.orelse, body)]
            outs += [self.block(h.body, (merged[0] | ({h.name} if h.name else set()),
                                         merged[1])) for h in s.handlers]
            result = (frozenset().union(*(o[0] for o in outs)),
                      frozenset().union(*(o[1] for o in outs)))
            return self.block(s.finalbody, (result[0] | merged[0], result[1] | merged[1]))
        if isinstance(s, (ast.With, ast.AsyncWith)):
            targets = [i.optional_vars for i in s.items if i.optional_vars is not None]
            state = (defs | _simple(bound([ast.Assign(targets=targets, value=None)]))
                     if targets else defs, fns)
            return self.block(s.body, state)
        new = set(defs)
        if isinstance(s, ast.Delete):
            new -= {t.id for t in s.targets if isinstance(t, ast.Name)}
        new |= _simple(bound([s]))
        if isinstance(s, ast.Global):
            new |= set(s.names)
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
            fns = fns | {s}
        return frozenset(new), frozenset(fns)


class _Liveness:
    """Backward liveness, TF's rule: the free reads of the functions defined before a
    statement are live there."""

    def __init__(self, fns_in):
        self.fns_in = fns_in
        self.info = {}
        self._free = {}

    def _fn_reads(self, s):
        out = set()
        for fn in self.fns_in.get(id(s), ()):
            if fn not in self._free:
                self._free[fn] = free_reads(fn)
            out |= self._free[fn]
        return out

    def block(self, stmts, live_out):
        live = set(live_out)
        for s in reversed(stmts):
            live = self.stmt(s, live)
        return live

    def stmt(self, s, live_out):
        fn_reads = self._fn_reads(s)
        if isinstance(s, ast.If):
            live_in = reads(s.test) | self.block(s.body, live_out) | \
                self.block(s.orelse, live_out) | fn_reads
            exit_ = live_out
        elif isinstance(s, (ast.While, ast.For)):
            exit_ = self.block(s.orelse, live_out)
            if isinstance(s, ast.While):
                head_reads, kill = reads(s.test), set()
            else:
                head_reads = reads(s.iter) | reads(getattr(s, "ag_extra_test", None))
                kill = _simple(bound([ast.Assign(targets=[s.target], value=None)]))
            live_in = set()
            while True:
                body_in = self.block(s.body, live_in)
                new = head_reads | fn_reads | ((body_in | exit_) - kill)
                if new == live_in:
                    break
                live_in = new
        elif isinstance(s, (ast.With, ast.AsyncWith)):
            targets = [i.optional_vars for i in s.items if i.optional_vars is not None]
            kill = _simple(bound([ast.Assign(targets=targets, value=None)])) if targets \
                else set()
            live_in = (self.block(s.body, live_out) - kill) | \
                reads([i.context_expr for i in s.items]) | fn_reads
            exit_ = live_out
        elif isinstance(s, ast.Try) or type(s).__name__ == "TryStar":
            after = self.block(s.finalbody, live_out)
            handlers = set().union(*(self.block(h.body, after) for h in s.handlers)) \
                if s.handlers else set()
            orelse = self.block(s.orelse, after)
            body_in = self.block(s.body, orelse | handlers)
            live_in = body_in | handlers | reads([h.type for h in s.handlers]) | fn_reads
            exit_ = live_out
        elif isinstance(s, ast.Return):
            live_in = reads(s.value) | fn_reads
            exit_ = set()
        else:
            kill = _simple(bound([s])) if not isinstance(s, ast.AugAssign) else set()
            if isinstance(s, ast.Delete):
                kill |= {t.id for t in s.targets if isinstance(t, ast.Name)}
            live_in = (live_out - kill) | reads(s) | fn_reads
            exit_ = live_out
        self.info[id(s)] = (frozenset(live_in), frozenset(exit_))
        return live_in


def analyze(fdef):
    """{id(statement): BlockInfo} for the if/while/for statements of `fdef`'s own body
    (a FunctionDef or Lambda)."""
    body = fdef.body if isinstance(fdef.body, list) else []
    forward = _Forward()
    forward.block(body, (frozenset(params(fdef)), frozenset()))
    liveness = _Liveness(forward.fns_in)
    liveness.block(body, set())
    out = {}
    for s in own_nodes(body):
        if isinstance(s, ast.If):
            modified = bound(s.body + s.orelse)
        elif isinstance(s, ast.While):
            modified = bound(s.body)
        elif isinstance(s, ast.For):
            modified = bound([ast.Assign(targets=[s.target], value=None)] + s.body)
        else:
            continue
        live_in, live_out = liveness.info.get(id(s), (frozenset(), frozenset()))
        out[id(s)] = BlockInfo(modified, live_in, live_out,
                               forward.defined_in.get(id(s), frozenset()))
    return out
