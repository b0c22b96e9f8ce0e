import jax
jax.config.update("jax_num_cpu_devices", 2)   # or XLA_FLAGS=--xla_force_host_platform_device_count=2
import jax.numpy as jnp
cpu0, cpu1 = jax.devices()
x = jnp.asarray([1, 2], device=cpu1)          # committed to cpu:1
print("x.to_device(cpu0):", x.to_device(cpu0).device)   # works: cpu:0
for name, f in [("jnp.asarray(x, device=cpu0)", lambda: jnp.asarray(x, device=cpu0)),
                ("jnp.astype(x, jnp.int32, device=cpu0)", lambda: jnp.astype(x, jnp.int32, device=cpu0))]:
    try:
        print(name, "->", f().device)
    except Exception as e:
        print(name, "raises", type(e).__name__ + ":", str(e)[:170])
