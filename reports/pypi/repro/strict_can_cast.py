import array_api_strict as xp

info = xp.__array_namespace_info__()
x = xp.asarray(0, dtype=xp.uint16, device=xp.Device("no_x64"))
print("no_x64 dtypes:", list(info.dtypes(device=x.device)))       # no int64
print("can_cast(uint16 array on no_x64, int64):", xp.can_cast(x, xp.int64))       # True; expected False
y = xp.asarray(0.0, dtype=xp.float32, device=xp.Device("no_float64"))
print("can_cast(float32 array on no_float64, float64):", xp.can_cast(y, xp.float64))  # True; expected False
print("result_type(float32 array on no_float64, float64):", xp.result_type(y, xp.float64))
