import jax
jax.config.update("jax_num_cpu_devices", 2)
import jax.numpy as jnp
cpu0, cpu1 = jax.devices()
i = jnp.asarray([1, 2], dtype=jnp.int8, device=cpu1)
print("isinf(int8 on cpu1):", jnp.isinf(i).device)                       # cpu:0 (lax.full_like in jit, input DCE'd)
m = jnp.asarray([[3.0]], device=cpu1)
print("linalg.matrix_power(m on cpu1, 0):", jnp.linalg.matrix_power(m, 0).device)   # cpu:0
e1 = jnp.asarray([], dtype=jnp.float32, device=cpu1)
print("hypot(empty, empty on cpu1):", jnp.hypot(e1, e1).device)         # cpu:0
e0 = jnp.asarray([], dtype=jnp.float32, device=cpu0)
print("copysign(empty on cpu0, empty on cpu1):", jnp.copysign(e0, e1).device, "(no error)")
print("where(empty bool cpu0, empty cpu1, empty cpu0):",
      jnp.where(jnp.asarray([], dtype=bool, device=cpu0), e1, e0).device, "(no error)")
try:
    jnp.copysign(jnp.asarray([1.0], device=cpu0), jnp.asarray([1.0], device=cpu1))
except ValueError as e:
    print("non-empty copysign raises:", str(e)[:60])
