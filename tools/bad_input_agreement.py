"""How far tfcompat agrees with TF 2.21 on the bad-input suites (issue 13).

Runs every snippet of tests/golden/snippets_bad_*.py under tfcompat and sorts each call
by its outcome against TF's recorded one: the same output, the same exception class with
another message, another exception class, a value where TF raises (silent), an exception
where TF gives a value, or another value. Prints the counts and the agreement figure (the
same output or the same class), and with -v each call that is not the same.

    .venv/bin/python tools/bad_input_agreement.py [-v] [-s SUITE] [--pin]
"""
import argparse
import importlib
import json
import pathlib
import sys

GOLDEN = pathlib.Path(__file__).resolve().parent.parent / "tests" / "golden"
sys.path.insert(0, str(GOLDEN))

def _text(result):
    text = result["stdout"] or f"{result['exc_type']}: {result['exc_msg']}"
    return text.strip()[:300] + (f"  (warnings: {result['warnings']})" if result["warnings"] else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("-s", "--suite", action="append")
    ap.add_argument("--pin", action="store_true",
                    help="write tests/golden/known_bad_calls.json: each call of every bad-input "
                         "suite that differs from TF, with its kind (then run pin_known.py)")
    a = ap.parse_args()
    import tfcompat
    from bad_calls import classify
    from harness import run_snippet
    suites = a.suite or sorted(p.stem[len("snippets_"):] for p in GOLDEN.glob("snippets_bad_*.py"))
    counts, total, differ = {}, 0, {}
    for suite in suites:
        snippets = importlib.import_module(f"snippets_{suite}").SNIPPETS
        recorded = json.loads((GOLDEN / f"{suite}.json").read_text())["snippets"]
        for name, source in snippets.items():
            got = run_snippet(tfcompat, source, name)
            kind = classify(recorded[name], got)
            counts[kind] = counts.get(kind, 0) + 1
            if kind != "same":
                differ[f"{suite}:{name}"] = kind
            total += 1
            if a.verbose and kind != "same":
                print(f"[{kind}] {suite}: {name}\n  TF:       {_text(recorded[name])}"
                      f"\n  tfcompat: {_text(got)}", flush=True)
    if a.pin:
        assert not a.suite, "--pin lists the calls of every suite"
        text = json.dumps(differ, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        (GOLDEN / "known_bad_calls.json").write_text(text, encoding="utf-8")
    agree = counts.get("same", 0) + counts.get("same class, other message", 0)
    for kind in sorted(counts, key=counts.get, reverse=True):
        print(f"{counts[kind]:6d}  {kind}")
    print(f"{agree}/{total} agree ({100 * agree / total:.1f}%)")


if __name__ == "__main__":
    main()
