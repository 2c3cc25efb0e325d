"""What AutoGraph's converters share (TF 2.21's autograph/pyct/templates.py, naming.py,
qual_names.py and core/converter.py's Base): code templates, the namer of new symbols,
TF's set order of symbols, and the base transformer."""
import ast
import copy
import textwrap


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
