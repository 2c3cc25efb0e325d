"""``tensorflow.python.lib.io``: tf_record."""
