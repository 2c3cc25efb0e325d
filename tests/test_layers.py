"""The floors of docs/architecture.md, checked on the source (issue 12).

A module imports only from its own floor or lower ones, at module level or inside a
function alike: framework/ (0) < ops/ (1) < everything above (tf.function, AutoGraph,
data, saved_model, summary, keras, the public namespaces). No module imports another
package's private name. ``UPWARD`` and ``PRIVATE`` list the imports that still break
these rules, each to be removed by the architecture issue; the test fails on any new one
and on an entry that is no longer needed, so the lists only shrink.
"""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent / "tfcompat"

UPWARD = set()

PRIVATE = set()


def _floor(module):
    parts = module.split(".")
    return {"framework": 0, "ops": 1}.get(parts[1], 2) if len(parts) > 1 else 2


def _package(module):
    path = ROOT.parent.joinpath(*module.split("."))
    return module if path.is_dir() else module.rsplit(".", 1)[0]


def _imports():
    """(importer, imported module, names) for every tfcompat import in tfcompat/."""
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = ".".join(parts[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if not target.startswith("tfcompat"):
                    continue
                names = []
                for a in node.names:  # from . import dtypes: a module
                    sub = ROOT.parent.joinpath(*target.split("."), a.name)
                    if sub.is_dir() or sub.with_suffix(".py").exists():
                        yield module, f"{target}.{a.name}", []
                    else:
                        names.append(a.name)
                if names:
                    yield module, target, names
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith("tfcompat"):
                        yield module, a.name, []


def test_no_module_imports_from_a_higher_floor():
    upward = {(m, t) for m, t, _ in _imports() if _floor(t) > _floor(m)}
    assert upward - UPWARD == set(), "imports from a higher floor (docs/architecture.md)"
    assert UPWARD - upward == set(), "no longer imported: remove from UPWARD"


def _private(name):
    return name.startswith("_") and not name.startswith("__")


def test_no_module_imports_a_private_name_of_another_package():
    private = {(m, t, n) for m, t, names in _imports() for n in names
               if _private(n) and _package(t) != _package(m)}
    private |= {(m, *t.rsplit(".", 1)) for m, t, _ in _imports()  # from ..x import _module
                if _private(t.rpartition(".")[2]) and _package(t) != _package(m)}
    assert private - PRIVATE == set(), "private names imported across packages"
    assert PRIVATE - private == set(), "no longer imported: remove from PRIVATE"


def test_the_checks_see_every_kind_of_import():
    found = {(m, t) for m, t, _ in _imports()}
    assert ("tfcompat.framework.variables", "tfcompat.framework.constant_op") in found  # in a method
    assert ("tfcompat.framework.dispatch", "tfcompat.framework.dtypes") in found  # from . import
    assert _floor("tfcompat.framework.tape") < _floor("tfcompat.ops.array_ops") < _floor(
        "tfcompat.data.dataset_ops") == _floor("tfcompat.math")
