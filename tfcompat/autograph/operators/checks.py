"""The checks of AutoGraph's staged control flow, with TF 2.21's messages (TF's
autograph/operators/control_flow.py, _verify_*): conditions, and the variables a traced
`if` or loop carries."""
import math

from ...framework import nest
from ...framework.constant_op import convert_to_tensor
from ...framework.tensor import Tensor, symbolic
from .variables import Undefined, UndefinedReturnValue


def _traced(x):
    return isinstance(x, Tensor) and symbolic(x._value)


def _cf():
    from ...ops import control_flow_ops
    return control_flow_ops


def _verify_condition(cond, tag):
    cond = convert_to_tensor(cond)
    hint = "to check for None, use `is not None`"
    if cond.dtype.name != "bool":
        raise ValueError(f"condition of {tag} expected to be `tf.bool` scalar, got {cond!s}; "
                         f"to use as boolean Tensor, use `tf.cast`; {hint}")
    if cond.shape.rank:
        if math.prod(d for d in cond.shape.as_list() if d is not None) > 1:
            raise ValueError(f"condition of {tag} expected to be `tf.bool` scalar, got "
                             f"{cond!s}; {hint}")
        from ...ops import array_ops
        cond = array_ops.reshape(cond, ())
    return cond


def _loop_var(v):
    """A loop variable as a staged loop carries it: a Tensor, a tf.TensorArray, or a
    composite carried as its tensors (an ExtensionType: control_flow_carry's protocol)."""
    return v if hasattr(type(v), "_loop_carry") or hasattr(type(v), "_carry_unknown") \
        else convert_to_tensor(v)


def _as_tensor_like(v):
    return convert_to_tensor(v) if isinstance(v, (bool, int, float)) or (
        hasattr(v, "dtype") and hasattr(v, "shape") and not isinstance(v, Tensor)) else v


def _verify_branch_vars(values, names, branch):
    for name, v in zip(names, values):
        if isinstance(v, Undefined):
            raise ValueError(f"'{name}' must also be initialized in the {branch} branch")
        if isinstance(v, UndefinedReturnValue):
            raise ValueError(f"the {branch} branch must also have a return statement.")


def _verify_same_vars(name, pairs, nones, where, structure, shape_hint):
    """TF's checks that the variable `name` keeps its nested structure between each of
    `pairs` of values, and the dtype and shape of its Tensors between the last pair's
    values: None is refused at the points `nones` names (None: allowed), `where` names the
    two points in the messages."""
    for first, second in pairs:
        try:
            nest.assert_same_structure(first, second)
        except (ValueError, TypeError) as e:
            raise TypeError(f"'{name}' {structure}\n\n{e}") from e
    a, b = pairs[-1]
    for x, y in zip(nest.flatten(a), nest.flatten(b)):
        for v, point in zip((x, y), nones):
            if point is not None and v is None:
                raise ValueError(f"'{name}' is None at the end of {point}.")
        x, y = _as_tensor_like(x), _as_tensor_like(y)
        if not (isinstance(x, Tensor) and isinstance(y, Tensor)):
            continue
        if x.dtype != y.dtype:
            raise TypeError(f"'{name}' has dtype {x.dtype.name} {where[0]}, but dtype "
                            f"{y.dtype.name} {where[1]}")
        if x.shape.as_list() != y.shape.as_list():
            raise ValueError(f"'{name}' has shape {x.shape} {where[0]}, but shape {y.shape} "
                             f"{where[1]}{shape_hint}")


def _verify_cond_vars(body_vars, orelse_vars, names):
    for name, a, b in zip(names, body_vars, orelse_vars):
        _verify_same_vars(
            name, ((a, b),), ("the main branch", "the else branch"),
            ("in the main branch", "in the else branch"),
            "must have the same nested structure in the main and else branches:",
            ": tfcompat needs the same shape in both branches of a traced if (XLA has "
            "static shapes).")


def _verify_loop_init_vars(values, names, first_iter=None, extra_message=None):
    first_iter = first_iter or (None,) * len(names)
    for name, v, fi in zip(names, values, first_iter):
        if isinstance(v, UndefinedReturnValue):
            if fi:
                raise ValueError("the return value from a TensorFlow loop may only be a "
                                 "Tensor, int, float, bool or a list, tuple or dict thereof; "
                                 f"got {type(fi)}")
            raise NotImplementedError(
                "a return statement cannot be placed inside this TensorFlow loop; this may "
                "happen if a return statement depends on a static Python condition such as "
                "a hyperparameter")
        message = None
        if v is None:
            message = f"'{name}' is not allowed to be None before the loop"
        elif isinstance(v, Undefined):
            message = f"'{name}' must be defined before the loop"
            if extra_message:
                message += "\n" + extra_message
        if message is not None:
            raise ValueError(message)


def _verify_loop_vars(init, entry, exit_, names):
    for name, i, a, b in zip(names, init, entry, exit_):
        _verify_same_vars(
            name, ((i, a), (a, b)), (None, "the iteration"),
            ("before the loop", "after one iteration"),
            "does not have the same nested structure after one iteration.",
            ". Use tf.autograph.experimental.set_loop_options to set shape invariants.")
