"""Golden snippets: tf.strings and tf.as_string, eagerly and inside tf.function."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_ERR = """
def t(f):
    try:
        r = f()
        print(r)
    except Exception as e:
        print(type(e).__name__, e)
"""

_s("length_upper_lower_strip", _ERR + """
x = tf.constant(["héllo", "ab", ""])
t(lambda: tf.strings.length(x))
t(lambda: tf.strings.length(x, unit="UTF8_CHAR"))
t(lambda: tf.strings.length(tf.constant([b"\\xff\\xfe", b"a\\xc3"]), unit="UTF8_CHAR"))
t(lambda: tf.strings.length("abc"))
t(lambda: tf.strings.length(x, unit="BAD"))
t(lambda: tf.strings.length(tf.constant([1])))
t(lambda: tf.strings.upper(x))
t(lambda: tf.strings.lower(["ÀBC", "xY"]))
t(lambda: tf.strings.upper(["àbc"], encoding="utf-8"))
t(lambda: tf.strings.lower(["ÀBC"], encoding="utf-8"))
t(lambda: tf.strings.upper(tf.constant(["àbc"]), encoding="latin1"))
t(lambda: tf.strings.strip([" \\t a b \\n", "x"]))

@tf.function
def f():
    y = tf.constant([["Ab ", " c"], ["héllo", ""]])
    return (tf.strings.length(y), tf.strings.length(y, unit="UTF8_CHAR"),
            tf.strings.upper(y), tf.strings.lower(y), tf.strings.strip(y))
for r in f():
    print(r)
""", verbatim=True)

_s("join_reduce_join", _ERR + """
x = tf.constant(["héllo", "ab", ""])
t(lambda: tf.strings.join(["a", x]))
t(lambda: tf.strings.join([x, ["1", "2", "3"]], separator="-"))
t(lambda: tf.strings.join([x, ["1", "2"]], separator="-"))
t(lambda: tf.strings.join([x, tf.constant(["1", "2"])], separator="-"))
t(lambda: tf.strings.join([]))
t(lambda: tf.strings.join(["a"]))
t(lambda: tf.strings.join([x, tf.constant([1, 2, 3])]))
m = tf.constant([["a", "b"], ["c", "d"]])
t(lambda: tf.strings.reduce_join(m))
t(lambda: tf.strings.reduce_join(m, axis=0))
t(lambda: tf.strings.reduce_join(m, axis=1, keepdims=True, separator=","))
t(lambda: tf.strings.reduce_join(m, axis=-1, separator=","))
t(lambda: tf.strings.reduce_join(m, axis=[0, 1]))
t(lambda: tf.strings.reduce_join(m, axis=2))
t(lambda: tf.strings.reduce_join(tf.constant(np.array([[], []], dtype=bytes)), axis=1))
t(lambda: tf.strings.reduce_join(tf.constant(np.array([[], []], dtype=bytes)), axis=0))
t(lambda: tf.strings.reduce_join([[["a", "b"], ["c", "d"]], [["e", "f"], ["g", "h"]]], axis=[2, 0], separator="."))
t(lambda: tf.strings.reduce_join("abc"))

@tf.function
def f():
    y = tf.constant([["a", "b", "c"], ["d", "e", "f"]])
    return (tf.strings.join([y, "!", y], separator="."), tf.strings.reduce_join(y, axis=1),
            tf.strings.reduce_join(y, axis=0, keepdims=True, separator="+"),
            tf.strings.reduce_join(y))
for r in f():
    print(r)
""", verbatim=True)

_s("substr", _ERR + """
x = tf.constant(["héllo", "abcdef", "xy"])
t(lambda: tf.strings.substr(x, 1, 3))
t(lambda: tf.strings.substr(x, 1, 3, unit="UTF8_CHAR"))
t(lambda: tf.strings.substr(x, -2, 3))
t(lambda: tf.strings.substr(x, [0, 1, 2], [1, 2, 3]))
t(lambda: tf.strings.substr(x, 2, 1))
t(lambda: tf.strings.substr(x, 1, -1))
t(lambda: tf.strings.substr("abc", [0, 1], [1, 1]))
t(lambda: tf.strings.substr(x, tf.constant(1, tf.int64), tf.constant(1, tf.int64)))
t(lambda: tf.strings.substr(x, 0, 2, unit="UTF8_CHAR"))
t(lambda: tf.strings.substr(["héllo"], 5, 1, unit="UTF8_CHAR"))
t(lambda: tf.strings.substr(["héllo"], -5, 2, unit="UTF8_CHAR"))
t(lambda: tf.strings.substr([["abc", "cde"]], [0, 1], [1, 2]))
t(lambda: tf.strings.substr(x, 3, 1))
t(lambda: tf.strings.substr(x, -3, 1))
t(lambda: tf.strings.substr(["xy"], 3, 1))
t(lambda: tf.strings.substr(["héllo"], 6, 1, unit="UTF8_CHAR"))
t(lambda: tf.strings.substr(tf.constant(["héllo"]), -6, 1, unit="UTF8_CHAR"))
t(lambda: tf.strings.substr(x, [0, 1], 1))
t(lambda: tf.strings.substr(x, tf.constant([0, 1]), 1))
t(lambda: tf.strings.substr(x, 1.0, 1))
t(lambda: tf.strings.substr(x, 1, 1, unit="CHAR"))

@tf.function
def f():
    y = tf.constant(["héllo", "world"])
    return tf.strings.substr(y, 1, 2), tf.strings.substr(y, [0, 1], [2, 3], unit="UTF8_CHAR")
for r in f():
    print(r)
""", verbatim=True)

_s("regex", _ERR + """
x = tf.constant(["abc123", "a.b", "", "xyz"])
t(lambda: tf.strings.regex_full_match(x, r"[a-z]+\\d*"))
t(lambda: tf.strings.regex_full_match(x, r"a|abc123"))
t(lambda: tf.strings.regex_full_match(x, tf.constant("a.*")))
t(lambda: tf.strings.regex_full_match(["aaa", "a"], r"a{2,}"))
t(lambda: tf.strings.regex_full_match(["\\n", "a\\n"], r"."))
t(lambda: tf.strings.regex_full_match(["\\n"], r"(?s)."))
t(lambda: tf.strings.regex_full_match(["ab", "ab\\n"], r"\\Aab\\z"))
t(lambda: tf.strings.regex_full_match(["ab\\n"], r"ab$"))
t(lambda: tf.strings.regex_full_match(["a", "_", "é"], r"[[:alpha:]]"))
t(lambda: tf.strings.regex_full_match([b"\\xc3\\xa9", b"ab"], r"."))
t(lambda: tf.strings.regex_full_match(["a\\x0b"], r"a\\s"))
t(lambda: tf.strings.regex_full_match(["AbC"], r"(?i)abc"))
t(lambda: tf.strings.regex_full_match(["a+b"], r"\\Qa+b\\E"))
t(lambda: tf.strings.regex_full_match(["\\n"], r"\\12"))
t(lambda: tf.strings.regex_full_match(x, r"(a"))
t(lambda: tf.strings.regex_full_match(x, r"(?=a)a"))
t(lambda: tf.strings.regex_full_match(x, r"(a)\\1"))
t(lambda: tf.strings.regex_full_match(x, r"\\Aab\\Z"))
t(lambda: tf.strings.regex_full_match(x, tf.constant(["a"])))
t(lambda: tf.strings.regex_replace(x, r"([a-z])(\\d)", r"\\2\\1"))
t(lambda: tf.strings.regex_replace(x, r"[a-z]", "X", replace_global=False))
t(lambda: tf.strings.regex_replace(x, r"", "-"))
t(lambda: tf.strings.regex_replace(x, r"b*", "-"))
t(lambda: tf.strings.regex_replace(x, r"(a)", r"$1\\0\\\\"))
t(lambda: tf.strings.regex_replace(x, r"(a)", r"\\2"))
t(lambda: tf.strings.regex_replace(["abc"], r"b", r"\\x"))
t(lambda: tf.strings.regex_replace(x, tf.constant("a"), "z"))
t(lambda: tf.strings.regex_replace("héllo wörld", r".", r"x"))
t(lambda: tf.strings.regex_replace("hello world", r"(?P<w>o)", r"0"))
t(lambda: tf.strings.regex_replace(["a\\n"], r"$", "!"))
t(lambda: tf.strings.regex_replace(x, r"\\d", r"\\\\"))
t(lambda: tf.strings.regex_replace(x, r"(a", "z"))
t(lambda: tf.strings.regex_replace(x, tf.constant(["a"] * 4), "z"))

@tf.function
def f():
    y = tf.constant(["foo bar", "baz"])
    return (tf.strings.regex_full_match(y, r"ba.*"), tf.strings.regex_replace(y, r"a(.)", r"<\\1>"),
            tf.strings.regex_replace(y, "o", "0", replace_global=False))
for r in f():
    print(r)
""", verbatim=True)

_s("to_number", _ERR + """
for ty in [tf.float32, tf.float64, tf.int32, tf.int64, tf.uint32]:
    for s in ["1.5", "  2", "1e3", "inf", "-nan", "0x10", "+5.", ".5", "INF", "-infinity",
              "nan(1)", "1,5", " 1.5 ", "1e-50", "1e-40", "3.5e38", "1 2", "0x1p3", "-0",
              "00012", "1d", ".", "e5", "+-1", "\\t1", "+5", "1_0", "99999999999", "4294967295",
              "-1", ""]:
        try:
            r = tf.strings.to_number(tf.constant(s), out_type=ty)
            print(repr(s), r)
        except Exception as e:
            print(repr(s), type(e).__name__, e)
t(lambda: tf.strings.to_number(["1.5", "abc"]))
t(lambda: tf.strings.to_number(tf.constant(["12", "-3", " 4 "]), out_type=tf.int32))
t(lambda: tf.strings.to_number(tf.constant(["1e400", "0.1"]), out_type=tf.float64))
t(lambda: tf.strings.to_number(["1"], out_type=tf.int16))
t(lambda: tf.strings.to_number(tf.constant(["1"]), out_type=tf.int16))
t(lambda: tf.strings.to_number(tf.constant([1.0])))

@tf.function
def f():
    y = tf.constant([["1.5", "2"], ["-3", "1e2"]])
    return tf.strings.to_number(y), tf.strings.to_number(tf.constant([["2"], ["-7"]]), out_type=tf.int64)
try:
    for r in f():
        print(r)
except Exception as e:
    print(type(e).__name__, e)
""", verbatim=True)

_s("as_string", _ERR + """
f = tf.constant([3.14159265, -2.5, 1e10, 1e-7, float("nan"), float("inf"), -float("inf"), 0.0, 100.0])
t(lambda: tf.as_string(f))
t(lambda: tf.as_string(f, precision=2))
t(lambda: tf.as_string(f, scientific=True))
t(lambda: tf.as_string(f, shortest=True))
t(lambda: tf.as_string(f, precision=3, scientific=True))
t(lambda: tf.as_string(f, width=12))
t(lambda: tf.as_string(f, width=12, fill="0"))
t(lambda: tf.as_string(f, scientific=True, fill="0", width=14))
t(lambda: tf.as_string(tf.cast(f, tf.float64), shortest=True, precision=12))
t(lambda: tf.as_string(tf.constant([0.1], tf.float16), shortest=True))
t(lambda: tf.as_string(tf.constant([1.5], tf.bfloat16)))
t(lambda: tf.as_string(tf.constant([-float("nan")])))
i = tf.constant([1, -23, 456])
t(lambda: tf.as_string(i))
t(lambda: tf.as_string(i, width=5))
t(lambda: tf.as_string(i, width=5, fill="0"))
t(lambda: tf.as_string(i, fill=" "))
t(lambda: tf.as_string(i, fill="+", width=6))
t(lambda: tf.as_string(i, fill="-", width=6))
t(lambda: tf.as_string(tf.constant([5.0]), fill="#", shortest=True))
t(lambda: tf.as_string(tf.constant([True, False])))
t(lambda: tf.as_string(tf.constant([1 + 2j, -0.5j])))
t(lambda: tf.as_string(tf.constant([1 + 2j, -0.5j]), precision=1))
t(lambda: tf.as_string(tf.constant(["a"])))
t(lambda: tf.as_string(tf.constant([1, 200], tf.uint8)))
t(lambda: tf.as_string(tf.constant([-5], tf.int64), width=4))
t(lambda: tf.strings.as_string(3.5))
t(lambda: tf.as_string([1.5, 2.0]))
t(lambda: tf.as_string(f, scientific=True, shortest=True))
t(lambda: tf.as_string(i, width=5, fill="x"))
t(lambda: tf.as_string(i, width=5, fill="ab"))
t(lambda: tf.as_string(i, precision=2))
t(lambda: tf.as_string(i, shortest=True))

@tf.function
def g():
    return (tf.as_string(tf.constant([1.25, -3.0]), precision=1), tf.as_string(tf.range(3) * 7),
            tf.as_string(tf.constant([[True], [False]])))
for r in g():
    print(r)
""", verbatim=True)

_s("format", _ERR + """
t(lambda: tf.strings.format("x={} y={}", [tf.constant([1.5, 2]), 3]))
t(lambda: tf.strings.format("x={}", tf.constant([[1, 2, 3, 4, 5, 6, 7]])))
t(lambda: tf.strings.format("x={}", tf.constant([[1, 2, 3, 4, 5, 6, 7]]), summarize=2))
t(lambda: tf.strings.format("x={}", tf.constant(["a", "b"])))
t(lambda: tf.strings.format("x={}", tf.constant("a")))
t(lambda: tf.strings.format("x", []))
t(lambda: tf.strings.format("x={}", [tf.constant([True])]))
t(lambda: tf.strings.format("<{}>", [tf.constant([0.5, 1e-10])], placeholder="<{}>"))
t(lambda: tf.strings.format("{{{}}} {}", [1, 2.5]))
t(lambda: tf.strings.format("{}", [np.arange(24).reshape(2, 3, 4)], summarize=1))
t(lambda: tf.strings.format("{}", [np.arange(24).reshape(2, 3, 4)], summarize=-1))
t(lambda: tf.strings.format("a{}b{}", ["hi", "yo"], summarize=0))
for v in [np.arange(2), np.arange(6).reshape(2, 3), np.array(5)]:
    t(lambda: tf.strings.format("{}", [v], summarize=0))
t(lambda: tf.strings.format("{}", [tf.zeros([0, 2])]))
t(lambda: tf.strings.format("{}", [tf.constant(1.0, tf.float64) / 4]))
t(lambda: tf.strings.format("{}", [tf.constant([1 + 2j, 3j])]))
t(lambda: tf.strings.format("{}", [tf.constant([b"\\xc3\\xa9"])]))
t(lambda: tf.strings.format("{}", tf.Variable(2.0)))
t(lambda: tf.strings.format("{}", ([1, 2],)))
t(lambda: tf.strings.format("x={} {}", tf.constant("a")))
t(lambda: tf.strings.format("{}", "hi"))
t(lambda: tf.strings.format("{} {}", [1, 2], placeholder=""))

@tf.function
def g():
    a = tf.range(10)
    return tf.strings.format("a={} b={}", [a * 2, tf.constant(["p", "q"])])
print(g())
""", verbatim=True)

_s("hash_buckets", _ERR + """
s = tf.constant(["hello", "", "a" * 100, "héllo wörld, a medium-size string", "x" * 40])
t(lambda: tf.strings.to_hash_bucket_fast(s, 1000))
t(lambda: tf.strings.to_hash_bucket_strong(s, 1000, [1, 2]))
t(lambda: tf.strings.to_hash_bucket(s, 1000))
t(lambda: tf.strings.to_hash_bucket_fast(s, 2 ** 62))
t(lambda: tf.strings.to_hash_bucket_fast(["hello"], 0))
t(lambda: tf.strings.to_hash_bucket_fast(s, 0))
t(lambda: tf.strings.to_hash_bucket_strong(["hello"], 10, [1]))

@tf.function
def g():
    y = tf.constant([["cat", "dog"], ["fish", "bird"]])
    return (tf.strings.to_hash_bucket_fast(y, 10), tf.strings.to_hash_bucket_strong(y, 10, [7, 9]),
            tf.strings.to_hash_bucket(y, 10))
for r in g():
    print(r)
""", verbatim=True)

_s("segment_join_split_unicode", _ERR + """
t(lambda: tf.strings.unsorted_segment_join(["a", "b", "c", "d"], [0, 1, 0, 3], 4, separator=":"))
t(lambda: tf.strings.unsorted_segment_join([["a", "b"], ["c", "d"]], [1, 0], 2))
t(lambda: tf.strings.unsorted_segment_join(tf.constant(["a", "b"]), tf.constant([0, 5]), 4))
t(lambda: tf.strings.split("a b  c"))
t(lambda: tf.strings.split("a,b,,c", ","))
t(lambda: tf.strings.split("a,b,,c", ",", maxsplit=1))
t(lambda: tf.strings.split("a<>b<>c", "<>"))
t(lambda: tf.strings.split("", ","))
t(lambda: tf.strings.split("  "))
t(lambda: tf.strings.split(tf.constant("a b"), tf.constant(" ")))
t(lambda: tf.strings.bytes_split("abc"))
t(lambda: tf.strings.unicode_split("héllo", "UTF-8"))
t(lambda: tf.strings.unicode_decode("héllo", "UTF-8"))
t(lambda: tf.strings.unicode_decode(b"a\\xffb", "UTF-8"))
t(lambda: tf.strings.unicode_encode([104, 233], "UTF-8"))
t(lambda: tf.strings.unicode_encode([[104, 233], [120, 0x1F600]], "UTF-8"))

@tf.function
def g():
    return (tf.strings.unsorted_segment_join(tf.constant(["x", "y", "z"]), [1, 1, 0], 2, separator="|"),
            tf.strings.split(tf.constant("p q r")), tf.strings.unicode_encode(tf.constant([[72, 105]]), "UTF-8"))
for r in g():
    print(r)
""", verbatim=True)

_s("strings_in_function_arguments", """
@tf.function
def f(x):
    return tf.strings.upper(x), tf.strings.length(x), tf.strings.join([x, "!"])

for r in f(tf.constant(["ab", "cde"])):
    print(r)

@tf.function
def g(x, n):
    return tf.strings.as_string(n * 2), tf.strings.to_number(x) * 2.0, tf.strings.format("{}", [x])

for r in g(tf.constant(["1.5", "2"]), tf.constant([3, 4])):
    print(r)
""", verbatim=True)


_s("split_on_whitespace_with_maxsplit", """
# TF's SplitV2 on whitespace: maxsplit 0 keeps each string whole, and after maxsplit
# parts the rest, its leading whitespace dropped, is one more part (empty too).
cases = ["Hello World", "  padded  ", "abc", "", "   ", "a b c d", " a  b ", "a\\tb\\nc ",
         "a b ", " a", "a  "]
for m in (-1, 0, 1, 2, 3):
    print(m, tf.strings.split(cases, maxsplit=m).to_list())
    print(m, tf.strings.split(cases, sep=" ", maxsplit=m).to_list())
for c in ("  padded  ", "", "a b"):
    print(tf.strings.split(c, maxsplit=1), tf.strings.split(c, maxsplit=0))
""")

_s("unicode_script", _ERR + """
# ICU's script codes (UScriptCode) of code points, -1 for values that are none.
t(lambda: tf.strings.unicode_script([-1, 0x110000, 2**31 - 1, 0, 65, 0x10FFFF, 0xE0001,
                                     0x0301, 1000, 0x0627, 0x4E2D, 0x3042, 0x1F600]))
t(lambda: tf.strings.unicode_script(tf.constant([[65, 1000], [0x4E2D, 0x0301]])))
t(lambda: tf.strings.unicode_script(tf.ragged.constant([[65, 1000], [0x4E2D]])))
t(lambda: tf.strings.unicode_script(tf.strings.unicode_decode(["héllo мир 中文"], "UTF-8")))
t(lambda: tf.strings.unicode_script(tf.constant([65], tf.int64)))
t(lambda: tf.strings.unicode_script([65.0]))
s = tf.strings.unicode_script(np.arange(0, 0x110000, 3, dtype=np.int32)).numpy()
print(s.shape, s.dtype, s.sum(), np.bincount(s + 1).tolist())
@tf.function
def f(x):
    return tf.strings.unicode_script(x)
t(lambda: f(tf.constant([65, 66, 0x0627, -3])))
t(lambda: f.get_concrete_function(tf.TensorSpec([None], tf.int32)).output_shapes)
t(lambda: f(tf.constant([65], tf.int64)))
""")
