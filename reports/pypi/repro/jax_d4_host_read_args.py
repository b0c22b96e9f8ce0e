import jax
jax.config.update("jax_num_cpu_devices", 2)
import jax.numpy as jnp
cpu0, cpu1 = jax.devices()
n = jnp.asarray(3, dtype=jnp.int8, device=cpu1)              # 0-d integer array on cpu1
print("pow(2, n on cpu1):", jnp.pow(2, n).device)             # cpu:0, expected cpu:1
print("2 ** n:", (2 ** n).device)
x = jnp.asarray([True, False], device=cpu0)
reps = jnp.asarray([1, 2], dtype=jnp.int8, device=cpu1)
try:
    print("repeat(x on cpu0, repeats on cpu1):", jnp.repeat(x, reps).device, "(no error)")
except Exception as e:
    print("repeat raises", type(e).__name__)
try:
    print("take(x on cpu0, idx on cpu1):", jnp.take(x, jnp.asarray([0, 1], device=cpu1)).device)
except Exception as e:
    print("for comparison, take(x on cpu0, idx on cpu1) raises", type(e).__name__)
