"""tf.compat.v1 beyond its golden snippets (tests/golden/snippets_compat_v1.py): the table
recorded from TF (tools/record_compat_v1.py) resolves every TF2 alias to tfcompat's own
object, and the TF1-only API raises errors that name it."""
import json
import pathlib

import pytest

import tfcompat as tf
from tfcompat.compat import v1

NAMES = json.loads((pathlib.Path(v1.__file__).parent / "v1_names.json").read_text())


def _tf2(path):
    obj = tf
    for part in path.split("."):
        obj = getattr(obj, part, None)
    return obj


def test_aliases_are_tfcompats_tf2_objects():
    resolved = 0
    for name, target in NAMES.items():
        if target in (None, "<module>") or name in v1.__all__:
            continue
        want = _tf2(target)
        if want is None:
            with pytest.raises(AttributeError, match=f"is tf.{target}, which tfcompat does "):
                _resolve(name)
            continue
        assert _resolve(name) is want, name
        resolved += 1
    assert resolved >= 800     # of TF's 2,714 aliases (823 when recorded)


def _resolve(name):
    obj = v1
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize("name", ["to_float", "get_variable", "train.AdamOptimizer",
                                  "losses.mean_squared_error", "reduce_sum"])
def test_tf1_only_names_say_so(name):
    assert NAMES[name] is None
    with pytest.raises(AttributeError, match=rf"^tf.compat.v1.{name} is TF1 API that "
                                             r"tfcompat does not implement"):
        _resolve(name)
    assert not hasattr(v1, name.split(".")[-1]) or "." in name


def test_unknown_names_and_graph_mode():
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        v1.no_such_name  # noqa: B018
    for make in (v1.Session, v1.InteractiveSession, v1.disable_eager_execution,
                 v1.disable_v2_behavior):
        with pytest.raises(NotImplementedError, match="TF1 graph mode"):
            make()
    assert "math" in dir(v1) and "log" in dir(v1.math)
