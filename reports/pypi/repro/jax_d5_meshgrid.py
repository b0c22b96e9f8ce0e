import jax
jax.config.update("jax_num_cpu_devices", 2)
import jax.numpy as jnp
cpu0, cpu1 = jax.devices()
a = jnp.asarray([1, 2], device=cpu0)
b = jnp.asarray([3, 4, 5], device=cpu1)
print("meshgrid(a on cpu0, b on cpu1):", [g.device for g in jnp.meshgrid(a, b)], "(no error)")
try:
    jnp.stack([a[:2], b[:2]])
except Exception as e:
    print("for comparison, stack raises", type(e).__name__)
