#!/usr/bin/env python3
"""The Python side of the conformance harness's out-of-process adapter.

    array_api_adapter.py MODULE                 JSON lines: requests on stdin, replies on the
                                                protocol channel (a dup of fd 1 taken at start)
    array_api_adapter.py MODULE --peer PEER     the same, with a second namespace PEER in this
                                                process: steps with "namespace": "peer" run in it
                                                (dlpack_between.*: PEER's arrays to MODULE)
    array_api_adapter.py MODULE --replay FILE   bench: time a plain loop over FILE's programs

MODULE is any importable array namespace (numpy.array_api, numpy, torch, dask.array, ...). The
script is generic over the standard; what it must know about one library (how to list its
devices, how to set its default device, how to read values back) is in HINTS below, as data.
Standard library only: numpy is used, when it imports, to read values back.
"""

import gc
import importlib
import importlib.util
import inspect
import json
import math
import os
import re
import sys
import time
import traceback
import warnings

# ----------------------------------------------------------------------------------------------
# Channels
# ----------------------------------------------------------------------------------------------


def open_channels():
    """The protocol channel is a private copy of fd 1; Python-level prints of the library go to
    stderr so they cannot corrupt it (C-level writes to fd 1 still can: the harness reports
    those as protocol errors)."""
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    sys.stdout = sys.stderr
    return protocol


# One encoder for every message (json.dumps with these options builds a new one per call). No
# message can hold itself (outcomes are built afresh, to_value stops at depth 8): the check for
# cycles is left out, a quarter of the encoding.
ENCODER = json.JSONEncoder(allow_nan=False, separators=(",", ":"), check_circular=False)


def send(channel, message, flush=True):
    channel.write(ENCODER.encode(message) + "\n")
    if flush:
        channel.flush()


# ----------------------------------------------------------------------------------------------
# Hint table: what the standard does not say about a library, keyed by the library's module. A
# namespace gets the hint of its own module name or, failing that, the hint of the library its
# arrays belong to (array_modules), so that a wrapper namespace over torch (array-api-compat's
# kind) gets torch's devices and device limits too. Expressions are Python source evaluated after
# the setup lines (names: xp the namespace, lib the hint's library module, the imports, and x for
# an array), so the same text goes into reproduction scripts.
#   array_modules       top-level packages whose array types mean this library (type(x).__module__)
#   imports             statements run before `import LIBRARY as lib`
#   devices             expression for the device list (when there is no __array_namespace_info__)
#   default_device      expression for the current default device
#   set_default_device  statement template with {device}; used only when set_default_device_if
#   reset_default_device  statement that restores the library's own default after a program
#   array_type          expression for the array type (beside type(xp.asarray(0)))
#   to_host             expression reading array x into something numpy.asarray takes (None:
#                       the array holds no data)
#   keyword_aliases     standard keyword -> the name the library's own errors use for it
#   library             the library's name in the tracker, when the module is one route to a library
#                       other routes also reach (its rows are then compared, as for torch)
#   device_limits       message fragments of errors that say a device cannot run an operation at
#                       all (no kernel, no data): such a step is unsupported, not raised
#   make_input          expression for a function (data, dtype, device) -> array that makes an
#                       input array as xp.asarray(data, dtype=dtype, device=device) would, used for
#                       the asarray steps that only build a check's inputs (not under test), where
#                       the library's own asarray costs a compile per shape, dtype and device (JAX)
#   compiles_per_shape  True: the library compiles each new input shape (JAX's jit), so the
#                       handshake asks the harness to draw shapes from a small palette
#   quiet_c10_errors    True: load libadc_quiet_torch_errors ($ADC_QUIET_TORCH_ERRORS, set by the
#                       harness) so torch 1.13 stops symbolising a C++ backtrace (3 ms) in each error
# ----------------------------------------------------------------------------------------------

HINTS = {
    "torch": {
        "array_modules": ["torch"],
        "devices": '[lib.device("cpu"), lib.device("meta")]'
                   ' + [lib.device("cuda", i) for i in range(lib.cuda.device_count())]',
        "default_device": "lib.empty(0).device",
        # torch >= 2.0 only; 1.13 has just set_default_tensor_type.
        "set_default_device": "lib.set_default_device({device})",
        "set_default_device_if": 'hasattr(lib, "set_default_device")',
        "reset_default_device": "lib.set_default_device(None)",
        "array_type": "lib.Tensor",
        # Meta tensors hold no data (and failing .cpu() on them costs milliseconds).
        "to_host": "None if x.is_meta else x.detach().cpu().resolve_conj().numpy()",
        # The standard's keyword -> the name torch's overload errors list (its parser maps them).
        "keyword_aliases": {"axis": "dim", "keepdims": "keepdim", "x": "input", "x1": "input",
                            "x2": "other", "a": "input"},
        # The meta device has no data and no kernels for data-dependent operations
        # (platform.md: nonzero, unique, item, where in C++, copies to cpu, DLPack).
        "quiet_c10_errors": True,
        "device_limits": ["with arguments from the 'Meta' backend",
                          "Cannot copy out of meta tensor",
                          "Unknown device type meta for Dlpack",
                          # torch 2.x words for the same (meta), seen on a GPU host
                          "The register_meta function for",
                          "cannot be called on meta tensors",
                          "Cannot pack tensors on meta",
                          # torch 2.13: an operator with no meta kernel at all (torch.equal)
                          "no fake impl or Meta kernel registered"],
    },
    "cupy": {
        "array_modules": ["cupy"],
        "devices": "[lib.cuda.Device(i) for i in range(lib.cuda.runtime.getDeviceCount())]",
        "default_device": "lib.cuda.Device()",
        "set_default_device": "{device}.use()",
        "set_default_device_if": "True",
        "array_type": "lib.ndarray",
        "to_host": "x.get()",
    },
    "jax.numpy": {
        "array_modules": ["jax", "jaxlib"],
        "imports": "import jax",
        "devices": "jax.devices()",
        "default_device": "jax.devices()[0]",
        "set_default_device": 'jax.config.update("jax_default_device", {device})',
        "set_default_device_if": "True",
        "reset_default_device": 'jax.config.update("jax_default_device", None)',
        "array_type": "jax.Array",
        # jnp.asarray(data, dtype=, device=) traces, lowers and compiles a convert_element_type
        # per shape, dtype and device (40 % of a run); device_put of a host array of that dtype
        # is a transfer: the same array, committed to `device` exactly when one is given.
        "make_input": "lambda data, dtype, device: jax.device_put("
                      "__import__('numpy').asarray(data, dtype=dtype), device)",
        # Every new (operation, shape, dtype, device) is traced, lowered and compiled: two shapes
        # per rank instead of 4^rank take out a fifth of a run's compiles.
        "compiles_per_shape": True,
    },
    "dask.array": {
        "array_modules": ["dask"],
        "array_type": "lib.Array",
        "to_host": "x.compute()",
    },
    # strict from Python (strict/python): host reads off "cpu" raise, so values move there first.
    "strict_xp": {
        "array_modules": ["strict_xp"],
        "library": "strict",
        "set_default_device": "lib.set_default_device({device})",
        "set_default_device_if": "True",
        "reset_default_device": 'lib.set_default_device(lib.Device("cpu"))',
        "to_host": 'x.to_device(lib.Device("cpu"))',
    },
}

STANDARD_DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                   "uint64", "float32", "float64", "complex64", "complex128")
# isdtype/info.dtypes kinds that are no dtype name: passed on as strings.
DTYPE_KINDS = ("signed integer", "unsigned integer", "integral", "real floating",
               "complex floating", "numeric")
# array.X that are attributes, not methods (catalogue namespace array_attribute).
ARRAY_ATTRIBUTES = ("device", "dtype", "shape", "ndim", "size", "T", "mT")
# Ops taking *arrays: a RefList argument is spread into positional arguments.
SPREAD_OPS = ("meshgrid", "broadcast_arrays", "result_type")
MAX_VALUES = 4096
# Enough to recognise an error; torch's dispatcher errors list every backend (several KB).
MAX_MESSAGE = 400
NO_DEVICE_REPR = "(no .device)"
PSEUDO_DEVICE_REPR = "(none: arrays have no .device)"


class InvalidDevice:
    """Something passed as device= that is no device of any library."""

    def __repr__(self):
        return "INVALID_DEVICE"


INVALID_DEVICE = InvalidDevice()


class StartupError(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


# ----------------------------------------------------------------------------------------------
# The environment: the namespace, its devices and how to read its arrays
# ----------------------------------------------------------------------------------------------


def one_line(text):
    text = " ".join(str(text).split())
    return text[:MAX_MESSAGE]


_SIGNATURES = {}


def takes_keyword(function, name):
    """True: the signature names it; False: it cannot take it; "varkw": only through **kwargs;
    None: no signature (builtins), find out by calling."""
    key = getattr(function, "__func__", function)  # bound methods are new objects each time
    try:
        parameters = _SIGNATURES[key]
    except (KeyError, TypeError):
        try:
            parameters = inspect.signature(function).parameters
        except (TypeError, ValueError):
            parameters = None
        try:
            _SIGNATURES[key] = parameters
        except TypeError:
            pass
    if parameters is None:
        return None
    if name in parameters and parameters[name].kind != inspect.Parameter.POSITIONAL_ONLY:
        return True
    if any(p.kind == inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return "varkw"
    return False


def compare_hashes(a, b):
    """{"hash_equal": hash(a) == hash(b)} for hashable devices. An unhashable one (hash() raises
    TypeError: a class with __eq__ and no __hash__, CuPy's Device) is reported as such: Python's
    data model asks equal hashes only of hashable objects, and the standard asks only for ==."""
    try:
        return {"hash_equal": hash(a) == hash(b)}
    except TypeError as e:
        return {"hashable": False, "hash_error": one_line(f"TypeError: {e}")}
    except Exception as e:
        return {"hash_error": one_line(f"{type(e).__name__}: {e}")}


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def device_text(device):
    """A device's text, without the memory address of a default object repr (ndonnx's Device is
    "<ndonnx._namespace_info.Device object at 0x7f...>"): the same device reads the same in every
    process, so runs split over processes merge into one row."""
    return _ADDRESS.sub("", str(device))


def safe_hasattr(obj, name):
    """hasattr, where an attribute that raises other than AttributeError still exists (x.T of a
    0-d array in numpy.array_api raises ValueError)."""
    try:
        getattr(obj, name)
        return True
    except AttributeError:
        return False
    except Exception:
        return True


def choose_hint(module, array):
    """(library module, hint) for a namespace: its own name's hint, else the hint of the library
    its arrays' type comes from; (None, {}) when neither is known."""
    if module in HINTS:
        return module, HINTS[module]
    root = type(array).__module__.split(".")[0] if array is not None else None
    for name, hint in HINTS.items():
        if root in hint.get("array_modules", ()):
            return name, hint
    return None, {}


def run_setup(source, ns):
    try:
        exec(source, ns)
    except BaseException as e:  # any failure to import is the library's, reported once
        if isinstance(e, KeyboardInterrupt):
            raise
        if isinstance(e, ImportError):
            raise StartupError("import_failed", one_line(e)) from None
        raise StartupError("import_failed", one_line(f"{type(e).__name__}: {e}")) from None


class NumbaCompilesCached:
    """With NUMBA_CACHE_DIR set, numba.jit and numba.njit cache their compiles there unless told
    otherwise (cache=True), so that a library whose kernels are not cached compiles each once per
    machine instead of once per process: sparse's run is 93 % numba compiling its matmul and dot
    kernels (per dtype pair). Like JAX's persistent cache, it keeps the compile only: the same
    machine code runs, and numba's cache is keyed by the kernel's source file, bytecode, closure
    values and signature. Installed as an import hook, so a namespace that never imports numba
    pays nothing."""

    def __init__(self):
        self.installed = False

    def find_spec(self, name, path=None, target=None):
        if name != "numba":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            load = spec.loader.exec_module

            def exec_module(module):
                load(module)
                self.installed = self.default_to_cached(module)

            spec.loader.exec_module = exec_module
        return spec

    @staticmethod
    def default_to_cached(numba):
        for name in ("jit", "njit"):
            decorator = getattr(numba, name, None)
            if decorator is None:
                return False

            def cached(*args, _decorator=decorator, **kwargs):
                kwargs.setdefault("cache", True)
                return _decorator(*args, **kwargs)

            setattr(numba, name, cached)
        return True

    @classmethod
    def install(cls):
        """The hook, or None when NUMBA_CACHE_DIR is unset or numba is already imported. With the
        hook, sys.path's entries become real paths (links resolved)."""
        if not os.environ.get("NUMBA_CACHE_DIR") or "numba" in sys.modules:
            return None
        # numba names a kernel's cache folder after its source file's path, and a checkout's
        # .venv is a link to the machine's shared environment: imported through the link, each
        # clone would compile into a folder of its own. Imported through the real path, every
        # clone of the machine shares one.
        sys.path[:] = [os.path.realpath(entry) if entry else entry for entry in sys.path]
        hook = cls()
        sys.meta_path.insert(0, hook)
        return hook


def quiet_c10_errors():
    """torch 1.13 symbolises a C++ backtrace (about 3 ms) in every error it raises, which Python
    never shows, and most mixed-device cases raise one: the harness's library drops it unmade
    (messages unchanged; reproductions run without it). A note for the handshake, or None."""
    path = os.environ.get("ADC_QUIET_TORCH_ERRORS")
    if not path:
        return None
    try:
        import ctypes
        installed = ctypes.CDLL(path).adc_quiet_torch_errors()
    except (OSError, AttributeError) as e:
        return one_line(f"torch's C++ backtraces left on: {e}")
    return "torch's C++ backtraces not built (harness speed; messages unchanged)" if installed \
        else None


class Environment:
    def __init__(self, module):
        self.module = module
        self.ns = {"__builtins__": __builtins__}
        numba_hook = NumbaCompilesCached.install()
        namespace_setup = self._setup_text()
        run_setup(namespace_setup, self.ns)
        self.xp = self.ns["xp"]
        if not (hasattr(self.xp, "asarray") or hasattr(self.xp, "zeros")):
            raise StartupError("not_a_namespace",
                               f"module '{module}' has neither asarray nor zeros")
        try:
            import numpy
            self.numpy = numpy
        except ImportError:
            self.numpy = None
        self._codes = {}
        self._dtype_names = {}
        self._device_indices = {}
        self._callables = {}
        self.fresh = self._fresh_array()
        self.library, self.hint = choose_hint(module, self.fresh)
        library_setup = self._library_setup_text()
        run_setup(library_setup, self.ns)
        self.setup = namespace_setup + "\n" + library_setup
        self.notes = []
        if numba_hook is not None and numba_hook.installed:
            self.notes.append("numba's compiles cached in NUMBA_CACHE_DIR")
        if self.hint.get("quiet_c10_errors"):
            note = quiet_c10_errors()
            if note:
                self.notes.append(note)
        if self.library not in (None, module):
            self.notes.append(f"hints of {self.library}, whose arrays ({type(self.fresh).__module__}."
                              f"{type(self.fresh).__name__}) {module} returns")
        self.array_types = self._array_types()
        # ADC_MAKE_INPUTS=asarray makes every input with the namespace's own asarray (to show the
        # hint changes no result: tools/bench's JAX block runs both).
        self.make_input = None
        if "make_input" in self.hint and os.environ.get("ADC_MAKE_INPUTS") != "asarray":
            try:
                self.make_input = self.evaluate(self.hint["make_input"])
                self.notes.append(f"inputs made by the hint for {self.library}")
            except Exception as e:
                self.notes.append(f"the hint's make_input raised {type(e).__name__}: {one_line(e)}")
        self.info = None
        if hasattr(self.xp, "__array_namespace_info__"):
            try:
                self.info = self.xp.__array_namespace_info__()
            except Exception:
                self.info = None
        self._find_devices()
        self.device_types = {type(d) for d in self.devices if d is not None}
        if self.fresh is not None and hasattr(self.fresh, "device"):
            self.device_types.add(type(self.fresh.device))
        self.dtype_types = {type(getattr(self.xp, n)) for n in STANDARD_DTYPES
                            if getattr(self.xp, n, None) is not None}
        if self.fresh is not None and hasattr(self.fresh, "dtype"):
            # numpy: type(x.dtype) is dtype[int64]; other dtypes share only its base, np.dtype.
            kind = type(self.fresh.dtype)
            self.dtype_types.add(kind)
            # numpy 2 puts abstract DTypes between them: take every base.
            self.dtype_types.update(k for k in kind.__mro__ if k is not object)
        self.to_host = self._code(self.hint["to_host"]) if "to_host" in self.hint else None

    def _setup_text(self):
        if re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", self.module):
            return f"import {self.module} as xp"
        return f"xp = __import__('importlib').import_module({self.module!r})"

    def _library_setup_text(self):
        """The hint's imports and `lib`: the hint's library module, or the namespace itself."""
        lines = [self.hint["imports"]] if "imports" in self.hint else []
        lines.append(f"import {self.library} as lib" if self.library else "lib = xp")
        return "\n".join(lines)

    def _code(self, source, mode="eval"):
        code = self._codes.get((source, mode))
        if code is None:
            code = self._codes[(source, mode)] = compile(source, "<hint>", mode)
        return code

    def evaluate(self, source, **names):
        return eval(self._code(source), self.ns, dict(names))

    def execute(self, source, **names):
        exec(self._code(source, "exec"), self.ns, dict(names))

    def _fresh_array(self):
        for make in (lambda: self.xp.asarray(0), lambda: self.xp.zeros(1)):
            try:
                return make()
            except Exception:
                pass
        return None

    def _array_types(self):
        types = []
        if self.fresh is not None:
            types.append(type(self.fresh))
        if "array_type" in self.hint:
            try:
                types.append(self.evaluate(self.hint["array_type"]))
            except Exception:
                pass
        return tuple(t for t in types if isinstance(t, type))

    def is_array(self, value):
        if self.array_types and isinstance(value, self.array_types):
            return True
        # A result of another type that says which namespace and device it belongs to is judged
        # as an array on that device: its type is a question for array-api-tests, its device one
        # for us. NumPy >= 2.1 returns 0-d scalars with .device (numpy#26850 -> PR #26889);
        # sparse's nonzero and unique_* return dense NumPy arrays.
        return (getattr(value, "shape", None) is not None and safe_hasattr(value, "device")
                and hasattr(type(value), "__array_namespace__"))

    # -- devices --------------------------------------------------------------------------------

    def _find_devices(self):
        """Devices, their expression for reproductions, the default device and its setter."""
        self.set_default_template = None
        self.reset_default = self.hint.get("reset_default_device")
        self.device_attribute = self.fresh is not None and hasattr(self.fresh, "device")
        self.devices = None
        if self.info is not None and hasattr(self.info, "devices"):
            try:
                listed = list(self.info.devices())
                # JAX lists None ("uncommitted": place by default) beside its devices. No array
                # ever has .device None, so it is not a device to place arrays on and check.
                self.devices = [d for d in listed if d is not None]
                self.devices_text = "xp.__array_namespace_info__().devices()"
                self.notes.append("devices from info.devices()")
                if len(self.devices) != len(listed):
                    self.devices_text = ("[d for d in xp.__array_namespace_info__().devices() "
                                         "if d is not None]")
                    self.notes.append("info.devices() lists None: left out of the devices checked")
                if not self.devices:
                    self.devices = None
            except Exception as e:
                self.notes.append(f"info.devices() raised {type(e).__name__}: {one_line(e)}")
        if self.devices is None and "devices" in self.hint:
            try:
                self.devices = list(self.evaluate(self.hint["devices"]))
                self.devices_text = self.hint["devices"]
                self.notes.append(f"devices from the hint for {self.library}")
            except Exception as e:
                self.notes.append(f"the hint's devices raised {type(e).__name__}: {one_line(e)}")
        if self.devices is None and self.device_attribute:
            self.devices = [self.fresh.device]
            self.devices_text = "[xp.asarray(0).device]"
            self.notes.append("devices: the device of a fresh array")
        if self.devices is None:
            # No device notion at all: one pseudo-device, passed as device=None.
            self.devices = [None]
            self.devices_text = "[None]"
            self.notes.append("arrays have no .device: one pseudo-device, passed as None")
        if "set_default_device" in self.hint:
            try:
                if self.evaluate(self.hint.get("set_default_device_if", "True")):
                    self.set_default_template = self.hint["set_default_device"]
            except Exception:
                pass
        self.default_device = self._default_device()

    def device_index(self, device):
        """The first listed device equal to `device`, else -1 (never a guess). Remembered per
        device object (a dict compares by == as the loop does, after a hash that equal devices
        share; where they do not, the loop answers)."""
        try:
            return self._device_indices[device]
        except (KeyError, TypeError):
            pass
        index = self._find_device_index(device)
        try:
            self._device_indices[device] = index
        except TypeError:  # unhashable
            pass
        return index

    def _find_device_index(self, device):
        for i, known in enumerate(self.devices):
            try:
                if known is device or bool(known == device):
                    return i
            except Exception:
                pass
        return -1

    def _default_device(self):
        if self.info is not None and hasattr(self.info, "default_device"):
            try:
                device = self.info.default_device()
                if device is None:
                    return None
                index = self.device_index(device)
                if index >= 0:
                    return index
                self.notes.append(f"info.default_device() {device!r} is not in devices()")
            except Exception as e:
                self.notes.append(f"info.default_device() raised {type(e).__name__}")
        if "default_device" in self.hint:
            try:
                index = self.device_index(self.evaluate(self.hint["default_device"]))
                if index >= 0:
                    return index
            except Exception:
                pass
        if self.device_attribute:
            index = self.device_index(self.fresh.device)
            if index >= 0:
                return index
        return 0

    def set_default_device(self, device):
        if self.set_default_template is None:
            raise Unsupported(f"{self.module} has no way to set the default device")
        self.execute(self.set_default_template.replace("{device}", "__device__"),
                     __device__=device)

    def restore_default_device(self):
        if self.reset_default is not None:
            self.execute(self.reset_default)
        elif self.default_device is not None:
            self.set_default_device(self.devices[self.default_device])

    # -- dtypes ---------------------------------------------------------------------------------

    def dtype_name(self, dtype):
        try:
            return self._dtype_names[dtype]
        except (KeyError, TypeError):
            pass
        name = None
        for candidate in STANDARD_DTYPES:
            known = getattr(self.xp, candidate, None)
            try:
                if known is not None and bool(known == dtype):
                    name = candidate
                    break
            except Exception:
                pass
        if name is None:
            name = str(dtype)
        try:
            self._dtype_names[dtype] = name
        except TypeError:
            pass
        return name


class Unsupported(Exception):
    """The library lacks the operation, a dtype or a keyword the step uses."""


class NotRun(Exception):
    """The step reads a result that an earlier step did not produce."""


class LibraryRaised(Exception):
    """The library raised while the adapter prepared a call (not a bug of the adapter)."""

    def __init__(self, error):
        super().__init__(str(error))
        self.error = error


# ----------------------------------------------------------------------------------------------
# Values decoding: the program wire format (conformance/src/program/program.cpp) into Python values.
# Decoding happens once per program; resolve() turns decoded values into call arguments.
# ----------------------------------------------------------------------------------------------


def python_number(value):
    if type(value) is float:  # what JSON gives, first
        return int(value) if value.is_integer() else value
    if type(value) is int:
        return value
    return int(value) if float(value).is_integer() else float(value)


def nested_list(values, shape):
    if not shape:
        return python_number(values[0])
    if len(shape) == 1:
        return [python_number(v) for v in values]
    stride = len(values) // shape[0] if shape[0] else 0
    return [nested_list(values[i * stride:(i + 1) * stride], shape[1:]) for i in range(shape[0])]


def decode_value(j, env=None):
    """A program value as (tag, ...). With the environment, a listed device and a dtype the
    namespace has become literals here, once per program instead of once per step run."""
    if not isinstance(j, dict) or len(j) != 1:
        raise ValueError(f"a program value must be an object with one key: {j!r}")
    (kind, body), = j.items()
    if kind == "ref":
        return ("ref", int(body[0]), int(body[1]))
    if kind == "device":
        index = int(body)
        if env is not None and 0 <= index < len(env.devices):
            return ("lit", env.devices[index])
        return ("device", index)
    if kind == "dtype":
        name = str(body)
        if env is not None:
            dtype = getattr(env.xp, name, None)
            if dtype is not None:
                return ("lit", dtype)
            if name in DTYPE_KINDS:
                return ("lit", name)
        return ("dtype", name)
    if kind == "data":
        shape = [int(n) for n in body["shape"]]
        if len(shape) > 1 and 0 in shape:
            return ("empty", tuple(shape))  # a nested list would lose the shape
        return ("lit", nested_list(list(body["values"]), shape))
    if kind == "none":
        return ("lit", None)
    if kind == "bool":
        return ("lit", bool(body))
    if kind == "int":
        return ("lit", int(body))
    if kind == "float":
        return ("lit", float(body))
    if kind == "refs":
        return ("refs", [(int(r[0]), int(r[1])) for r in body])
    if kind == "invalid_device":
        return ("lit", INVALID_DEVICE)
    if kind == "tuple":
        return ("lit", tuple(int(v) for v in body))
    raise ValueError(f"unknown program value kind: {kind}")


class DecodedStep:
    """One step: its operation, its values as decoded, and what it reads (checked before it
    runs). A step whose values are all literals or single results (most steps) also keeps its
    arguments ready, with the positions its results fill at run time (ready_args is None for
    the others). Built in one pass: decoding is on the harness's path too."""

    __slots__ = ("op", "harness", "args", "kwargs", "keywords", "refs", "ready_args",
                 "ready_kwargs", "fills", "keyword_fills", "input_only", "env")


def note_reads(value, refs):
    """Adds the (step, output) pairs a decoded value reads to refs; whether the value can sit in
    a ready argument list (a literal, or a single result at non-negative indexes: a negative one
    would read from the end instead of failing)."""
    tag = value[0]
    if tag == "lit":
        return True
    if tag == "ref":
        refs.append(value[1:])
        return value[1] >= 0 and value[2] >= 0
    if tag == "refs":
        refs.extend(value[1])
    return False


def decode_step(j, env=None):
    if "namespace" in j:
        env = peer_of(env, j["namespace"])
    step = DecodedStep()
    step.env = env  # the namespace it runs in; None: the run's
    step.op = op = str(j["op"])
    step.harness = op.startswith("harness.")
    ready = True
    args, refs, ready_args, fills = [], [], [], []
    builds_input = only_builds_an_input(j)
    # Its n-d empty data goes to make_input as a host array too (EmptyInput).
    empty_input = builds_input and getattr(env, "make_input", None) is not None
    for raw in j.get("args", ()):
        value = decode_value(raw, env)
        if value[0] == "empty" and empty_input:
            value = ("lit", EmptyInput(value[1]))
        ready = note_reads(value, refs) and ready
        if value[0] == "ref":
            fills.append((len(args), value[1], value[2]))
        ready_args.append(value[1] if value[0] == "lit" else None)
        args.append(value)
    kwargs, ready_kwargs, keyword_fills = [], {}, []
    for pair in j.get("kwargs", ()):
        name, value = str(pair[0]), decode_value(pair[1], env)
        ready = note_reads(value, refs) and ready and name not in ready_kwargs
        if value[0] == "ref":
            keyword_fills.append((name, value[1], value[2]))
        ready_kwargs[name] = value[1] if value[0] == "lit" else None
        kwargs.append((name, value))
    step.args, step.kwargs, step.refs = args, kwargs, refs
    step.keywords = tuple(ready_kwargs) if ready else None  # None: call_library works them out
    step.ready_args, step.ready_kwargs = (ready_args, ready_kwargs) if ready else (None, None)
    step.fills, step.keyword_fills = fills, keyword_fills
    # Literal data, and every keyword known: made by the hint's make_input where it has one.
    step.input_only = builds_input and args[0][0] == "lit" and ready
    if empty_input and isinstance(args[0][1], EmptyInput) and not step.input_only:
        # Not made by make_input after all (a dtype or device the library lacks): the library's
        # own empty array, as for every other library, and the error that follows.
        args[0] = ("empty", tuple(args[0][1]))
        step.ready_args = step.ready_kwargs = step.keywords = None
    return step


class EmptyInput(tuple):
    """The shape of an n-d empty input (data of shape (0, k) has no nested-list form) that
    make_input makes from a host array of that shape."""


def only_builds_an_input(j):
    """Whether the raw step j only builds an input: an asarray of one value with dtype= (and
    device=) that is not under test. The library's hint may make it more cheaply (make_input),
    n-d empty data included: as a host array of that shape it is made on the device asked for,
    as every other input is (JAX: committed, with nothing compiled), instead of by the library's
    own reshape(asarray([]), shape) (JAX: an uncommitted array, which asarray(device=) left
    uncommitted, D2: explicit.asarray.of_an_array checks that on its own)."""
    names = [str(pair[0]) for pair in j.get("kwargs", ())]
    return (j.get("op") == "asarray" and not j.get("under_test", True)
            and len(j.get("args", ())) == 1 and "dtype" in names
            and set(names) <= {"dtype", "device"})


def peer_of(env, namespace):
    """The environment a step with "namespace" runs in: only "peer" is known."""
    if namespace != "peer":
        raise ValueError(f"unknown step namespace {namespace!r}")
    if env is None:
        return None
    if getattr(env, "peer", None) is None:
        raise Unsupported(getattr(env, "peer_error", None) or "no --peer namespace was loaded")
    return env.peer


class DecodedProgram(list):
    """Each step, or the error that kept it from decoding (reported as AdapterError), and
    whether the check compares array values (the program's read_values: only then are they read
    back, which was a third of the executor's time)."""

    def __init__(self, steps, read_values, raw_errors=False):
        super().__init__(steps)
        self.read_values = read_values
        # A program across two namespaces (dlpack_between.*) reports every error as raised: its
        # checks judge refusals by exception type (torch's "Cannot pack tensors on meta" is a
        # BufferError there, not a device limit of the hint table).
        self.raw_errors = raw_errors


def decode_program(j, env=None):
    steps = []
    for raw in j.get("steps", []):
        try:
            steps.append(decode_step(raw, env))
        except Exception as e:
            steps.append(e)
    raw_errors = any(isinstance(raw, dict) and "namespace" in raw for raw in j.get("steps", []))
    return DecodedProgram(steps, bool(j.get("read_values", False)), raw_errors)


def check_produced(refs, outputs):
    """Raises NotRun when a step reads a result that was not produced."""
    for step, output in refs:
        if not (0 <= step < len(outputs)) or outputs[step] is None or \
                not (0 <= output < len(outputs[step])):
            raise NotRun(f"x{step}[{output}] was not produced")


def resolve(env, value, outputs):
    tag = value[0]
    if tag == "lit":
        return value[1]
    if tag == "ref":
        return outputs[value[1]][value[2]]
    if tag == "refs":
        return [outputs[s][o] for s, o in value[1]]
    if tag == "device":
        if not 0 <= value[1] < len(env.devices):
            raise Unsupported(f"no device {value[1]}: the handshake lists {len(env.devices)}")
        return env.devices[value[1]]
    if tag == "dtype":
        dtype = getattr(env.xp, value[1], None)
        if dtype is not None:
            return dtype
        if value[1] in DTYPE_KINDS:
            return value[1]
        raise Unsupported(f"{env.module} has no dtype {value[1]}")
    if tag == "empty":
        try:
            return env.xp.reshape(env.xp.asarray([]), value[1])
        except Exception as e:
            raise LibraryRaised(e) from None
    raise ValueError(f"unknown decoded value {tag}")


# ----------------------------------------------------------------------------------------------
# Handshake
# ----------------------------------------------------------------------------------------------


def devices_container(env):
    """The type name of info.devices()'s answer ("tuple" from 2025.12, "list" before), or ""."""
    try:
        return type(env.info.devices()).__name__ if env.info is not None else ""
    except Exception:
        return ""


def library_version(module):
    try:
        return str(getattr(importlib.import_module(module.split(".")[0]), "__version__", ""))
    except Exception:
        return ""


def in_standard_order(names):
    """Dtype names in the standard's order, any other name after them by name. info.dtypes()
    answers with a dict whose key order some libraries take from a set (JAX's changes with each
    process's string hash seed), and the harness draws dtypes by position in the handshake: an
    order that moved would draw other cases in every process, and a reproduce token would replay
    another case than the one it names."""
    rank = {name: i for i, name in enumerate(STANDARD_DTYPES)}
    return sorted(names, key=lambda name: (rank.get(name, len(rank)), name))


def device_description(env, device):
    """repr, creatable dtypes and default dtypes of one device."""
    xp = env.xp
    on_device = {} if device is None else {"device": device}
    dtypes = None
    defaults = None
    if env.info is not None:
        for call in (lambda f: f(**on_device), lambda f: f()):
            try:
                if dtypes is None and hasattr(env.info, "dtypes"):
                    dtypes = in_standard_order(str(k) for k in call(env.info.dtypes))
                if defaults is None and hasattr(env.info, "default_dtypes"):
                    found = call(env.info.default_dtypes)
                    defaults = (env.dtype_name(found["real floating"]),
                                env.dtype_name(found["integral"]))
            except Exception:
                pass
    if dtypes is None:
        dtypes = []
        for name in STANDARD_DTYPES:
            dtype = getattr(xp, name, None)
            if dtype is None:
                continue
            try:
                call_library(env, "zeros", xp.zeros, [1], {"dtype": dtype, **on_device})
                dtypes.append(name)
            except Unsupported:
                # zeros takes no device= (cupy places by context): on the default device, the
                # dtypes it creates without one. The checks that pass device= are unsupported.
                if device is env.devices[env.default_device or 0] and on_device:
                    try:
                        xp.zeros(1, dtype=dtype)
                        dtypes.append(name)
                    except Exception:
                        pass
            except Exception:
                pass
    if defaults is None:
        defaults = []
        for literal, fallback in ((1.0, "float64"), (1, "int64")):
            try:
                x = call_library(env, "asarray", xp.asarray, [literal], on_device)
                defaults.append(env.dtype_name(x.dtype))
            except Exception:
                defaults.append(fallback)
    return {"repr": PSEUDO_DEVICE_REPR if device is None else device_text(device), "dtypes": dtypes,
            "default_float_dtype": defaults[0], "default_integer_dtype": defaults[1]}


def has_operation(env, name):
    xp = env.xp
    if name in ("harness.observe", "harness.compare_devices"):
        return True
    if name == "harness.set_default_device":
        return env.set_default_template is not None
    if name.startswith("info."):
        if name == "info.__array_namespace_info__":
            return hasattr(xp, "__array_namespace_info__")
        return env.info is not None and hasattr(env.info, name[5:])
    if name.startswith("array."):
        return env.fresh is not None and safe_hasattr(env.fresh, name[6:])
    target = xp
    for part in name.split("."):
        if not hasattr(target, part):
            return False
        target = getattr(target, part)
    return True


def handshake(env, request):
    reply = {
        "type": "handshake",
        "handshake": describe(env, request.get("implementation", f"python:{env.module}"),
                              request.get("operations", [])),
        "python": python_setup(env),
    }
    peer_module = getattr(env, "peer_module", None)
    if peer_module is not None:
        implementation = f"python:{peer_module}"
        if env.peer is None:
            reply["handshake"]["peer"] = {"implementation": implementation,
                                          "error": env.peer_error}
        else:
            reply["handshake"]["peer"] = describe(env.peer, implementation,
                                                  request.get("operations", []))
            reply["python"]["peer"] = python_setup(env.peer)
    return reply


def python_setup(env):
    """How a reproduction script reaches the namespace."""
    return {
        "module": env.module,
        "setup": env.setup,
        "devices": env.devices_text,
        "set_default_device": env.set_default_template,
        "notes": env.notes,
    }


def describe(env, implementation, operations):
    """The handshake's description of one namespace."""
    xp = env.xp
    fresh = env.fresh
    features = {
        "device_attribute": env.device_attribute,
        "to_device": fresh is not None and safe_hasattr(fresh, "to_device"),
        "namespace_info": hasattr(xp, "__array_namespace_info__"),
        "set_default_device": env.set_default_template is not None,
        "dlpack": fresh is not None and safe_hasattr(fresh, "__dlpack_device__")
                  and hasattr(xp, "from_dlpack"),
    }
    operations = [str(n) for n in operations if has_operation(env, str(n))]
    description = {
        "implementation": implementation,
        "library": env.hint.get("library", env.module),
        "library_version": library_version(env.module),
        "spec_version": str(getattr(xp, "__array_api_version__", None) or ""),
        "devices": [device_description(env, d) for d in env.devices],
        "default_device": env.default_device,
        "features": features,
        "operations": operations,
        "devices_container": devices_container(env),
    }
    # Only when set, so that every other handshake reads as before.
    if env.hint.get("compiles_per_shape"):
        description["compiles_per_shape"] = True
    return description


# ----------------------------------------------------------------------------------------------
# Executor
# ----------------------------------------------------------------------------------------------

# How libraries say a keyword is unknown: Python, numpy's ufuncs, dask's backend dispatch.
UNEXPECTED_KEYWORD = re.compile(r"unexpected keyword argument '(\w+)'|'(\w+)' is an invalid "
                                r"keyword|[Uu]nexpected keyword argument\(s\): ([\w, ]+)")


_KEYWORD_VERDICTS = {}


def refused_keywords(op, function, names):
    """Why `function` cannot be called with keywords `names`, or None."""
    for name in names:
        taken = takes_keyword(function, name)
        if taken is False:
            return f"{op} takes no keyword {name}="
        if taken == "varkw" and name == "device":
            # dask's zeros(**kwargs) swallows device= and computes garbage: not a real keyword.
            return f"{op} names no device= parameter (only **kwargs)"
    return None


def call_library(env, op, function, args, kwargs, keywords=None):
    """Calls function(*args, **kwargs); a keyword it cannot take raises Unsupported."""
    if kwargs:
        # Signatures are read once per function and set of keywords.
        key = (op, getattr(function, "__func__", function), keywords or tuple(kwargs))
        try:
            refused = _KEYWORD_VERDICTS[key]
        except (KeyError, TypeError):
            refused = refused_keywords(op, function, kwargs)
            try:
                _KEYWORD_VERDICTS[key] = refused
            except TypeError:
                pass
        if refused is not None:
            raise Unsupported(refused)
    try:
        return function(*args, **kwargs)
    except TypeError as e:
        text = str(e)
        for match in UNEXPECTED_KEYWORD.finditer(text):
            for name in re.split(r"[, ]+", match.group(1) or match.group(2) or match.group(3)):
                if name in kwargs:
                    raise Unsupported(f"{op} takes no keyword {name}=: "
                                      f"{one_line(text)[:300]}") from None
        # torch's overload errors: a keyword named in none of the signatures it lists.
        if "invalid combination of arguments" in text and "expected one of" in text:
            listed = text.split("expected one of", 1)[1]
            aliases = env.hint.get("keyword_aliases", {})
            for name in kwargs:
                names = (name, aliases.get(name, name))
                if not any(re.search(rf"\b{re.escape(n)}\b", listed) for n in names):
                    raise Unsupported(f"{op} takes no keyword {name}=: "
                                      f"{one_line(text)[:300]}") from None
        raise


def find_callable(env, op, args):
    """The function a step calls and the positional arguments it gets, or an attribute value."""
    target = env._callables.get(op)  # a namespace function looked up before
    if target is not None:
        return target, args, False
    xp = env.xp
    if op.startswith("array."):
        name = op[6:]
        if not args:
            raise Unsupported(f"{op} without an array")
        if not safe_hasattr(args[0], name):
            raise Unsupported(f"{type(args[0]).__name__} has no {name}")
        if name in ARRAY_ATTRIBUTES:  # read in the caller: reading may raise (x.T of 1-d)
            return (args[0], name), args[1:], True
        return getattr(args[0], name), args[1:], False
    if op == "info.__array_namespace_info__":
        if not hasattr(xp, "__array_namespace_info__"):
            raise Unsupported(f"{env.module} has no __array_namespace_info__")
        return xp.__array_namespace_info__, args, False
    if op.startswith("info."):
        if not hasattr(xp, "__array_namespace_info__"):
            raise Unsupported(f"{env.module} has no __array_namespace_info__")
        try:
            info = xp.__array_namespace_info__()
        except Exception as e:
            raise LibraryRaised(e) from None
        if not hasattr(info, op[5:]):
            raise Unsupported(f"{env.module}'s __array_namespace_info__() has no {op[5:]}")
        return getattr(info, op[5:]), args, False
    target = xp
    for part in op.split("."):
        if not hasattr(target, part):
            raise Unsupported(f"{env.module} has no {op}")
        target = getattr(target, part)
    env._callables[op] = target  # a namespace's functions are looked up once
    return target, args, False


class Run:
    """One program from a fresh state: the results of its steps and whether it moved the
    default device."""

    def __init__(self, env, read_values=True):
        self.env = env
        self.read_values = read_values
        self.outputs = []  # per step: a list of results, or None (raised / unsupported / not run)
        self.moved_default = []  # the environments whose default device a step set
        self.raw_errors = False

    def _step(self, step):
        env, op, outputs = step.env or self.env, step.op, self.outputs
        try:
            args = step.ready_args
            if args is not None:  # literals and single results: fill in the results
                kwargs = step.ready_kwargs
                if step.fills or step.keyword_fills:
                    try:
                        if step.fills:
                            args = args.copy()
                            for position, source, output in step.fills:
                                args[position] = outputs[source][output]
                        if step.keyword_fills:
                            kwargs = kwargs.copy()
                            for name, source, output in step.keyword_fills:
                                kwargs[name] = outputs[source][output]
                    except (IndexError, TypeError):  # not produced (None), or not yet
                        check_produced(step.refs, outputs)
                        raise
            else:
                if step.refs:
                    check_produced(step.refs, outputs)
                args = []
                for value in step.args:
                    tag = value[0]
                    if tag == "lit":
                        args.append(value[1])
                    elif tag == "ref":
                        args.append(outputs[value[1]][value[2]])
                    elif tag == "refs" and op in SPREAD_OPS:
                        args.extend(resolve(env, value, outputs))
                    else:
                        args.append(resolve(env, value, outputs))
                kwargs = {name: value[1] if value[0] == "lit" else resolve(env, value, outputs)
                          for name, value in step.kwargs}
            if step.harness:
                return self._harness(op, args, kwargs, env)
            function = env._callables.get(op)  # a namespace function looked up before
            if step.input_only and env.make_input is not None:
                function, attribute = env.make_input, False
                data = args[0]
                if isinstance(data, EmptyInput):
                    data = __import__("numpy").zeros(tuple(data))
                call_args, kwargs = (data, kwargs["dtype"], kwargs.get("device")), None
            elif function is not None:
                call_args, attribute = args, False
            else:
                function, call_args, attribute = find_callable(env, op, args)
        except NotRun as e:
            return {"status": "not_run", "message": str(e)}, None
        except Unsupported as e:
            return {"status": "unsupported", "message": str(e)}, None
        except LibraryRaised as e:
            return raised(e.error), None
        try:
            if attribute:
                if call_args or kwargs:
                    raise Unsupported(f"{op} is an attribute: it takes no arguments")
                result = getattr(*function)
            elif kwargs:
                result = call_library(env, op, function, call_args, kwargs, step.keywords)
            else:  # call_library without keywords to check or to find in its errors
                result = function(*call_args)
        except Unsupported as e:
            return {"status": "unsupported", "message": str(e)}, None
        except KeyboardInterrupt:
            raise
        except BaseException as e:
            limit = None if self.raw_errors else device_limit(env, e)
            if limit is not None:
                return {"status": "unsupported", "message": limit}, None
            return raised(e), None
        if op == "array.__setitem__" and result is None:
            result = args[0]  # like strict: the step's result is its target, changed
        if env.array_types and isinstance(result, env.array_types):  # one array: most steps
            return {"status": "ok", "arrays": [report_array(env, result, self.read_values)]}, \
                [result]
        return report_result(env, op, result, self.read_values)

    def _harness(self, op, args, kwargs, env):
        if op == "harness.set_default_device":
            if env.set_default_template is None:
                raise Unsupported(f"{env.module} has no way to set the default device")
            device = kwargs.get("device", args[0] if args else None)
            if env not in self.moved_default:
                self.moved_default.append(env)
            try:
                env.set_default_device(device)
            except Unsupported:
                raise
            except Exception as e:
                return raised(e), None
            return {"status": "ok"}, []
        if op == "harness.observe":
            if not args:
                raise Unsupported("harness.observe needs an array")
            return report_result(env, op, args[0], self.read_values)
        if op == "harness.compare_devices":
            if len(args) != 2:
                raise Unsupported("harness.compare_devices needs two arrays")
            for x in args:
                if not safe_hasattr(x, "device"):
                    raise Unsupported(f"{type(x).__name__} has no device")
            try:
                a, b = args[0].device, args[1].device
                value = {"eq": bool(a == b), "eq_swapped": bool(b == a), "ne": bool(a != b)}
            except Exception as e:
                return raised(e), None
            value.update(compare_hashes(a, b))
            return {"status": "ok", "value": value}, [value]
        raise Unsupported(f"unknown harness operation {op}")

    def finish(self):
        """Back to the state of the handshake."""
        for env in self.moved_default:
            try:
                env.restore_default_device()
            except Exception as e:
                print(f"array_api_adapter: restoring the default device failed: {e!r}",
                      file=sys.stderr)


def run_program(env, steps):
    run = Run(env, getattr(steps, "read_values", True))
    run.raw_errors = getattr(steps, "raw_errors", False)
    outputs = run.outputs  # per step: a list of results, or None (raised / unsupported / not run)
    outcomes = []
    try:
        for step in steps:
            if isinstance(step, Unsupported):  # a peer step without a peer
                outcome, produced = {"status": "unsupported", "message": str(step)}, None
            elif isinstance(step, Exception):  # it did not decode
                outcome, produced = adapter_error(step), None
            else:
                try:
                    outcome, produced = run._step(step)
                except KeyboardInterrupt:
                    raise
                except BaseException as e:
                    outcome, produced = adapter_error(e), None
            outputs.append(produced)
            outcomes.append(outcome)
    finally:
        run.finish()
    return outcomes


def device_limit(env, e):
    """The unsupported message for an error the hint table says means "this device cannot run
    this operation at all", or None."""
    text = str(e)
    for fragment in env.hint.get("device_limits", ()):
        if fragment in text:
            return one_line(f"a device cannot run this: {type(e).__name__}: {text}")
    return None


def raised(e):
    outcome = {"status": "raised", "exception_type": type(e).__name__}
    if str(e):
        outcome["message"] = one_line(e)
    return outcome


def adapter_error(e):
    lines = traceback.format_exception_only(type(e), e)
    return {"status": "raised", "exception_type": "AdapterError",
            "message": one_line(lines[-1] if lines else repr(e))}


# ----------------------------------------------------------------------------------------------
# Reporting
# ----------------------------------------------------------------------------------------------


def report_result(env, op, result, read_values=True):
    """(StepOutcome, outputs): arrays, tuples of arrays, or a non-array value."""
    if env.is_array(result):
        return {"status": "ok", "arrays": [report_array(env, result, read_values)]}, [result]
    if isinstance(result, (tuple, list)) and any(env.is_array(r) for r in result):
        outcome = {"status": "ok", "arrays": [report_array(env, r, read_values) for r in result
                                              if env.is_array(r)]}
        if not all(env.is_array(r) for r in result):  # mixed: non-arrays in place, arrays null
            outcome["value"] = [None if env.is_array(r) else to_value(env, op, r) for r in result]
        return outcome, list(result)
    outcome = {"status": "ok"}
    value = to_value(env, op, result)
    if value is not None:
        outcome["value"] = value
    return outcome, ([] if result is None else [result])


def report_array(env, x, read_values=True):
    try:
        device = x.device
    except AttributeError:
        index, text = -1, NO_DEVICE_REPR
    except Exception as e:
        index, text = -1, f"(.device raised {type(e).__name__})"
    else:
        try:
            index = env._device_indices[device]
        except (KeyError, TypeError):
            index = env.device_index(device)
        text = device_text(device)
    shape = [n if type(n) is int else dimension(n) for n in x.shape]
    dtype = x.dtype
    try:
        dtype_name = env._dtype_names[dtype]
    except (KeyError, TypeError):
        dtype_name = env.dtype_name(dtype)
    report = {"device": index, "device_repr": text, "dtype": dtype_name, "shape": shape}
    if read_values:
        report["values"] = values_of(env, x, shape)
    return report


def dimension(n):
    """A known length, or -1 (None in the standard, nan in dask)."""
    try:
        return int(n)
    except (TypeError, ValueError):
        return -1


def values_of(env, x, shape):
    """Row-major floats (bool 0/1, complex: real part), or None when they cannot be read, are
    too many, or are not all finite (JSON has no NaN or infinity). An array the host cannot read
    where it is (a library that refuses host reads off its host device, as a strict one must) is
    read through the library's own transfer: to_device to the first device that can be read."""
    if -1 not in shape and math.prod(shape) > MAX_VALUES:
        return None
    try:
        return read_on_host(env, x)
    except Exception:
        pass
    here = getattr(x, "device", None)
    for device in env.devices:
        if device is None or device is here or not hasattr(x, "to_device"):
            continue
        try:
            if bool(device == here):
                continue
            return read_on_host(env, x.to_device(device))
        except Exception:
            continue
    return None


def read_on_host(env, x):
    """x's values as values_of returns them; raises when the host cannot read them where x is;
    None when they are unusable (no data, too many, not finite)."""
    host = env.evaluate(env.hint["to_host"], x=x) if env.to_host is not None else x
    if host is None:  # the hint says: no data to read
        return None
    flat = env.numpy.asarray(host) if env.numpy is not None else None
    if flat is not None and flat.dtype.kind != "O":  # "O": numpy could not read it
        if flat.dtype.kind == "c":
            flat = flat.real
        flat = flat.astype("float64").ravel()
        if flat.size > MAX_VALUES or not env.numpy.isfinite(flat).all():
            return None
        return flat.tolist()
    values = [float(v.real if isinstance(v, complex) else v) for v in flatten(host.tolist())]
    if len(values) > MAX_VALUES or not all(math.isfinite(v) for v in values):
        return None
    return values


def flatten(nested):
    if not isinstance(nested, list):
        return [nested]
    return [v for item in nested for v in flatten(item)]


def to_value(env, op, value, depth=0):
    """A non-array result as JSON, shaped like the strict adapter's."""
    if depth > 8:
        return repr(value)
    if value is None or value is env.xp:
        return None
    if op == "info.dtypes" and isinstance(value, dict):
        return [str(k) for k in value]
    if op in ("finfo", "iinfo") and depth == 0:
        fields = ("bits", "eps", "max", "min", "smallest_normal", "dtype") if op == "finfo" \
            else ("bits", "max", "min", "dtype")
        return {f: to_value(env, op, getattr(value, f, None), 1) for f in fields}
    if op == "array.shape" and depth == 0 and isinstance(value, tuple):
        return [None if dimension(n) < 0 else int(n) for n in value]  # unknown: None (dask: nan)
    if op == "array.__dlpack__" and type(value).__name__ == "PyCapsule":
        return dlpack_capsule(value)
    if env.numpy is not None and isinstance(value, env.numpy.generic):
        value = value.item()
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)  # IntEnum (torch's DLDeviceType) included
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, complex):
        return [to_value(env, op, value.real, depth + 1), to_value(env, op, value.imag, depth + 1)]
    if isinstance(value, str):
        # A device that is a string ('cpu' in numpy.array_api), or a dtype name (torch.finfo).
        if str in env.device_types:
            index = env.device_index(value)
            if index >= 0:
                return index
        return value
    if type(value) in env.device_types:
        index = env.device_index(value)
        return index if index >= 0 else str(value)
    if isinstance(value, tuple(env.dtype_types)):
        return env.dtype_name(value)
    if isinstance(value, dict):
        return {str(k): to_value(env, op, v, depth + 1) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [to_value(env, op, v, depth + 1) for v in value]
    if env.is_array(value):
        return None
    return repr(value)


def dlpack_capsule(capsule):
    """What an exported DLPack capsule says: {"device": [type, id], "version": [major, minor]
    or null (unversioned), "is_copied": bool or null}, read with ctypes."""
    import ctypes
    api = ctypes.pythonapi
    api.PyCapsule_GetName.restype = ctypes.c_char_p
    api.PyCapsule_GetName.argtypes = [ctypes.py_object]
    api.PyCapsule_GetPointer.restype = ctypes.c_void_p
    api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    name = api.PyCapsule_GetName(capsule)
    pointer = api.PyCapsule_GetPointer(capsule, name)
    if name == b"dltensor_versioned":
        # DLManagedTensorVersioned: version (2 x uint32), manager_ctx, deleter, flags (uint64),
        # then DLTensor {data, device (2 x int32), ...}.
        major, minor = (ctypes.c_uint32 * 2).from_address(pointer)
        flags = ctypes.c_uint64.from_address(pointer + 24).value
        kind, index = (ctypes.c_int32 * 2).from_address(pointer + 40)
        return {"device": [kind, index], "version": [major, minor],
                "is_copied": bool(flags & (1 << 1))}
    if name == b"dltensor":
        kind, index = (ctypes.c_int32 * 2).from_address(pointer + ctypes.sizeof(ctypes.c_void_p))
        return {"device": [kind, index], "version": None, "is_copied": None}
    return repr(capsule)


# ----------------------------------------------------------------------------------------------
# Main
# ----------------------------------------------------------------------------------------------


def program_of(j):
    """A run request or a bare program."""
    return j["program"] if "program" in j else j


def script_error(e):
    """The reply saying what broke in this script."""
    return {"type": "error", "kind": "adapter_error",
            "message": one_line(traceback.format_exception_only(type(e), e)[-1])}


def decode_request(env, program):
    """A program decoded, or the reply saying why it could not be."""
    try:
        return decode_program(program, env)
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return script_error(e)


def run_decoded(env, steps):
    """The reply to one decoded program: its outcome, or what broke in this script."""
    if isinstance(steps, dict):  # it did not decode: decode_request's reply
        return steps
    try:
        return {"type": "outcome",
                "outcome": {"status": "completed", "steps": run_program(env, steps)}}
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return script_error(e)


def send_reply(protocol, reply, flush=True):
    try:
        send(protocol, reply, flush)
    except (TypeError, ValueError):  # a value JSON cannot carry slipped through: say so
        send(protocol, {"type": "error", "kind": "adapter_error",
                        "message": "reply not encodable as JSON"}, flush)


def serve(env, startup_error, protocol):
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        if startup_error is not None:
            send(protocol, {"type": "error", "kind": startup_error.kind,
                            "message": str(startup_error)})
            return 3
        try:
            request = json.loads(line)
        except ValueError as e:
            send(protocol, {"type": "error", "kind": "bad_request",
                            "message": one_line(f"not JSON: {e}")})
            continue
        try:
            kind = request.get("type") if isinstance(request, dict) else None
            if kind == "handshake":
                reply = handshake(env, request)
            elif kind == "run":
                reply = run_decoded(env, decode_request(env, program_of(request)))
            elif kind == "run_batch":
                # One reply line per program, written through the channel's buffer (one write
                # per few dozen programs, not one each) and flushed at the end. A crash or hang
                # loses at most the unflushed replies: the harness runs those programs alone.
                # The batch is decoded first, then run: the interpreter doing one kind of work
                # at a time makes the child 5-10 % faster than decoding each program just
                # before running it (tools/bench: the child alone).
                for steps in [decode_request(env, program) for program in request["programs"]]:
                    send_reply(protocol, run_decoded(env, steps), flush=False)
                protocol.flush()
                continue
            else:
                reply = {"type": "error", "kind": "bad_request",
                         "message": f"unknown request type {kind!r}"}
        except KeyboardInterrupt:
            raise
        except BaseException as e:
            reply = script_error(e)
        send_reply(protocol, reply)
    return 3 if startup_error is not None else 0


def replay(env, path, protocol):
    """Bench: decode every program first, then time a plain loop running them in process."""
    # The decoded programs stay alive for the loop, which they never do in the harness's child:
    # keep the collector from scanning them again and again, while they are decoded and in the
    # loop (it tripled the loop's time).
    gc.disable()
    with open(path, encoding="utf-8") as f:
        programs = [decode_program(program_of(json.loads(line)), env) for line in f
                    if line.strip()]
    steps = sum(len(p) for p in programs)
    gc.freeze()
    gc.enable()
    start = time.perf_counter()
    for program in programs:
        run_program(env, program)
    seconds = time.perf_counter() - start
    send(protocol, {"programs": len(programs), "steps": steps, "seconds": seconds})
    return 0


def load_environment(module):
    """(Environment, None), or (None, the StartupError that kept it from loading)."""
    try:
        return Environment(module), None
    except StartupError as e:
        return None, e
    except Exception as e:  # the namespace broke while being looked at
        return None, StartupError("not_a_namespace", one_line(f"{type(e).__name__}: {e}"))


def load_peer(env, module):
    """The --peer namespace beside env: env.peer, or None and env.peer_error saying why."""
    env.peer_module = module
    env.peer, error = load_environment(module)
    env.peer_error = None
    if error is not None:
        what = "is not an array namespace" if error.kind == "not_a_namespace" \
            else "the module does not import"
        env.peer_error = f"python:{module}: {what}: {error}"


def main(argv):
    peer = None
    if len(argv) == 4 and argv[2] == "--peer":
        peer, argv = argv[3], argv[:2]
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--replay"):
        print("usage: array_api_adapter.py MODULE [--peer PEER | --replay FILE]", file=sys.stderr)
        return 2
    protocol = open_channels()
    warnings.simplefilter("ignore")
    env, startup_error = load_environment(argv[1])
    if env is not None and peer is not None:
        load_peer(env, peer)
    # What the import and the handshake's set-up made lives as long as the process: keep the
    # collector from scanning it again at every full collection (torch's child: 5.1 -> 4.5 s).
    gc.freeze()
    if len(argv) == 4:
        if startup_error is not None:
            print(f"array_api_adapter: {startup_error.kind}: {startup_error}", file=sys.stderr)
            return 3
        return replay(env, argv[3], protocol)
    return serve(env, startup_error, protocol)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
