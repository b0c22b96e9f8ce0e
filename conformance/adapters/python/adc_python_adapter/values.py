"""Reading results back for the harness: an array's device, dtype and shape, and, for the checks
that compare values, its elements read on the host (through DLPack or the hint's to_host)."""

import math
import re


MAX_VALUES = 4096


NO_DEVICE_REPR = "(no .device)"


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def device_text(device):
    """A device's text, without the memory address of a default object repr (ndonnx's Device is
    "<ndonnx._namespace_info.Device object at 0x7f...>"): the same device reads the same in every
    process, so runs split over processes merge into one row."""
    return _ADDRESS.sub("", str(device))


def report_result(env, op, result, read_values=True):
    """(StepOutcome, outputs): arrays, tuples of arrays, or a non-array value."""
    if env.is_array(result):
        return {"status": "ok", "arrays": [report_array(env, result, read_values)]}, [result]
    if isinstance(result, (tuple, list)) and any(env.is_array(r) for r in result):
        outcome = {"status": "ok", "arrays": [report_array(env, r, read_values) for r in result
                                              if env.is_array(r)]}
        if not all(env.is_array(r) for r in result):  # mixed: non-arrays in place, arrays null
            outcome["value"] = [None if env.is_array(r) else to_value(env, op, r) for r in result]
        return outcome, list(result)
    outcome = {"status": "ok"}
    value = to_value(env, op, result)
    if value is not None:
        outcome["value"] = value
    return outcome, ([] if result is None else [result])


def report_array(env, x, read_values=True):
    try:
        device = x.device
    except AttributeError:
        index, text = -1, NO_DEVICE_REPR
    except Exception as e:
        index, text = -1, f"(.device raised {type(e).__name__})"
    else:
        try:
            index = env._device_indices[device]
        except (KeyError, TypeError):
            index = env.device_index(device)
        text = device_text(device)
    shape = [n if type(n) is int else dimension(n) for n in x.shape]
    dtype = x.dtype
    try:
        dtype_name = env._dtype_names[dtype]
    except (KeyError, TypeError):
        dtype_name = env.dtype_name(dtype)
    report = {"device": index, "device_repr": text, "dtype": dtype_name, "shape": shape}
    if read_values:
        report["values"] = values_of(env, x, shape)
    return report


def dimension(n):
    """A known length, or -1 (None in the standard, nan in dask)."""
    try:
        return int(n)
    except (TypeError, ValueError):
        return -1


def values_of(env, x, shape):
    """Row-major floats (bool 0/1, complex: real part), or None when they cannot be read, are
    too many, or are not all finite (JSON has no NaN or infinity). An array the host cannot read
    where it is (a library that refuses host reads off its host device, as a strict one must) is
    read through the library's own transfer: to_device to the first device that can be read."""
    if -1 not in shape and math.prod(shape) > MAX_VALUES:
        return None
    try:
        return read_on_host(env, x)
    except Exception:
        pass
    here = getattr(x, "device", None)
    for device in env.devices:
        if device is None or device is here or not hasattr(x, "to_device"):
            continue
        try:
            if bool(device == here):
                continue
            return read_on_host(env, x.to_device(device))
        except Exception:
            continue
    return None


def read_on_host(env, x):
    """x's values as values_of returns them; raises when the host cannot read them where x is;
    None when they are unusable (no data, too many, not finite)."""
    host = env.evaluate(env.hint["to_host"], x=x) if env.to_host is not None else x
    return host_values(env, host)


def host_values(env, host):
    """Values already on the host (a numpy array, or anything with tolist) as values_of returns
    them; None for none (the hint said so) or unusable ones."""
    if host is None:
        return None
    flat = env.numpy.asarray(host) if env.numpy is not None else None
    if flat is not None and flat.dtype.kind != "O":  # "O": numpy could not read it
        if flat.dtype.kind == "c":
            flat = flat.real
        flat = flat.astype("float64").ravel()
        if flat.size > MAX_VALUES or not env.numpy.isfinite(flat).all():
            return None
        return flat.tolist()
    values = [float(v.real if isinstance(v, complex) else v) for v in flatten(host.tolist())]
    if len(values) > MAX_VALUES or not all(math.isfinite(v) for v in values):
        return None
    return values


def flatten(nested):
    if not isinstance(nested, list):
        return [nested]
    return [v for item in nested for v in flatten(item)]


def to_value(env, op, value, depth=0):
    """A non-array result as JSON, shaped like the strict adapter's."""
    if depth > 8:
        return repr(value)
    if value is None or value is env.xp:
        return None
    if op == "info.dtypes" and isinstance(value, dict):
        return [str(k) for k in value]
    if op in ("finfo", "iinfo") and depth == 0:
        fields = ("bits", "eps", "max", "min", "smallest_normal", "dtype") if op == "finfo" \
            else ("bits", "max", "min", "dtype")
        return {f: to_value(env, op, getattr(value, f, None), 1) for f in fields}
    if op == "array.shape" and depth == 0 and isinstance(value, tuple):
        return [None if dimension(n) < 0 else int(n) for n in value]  # unknown: None (dask: nan)
    if op == "array.__dlpack__" and type(value).__name__ == "PyCapsule":
        return dlpack_capsule(value)
    if env.numpy is not None and isinstance(value, env.numpy.generic):
        value = value.item()
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)  # IntEnum (torch's DLDeviceType) included
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, complex):
        return [to_value(env, op, value.real, depth + 1), to_value(env, op, value.imag, depth + 1)]
    if isinstance(value, str):
        # A device that is a string ('cpu' in numpy.array_api), or a dtype name (torch.finfo).
        if str in env.device_types:
            index = env.device_index(value)
            if index >= 0:
                return index
        return value
    if type(value) in env.device_types:
        index = env.device_index(value)
        return index if index >= 0 else str(value)
    if isinstance(value, tuple(env.dtype_types)):
        return env.dtype_name(value)
    if isinstance(value, dict):
        return {str(k): to_value(env, op, v, depth + 1) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [to_value(env, op, v, depth + 1) for v in value]
    if env.is_array(value):
        return None
    return repr(value)


def dlpack_capsule(capsule):
    """What an exported DLPack capsule says: {"device": [type, id], "version": [major, minor]
    or null (unversioned), "is_copied": bool or null}, read with ctypes."""
    import ctypes
    api = ctypes.pythonapi
    api.PyCapsule_GetName.restype = ctypes.c_char_p
    api.PyCapsule_GetName.argtypes = [ctypes.py_object]
    api.PyCapsule_GetPointer.restype = ctypes.c_void_p
    api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    name = api.PyCapsule_GetName(capsule)
    pointer = api.PyCapsule_GetPointer(capsule, name)
    if name == b"dltensor_versioned":
        # DLManagedTensorVersioned: version (2 x uint32), manager_ctx, deleter, flags (uint64),
        # then DLTensor {data, device (2 x int32), ...}.
        major, minor = (ctypes.c_uint32 * 2).from_address(pointer)
        flags = ctypes.c_uint64.from_address(pointer + 24).value
        kind, index = (ctypes.c_int32 * 2).from_address(pointer + 40)
        return {"device": [kind, index], "version": [major, minor],
                "is_copied": bool(flags & (1 << 1))}
    if name == b"dltensor":
        kind, index = (ctypes.c_int32 * 2).from_address(pointer + ctypes.sizeof(ctypes.c_void_p))
        return {"device": [kind, index], "version": None, "is_copied": None}
    return repr(capsule)
