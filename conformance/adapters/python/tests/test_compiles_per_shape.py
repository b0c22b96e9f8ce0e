"""A hint's compiles_per_shape reaches the handshake (the harness then draws shapes from a small
palette, conformance/src/generator/shape_palette.hpp), and only JAX's hint sets it: every other
handshake reads as before, without the key."""

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parents[2] / "tests" / "support" / "python_fakes"))

import array_api_adapter as adapter  # noqa: E402


def test_only_jax_compiles_per_shape():
    assert [name for name, hint in adapter.HINTS.items() if hint.get("compiles_per_shape")] == [
        "jax.numpy"]


def test_a_library_without_it_announces_nothing_new():
    env = adapter.Environment("fakedl")
    assert "compiles_per_shape" not in adapter.describe(env, "python:fakedl", [])


def test_a_hint_with_it_says_so_in_the_handshake():
    env = adapter.Environment("fakedl")
    env.hint = dict(env.hint, compiles_per_shape=True)
    assert adapter.describe(env, "python:fakedl", [])["compiles_per_shape"] is True
