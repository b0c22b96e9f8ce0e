"""Facts behind the GPU pair notes of reports/dlpack/README.md, one per line (run by
tools/gpu-session's dlpack step on the GPU host).

The pair checks shrink each failure to one dtype and one device; these ask the same question over
several dtypes and both directions, so a note can say whether a behaviour is general.
"""
import warnings

warnings.simplefilter("ignore")


def probe(name, thunk):
    try:
        print(f"{name}: {thunk()}")
    except Exception as error:  # the raise is the fact
        print(f"{name}: raised {type(error).__name__}: {str(error).splitlines()[0][:200]}")


def shares(make, consume, write):
    """Whether a write into the producer's array shows in the consumer's result."""
    x = make()
    y = consume(x)
    write(x)
    return f"shares={float(y[0]) == 100} device={getattr(y, 'device', '?')}"


try:
    import torch
    import numpy as np

    cuda = torch.device("cuda", 0)

    def write(t):
        t[0] = 100

    try:
        import jax
        import jax.numpy as jnp

        jcpu = jax.devices("cpu")[0]
        for dtype in (torch.int8, torch.int16, torch.float32, torch.float64):
            for copy in (False, None, True):
                probe(f"jax.from_dlpack(torch {dtype} on cuda, copy={copy})",
                      lambda: shares(lambda: torch.ones(4, dtype=dtype, device=cuda),
                                     lambda x: jnp.from_dlpack(x, copy=copy), write))
        for copy in (None, True, False):
            probe(f"jax.from_dlpack(torch float32 on cuda, device=cpu, copy={copy})",
                  lambda: jnp.from_dlpack(torch.ones(4, device=cuda), device=jcpu,
                                          copy=copy).device)
            probe(f"jax.from_dlpack(torch float32 on cpu, device=cuda, copy={copy})",
                  lambda: jnp.from_dlpack(torch.ones(4), device=jax.devices()[0],
                                          copy=copy).device)
    except ImportError as error:
        print(f"jax: {error}")

    try:
        import cupy

        probe("cupy.from_dlpack(numpy array)", lambda: cupy.from_dlpack(np.ones(4)).device)
        probe("cupy.from_dlpack(torch cpu tensor)", lambda: cupy.from_dlpack(torch.ones(4)).device)
        probe("cupy.from_dlpack(torch cuda tensor, device=...)",
              lambda: cupy.from_dlpack(torch.ones(4, device=cuda),
                                       device=cupy.cuda.Device(0)).device)
        for copy in (False, True):
            probe(f"cupy.from_dlpack(torch cuda tensor, copy={copy})",
                  lambda: shares(lambda: torch.ones(4, device=cuda),
                                 lambda x: cupy.from_dlpack(x, copy=copy), write))
        probe("torch.from_dlpack(cupy array)",
              lambda: shares(lambda: cupy.ones(4), torch.from_dlpack, write))
        probe("numpy.from_dlpack(cupy array)", lambda: np.from_dlpack(cupy.ones(4)).shape)
        probe("numpy.from_dlpack(cupy array, device='cpu')",
              lambda: np.from_dlpack(cupy.ones(4), device="cpu").shape)
        probe("torch.from_dlpack(cupy array, device='cpu')",
              lambda: torch.from_dlpack(cupy.ones(4), device="cpu").device)
        probe("cupy.asarray(data, device=...)", lambda: cupy.asarray([1], device=0))
    except ImportError as error:
        print(f"cupy: {error}")
except ImportError as error:
    print(f"torch: {error}")
