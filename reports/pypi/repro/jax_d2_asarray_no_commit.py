import jax
jax.config.update("jax_num_cpu_devices", 2)
import jax.numpy as jnp
cpu0, cpu1 = jax.devices()                    # cpu0 is the default device
u = jnp.zeros((0, 3))                         # uncommitted, on cpu0
a = jnp.asarray(u, device=cpu0)               # documented: "device ... to which the created array will be committed"
print("asarray(u, device=cpu0):", a.device, "committed =", a.committed)      # cpu:0 committed = False
print("astype(u, float32, device=cpu0).committed =", jnp.astype(u, jnp.float32, device=cpu0).committed)  # False
print("jax.device_put(u, cpu0).committed =", jax.device_put(u, cpu0).committed)                      # True
b = jnp.zeros((0, 3), device=cpu1)            # committed to cpu1
r = jnp.add(a, b)                             # expected: ValueError (incompatible devices)
print("add(a on cpu0, b on cpu1) ->", r.device, "(no error; a was moved to cpu1)")
