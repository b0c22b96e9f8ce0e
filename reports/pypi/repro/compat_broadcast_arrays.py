import torch
import array_api_compat.torch as xp

a = xp.ones(3, device=torch.device("cpu"))
b = xp.ones(3, device=torch.device("meta"))
try:
    a + b
except RuntimeError as e:
    print("a + b raises (as it should):", e)
print("broadcast_arrays(a, b):", [r.device for r in xp.broadcast_arrays(a, b)])  # no error
