"""The hint for cupy: what the standard does not say about it (libraries/__init__.py lists
the keys)."""

MODULE = "cupy"

HINT = {
    "array_modules": ["cupy"],
    "devices": "[lib.cuda.Device(i) for i in range(lib.cuda.runtime.getDeviceCount())]",
    "default_device": "lib.cuda.Device()",
    "set_default_device": "{device}.use()",
    "set_default_device_if": "True",
    "array_type": "lib.ndarray",
    "to_host": "x.get()",
}
