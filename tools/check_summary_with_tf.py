"""Check, with real TensorFlow, that it reads event files written by tfcompat.

Run with the reference interpreter (TensorBoard importable, for tf.summary's ops):

    PYTHONPATH=/path/to/tensorboard /tmp/tfref/bin/python tools/check_summary_with_tf.py \
        TFCOMPAT_LOGDIR [TF_LOGDIR]

It decodes every event with tf.compat.v1.train.summary_iterator and prints, per event,
the step, tag, plugin name, dtype, shape and value (tensors as numpy arrays; images as
their decoded pixels; strings by length), wall times left out. Given a second logdir
(the same calls made with TF), it prints both and says whether they agree. Used once by
hand to check tfcompat's writer (tests/test_summary.py decodes files without TF).
"""
import glob
import os
import sys

import numpy as np
import tensorflow as tf


def describe(logdir):
    rows = []
    for path in sorted(glob.glob(os.path.join(logdir, "events.out.tfevents.*"))):
        for e in tf.compat.v1.train.summary_iterator(path):
            if e.file_version:
                rows.append(("file_version", e.file_version))
            for v in e.summary.value:
                array = tf.make_ndarray(v.tensor)
                if v.metadata.plugin_data.plugin_name == "images":
                    pixels = [tf.io.decode_png(s).numpy().tolist() for s in array[2:]]
                    value = (array[:2].tolist(), pixels)
                elif array.dtype == object:
                    value = [len(s) for s in array.reshape(-1)]
                else:
                    value = array.tolist()
                rows.append((e.step, v.tag, v.metadata.plugin_data.plugin_name,
                             v.metadata.plugin_data.content, v.metadata.summary_description,
                             tf.as_dtype(v.tensor.dtype).name, array.shape, value))
    return rows


def main():
    mine = describe(sys.argv[1])
    for row in mine:
        print(row)
    if len(sys.argv) > 2:
        theirs = describe(sys.argv[2])
        print("--- TF ---")
        for row in theirs:
            print(row)
        same = len(mine) == len(theirs) and all(
            a == b or (len(a) == len(b) and all(
                np.allclose(x, y) if isinstance(x, list) and x and
                isinstance(np.asarray(x, dtype=object).flat[0], float) else x == y
                for x, y in zip(a, b))) for a, b in zip(mine, theirs))
        print("SAME" if same else "DIFFERENT")


if __name__ == "__main__":
    main()
