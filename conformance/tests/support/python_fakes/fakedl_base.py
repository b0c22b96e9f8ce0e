"""Two small pure-Python array namespaces that exchange data through a DLPack-shaped protocol,
for testing dlpack_between.*: fakedl (the consumer, --impl) and fakedl_peer (the
producer, --peer). Each is build(...) of this file under its own module name.

Devices "cpu" (DLPack (kDLCPU, 0), the default) and "gpu" (DLPack (kDLCUDA, 0)). Arrays hold a
flat list of numbers; __dlpack__ hands out a capsule object holding that very list, so a consumer
that keeps it shares memory with the producer, and a write through __setitem__ shows in both.
The rules hold by default. FAKEDL_BUG (comma-separated, read at each call) breaks the consumer:
  lands_on_cpu         from_dlpack(x) without device= always lands on "cpu" (array-api-strict's
                       from_dlpack gives CPU_DEVICE)
  ignores_device       from_dlpack(x, device=d) ignores d
  copy_false_copies    from_dlpack(x, copy=False) copies
  copy_true_shares     from_dlpack(x, copy=True) shares x's memory (JAX from torch)
  moves_with_copy_false  from_dlpack(x, device=other, copy=False) moves x anyway
  refuses_runtime_error  a refusal raises RuntimeError, not BufferError (numpy#30937)
  refuses_everything   from_dlpack raises BufferError for every array (allowed: a library that
                       does not support such cases at all)
  crashes              from_dlpack kills the process (SIGSEGV)
FAKEDL_LIKE shapes the consumer without breaking a rule:
  caches_host_copy     an array keeps its values once read whole (tolist), as JAX keeps a host
                       copy of a GPU array; x[i] still reads the memory
FAKEDL_PEER_LIKE (comma-separated, read at each call) shapes the producer:
  immutable            __setitem__ raises TypeError (JAX arrays)
  no_device_keyword    asarray(..., device=) raises TypeError (CuPy's own namespace)
Standard library only.
"""

import builtins
import math
import os
import signal
import sys

CPU_PAIR, GPU_PAIR = (1, 0), (2, 0)


def build(name, bug_variable):
    """The namespace's globals, as a dict for the module named `name`."""

    def bug(which):
        return which in os.environ.get(bug_variable, "").split(",")

    class Device:
        def __init__(self, label):
            self.label = label

        def __eq__(self, other):
            return isinstance(other, Device) and other.label == self.label

        def __hash__(self):
            return hash((name, self.label))

        def __repr__(self):
            return f"{name}.Device({self.label!r})"

    cpu, gpu = Device("cpu"), Device("gpu")
    devices = (cpu, gpu)

    class DType:
        def __init__(self, dtype_name, cast):
            self.name, self.cast = dtype_name, cast

        def __repr__(self):
            return f"{name}.{self.name}"

    dtypes = {n: DType(n, int if n.startswith("int") else float)
              for n in ("int32", "int64", "float32", "float64")}
    dtypes["bool"] = DType("bool", builtins.bool)

    def pair(device):
        return CPU_PAIR if device == cpu else GPU_PAIR

    def on(device):
        if device is None:
            return cpu
        if device not in devices:
            raise ValueError(f"{name} has no device {device!r}")
        return device

    class Capsule:
        """What __dlpack__ hands out: the producer's very list, or a copy of it."""

        def __init__(self, values, shape, dtype_name, device_pair):
            self.values, self.shape = values, shape
            self.dtype_name, self.device_pair = dtype_name, device_pair

    class Array:
        def __init__(self, values, shape, dtype, device):
            self._values, self.shape, self.dtype, self.device = values, tuple(shape), dtype, device

        ndim = property(lambda self: len(self.shape))
        size = property(lambda self: math.prod(self.shape))

        def __array_namespace__(self, /, *, api_version=None):
            return sys.modules[name]

        def __dlpack_device__(self):
            return pair(self.device)

        def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
            if dl_device is not None and tuple(dl_device) != pair(self.device):
                if copy is False:
                    raise BufferError(f"{name}: exporting to {dl_device} needs a copy")
                return Capsule(list(self._values), self.shape, self.dtype.name, tuple(dl_device))
            values = list(self._values) if copy else self._values
            return Capsule(values, self.shape, self.dtype.name, pair(self.device))

        def __setitem__(self, key, value):
            if "immutable" in os.environ.get("FAKEDL_PEER_LIKE", "").split(",") \
                    and name == "fakedl_peer":
                raise TypeError(f"{name} arrays are immutable")
            self._values[int(key)] = self.dtype.cast(value)

        def __getitem__(self, key):
            return Array([self._values[int(key)]], (), self.dtype, self.device)

        def __float__(self):
            return float(self._values[0])

        def to_device(self, device, /, *, stream=None):
            return Array(list(self._values), self.shape, self.dtype, on(device))

        def tolist(self):
            if "_host" in self.__dict__:
                return self._host
            values = self._values[0] if not self.shape else list(self._values)
            if name == "fakedl" and "caches_host_copy" in os.environ.get(
                    "FAKEDL_LIKE", "").split(","):
                self._host = values
            return values

        def __repr__(self):
            return f"{name}.Array({self._values}, device={self.device!r})"

    def asarray(obj, /, *, dtype=None, device=None, copy=None):
        if device is not None and name == "fakedl_peer" \
                and "no_device_keyword" in os.environ.get("FAKEDL_PEER_LIKE", "").split(","):
            raise TypeError("asarray() got an unexpected keyword argument 'device'")
        values = obj if isinstance(obj, list) else [obj]
        if any(isinstance(v, list) for v in values):
            raise ValueError(f"{name} holds 1-d data only")
        dtype = dtype or dtypes["float64" if any(isinstance(v, float) for v in values)
                                else "int64"]
        shape = (len(values),) if isinstance(obj, list) else ()
        return Array([dtype.cast(v) for v in values], shape, dtype, on(device))

    def zeros(shape, *, dtype=None, device=None):
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        dtype = dtype or dtypes["float64"]
        return Array([dtype.cast(0)] * math.prod(shape), shape, dtype, on(device))

    def refuse(message):
        raise (RuntimeError if bug("refuses_runtime_error") else BufferError)(message)

    def from_dlpack(x, /, *, device=None, copy=None):
        if bug("crashes"):
            os.kill(os.getpid(), signal.SIGSEGV)
        if bug("refuses_everything"):
            raise BufferError(f"{name} imports no foreign array")
        source = tuple(x.__dlpack_device__())
        if device is None or bug("ignores_device"):
            target = cpu if bug("lands_on_cpu") else next(
                (d for d in devices if pair(d) == source), None)
            if target is None:
                refuse(f"{name} has no device for DLPack device {source}")
        else:
            target = on(device)
        crossing = pair(target) != source
        if crossing and copy is False and not bug("moves_with_copy_false"):
            raise (RuntimeError if bug("refuses_runtime_error") else ValueError)(
                f"{name}: moving {source} to {target!r} needs a copy, copy=False")
        capsule = x.__dlpack__(dl_device=None if not crossing else pair(target),
                               copy=(copy or crossing) and not bug("copy_true_shares"))
        values = capsule.values
        if copy is False and bug("copy_false_copies"):
            values = list(values)
        return Array(values, capsule.shape, dtypes[capsule.dtype_name], target)

    class Info:
        def devices(self):
            return devices

        def default_device(self):
            return cpu

        def dtypes(self, *, device=None, kind=None):
            on(device)
            return dict(dtypes)

        def default_dtypes(self, *, device=None):
            on(device)
            return {"real floating": dtypes["float64"], "integral": dtypes["int64"],
                    "indexing": dtypes["int64"], "complex floating": None}

    namespace = {
        "__array_api_version__": "2024.12",
        "__array_namespace_info__": Info,
        "Array": Array,
        "Device": Device,
        "asarray": asarray,
        "zeros": zeros,
        "from_dlpack": from_dlpack,
    }
    namespace.update(dtypes)
    return namespace
