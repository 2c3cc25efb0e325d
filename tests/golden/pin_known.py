"""Pin tfcompat's output for the known differences (known.py) into known.json.

Run under the project's venv (tfcompat, never TensorFlow), from the repository root:

    .venv/bin/python tests/golden/pin_known.py

Each entry keeps the snippet's sha256 and run_snippet's result; tests/test_golden.py
requires tfcompat's output to stay exactly that until the difference is fixed.
"""
import importlib
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import tfcompat
from harness import run_snippet, snippet_sha256
from known import KNOWN


def main():
    pinned = {}
    for key in sorted(KNOWN):
        suite, name = key.split(":", 1)
        source = importlib.import_module(f"snippets_{suite}").SNIPPETS[name]
        pinned[key] = {"sha256": snippet_sha256(source),
                       "result": run_snippet(tfcompat, source, name)}
    text = json.dumps(pinned, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    (HERE / "known.json").write_text(text, encoding="utf-8")
    print(f"pinned {len(pinned)} known differences -> {HERE / 'known.json'}")


if __name__ == "__main__":
    main()
