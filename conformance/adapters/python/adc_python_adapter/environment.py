"""What this process knows about the namespace under test before it runs a program: the library's
hint (libraries/), its devices and default device, its array type, how to read values back, and
the process hooks some libraries need (numba's compile cache, torch's quiet C++ errors)."""

import builtins
import importlib
import importlib.util
import os
import re
import sys

from .libraries import HINTS
from .protocol import StartupError, Unsupported, one_line


STANDARD_DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                   "uint64", "float32", "float64", "complex64", "complex128")


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
        self.ns = {"__builtins__": builtins}
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
