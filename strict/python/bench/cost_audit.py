#!/usr/bin/env python3
"""A cost audit of every public function of strict_xp against NumPy on the same data.

Times each function of the standard's namespace that strict_xp offers (element-wise, creation,
manipulation, searching, sorting, sets, statistics, utility, data type functions, linalg.*, fft.*,
the array operators and methods that do work) at three sizes per shape family, best of repeats,
strict_xp and NumPy (single-threaded BLAS unless told otherwise) on the same values. For each
function it reports the ratio and the growth exponent (slope of log time against log size) of
both, and flags:

  exponent  strict_xp's exponent over the largest two sizes exceeds the textbook algorithm's by
            more than 0.3, and so does its fit over all sizes or it exceeds NumPy's by 0.3 too
            (only where the larger time is at least 10 us);
  ratio     strict_xp / NumPy over the target: linalg (linalg.*, matmul, tensordot, vecdot,
            matrix_transpose, @) <= 10x at 1,000 x k and 200 x 200; sort, argsort, unique_* <= 10x
            at 10^6 elements; everything else <= 3x at the size nearest 10^6 elements.

Nothing here is asserted; it prints a Markdown table (--output FILE too) and writes JSON
(--json FILE). Standard library and NumPy only; run with PYTHONPATH=<build>/python:

  PYTHONPATH=build/release/python .venv/bin/python strict/python/bench/cost_audit.py \
      --output reports/bench/strict_xp_cost_audit.md --json /tmp/strict_xp_cost_audit.json

Each measurement runs in a worker process (forked once, again after a kill): a call that runs
past the limit is killed and recorded, so one slow function cannot stall the audit. Before the
three sizes, strict_xp is timed at two smaller pilot sizes; a size whose time, extrapolated from
the sizes before it (with the larger of the observed and textbook exponents), exceeds --limit
seconds is skipped and recorded with the estimate. A function strict_xp lacks, or one that
raises, is listed with the exception, never dropped.

The functions below `# --- analysis` are pure (no timing, no NumPy): tests/test_cost_audit.py
checks them on made-up timings.
"""

import argparse
import datetime
import fnmatch
import gc
import json
import math
import operator
import os
import pathlib
import platform
import sys
import time
import traceback
import zlib

np = None  # numpy, imported by main() after the BLAS thread variables are set
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

EXPONENT_SLACK = 0.3          # flag an exponent above the textbook's by more than this
EXPONENT_MIN_SECONDS = 1e-5   # ... only where the larger of the two times is at least this
ONE_MILLION = 10**6


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
# Timing (runs in the worker process).

def _run(fn, number):
    start = time.perf_counter()
    for _ in range(number):
        fn()
    return time.perf_counter() - start


def measure(fn, budget, repeats, repeat_seconds):
    """Best per-call time of fn: a first call (warm-up, and the estimate), then up to `repeats`
    timings of `number` calls each (number chosen so that one timing takes about
    repeat_seconds), stopping early once `budget` seconds are spent (after two timings)."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        first = _run(fn, 1)
        if first >= budget / 2:
            return {"seconds": first, "calls": 1, "repeats": 1}
        # Calibrate on calls after the first (which pays first-time costs), as timeit does.
        number, spent, calls = 1, first, 1
        while True:
            elapsed = _run(fn, number)
            spent, calls = spent + elapsed, calls + number
            if elapsed >= repeat_seconds / 10 or spent >= budget / 2:
                break
            number *= 10
        per_call = elapsed / number
        number = max(1, int(repeat_seconds / max(per_call, 1e-9)))
        best, done = per_call, 0
        while done < repeats:
            elapsed = _run(fn, number)
            best = min(best, elapsed / number)
            spent += elapsed
            done += 1
            if spent >= budget and done >= 2:
                break
        return {"seconds": best, "calls": calls + number * done, "repeats": done}
    finally:
        if gc_was_enabled:
            gc.enable()


def shape_signature(r):
    if isinstance(r, (list, tuple)):
        return [shape_signature(a) for a in r]
    if isinstance(getattr(r, "shape", None), tuple):
        return list(r.shape)
    return type(r).__name__


def shares_input_memory(result, args):
    """Whether a NumPy result (or one of a tuple's) is a view of an input array."""
    def arrays(obj):
        if isinstance(obj, np.ndarray):
            yield obj
        elif isinstance(obj, (list, tuple)):
            for item in obj:
                yield from arrays(item)
    inputs = list(arrays(args))
    return any(np.may_share_memory(r, a) for r in arrays(result) for a in inputs)


def _to_strict(arg):
    if isinstance(arg, np.ndarray):
        return xp.asarray(arg)
    if isinstance(arg, list) and arg and all(isinstance(a, np.ndarray) for a in arg):
        return [xp.asarray(a) for a in arg]
    return arg


def _describe(exc):
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return text if len(text) <= 300 else text[:297] + "..."


def run_task(cases, task, cache):
    """One measurement: {'case', 'lib', 'size', budget...} -> {'seconds'...} or {'error'}."""
    case = cases[task["case"]]
    key = (case.id, task["size"])
    if cache.get("key") != key:
        cache.clear()
        rng = np.random.default_rng(zlib.crc32(case.id.encode()) + task["seed"])
        cache["key"], cache["args"] = key, case.make(rng, task["size"],
                                                     FAMILIES[case.family]["k"])
    if task["lib"] == "strict":
        args = tuple(_to_strict(a) for a in cache["args"])
        call, ns = case.call, xp
    else:
        args = tuple(a.copy() if isinstance(a, np.ndarray) else a for a in cache["args"])
        call, ns = case.numpy_call or case.call, np
    try:
        start = time.perf_counter()
        first = call(ns, *args)
        first_seconds = time.perf_counter() - start
        shape = shape_signature(first)
        view = task["lib"] == "numpy" and shares_input_memory(first, args)
        del first
        if first_seconds >= task["budget"] / 2:   # a slow call is timed once
            result = {"seconds": first_seconds, "calls": 1, "repeats": 1}
        else:
            result = measure(lambda: call(ns, *args), task["budget"], task["repeats"],
                             task["repeat_seconds"])
    except Exception as exc:  # noqa: BLE001 - every exception is an outcome to report
        return {"error": _describe(exc)}
    result["shape"] = shape
    if view:
        result["view"] = True
    return result


def worker(conn, cases):
    cache = {}
    while True:
        task = conn.recv()
        if task is None:
            return
        try:
            conn.send(run_task(cases, task, cache))
        except Exception:  # noqa: BLE001
            conn.send({"error": "audit error: " + traceback.format_exc(limit=3)})


class Worker:
    """A forked process that runs measurements; killed and forked again when one overruns."""

    def __init__(self, cases):
        import multiprocessing
        self.context = multiprocessing.get_context("fork")
        self.cases = cases
        self.process = None

    def start(self):
        self.conn, child = self.context.Pipe()
        self.process = self.context.Process(target=worker, args=(child, self.cases), daemon=True)
        self.process.start()
        child.close()

    def run(self, task, timeout):
        if self.process is None or not self.process.is_alive():
            self.start()
        self.conn.send(task)
        if self.conn.poll(timeout):
            try:
                return self.conn.recv()
            except EOFError:
                pass
            self.process.join(5)
            code = self.process.exitcode
            self.process = None
            return {"error": f"the worker process died (exit status {code})", "crash": True}
        self.process.kill()
        self.process.join()
        self.process = None
        return {"timeout": timeout}

    def stop(self):
        if self.process is not None and self.process.is_alive():
            self.conn.send(None)
            self.process.join(10)


# ---------------------------------------------------------------------------------------------
# The audit of one case: pilots, sizes, skips (runs in the parent).

def audit_case(case, run, options):
    """Measures `case` with run(task, timeout) -> result; returns its JSON record."""
    family = FAMILIES[case.family]
    record = dict(case.meta())
    # (size, seconds) measured, in size order; a call killed at the limit gives its timeout, a
    # lower bound, and is the last point.
    points = {"strict": [], "numpy": []}
    killed = {"strict": False, "numpy": False}
    stopped = {"strict": None, "numpy": None}
    results = []
    pilots = family["pilots"] if options.pilots else []
    for size in pilots + family["sizes"]:
        pilot = size in pilots
        row = {"size": size}
        if pilot:
            row["pilot"] = True
        for lib in ("strict", "numpy"):
            if pilot and lib == "numpy":
                continue
            if stopped[lib] is not None:
                row[lib] = {"skipped": stopped[lib]}
                continue
            estimate = extrapolate(points[lib], size, textbook_slope(
                case.exponent, case.log, points[lib][-1][0] if points[lib] else size, size))
            if estimate is not None and estimate > options.limit:
                last_size, last_seconds = points[lib][-1]
                took = "was killed after" if killed[lib] else "took"
                at_least = ">= " if killed[lib] else ""
                row[lib] = {"skipped": f"{format_size(case.family, last_size)} {took} "
                                       f"{format_seconds(last_seconds)}, extrapolated "
                                       f"{at_least}{format_seconds(estimate)}",
                            "estimate": estimate}
                if killed[lib]:
                    row[lib]["lower_bound"] = True
                continue
            task = {"case": case.id, "lib": lib, "size": size, "seed": options.seed,
                    "budget": options.budget / (5 if pilot else 1),
                    "repeats": 2 if pilot else options.repeats,
                    "repeat_seconds": options.repeat_seconds}
            result = run(task, timeout=2 * options.limit + options.budget + 10)
            if "timeout" in result:
                result = {"error": f"timed out: killed after {result['timeout']:.0f} s",
                          "timeout": result["timeout"]}
                points[lib].append((size, result["timeout"]))
                killed[lib] = True
            elif "error" in result:
                stopped[lib] = "raised at a smaller size"
            else:
                points[lib].append((size, result["seconds"]))
            row[lib] = result
        results.append(row)
    record["results"] = results
    record.update(assess(case.meta(), [(r["size"], r.get("strict"), r.get("numpy"),
                                        r.get("pilot", False)) for r in results]))
    for row in results:   # checked (shapes_differ); kept out of the JSON
        for lib in ("strict", "numpy"):
            if isinstance(row.get(lib), dict):
                row[lib].pop("shape", None)
    return record


# --- analysis: pure functions, no timing, no NumPy (tests/test_cost_audit.py) ----------------

def slope(p, q):
    """The slope of log time against log size between points p and q, (size, seconds)."""
    (s1, t1), (s2, t2) = p, q
    if s1 <= 0 or s2 <= 0 or t1 <= 0 or t2 <= 0 or s1 == s2:
        return None
    return math.log(t2 / t1) / math.log(s2 / s1)


def fitted_exponent(points):
    """Least-squares slope of log time against log size over all points (None for fewer than
    two distinct sizes)."""
    pts = [(math.log(s), math.log(t)) for s, t in points if s > 0 and t > 0]
    if len({x for x, _ in pts}) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    return (sum((x - mx) * (y - my) for x, y in pts) /
            sum((x - mx) ** 2 for x, _ in pts))


def growth_exponent(points):
    """The slope over the largest two sizes of `points` (sorted by size), or None."""
    pts = sorted(points)
    return slope(pts[-2], pts[-1]) if len(pts) >= 2 else None


def textbook_slope(exponent, log_factor, s1, s2):
    """What the textbook cost s^exponent (times log s when log_factor) gives as the slope
    between sizes s1 < s2: n log n from 10^5 to 10^6 is 1.079."""
    if not log_factor or s1 == s2 or min(s1, s2) <= 1:
        return exponent
    return exponent + math.log(math.log(s2) / math.log(s1)) / math.log(s2 / s1)


def exponent_exceeds(last_two, all_sizes, textbook, numpy_last_two=None):
    """Whether strict_xp's growth exponent exceeds the textbook's by more than EXPONENT_SLACK:
    the slope over the largest two sizes must, and either the fit over all sizes too or that
    slope exceed NumPy's over the same sizes by more than EXPONENT_SLACK as well. (One size's
    noise, or a cache level crossed between the largest two sizes, moves the last slope alone,
    and NumPy's with it.)"""
    if last_two is None or last_two <= textbook + EXPONENT_SLACK:
        return False
    if all_sizes is None or all_sizes > textbook + EXPONENT_SLACK:
        return True
    return numpy_last_two is not None and last_two > numpy_last_two + EXPONENT_SLACK


def extrapolate(points, size, textbook):
    """The time expected at `size` from the measured points (sorted by size): from the largest
    one, with the larger of the last observed slope and the textbook's. None without points."""
    if not points:
        return None
    last_size, last_seconds = points[-1]
    exponent = textbook
    if len(points) >= 2:
        observed = slope(points[-2], points[-1])
        if observed is not None:
            exponent = max(exponent, observed)
    return last_seconds * (size / last_size) ** exponent


def ratio_target(kind, family, k=None):
    """(limit, size) the ratio strict_xp / NumPy is held to, or None: linalg <= 10x at
    1,000 x k and 200 x 200; sort, argsort, unique_* <= 10x at 10^6 elements; everything else
    <= 3x at the size nearest 10^6 elements."""
    info = FAMILIES[family]
    if family == "constant":
        return None
    if kind == "linalg" and family == "square":
        return (10.0, 200)
    if kind == "linalg" and family.startswith("tall"):
        return (10.0, 1000)
    nearest = min(info["sizes"], key=lambda s: (abs(math.log(elements(family, s) / ONE_MILLION)),
                                                -s))
    return (10.0 if kind == "sort" else 3.0, nearest)


def _shape_kind(signature):
    if isinstance(signature, list) and all(isinstance(v, int) for v in signature):
        return "array"
    if (isinstance(signature, list) and signature
            and all(_shape_kind(v) == "array" for v in signature)):
        return "arrays"
    return None


def shapes_differ(a, b):
    """Whether two results' shape signatures (shape_signature) disagree; only arrays and
    sequences of arrays are compared (a dtype object or a device is not)."""
    if _shape_kind(a) is None or _shape_kind(b) is None:
        return False
    return a != b


def _seconds(result):
    return result.get("seconds") if isinstance(result, dict) else None


def assess(meta, rows):
    """Exponents, ratios and flags of one case. rows: (size, strict result, numpy result,
    pilot) with results as run_task returns them ({'seconds'} measured, {'skipped', 'estimate'},
    {'error'}) or None."""
    family = meta["family"]
    standard = [r for r in rows if not r[3]]
    strict_std = [(s, _seconds(a)) for s, a, _, _ in standard if _seconds(a) is not None]
    numpy_std = [(s, _seconds(b)) for s, _, b, _ in standard if _seconds(b) is not None]
    # Points for strict_xp's exponent: the sizes timed, and a call killed at the limit as its
    # timeout (a lower bound, so the exponent through it is one too).
    bounds = {s: a["timeout"] for s, a, _, _ in rows if isinstance(a, dict) and "timeout" in a}
    strict_with_bounds = sorted(strict_std + [(s, t) for s, t in bounds.items()
                                              if any(s == r[0] for r in standard)])
    strict_all = sorted([(s, _seconds(a)) for s, a, _, _ in rows if _seconds(a) is not None] +
                        list(bounds.items()))
    basis = "sizes"
    strict_points = strict_with_bounds
    if len(strict_points) < 2 and len(strict_all) >= 2:
        strict_points, basis = strict_all, "pilots"
    lower_bound = bool(strict_points) and strict_points[-1][0] in bounds
    out = {
        "exponent": {
            "strict": growth_exponent(strict_points), "numpy": growth_exponent(numpy_std),
            "strict_all_sizes": fitted_exponent(strict_points),
            "numpy_all_sizes": fitted_exponent(numpy_std),
            "basis": basis, "lower_bound": lower_bound,
            "sizes": [s for s, _ in strict_points[-2:]],
        },
        "ratios": {},
        "flags": [],
    }
    for size, a, b, pilot in standard:
        ta, tb = _seconds(a), _seconds(b)
        if ta is not None and tb is not None and tb > 0:
            out["ratios"][str(size)] = ta / tb
    flags = out["flags"]
    errors = [a["error"] for _, a, _, _ in rows if isinstance(a, dict) and "error" in a
              and "timeout" not in a]
    if errors:
        out["strict_error"] = errors[0]
    if any(isinstance(b, dict) and b.get("view") for _, _, b, _ in rows):
        out["numpy_view"] = True
    differ = [s for s, a, b, _ in standard if isinstance(a, dict) and isinstance(b, dict)
              and shapes_differ(a.get("shape"), b.get("shape"))]
    if differ:
        out["shapes_differ"] = differ
    numpy_errors = [b["error"] for _, _, b, _ in rows if isinstance(b, dict) and "error" in b]
    if numpy_errors:
        out["numpy_error"] = numpy_errors[0]

    # Exponent.
    e = out["exponent"]["strict"]
    if e is not None and family != "constant":
        s1, s2 = out["exponent"]["sizes"]
        book = textbook_slope(meta["textbook_exponent"], meta["log_factor"], s1, s2)
        out["exponent"]["textbook"] = book
        larger = max(t for s, t in strict_points if s == s2)
        en = out["exponent"]["numpy"] if basis == "sizes" else None
        if (exponent_exceeds(e, out["exponent"]["strict_all_sizes"], book, en)
                and larger >= EXPONENT_MIN_SECONDS):
            en = out["exponent"]["numpy"]
            also = (f"; NumPy's {en:.2f}" if en is not None else "")
            if en is not None and en > book + EXPONENT_SLACK:
                also += " too"
            if basis == "pilots" and en is not None:
                also += " (over its sizes)"
            at_least = ">= " if lower_bound else ""
            # NumPy's exponent over the same sizes is as far over: the machine more likely
            # than the algorithm (caches, page faults, a loaded machine).
            shared = (basis == "sizes" and en is not None and en > book + EXPONENT_SLACK
                      and e <= en + EXPONENT_SLACK)
            flags.append({"flag": "exponent", "value": e, "limit": book + EXPONENT_SLACK,
                          "lower_bound": lower_bound, "numpy_too": shared,
                          "detail": f"exponent {at_least}{e:.2f} ({basis} "
                                    f"{format_size(family, s1)} to {format_size(family, s2)}) > "
                                    f"textbook {book:.2f} + {EXPONENT_SLACK}{also}"})
    elif family != "constant":
        out["exponent"]["textbook"] = meta["textbook_exponent"]

    # Ratio at the target size.
    target = ratio_target(meta["kind"], family)
    if target is not None:
        limit, size = target
        out["ratio_target"] = {"limit": limit, "size": size}
        row = next((r for r in standard if r[0] == size), None)
        if row is not None:
            _, a, b, _ = row
            ta, tb = _seconds(a), _seconds(b)
            if ta is not None and tb:
                if ta / tb > limit:
                    view = "; NumPy's result is a view" if out.get("numpy_view") else ""
                    flags.append({"flag": "ratio", "value": ta / tb, "limit": limit,
                                  "numpy_view": bool(view),
                                  "detail": f"{ta / tb:.1f}x NumPy at {format_size(family, size)}"
                                            f" (target <= {limit:g}x; {format_seconds(ta)} "
                                            f"against {format_seconds(tb)}{view})"})
            elif isinstance(a, dict) and tb and ("estimate" in a or "timeout" in a):
                est = a.get("estimate", a.get("timeout"))
                word = "extrapolated" if "estimate" in a else "killed after"
                at_least = ">= " if "timeout" in a or a.get("lower_bound") else "~"
                flags.append({"flag": "ratio", "value": est / tb, "limit": limit,
                              "estimated": True,
                              "detail": f"{at_least}{est / tb:.3g}x NumPy at "
                                        f"{format_size(family, size)} ({word} "
                                        f"{format_seconds(est)}; target <= {limit:g}x)"})
    return out


# ---------------------------------------------------------------------------------------------
# Output.

def format_seconds(t):
    if t is None:
        return "-"
    if t >= 10**6:
        return f"{t:.2g} s"
    if t >= 1000:
        return f"{t:,.0f} s"
    if t >= 1:
        return f"{t:.3g} s"
    if t >= 1e-3:
        return f"{t * 1e3:.3g} ms"
    if t >= 1e-6:
        return f"{t * 1e6:.3g} µs"
    return f"{t * 1e9:.3g} ns"


def format_size(family, size):
    if family == "constant":
        return "-"
    if size >= 1000 and math.log10(size).is_integer():
        text = f"10^{int(math.log10(size))}"
    else:
        text = f"{size:,}"
    k = FAMILIES[family]["k"]
    if k:
        return f"{text} x {k}"
    if family == "square":
        return f"{size} x {size}"
    return text


def _cell(result):
    if result is None:
        return "-"
    if "seconds" in result:
        return format_seconds(result["seconds"])
    if "skipped" in result:
        if "estimate" in result:
            return f"skipped (~{format_seconds(result['estimate'])})"
        return "skipped"
    if "timeout" in result:
        return f"killed (> {result['timeout']:.0f} s)"
    return "raises"


def _flag_codes(record):
    codes = {"exponent": "E", "ratio": "R"}
    text = "".join(codes[f["flag"]] for f in record["flags"])
    if "strict_error" in record:
        text += "X"
    if record.get("numpy_view"):
        text += " v"
    return text.strip()


def _fmt(x, digits=2):
    return "-" if x is None else f"{x:.{digits}f}"


def baseline_speedup(record, baseline):
    """(size, before / now) for strict_xp at the largest standard size timed in both the
    baseline record and this one, or None."""
    if not baseline:
        return None
    now = {r["size"]: _seconds(r.get("strict")) for r in record["results"] if not r.get("pilot")}
    before = {r["size"]: _seconds(r.get("strict")) for r in baseline["results"]
              if not r.get("pilot")}
    common = [s for s in now if now[s] and before.get(s)]
    if not common:
        return None
    size = max(common)
    return size, before[size] / now[size]


def render_markdown(report):
    meta = report["meta"]
    lines = [f"# strict_xp cost audit ({meta['date']})", ""]
    lines += [f"- machine: {meta['machine']}",
              f"- Python {meta['python']}, NumPy {meta['numpy']} (BLAS threads: "
              f"{meta['blas_threads']}), strict_xp {meta['strict_xp']} from "
              f"`{meta['strict_xp_path']}`",
              f"- command: `{meta['command']}`",
              f"- {meta['cases']} cases in {meta['wall_seconds']:.0f} s; per call limit "
              f"{meta['options']['limit']:g} s, budget {meta['options']['budget']:g} s per "
              f"measurement, best of up to {meta['options']['repeats']} repeats", ""]
    if meta.get("baseline"):
        lines.insert(-1, f"- baseline: `{meta['baseline']['file']}` ({meta['baseline']['date']})")
    if meta.get("heading"):
        lines[2:2] = [meta["heading"], ""]
    records = report["cases"]
    flagged = [r for r in records if r["flags"]]
    lines += ["Times are best of repeats per call; ratio = strict_xp / NumPy; exponent = slope of "
              "log time against log size over the largest two sizes timed (pilots, two smaller "
              "sizes timed on strict_xp first, where fewer than two sizes ran; >= through a call "
              "killed at the limit). Flags: E exponent over the textbook's + "
              f"{EXPONENT_SLACK} over the largest two sizes, and fitted over all sizes or over "
              "NumPy's + 0.3 too (where the time is at least 10 µs), R ratio "
              "over the target (linalg <= 10x at 1,000 x k and 200 x 200; sort, argsort, unique_* "
              "<= 10x at 10^6; else <= 3x at the size nearest 10^6 elements), X strict_xp raises; "
              "v: NumPy's result is a view of its input (no copy made).",
              ""]
    shared = lambda f: f.get("numpy_too", False)
    own = [(r, f) for r in flagged for f in r["flags"] if not shared(f)]
    common = [(r, f) for r in flagged for f in r["flags"] if shared(f)]
    lines += [f"## Flagged ({len(flagged)} of {len(records)} cases)", "",
              f"{len(own)} flags of strict_xp's own:", "",
              "| case | flag | detail |", "|---|---|---|"]
    lines += [f"| `{r['id']}` | {f['flag']} | {f['detail']} |" for r, f in own]
    lines.append("")
    if common:
        lines += [f"{len(common)} exponent flags where NumPy's exponent over the same sizes is "
                  "over the textbook's too, and strict_xp's within 0.3 of it (the machine: "
                  "caches, page faults, noise, more likely than the algorithm):",
                  "", "| case | flag | detail |", "|---|---|---|"]
        lines += [f"| `{r['id']}` | {f['flag']} | {f['detail']} |" for r, f in common]
        lines.append("")
    problems = [r for r in records if "strict_error" in r or "numpy_error" in r]
    lines += [f"## Missing or raising ({len(problems) + len(report['missing'])})", ""]
    if report["missing"] or problems:
        lines += ["| case | library | exception |", "|---|---|---|"]
        for m in report["missing"]:
            lines.append(f"| `{m['id']}` | strict_xp | missing: {m['error']} |")
        for r in problems:
            for lib, key in (("strict_xp", "strict_error"), ("NumPy", "numpy_error")):
                if key in r:
                    lines.append(f"| `{r['id']}` | {lib} | {r[key].replace('|', '/')} |")
    else:
        lines.append("None.")
    lines.append("")
    differ = [r for r in records if r.get("shapes_differ")]
    if differ:
        lines += ["Result shapes differ from NumPy's (the two calls are not the same "
                  "computation): " + ", ".join(f"`{r['id']}` at {r['shapes_differ']}"
                                               for r in differ), ""]
    if report["not_covered"]:
        lines += ["Names of the standard not timed: " + ", ".join(
            f"`{n}` ({why})" for n, why in sorted(report["not_covered"].items())), ""]
    for family, info in FAMILIES.items():
        rows = [r for r in records if r["family"] == family]
        if not rows:
            continue
        sizes = info["sizes"]
        lines += [f"## {family}: {info['what']}", ""]
        if family == "constant":
            lines += ["| case | strict_xp | NumPy | ratio | note |", "|---|---|---|---|---|"]
            for r in rows:
                row = r["results"][0]
                ratio = r["ratios"].get(str(sizes[0]))
                lines.append(f"| `{r['id']}` | {_cell(row.get('strict'))} | "
                             f"{_cell(row.get('numpy'))} | {_fmt(ratio, 1)} | {r['note']} |")
            lines.append("")
            continue
        baseline = report.get("baseline")
        head = " | ".join(f"{format_size(family, s)}: strict_xp / NumPy (ratio)" for s in sizes)
        extra = " strict_xp, baseline / now |" if baseline is not None else ""
        lines += [f"| case | {head} | exponent strict_xp / NumPy (textbook) | flags |{extra}",
                  "|---" * (len(sizes) + 3 + bool(extra)) + "|"]
        for r in rows:
            by_size = {row["size"]: row for row in r["results"]}
            cells = []
            for s in sizes:
                row = by_size.get(s, {})
                ratio = r["ratios"].get(str(s))
                cells.append(f"{_cell(row.get('strict'))} / {_cell(row.get('numpy'))}"
                             + (f" ({ratio:.1f})" if ratio is not None else ""))
            e = r["exponent"]
            basis = " (pilots)" if e["basis"] == "pilots" and e["strict"] is not None else ""
            at_least = ">= " if e.get("lower_bound") and e["strict"] is not None else ""
            line = (f"| `{r['id']}` | " + " | ".join(cells) +
                    f" | {at_least}{_fmt(e['strict'])}{basis} / {_fmt(e['numpy'])} "
                    f"({_fmt(e.get('textbook'))}) | {_flag_codes(r)} |")
            if baseline is not None:
                speedup = baseline_speedup(r, baseline.get(r["id"]))
                line += (f" {speedup[1]:.3g}x at {format_size(family, speedup[0])} |"
                         if speedup else " - |")
            lines.append(line)
        lines.append("")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------

def _rounded(obj):
    if isinstance(obj, float):
        return float(f"{obj:.4g}")
    if isinstance(obj, dict):
        return {k: _rounded(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_rounded(v) for v in obj]
    return obj


def report_json(report):
    """The report as JSON, floats to 4 significant digits, one case per line (for diffs)."""
    head = {k: v for k, v in report.items() if k != "cases"}
    text = json.dumps(_rounded(head), indent=1, default=str)
    cases = ",\n".join(json.dumps(_rounded(c), default=str) for c in report["cases"])
    return text[:-2] + ',\n "cases": [\n' + cases + "\n ]\n}\n"


def _machine():
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            mem = f", {int(f.readline().split()[1]) / 2**20:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    return f"{platform.node()}: {model}, {os.cpu_count()} cores{mem}, {platform.system()} " \
           f"{platform.release()}"


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


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", action="append", metavar="NAME-GLOB",
                   help="cases whose name or id matches (repeatable; e.g. 'linalg.*', "
                        "'sort@vector', '*@square')")
    p.add_argument("--quick", action="store_true",
                   help="smoke test: 2 repeats, 0.1 s budget, 3 s limit")
    p.add_argument("--output", metavar="FILE", help="the Markdown table also into FILE")
    p.add_argument("--json", metavar="FILE", help="machine-readable results into FILE")
    p.add_argument("--heading", default="", help="a paragraph put under the Markdown title")
    p.add_argument("--baseline", metavar="JSON",
                   help="an earlier run's --json: each table gains strict_xp's speed-up since "
                        "(baseline time / this time, at the largest size both timed)")
    p.add_argument("--limit", type=float, help="seconds one call may be expected to take "
                   "before a size is skipped (default 20; quick 3); a call running past twice "
                   "this is killed")
    p.add_argument("--budget", type=float, help="seconds per measurement (default 1.0)")
    p.add_argument("--repeats", type=int, help="timings per measurement, best kept (default 5)")
    p.add_argument("--no-pilots", dest="pilots", action="store_false",
                   help="no smaller sizes timed first (a slow first size then runs to the "
                        "kill)")
    p.add_argument("--blas-threads", type=int, default=1,
                   help="OpenBLAS/OpenMP/MKL threads for NumPy (default 1, as strict_xp; 0: "
                        "leave the environment as it is)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--list", action="store_true", help="print the case ids and exit")
    options = p.parse_args(argv)
    quick = options.quick
    if options.limit is None:
        options.limit = 3.0 if quick else 20.0
    if options.budget is None:
        options.budget = 0.1 if quick else 1.0
    if options.repeats is None:
        options.repeats = 2 if quick else 5
    options.repeat_seconds = 0.002 if quick else 0.02
    return options


def selected(cases, globs):
    if not globs:
        return cases
    return [c for c in cases
            if any(fnmatch.fnmatchcase(c.name, g) or fnmatch.fnmatchcase(c.id, g)
                   or fnmatch.fnmatchcase(f"{c.name}@{c.family}", g) for g in globs)]


def main(argv=None):
    global np, xp
    options = parse_args(sys.argv[1:] if argv is None else argv)
    if options.blas_threads > 0:
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[var] = str(options.blas_threads)
    import numpy
    np = numpy
    import strict_xp
    xp = strict_xp

    all_cases = build_cases()
    ids = [c.id for c in all_cases]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise SystemExit(f"duplicate case ids: {sorted(duplicates)}")
    cases = selected(all_cases, options.only)
    if options.list:
        print("\n".join(c.id for c in cases))
        return 0
    if not cases:
        print(f"no case matches {options.only}", file=sys.stderr)
        return 2

    start = time.perf_counter()
    by_id = {c.id: c for c in all_cases}
    worker_ = Worker(by_id)
    records, missing = [], []
    try:
        for n, case in enumerate(cases, 1):
            if not strict_has(case.name):
                missing.append({"id": case.id, "name": case.name,
                                "error": f"strict_xp has no {case.name}"})
                print(f"[{n}/{len(cases)}] {case.id}: missing in strict_xp", file=sys.stderr)
                continue
            t0 = time.perf_counter()
            record = audit_case(case, worker_.run, options)
            records.append(record)
            flags = ",".join(f["flag"] for f in record["flags"])
            print(f"[{n}/{len(cases)}] {case.id}: {time.perf_counter() - t0:.1f} s"
                  f"{' ' + flags if flags else ''}", file=sys.stderr, flush=True)
    finally:
        worker_.stop()

    names = standard_names()
    not_covered = {}
    if names is not None and not options.only:
        timed = {c.name for c in all_cases}
        for name in names:
            if name in timed:
                continue
            not_covered[name] = ("an attribute" if name in ATTRIBUTES else
                                 "strict_xp lacks it" if not strict_has(name) else "no case")

    command = "PYTHONPATH=" + os.environ.get("PYTHONPATH", "") + " " + " ".join(
        [os.path.relpath(sys.executable) if sys.executable.startswith(os.getcwd()) else
         sys.executable, os.path.relpath(__file__)] + (sys.argv[1:] if argv is None else argv))
    report = {
        "schema": "strict_xp-cost-audit/1",
        "meta": {
            "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
            "machine": _machine(), "python": platform.python_version(),
            "numpy": np.__version__,
            "strict_xp": getattr(xp, "__strict_xp_version__", getattr(xp, "__version__", "?")),
            "strict_xp_path": os.path.dirname(xp.__file__),
            "blas_threads": options.blas_threads or "default",
            "command": command, "heading": options.heading, "cases": len(cases),
            "wall_seconds": time.perf_counter() - start,
            "options": {k: getattr(options, k) for k in
                        ("only", "quick", "limit", "budget", "repeats", "repeat_seconds",
                         "pilots", "seed")},
            "families": FAMILIES,
        },
        "cases": records, "missing": missing, "not_covered": not_covered,
    }
    if options.baseline:
        with open(options.baseline) as f:
            old = json.load(f)
        report["baseline"] = {r["id"]: r for r in old["cases"]}
        report["meta"]["baseline"] = {"file": options.baseline, "date": old["meta"]["date"],
                                      "command": old["meta"]["command"]}
    text = render_markdown(report)
    report.pop("baseline", None)
    print(text)
    if options.output:
        with open(options.output, "w") as f:
            f.write(text + "\n")
    if options.json:
        with open(options.json, "w") as f:
            f.write(report_json(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
