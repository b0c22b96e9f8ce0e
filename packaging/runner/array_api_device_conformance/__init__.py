"""The device conformance suite for the Python Array API standard, as installed by pip.

The wheel carries the `conformance` and `tracker` programs (compiled, in ``bin/``) with the files
they read (``lib/array-api-device-conformance/``: the Python adapter, the known upstream issues,
the tracker JSON's schema); its console scripts of the same names run them (``console``).
"""

from importlib import metadata as _metadata

__version__ = _metadata.version("array-api-device-conformance")
