# Every consumer at hand imports strict_xp arrays by DLPack without taking the process down
# (array_object.py::__dlpack__, 2023.12, Raises: "Implementations should raise BufferError when
# the data cannot be exported as DLPack"). A fake device's memory is refused by strict's own
# __dlpack__ with BufferError naming the way to the host, which torch passes on (it used to import
# kDLOpenCL, raise an internal assert and abort with a double free); a host copy asked through
# dl_device=(kDLCPU, 0) is made and counted (NumPy 2's from_dlpack(x, device="cpu")).
#
# Each consumer runs in a subprocess of its own, so a crash is this test's failure, with its
# signal, and not the end of the test run. Consumers come from this interpreter (Debian's: NumPy
# 1.24, torch 1.13, ...) and from the checkout's pinned environment (.venv: NumPy 2.4, torch 2.13,
# JAX, array-api-strict, array-api-compat) where it exists. On a GPU host (reports/gpu/) CuPy and
# torch's CUDA consume too: "torch@cuda" is torch.from_dlpack(x, device="cuda") (torch 2.11 sends
# no dl_device: it imports on the producer's device, then copies to cuda:0).
import json
import os
import pathlib
import signal
import subprocess
import sys

import pytest

VENV_PYTHON = pathlib.Path(__file__).resolve().parents[3] / ".venv" / "bin" / "python"
INTERPRETERS = [sys.executable] + ([str(VENV_PYTHON)] if VENV_PYTHON.exists() else [])
# dask.array has no from_dlpack: its asarray stands for it (which reads through __array__).
CONSUMERS = ["numpy", "torch", "jax.numpy", "array_api_strict", "array_api_compat.numpy",
             "array_api_compat.torch", "dask.array", "cupy", "torch@cuda"]
# A consumer that needs a GPU: the probe that tells whether this host has one for it.
GPU_PROBES = {
    "cupy": "import cupy; assert cupy.cuda.runtime.getDeviceCount() > 0",
    "torch@cuda": "import torch; assert torch.cuda.is_available(), 'torch sees no CUDA device'",
}

# The child: strict_xp arrays of every dtype on every device, each handed to the consumer's
# from_dlpack with no device= and with its host device (a GPU consumer: onto its GPU, and with
# copy=True); one JSON line per attempt.
CHILD = r"""
import json, sys
import strict_xp as xp
name, _, target = sys.argv[1].partition("@")
consumer = __import__(name, fromlist=["from_dlpack"])
take = getattr(consumer, "from_dlpack", None) or consumer.asarray
host = {"numpy": "cpu", "torch": "cpu", "array_api_compat.numpy": "cpu",
        "array_api_compat.torch": "cpu"}.get(name)
if name == "jax.numpy":
    import jax
    host = jax.devices("cpu")[0]
if name == "array_api_strict":
    host = consumer.Device("CPU_DEVICE")
variants = [{}] + ([{"device": host}] if host is not None else [])
if target == "cuda":
    variants = [{"device": "cuda"}, {"device": "cuda", "copy": True}]
if name == "cupy":
    variants = [{}, {"copy": True}]
dtypes = [xp.bool, xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8, xp.uint16, xp.uint32,
          xp.uint64, xp.float32, xp.float64, xp.complex64, xp.complex128]
for device in ["cpu", "device1", "device2"]:
    for dtype in dtypes:
        for kwargs in variants:
            x = xp.asarray([1, 0, 1], dtype=dtype, device=xp.Device(device))
            before = sum(xp.transfer_counts().values())
            record = {"device": device, "dtype": str(dtype), "asked": sorted(kwargs),
                      "host": host is not None and kwargs.get("device") is host}
            try:
                y = take(x, **kwargs)
                if hasattr(y, "compute"):
                    y = y.compute()
                record["values"] = [bool(v) for v in list(y.tolist() if hasattr(y, "tolist")
                                                          else y)]
            except Exception as e:  # any exception: refused, which is what is judged
                record["raised"] = type(e).__name__
                record["message"] = str(e)[:400]
            record["transfers"] = sum(xp.transfer_counts().values()) - before
            print(json.dumps(record), flush=True)
print("done", flush=True)
"""


def run_consumer(python, consumer):
    if consumer in GPU_PROBES:
        probe = subprocess.run([python, "-c", GPU_PROBES[consumer]], capture_output=True,
                               text=True)
        if probe.returncode != 0:
            why = (probe.stderr.strip().splitlines() or ["no reason given"])[-1]
            pytest.skip(f"{consumer} needs a GPU it can reach (reports/gpu/ runs it on one): {why}")
    module = consumer.partition("@")[0]
    probe = subprocess.run([python, "-c", f"import {module}"], capture_output=True, text=True)
    if probe.returncode != 0:
        if os.environ.get("ADC_REQUIRE_PYTHON_LIBRARIES") == "1" and python != sys.executable \
                and consumer in ("numpy", "torch", "jax.numpy", "array_api_strict"):
            pytest.fail(f"{consumer} does not import in {python}: {probe.stderr[-300:]}")
        pytest.skip(f"{consumer} does not import in {python}")
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=2")
    child = subprocess.run([python, "-c", CHILD, consumer], capture_output=True, text=True,
                           env=env, timeout=600)
    if child.returncode < 0:
        pytest.fail(f"{consumer} in {python}: the process died of "
                    f"{signal.Signals(-child.returncode).name}; last lines:\n"
                    f"{child.stdout[-600:]}\n{child.stderr[-1500:]}")
    assert child.returncode == 0, child.stderr[-1500:]
    lines = child.stdout.splitlines()
    assert lines[-1] == "done"
    return [json.loads(line) for line in lines[:-1]]


@pytest.mark.parametrize("python", INTERPRETERS,
                         ids=["this-python", "pinned-venv"][:len(INTERPRETERS)])
@pytest.mark.parametrize("consumer", CONSUMERS)
def test_a_consumer_survives_every_device_and_dtype(python, consumer):
    records = run_consumer(python, consumer)
    for record in records:
        where = f"{consumer}.from_dlpack of a {record['dtype']} array on {record['device']}" + (
            f" with {', '.join(record['asked'])}=" if record["asked"] else "")
        if record["device"] == "cpu":
            # Host memory: imported with its values, or refused by the consumer for a dtype it
            # lacks; never a transfer.
            if "values" in record:
                assert record["values"] == [True, False, True], where
            elif "cannot be exported to dl_device" in record["message"]:
                # strict's refusal of a dl_device it has not (kDLCUDA, say): "If the device type
                # cannot be handled by the producer, this function must raise BufferError".
                assert record["raised"] == "BufferError", where
            assert record["transfers"] == 0, where
            continue
        if "values" in record:
            # Only a host copy asked for by dl_device=(kDLCPU, 0) may leave a fake device (a GPU
            # consumer's copy=True may ask for one, then copy to its GPU), and it is counted as
            # the transfer it is.
            assert record["host"] or "copy" in record["asked"], \
                f"{where} imported a fake device's memory"
            assert record["values"] == [True, False, True], where
            assert record["transfers"] == 1, where
        elif "__dlpack__()" in record["message"]:
            # strict's own refusal: the standard's BufferError, naming the way to the host.
            assert record["raised"] == "BufferError", where
            assert "to_device" in record["message"], where
        if consumer == "torch" and "values" not in record and not (
                record["host"] and record["raised"] == "TypeError"):
            # torch.from_dlpack(x, device="cpu") sends no dl_device: it imports on the producer's
            # device and copies afterwards, so the import itself is refused, as the BufferError
            # downstream code catches to fall back through the host (a TypeError for device=
            # is a torch before 2.9, which has no such keyword).
            assert record["raised"] == "BufferError", where
            assert record["device"] in record["message"], where
