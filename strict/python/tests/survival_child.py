"""The child of test_survival.py: every public function of strict_xp, its array's operators and
methods, and DLPack consumers of its arrays, called with arguments drawn by Hypothesis (arrays of
every dtype on every device, shapes, scalars, None, dtypes, devices, strings, nested sequences),
correct and wrong alike. Any Python exception is a survivable answer; what this process must not
do is die. Before each call it writes the call to the log file given as argv[1], so that the
parent can name the call that killed it.

    python survival_child.py LOG EXAMPLES
"""
import inspect
import math
import operator
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import strict_xp as xp

LOG = open(sys.argv[1], "w", buffering=1)
EXAMPLES = int(sys.argv[2])
DTYPES = [xp.bool, xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8, xp.uint16, xp.uint32,
          xp.uint64, xp.float32, xp.float64, xp.complex64, xp.complex128]
DEVICES = [xp.Device("cpu"), xp.Device("device1"), xp.Device("device2")]
# Sizes stay small: an impossible allocation is a MemoryError in strict_xp, but AddressSanitizer's
# allocator aborts on one, and this property is about strict's own faults.
NUMBERS = [0, 1, -1, 2, 3, -2, 7, 0.5, -0.0, 1.5, math.nan, math.inf, -math.inf, 1e300, 2**63 - 1,
           -(2**63), 2**64 - 1, 1j, 1 + 2j, True, False]


def callables(namespace, prefix):
    for name in sorted(dir(namespace)):
        value = getattr(namespace, name)
        if name.startswith("_") or inspect.isclass(value) or not callable(value):
            continue
        yield prefix + name, value


FUNCTIONS = dict(callables(xp, ""))
FUNCTIONS.update(callables(xp.linalg, "linalg."))
FUNCTIONS.update(callables(xp.fft, "fft."))
OPERATORS = {f"operator.{name}": getattr(operator, name) for name in (
    "add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and_", "or_", "xor",
    "lshift", "rshift", "neg", "pos", "invert", "abs", "lt", "le", "eq", "ne", "gt", "ge",
    "getitem", "setitem", "index", "iadd", "imul", "itruediv", "imatmul", "ipow")}
CONVERSIONS = {"bool": bool, "int": int, "float": float, "complex": complex, "len": len,
               "list": list, "repr": repr, "str": str, "hash": hash}
METHODS = ["to_device", "__dlpack__", "__dlpack_device__", "__array_namespace__", "__array__",
           "__setitem__", "__getitem__", "__iter__", "__bool__", "__index__", "__int__"]
ATTRIBUTES = ["T", "mT", "device", "dtype", "shape", "size", "ndim"]


def keywords(function):
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return ["axis", "dtype", "device", "copy", "keepdims"]
    return [p.name for p in parameters
            if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)] or ["axis"]


@st.composite
def arrays(draw):
    shape = tuple(draw(st.lists(st.integers(0, 3), max_size=3)))
    size = math.prod(shape)
    values = draw(st.lists(st.sampled_from(NUMBERS), min_size=size, max_size=size))
    nested = values
    for extent in reversed(shape[1:]):
        nested = [nested[i:i + extent] for i in range(0, len(nested), extent)] if extent else []
    if not shape:
        nested = values[0] if values else 0
    dtype, device = draw(st.sampled_from(DTYPES)), draw(st.sampled_from(DEVICES))
    try:
        return xp.asarray(nested, dtype=dtype, device=device)
    except Exception:  # values that do not fit the dtype: the same shape of zeros
        return xp.zeros(shape, dtype=dtype, device=device)


def leaves(draw_array):
    return st.one_of(
        draw_array, st.sampled_from(NUMBERS), st.none(), st.sampled_from(DTYPES),
        st.sampled_from(DEVICES), st.text(max_size=3), st.sampled_from([Ellipsis, slice(None, 2),
                                                                          slice(-1, None, -1)]),
        st.lists(st.integers(-3, 3), max_size=3).map(tuple))


ARGUMENT = st.recursive(leaves(arrays()), lambda inner: st.lists(inner, max_size=3), max_leaves=4)


def describe(value):
    if isinstance(value, xp.Array):
        return f"Array(shape={value.shape}, dtype={value.dtype}, device={value.device})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {describe(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        parts = ", ".join(describe(v) for v in value)
        return f"[{parts}]" if isinstance(value, list) else f"({parts})"
    return repr(value)


def consume(result):
    """What downstream code does with a result: read it, hand it to NumPy."""
    for value in result if isinstance(result, tuple) else (result,):
        if not isinstance(value, xp.Array):
            continue
        for attribute in ATTRIBUTES:
            getattr(value, attribute)
        repr(value)
        try:
            import numpy
            numpy.from_dlpack(value)
            numpy.asarray(value)
        except Exception:
            pass


def restore_state():
    xp.set_default_device(DEVICES[0])
    for device in DEVICES:
        xp.enable_device(str(device))


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def calls_survive(data):
    kind = data.draw(st.sampled_from(["function", "operator", "conversion", "method"]))
    if kind == "function":
        name = data.draw(st.sampled_from(sorted(FUNCTIONS)))
        function = FUNCTIONS[name]
    elif kind == "operator":
        name = data.draw(st.sampled_from(sorted(OPERATORS)))
        function = OPERATORS[name]
    elif kind == "conversion":
        name = data.draw(st.sampled_from(sorted(CONVERSIONS)))
        function = CONVERSIONS[name]
    else:
        name = data.draw(st.sampled_from(METHODS))
        target = data.draw(arrays())
        function = getattr(target, name)
        name = f"{describe(target)}.{name}"
    args = data.draw(st.lists(ARGUMENT, max_size=3))
    if kind in ("operator", "conversion") and (not args or not isinstance(args[0], xp.Array)):
        args = [data.draw(arrays())] + args
    kwargs = data.draw(st.dictionaries(st.sampled_from(keywords(function)), ARGUMENT, max_size=2))
    LOG.write(f"{name}(*{describe(args)}, **{describe(kwargs)})\n")
    try:
        consume(function(*args, **kwargs))
    except Exception:
        pass
    finally:
        restore_state()


calls_survive()
LOG.write("done\n")
