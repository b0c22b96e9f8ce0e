"""A wrapper namespace's handshake names the library under it (array_api_compat.numpy over NumPy
1.26 or 2.4: its behaviour is both's), as a `backend`; a namespace with arrays of its own sends
no such key. The schemas' side: conformance/tests/results/tracker_test.cpp."""

import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parents[2] / "tests" / "support" / "python_fakes"))

import array_api_adapter as adapter  # noqa: E402


def test_a_namespace_with_arrays_of_its_own_names_no_backend():
    env = adapter.Environment("fakexp")
    assert "backend" not in adapter.describe(env, "python:fakexp", [])


def test_array_api_compat_numpy_names_numpy_and_its_version():
    pytest.importorskip("array_api_compat")
    numpy = pytest.importorskip("numpy")
    env = adapter.Environment("array_api_compat.numpy")
    described = adapter.describe(env, "python:array_api_compat.numpy", [])
    assert described["backend"] == {"library": "numpy", "version": numpy.__version__}
    # The wrapper's own version stays the library_version.
    import array_api_compat
    assert described["library_version"] == array_api_compat.__version__

