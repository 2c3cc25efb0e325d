"""One op spec per op (issue 12): TF's OpDefs, recorded into tfcompat/framework/op_defs.json
by tools/record_op_defs.py, are where op metadata comes from. Every registered Op that TF
has is recorded, and no op-def text (``name=...; signature=...``) is written by hand in
tfcompat's sources."""
import pathlib
import re
import subprocess
import sys

import tfcompat
from tfcompat.framework import op_def
from tfcompat.framework.dispatch import Op

ROOT = pathlib.Path(tfcompat.__file__).resolve().parent

# Ops tfcompat registers under names TF has no op of (composites TF's Python builds of
# several ops): they have no OpDef.
NOT_TF = frozenset((
    "ArgSort", "BytesSplit", "CTCUniqueLabels", "ConfusionMatrix", "ConvertImageDtype", "Dropout", "Frame", "Gelu",
    "EighTridiagonal", "EighTridiagonalCounts", "EighTridiagonalVectors",
    "GlobalNorm", "L2Normalize", "LogPoissonLoss", "Logdet", "LogicalXor", "Meshgrid", "Norm",
    "OverlapAndAdd", "PerImageStandardization", "Pinv", "Repeat", "RgbToGrayscale",
    "SigmoidCrossEntropyWithLogits", "Sort", "Swish", "Tensordot", "UnsortedSegmentMean",
    "UnsortedSegmentSqrtN", "WeightedCrossEntropyWithLogits"))


_REGISTERED = """
import gc, importlib, pkgutil
import tfcompat
from tfcompat.framework.dispatch import Op
for module in pkgutil.walk_packages(tfcompat.__path__, "tfcompat."):
    importlib.import_module(module.name)
print(" ".join(sorted({o.name for o in gc.get_objects() if type(o) is Op})))
"""


def _registered():
    """The names of the Ops that importing every tfcompat module registers, in a fresh
    interpreter (the ops other tests derive, such as VJP ops, are not registrations)."""
    out = subprocess.run([sys.executable, "-c", _REGISTERED], capture_output=True,
                         text=True, check=True, timeout=300)
    return set(out.stdout.split())


def test_every_registered_op_is_recorded():
    names = _registered()
    assert sorted(n for n in names - NOT_TF if op_def.get(n) is None) == []
    assert sorted(n for n in NOT_TF & names if op_def.get(n) is not None) == []


def test_summary_as_tf_writes_it():
    assert op_def.summary("AddV2") == (
        "name=AddV2; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, "
        "DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_INT8, DT_INT16, "
        "DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]; is_commutative=true; "
        "is_aggregate=true")
    spec = op_def.spec("ConcatV2")
    assert spec.input_names(3) == ("values_0", "values_1", "axis")
    assert spec.default("Tidx") == "DT_INT32"
    assert op_def.spec("LRN").allowed() == ("half", "bfloat16", "float")


def test_ops_take_their_opdef():
    relu = Op("Relu", None)
    assert relu.allowed == op_def.spec("Relu").allowed()
    assert relu.spec.input_names() == ("features",)
    assert Op("Relu", None, allowed=None).allowed is None


_HAND_WRITTEN = re.compile(r"(?<![A-Za-z_])signature=")


def test_no_hand_written_op_defs():
    found = [f"{path.relative_to(ROOT)}:{i}"
             for path in sorted(ROOT.rglob("*.py")) if path.name != "op_def.py"
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _HAND_WRITTEN.search(line)]
    assert found == []
