"""A namespace over torch (cpu and meta, as torchwrap) that is right eagerly and wrong only under
torch.compile: while Dynamo traces it, zeros, ones and full drop the device= they were given (a
wrapper that forgets a keyword on its compiled path), so their results land on cpu. torch's own
creation keeps device= under torch.compile. The compile route must catch it (explicit.zeros,
explicit.ones, explicit.full), the eager route must not."""

import torch

# torchwrap's devices (cpu and meta) and version.
from torchwrap import __array_api_version__, __array_namespace_info__  # noqa: F401


def _placed(device):
    return None if torch.compiler.is_compiling() else device


def zeros(shape, *, dtype=None, device=None):
    return torch.zeros(shape, dtype=dtype, device=_placed(device))


def ones(shape, *, dtype=None, device=None):
    return torch.ones(shape, dtype=dtype, device=_placed(device))


def full(shape, fill_value, *, dtype=None, device=None):
    return torch.full(shape, fill_value, dtype=dtype, device=_placed(device))


def __getattr__(name):  # every other name is torch's (PEP 562)
    return getattr(torch, name)
