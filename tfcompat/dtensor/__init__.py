"""tf.experimental.dtensor: not supported by tfcompat (multi-device meshes). Importing it
works, as Keras's TF backend imports it; any of its names raises AttributeError naming it."""


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise AttributeError(f"tf.experimental.dtensor.{name} is not supported by tfcompat "
                         "(DTensor meshes and layouts)")
