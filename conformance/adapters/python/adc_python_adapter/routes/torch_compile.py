"""The compile route: each program as one function under torch.compile, as PyTorch users run
their code more and more.

The program's inputs (the steps that only make an array from literal data) are made first, on
their devices, outside the function, and become its arguments. Every other step is written out
as Python source, one statement per step, in a function that torch.compile compiles
(fullgraph=False: what Dynamo cannot capture runs eagerly, as for a user). Each statement keeps
its own error (the eager route's outcome per step); an error of the compiled graph as a whole,
met while it runs, is every step's that had answered. Arguments that are no array (devices,
dtypes, shapes, Python scalars) are constants of the function.

Backend: ADC_TORCH_COMPILE_BACKEND (default "eager": Dynamo's graph capture, with its fake-tensor
checks of devices, run by the eager kernels; "aot_eager" adds AOTAutograd, "inductor" generates
code and costs seconds per program).
"""

import json
import os

from ..environment import safe_hasattr
from ..execute import (ARRAY_ATTRIBUTES, SPREAD_OPS, Run, find_callable, keyword_refused_by,
                       refused_keywords)
from ..program import resolve
from ..protocol import LibraryRaised, NotRun, Unsupported, adapter_error, raised
from .one_function import ProgramCache, arrays_not_of, run_as_one_function

NAME = "compile"
CACHE_SIZE = 2048


def backend():
    return os.environ.get("ADC_TORCH_COMPILE_BACKEND", "eager")


def problem(env):
    """Why this library's programs cannot take the route, or None."""
    try:
        import torch
    except Exception as e:
        return f"torch does not import: {type(e).__name__}: {e}"
    return arrays_not_of(env, torch.Tensor, "torch.compile compiles functions of torch tensors")


class Missing:
    """A result a step did not produce."""

    def __repr__(self):
        return "MISSING"


MISSING = Missing()


def _out(result, output, step):
    """Output `output` of step `step`'s result, as the eager route keeps it (report_result)."""
    if result is MISSING:
        raise NotRun(f"x{step}[{output}] was not produced")
    if isinstance(result, (tuple, list)):
        return result[output]
    if output != 0:
        raise NotRun(f"x{step}[{output}] was not produced")
    return result


class Program:
    """A program written as Python source: its statements, the constants they read, and what the
    harness needs afterwards (the steps refused before the call, the steps run after it)."""

    def __init__(self, env, steps, traced, produced):
        self.constants = []
        self.lines = []
        self.before = {}  # step -> outcome decided without running it
        # Steps run on the results, after the call: the harness's own, which compute nothing.
        self.after = []
        self.produced = produced  # input steps with an array, the function's parameters
        self.defined = set(produced)  # the steps whose result a later statement can read
        for i in traced:
            self._write(env, steps[i], i)

    def constant(self, value):
        self.constants.append(value)
        return f"c[{len(self.constants) - 1}]"

    def value(self, env, value):
        tag = value[0]
        if tag == "lit":
            return self.constant(value[1])
        if tag == "ref":
            return self.ref(value[1], value[2])
        if tag == "refs":
            return "[" + ", ".join(self.ref(s, o) for s, o in value[1]) + "]"
        return self.constant(resolve(env, value, None))

    def ref(self, step, output):
        source = f"r{step}" if step in self.defined else "MISSING"
        return f"_out({source}, {output}, {step})"

    def _write(self, env, step, i):
        if isinstance(step, Exception):
            self.before[i] = adapter_error(step)
            return
        op = step.op
        if op in ("harness.compare_devices", "harness.observe"):
            self.after.append(i)
            return
        try:
            text = self._call_text(env, step)
        except Unsupported as e:
            self.before[i] = {"status": "unsupported", "message": str(e)}
            return
        except LibraryRaised as e:
            self.before[i] = raised(e.error)
            return
        self.lines += ["    try:", f"        r{i} = {text}", "    except BaseException as e:",
                       f"        r{i} = MISSING", f"        errors[{i}] = e"]
        self.defined.add(i)

    def _call_text(self, env, step):
        op = step.op
        args = [self.value(env, v) for v in step.args]
        keywords = [f"{name}={self.value(env, v)}" for name, v in step.kwargs]
        if op.startswith("array."):
            name = op[6:]
            if not args:
                raise Unsupported(f"{op} without an array")
            if env.fresh is not None and not safe_hasattr(env.fresh, name):
                raise Unsupported(f"{type(env.fresh).__name__} has no {name}")
            if name in ARRAY_ATTRIBUTES:
                return f"{args[0]}.{name}"
            if step.kwargs:
                refused = refused_keywords(op, getattr(env.fresh, name),
                                           [keyword for keyword, _ in step.kwargs])
                if refused is not None:
                    raise Unsupported(refused)
            call = f"{args[0]}.{name}({', '.join(args[1:] + keywords)})"
            if name == "__setitem__":  # like strict: the step's result is its target, changed
                return f"({call}, {args[0]})[1]"
            return call
        function, _, _ = find_callable(env, op, [])
        refused = refused_keywords(op, function, [keyword for keyword, _ in step.kwargs])
        if refused is not None:
            raise Unsupported(refused)
        if op in SPREAD_OPS and len(step.args) == 1 and step.args[0][0] == "refs":
            args = ["*" + args[0]]
        return f"{self.constant(function)}({', '.join(args + keywords)})"

    def results(self):
        """The steps the function returns the results of, in order."""
        return sorted(self.defined - set(self.produced))

    def source(self):
        parameters = ", ".join(["c", *(f"r{i}" for i in self.produced)])
        results = ", ".join(f"r{i}" for i in self.results())
        body = self.lines or ["    pass"]
        return "\n".join([f"def program({parameters}):", *body,
                          f"    return ({results}{',' if results else ''})"])


_CACHE = ProgramCache(CACHE_SIZE)


def _without_numbers(value):
    """A program value with its numbers (shapes, scalars, data) replaced by their kind: programs
    that differ only there share one compiled function, whose numbers are arguments (Dynamo
    makes them dynamic after the first recompile)."""
    if isinstance(value, dict):
        return {key: ("data", len(body["shape"])) if key == "data" else
                ("tuple", len(body)) if key == "tuple" else
                key if key in ("int", "float") else _without_numbers(body)
                for key, body in value.items()}
    if isinstance(value, list):
        return [_without_numbers(v) for v in value]
    return value


def _key(steps, traced, produced, arrays):
    """The program's shape: its traced steps without their numbers, where its arguments come
    from, and each argument's dtype, device and rank."""
    raw = steps.raw["steps"]
    text = json.dumps([_without_numbers(raw[i]) for i in traced], sort_keys=True,
                      separators=(",", ":"))
    return text, tuple(traced), tuple(produced), tuple(
        (a.ndim, str(a.dtype), str(a.device)) for a in arrays)


def run_program(env, steps):
    import torch

    run = Run(env, getattr(steps, "read_values", True))
    return run_as_one_function(
        env, steps, run, NAME,
        lambda traced, made, arrays, outcomes: _run_compiled(
            torch, env, run, steps, traced, made, arrays, outcomes))


def _compiled(torch, program, key):
    """The compiled function of the program's shape, and the dict its statements put their errors
    in: compiled at the first program of that shape."""
    found = _CACHE.get(key)
    source = program.source()
    if found is not None and found[0] == source:
        return found[1], found[2]
    if not _CACHE:
        # Past Dynamo's limit of recompiles of one function it runs it eagerly, silently: that
        # would be the eager route under this one's name.
        torch._dynamo.config.recompile_limit = 1 << 20
        torch._dynamo.config.accumulated_recompile_limit = 1 << 20
    errors = {}
    scope = {"errors": errors, "MISSING": MISSING, "_out": _out}
    exec(compile(source, f"<program {len(_CACHE)}>", "exec"), scope)
    function = torch.compile(scope["program"], backend=backend(), fullgraph=False)
    _CACHE.put(key, (source, function, errors))
    return function, errors


def _run_compiled(torch, env, run, steps, traced, produced, arrays, outcomes):
    outputs = run.outputs
    program = Program(env, steps, traced, produced)
    function, errors = _compiled(torch, program, _key(steps, traced, produced, arrays))
    errors.clear()
    try:
        results = function(program.constants, *arrays)
        failure = None
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # the compiled graph as a whole
        results, failure = None, e
    answers = dict(zip(program.results(), results)) if results is not None else {}
    for i in traced:
        step = steps[i]
        if i in program.before:
            outcomes[i] = program.before[i]
        elif i in program.after:
            continue
        elif i in errors:
            error = errors[i]
            if isinstance(error, NotRun):
                outcomes[i] = {"status": "not_run", "message": str(error)}
            elif isinstance(error, Unsupported):
                outcomes[i] = {"status": "unsupported", "message": str(error)}
            else:
                # A keyword the function does not take: unsupported, as on the eager route.
                refusal = keyword_refused_by(env, step.op, [name for name, _ in step.kwargs],
                                             error) if isinstance(error, TypeError) else None
                outcomes[i] = {"status": "unsupported", "message": refusal} if refusal \
                    else run.refused(env, error)[0]
        elif failure is not None:
            outcomes[i] = run.refused(env, failure)[0]
        else:
            outcomes[i], outputs[i] = run.report(step, answers[i], ())
    for i in program.after:
        outcomes[i], outputs[i] = run._step(steps[i])

