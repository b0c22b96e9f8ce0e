"""The first exchange with the harness: the library's name and version, its devices in the
standard's order, its default device, which operations it has, and the setup text that goes
into reproduction scripts."""

import importlib

from .protocol import Unsupported
from .values import device_text
from .environment import STANDARD_DTYPES, safe_hasattr
from .execute import call_library
from .routes import route_problem


PSEUDO_DEVICE_REPR = "(none: arrays have no .device)"


def devices_container(env):
    """The type name of info.devices()'s answer ("tuple" from 2025.12, "list" before), or ""."""
    try:
        return type(env.info.devices()).__name__ if env.info is not None else ""
    except Exception:
        return ""


def library_version(module):
    try:
        return str(getattr(importlib.import_module(module.split(".")[0]), "__version__", ""))
    except Exception:
        return ""


# Namespaces that wrap another library's arrays: a run of one is also a run of the library under
# it, whose version decides as much as the wrapper's (array_api_compat.numpy over NumPy 1.26 or
# 2.4), so the handshake names both.
WRAPPER_PACKAGES = ("array_api_compat",)


def backend_of(env):
    """{"library", "version"} of the library whose arrays a wrapper namespace hands out, or None
    for a namespace with arrays of its own."""
    if env.module.split(".")[0] not in WRAPPER_PACKAGES or env.fresh is None:
        return None
    package = type(env.fresh).__module__.split(".")[0]
    if package in WRAPPER_PACKAGES:
        return None
    return {"library": package, "version": library_version(package)}


def in_standard_order(names):
    """Dtype names in the standard's order, any other name after them by name. info.dtypes()
    answers with a dict whose key order some libraries take from a set (JAX's changes with each
    process's string hash seed), and the harness draws dtypes by position in the handshake: an
    order that moved would draw other cases in every process, and a reproduce token would replay
    another case than the one it names."""
    rank = {name: i for i, name in enumerate(STANDARD_DTYPES)}
    return sorted(names, key=lambda name: (rank.get(name, len(rank)), name))


def device_description(env, device):
    """repr, creatable dtypes and default dtypes of one device."""
    xp = env.xp
    on_device = {} if device is None else {"device": device}
    dtypes = None
    defaults = None
    if env.info is not None:
        for call in (lambda f: f(**on_device), lambda f: f()):
            try:
                if dtypes is None and hasattr(env.info, "dtypes"):
                    dtypes = in_standard_order(str(k) for k in call(env.info.dtypes))
                if defaults is None and hasattr(env.info, "default_dtypes"):
                    found = call(env.info.default_dtypes)
                    defaults = (env.dtype_name(found["real floating"]),
                                env.dtype_name(found["integral"]))
            except Exception:
                pass
    if dtypes is None:
        dtypes = []
        for name in STANDARD_DTYPES:
            dtype = getattr(xp, name, None)
            if dtype is None:
                continue
            try:
                call_library(env, "zeros", xp.zeros, [1], {"dtype": dtype, **on_device})
                dtypes.append(name)
            except Unsupported:
                # zeros takes no device= (cupy places by context): on the default device, the
                # dtypes it creates without one. The checks that pass device= are unsupported.
                if device is env.devices[env.default_device or 0] and on_device:
                    try:
                        xp.zeros(1, dtype=dtype)
                        dtypes.append(name)
                    except Exception:
                        pass
            except Exception:
                pass
    if defaults is None:
        defaults = []
        for literal, fallback in ((1.0, "float64"), (1, "int64")):
            try:
                x = call_library(env, "asarray", xp.asarray, [literal], on_device)
                defaults.append(env.dtype_name(x.dtype))
            except Exception:
                defaults.append(fallback)
    return {"repr": PSEUDO_DEVICE_REPR if device is None else device_text(device), "dtypes": dtypes,
            "default_float_dtype": defaults[0], "default_integer_dtype": defaults[1]}


def has_operation(env, name):
    xp = env.xp
    if name in ("harness.observe", "harness.compare_devices"):
        return True
    if name == "harness.set_default_device":
        return env.set_default_template is not None
    if name.startswith("info."):
        if name == "info.__array_namespace_info__":
            return hasattr(xp, "__array_namespace_info__")
        return env.info is not None and hasattr(env.info, name[5:])
    if name.startswith("array."):
        return env.fresh is not None and safe_hasattr(env.fresh, name[6:])
    target = xp
    for part in name.split("."):
        if not hasattr(target, part):
            return False
        target = getattr(target, part)
    return True


def handshake(env, request):
    # The route every later program takes (routes/): a library that cannot take it says why.
    env.route = str(request.get("route", "eager"))
    reply = {
        "type": "handshake",
        "handshake": describe(env, request.get("implementation", f"python:{env.module}"),
                              request.get("operations", [])),
        "python": python_setup(env),
    }
    peer_module = getattr(env, "peer_module", None)
    if peer_module is not None:
        implementation = f"python:{peer_module}"
        if env.peer is None:
            reply["handshake"]["peer"] = {"implementation": implementation,
                                          "error": env.peer_error}
        else:
            reply["handshake"]["peer"] = describe(env.peer, implementation,
                                                  request.get("operations", []))
            reply["python"]["peer"] = python_setup(env.peer)
    return reply


def python_setup(env):
    """How a reproduction script reaches the namespace."""
    return {
        "module": env.module,
        "setup": env.setup,
        "devices": env.devices_text,
        "set_default_device": env.set_default_template,
        "notes": env.notes,
    }


def describe(env, implementation, operations):
    """The handshake's description of one namespace."""
    xp = env.xp
    fresh = env.fresh
    features = {
        "device_attribute": env.device_attribute,
        "to_device": fresh is not None and safe_hasattr(fresh, "to_device"),
        "namespace_info": hasattr(xp, "__array_namespace_info__"),
        "set_default_device": env.set_default_template is not None,
        "dlpack": fresh is not None and safe_hasattr(fresh, "__dlpack_device__")
                  and hasattr(xp, "from_dlpack"),
    }
    operations = [str(n) for n in operations if has_operation(env, str(n))]
    description = {
        "implementation": implementation,
        "library": env.hint.get("library", env.module),
        "library_version": library_version(env.module),
        "spec_version": str(getattr(xp, "__array_api_version__", None) or ""),
        "devices": [device_description(env, d) for d in env.devices],
        "default_device": env.default_device,
        "features": features,
        "operations": operations,
        "devices_container": devices_container(env),
    }
    # Only when set, so that every other handshake reads as before.
    backend = backend_of(env)
    if backend is not None:
        description["backend"] = backend
    if env.hint.get("compiles_per_shape"):
        description["compiles_per_shape"] = True
    route = getattr(env, "route", "eager")
    if route != "eager":
        description["route"] = route
        problem = route_problem(env, route)
        if problem is not None:
            description["route_unavailable"] = problem
    return description
