import jax
jax.config.update("jax_num_cpu_devices", 2)
import jax.numpy as jnp
cpu0, cpu1 = jax.devices()
e = jnp.asarray([], dtype=jnp.bool_, device=cpu1)
z = jnp.asarray([False, False], device=cpu1)
print("nonzero(empty on cpu1):", jnp.nonzero(e)[0].device)
print("nonzero([F, F] on cpu1):", jnp.nonzero(z)[0].device)
print("unique_counts(empty on cpu1):", [o.device for o in jnp.unique_counts(e)])
print("unique_inverse(empty on cpu1):", [o.device for o in jnp.unique_inverse(e)])
print("unique_all(empty on cpu1):", [o.device for o in jnp.unique_all(e)])
print("repeat(0-d on cpu1, repeats=[0] on cpu1):",
      jnp.repeat(jnp.asarray(True, device=cpu1), jnp.asarray([0], dtype=jnp.int8, device=cpu1)).device)
