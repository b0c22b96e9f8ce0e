"""strict_xp in array-api-strict's place, for a test suite written for array-api-strict.

    import strict_xp.as_array_api_strict
    strict_xp.as_array_api_strict.install()   # or: pytest -p strict_xp.pytest_plugin
                                               #         --strict-xp-as=array_api_strict

After install(), `import array_api_strict` gives strict_xp, and strict_xp answers to the name
"array_api_strict": every branch of downstream code on the module name (array-api-compat's
is_array_api_strict_namespace, a test helper that moves array-api-strict's arrays to
Device("CPU_DEVICE") before reading them) treats strict_xp as it treats array-api-strict, so the
suite's array_api_strict backend runs on strict_xp, its device1 included, without editing a
fixture. strict_xp accepts array-api-strict's device names (CPU_DEVICE, device1, device2) anyway.

array-api-strict's flag functions are added. strict_xp has one behaviour, so a flag may only ask
for it: boolean indexing and data-dependent shapes on, the linalg and fft extensions enabled. Any
other value raises NotImplementedError naming the flag, rather than letting a test that relies on
it pass without its effect. api_version may be 2024.12 or 2025.12 (the default) and is honoured
where the two versions differ in what strict_xp does: `__array_api_version__` and whether
`__array_namespace_info__().devices()` is a list (2024.12) or a tuple (2025.12). SciPy's test
suite asks for 2024.12 and adds a list to `devices()`.

Every module below array_api_strict is strict_xp too: `from array_api_strict._array_object import
Array` gives strict_xp's Array (a suite's isinstance checks then see strict_xp's arrays), and
`array_api_strict.linalg`/`.fft` are strict_xp's. Such a module answers each name with strict_xp's
own, and array-api-strict's module-level constants with their strict_xp equivalents (CPU_DEVICE,
the dtype categories of `_dtypes`); a name strict_xp has no counterpart for raises ImportError (or
AttributeError) naming the module and strict_xp, never array-api-strict's own object.

`__version__` becomes the array-api-strict release whose interface this module mirrors
(ARRAY_API_STRICT_VERSION), since suites gate on it (SciPy's conftest: ">= 2.3", or it never sets
its flags); strict_xp's own version stays readable as `__strict_xp_version__`.
"""

import contextlib
import importlib.abc
import importlib.machinery
import sys
import types

import strict_xp
from strict_xp import _strict_xp

_DEFAULT_VERSION = "2025.12"
# The array-api-strict whose flags and device names install() gives strict_xp (the lock's pin).
ARRAY_API_STRICT_VERSION = "2.6.1"
# The flags strict_xp cannot change; api_version is read from the extension module, which holds it.
_FIXED_FLAGS = {"boolean_indexing": True, "data_dependent_shapes": True,
                "enabled_extensions": ("linalg", "fft")}
_ALLOWED = {"api_version": ("2024.12", "2025.12"), "boolean_indexing": (True,),
            "data_dependent_shapes": (True,)}


def _check(flags):
    for name, value in flags.items():
        if value is None:
            continue
        if name == "enabled_extensions":
            if set(value) != {"linalg", "fft"}:
                raise NotImplementedError(
                    f"strict_xp has the linalg and fft extensions always on: "
                    f"enabled_extensions={value!r} cannot be honoured")
        elif name not in _ALLOWED:
            raise NotImplementedError(f"strict_xp has no array-api-strict flag {name!r}")
        elif value not in _ALLOWED[name]:
            raise NotImplementedError(
                f"strict_xp cannot honour {name}={value!r} (it behaves as {name}="
                f"{_ALLOWED[name][-1]!r})")


def _answer_as(version):
    _strict_xp._answer_as_version(version)
    strict_xp.__array_api_version__ = version


def set_array_api_strict_flags(**flags):
    """array-api-strict's; only strict_xp's own behaviour may be asked for."""
    _check(flags)
    if flags.get("api_version") is not None:
        _answer_as(flags["api_version"])


def get_array_api_strict_flags():
    """array-api-strict's: strict_xp's behaviour, as its flags."""
    return {"api_version": _strict_xp.__array_api_version__, **_FIXED_FLAGS}


def reset_array_api_strict_flags():
    """array-api-strict's: back to the default api_version (the other flags cannot change)."""
    _answer_as(_DEFAULT_VERSION)


@contextlib.contextmanager
def ArrayAPIStrictFlags(**flags):  # noqa: N802: array-api-strict's name
    """array-api-strict's context manager; only strict_xp's own behaviour may be asked for."""
    before = _strict_xp.__array_api_version__
    set_array_api_strict_flags(**flags)
    try:
        yield
    finally:
        _answer_as(before)


def _dtypes(*kinds):
    return tuple(d for d in (strict_xp.bool, strict_xp.int8, strict_xp.int16, strict_xp.int32,
                             strict_xp.int64, strict_xp.uint8, strict_xp.uint16, strict_xp.uint32,
                             strict_xp.uint64, strict_xp.float32, strict_xp.float64,
                             strict_xp.complex64, strict_xp.complex128)
                 if any(strict_xp.isdtype(d, kind) for kind in kinds))


# array-api-strict's module-level names that are not names of the namespace, and strict_xp's
# equivalents (array_api_strict/_devices.py, _dtypes.py, _flags.py of the release it mirrors).
_CONSTANTS = {
    "CPU_DEVICE": lambda: strict_xp.Device("cpu"),
    "NO_FLOAT64_DEVICE": lambda: strict_xp.Device("no_float64"),
    "NO_X64_DEVICE": lambda: strict_xp.Device("no_x64"),
    "API_VERSION": lambda: strict_xp.__array_api_version__,
    "_all_dtypes": lambda: _dtypes("bool", "numeric"),
    "_boolean_dtypes": lambda: _dtypes("bool"),
    "_real_floating_dtypes": lambda: _dtypes("real floating"),
    "_floating_dtypes": lambda: _dtypes("real floating", "complex floating"),
    "_complex_floating_dtypes": lambda: _dtypes("complex floating"),
    "_integer_dtypes": lambda: _dtypes("integral"),
    "_signed_integer_dtypes": lambda: _dtypes("signed integer"),
    "_unsigned_integer_dtypes": lambda: _dtypes("unsigned integer"),
    "_integer_or_boolean_dtypes": lambda: _dtypes("bool", "integral"),
    "_real_numeric_dtypes": lambda: _dtypes("integral", "real floating"),
    "_numeric_dtypes": lambda: _dtypes("numeric"),
}
_NAMESPACE_DUNDERS = ("__array_namespace_info__", "__array_api_version__")


class _StandInModule(types.ModuleType):
    """array_api_strict.<submodule> while strict_xp stands in: strict_xp's names, never
    array-api-strict's objects."""

    def __getattr__(self, attribute):
        if attribute in _CONSTANTS:
            return _CONSTANTS[attribute]()
        if not attribute.startswith("__") or attribute in _NAMESPACE_DUNDERS:
            try:
                return getattr(strict_xp, attribute)
            except AttributeError:
                pass
        raise AttributeError(
            f"{self.__name__} has no {attribute!r}: strict_xp stands in for "
            f"{self.__name__.split('.')[0]} (--strict-xp-as) and has no counterpart for it")


class _StandInFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports every module below NAME as a stand-in (linalg and fft: strict_xp's own)."""

    def __init__(self, name):
        self.prefix = name + "."

    def find_spec(self, fullname, path=None, target=None):
        if fullname.startswith(self.prefix):
            return importlib.machinery.ModuleSpec(fullname, self)
        return None

    def create_module(self, spec):
        return _stand_in(spec.name[len(self.prefix):], spec.name)

    def exec_module(self, module):
        pass


def _stand_in(tail, name):
    if tail in ("linalg", "fft"):
        return getattr(strict_xp, tail)
    return _StandInModule(name)


def install(name="array_api_strict"):
    """Makes `import NAME` give strict_xp, which then answers to NAME (see the module's doc)."""
    for function in (set_array_api_strict_flags, get_array_api_strict_flags,
                     reset_array_api_strict_flags, ArrayAPIStrictFlags):
        setattr(strict_xp, function.__name__, function)
    strict_xp.__strict_xp_version__ = strict_xp.__version__
    strict_xp.__version__ = ARRAY_API_STRICT_VERSION
    strict_xp.__name__ = name
    sys.modules[name] = strict_xp
    # Its submodules: those imported already (the real package's) are replaced, later ones found.
    for loaded in [module for module in sys.modules if module.startswith(name + ".")]:
        sys.modules[loaded] = _stand_in(loaded[len(name) + 1:], loaded)
    if not any(isinstance(finder, _StandInFinder) and finder.prefix == name + "."
               for finder in sys.meta_path):
        sys.meta_path.insert(0, _StandInFinder(name))
