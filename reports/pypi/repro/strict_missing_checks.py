import array_api_strict as xp

cpu, d1 = xp.Device("CPU_DEVICE"), xp.Device("device1")
a = xp.asarray([1.0, 2.0, 3.0], device=cpu)
b = xp.asarray([1.0, 2.0, 3.0], device=d1)
m = xp.asarray([[3.0, 1.0], [1.0, 2.0]], device=cpu)
mask = xp.asarray([True, False, True], device=d1)

def attempt(label, f):
    try:
        print(f"{label}: no error -> {f()}")
    except ValueError as e:
        print(f"{label}: ValueError (expected): {e}")

# For comparison, these raise as they should:
attempt("a + b", lambda: a + b)
attempt("searchsorted(a, b)", lambda: xp.searchsorted(a, b))
attempt("a[mask]", lambda: a[mask])
# These do not:
attempt("broadcast_arrays(a, b)", lambda: [r.device for r in xp.broadcast_arrays(a, b)])
attempt("searchsorted(a, a, sorter=<device1>)",
        lambda: xp.searchsorted(a, a, sorter=xp.asarray([0, 1, 2], device=d1)).device)
attempt("linalg.matrix_rank(m, rtol=<device1>)",
        lambda: xp.linalg.matrix_rank(m, rtol=xp.asarray(0.1, device=d1)).device)
attempt("linalg.pinv(m, rtol=<device1>)",
        lambda: xp.linalg.pinv(m, rtol=xp.asarray(0.1, device=d1)).device)
def setitem():
    x = xp.asarray([1, 2, 3], device=cpu)
    x[mask] = 9
    return x
attempt("x[mask] = 9", setitem)
