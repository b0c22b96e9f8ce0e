"""A wrapper namespace over torch, of the array-api-compat kind: nothing in its name says torch,
but its arrays are torch.Tensor and its __array_namespace_info__ lists torch's cpu and meta
devices. Every other name is torch's (PEP 562 module __getattr__). The Python adapter must know
torch's device limits (meta: no data, no kernels for data-dependent operations) from the arrays'
type, not from the module name, or the meta device's limits read as failures.
"""

import torch

__array_api_version__ = "2023.12"


class _Info:
    def devices(self):
        return [torch.device("cpu"), torch.device("meta")]

    def default_device(self):
        return torch.device("cpu")

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True}


def __array_namespace_info__():
    return _Info()


def __getattr__(name):
    return getattr(torch, name)
