"""tf.experimental.dispatch_for_api, dispatch_for_unary_elementwise_apis,
dispatch_for_binary_elementwise_apis, dispatch_for_binary_elementwise_assert_apis and
unregister_dispatch_for (TF's util/dispatch.py): user overrides of public APIs for
composite (ExtensionType) arguments, chosen by type signatures as TF's.

Built on framework/composite_dispatch: a user override installs, in the API's table of
overrides, a router for each composite type its signature names (and that type's
subclasses); the router calls the registered target whose signature matches the call
(two that match: TF's ValueError), else what the table held before (a built-in
RaggedTensor override) or the API itself. The elementwise APIs are tfcompat's groups of
them (composite_dispatch), with tf.ones_like, tf.zeros_like and tf.cast among the unary
ones as TF. Differs from TF: only the APIs tfcompat makes dispatchable (the
`dispatchable` ops) accept overrides, and only on the parameters they name; others raise
ValueError."""
import inspect

from ..framework.composite_dispatch import (BINARY_ELEMENTWISE, BINARY_ELEMENTWISE_ASSERT,
                                            GROUP_APIS, UNARY_ELEMENTWISE)
from ..framework.context import x64
from .array_ops import ones_like, zeros_like
from .cast_ops import cast
from .extension_type_field import (get_generic_type_args, is_composite_type,
                                   is_generic_list, is_generic_union)

_TARGETS = {}      # api -> [(checker, target)], in registration order
_SIGNATURES = {}   # api -> {target: [signature dicts]}
_ROUTED = []       # (table, type) pairs holding a router (subclasses made later join)
_API_SIGNATURES = {}   # api -> inspect.Signature (binding a call's arguments)
_ELEMENTWISE_API_HANDLERS = {}
_ELEMENTWISE_API_TARGETS = {}
_ASSERT_API_TAG = "ASSERT_API_TAG"


# -- type checkers (TF's PyTypeChecker) -------------------------------------------------

def make_type_checker(annotation):
    """A function of a value: (matches, holds a composite)."""
    if is_generic_union(annotation):
        options = [make_type_checker(t) for t in get_generic_type_args(annotation)]

        def union(value):
            for option in options:
                ok, composite = option(value)
                if ok:
                    return True, composite
            return False, False
        return union
    if is_generic_list(annotation):
        args = get_generic_type_args(annotation)
        if len(args) != 1:
            raise AssertionError("Expected List[...] to have a single type parameter")
        element = make_type_checker(args[0])

        def list_checker(value):
            if not isinstance(value, (list, tuple)):
                return False, False
            results = [element(v) for v in value]
            return all(ok for ok, _ in results), any(c for _, c in results)
        return list_checker
    if annotation is None:
        annotation = type(None)
    if isinstance(annotation, type):
        dispatchable = is_composite_type(annotation)   # (TF: a CompositeTensor class)

        def instance(value):
            ok = isinstance(value, annotation)
            return ok, ok and dispatchable
        return instance
    raise ValueError(f"Type annotation {annotation} is not currently supported by dispatch.  "
                     "Supported annotations: type objects,  List[...], and Union[...]")


def _composite_types(annotation):
    """The composite classes an annotation names (where a router must be installed)."""
    if is_generic_union(annotation) or is_generic_list(annotation):
        return [c for t in get_generic_type_args(annotation) for c in _composite_types(t)]
    return [annotation] if is_composite_type(annotation) else []


def _make_signature_checker(api, api_signature, signature):
    if not (isinstance(signature, dict) and all(isinstance(k, (str, int)) for k in signature)):
        raise TypeError("signatures must be dictionaries mapping parameter names to type "
                        "annotations.")
    params = list(api_signature.parameters.values())
    checkers, types = [], []
    for name, annotation in signature.items():
        if isinstance(name, int) and name < len(params):
            name = params[name].name
        param = api_signature.parameters.get(name, None)
        if param is None:
            raise ValueError(f"signature includes annotation for unknown parameter {name!r}.")
        if param.kind not in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            raise ValueError("Dispatch currently only supports type annotations for positional "
                             f"parameters; can't handle annotation for {param.kind!r} "
                             f"parameter {name}.")
        index = params.index(param)
        checkers.append((index, make_type_checker(annotation)))
        found = _composite_types(annotation)
        if found and list(inspect.signature(api).parameters)[index] not in api.dispatch_args:
            raise ValueError(f"tfcompat: {api.__name__} does not dispatch on its parameter "
                             f"{name!r} (dispatch_for_api)")
        types.extend(found)

    def check(values):
        composite = False
        for index, checker in checkers:
            ok, has = checker(values[index])
            if not ok:
                return False
            composite = composite or has
        return composite
    return check, types


def _match(api, args, kwargs):
    entries = _TARGETS.get(api)
    if not entries:
        return None
    signature = _API_SIGNATURES.get(api)
    if signature is None:
        signature = _API_SIGNATURES[api] = inspect.signature(api)
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return None
    bound.apply_defaults()
    values = list(bound.arguments.values())
    selected = None
    for check, target in entries:
        if check(values):
            if selected is not None and selected is not target:
                raise ValueError("Multiple dispatch targets that were registered with "
                                 f"tf.dispatch_for ({selected} and {target}) match the "
                                 f"arguments to {api.__name__}")
            selected = target
    return selected


def _install(api, cls):
    """Route the calls of `api` on `cls` (and its subclasses) through the user targets."""
    table = api.composite_overrides
    for c in [cls] + _subclasses(cls):
        previous = table.get(c)
        if getattr(previous, "_user_router", False):
            continue
        table[c] = _router(api, previous)
        _ROUTED.append((table, c))


def _subclasses(cls):
    out = []
    for sub in cls.__subclasses__():
        out += [sub] + _subclasses(sub)
    return out


def _router(api, previous):
    if api.dispatch_group is not None:
        def router(public, *args, **kwargs):
            target = _match(public, args, kwargs)
            if target is not None:
                return target(*args, **kwargs)
            if previous is not None:
                return previous(public, *args, **kwargs)
            return public.__wrapped__(*args, **kwargs)
    else:
        def router(*args, **kwargs):
            target = _match(api, args, kwargs)
            if target is not None:
                return target(*args, **kwargs)
            if previous is not None:
                return previous(*args, **kwargs)
            return api.__wrapped__(*args, **kwargs)
    router._user_router = True
    return router


def inherit(cls):
    """A new class joins the routes of its bases (an ExtensionType subclass)."""
    for table, base in list(_ROUTED):
        if base in cls.__mro__[1:] and cls not in table:
            table[cls] = table[base]
            _ROUTED.append((table, cls))


# -- the public decorators --------------------------------------------------------------

def dispatch_for_api(api, *signatures):
    """tf.experimental.dispatch_for_api."""
    if getattr(api, "composite_overrides", None) is None:
        raise ValueError(f"{api} does not support dispatch.")
    api_signature = inspect.signature(api)
    api = getattr(api, "dispatch_api", api)   # (math_common.operand_names: TF's names
    #                                            for the operands of the op it calls)
    checkers = [_make_signature_checker(api, api_signature, s) for s in signatures]

    def decorator(dispatch_target):
        if not callable(dispatch_target):
            raise TypeError(f"Expected dispatch_target to be callable; got {dispatch_target!r}")
        dispatch_target = _add_name_scope_wrapper(dispatch_target, api_signature)
        _check_signature(api_signature, dispatch_target)
        registered = list(zip(checkers, signatures))
        if not checkers:
            signature = _signature_from_annotations(dispatch_target)
            registered = [(_make_signature_checker(api, api_signature, signature), signature)]
        for (check, types), signature in registered:
            _TARGETS.setdefault(api, []).append((check, dispatch_target))
            _SIGNATURES.setdefault(api, {}).setdefault(dispatch_target, []).append(signature)
            for cls in types:
                _install(api, cls)
        return dispatch_target
    return decorator


def _add_name_scope_wrapper(func, api_signature):
    """`func` taking the API's `name` argument when it leaves it out (a name scope)."""
    if "name" not in api_signature.parameters:
        return func
    func_signature = inspect.signature(func)
    if "name" in func_signature.parameters or any(
            p.kind is p.VAR_KEYWORD for p in func_signature.parameters.values()):
        return func
    name_index = list(api_signature.parameters).index("name")

    def wrapped_func(*args, **kwargs):
        if name_index < len(args):
            name = args[name_index]
            args = args[:name_index] + args[name_index + 1:]
        else:
            name = kwargs.pop("name", None)
        if name is None:
            return func(*args, **kwargs)
        from ..framework.module import name_scope
        with name_scope(name):
            return func(*args, **kwargs)
    for attr in ("__name__", "__qualname__", "__doc__", "__module__"):
        setattr(wrapped_func, attr, getattr(func, attr, None))
    wrapped_func.__wrapped__ = func
    wrapped_func.__signature__ = func_signature.replace(parameters=(
        list(func_signature.parameters.values()) + [api_signature.parameters["name"]]))
    return x64(wrapped_func)   # (what the decorator registers is what it hands out)


def _check_signature(api_signature, func):
    params = inspect.signature(func).parameters.values()
    if not [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)] and \
            any(p.kind is p.VAR_POSITIONAL for p in params) and \
            any(p.kind is p.VAR_KEYWORD for p in params):
        return
    func_signature = inspect.signature(func)
    ok = len(api_signature.parameters) == len(func_signature.parameters) and all(
        a.name == b.name and a.kind == b.kind for a, b in
        zip(api_signature.parameters.values(), func_signature.parameters.values()))
    if not ok:
        raise ValueError(f"Dispatch function's signature {func_signature} does not match "
                         f"API's signature {api_signature}.")


def _signature_from_annotations(func):
    signature = {name: p.annotation for name, p in inspect.signature(func).parameters.items()
                 if p.annotation is not inspect.Parameter.empty}
    if not signature:
        raise ValueError("The dispatch_for_api decorator must be called with at least one "
                         "signature, or applied to a function that has type annotations on "
                         "its parameters.")
    return signature


def unregister_dispatch_for(dispatch_target):
    """tf.experimental.unregister_dispatch_for."""
    found = False
    for api, signatures in _SIGNATURES.items():
        if dispatch_target in signatures:
            _TARGETS[api] = [e for e in _TARGETS[api] if e[1] is not dispatch_target]
            del signatures[dispatch_target]
            found = True
    keys = [k for k, handler in _ELEMENTWISE_API_HANDLERS.items() if handler is dispatch_target]
    for key in keys:
        for _, target in _ELEMENTWISE_API_TARGETS[key]:
            unregister_dispatch_for(target)
        del _ELEMENTWISE_API_HANDLERS[key]
        del _ELEMENTWISE_API_TARGETS[key]
        found = True
    if not found:
        raise ValueError(f"Function {dispatch_target} was not registered using a "
                         "`@dispatch_for_*` decorator.")


def _find_name_index(signature):
    try:
        return list(signature.parameters).index("name")
    except ValueError:
        return -1


def _extract_name_arg(args, kwargs, name_index):
    if name_index < 0:
        return args, kwargs, None
    if name_index < len(args):
        return args[:name_index] + args[name_index + 1:], kwargs, args[name_index]
    return args, kwargs, kwargs.pop("name", None)


def _elementwise_target(api, key, types, handler):
    """Register `handler` for `api` (an elementwise API) on `types` (one per operand)."""
    api_signature = inspect.signature(api)
    names = list(api_signature.parameters)[:len(types)]
    name_index = _find_name_index(api_signature)
    if not set(names) <= set(api.dispatch_args):
        return   # (an API that takes composites elsewhere)
    bind = len(api_signature.parameters) > len(types) + 1 or \
        "name" not in api_signature.parameters

    def dispatch_target(*args, **kwargs):
        args, kwargs, name = _extract_name_arg(args, kwargs, name_index)
        operands = list(args[:len(types)])
        args = args[len(types):]
        for n in names[len(operands):]:
            operands.append(kwargs.pop(n, None))
        tensor_api = (lambda *v: api(*v, *args, **kwargs)) if bind else api
        if name is None:
            return handler(tensor_api, *operands)
        from ..framework.module import name_scope
        with name_scope(name):
            return handler(tensor_api, *operands)
    dispatch_target.__name__ = "elementwise_dispatch_target_for_" + api.__name__
    dispatch_target.__qualname__ = dispatch_target.__name__
    dispatch_for_api(api, dict(zip(names, types)))(dispatch_target)
    _ELEMENTWISE_API_TARGETS.setdefault(key, []).append((api, dispatch_target))


def dispatch_for_unary_elementwise_apis(x_type):
    """tf.experimental.dispatch_for_unary_elementwise_apis."""
    def decorator(handler):
        if (x_type,) in _ELEMENTWISE_API_HANDLERS:
            raise ValueError("A unary elementwise dispatch handler "
                             f"({_ELEMENTWISE_API_HANDLERS[(x_type,)]}) "
                             f"has already been registered for {x_type}.")
        _ELEMENTWISE_API_HANDLERS[(x_type,)] = handler
        for api in GROUP_APIS.get(UNARY_ELEMENTWISE, []) + [ones_like, zeros_like, cast]:
            _elementwise_target(api, (x_type,), (x_type,), handler)
        return handler
    return decorator


def dispatch_for_binary_elementwise_apis(x_type, y_type):
    """tf.experimental.dispatch_for_binary_elementwise_apis."""
    def decorator(handler):
        if (x_type, y_type) in _ELEMENTWISE_API_HANDLERS:
            raise ValueError("A binary elementwise dispatch handler "
                             f"({_ELEMENTWISE_API_HANDLERS[x_type, y_type]}) "
                             f"has already been registered for ({x_type}, {y_type}).")
        _ELEMENTWISE_API_HANDLERS[x_type, y_type] = handler
        for api in GROUP_APIS.get(BINARY_ELEMENTWISE, ()):
            _elementwise_target(api, (x_type, y_type), (x_type, y_type), handler)
        return handler
    return decorator


def dispatch_for_binary_elementwise_assert_apis(x_type, y_type):
    """tf.experimental.dispatch_for_binary_elementwise_assert_apis."""
    def decorator(handler):
        key = (x_type, y_type, _ASSERT_API_TAG)
        if key in _ELEMENTWISE_API_HANDLERS:
            raise ValueError("A binary elementwise assert dispatch handler "
                             f"({_ELEMENTWISE_API_HANDLERS[key]}) "
                             f"has already been registered for ({x_type}, {y_type}).")
        _ELEMENTWISE_API_HANDLERS[key] = handler
        for api in GROUP_APIS.get(BINARY_ELEMENTWISE_ASSERT, ()):
            # (TF files these targets under (x_type, y_type): unregistering the handler
            # then raises its KeyError, as TF's does)
            _elementwise_target(api, (x_type, y_type), (x_type, y_type), handler)
        return handler
    return decorator

