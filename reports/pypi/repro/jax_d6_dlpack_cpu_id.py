import ctypes
import jax
jax.config.update("jax_num_cpu_devices", 2)
import jax.numpy as jnp
cpu0, cpu1 = jax.devices()
x = jnp.asarray([1, 2, 3], device=cpu1)
print("x.__dlpack_device__():", x.__dlpack_device__())        # (kDLCPU, 0)
cap = x.__dlpack__()
api = ctypes.pythonapi
api.PyCapsule_GetName.restype = ctypes.c_char_p; api.PyCapsule_GetName.argtypes = [ctypes.py_object]
api.PyCapsule_GetPointer.restype = ctypes.c_void_p; api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
name = api.PyCapsule_GetName(cap); p = api.PyCapsule_GetPointer(cap, name)
off = 40 if name == b"dltensor_versioned" else ctypes.sizeof(ctypes.c_void_p)
print("capsule", name, "DLDevice:", tuple((ctypes.c_int32 * 2).from_address(p + off)))   # (1, 1)
y = jnp.from_dlpack(x)
print("from_dlpack(x on cpu1):", y.device, "same buffer:", y.unsafe_buffer_pointer() == x.unsafe_buffer_pointer())
