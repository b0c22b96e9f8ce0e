"""The hint for strict_xp: what the standard does not say about it (libraries/__init__.py lists
the keys)."""

# strict from Python (strict/python): host reads off "cpu" raise, so values move there first.
MODULE = "strict_xp"

HINT = {
    "array_modules": ["strict_xp"],
    "library": "strict",
    "set_default_device": "lib.set_default_device({device})",
    "set_default_device_if": "True",
    "reset_default_device": 'lib.set_default_device(lib.Device("cpu"))',
    "to_host": 'x.to_device(lib.Device("cpu"))',
}
