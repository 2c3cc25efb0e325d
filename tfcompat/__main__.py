"""``python -m tfcompat SCRIPT [ARGS...]`` (or ``-m MODULE``): run a TensorFlow 2 program
unmodified, with ``import tensorflow`` giving tfcompat."""
import sys

from tfcompat.tensorflow_alias import run_script

if __name__ == "__main__":
    sys.exit(run_script(sys.argv[1:]))
