"""tf.__internal__.decorator (TF's util/tf_decorator): unwrapping decorated callables."""


def unwrap(maybe_tf_decorator):
    """tf.__internal__.decorator.unwrap: (decorators, target); functools wrappers are
    followed through ``__wrapped__``."""
    decorators, target = [], maybe_tf_decorator
    while hasattr(target, "__wrapped__"):
        decorators.append(target)
        target = target.__wrapped__
    return decorators, target
