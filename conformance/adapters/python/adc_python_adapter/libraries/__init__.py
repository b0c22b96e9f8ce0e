"""The hint table, one file per library, keyed by the library's module."""

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

from . import cupy, dask_array, jax_numpy, strict_xp, torch

# In this order: choose_hint takes the first library whose array modules match.
HINTS = {library.MODULE: library.HINT
         for library in (torch, cupy, jax_numpy, dask_array, strict_xp)}
