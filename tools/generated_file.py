"""The command line of the tools that write a file generated from TF (op_defs.json,
function_names.json): write it, or with --check compare it and exit 1 where it differs."""
import argparse
import sys


def main(doc, out, render, root, unit):
    """Run the tool whose docstring is `doc`: `render()` gives the text of the file `out`
    (one `unit` per line between two lines of braces), shown relative to `root`."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    text = render()
    if a.check:
        sys.exit(0 if out.exists() and out.read_text(encoding="utf-8") == text else 1)
    out.write_text(text, encoding="utf-8")
    print(f"{out.relative_to(root)}: {text.count(chr(10)) - 2} {unit}")
