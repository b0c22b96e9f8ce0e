"""Facts behind the GPU tracker's notes, printed one per line (run by tools/run-gpu).

The harness shrinks each failure to its smallest program, which is often one on empty arrays.
These probes ask the same questions with non-empty arrays too, so that a note can say whether a
library's behaviour is general or an empty-array fast path.
"""
import warnings

warnings.simplefilter("ignore")


def probe(name, thunk):
    try:
        result = thunk()
        where = getattr(result, "device", None)
        if isinstance(result, tuple):
            where = [getattr(r, "device", None) for r in result]
        print(f"{name}: {type(result).__name__} on {where}")
    except Exception as error:  # the raise is the fact
        print(f"{name}: raised {type(error).__name__}: {str(error).splitlines()[0][:160]}")


try:
    import jax
    import jax.numpy as jnp

    cpu, gpu = jax.devices("cpu")[0], jax.devices()[0]
    print(f"jax {jax.__version__}: devices() = {jnp.__array_namespace_info__().devices()}, "
          f"default_device() = {jnp.__array_namespace_info__().default_device()}")
    for n in (0, 3):
        a, b = jnp.zeros(n, device=cpu), jnp.zeros(n, device=gpu)
        probe(f"jax: zeros({n}, cpu) + zeros({n}, cuda)", lambda: a + b)
        probe(f"jax: where(cpu, cuda, cpu) of size {n}",
              lambda: jnp.where(jnp.zeros(n, bool, device=cpu), b, a))
        probe(f"jax: isfinite(int8 size {n} on cpu)",
              lambda: jnp.isfinite(jnp.zeros(n, jnp.int8, device=cpu)))
        probe(f"jax: unique_counts(size {n} on cpu)",
              lambda: tuple(jnp.unique_counts(jnp.zeros(n, device=cpu))))
        probe(f"jax: linalg.diagonal(({n},{n}) on cpu)",
              lambda: jnp.linalg.diagonal(jnp.zeros((n, n), device=cpu)))
    # The harness makes its arrays with asarray(data, dtype=, device=): are those committed, and
    # do they mix, empty and not?
    for data, shape in (([], (0, 0)), ([1.0, 2.0, 3.0, 4.0], (2, 2))):
        x = jnp.asarray(jnp.reshape(jnp.asarray(data), shape), dtype=jnp.float32, device=cpu)
        y = jnp.asarray(jnp.reshape(jnp.asarray(data), shape), dtype=jnp.float32, device=gpu)
        print(f"jax: asarray(<{shape} array>, device=...) committed: "
              f"{getattr(x, '_committed', '?')}, {getattr(y, '_committed', '?')}")
        probe(f"jax: add(asarray {shape} on cpu, asarray {shape} on cuda)", lambda: jnp.add(x, y))
        probe(f"jax: matmul(asarray {shape} on cpu, asarray {shape} on cuda)",
              lambda: jnp.matmul(x, y))
    for values, indices in (([], []), ([True, False], [0])):
        x = jnp.asarray(values, dtype=jnp.bool_, device=cpu)
        i = jnp.asarray(indices, dtype=jnp.int8, device=gpu)
        print(f"jax: asarray({values}, device=cpu) committed: {getattr(x, '_committed', '?')}")
        probe(f"jax: take(size {len(values)} on cpu, indices on cuda)", lambda: jnp.take(x, i))
    x = jnp.asarray([1.0, 2.0], dtype=jnp.float32, device=cpu)
    y = jnp.asarray([1.0, 2.0], dtype=jnp.float32, device=gpu)
    print(f"jax: asarray(list, device=...) committed: {x._committed}, {y._committed}")
    probe("jax: add(asarray list on cpu, asarray list on cuda)", lambda: jnp.add(x, y))
    probe("jax: asarray(bool on cuda, device=cpu)",
          lambda: jnp.asarray(jnp.asarray(True, device=gpu), device=cpu))
    probe("jax: asarray(float32 on cuda, device=cpu)",
          lambda: jnp.asarray(jnp.ones(3, device=gpu), device=cpu))
except ImportError as error:
    print(f"jax: not importable ({error})")

try:
    import numpy as np

    s = np.sum(np.asarray([1.0, 2.0]))
    print(f"numpy {np.__version__}: sum of a 1-d array is {type(s).__name__}, "
          f".device = {getattr(s, 'device', 'missing')}")
    probe("numpy: finfo(float64 array)", lambda: np.finfo(np.zeros(1)))
except ImportError as error:
    print(f"numpy: not importable ({error})")

try:
    import cupy

    probe("cupy: asarray(0, device=Device(0))", lambda: cupy.asarray(0, device=cupy.cuda.Device(0)))
    print(f"cupy {cupy.__version__}: __array_namespace_info__ "
          f"{'present' if hasattr(cupy, '__array_namespace_info__') else 'missing'}")
except ImportError as error:
    print(f"cupy: not importable ({error})")

try:
    import torch

    for n in (0, 3):
        probe(f"torch: matmul(({n},{n}) cpu, ({n},{n}) meta)",
              lambda: torch.zeros(n, n) @ torch.zeros(n, n, device="meta"))
        probe(f"torch: add(({n},) cuda, ({n},) cpu)",
              lambda: torch.zeros(n, device="cuda") + torch.zeros(n))
    probe("torch: bitwise_and(uint16 on cuda)",
          lambda: torch.zeros(2, dtype=torch.uint16, device="cuda") & 1)
except ImportError as error:
    print(f"torch: not importable ({error})")
