"""TF's regular expressions (RE2 syntax, UTF-8) on Python's `re`: a pattern translator and
RE2's full-match / replace semantics, for tf.strings.regex_full_match / regex_replace.

Strings are decoded as UTF-8 with 'surrogateescape', so that each invalid byte is one
character, as RE2 reads it. RE2 constructs with another meaning in `re` are rewritten
(``$`` -> ``\\Z`` outside multi-line mode, ``\\z``, ``\\d``/``\\w``/``\\s`` ASCII classes,
octal escapes, ``\\x{...}``, ``\\Q...\\E``, POSIX ``[:alpha:]`` classes); what RE2
rejects (back-references, look-around, possessive repeats) raises RE2's error; the RE2
features `re` lacks (``\\p{...}`` Unicode classes, ``\\C``, the U flag, flags set in the
middle of a group) raise a `PatternError` naming them.
"""
import functools
import re

_POSIX = {
    "alnum": "0-9A-Za-z", "alpha": "A-Za-z", "ascii": "\\x00-\\x7f", "blank": "\\t ",
    "cntrl": "\\x00-\\x1f\\x7f", "digit": "0-9", "graph": "!-~", "lower": "a-z",
    "print": " -~", "punct": "!-/:-@\\[-`{-~", "space": "\\t\\n\\v\\f\\r ", "upper": "A-Z",
    "word": "0-9A-Za-z_", "xdigit": "0-9A-Fa-f",
}
_CLASSES = {"d": "0-9", "w": "0-9A-Za-z_", "s": "\\t\\n\\f\\r "}
_SIMPLE = set("afnrtv")
_QUANT = set("*+?")


class PatternError(Exception):
    """A pattern RE2 rejects (`args[0]`: RE2's error text), or that tfcompat cannot run
    (`unsupported` True)."""

    def __init__(self, text, unsupported=False):
        super().__init__(text)
        self.unsupported = unsupported


def _unsupported(what, pattern):
    return PatternError(f"tfcompat does not support {what} in regular expressions (RE2 "
                        f"syntax) on Python's re: {pattern}", unsupported=True)


def _escape(p, i, pattern, in_class):
    """Translate the escape at p[i] == '\\'; returns (text, next index)."""
    if i + 1 >= len(p):
        raise PatternError("trailing \\")
    c = p[i + 1]
    if c in _CLASSES or c.lower() in _CLASSES:
        body = _CLASSES[c.lower()]
        if c.islower():
            return (body if in_class else f"[{body}]"), i + 2
        if in_class:
            raise _unsupported(f"\\{c} inside a character class", pattern)
        return f"[^{body}]", i + 2
    if c in "bB" and not in_class:
        return "\\" + c, i + 2   # (compiled with re.ASCII: ASCII word boundaries)
    if c == "A" and not in_class:
        return "\\A", i + 2
    if c == "z" and not in_class:
        return "\\Z", i + 2
    if c in "pP":
        raise _unsupported("Unicode classes (\\p, \\P)", pattern)
    if c == "C":
        raise _unsupported("\\C (any byte)", pattern)
    if c == "Q":
        end = p.find("\\E", i + 2)
        end = len(p) if end < 0 else end
        text = "".join(_literal(ch) for ch in p[i + 2:end])
        return text, (end + 2 if end < len(p) else end)
    if c == "x":
        if i + 2 < len(p) and p[i + 2] == "{":
            end = p.find("}", i + 3)
            digits = p[i + 3:end] if end > 0 else ""
            if not digits or any(d not in "0123456789abcdefABCDEF" for d in digits) or \
                    int(digits, 16) > 0x10FFFF:
                stop = end + 1 if end > 0 else len(p)
                raise PatternError(f"invalid escape sequence: {p[i:stop]}")
            return _literal(chr(int(digits, 16))), end + 1
        digits = p[i + 2:i + 4]
        if len(digits) < 2 or any(d not in "0123456789abcdefABCDEF" for d in digits):
            raise PatternError(f"invalid escape sequence: {p[i:i + 2 + len(digits)]}")
        return _literal(chr(int(digits, 16))), i + 4
    if c in "01234567":
        j = i + 1
        while j < len(p) and j < i + 4 and p[j] in "01234567":
            j += 1
        if c != "0" and j == i + 2:   # a single non-zero digit: a back-reference
            raise PatternError(f"invalid escape sequence: \\{c}")
        return _literal(chr(int(p[i + 1:j], 8))), j
    if c in _SIMPLE:
        return "\\" + c, i + 2
    if c.isascii() and not c.isalnum() and c != "_":
        return _literal(c), i + 2
    raise PatternError(f"invalid escape sequence: \\{c}")


def _literal(ch):
    return re.escape(ch)


def _class(p, i, pattern):
    """Translate the character class starting at p[i] == '['; returns (text, next i)."""
    out = ["["]
    j = i + 1
    if j < len(p) and p[j] == "^":
        out.append("^")
        j += 1
    first = True
    while True:
        if j >= len(p):
            raise PatternError(f"missing ]: {p[i:]}")
        ch = p[j]
        if ch == "]" and not first:
            out.append("]")
            return "".join(out), j + 1
        first = False
        if ch == "[" and p.startswith("[:", j):
            end = p.find(":]", j + 2)
            name = p[j + 2:end] if end > 0 else ""
            if end > 0 and name in _POSIX:
                out.append(_POSIX[name])
                j = end + 2
                continue
            if end > 0 and name.startswith("^") and name[1:] in _POSIX:
                raise _unsupported("negated POSIX classes ([:^name:])", pattern)
            if end > 0:
                raise PatternError(f"invalid character class range: {p[j:end + 2]}")
        if ch == "\\":
            text, j = _escape(p, j, pattern, in_class=True)
            out.append(text)
            continue
        out.append("\\" + ch if ch in "[&~|" else ch)
        j += 1


def _group(p, i, pattern, flags):
    """Translate a '(' at p[i]; returns (text, next i, flags after it, whether it opens a
    group)."""
    if not p.startswith("(?", i):
        return "(", i + 1, flags, True
    named = 4 if p.startswith("(?P<", i) else 3 if re.match(r"\(\?<[^=!]", p[i:]) else 0
    if named:
        end = p.find(">", i + named)
        name = p[i + named:end] if end > 0 else ""
        if not re.fullmatch(r"[A-Za-z0-9_]+", name):
            raise PatternError("invalid named capture group: "
                               f"{p[i:(end + 1 if end > 0 else len(p))]}")
        return f"(?P<{name}>", end + 1, flags, True
    m = re.match(r"\(\?([imsU]*)(?:-([imsU]*))?([:)])", p[i:])
    if m is None or m.group(0) in ("(?)", "(?-)", "(?-:"):
        raise PatternError(f"invalid perl operator: {p[i:i + 3]}")
    on, off, kind = m.group(1), m.group(2) or "", m.group(3)
    if "U" in on + off:
        raise _unsupported("the U (ungreedy) flag", pattern)
    new = (flags | set(on)) - set(off)
    if kind == ":":
        return f"(?{on}" + (f"-{off}" if off else "") + ":", i + len(m.group(0)), new, True
    if i != 0 or off:
        raise _unsupported("flags set in the middle of a pattern ((?flags) not at its start)",
                           pattern)
    return f"(?{on})", i + len(m.group(0)), new, False


@functools.lru_cache(maxsize=256)
def compile_re2(pattern):
    """`pattern` (str, RE2 syntax) as a compiled Python regex on surrogateescape text;
    raises PatternError."""
    p = pattern
    out, stack, flags = [], [], set()
    i = 0
    last = None   # the previous token: None (start), "(", "|", a quantifier, or "atom"
    while i < len(p):
        ch = p[i]
        kind = "atom"
        if ch == "\\":
            text, i = _escape(p, i, pattern, in_class=False)
        elif ch == "[":
            text, i = _class(p, i, pattern)
        elif ch == "(":
            text, i, flags_in, opens = _group(p, i, pattern, flags)
            if opens:
                stack.append(flags)
                kind = "("
            flags = flags_in
        elif ch == ")":
            if not stack:
                raise PatternError(f"unexpected ): {pattern}")
            flags = stack.pop()
            text, i = ")", i + 1
        elif ch == "|":
            text, i, kind = "|", i + 1, "|"
        elif ch == "$":
            text, i = ("$" if "m" in flags else "\\Z"), i + 1
        elif ch in _QUANT or ch == "{" and re.match(r"\{\d+(,\d*)?\}", p[i:]):
            end = i + 1 if ch in _QUANT else p.index("}", i) + 1
            text = p[i:end]
            if ch == "{" and max(int(x) for x in re.findall(r"\d+", text)) > 1000:
                raise PatternError(f"bad repetition operator: {text}")
            if last in (None, "(", "|"):
                raise PatternError(f"missing argument to repetition operator: {text}")
            if last not in ("atom",):
                raise PatternError(f"bad repetition operator: {last}{text}")
            if end < len(p) and p[end] == "?":
                text += "?"
                end += 1
            i, kind = end, text
        else:
            text, i = (ch if ch != "\n" else "\\n"), i + 1
        last = kind
        out.append(text)
    if stack:
        raise PatternError(f"missing ): {pattern}")
    try:
        return re.compile("".join(out), re.ASCII if re.search(r"\\[bB]", p) else 0)
    except re.error as e:
        raise PatternError(f"{e.msg}: {pattern}") from None


def to_text(b):
    return b.decode("utf-8", "surrogateescape")


def to_bytes(s):
    return s.encode("utf-8", "surrogateescape")


def _rewrite_parts(rewrite):
    """RE2's rewrite string ('\\1' groups, '\\\\' a backslash) as literal texts and group
    numbers, up to an invalid escape; and whether it is valid."""
    parts, i, text = [], 0, []
    while i < len(rewrite):
        ch = rewrite[i]
        if ch == "\\":
            nxt = rewrite[i + 1] if i + 1 < len(rewrite) else ""
            if nxt.isdigit():
                parts.append("".join(text))
                parts.append(int(nxt))
                text = []
            elif nxt == "\\":
                text.append("\\")
            else:
                parts.append("".join(text))
                return parts, False
            i += 2
            continue
        text.append(ch)
        i += 1
    parts.append("".join(text))
    return parts, True


def _expand(parts, m):
    return "".join(p if isinstance(p, str) else (m.group(p) or "") for p in parts)


def replace(regex, rewrite, s, replace_global):
    """RE2::GlobalReplace / RE2::Replace of `s` (text) with `rewrite` (text): a rewrite
    naming a group the pattern lacks changes nothing; an invalid escape in it makes
    Replace change nothing and GlobalReplace write the rewrite up to that escape."""
    parts, valid = _rewrite_parts(rewrite)
    if max([p for p in parts if isinstance(p, int)], default=0) > regex.groups:
        return s
    if not replace_global:
        m = regex.search(s) if valid else None
        return s if m is None else s[:m.start()] + _expand(parts, m) + s[m.end():]
    out, pos, last_end, count = [], 0, -1, 0
    while pos <= len(s):
        m = regex.search(s, pos)
        if m is None:
            break
        out.append(s[pos:m.start()])
        if m.start() == last_end and m.start() == m.end():
            out.append(s[pos:pos + 1])   # no empty match right after the last one
            pos += 1
            continue
        out.append(_expand(parts, m))
        pos = last_end = m.end()
        count += 1
    if not count:
        return s
    out.append(s[pos:])
    return "".join(out)
