"""strict_xp: strict, the device-strict Array API implementation, as a Python array namespace.

    import strict_xp as xp
    x = xp.zeros(3, device=xp.Device("device1"))

Every mixed-device operation raises DeviceMismatchError naming both operands, their devices and
the Python lines that chose them; host reads of arrays off "cpu" raise HostAccessError; transfers
are counted (transfer_counts()) and can be logged or forbidden (transfer_guard()).
"""

import os as _os
import sys as _sys

from . import _strict_xp
from ._strict_xp import *  # noqa: F401,F403  (the namespace: functions, dtypes, constants)
from ._strict_xp import __array_api_version__, __array_namespace_info__, __version__, fft, linalg

# Frames of this package are not the caller's code: provenance skips them.
_strict_xp._set_package_dir(_os.path.dirname(_os.path.abspath(__file__)) + _os.sep)

# `import strict_xp.linalg` and `from strict_xp.fft import fft` work as for a package.
_sys.modules[__name__ + ".linalg"] = linalg
_sys.modules[__name__ + ".fft"] = fft

__all__ = [name for name in dir(_strict_xp) if not name.startswith("_")] + [
    "__array_api_version__",
    "__array_namespace_info__",
]
