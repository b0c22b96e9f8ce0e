# strict_xp in array-api-strict's place (strict_xp/as_array_api_strict.py, the plugin's
# --strict-xp-as): `import array_api_strict` gives strict_xp, which answers to that name, accepts
# array-api-strict's device names and refuses the flags it cannot honour. Each case runs in a
# fresh interpreter: install() renames the module for the process's life.
import subprocess
import sys
import textwrap


def run(code):
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_import_array_api_strict_gives_strict_xp_under_that_name():
    out = run("""
        import strict_xp.as_array_api_strict
        strict_xp.as_array_api_strict.install()
        import array_api_strict as xp
        import strict_xp
        assert xp is strict_xp and xp.__name__ == "array_api_strict"
        # Suites gate on array-api-strict's version (SciPy: >= 2.3); strict_xp's own is kept.
        assert xp.__version__ == strict_xp.as_array_api_strict.ARRAY_API_STRICT_VERSION
        assert xp.__strict_xp_version__ != xp.__version__
        x = xp.zeros(2, device=xp.Device("device1"))
        assert x.__array_namespace__() is xp
        assert xp.Device("CPU_DEVICE") == xp.Device("cpu")
        xp.set_array_api_strict_flags(api_version="2025.12")
        with xp.ArrayAPIStrictFlags(boolean_indexing=True):
            pass
        assert xp.get_array_api_strict_flags()["api_version"] == "2025.12"
        for flags in ({"boolean_indexing": False}, {"enabled_extensions": ()},
                      {"api_version": "2021.12"}, {"lazy": True}):
            try:
                xp.set_array_api_strict_flags(**flags)
            except NotImplementedError as error:
                print(error)
            else:
                raise AssertionError(f"{flags} accepted")
    """)
    assert out.count("\n") == 4 and "boolean_indexing=False" in out


def test_api_version_2024_12_gives_the_devices_list_that_version_specifies():
    # inspection.rst: devices() returns "List[device]" in 2023.12 and 2024.12 and
    # "Tuple[device, ...]" from 2025.12. SciPy's suite asks array-api-strict for 2024.12 and
    # writes `devices() + [None]` (scipy/conftest.py).
    run("""
        import strict_xp.as_array_api_strict
        strict_xp.as_array_api_strict.install()
        import array_api_strict as xp
        assert xp.__array_api_version__ == "2025.12"
        assert isinstance(xp.__array_namespace_info__().devices(), tuple)
        with xp.ArrayAPIStrictFlags(api_version="2024.12"):
            assert xp.__array_api_version__ == "2024.12"
            assert xp.get_array_api_strict_flags()["api_version"] == "2024.12"
            devices = xp.__array_namespace_info__().devices() + [None]
            assert devices[:-1] == list(xp.__array_namespace_info__().devices())
        assert isinstance(xp.__array_namespace_info__().devices(), tuple)
        xp.set_array_api_strict_flags(api_version="2024.12")
        assert isinstance(xp.__array_namespace_info__().devices(), list)
        xp.reset_array_api_strict_flags()
        assert xp.__array_api_version__ == "2025.12"
        assert isinstance(xp.__array_namespace_info__().devices(), tuple)
    """)


def test_the_pytest_option_runs_a_suite_written_for_array_api_strict(tmp_path):
    (tmp_path / "test_written_for_strict.py").write_text(textwrap.dedent("""
        import array_api_strict as xp

        def test_device1_results_stay_there():
            x = xp.asarray([1.0, 2.0], device=xp.Device("device1"))
            assert (x * 2).device == xp.Device("device1")
            assert type(x).__module__.startswith("strict_xp")
    """))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
         "strict_xp.pytest_plugin", "--strict-xp-as=array_api_strict", str(tmp_path)],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout


def test_the_default_device_option_puts_a_suites_arrays_off_the_host(tmp_path):
    # What SciPy's TestPower met on torch with cuda:0 (reports/downstream/scipy-gpu.md): a NumPy
    # fallback reading an array made without device=. On cpu it passes; with device1 as the
    # default it raises, naming the line that made the array.
    (tmp_path / "test_fallback.py").write_text(textwrap.dedent("""
        import numpy as np
        import array_api_strict as xp

        def test_a_numpy_fallback():
            x = xp.asarray([1.0, 2.0])
            return_to_host = np.asarray(x)
            assert return_to_host.shape == (2,)
    """))
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p",
               "strict_xp.pytest_plugin", "--strict-xp-as=array_api_strict", str(tmp_path)]
    on_cpu = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert on_cpu.returncode == 0, on_cpu.stdout + on_cpu.stderr
    assert "default device in each test" not in on_cpu.stdout
    on_device1 = subprocess.run(command + ["--strict-xp-default-device=device1"],
                                capture_output=True, text=True, timeout=120)
    assert on_device1.returncode == 1, on_device1.stdout + on_device1.stderr
    assert "strict_xp's default device in each test: device1" in on_device1.stdout
    assert "HostAccessError" in on_device1.stdout
    assert "test_fallback.py:6" in on_device1.stdout  # the asarray without device=


def test_the_mirrored_array_api_strict_version_is_the_locks_pin():
    import pathlib
    import re

    from strict_xp import as_array_api_strict
    lock = pathlib.Path(__file__).resolve().parents[3] / "tools" / "python-env.lock"
    pin = re.search(r"^array-api-strict==(\S+)", lock.read_text(), re.MULTILINE).group(1)
    assert as_array_api_strict.ARRAY_API_STRICT_VERSION == pin


def test_every_module_below_array_api_strict_is_strict_xp():
    # A suite that imports array-api-strict's array class for isinstance checks
    # (`from array_api_strict._array_object import Array`) must get strict_xp's class, or every
    # such check fails on strict_xp; so too for a submodule the real package imported before.
    out = run("""
        try:  # the real package, imported first, where this interpreter has it
            import array_api_strict._array_object as real
        except ImportError:
            real = None
        import strict_xp.as_array_api_strict
        strict_xp.as_array_api_strict.install()
        import strict_xp
        from array_api_strict._array_object import Array, CPU_DEVICE
        assert Array is strict_xp.Array and (real is None or Array is not real.Array)
        assert isinstance(strict_xp.zeros(1, device=strict_xp.Device("device1")), Array)
        assert CPU_DEVICE == strict_xp.Device("cpu")
        from array_api_strict._devices import Device
        assert Device is strict_xp.Device
        from array_api_strict._dtypes import _floating_dtypes, _integer_dtypes, float64
        assert float64 == strict_xp.float64
        assert _floating_dtypes == (strict_xp.float32, strict_xp.float64, strict_xp.complex64,
                                    strict_xp.complex128)
        assert strict_xp.uint64 in _integer_dtypes and strict_xp.bool not in _integer_dtypes
        from array_api_strict._info import __array_namespace_info__
        assert __array_namespace_info__ is strict_xp.__array_namespace_info__
        import array_api_strict.linalg, array_api_strict.fft
        assert array_api_strict.linalg is strict_xp.linalg and array_api_strict.fft is strict_xp.fft
        from array_api_strict._creation_functions import asarray
        assert asarray is strict_xp.asarray
        try:
            from array_api_strict._dtypes import _promotion_table
        except ImportError as error:
            print("refused:", error)
        import array_api_strict._dtypes as dtypes
        try:
            dtypes._promotion_table
        except AttributeError as error:
            print("refused:", error)
    """)
    lines = out.splitlines()
    assert len(lines) == 2 and all(line.startswith("refused:") for line in lines)
    assert "strict_xp stands in for array_api_strict" in lines[1]
