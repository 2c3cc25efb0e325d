"""Records the ICU script codes of tf.strings.unicode_script (TF's UnicodeScript kernel:
ICU's uscript_getScript, UScriptCode values) for every code point into
tfcompat/ops/unicode_scripts.npz, as runs: `starts` (int32, ascending, the first code
point of each run) and `scripts` (int16, the run's code). Read from TF itself, so the
table is the Unicode data of the ICU that TF 2.21 links.

Run with real TF: /tmp/tfref/bin/python tools/record_unicode_scripts.py [--check]"""
import argparse
import os
import sys

import numpy as np

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "tfcompat", "ops", "unicode_scripts.npz")


def table():
    scripts = tf.strings.unicode_script(np.arange(0x110000, dtype=np.int32)).numpy()
    starts = np.concatenate([[0], np.flatnonzero(np.diff(scripts)) + 1])
    return starts.astype(np.int32), scripts[starts].astype(np.int16)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    starts, scripts = table()
    if parser.parse_args().check:
        with np.load(OUT) as f:
            same = np.array_equal(f["starts"], starts) and np.array_equal(f["scripts"], scripts)
        print("unicode_scripts.npz is " + ("up to date" if same else "OUT OF DATE"))
        sys.exit(0 if same else 1)
    np.savez_compressed(OUT, starts=starts, scripts=scripts)


if __name__ == "__main__":
    main()
