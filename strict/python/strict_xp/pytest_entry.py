"""What pytest loads by itself once strict-xp is installed (the wheel's pytest11 entry point).

It adds the --strict-xp-* options and nothing else: no fixture and no per-test state, so a suite
that defines its own `xp` and `device` fixtures (SciPy, array-api-extra) runs exactly as it does
without strict-xp. Giving one of the options (--strict-xp-as, or a --strict-xp-default-device other
than cpu) loads the plugin itself, strict_xp.pytest_plugin, as `-p strict_xp.pytest_plugin` does;
its docstring says what the options and fixtures do.
"""

NON_DEFAULT_DEVICES = ("device1", "device2", "no_float64")
PLUGIN = "strict_xp.pytest_plugin"


def add_options(parser):
    """The plugin's options; a no-op where they are there already (this module and the plugin
    both add them, whichever pytest registers first)."""
    try:
        parser.addoption("--strict-xp-as", metavar="MODULE", choices=["array_api_strict"],
                         help="strict_xp stands in for this module (array_api_strict)")
    except ValueError:  # "option names ... already added"
        return
    parser.addoption("--strict-xp-default-device", metavar="DEVICE", default="cpu",
                     choices=["cpu", *NON_DEFAULT_DEVICES],
                     help="the default device each test starts with (default: cpu)")


def asked_for(config):
    return bool(config.getoption("--strict-xp-as")) or (
        config.getoption("--strict-xp-default-device") != "cpu")


def pytest_addoption(parser):
    add_options(parser)


def pytest_configure(config):
    if asked_for(config) and not config.pluginmanager.has_plugin(PLUGIN):
        config.pluginmanager.import_plugin(PLUGIN)
