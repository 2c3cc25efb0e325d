"""tf.saved_model: save and load tf.Module objects with their tf.functions (tfcompat's
own format; see save.py)."""
from .load import contains_saved_model, load  # noqa: F401
from .options import LoadOptions, SaveOptions  # noqa: F401
from .save import save  # noqa: F401
