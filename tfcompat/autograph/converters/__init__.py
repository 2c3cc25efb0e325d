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

from .base import Namer, template
from .break_statements import _Breaks
from .call_trees import _Calls
from .continue_statements import _Continues
from .control_flow import _ControlFlow
from .directives import _Directives
from .expressions import _ConditionalExpressions, _Logical, _Variables
from .functions import Options, _Functions
from .return_statements import _ConditionalReturns, _Returns

__all__ = ["Context", "Options", "convert", "template"]


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
