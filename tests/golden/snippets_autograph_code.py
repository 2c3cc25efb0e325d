"""Golden snippets: the code AutoGraph generates (tf.autograph.to_code) for the common
constructs, and runs of that code.

TF writes its `nonlocal`/`global` lists and its runs of `x = ag__.Undefined('x')` in the
iteration order of Python sets (it differs between processes): `show` sorts those
lines' names before printing; everything else is compared as TF prints it."""
import textwrap

from snippet_registry import Snippets

_SHOW = '''
import re
def show(f, **kwargs):
    lines = []
    for line in tf.autograph.to_code(f, **kwargs).splitlines():
        m = re.match(r"(\\s*)(nonlocal|global) (.*)$", line)
        if m:
            line = m.group(1) + m.group(2) + " " + ", ".join(sorted(m.group(3).split(", ")))
        if "= ag__.Undefined(" in line and lines and "= ag__.Undefined(" in lines[-1][-1]:
            lines[-1].append(line)
        else:
            lines.append([line])
    print("\\n".join("\\n".join(sorted(run)) for run in lines))
'''


SNIPPETS = Snippets(prelude=textwrap.dedent(_SHOW).lstrip("\n"))
_s = SNIPPETS.add


_s("code_while_tensor_loop", """
@tf.function
def f(x):
  while tf.reduce_sum(x) > 1:
    tf.print(x)
    x = tf.tanh(x)
  return x
show(f.python_function)
print(f(tf.constant([1.0, 2.0])))
""")
_s("code_if_else_returns", """
def simple_relu(x):
  if tf.greater(x, 0):
    return x
  else:
    return 0
show(simple_relu)
g = tf.function(simple_relu)
print(g(tf.constant(3)), g(tf.constant(-3)))
""")
_s("code_if_elif_else", """
def f(x):
  if x > 0:
    y = 1
  elif x < -1:
    y = 2
  else:
    y = 3
  return y
show(f)
g = tf.function(f)
print(g(tf.constant(2)), g(tf.constant(-2)), g(tf.constant(0)), f(5))
""")
_s("code_if_without_else_and_nested", """
def f(x):
  y = 0
  if x > 0:
    if x > 1:
      y = x - 1
  return y
show(f)
print(tf.function(f)(tf.constant(3)))
""")
_s("code_while_counter", """
def f(n):
  i = 0
  s = 0
  while i < n:
    s += i
    i += 1
  return s
show(f)
print(tf.function(f)(tf.constant(5)))
""")
_s("code_for_tf_range", """
def f(n):
  s = 0
  for i in tf.range(n):
    s = s + i
  return s
show(f)
print(tf.function(f)(tf.constant(5)))
""")
_s("code_for_python_list_and_tuples", """
def f(x, pairs):
  for v in [1, 2, 3]:
    x = x + v
  s = 0
  for a, b in pairs:
    s = s + a * b
  return x, s
show(f)
print(tf.function(f)(tf.constant(1), [(1, 2), (3, 4)]))
""")
_s("code_break", """
def f(n):
  s = 0
  for i in range(n):
    if s > 10:
      break
    s += i
  return s
show(f)
print(f(10), tf.function(f)(tf.constant(10)))
""")
_s("code_continue", """
def f(n):
  s = 0
  for i in tf.range(n):
    if i % 2 == 0:
      continue
    s += i
  return s
show(f)
print(tf.function(f)(tf.constant(10)))
""")
_s("code_while_break", """
def f(x):
  while x > 0:
    x = x - 1
    if x == 3:
      break
  return x
show(f)
print(tf.function(f)(tf.constant(10)))
""")
_s("code_early_return", """
def f(x):
  if x > 0:
    return x
  x = x * 2
  return x + 1
show(f)
g = tf.function(f)
print(g(tf.constant(3)), g(tf.constant(-3)))
""")
_s("code_return_in_loop", """
def f(n):
  for i in range(n):
    if i > 3:
      return i
  return -1
show(f)
print(f(10), f(2))
""")
_s("code_nested_function_nonlocal", """
def f(x):
  a = 1
  def inner(y):
    nonlocal a
    a = a + 1
    return y * 2
  return inner(x) + a
show(f)
print(tf.function(f)(tf.constant(3)))
""")
_s("code_logical_and_ternary", """
def f(a, b, c):
  d = a > 0 and b > 0 or not c > 0
  e = a < b < c
  return d, e, (a if a > 0 else -a)
show(f)
print(tf.function(f)(tf.constant(1), tf.constant(2), tf.constant(3)))
""")
_s("code_calls", """
class M:
  def __init__(self):
    self.v = 1
  def meth(self, x):
    return x + self.v
def f(m, x, *args, **kwargs):
  print('trace')
  tf.print(x)
  y = tf.reduce_sum(x, axis=0, keepdims=True)
  z = tf.add(*args, **kwargs)
  return m.meth(y) + z
show(f)
print(tf.function(f)(M(), tf.constant([1, 2]), 1, y=2))
""")
_s("code_method", """
class K:
  def __init__(self):
    self.v = 10
  def m(self, x):
    if x > 0:
      x = x + self.v
    return x
show(K().m)
print(tf.function(K().m)(tf.constant(1)))
""")
_s("code_global", """
G = 0
def f(x):
  global G
  if x > 0:
    G = 1
  return G + x
show(f)
print(f(1), G)
""")
_s("code_lambda_comprehension_with_try", """
def f(x):
  g = lambda y: y + 1
  with tf.name_scope('a'):
    z = [i * 2 for i in [1, 2]]
  try:
    w = g(x)
  except ValueError:
    w = 0
  return w, z
show(f)
print(f(1))
""")
_s("code_assert_docstring_augassign_del", """
def f(x):
  '''Doc.'''
  assert x > 0, 'bad'
  y = x
  del y
  x += 1
  return x
show(f)
print(f(2))
""")
_s("code_undefined_symbols", """
def f(x):
  if x > 0:
    y = 1
  while x > 0:
    t = x - 1
    x = t
  return x
show(f)
print(tf.function(f)(tf.constant(3)))
""")
_s("code_undefined_read_raises", """
@tf.function
def f(x):
  if x > 0:
    y = 1
  return y
try:
  f(-1)
except Exception as e:
  print(type(e).__name__, e)
""")
_s("code_attribute_loop_state", """
class S:
  pass
def f(m, n):
  for i in tf.range(n):
    m.v = m.v + i
  return m.v
show(f)
s = S()
s.v = tf.constant(0)
print(tf.function(f)(s, tf.constant(4)))
""")
_s("code_set_loop_options", """
def f(x):
  while x > 0:
    tf.autograph.experimental.set_loop_options(maximum_iterations=3)
    x = x - 1
  return x
show(f)
print(tf.function(f)(tf.constant(10)))
""")
_s("code_not_recursive", """
def f(x):
  return tf.abs(x)
show(f, recursive=False)
""")
_s("code_super_call", """
class A:
  def g(self, x):
    return x * 2
class B(A):
  def g(self, x):
    if x > 0:
      x = super().g(x)
    return x
show(B().g)
print(tf.function(B().g)(tf.constant(3)), tf.function(B().g)(tf.constant(-3)))
""")
