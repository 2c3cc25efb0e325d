"""TF's version constants (tensorflow/python/framework/versions.py): tfcompat implements
TensorFlow 2.21.0's API, so these are TF 2.21.0's release values, the git description and
compiler of that release included (what `tf.version.GIT_VERSION` prints under TF)."""

VERSION = "2.21.0"
GIT_VERSION = "v2.21.0-rc1-5-ga481b10260d"
COMPILER_VERSION = "Clang 18.1.8"
CXX11_ABI_FLAG = 1
MONOLITHIC_BUILD = 0
GRAPH_DEF_VERSION = 2474   # the GraphDef producer version (graph_def.py writes it)
GRAPH_DEF_VERSION_MIN_CONSUMER = 0
GRAPH_DEF_VERSION_MIN_PRODUCER = 0
