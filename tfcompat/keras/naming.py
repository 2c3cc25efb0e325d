"""Keras' automatic names: snake_case of the class name, then _1, _2 ... per process."""
import collections
import re

_uids = collections.defaultdict(int)


def to_snake_case(name):
    name = re.sub(r"\W+", "", name)
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    name = re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()
    return name


def uniquify(name):
    uid = _uids[name]
    _uids[name] += 1
    return name if uid == 0 else f"{name}_{uid}"


def auto_name(prefix):
    return uniquify(to_snake_case(prefix))
