import jax
jax.config.update("jax_num_cpu_devices", 2)
import jax.numpy as jnp                     # x64 disabled (JAX's default)
cpu0 = jax.devices()[0]
info = jnp.__array_namespace_info__()
x = jnp.asarray([1.0], dtype=jnp.float32, device=cpu0)
print("float64 in info.dtypes(device=cpu0):", "float64" in info.dtypes(device=cpu0))   # False
print("can_cast(x, float64):", jnp.can_cast(x, jnp.float64))                              # True
print("astype(x, float64).dtype:", jnp.astype(x, jnp.float64).dtype)                     # float32
print("result_type(x, float64):", jnp.result_type(x, jnp.float64))                       # float32
u = jnp.asarray(0, dtype=jnp.uint8, device=cpu0)
print("can_cast(uint8 array, complex128):", jnp.can_cast(u, jnp.complex128), "complex128 listed:", "complex128" in info.dtypes(device=cpu0))
