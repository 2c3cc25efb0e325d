"""AutoGraph for tf.function: Python `if`, `while` and `for` whose condition or iterable
is a traced Tensor become lax control flow, by source transformation as TF's AutoGraph.

Each such statement is rewritten into a call of `if_stmt`, `while_stmt` or `for_stmt`
with its body as nested functions that read and write the enclosing function's
variables (``nonlocal``), plus `get_state`/`set_state` functions over the names the
statement assigns. At run time a Python condition (or a non-Tensor iterable) runs the
statement as plain Python; a traced one runs it through tf.cond / tf.while_loop. Names
first assigned inside a branch or loop body and not defined in every path are local to
it, as for TF. Statements containing `break`, `continue`, `return` or `yield` are left
as Python (a traced condition there raises TF's OperatorNotAllowedInGraphError).
"""
import ast
import functools
import inspect
import textwrap

import jax

from .constant_op import convert_to_tensor
from .tensor import Tensor


class _Undefined:
    """The value of a name not yet assigned when a converted statement starts."""

    def __repr__(self):
        return "<undefined>"


UNDEFINED = _Undefined()


def _traced(x):
    return isinstance(x, Tensor) and isinstance(x._value, jax.core.Tracer)


def _defined(values):
    return [i for i, v in enumerate(values) if v is not UNDEFINED]


# -- run-time helpers called by converted code --------------------------------------------

def if_stmt(cond, body, orelse, get_state, set_state):
    if not _traced(cond if isinstance(cond, Tensor) else None):
        if cond:
            body()
        else:
            orelse()
        return
    from ..ops import control_flow_ops as cf
    init = get_state()

    def branch(fn):
        def run():
            set_state(init)
            fn()
            return get_state()
        return run
    # Each branch is traced once; the cond carries the names both branches define.
    t_true = cf._Traced(branch(body), None, ())
    t_false = cf._Traced(branch(orelse), None, ())
    set_state(init)
    keep = [i for i in _defined(t_true.out) if t_false.out[i] is not UNDEFINED]
    out = cf.switch_traced(jax.numpy.logical_not(cond._value).astype("int32"),
                           [t_true, t_false], keep)
    final = list(init)
    for i, v in zip(keep, out):
        final[i] = v
    set_state(tuple(final))


def while_stmt(test, body, get_state, set_state):
    from ..ops import control_flow_ops as cf
    first = test()
    if not _traced(first if isinstance(first, Tensor) else None) and not any(
            _traced(v) for v in get_state() if isinstance(v, Tensor)):
        while first:
            body()
            first = test()
            if _traced(first if isinstance(first, Tensor) else None):
                raise ValueError("A Python while loop's condition became a traced Tensor "
                                 "after its first iteration: initialize the loop variables "
                                 "as Tensors before the loop.")
        return
    init = get_state()
    keep = _defined(init)

    def load(values):
        state = list(init)
        for i, v in zip(keep, values):
            state[i] = v
        set_state(tuple(state))

    def cond_fn(*values):
        load(values)
        return test()

    def body_fn(*values):
        load(values)
        body()
        state = get_state()
        return [state[i] for i in keep]
    out = cf.while_loop(cond_fn, body_fn, [convert_to_tensor(init[i]) for i in keep])
    load(out)


def for_stmt(iterable, body, get_state, set_state):
    if isinstance(iterable, Tensor) and _traced(iterable) and iterable.shape[0] is None:
        raise ValueError("tfcompat iterates over a traced Tensor only along a static first "
                         "dimension.")
    for x in iterable:
        body(x)


def for_range(args, body, get_state, set_state):
    """`for i in tf.range(...)`: a Python loop when the bounds are static, else a
    tf.while_loop over a counter."""
    from ..ops import array_ops
    bounds = [convert_to_tensor(a) if isinstance(a, Tensor) else a for a in args]
    if not any(_traced(b) for b in bounds if isinstance(b, Tensor)):
        for x in array_ops.range(*args):
            body(x)
        return
    start, limit, delta = (list(bounds) + [None, None])[:3] if len(bounds) > 1 else \
        (0, bounds[0], None)
    delta = 1 if delta is None else delta
    limit_t = convert_to_tensor(limit)
    counter = [convert_to_tensor(start, dtype=limit_t.dtype)]
    outer_get, outer_set = get_state, set_state

    def get_all():
        return (counter[0],) + tuple(outer_get())

    def set_all(values):
        counter[0] = values[0]
        outer_set(tuple(values[1:]))

    def test():
        d = convert_to_tensor(delta, dtype=limit_t.dtype)
        return (counter[0] < limit_t) if not _negative(d) else (counter[0] > limit_t)

    def loop_body():
        i = counter[0]
        body(i)
        counter[0] = i + convert_to_tensor(delta, dtype=limit_t.dtype)
    while_stmt(test, loop_body, get_all, set_all)


def _negative(d):
    return not _traced(d) and float(d) < 0


# -- source transformation -----------------------------------------------------------------

def _assigned(nodes):
    names = []

    class Visitor(ast.NodeVisitor):
        def visit_Name(self, node):
            if isinstance(node.ctx, ast.Store) and node.id not in names and \
                    (node.id == "ag__retval" or not node.id.startswith("ag__")):
                names.append(node.id)

        def visit_FunctionDef(self, node):
            if node.name not in names and not node.name.startswith("ag__"):
                names.append(node.name)

        visit_AsyncFunctionDef = visit_FunctionDef

        def visit_Lambda(self, node):
            pass

        def visit_ClassDef(self, node):
            if node.name not in names:
                names.append(node.name)
    for n in nodes:
        Visitor().visit(n)
    return names


def _has_jump(nodes):
    class Finder(ast.NodeVisitor):
        found = False

        def visit_Return(self, node):
            self.found = True

        visit_Yield = visit_YieldFrom = visit_Return

        def visit_FunctionDef(self, node):
            pass

        visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

        def generic_visit(self, node):
            if isinstance(node, (ast.Break, ast.Continue)):
                self.found = True
            super().generic_visit(node)
    f = Finder()
    for n in nodes:
        f.visit(n)
    return f.found


def _contains_return(nodes):
    class Finder(ast.NodeVisitor):
        found = False

        def visit_Return(self, node):
            self.found = True

        def visit_FunctionDef(self, node):
            pass

        visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef
    f = Finder()
    for n in nodes:
        f.visit(n)
    return f.found


def _ends_in_return(stmts):
    return bool(stmts) and isinstance(stmts[-1], ast.Return)


def _restructure(stmts):
    """Move the code after an `if` whose body returns into its `else`, recursively, so
    that every return is the last statement of its branch."""
    for i, s in enumerate(stmts):
        if isinstance(s, ast.If) and _contains_return([s]):
            body = _restructure(s.body)
            orelse = s.orelse if _ends_in_return(s.body) is False else \
                s.orelse + ([] if _ends_in_return(s.orelse) else stmts[i + 1:])
            rest = [] if _ends_in_return(s.body) else stmts[i + 1:]
            new_if = ast.If(test=s.test, body=body, orelse=_restructure(orelse))
            return stmts[:i] + [ast.copy_location(new_if, s)] + _restructure(rest)
    return stmts


def _tail(stmts):
    """`stmts`, whose returns are all in tail position, with each return turned into an
    assignment to ag__retval; None if some return is elsewhere."""
    if not stmts or _contains_return(stmts[:-1]):
        return None
    last = stmts[-1]
    if isinstance(last, ast.Return):
        value = last.value or ast.Constant(value=None)
        assign = ast.Assign(targets=[ast.Name(id="ag__retval", ctx=ast.Store())], value=value)
        return stmts[:-1] + [ast.copy_location(assign, last)]
    if isinstance(last, ast.If):
        body, orelse = _tail(last.body), _tail(last.orelse)
        if body is None or orelse is None:
            return None
        return stmts[:-1] + [ast.copy_location(ast.If(test=last.test, body=body,
                                                      orelse=orelse), last)]
    return None


def _single_return(fdef):
    """Rewrite early returns inside `if` statements into one final `return ag__retval`
    (as AutoGraph's return conversion), when every return can be put in tail position."""
    if not any(isinstance(s, ast.If) and _contains_return([s]) for s in fdef.body):
        return
    body = list(fdef.body)
    if not _ends_in_return(body):
        body.append(ast.Return(value=None))
    tailed = _tail(_restructure(body))
    if tailed is not None:
        fdef.body = tailed + [ast.Return(value=ast.Name(id="ag__retval", ctx=ast.Load()))]


class _Transformer(ast.NodeTransformer):
    def __init__(self):
        self.count = 0

    def _fresh(self, base):
        self.count += 1
        return f"ag__{base}_{self.count}"

    def _state_fns(self, names, prefix):
        get_name, set_name = self._fresh(prefix + "get"), self._fresh(prefix + "set")
        tuple_src = "(" + "".join(f"{n}, " for n in names) + ")"
        nonlocal_src = f"nonlocal {', '.join(names)}\n    " if names else ""
        src = (f"def {get_name}():\n    return {tuple_src}\n"
               f"def {set_name}(ag__values):\n    {nonlocal_src}"
               f"{tuple_src if names else '_'} = ag__values\n")
        return ast.parse(src).body, get_name, set_name

    def _init_names(self, names):
        out = []
        for n in names:
            out.extend(ast.parse(f"try:\n    {n}\nexcept NameError:\n    {n} = ag__.UNDEFINED\n")
                       .body)
        return out

    def _def(self, name, args, body, names):
        nonlocal_stmt = [ast.Nonlocal(names=list(names))] if names else []
        fn = ast.FunctionDef(name=name, args=ast.arguments(
            posonlyargs=[], args=[ast.arg(arg=a) for a in args], kwonlyargs=[], kw_defaults=[],
            defaults=[]), body=nonlocal_stmt + (body or [ast.Pass()]), decorator_list=[],
            returns=None, type_params=[])
        return fn

    def visit_If(self, node):
        self.generic_visit(node)
        if _has_jump([node]):
            return node
        names = _assigned(node.body + node.orelse)
        body_name, else_name = self._fresh("if_body"), self._fresh("else_body")
        state, get_name, set_name = self._state_fns(names, "if_")
        call = ast.parse(f"ag__.if_stmt({ast.unparse(node.test)}, {body_name}, {else_name}, "
                         f"{get_name}, {set_name})").body
        return self._init_names(names) + [self._def(body_name, [], node.body, names),
                                          self._def(else_name, [], node.orelse, names)] + \
            state + call

    def visit_While(self, node):
        self.generic_visit(node)
        if node.orelse or _has_jump(node.body):
            return node
        names = _assigned(node.body)
        test_name, body_name = self._fresh("while_test"), self._fresh("while_body")
        state, get_name, set_name = self._state_fns(names, "while_")
        test_fn = ast.parse(f"def {test_name}():\n    return {ast.unparse(node.test)}\n").body
        call = ast.parse(f"ag__.while_stmt({test_name}, {body_name}, {get_name}, "
                         f"{set_name})").body
        return self._init_names(names) + test_fn + [self._def(body_name, [], node.body, names)] \
            + state + call

    def visit_For(self, node):
        self.generic_visit(node)
        if node.orelse or _has_jump(node.body):
            return node
        target = self._fresh("target")
        names = _assigned(node.body + [node.target])
        body_name = self._fresh("for_body")
        unpack = ast.Assign(targets=[node.target], value=ast.Name(id=target, ctx=ast.Load()),
                            lineno=node.lineno)
        body = self._def(body_name, [target], [unpack] + node.body, names)
        state, get_name, set_name = self._state_fns(names, "for_")
        it = node.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) and \
                it.func.attr == "range" and not it.keywords:
            args = ", ".join(ast.unparse(a) for a in it.args)
            call = f"ag__.for_range(({args},), {body_name}, {get_name}, {set_name})"
        else:
            call = f"ag__.for_stmt({ast.unparse(it)}, {body_name}, {get_name}, {set_name})"
        return self._init_names(names) + [body] + state + ast.parse(call).body


_CONVERTED = {}


def convert(fn):
    """`fn` with AutoGraph's rewriting, or `fn` itself when its source is unavailable or
    it has no statement to convert."""
    target = getattr(fn, "__func__", fn)
    cached = _CONVERTED.get(target)
    if cached is None:
        cached = _CONVERTED[target] = _convert(target)
    if cached is target:
        return fn
    return cached.__get__(fn.__self__) if hasattr(fn, "__self__") else cached


def _convert(fn):
    try:
        source = textwrap.dedent(inspect.getsource(fn))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, IndentationError):
        return fn
    ast.increment_lineno(tree, fn.__code__.co_firstlineno - 1)  # errors name the user's line
    fdef = tree.body[0]
    if not isinstance(fdef, ast.FunctionDef):
        return fn
    fdef.decorator_list = []
    _single_return(fdef)
    transformer = _Transformer()
    fdef.body = [transformer.visit(s) for s in fdef.body]
    fdef.body = [s for item in fdef.body for s in (item if isinstance(item, list) else [item])]
    if not transformer.count:
        return fn
    freevars = fn.__code__.co_freevars
    factory = ast.FunctionDef(
        name="ag__factory", args=ast.arguments(
            posonlyargs=[], args=[ast.arg(arg=n) for n in freevars], kwonlyargs=[],
            kw_defaults=[], defaults=[]),
        body=[fdef, ast.Return(value=ast.Name(id=fdef.name, ctx=ast.Load()))],
        decorator_list=[], returns=None, type_params=[])
    module = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(module)
    namespace = dict(fn.__globals__)
    namespace["ag__"] = _Module
    try:
        code = compile(module, inspect.getsourcefile(fn) or "<autograph>", "exec")
        exec(code, namespace)
        cells = [c.cell_contents for c in (fn.__closure__ or ())]
        converted = namespace["ag__factory"](*cells)
    except (SyntaxError, ValueError, NameError):
        return fn
    converted.__defaults__ = fn.__defaults__
    converted.__kwdefaults__ = fn.__kwdefaults__
    return functools.wraps(fn)(converted)


class _Module:
    """What converted code calls as `ag__`."""

    UNDEFINED = UNDEFINED
    if_stmt = staticmethod(if_stmt)
    while_stmt = staticmethod(while_stmt)
    for_stmt = staticmethod(for_stmt)
    for_range = staticmethod(for_range)
