"""Golden snippets for the list and dict wrappers a tracked object puts around its list and
dict attributes (TF's trackable.data_structures ListWrapper and _DictWrapper): their type
names, their reprs, and that they stay a list and a dict."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("wrapper_types_and_reprs", """
m = tf.Module()
m.d = {"x": 1, "y": [2]}
m.l = [1, {"z": 3}]
for v in (m.d, m.l, m.d["y"], m.l[1]):
    print(type(v).__name__, repr(v), isinstance(v, (list, dict)))
print(m.d == {"x": 1, "y": [2]}, m.l == [1, {"z": 3}])
import copy
import pickle
print(repr(pickle.loads(pickle.dumps(m.l))), repr(copy.deepcopy(m.d)), repr(copy.copy(m.l)))
""")
