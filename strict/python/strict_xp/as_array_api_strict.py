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

`__version__` becomes the array-api-strict release whose interface this module mirrors
(ARRAY_API_STRICT_VERSION), since suites gate on it (SciPy's conftest: ">= 2.3", or it never sets
its flags); strict_xp's own version stays readable as `__strict_xp_version__`.
"""

import contextlib
import sys

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


def install(name="array_api_strict"):
    """Makes `import NAME` give strict_xp, which then answers to NAME (see the module's doc)."""
    for function in (set_array_api_strict_flags, get_array_api_strict_flags,
                     reset_array_api_strict_flags, ArrayAPIStrictFlags):
        setattr(strict_xp, function.__name__, function)
    strict_xp.__strict_xp_version__ = strict_xp.__version__
    strict_xp.__version__ = ARRAY_API_STRICT_VERSION
    strict_xp.__name__ = name
    sys.modules[name] = strict_xp
