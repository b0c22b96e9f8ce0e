"""The compile route (adc_python_adapter/routes/torch_compile.py), through the real `conformance`
command: two fakes over torch that are right eagerly and wrong only while Dynamo traces them
(compiledrop drops device=, compilelike builds *_like results from the shape) are caught by the
compile route and not by the eager one; a library torch.compile cannot compile is unsupported
beside one it can, and a usage error alone.

Needs torch and the conformance program (ADC_CONFORMANCE, which ctest sets); skipped with the
reason otherwise.
"""

import pytest

from route_runs import needs_conformance, run

pytest.importorskip("torch", reason="the compile route needs torch in this interpreter")


# Dynamo compiles every program: one run for all the fakes' checks (each fake eagerly and
# compiled, and array_api_strict beside them on the compile route).
CHECKS = {"compiledrop": ["explicit.zeros", "explicit.full"],
          "compilelike": ["like.zeros_like", "like.ones_like"]}


@pytest.fixture(scope="module")
def fakes_run(tmp_path_factory):
    pytest.importorskip("array_api_strict")
    filters = [argument for checks in CHECKS.values() for check in checks
               for argument in ("--filter", check)]
    implementations = [f"python:{fake}{route}" for fake in CHECKS for route in ("", "@compile")]
    return run(tmp_path_factory.mktemp("compile"),
               implementations + ["python:array_api_strict@compile"], *filters, examples=5)


def statuses(results, implementation):
    return {check: result["status"] for check, result in results[implementation].items()}


@needs_conformance
@pytest.mark.parametrize("fake", CHECKS)
def test_a_bug_only_under_compile_is_caught_by_the_compile_route_alone(fakes_run, fake):
    _, stderr, results = fakes_run
    eager = {c: s for c, s in statuses(results, f"python:{fake}").items() if c in CHECKS[fake]}
    compiled = {c: s for c, s in statuses(results, f"python:{fake}@compile").items()
                if c in CHECKS[fake]}
    assert eager == {check: "pass" for check in CHECKS[fake]}, stderr
    assert compiled == {check: "fail" for check in CHECKS[fake]}, stderr
    for check in CHECKS[fake]:
        failure = results[f"python:{fake}@compile"][check]["failure"]
        assert "meta" in failure["expected"], failure
        assert "@torch.compile" in failure["reproduction"]


@needs_conformance
def test_a_library_torch_compile_cannot_compile_is_unsupported_beside_one_it_can(fakes_run):
    _, stderr, results = fakes_run
    strict = results["python:array_api_strict@compile"]
    assert strict and {r["status"] for r in strict.values()} == {"unsupported"}, stderr
    assert all("has no compile route: torch.compile compiles functions of torch tensors"
               in r["reason"] for r in strict.values())


@needs_conformance
def test_a_compile_route_no_library_of_the_run_has_is_a_usage_error(tmp_path):
    pytest.importorskip("array_api_strict")
    status, stderr, results = run(tmp_path, ["python:array_api_strict"], "--route", "compile",
                                  examples=5)
    assert status == 2, stderr
    assert stderr.startswith("conformance: error: --impl python:array_api_strict@compile: "
                             "array_api_strict has no compile route: "), stderr
    assert results == {}
