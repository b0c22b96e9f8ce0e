"""The cost audit's cases: which public functions of strict_xp are timed, on what values, in
which shape family, and which names of the standard are covered. Building the cases needs no
NumPy; their `make` and `call` use the np and xp that cost_audit.main() sets here."""

import fnmatch
import json
import math
import operator
import pathlib

np = None  # numpy, set by cost_audit.main() after the BLAS thread variables are set
xp = None  # strict_xp, likewise

# ---------------------------------------------------------------------------------------------
# Families: what a case's size means, the sizes timed, and the pilots timed before them.

FAMILIES = {
    "vector": {"label": "n", "sizes": [10**4, 10**5, 10**6], "pilots": [10**3, 3 * 10**3],
               "k": None, "what": "n elements"},
    "tall5": {"label": "m", "sizes": [10**3, 10**4, 10**5], "pilots": [100, 300], "k": 5,
              "what": "m x 5"},
    "tall50": {"label": "m", "sizes": [10**3, 10**4, 10**5], "pilots": [100, 300], "k": 50,
               "what": "m x 50"},
    "square": {"label": "n", "sizes": [50, 200, 500], "pilots": [15, 30], "k": None,
               "what": "n x n"},
    # Calls whose cost does not depend on a size (data type functions, info, 0-d conversions).
    "constant": {"label": "-", "sizes": [1], "pilots": [], "k": None, "what": "no size"},
}

LINALG_MAIN = {"matmul", "tensordot", "vecdot", "matrix_transpose", "array.__matmul__"}
SORTS = {"sort", "argsort", "unique_values", "unique_counts", "unique_inverse", "unique_all"}


def elements(family, size):
    """The number of elements of a family's input at `size`."""
    k = FAMILIES[family]["k"]
    if family == "square":
        return size * size
    if k:
        return size * k
    return size


class Case:
    """One timed call: `call(ns, *args)` on the arguments `make(rng, size, k)` returns (NumPy
    objects; arrays are given to strict_xp through asarray). `numpy` replaces `call` for NumPy
    where the spelling differs. `exponent`: the textbook algorithm's, in the family's size
    (`log`: times a log factor)."""

    def __init__(self, name, family, make, call, *, variant="", numpy=None, exponent=1.0,
                 log=False, kind=None, note=""):
        self.name, self.family, self.make, self.call = name, family, make, call
        self.variant, self.numpy_call, self.exponent, self.log, self.note = (
            variant, numpy, exponent, log, note)
        if kind is None:
            kind = ("linalg" if name.startswith("linalg.") or name in LINALG_MAIN
                    else "sort" if name in SORTS else "other")
        self.kind = kind
        self.id = f"{name}{f'[{variant}]' if variant else ''}@{family}"

    def meta(self):
        return {"id": self.id, "name": self.name, "variant": self.variant, "family": self.family,
                "textbook_exponent": self.exponent, "log_factor": self.log, "kind": self.kind,
                "note": self.note}


# ---------------------------------------------------------------------------------------------
# Data: the same NumPy values for both libraries.

def values(rng, kind, shape):
    if kind == "normal":
        return rng.standard_normal(shape)
    if kind == "unit":          # acos, asin, atanh
        return rng.uniform(-0.99, 0.99, shape)
    if kind == "ge1":           # acosh
        return 1.0 + np.abs(rng.standard_normal(shape))
    if kind == "positive":      # log, sqrt, pow's base
        return rng.uniform(0.1, 10.0, shape)
    if kind == "near1":         # prod, cumulative_prod: no overflow, no subnormals
        return rng.uniform(0.9, 1.1, shape)
    if kind == "nonzero":       # divisors
        x = rng.standard_normal(shape)
        return np.where(x < 0, x - 0.1, x + 0.1)
    if kind == "halfzero":      # nonzero, count_nonzero
        x = rng.standard_normal(shape)
        return np.where(x < 0, 0.0, x)
    if kind == "int":
        return rng.integers(-2**20, 2**20, shape, dtype=np.int64)
    if kind == "shift":
        return rng.integers(0, 31, shape, dtype=np.int64)
    if kind == "bool":
        return rng.random(shape) < 0.5
    if kind == "complex":
        return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    if kind == "duplicates":    # unique_*: about ten of each value
        n = int(np.prod(shape))
        return rng.integers(0, max(1, n // 10), shape).astype(np.float64)
    raise ValueError(kind)


def vec(*kinds):
    """`make` for the vector family: one 1-D array of n values per kind."""
    return lambda rng, n, k: tuple(values(rng, kind, n) for kind in kinds)


def tall(kind="normal"):
    return lambda rng, m, k: (values(rng, kind, (m, k)),)


def square(kind="normal"):
    def make(rng, n, k):
        a = values(rng, "normal", (n, n)) / math.sqrt(n)
        if kind == "symmetric":
            a = a + a.T
        elif kind == "spd":
            a = a @ a.T + np.eye(n)
        elif kind == "well":
            a = a + 2.0 * np.eye(n)
        return (a,)
    return make


class Raw:
    """An argument given to both libraries as it is (never converted to a strict_xp array)."""

    def __init__(self, value):
        self.value = value


def materialize(ns, r):
    """Reads a result in full: strict_xp fills a view's own buffer on its first read."""
    if isinstance(r, (list, tuple)):
        return [ns.asarray(a, copy=True) for a in r]
    return ns.asarray(r, copy=True)


# ---------------------------------------------------------------------------------------------
# The cases.

UNARY = {  # name: the values it is timed on (float64 unless the kind says otherwise)
    "abs": "normal", "acos": "unit", "acosh": "ge1", "asin": "unit", "asinh": "normal",
    "atan": "normal", "atanh": "unit", "ceil": "normal", "cos": "normal", "cosh": "normal",
    "exp": "normal", "expm1": "normal", "floor": "normal", "isfinite": "normal",
    "isinf": "normal", "isnan": "normal", "log": "positive", "log10": "positive",
    "log1p": "positive", "log2": "positive", "negative": "normal", "positive": "normal",
    "reciprocal": "nonzero", "round": "normal", "sign": "normal", "signbit": "normal",
    "sin": "normal", "sinh": "normal", "sqrt": "positive", "square": "normal", "tan": "normal",
    "tanh": "normal", "trunc": "normal", "conj": "complex", "real": "complex",
    "imag": "complex", "bitwise_invert": "int", "logical_not": "bool",
}
BINARY = {
    "add": ("normal", "normal"), "atan2": ("normal", "normal"),
    "copysign": ("normal", "normal"), "divide": ("normal", "nonzero"),
    "equal": ("normal", "normal"), "floor_divide": ("normal", "nonzero"),
    "greater": ("normal", "normal"), "greater_equal": ("normal", "normal"),
    "hypot": ("normal", "normal"), "less": ("normal", "normal"),
    "less_equal": ("normal", "normal"), "logaddexp": ("normal", "normal"),
    "maximum": ("normal", "normal"), "minimum": ("normal", "normal"),
    "multiply": ("normal", "normal"), "nextafter": ("normal", "normal"),
    "not_equal": ("normal", "normal"), "pow": ("positive", "normal"),
    "remainder": ("normal", "nonzero"), "subtract": ("normal", "normal"),
    "bitwise_and": ("int", "int"), "bitwise_or": ("int", "int"), "bitwise_xor": ("int", "int"),
    "bitwise_left_shift": ("int", "shift"), "bitwise_right_shift": ("int", "shift"),
    "logical_and": ("bool", "bool"), "logical_or": ("bool", "bool"),
    "logical_xor": ("bool", "bool"),
}
OPERATORS = {  # array method: (operator function, the values of each operand)
    "__add__": (operator.add, ("normal", "normal")),
    "__sub__": (operator.sub, ("normal", "normal")),
    "__mul__": (operator.mul, ("normal", "normal")),
    "__truediv__": (operator.truediv, ("normal", "nonzero")),
    "__floordiv__": (operator.floordiv, ("normal", "nonzero")),
    "__mod__": (operator.mod, ("normal", "nonzero")),
    "__pow__": (operator.pow, ("positive", "normal")),
    "__eq__": (operator.eq, ("normal", "normal")), "__ne__": (operator.ne, ("normal", "normal")),
    "__lt__": (operator.lt, ("normal", "normal")), "__le__": (operator.le, ("normal", "normal")),
    "__gt__": (operator.gt, ("normal", "normal")), "__ge__": (operator.ge, ("normal", "normal")),
    "__and__": (operator.and_, ("int", "int")), "__or__": (operator.or_, ("int", "int")),
    "__xor__": (operator.xor, ("int", "int")),
    "__lshift__": (operator.lshift, ("int", "shift")),
    "__rshift__": (operator.rshift, ("int", "shift")),
    "__neg__": (operator.neg, ("normal",)), "__pos__": (operator.pos, ("normal",)),
    "__abs__": (operator.abs, ("normal",)), "__invert__": (operator.invert, ("int",)),
}


def _fn(path):
    """ns -> the function at a dotted path ('linalg.svd')."""
    def get(ns):
        obj = ns
        for part in path.split("."):
            obj = getattr(obj, part)
        return obj
    return get


def build_cases():
    cases = []

    def add(*args, **kwargs):
        cases.append(Case(*args, **kwargs))

    # Element-wise functions and the operators.
    for name, kind in UNARY.items():
        add(name, "vector", vec(kind), lambda ns, x, _f=_fn(name): _f(ns)(x))
    for name in ("real", "imag"):
        add(name, "vector", vec("complex"),
            lambda ns, x, _f=_fn(name): materialize(ns, _f(ns)(x)), variant="then read",
            note="then asarray(copy=True): NumPy's is a view")
    for name, kinds in BINARY.items():
        add(name, "vector", vec(*kinds), lambda ns, a, b, _f=_fn(name): _f(ns)(a, b))
    add("clip", "vector", vec("normal"), lambda ns, x: ns.clip(x, -0.5, 0.5))
    for name, (op, kinds) in OPERATORS.items():
        add(f"array.{name}", "vector", vec(*kinds), lambda ns, *a, _op=op: _op(*a))
    add("array.__add__", "vector", vec("normal"), lambda ns, x: x + 1.5, variant="python scalar")
    add("array.__radd__", "vector", vec("normal"), lambda ns, x: 1.5 + x,
        variant="python scalar")
    add("array.__iadd__", "vector", vec("normal", "normal"),
        lambda ns, a, b: operator.iadd(a, b), note="in place, on the same array each call")
    # Indexing.
    ints = lambda rng, n, k: (values(rng, "normal", n), rng.integers(0, n, n))
    mask = lambda rng, n, k: (values(rng, "normal", n), rng.random(n) < 0.5)
    add("array.__getitem__", "vector", ints, lambda ns, x, i: x[i], variant="integer array")
    add("array.__getitem__", "vector", mask, lambda ns, x, m: x[m], variant="boolean mask")
    add("array.__getitem__", "vector", vec("normal"), lambda ns, x: x[::2], variant="slice",
        exponent=0.0, note="NumPy: a view; strict_xp: a lazy view, filled on first read")
    add("array.__getitem__", "vector", vec("normal"), lambda ns, x: materialize(ns, x[::2]),
        variant="slice, then read", note="then asarray(copy=True)")
    add("array.__getitem__", "vector", vec("normal"), lambda ns, x: x[7], variant="integer",
        exponent=0.0)
    add("array.__setitem__", "vector",
        lambda rng, n, k: (values(rng, "normal", n), rng.integers(0, n, n // 2),
                           values(rng, "normal", n // 2)),
        lambda ns, x, i, v: x.__setitem__(i, v), variant="integer array, array value")
    add("array.__setitem__", "vector",
        lambda rng, n, k: (values(rng, "normal", n), rng.random(n) < 0.5),
        lambda ns, x, m: x.__setitem__(m, 0.0), variant="boolean mask, scalar")
    add("array.__setitem__", "vector",
        lambda rng, n, k: (values(rng, "normal", n), values(rng, "normal", n // 2)),
        lambda ns, x, v: x.__setitem__(slice(None, None, 2), v), variant="slice, array value")
    add("array.__setitem__", "vector", vec("normal"),
        lambda ns, x: x.__setitem__(slice(None), 1.0), variant="slice, scalar")

    # Creation.
    size_only = lambda rng, n, k: (n,)
    add("arange", "vector", size_only, lambda ns, n: ns.arange(n))
    add("linspace", "vector", size_only, lambda ns, n: ns.linspace(0.0, 1.0, n))
    add("zeros", "vector", size_only, lambda ns, n: ns.zeros(n))
    add("ones", "vector", size_only, lambda ns, n: ns.ones(n))
    add("empty", "vector", size_only, lambda ns, n: ns.empty(n))
    add("full", "vector", size_only, lambda ns, n: ns.full(n, 2.5))
    add("zeros_like", "vector", vec("normal"), lambda ns, x: ns.zeros_like(x))
    add("ones_like", "vector", vec("normal"), lambda ns, x: ns.ones_like(x))
    add("empty_like", "vector", vec("normal"), lambda ns, x: ns.empty_like(x))
    add("full_like", "vector", vec("normal"), lambda ns, x: ns.full_like(x, 2.5))
    add("asarray", "vector", lambda rng, n, k: (Raw(values(rng, "normal", n)),),
        lambda ns, raw: xp.asarray(raw.value), numpy=lambda ns, raw: np.array(raw.value),
        variant="from a NumPy array",
        note="strict_xp.asarray(numpy array) against numpy.array(numpy array), a copy")
    add("asarray", "vector", lambda rng, n, k: (values(rng, "normal", n).tolist(),),
        lambda ns, values_: ns.asarray(values_), variant="from a list of floats")
    add("asarray", "vector", vec("normal"), lambda ns, x: ns.asarray(x, copy=True),
        variant="copy=True")
    add("from_dlpack", "vector", vec("normal"), lambda ns, x: ns.from_dlpack(x), exponent=0.0,
        note="of the library's own array")
    add("meshgrid", "vector",
        lambda rng, n, k: (values(rng, "normal", int(round(math.sqrt(n)))),
                           values(rng, "normal", int(round(math.sqrt(n))))),
        lambda ns, a, b: ns.meshgrid(a, b), note="two vectors of sqrt(n): two n-element grids")
    add("eye", "square", lambda rng, n, k: (n,), lambda ns, n: ns.eye(n), exponent=2.0)
    add("tril", "square", square(), lambda ns, x: ns.tril(x), exponent=2.0)
    add("triu", "square", square(), lambda ns, x: ns.triu(x), exponent=2.0)

    # Data type functions, conversions, the array's O(1) methods, info.
    const = lambda rng, n, k: ()
    zero_d = lambda rng, n, k: (np.asarray(2.0),)
    add("astype", "vector", vec("normal"), lambda ns, x: ns.astype(x, ns.float32),
        variant="float64 to float32")
    add("can_cast", "constant", const, lambda ns: ns.can_cast(ns.float32, ns.float64),
        exponent=0.0)
    add("finfo", "constant", const, lambda ns: ns.finfo(ns.float64), exponent=0.0)
    add("iinfo", "constant", const, lambda ns: ns.iinfo(ns.int64), exponent=0.0)
    add("isdtype", "constant", const, lambda ns: ns.isdtype(ns.float64, "real floating"),
        exponent=0.0)
    add("result_type", "constant", const, lambda ns: ns.result_type(ns.float32, ns.float64),
        exponent=0.0)
    add("broadcast_shapes", "constant", const, lambda ns: ns.broadcast_shapes((3, 1), (1, 4)),
        exponent=0.0)
    for name in ("__bool__", "__float__", "__int__", "__index__", "__complex__"):
        data = ((lambda rng, n, k: (np.asarray(3, dtype=np.int64),))
                if name in ("__int__", "__index__") else zero_d)
        add(f"array.{name}", "constant", data, lambda ns, x, _m=name: getattr(x, _m)(),
            exponent=0.0, note="of a 0-d array")
    add("array.__array_namespace__", "constant", zero_d, lambda ns, x: x.__array_namespace__(),
        exponent=0.0)
    add("array.__dlpack_device__", "constant", zero_d, lambda ns, x: x.__dlpack_device__(),
        exponent=0.0)
    add("array.__dlpack__", "vector", vec("normal"), lambda ns, x: x.__dlpack__(), exponent=0.0)
    add("array.to_device", "vector", vec("normal"),
        lambda ns, x: x.to_device(xp.Device("device1")), numpy=lambda ns, x: x.copy(),
        note="strict_xp: cpu -> device1 (a transfer); NumPy (one device): x.copy()")
    add("info.__array_namespace_info__", "constant", const,
        lambda ns: ns.__array_namespace_info__(), exponent=0.0)
    for name, call in (("capabilities", lambda i: i.capabilities()),
                       ("default_device", lambda i: i.default_device()),
                       ("default_dtypes", lambda i: i.default_dtypes()),
                       ("devices", lambda i: i.devices()),
                       ("dtypes", lambda i: i.dtypes())):
        add(f"info.{name}", "constant", const,
            lambda ns, _c=call: _c(ns.__array_namespace_info__()), exponent=0.0,
            note="__array_namespace_info__() included")

    # Manipulation. strict_xp returns some of these as lazy views (a buffer of its own, filled
    # from the storage on first read; internal/view.hpp); NumPy as views: each is timed as called
    # and as called then read in full.
    two_d = lambda rng, n, k: (values(rng, "normal", (n // 100, 100)),)
    views = [
        ("flip", vec("normal"), lambda ns, x: ns.flip(x), ""),
        ("reshape", vec("normal"), lambda ns, x: ns.reshape(x, (-1, 100)), "to (n/100, 100)"),
        ("permute_dims", two_d, lambda ns, x: ns.permute_dims(x, (1, 0)), "(n/100, 100)"),
        ("moveaxis", two_d, lambda ns, x: ns.moveaxis(x, 0, 1), "(n/100, 100)"),
        ("expand_dims", vec("normal"), lambda ns, x: ns.expand_dims(x, axis=0), ""),
        ("squeeze", lambda rng, n, k: (values(rng, "normal", (n, 1)),),
         lambda ns, x: ns.squeeze(x, axis=1), "(n, 1)"),
        ("unstack", lambda rng, n, k: (values(rng, "normal", (10, n // 10)),),
         lambda ns, x: ns.unstack(x), "(10, n/10)"),
    ]
    for name, make, call, variant in views:
        add(name, "vector", make, call, variant=variant, exponent=0.0,
            note="NumPy: a view; strict_xp: a lazy view, filled on first read")
        add(name, "vector", make, lambda ns, x, _c=call: materialize(ns, _c(ns, x)),
            variant=f"{variant + ', ' if variant else ''}then read",
            note="then asarray(copy=True)")
    halves = lambda rng, n, k: (values(rng, "normal", n // 2), values(rng, "normal", n // 2))
    add("concat", "vector", halves, lambda ns, a, b: ns.concat([a, b]), variant="two n/2")
    add("stack", "vector", halves, lambda ns, a, b: ns.stack([a, b]), variant="two n/2")
    add("broadcast_to", "vector", lambda rng, n, k: (values(rng, "normal", (n // 100, 1)),),
        lambda ns, x: ns.broadcast_to(x, (x.shape[0], 100)), variant="(n/100, 1) to (n/100, 100)",
        note="NumPy: a read-only view; strict_xp: a copy")
    add("broadcast_to", "vector", lambda rng, n, k: (values(rng, "normal", (n // 100, 1)),),
        lambda ns, x: materialize(ns, ns.broadcast_to(x, (x.shape[0], 100))),
        variant="(n/100, 1) to (n/100, 100), then read", note="then asarray(copy=True)")
    add("broadcast_arrays", "vector",
        lambda rng, n, k: (values(rng, "normal", (n // 100, 1)), values(rng, "normal", 100)),
        lambda ns, a, b: ns.broadcast_arrays(a, b), variant="(n/100, 1) and (100,)",
        note="NumPy: read-only views; strict_xp: copies")
    add("repeat", "vector", vec("normal"), lambda ns, x: ns.repeat(x, 2), variant="2")
    add("tile", "vector", vec("normal"), lambda ns, x: ns.tile(x, (2,)), variant="(2,)")
    add("roll", "vector", vec("normal"), lambda ns, x: ns.roll(x, 7), variant="7")

    # Searching, sorting, sets.
    add("argmax", "vector", vec("normal"), lambda ns, x: ns.argmax(x))
    add("argmin", "vector", vec("normal"), lambda ns, x: ns.argmin(x))
    add("nonzero", "vector", vec("halfzero"), lambda ns, x: ns.nonzero(x))
    add("count_nonzero", "vector", vec("halfzero"), lambda ns, x: ns.count_nonzero(x))
    add("where", "vector", vec("bool", "normal", "normal"), lambda ns, c, a, b: ns.where(c, a, b))
    add("searchsorted", "vector",
        lambda rng, n, k: (np.sort(values(rng, "normal", n)), values(rng, "normal", n)),
        lambda ns, s, q: ns.searchsorted(s, q), log=True, variant="n queries")
    add("take", "vector", ints, lambda ns, x, i: ns.take(x, i, axis=0))
    add("take_along_axis", "vector", ints, lambda ns, x, i: ns.take_along_axis(x, i, axis=-1))
    add("sort", "vector", vec("normal"), lambda ns, x: ns.sort(x),
        numpy=lambda ns, x: np.sort(x, stable=True), log=True,
        note="stable (the standard's default) on both")
    add("sort", "vector", vec("normal"), lambda ns, x: ns.sort(x, stable=False),
        variant="stable=False", log=True)
    add("argsort", "vector", vec("normal"), lambda ns, x: ns.argsort(x),
        numpy=lambda ns, x: np.argsort(x, stable=True), log=True,
        note="stable (the standard's default) on both")
    for name in ("unique_values", "unique_counts", "unique_inverse", "unique_all"):
        add(name, "vector", vec("duplicates"), lambda ns, x, _f=_fn(name): _f(ns)(x), log=True,
            note="n/10 distinct values")
    add("isin", "vector",
        lambda rng, n, k: (rng.integers(0, n, n), rng.integers(0, n, n // 10)),
        lambda ns, a, b: ns.isin(a, b), log=True, variant="n in n/10, int64")

    # Statistics and utility.
    for name, kind in (("sum", "normal"), ("prod", "near1"), ("mean", "normal"),
                       ("std", "normal"), ("var", "normal"), ("min", "normal"),
                       ("max", "normal"), ("cumulative_sum", "normal"),
                       ("cumulative_prod", "near1"), ("diff", "normal")):
        add(name, "vector", vec(kind), lambda ns, x, _f=_fn(name): _f(ns)(x))
    add("all", "vector", lambda rng, n, k: (np.ones(n, dtype=bool),), lambda ns, x: ns.all(x),
        note="all True")
    add("any", "vector", lambda rng, n, k: (np.zeros(n, dtype=bool),), lambda ns, x: ns.any(x),
        note="all False")

    # fft on vectors (and 2-D transforms of (n/100, 100)).
    c2 = lambda rng, n, k: (values(rng, "complex", (n // 100, 100)),)
    r2 = lambda rng, n, k: (values(rng, "normal", (n // 100, 100)),)
    half = lambda rng, n, k: (values(rng, "complex", n // 2 + 1), n)
    for name, make, call in (
            ("fft.fft", vec("complex"), lambda ns, x: ns.fft.fft(x)),
            ("fft.ifft", vec("complex"), lambda ns, x: ns.fft.ifft(x)),
            ("fft.rfft", vec("normal"), lambda ns, x: ns.fft.rfft(x)),
            ("fft.irfft", half, lambda ns, x, n: ns.fft.irfft(x, n=n)),
            ("fft.hfft", half, lambda ns, x, n: ns.fft.hfft(x, n=n)),
            ("fft.ihfft", vec("normal"), lambda ns, x: ns.fft.ihfft(x)),
            ("fft.fftn", c2, lambda ns, x: ns.fft.fftn(x)),
            ("fft.ifftn", c2, lambda ns, x: ns.fft.ifftn(x)),
            ("fft.rfftn", r2, lambda ns, x: ns.fft.rfftn(x)),
            ("fft.irfftn", lambda rng, n, k: (values(rng, "complex", (n // 100, 51)),),
             lambda ns, x: ns.fft.irfftn(x, s=(x.shape[0], 100), axes=(0, 1)))):
        add(name, "vector", make, call, log=True,
            variant="(n/100, 100)" if name.endswith("n") and name != "fft.fft" else "")
    add("fft.fftfreq", "vector", size_only, lambda ns, n: ns.fft.fftfreq(n))
    add("fft.rfftfreq", "vector", size_only, lambda ns, n: ns.fft.rfftfreq(n))
    add("fft.fftshift", "vector", vec("normal"), lambda ns, x: ns.fft.fftshift(x))
    add("fft.ifftshift", "vector", vec("normal"), lambda ns, x: ns.fft.ifftshift(x))

    # linalg on vectors.
    add("linalg.vector_norm", "vector", vec("normal"), lambda ns, x: ns.linalg.vector_norm(x))
    add("vecdot", "vector", vec("normal", "normal"), lambda ns, a, b: ns.vecdot(a, b))
    add("linalg.cross", "vector", lambda rng, n, k: (values(rng, "normal", (n // 3, 3)),
                                                     values(rng, "normal", (n // 3, 3))),
        lambda ns, a, b: ns.linalg.cross(a, b), variant="(n/3, 3)")

    # Tall m x k: products, thin decompositions, row reductions.
    for family in ("tall5", "tall50"):
        kk = lambda rng, m, k: (values(rng, "normal", (m, k)), values(rng, "normal", (k, k)))
        pair = lambda rng, m, k: (values(rng, "normal", (m, k)), values(rng, "normal", (m, k)))
        add("matmul", family, kk, lambda ns, a, b: ns.matmul(a, b), variant="(m, k) @ (k, k)")
        add("array.__matmul__", family, kk, lambda ns, a, b: a @ b, variant="(m, k) @ (k, k)")
        add("matmul", family, tall(), lambda ns, a: ns.matmul(ns.matrix_transpose(a), a),
            variant="A^T A", note="matmul(matrix_transpose(a), a)")
        add("tensordot", family, tall(), lambda ns, a: ns.tensordot(a, a, axes=([0], [0])),
            variant="A^T A, axes=([0], [0])")
        add("vecdot", family, pair, lambda ns, a, b: ns.vecdot(a, b), variant="rows")
        add("linalg.vecdot", family, pair, lambda ns, a, b: ns.linalg.vecdot(a, b),
            variant="rows")
        add("linalg.svd", family, tall(),
            lambda ns, a: ns.linalg.svd(a, full_matrices=False), variant="full_matrices=False")
        add("linalg.svdvals", family, tall(), lambda ns, a: ns.linalg.svdvals(a))
        add("linalg.qr", family, tall(), lambda ns, a: ns.linalg.qr(a), variant="reduced")
        add("linalg.pinv", family, tall(), lambda ns, a: ns.linalg.pinv(a))
        add("linalg.matrix_rank", family, tall(), lambda ns, a: ns.linalg.matrix_rank(a))
        for ord_ in ("fro", "nuc", 2):
            add("linalg.matrix_norm", family, tall(),
                lambda ns, a, _o=ord_: ns.linalg.matrix_norm(a, ord=_o), variant=f"ord={ord_}")
        add("linalg.vector_norm", family, tall(),
            lambda ns, a: ns.linalg.vector_norm(a, axis=-1), variant="axis=-1",
            kind="other")
        for name, axis in (("sum", -1), ("sum", 0), ("mean", -1), ("std", -1), ("max", -1),
                           ("argmax", -1), ("cumulative_sum", -1), ("sort", -1)):
            add(name, family, tall(), lambda ns, a, _f=_fn(name), _a=axis: _f(ns)(a, axis=_a),
                variant=f"axis={axis}", log=(name == "sort"))

    # Square n x n.
    sq2 = lambda rng, n, k: (square("well")(rng, n, k)[0], values(rng, "normal", (n, n)))
    add("matmul", "square", sq2, lambda ns, a, b: ns.matmul(a, b), exponent=3.0)
    add("array.__matmul__", "square", sq2, lambda ns, a, b: a @ b, exponent=3.0)
    add("linalg.matmul", "square", sq2, lambda ns, a, b: ns.linalg.matmul(a, b), exponent=3.0)
    add("array.__imatmul__", "square", sq2, lambda ns, a, b: operator.imatmul(a, b),
        exponent=3.0, kind="linalg", note="a @= b, in place; NumPy too")
    add("tensordot", "square", sq2, lambda ns, a, b: ns.tensordot(a, b, axes=1),
        variant="axes=1", exponent=3.0)
    add("linalg.tensordot", "square", sq2, lambda ns, a, b: ns.linalg.tensordot(a, b, axes=2),
        variant="axes=2", exponent=2.0)
    add("vecdot", "square", sq2, lambda ns, a, b: ns.vecdot(a, b), variant="rows",
        exponent=2.0)
    add("linalg.outer", "square", lambda rng, n, k: (values(rng, "normal", n),) * 2,
        lambda ns, a, b: ns.linalg.outer(a, b), variant="two n-vectors", exponent=2.0)
    add("linalg.inv", "square", square("well"), lambda ns, a: ns.linalg.inv(a), exponent=3.0)
    add("linalg.solve", "square", sq2, lambda ns, a, b: ns.linalg.solve(a, b),
        variant="n right-hand sides", exponent=3.0)
    add("linalg.det", "square", square("well"), lambda ns, a: ns.linalg.det(a), exponent=3.0)
    add("linalg.slogdet", "square", square("well"), lambda ns, a: ns.linalg.slogdet(a),
        exponent=3.0)
    add("linalg.cholesky", "square", square("spd"), lambda ns, a: ns.linalg.cholesky(a),
        exponent=3.0)
    add("linalg.eigh", "square", square("symmetric"), lambda ns, a: ns.linalg.eigh(a),
        exponent=3.0)
    add("linalg.eigvalsh", "square", square("symmetric"), lambda ns, a: ns.linalg.eigvalsh(a),
        exponent=3.0)
    add("linalg.eig", "square", square(), lambda ns, a: ns.linalg.eig(a), exponent=3.0)
    add("linalg.eigvals", "square", square(), lambda ns, a: ns.linalg.eigvals(a), exponent=3.0)
    add("linalg.svd", "square", square(), lambda ns, a: ns.linalg.svd(a), exponent=3.0)
    add("linalg.svdvals", "square", square(), lambda ns, a: ns.linalg.svdvals(a), exponent=3.0)
    add("linalg.qr", "square", square(), lambda ns, a: ns.linalg.qr(a), exponent=3.0)
    add("linalg.pinv", "square", square(), lambda ns, a: ns.linalg.pinv(a), exponent=3.0)
    add("linalg.matrix_rank", "square", square(), lambda ns, a: ns.linalg.matrix_rank(a),
        exponent=3.0)
    add("linalg.matrix_power", "square", square(), lambda ns, a: ns.linalg.matrix_power(a, 3),
        variant="3", exponent=3.0)
    for ord_, e in (("fro", 2.0), ("nuc", 3.0), (2, 3.0), (1, 2.0)):
        add("linalg.matrix_norm", "square", square(),
            lambda ns, a, _o=ord_: ns.linalg.matrix_norm(a, ord=_o), variant=f"ord={ord_}",
            exponent=e)
    add("linalg.trace", "square", square(), lambda ns, a: ns.linalg.trace(a), exponent=1.0)
    add("linalg.diagonal", "square", square(), lambda ns, a: ns.linalg.diagonal(a),
        exponent=1.0, note="NumPy: a read-only view")
    add("linalg.diagonal", "square", square(),
        lambda ns, a: materialize(ns, ns.linalg.diagonal(a)), variant="then read",
        exponent=1.0, note="then asarray(copy=True)")
    for name in ("matrix_transpose", "linalg.matrix_transpose"):
        add(name, "square", square(), lambda ns, a, _f=_fn(name): _f(ns)(a), exponent=0.0,
            note="NumPy: a view; strict_xp: a lazy view, filled on first read")
        add(name, "square", square(), lambda ns, a, _f=_fn(name): materialize(ns, _f(ns)(a)),
            variant="then read", exponent=2.0, note="then asarray(copy=True)")
    return cases


# Names of the standard that are attributes, not calls that do work: listed, not timed.
ATTRIBUTES = {"array.T", "array.mT", "array.device", "array.dtype", "array.ndim", "array.shape",
              "array.size", "array.__init__"}


# ---------------------------------------------------------------------------------------------
# Coverage: the standard's names, what strict_xp offers, and --only.

def standard_names():
    """Every name of the 2025.12 standard, from the catalogue's signatures (None if absent)."""
    path = (pathlib.Path(__file__).resolve().parents[3] / "conformance" / "catalogue" / "data" /
            "array-api-signatures.json")
    try:
        with open(path) as f:
            return sorted(json.load(f)["2025.12"])
    except (OSError, KeyError, ValueError):
        return None


def strict_has(name):
    """Whether strict_xp offers `name` (a dotted name of the standard's list)."""
    if name.startswith("array."):
        return hasattr(xp.Array, name.split(".", 1)[1])
    if name.startswith("info."):
        attr = name.split(".", 1)[1]
        if not hasattr(xp, "__array_namespace_info__"):
            return False
        return attr == "__array_namespace_info__" or hasattr(xp.__array_namespace_info__(), attr)
    obj = xp
    for part in name.split("."):
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def selected(cases, globs):
    if not globs:
        return cases
    return [c for c in cases
            if any(fnmatch.fnmatchcase(c.name, g) or fnmatch.fnmatchcase(c.id, g)
                   or fnmatch.fnmatchcase(f"{c.name}@{c.family}", g) for g in globs)]
