"""The adapter's numba hook (NumbaCompilesCached): with NUMBA_CACHE_DIR set, numba.jit and
numba.njit default to cache=True for the namespace under test; otherwise nothing changes.

A stand-in `numba` package (written per test) records what its decorators were called with, so
the test needs no numba; the last test uses the real one when the interpreter has it."""

import importlib
import os
import subprocess
import sys
import textwrap

import pytest

ADAPTER_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ADAPTER_DIR)
import array_api_adapter  # noqa: E402

FAKE_NUMBA = textwrap.dedent("""
    calls = []

    def jit(*args, **kwargs):
        calls.append(("jit", kwargs))
        return args[0] if args and callable(args[0]) else (lambda f: f)

    def njit(*args, **kwargs):
        calls.append(("njit", kwargs))
        return args[0] if args and callable(args[0]) else (lambda f: f)
""")


@pytest.fixture
def fake_numba(tmp_path, monkeypatch):
    (tmp_path / "numba.py").write_text(FAKE_NUMBA)
    monkeypatch.syspath_prepend(str(tmp_path))
    saved = sys.modules.pop("numba", None)
    yield tmp_path
    sys.modules.pop("numba", None)
    if saved is not None:
        sys.modules["numba"] = saved
    for hook in [h for h in sys.meta_path if isinstance(h, array_api_adapter.NumbaCompilesCached)]:
        sys.meta_path.remove(hook)


def test_with_a_cache_dir_the_decorators_default_to_cached(fake_numba, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(fake_numba / "cache"))
    hook = array_api_adapter.NumbaCompilesCached.install()
    assert hook is not None
    numba = importlib.import_module("numba")
    assert hook.installed
    numba.jit(nopython=True)
    numba.njit(lambda: 0)
    numba.jit(cache=False)  # a kernel that says no keeps its word
    assert numba.calls == [("jit", {"nopython": True, "cache": True}),
                           ("njit", {"cache": True}),
                           ("jit", {"cache": False})]
    assert hook not in sys.meta_path  # one import only: the hook leaves after numba's


def test_without_a_cache_dir_nothing_is_installed(fake_numba, monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    assert array_api_adapter.NumbaCompilesCached.install() is None
    numba = importlib.import_module("numba")
    numba.jit(nopython=True)
    assert numba.calls == [("jit", {"nopython": True})]


def test_numba_already_imported_is_left_alone(fake_numba, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(fake_numba / "cache"))
    numba = importlib.import_module("numba")
    assert array_api_adapter.NumbaCompilesCached.install() is None
    numba.jit()
    assert numba.calls == [("jit", {})]


KERNELS = textwrap.dedent("""
    import numba

    @numba.jit(nopython=True)
    def total(x):
        s = 0.0
        for v in x:
            s += v
        return s
""")


def run_kernel(kernels_dir, cache_dir):
    """In a new process with the hook: imports kernels.py from kernels_dir and calls its kernel;
    [installed, cache hits, cache misses] as strings."""
    script = textwrap.dedent(f"""
        import sys
        sys.path[:0] = [{ADAPTER_DIR!r}, {str(kernels_dir)!r}]
        import array_api_adapter
        hook = array_api_adapter.NumbaCompilesCached.install()
        import numpy, kernels
        kernels.total(numpy.arange(4.0))
        stats = kernels.total.stats
        print(hook.installed, sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
    """)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache_dir))
    return subprocess.run([sys.executable, "-c", script], env=env, text=True,
                          capture_output=True, check=True).stdout.split()


@pytest.fixture
def real_numba():
    if subprocess.run([sys.executable, "-c", "import numba"], capture_output=True).returncode:
        pytest.skip(f"numba does not import with {sys.executable}")


def test_a_real_kernel_is_compiled_once_per_machine(tmp_path, real_numba):
    """Two processes, one cache: the second loads the kernel the first compiled."""
    (tmp_path / "kernels.py").write_text(KERNELS)
    first, second = (run_kernel(tmp_path, tmp_path / "cache") for _ in range(2))
    assert first[0] == "True" and second[0] == "True"
    assert first[1:] == ["0", "1"]  # the first compiled (a miss)
    assert second[1:] == ["1", "0"]  # the second loaded it (a hit)


def test_clones_reaching_the_environment_through_links_share_the_cache(tmp_path, real_numba):
    """Each checkout's .venv links to the machine's one environment: a kernel compiled through
    one clone's link is loaded, not compiled again, through another's."""
    environment = tmp_path / "environment"
    environment.mkdir()
    (environment / "kernels.py").write_text(KERNELS)
    for clone in ("clone_a", "clone_b"):
        (tmp_path / clone).symlink_to(environment, target_is_directory=True)
    first = run_kernel(tmp_path / "clone_a", tmp_path / "cache")
    second = run_kernel(tmp_path / "clone_b", tmp_path / "cache")
    assert first[1:] == ["0", "1"]
    assert second[1:] == ["1", "0"]  # through the other link: a hit
