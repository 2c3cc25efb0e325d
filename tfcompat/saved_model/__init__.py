"""tf.saved_model: save and load tf.Module objects with their tf.functions (tfcompat's
own format; see save.py)."""
from . import experimental
from .load import contains_saved_model, load
from .options import LoadOptions, SaveOptions
from .save import save
from .constants import (
    ASSETS_DIRECTORY, ASSETS_KEY, CLASSIFY_INPUTS, CLASSIFY_METHOD_NAME,
    CLASSIFY_OUTPUT_CLASSES, CLASSIFY_OUTPUT_SCORES, DEBUG_DIRECTORY, DEBUG_INFO_FILENAME_PB,
    DEFAULT_SERVING_SIGNATURE_DEF_KEY, GPU, PREDICT_INPUTS, PREDICT_METHOD_NAME,
    PREDICT_OUTPUTS, REGRESS_INPUTS, REGRESS_METHOD_NAME, REGRESS_OUTPUTS,
    SAVED_MODEL_FILENAME_PB, SAVED_MODEL_FILENAME_PBTXT, SAVED_MODEL_SCHEMA_VERSION, SERVING,
    TPU, TRAINING, VARIABLES_DIRECTORY, VARIABLES_FILENAME,
)
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
