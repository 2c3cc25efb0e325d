"""tf.saved_model: save and load tf.Module objects with their tf.functions (tfcompat's
own format; see save.py)."""
from . import experimental
from .load import contains_saved_model, load
from .options import LoadOptions, SaveOptions
from .save import save
