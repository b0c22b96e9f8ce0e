"""A pure-Python array namespace with two devices, for testing the harness's Python adapter.

Devices "cpu" (the default) and "fake1". Arrays hold a flat list of Python numbers. The device
rules hold by default: an explicit device= wins, results land on their inputs' device, and arrays
on two devices raise ValueError. FAKEXP_BUG (comma-separated, read at each call) breaks them:
  mixed_add      add() of arrays on two devices returns a result on the first's device
  like_default   zeros_like() ignores its input's device (the result goes to the default device)
  ignore_device  zeros() ignores device=
  concat_moves   concat() and stack() on mixed devices return a result on the last device
  sum_default    sum() returns its result on the default device
  foreign_on_default  with FAKEXP_LIKE=foreign_results, the Foreign result is on the default device
  transfer_zeroes  to_device() to a device other than "cpu" loses the data (zeros arrive)
  copy_false_type  from_dlpack(x, device=other, copy=False) raises TypeError, not BufferError
  copy_false_views  from_dlpack(x, device=other, copy=False) returns a view on other (no copy):
                   right where both devices share one DLPack device (FAKEXP_LIKE=host_dlpack, as
                   array-api-strict's devices in host memory), a copy in disguise where they do not
  devices_container  info.devices() answers a list from 2025.12 (a tuple before)
FAKEXP_LIKE (comma-separated, read at import) makes it behave like a real library in ways that
are no device bug, which the adapter must read correctly:
  info_lists_none    info.devices() lists None beside the devices (JAX: "uncommitted")
  scalars            sum() over every axis returns a Scalar, no Array, that has .device, .dtype,
                     shape () and __array_namespace__ (NumPy >= 2.1 scalars)
  no_device_keyword  creation functions take no device= (CuPy places arrays by context)
  copy_false_unimplemented  from_dlpack(..., copy=False) is a TypeError wherever x is (a library
                     that names the keyword but has no such mode): not a device rule's concern
  host_dlpack        every device reports DLPack device (kDLCPU, 0): fake devices in host memory
  host_reads_cpu_only  tolist() of an array off "cpu" raises (as a strict library's must): its
                     values are readable only after to_device(cpu)
  unhashable_devices  Device has __eq__ and no __hash__ (CuPy's Device): hash() raises TypeError
  foreign_results    reshape() returns a Foreign n-d array of another type that has .device,
                     .dtype, .shape and __array_namespace__ (sparse's nonzero: dense NumPy arrays)
  no_dlpack_export   __dlpack_device__ raises ValueError and __dlpack__ BufferError on every
                     array (ndonnx: "ONNX provides no control over the used device")
FAKEXP_VERSION (read at import) is the version it declares, "2024.12" by default; "none" declares
no __array_api_version__ at all.
Standard library only.
"""

import builtins
import math
import os
import sys

if os.environ.get("FAKEXP_VERSION") != "none":
    __array_api_version__ = os.environ.get("FAKEXP_VERSION", "2024.12")

__all__ = [
    "__array_api_version__", "__array_namespace_info__", "Array", "Device", "DType", "bool",
    "int32", "int64", "float32", "float64", "asarray", "zeros", "ones", "empty", "full",
    "arange", "zeros_like", "ones_like", "add", "multiply", "sum", "reshape", "concat", "stack",
    "matmul", "from_dlpack"
]


def _bug(name):
    return name in os.environ.get("FAKEXP_BUG", "").split(",")


_LIKE = set(os.environ.get("FAKEXP_LIKE", "").split(","))


class Device:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, Device) and other.name == self.name

    def __hash__(self):
        return hash(("fakexp.Device", self.name))

    def __repr__(self):
        return f"Device({self.name!r})"


if "unhashable_devices" in _LIKE:
    Device.__hash__ = None

CPU = Device("cpu")
FAKE1 = Device("fake1")
_DEVICES = (CPU, FAKE1)


class DType:
    def __init__(self, name, kind, rank):
        self.name, self.kind, self.rank = name, kind, rank  # rank: promotion order

    def __repr__(self):
        return f"fakexp.{self.name}"

    def cast(self, value):
        if self.kind == "bool":
            return value != 0
        return int(value) if self.kind == "signed integer" else float(value)


# Named with a leading underscore here: `bool` is bound to the dtype only at the end.
_bool = DType("bool", "bool", 0)
int32 = DType("int32", "signed integer", 1)
int64 = DType("int64", "signed integer", 2)
float32 = DType("float32", "real floating", 3)
float64 = DType("float64", "real floating", 4)
_DTYPES = (_bool, int32, int64, float32, float64)


def _device(device):
    """The device a call with device= lands on; anything else than a listed device raises."""
    if device is None:
        return CPU
    if not isinstance(device, Device) or device not in _DEVICES:
        raise ValueError(f"fakexp has no device {device!r}")
    return device


def _same_device(arrays, moves=False):
    """The one device of `arrays`; mixed devices raise, or with `moves` give the last one."""
    devices = [a.device for a in arrays if isinstance(a, Array)]
    if any(d != devices[0] for d in devices):
        if moves:
            return devices[-1]
        raise ValueError(f"arrays on different devices: {devices[0]!r} and "
                         f"{next(d for d in devices if d != devices[0])!r}")
    return devices[0]


class Array:
    def __init__(self, values, shape, dtype, device):
        self._values = [dtype.cast(v) for v in values]
        self.shape, self.dtype, self.device = tuple(shape), dtype, device

    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: math.prod(self.shape))

    def to_device(self, device, /, *, stream=None):
        device = _device(device)
        lost = _bug("transfer_zeroes") and device != CPU and device != self.device
        return Array([0] * len(self._values) if lost else self._values, self.shape, self.dtype,
                     device)

    def __add__(self, other):
        return add(self, other)

    def __iadd__(self, other):
        result = add(self, other)
        if result.shape != self.shape:
            raise ValueError("in-place add cannot change the shape")
        self._values = [self.dtype.cast(v) for v in result._values]
        return self

    def __mul__(self, other):
        return multiply(self, other)

    def __matmul__(self, other):
        return matmul(self, other)

    def __array_namespace__(self, /, *, api_version=None):
        return sys.modules[__name__]

    def __dlpack_device__(self):
        if "no_dlpack_export" in _LIKE:
            raise ValueError("fakexp provides no control over the used device")
        return (1, 0) if self.device == CPU or "host_dlpack" in _LIKE else (14, 0)

    def __getitem__(self, key):
        key = key if isinstance(key, tuple) else (key,)
        if not all(isinstance(k, int) for k in key) or len(key) > self.ndim:
            raise IndexError("fakexp indexes with integers only")
        start, stride = 0, self.size
        for k, n in zip(key, self.shape):
            if not -n <= k < n:
                raise IndexError(f"index {k} out of range for size {n}")
            stride //= n
            start += (k % n) * stride
        return Array(self._values[start:start + stride], self.shape[len(key):], self.dtype,
                     self.device)

    def _scalar(self):
        if self.size != 1:
            raise TypeError("only arrays of one element convert to Python scalars")
        return self._values[0]

    __float__ = lambda self: float(self._scalar())
    __int__ = __index__ = lambda self: int(self._scalar())
    __bool__ = lambda self: builtins.bool(self._scalar())

    def tolist(self):
        if "host_reads_cpu_only" in _LIKE and self.device != CPU:
            raise ValueError(f"fakexp: no host reads of an array on {self.device!r}; "
                             "to_device(cpu) it first")
        return _nested(self._values, self.shape)

    def __repr__(self):
        values = _nested(self._values, self.shape)
        return f"Array({values}, dtype={self.dtype!r}, device={self.device!r})"


class Scalar:
    """What sum() returns with FAKEXP_LIKE=scalars: a 0-d value that is no Array."""

    shape, ndim, size = (), 0, 1

    def __init__(self, value, dtype, device):
        self.value, self.dtype, self.device = dtype.cast(value), dtype, device

    def __array_namespace__(self, /, *, api_version=None):
        return sys.modules[__name__]

    def tolist(self):
        return self.value

    __float__ = lambda self: float(self.value)


class Foreign(Scalar):
    """What reshape() returns with FAKEXP_LIKE=foreign_results: an n-d array of another type."""

    def __init__(self, x, shape):
        self.shape, self.ndim, self.size = tuple(shape), len(shape), x.size
        self.dtype, self._values = x.dtype, x._values
        self.device = CPU if _bug("foreign_on_default") else x.device

    def tolist(self):
        return _nested(self._values, self.shape)


def _nested(values, shape):
    if not shape:
        return values[0]
    step = len(values) // shape[0] if shape[0] else 0
    return [_nested(values[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _flatten(obj):
    """Row-major values and shape of a nested list or a scalar."""
    if not isinstance(obj, (list, tuple)):
        return [obj], ()
    parts = [_flatten(item) for item in obj]
    if any(shape != parts[0][1] for _, shape in parts):
        raise ValueError("ragged nested sequence")
    inner = parts[0][1] if parts else ()
    return [v for values, _ in parts for v in values], (len(parts),) + inner


def _infer_dtype(values):
    if any(isinstance(v, float) for v in values) or not values:
        return float64
    return _bool if all(isinstance(v, builtins.bool) for v in values) else int64


def _shape(shape):
    return (shape,) if isinstance(shape, int) else tuple(shape)


if "no_dlpack_export" in _LIKE:
    def _no_export(self, **kwargs):
        raise BufferError("fakexp does not support the export of array data")

    Array.__dlpack__ = _no_export


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    if isinstance(obj, Array):
        target = obj.device if device is None else _device(device)
        return Array(obj._values, obj.shape, dtype or obj.dtype, target)
    values, shape = _flatten(obj)
    return Array(values, shape, dtype or _infer_dtype(values), _device(device))


def _full(shape, fill_value, *, dtype=None, device=None):
    shape = _shape(shape)
    return Array([fill_value] * math.prod(shape), shape, dtype or _infer_dtype([fill_value]),
                 _device(device))


full = _full


def zeros(shape, *, dtype=None, device=None):
    return _full(shape, 0, dtype=dtype or float64, device=None if _bug("ignore_device") else device)


def ones(shape, *, dtype=None, device=None):
    return _full(shape, 1, dtype=dtype or float64, device=device)


def empty(shape, *, dtype=None, device=None):
    return _full(shape, 0, dtype=dtype or float64, device=device)


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    start, stop = (0, start) if stop is None else (start, stop)
    values = [start + i * step for i in range(max(0, math.ceil((stop - start) / step)))]
    return Array(values, (len(values),), dtype or _infer_dtype([start, stop, step]),
                 _device(device))


def _like(x, fill_value, dtype, device):
    return _full(x.shape, fill_value, dtype=dtype or x.dtype,
                device=x.device if device is None else device)


def zeros_like(x, /, *, dtype=None, device=None):
    return _like(x, 0, dtype, CPU if device is None and _bug("like_default") else device)


def ones_like(x, /, *, dtype=None, device=None):
    return _like(x, 1, dtype, device)


def _broadcast(a, shape):
    """The values of `a` broadcast to `shape` (its own shape must broadcast to it)."""
    own = (1,) * (len(shape) - a.ndim) + a.shape
    values = []
    for flat in range(math.prod(shape)):
        source, stride = 0, 1
        for axis in reversed(range(len(shape))):
            index = (flat // math.prod(shape[axis + 1:])) % shape[axis]
            source += (index if own[axis] != 1 else 0) * stride
            stride *= own[axis]
        values.append(a._values[source])
    return values


def _elementwise(function, x1, x2, moves=False):
    arrays = [x for x in (x1, x2) if isinstance(x, Array)]
    device = arrays[0].device if moves else _same_device(arrays)
    dtype = max((a.dtype for a in arrays), key=lambda d: d.rank)
    x1, x2 = (x if isinstance(x, Array) else Array([x], (), dtype, device) for x in (x1, x2))
    ndim = max(x1.ndim, x2.ndim)
    shape = []
    for a, b in zip((1,) * (ndim - x1.ndim) + x1.shape, (1,) * (ndim - x2.ndim) + x2.shape):
        if a != b and 1 not in (a, b):
            raise ValueError(f"shapes {x1.shape} and {x2.shape} do not broadcast")
        shape.append(max(a, b) if 0 not in (a, b) else 0)
    values = map(function, _broadcast(x1, tuple(shape)), _broadcast(x2, tuple(shape)))
    return Array(list(values), shape, dtype, device)


def add(x1, x2, /):
    return _elementwise(lambda a, b: a + b, x1, x2, moves=_bug("mixed_add"))


def multiply(x1, x2, /):
    return _elementwise(lambda a, b: a * b, x1, x2)


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    axes = range(x.ndim) if axis is None else _shape(axis)
    axes = {a % x.ndim for a in axes} if x.ndim else set()
    shape = tuple(1 if i in axes else n for i, n in enumerate(x.shape))
    totals = {}
    for flat, value in enumerate(x._values):
        index = tuple(
            0 if i in axes else (flat // math.prod(x.shape[i + 1:])) % n
            for i, n in enumerate(x.shape))
        totals[index] = totals.get(index, 0) + value
    values = [totals.get(i, 0) for i in sorted(totals)] if x.size else [0] * math.prod(shape)
    if not keepdims:
        shape = tuple(n for i, n in enumerate(shape) if i not in axes)
    default = int64 if x.dtype.kind != "real floating" else x.dtype
    device = CPU if _bug("sum_default") else x.device
    if "scalars" in _LIKE and not shape:
        return Scalar(values[0], dtype or default, device)
    return Array(values, shape, dtype or default, device)


def reshape(x, /, shape, *, copy=None):
    shape = list(_shape(shape))
    if -1 in shape:
        known = math.prod(n for n in shape if n != -1)
        shape[shape.index(-1)] = x.size // known if known else 0
    if math.prod(shape) != x.size:
        raise ValueError(f"cannot reshape {x.shape} to {tuple(shape)}")
    if "foreign_results" in _LIKE:
        return Foreign(x, shape)
    return Array(x._values, shape, x.dtype, x.device)


def concat(arrays, /, *, axis=0):
    arrays = list(arrays)
    device = _same_device(arrays, moves=_bug("concat_moves"))
    dtype = max((a.dtype for a in arrays), key=lambda d: d.rank)
    if axis is None:
        arrays, axis = [reshape(a, -1) for a in arrays], 0
    axis %= arrays[0].ndim
    outer = math.prod(arrays[0].shape[:axis])
    values = []
    for i in range(outer):
        for a in arrays:
            chunk = a.size // outer if outer else 0
            values += a._values[i * chunk:(i + 1) * chunk]
    shape = list(arrays[0].shape)
    shape[axis] = builtins.sum(a.shape[axis] for a in arrays)
    return Array(values, shape, dtype, device)


def stack(arrays, /, *, axis=0):
    arrays = list(arrays)
    axis %= arrays[0].ndim + 1
    expanded = [reshape(a, a.shape[:axis] + (1,) + a.shape[axis:]) for a in arrays]
    return concat(expanded, axis=axis)


def matmul(x1, x2, /):
    device = _same_device([x1, x2])
    if x1.ndim != 2 or x2.ndim != 2 or x1.shape[1] != x2.shape[0]:
        raise ValueError(f"fakexp multiplies 2-d matrices only: {x1.shape} @ {x2.shape}")
    (n, k), m = x1.shape, x2.shape[1]
    values = [
        builtins.sum(x1._values[i * k + j] * x2._values[j * m + c] for j in range(k))
        for i in range(n) for c in range(m)
    ]
    return Array(values, (n, m), max(x1.dtype, x2.dtype, key=lambda d: d.rank), device)


class _Info:
    def capabilities(self):
        return {"boolean indexing": False, "data-dependent shapes": False, "max dimensions": 64}

    def default_device(self):
        return CPU

    def devices(self):
        # A tuple from 2025.12, a list before (as array-api-strict answers by its api_version).
        listed = ([None] if "info_lists_none" in _LIKE else []) + list(_DEVICES)
        new = globals().get("__array_api_version__", "2025.12") >= "2025.12"
        return tuple(listed) if new != _bug("devices_container") else listed

    def dtypes(self, *, device=None, kind=None):
        _device(device)
        kinds = {"integral": ("signed integer",), "numeric": ("signed integer", "real floating")}
        wanted = kind if isinstance(kind, tuple) else (kind,)
        wanted = {k for w in wanted for k in kinds.get(w, (w,))}
        return {d.name: d for d in _DTYPES if kind is None or d.kind in wanted}

    def default_dtypes(self, *, device=None):
        _device(device)
        # No complex dtype here: the standard's "complex floating" key has nothing to name.
        return {"real floating": float64, "complex floating": None, "integral": int64,
                "indexing": int64}


def from_dlpack(x, /, *, device=None, copy=None):
    if copy is False and "copy_false_unimplemented" in _LIKE:
        raise TypeError("from_dlpack: copy=False is not implemented")
    device = x.device if device is None else _device(device)
    if device != x.device and copy is False and not _bug("copy_false_views"):
        if _bug("copy_false_type"):
            raise TypeError("from_dlpack: cannot move without a copy")
        raise BufferError(f"from_dlpack: copy=False, but moving to {device!r} needs a copy")
    return Array(x._values, x.shape, x.dtype, device)



def __array_namespace_info__():
    return _Info()


bool = _bool  # noqa: A001 -- the standard's name; the builtin is reached as builtins.bool

if "no_device_keyword" in _LIKE:
    # The same functions with no device parameter: every array starts on the default device.
    _with_device = dict(asarray=asarray, zeros=zeros, ones=ones, empty=empty, full=_full,
                        arange=arange, zeros_like=zeros_like, ones_like=ones_like)

    def asarray(obj, /, *, dtype=None, copy=None):
        return _with_device["asarray"](obj, dtype=dtype, copy=copy)

    def zeros(shape, *, dtype=None):
        return _with_device["zeros"](shape, dtype=dtype)

    def ones(shape, *, dtype=None):
        return _with_device["ones"](shape, dtype=dtype)

    def empty(shape, *, dtype=None):
        return _with_device["empty"](shape, dtype=dtype)

    def full(shape, fill_value, *, dtype=None):
        return _with_device["full"](shape, fill_value, dtype=dtype)

    def arange(start, /, stop=None, step=1, *, dtype=None):
        return _with_device["arange"](start, stop, step, dtype=dtype)

    def zeros_like(x, /, *, dtype=None):
        return _with_device["zeros_like"](x, dtype=dtype)

    def ones_like(x, /, *, dtype=None):
        return _with_device["ones_like"](x, dtype=dtype)
