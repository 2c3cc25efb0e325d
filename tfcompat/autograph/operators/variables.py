"""AutoGraph's variable operators (TF 2.21's autograph/operators/variables.py): the
Undefined value of a symbol not yet assigned and the reads converted code makes
(ag__.ld, ag__.ldu)."""


class Undefined:
    """TF's Undefined: the value of a symbol not (yet) assigned when a converted
    statement starts. Reading it through ag__.ld raises UnboundLocalError; its public
    attributes and items are itself (TF: any attribute, which would confuse tfcompat's
    structure checks for private ones)."""
    __slots__ = ("symbol_name",)

    def __init__(self, symbol_name="<undefined>"):
        self.symbol_name = symbol_name

    def read(self):
        raise UnboundLocalError(f"'{self.symbol_name}' is used before assignment")

    def __repr__(self):
        return self.symbol_name

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return self

    def __getitem__(self, i):
        return self


class UndefinedReturnValue:
    """The return value of a converted function before a return statement ran."""


def ld(v):
    """TF's ag__.ld: a read of a variable; an Undefined one raises."""
    if isinstance(v, Undefined):
        return v.read()
    return v


def ldu(load_v, name):
    """TF's ag__.ldu: a read of a composite symbol (`a.b`), Undefined when it fails."""
    try:
        return load_v()
    except (KeyError, AttributeError, NameError):
        return Undefined(name)
