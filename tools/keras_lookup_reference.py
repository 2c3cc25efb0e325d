"""Prints the reference values of tests/test_keras_lookup.py as JSON: run it under real
TF 2.21 (``/tmp/tfref/bin/python tools/keras_lookup_reference.py >
tests/data/keras_lookup_tf.json``); the tests run the same cases on tfcompat and hold
TF's output as that file's literals. ``--checkpoint tests/data/lookup_tf_checkpoint/tables``
writes TF's checkpoint of two filled tables, which the tests restore.

Keras's layers on tf.lookup tables: StringLookup and IntegerLookup (adapt through a
MutableHashTable, lookups through a StaticHashTable; OOV indices by FarmHash and
SipHash; invert; multi_hot / count / tf_idf), TextVectorization with split=None, and
Hashing; eagerly, inside a tf.function and in tf.data's map."""
import json
import sys

import numpy as np
import tensorflow as tf

keras = tf.keras


def show(t):
    if isinstance(t, tf.SparseTensor):
        return [show(t.indices), show(t.values), show(t.dense_shape)]
    a = np.asarray(t)
    if a.dtype == object:
        return ["bytes", [v.decode() for v in a.reshape(-1).tolist()]]
    return [str(a.dtype), list(a.shape), np.round(a.astype(np.float64), 5).tolist()]


WORDS = np.array([["fire", "earth", "wind"], ["water", "fire", "snow"],
                  ["earth", "", "fire"], ["wind", "wind", "ice"]])
INTS = np.array([[12, 13, 14], [15, 12, 99], [14, 7, 12], [13, 13, 1000]])


def string_layers():
    out = {}
    adapted = keras.layers.StringLookup()
    adapted.adapt(WORDS)
    out["adapt_vocabulary"] = adapted.get_vocabulary()
    out["adapt_int"] = show(adapted(WORDS))
    out["vocabulary_size"] = int(adapted.vocabulary_size())
    capped = keras.layers.StringLookup(max_tokens=4, num_oov_indices=2, mask_token="")
    capped.adapt(WORDS)
    out["capped_vocabulary"] = capped.get_vocabulary()
    out["capped_int_farmhash"] = show(capped(WORDS))
    vocab = ["earth", "wind", "fire"]
    out["multi_hot"] = show(keras.layers.StringLookup(vocabulary=vocab,
                                                      output_mode="multi_hot")(WORDS))
    out["count"] = show(keras.layers.StringLookup(vocabulary=vocab, output_mode="count")(WORDS))
    out["tf_idf"] = show(keras.layers.StringLookup(
        vocabulary=vocab, idf_weights=[0.5, 1.0, 2.0], output_mode="tf_idf")(WORDS))
    out["salted"] = show(keras.layers.StringLookup(vocabulary=vocab, num_oov_indices=3,
                                                   salt=[7, 11])(WORDS))
    inverse = keras.layers.StringLookup(vocabulary=vocab, invert=True)
    out["invert"] = show(inverse(np.array([[1, 2], [3, 0]])))
    return out


def integer_layers():
    out = {}
    adapted = keras.layers.IntegerLookup()
    adapted.adapt(INTS)
    out["adapt_vocabulary"] = [int(v) for v in adapted.get_vocabulary()]
    out["adapt_int"] = show(adapted(INTS))
    layer = keras.layers.IntegerLookup(vocabulary=[12, 13, 14], num_oov_indices=3,
                                       mask_token=0)
    out["floormod_oov"] = show(layer(INTS))
    farm = keras.layers.IntegerLookup(vocabulary=[12, 13, 14], num_oov_indices=3,
                                      oov_method="farmhash")
    out["farmhash_oov"] = show(farm(INTS))
    out["one_hot"] = show(keras.layers.IntegerLookup(vocabulary=[12, 13],
                                                     output_mode="one_hot")(INTS[:, 0]))
    return out


def text_and_hashing():
    out = {}
    tv = keras.layers.TextVectorization(split=None, standardize="lower",
                                        output_mode="int")
    tv.adapt(np.array(["Red", "green", "red", "BLUE", "red", "green"]))
    out["text_vocabulary"] = tv.get_vocabulary()
    out["text_int"] = show(tv(np.array(["RED", "blue", "purple"])))
    out["hashing"] = show(keras.layers.Hashing(num_bins=5)(WORDS))
    out["hashing_salt"] = show(keras.layers.Hashing(num_bins=5, salt=3)(INTS))
    return out


def in_function():
    """The adapted layers called inside a tf.function and in tf.data's map."""
    out = {}
    layer = keras.layers.StringLookup(num_oov_indices=2)
    layer.adapt(WORDS)
    fn = tf.function(lambda x: layer(x))
    out["string_function"] = show(fn(tf.constant(WORDS)))
    out["string_function_more"] = show(fn(tf.constant([["snow", "moon", "ice"]] * 4)))
    ints = keras.layers.IntegerLookup(vocabulary=[12, 13, 14], output_mode="count")
    out["integer_function"] = show(tf.function(lambda x: ints(x))(tf.constant(INTS)))
    ds = tf.data.Dataset.from_tensor_slices(WORDS).batch(2).map(lambda x: layer(x))
    out["string_dataset_map"] = [show(t) for t in ds]
    return out


def errors():
    out = {}
    strict = keras.layers.StringLookup(vocabulary=["a", "b"], num_oov_indices=0)
    try:
        strict(np.array(["a", "zz"]))
        out["num_oov_indices_zero"] = "no error"
    except Exception as e:  # noqa: BLE001 - the error is what is recorded
        out["num_oov_indices_zero"] = [type(e).__name__, str(e)]
    return out


def tables():
    """A MutableHashTable (strings to int64) and a DenseHashTable (int64 to float32 pairs)
    with contents, as a checkpoint test saves them."""
    m = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, [0.0, 0.0], empty_key=-1,
                                              deleted_key=-2, initial_num_buckets=4)
    return m, d


def write_checkpoint(prefix):
    """TF's checkpoint of `tables()` filled (tests/data/lookup_tf_checkpoint/tables)."""
    m, d = tables()
    m.insert(tf.constant(["fire", "water", "earth"]), tf.constant([3, 1, 2], tf.int64))
    d.insert(tf.constant([7, 11, 2], tf.int64), tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    d.remove(tf.constant([11], tf.int64))
    return tf.train.Checkpoint(words=m, dense=d).write(prefix)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--checkpoint":
        print(write_checkpoint(sys.argv[2]))
        return
    print(json.dumps({"string": string_layers(), "integer": integer_layers(),
                      "text": text_and_hashing(), "function": in_function(),
                      "errors": errors()}, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
