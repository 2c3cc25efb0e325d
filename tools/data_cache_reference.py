"""Writes TF's file cache of a small pipeline (Dataset.cache(filename)) at
tests/data/data_cache_tf/cache: run it under real TF 2.21 from the repository root
(``/tmp/tfref/bin/python tools/data_cache_reference.py``). tests/test_data_file_cache.py
reads that cache with tfcompat (a cache TF wrote is a tensor bundle, keys "%7d_%d")."""
import os
import pathlib
import shutil

import tensorflow as tf

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "data_cache_tf"


def pipeline():
    """The cached pipeline: 12 elements of (int64, string, float32 [2]) components."""
    ds = tf.data.Dataset.range(12)
    return ds.map(lambda i: (i * 3, tf.strings.as_string(i) + b"\x00x",
                             tf.fill([2], tf.cast(i, tf.float32) / 4)))


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    for _ in pipeline().cache(str(OUT / "cache")):
        pass
    print(sorted(os.listdir(OUT)))


if __name__ == "__main__":
    main()
