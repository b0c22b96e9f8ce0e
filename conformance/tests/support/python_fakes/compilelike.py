"""A namespace over torch (cpu and meta, as torchwrap) that is right eagerly and wrong only under
torch.compile: while Dynamo traces it, zeros_like(x) and ones_like(x) are built from x's shape
alone, as a rewrite that treats x's data as unneeded would, so the result lands on cpu whatever
x's device. Eagerly they keep x's device. The compile route must catch it (like.zeros_like,
like.ones_like), the eager route must not."""

import torch

# torchwrap's devices (cpu and meta) and version.
from torchwrap import __array_api_version__, __array_namespace_info__  # noqa: F401


def zeros_like(x, /, *, dtype=None, device=None):
    if torch.compiler.is_compiling() and device is None:
        return torch.zeros(x.shape, dtype=dtype or x.dtype)
    return torch.zeros_like(x, dtype=dtype, device=device)


def ones_like(x, /, *, dtype=None, device=None):
    if torch.compiler.is_compiling() and device is None:
        return torch.ones(x.shape, dtype=dtype or x.dtype)
    return torch.ones_like(x, dtype=dtype, device=device)


def __getattr__(name):  # every other name is torch's (PEP 562)
    return getattr(torch, name)
