"""The rules fakexp promises, checked with plain asserts: run by python_reproduction_test, with
and without each FAKEXP_BUG switch. Exits 0 when every assert holds."""

import os

import fakexp as xp

bugs = os.environ.get("FAKEXP_BUG", "").split(",")
info = xp.__array_namespace_info__()
cpu, fake1 = info.devices()
assert cpu != fake1 and cpu == xp.Device("cpu") and hash(cpu) == hash(xp.Device("cpu"))
assert repr(fake1) == "Device('fake1')" and info.default_device() == cpu
assert info.default_dtypes(device=fake1)["real floating"] == xp.float64
assert set(info.dtypes(kind="integral")) == {"int32", "int64"} and "bool" in info.dtypes()

a = xp.asarray([[1, 2], [3, 4]], dtype=xp.float32, device=fake1)
b = xp.asarray([10, 20], device=fake1)
assert (a.shape, a.ndim, a.size, a.dtype, a.device) == ((2, 2), 2, 4, xp.float32, fake1)
assert b.dtype == xp.int64 and xp.asarray([True]).dtype == xp.bool and xp.asarray(1.5).ndim == 0
assert a.__dlpack_device__() == (14, 0) and a.to_device(cpu).__dlpack_device__() == (1, 0)
assert a.__array_namespace__() is xp and xp.__array_api_version__ == "2024.12"

# Values, shapes and dtypes.
assert (a + b).tolist() == [[11, 22], [13, 24]] and (a + b).dtype == xp.float32
assert xp.multiply(a, 2).tolist() == [[2, 4], [6, 8]]
assert xp.sum(a).tolist() == 10 and xp.sum(a, axis=0).tolist() == [4, 6]
assert xp.sum(a, axis=1, keepdims=True).tolist() == [[3], [7]]
assert xp.reshape(a, (4,)).tolist() == [1, 2, 3, 4] and xp.reshape(a, (-1, 1)).shape == (4, 1)
assert xp.concat([a, a], axis=1).tolist() == [[1, 2, 1, 2], [3, 4, 3, 4]]
assert xp.concat([a, a], axis=None).shape == (8,) and xp.stack([b, b]).tolist() == [[10, 20]] * 2
assert xp.stack([b, b], axis=1).tolist() == [[10, 10], [20, 20]]
assert xp.matmul(a, a).tolist() == [[7, 10], [15, 22]]
assert xp.arange(3).tolist() == [0, 1, 2] and xp.arange(1, 2, 0.5).tolist() == [1.0, 1.5]
assert xp.full((2,), True).dtype == xp.bool and xp.empty(0).shape == (0,)
assert xp.reshape(xp.asarray([]), (0, 2)).shape == (0, 2) and float(a[1, 0]) == 3.0
c = xp.full(2, 0.0, device=fake1)
c += xp.ones(2, device=fake1)
assert c.tolist() == [1.0, 1.0] and c.device == fake1

# Device rules, each with the switch that breaks it.
assert xp.zeros(2, device=fake1).device == (cpu if "ignore_device" in bugs else fake1)
assert xp.ones((1, 2), device=fake1).device == fake1 and xp.ones(1).device == cpu
assert xp.zeros_like(a).device == (cpu if "like_default" in bugs else fake1)
assert xp.ones_like(a).device == fake1 and xp.zeros_like(a, device=cpu).device == cpu
assert xp.asarray(a).device == fake1 and xp.asarray(a, device=cpu).device == cpu
assert xp.add(a, b).device == fake1 and xp.sum(a).device == fake1 and a[0].device == fake1
x0, y0 = xp.asarray([1.0]), xp.asarray([2.0], device=fake1)


def raises(call):
    try:
        call()
    except ValueError:
        return True
    return False


assert raises(lambda: xp.multiply(x0, y0)) and raises(lambda: xp.matmul(a, xp.ones((2, 2))))
assert raises(lambda: xp.ones(1, device="fake1")) and raises(lambda: a.to_device("cpu"))
if "mixed_add" in bugs:
    assert xp.add(x0, y0).device == cpu and xp.add(y0, x0).device == fake1
else:
    assert raises(lambda: xp.add(x0, y0)) and raises(lambda: x0 + y0)
if "concat_moves" in bugs:
    assert xp.concat([x0, y0]).device == fake1 and xp.stack([y0, x0]).device == cpu
else:
    assert raises(lambda: xp.concat([x0, y0])) and raises(lambda: xp.stack([x0, y0]))
print("fakexp rules hold")
