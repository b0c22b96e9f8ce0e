"""The strict-xp wheel's pytest11 entry point (strict_xp/pytest_entry.py). Installed, it is loaded
by every pytest run in the environment, so it must change nothing of a suite that does not ask for
it: SciPy and array-api-extra define `xp` and `device` fixtures of their own. It adds the
--strict-xp-* options only; one of them, or `-p strict_xp.pytest_plugin`, activates the plugin.

Each case runs pytest in a subprocess on a small suite written to a temporary folder. They need
strict-xp installed as a distribution (a PYTHONPATH build has no entry point): tools/wheel-check
runs them on the installed wheel.
"""

import importlib.metadata
import subprocess
import sys
import textwrap

import pytest

INSTALLED = any(entry.value == "strict_xp.pytest_entry"
                for entry in importlib.metadata.entry_points(group="pytest11"))
pytestmark = pytest.mark.skipif(
    not INSTALLED, reason="strict-xp is not installed as a distribution, so pytest has no entry "
    "point to load (a PYTHONPATH build); tools/wheel-check runs these on the installed wheel")

OWN_FIXTURES = """
import pytest

@pytest.fixture
def xp():
    return "the suite's own xp"

@pytest.fixture(params=["own-device"])
def device(request):
    return request.param
"""


def run_suite(folder, files, *options):
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text))
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           *options, str(folder)],
                          capture_output=True, text=True, cwd=folder, timeout=300)


def test_a_suites_own_xp_and_device_fixtures_are_untouched(tmp_path):
    result = run_suite(tmp_path, {"conftest.py": OWN_FIXTURES, "test_own.py": """
        def test_own_fixtures(xp, device):
            assert xp == "the suite's own xp"
            assert device == "own-device"
        """})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout


def test_without_an_option_the_plugin_adds_no_fixture_and_no_per_test_state(tmp_path):
    result = run_suite(tmp_path, {"test_nothing_added.py": """
        import strict_xp

        def test_xp_is_no_fixture(xp):
            pass

        def test_a_default_device_set_here(request):
            strict_xp.set_default_device(strict_xp.Device("device1"))

        def test_is_still_the_default_in_the_next_test():
            # The plugin's per-test reset to cpu is not active.
            assert strict_xp.get_default_device() == strict_xp.Device("device1")
        """})
    assert "fixture 'xp' not found" in result.stdout, result.stdout
    assert "1 error" in result.stdout and "2 passed" in result.stdout, result.stdout


@pytest.mark.parametrize("options", [["--strict-xp-as=array_api_strict"],
                                     ["--strict-xp-default-device=device1"],
                                     ["-p", "strict_xp.pytest_plugin"]])
def test_an_option_or_p_activates_the_plugin_once(tmp_path, options):
    result = run_suite(tmp_path, {"test_activated.py": """
        import strict_xp

        def test_fixtures(xp, device):
            assert xp is strict_xp
            assert str(device) in {"device1", "device2", "no_float64"}

        def test_each_test_starts_on_the_default_device(request):
            chosen = request.config.getoption("--strict-xp-default-device")
            assert strict_xp.get_default_device() == strict_xp.Device(chosen)
            strict_xp.set_default_device(strict_xp.Device("device2"))

        def test_and_the_next_one_too(request):
            chosen = request.config.getoption("--strict-xp-default-device")
            assert strict_xp.get_default_device() == strict_xp.Device(chosen)
        """}, *options)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 passed" in result.stdout, result.stdout


def test_the_stand_in_works_through_the_entry_point(tmp_path):
    result = run_suite(tmp_path, {"test_stand_in.py": """
        import strict_xp

        def test_array_api_strict_is_strict_xp():
            import array_api_strict
            assert array_api_strict.asarray([1.0]).__class__ is strict_xp.Array
        """}, "--strict-xp-as=array_api_strict")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_bad_option_value_is_a_usage_error(tmp_path):
    result = run_suite(tmp_path, {"test_any.py": "def test_any():\n    pass\n"},
                       "--strict-xp-default-device=gpu")
    assert result.returncode == 4  # pytest's usage error
    assert "--strict-xp-default-device" in result.stderr and "invalid choice" in result.stderr
