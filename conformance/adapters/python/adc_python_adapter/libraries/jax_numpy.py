"""The hint for jax.numpy: what the standard does not say about it (libraries/__init__.py lists
the keys)."""

MODULE = "jax.numpy"

HINT = {
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
}
