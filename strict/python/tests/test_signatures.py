# Every public function and method has an inspectable signature (help(), IDEs, the standard's own
# test suite read it), and it is the standard's, for the version strict_xp declares: the same
# parameter names, kinds (positional-only `/`, keyword-only `*`, *args) and defaults, checked
# against the spec's signatures (conformance/catalogue/data/array-api-signatures.json). The
# signatures come from what each binding accepts (src/text_signatures.cpp), so a mismatch here is
# a binding that takes its arguments differently from the standard.
import inspect
import json
import pathlib

import pytest

import strict_xp as xp

SIGNATURES = (pathlib.Path(__file__).resolve().parents[3]
              / "conformance/catalogue/data/array-api-signatures.json")
SPEC = json.loads(SIGNATURES.read_text())[xp.__array_api_version__]
KINDS = {"positional-only": inspect.Parameter.POSITIONAL_ONLY,
         "positional-or-keyword": inspect.Parameter.POSITIONAL_OR_KEYWORD,
         "keyword-only": inspect.Parameter.KEYWORD_ONLY,
         "var-positional": inspect.Parameter.VAR_POSITIONAL}
# The standard's signatures strict_xp leaves as the language gives them: the array type's
# constructor (the standard defines no way to make an array from its class).
NOT_STRICT_XP_S = {"array.__init__"}


def target(name):
    space, _, short = name.rpartition(".")
    owner = {"": xp, "linalg": xp.linalg, "fft": xp.fft, "array": xp.Array,
             "info": xp.__array_namespace_info__()}[space]
    if name == "info.__array_namespace_info__":
        return xp.__array_namespace_info__
    return getattr(owner, short)


FUNCTIONS = sorted(n for n, s in SPEC.items() if not s.get("property") and n not in NOT_STRICT_XP_S)


def described(parameters):
    return [(p.name, p.kind, "" if p.default is inspect.Parameter.empty else repr(p.default))
            for p in parameters]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_the_signature_is_the_standards(name):
    expected = [(p["name"], KINDS[p["kind"]], p.get("default", "")) for p in SPEC[name]["params"]]
    parameters = list(inspect.signature(target(name)).parameters.values())
    if name.startswith("info."):  # bound methods of the info object: self is not shown
        expected = [p for p in expected if p[0] != "self"]
    assert described(parameters) == expected


def test_every_public_callable_has_a_signature():
    missing = []
    for space, prefix in ((xp, ""), (xp.linalg, "linalg."), (xp.fft, "fft.")):
        for short in dir(space):
            value = getattr(space, short)
            if short.startswith("_") or isinstance(value, type) or not callable(value):
                continue
            try:
                inspect.signature(value)
            except ValueError:
                missing.append(prefix + short)
    assert missing == []
