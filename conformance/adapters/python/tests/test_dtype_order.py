"""The handshake lists a device's dtypes in the standard's order, whatever order the library's
info.dtypes() gives them in: the harness draws dtypes by position, and JAX's order changes from
one process to the next (its dict is built from a set), which made its cases, and what a
reproduce token replays, differ between runs."""

import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parents[2] / "tests" / "support" / "python_fakes"))

import array_api_adapter as adapter  # noqa: E402


class Reversed:
    """An info object answering dtypes() with the library's dict in reverse."""

    def __init__(self, info):
        self.info = info

    def __getattr__(self, name):
        return getattr(self.info, name)

    def dtypes(self, **kwargs):
        return dict(reversed(list(self.info.dtypes(**kwargs).items())))


def device_dtypes(env):
    return [device["dtypes"] for device in adapter.describe(env, "python:fakedl", [])["devices"]]


def test_any_order_the_library_gives_is_listed_in_the_standards():
    env = adapter.Environment("fakedl")
    as_given = device_dtypes(env)
    env.info = Reversed(env.info)
    assert device_dtypes(env) == as_given
    for dtypes in as_given:
        assert dtypes == [name for name in adapter.STANDARD_DTYPES if name in dtypes]


def test_names_outside_the_standard_follow_its_dtypes_by_name():
    assert adapter.in_standard_order(["bfloat16", "float32", "bool", "float8", "int8"]) == [
        "bool", "int8", "float32", "bfloat16", "float8"]


def test_two_processes_with_different_hash_seeds_list_the_same_order():
    """What changed JAX's order between runs: str hashing differs per process (PYTHONHASHSEED)."""
    script = (
        "import sys; sys.path[:0] = [{!r}, {!r}]\n"
        "import array_api_adapter as a\n"
        "print(a.in_standard_order({{'uint8', 'float32', 'bool', 'int16', 'complex64', 'x1', 'x2'}}))"
    ).format(str(HERE.parent), str(HERE.parents[2] / "tests" / "support" / "python_fakes"))
    outputs = {
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                       env=dict(os.environ, PYTHONHASHSEED=str(seed))).stdout
        for seed in range(1, 6)}
    assert outputs == {"['bool', 'int16', 'uint8', 'float32', 'complex64', 'x1', 'x2']\n"}
