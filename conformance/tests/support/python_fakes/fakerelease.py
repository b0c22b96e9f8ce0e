"""fakexp, released twice, for tools/tests/history_test.sh: its version is the installed numpy's
(each section of the test's lock pins another numpy), and the release on numpy 2.3 has a bug that
the one on numpy 2.4 fixes: zeros_like forgets its input's device (FAKEXP_BUG=like_default). The
history must say "fixed in 2.4.6"."""

import os

import numpy

if numpy.__version__.startswith("2.3."):
    os.environ["FAKEXP_BUG"] = "like_default"

import fakexp as _fakexp  # noqa: E402

__version__ = numpy.__version__


def __getattr__(name):  # every other name is fakexp's (PEP 562)
    return getattr(_fakexp, name)
