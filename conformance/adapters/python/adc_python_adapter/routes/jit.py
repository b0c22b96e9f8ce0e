"""The jit route: each program as one function under jax.jit, as JAX users run their code.

The program's inputs (the steps that only make an array from literal data) are made first, on
their devices, outside the function, and become its arguments. Every other step runs inside it,
on traced values: creation with device=, the operations under test, reading attributes. What a
step answers is reported from the function's results once it has run, so a result's device is
where jax.jit put it. A step that raises while being traced reports that error; an error of the
whole call (arguments on different devices) is every traced step's. What jax.jit refuses to
trace (a data-dependent shape, a Python bool of a traced value) is unsupported, with JAX's
message: the program cannot be compiled, which says nothing about devices.

The function of a program is compiled once per program shape: programs with the same steps
and arguments of the same shapes, dtypes and placements share one compiled function (and JAX's
persistent cache shares it across processes).
"""

import json

from ..execute import Called, Run
from ..protocol import adapter_error, one_line, raised
from .one_function import ProgramCache, arrays_not_of, run_as_one_function

NAME = "jit"

# How many compiled program functions one process keeps.
CACHE_SIZE = 4096


def problem(env):
    """Why this library's programs cannot take the route, or None."""
    try:
        import jax
    except Exception as e:
        return f"jax does not import: {type(e).__name__}: {e}"
    return arrays_not_of(env, jax.Array, "jax.jit compiles functions of JAX arrays")


def _trace_errors():
    import jax
    names = ("ConcretizationTypeError", "TracerArrayConversionError",
             "TracerBoolConversionError", "TracerIntegerConversionError",
             "NonConcreteBooleanIndexError", "UnexpectedTracerError")
    return tuple(getattr(jax.errors, name) for name in names if hasattr(jax.errors, name))


class TracedRun(Run):
    """A Run whose refusals by the tracer are unsupported rather than raised."""

    trace_errors = ()

    def refused(self, env, e):
        if isinstance(e, self.trace_errors):
            return {"status": "unsupported",
                    "message": one_line(f"jax.jit cannot trace this: {type(e).__name__}: {e}")}, \
                None
        return super().refused(env, e)


class CompiledProgram:
    """One program shape: its jitted function and, from the one time it was traced, what each
    traced step did: ("called", treedef, slots) with slots naming, for each leaf of the
    answer, a result of the function (an int) or the leaf itself (a value that is no array),
    ("done", outcome) for a step that raised or was refused while being traced, and
    ("after", None) for a step run on the results, after the call."""

    def __init__(self):
        self.function = None
        self.records = None


_CACHE = ProgramCache(CACHE_SIZE)


def _program_key(steps, traced, arguments, arrays):
    """The program's shape: its traced steps as the harness wrote them, where its arguments
    come from, and each argument's shape, dtype and placement (committed or not)."""
    raw = steps.raw["steps"]
    text = json.dumps([raw[i] for i in traced], sort_keys=True, separators=(",", ":"))
    return text, tuple(traced), tuple(arguments), tuple(
        (a.shape, str(a.dtype), getattr(a, "weak_type", None), a.sharding,
         getattr(a, "_committed", None)) for a in arrays)


def run_program(env, steps):
    import jax

    run = TracedRun(env, getattr(steps, "read_values", True))
    run.trace_errors = _trace_errors()
    return run_as_one_function(
        env, steps, run, NAME,
        lambda traced, arguments, arrays, outcomes: _run_traced(
            jax, run, steps, traced, arguments, arrays, outcomes))


def _run_traced(jax, run, steps, traced, arguments, arrays, outcomes):
    outputs = run.outputs
    key = _program_key(steps, traced, arguments, arrays)
    compiled = _CACHE.get(key)
    if compiled is None:
        compiled = CompiledProgram()

        def program(*inputs):
            return _body(jax, run, steps, traced, arguments, inputs, compiled)

        compiled.function = jax.jit(program)
        _CACHE.put(key, compiled)
    try:
        results = compiled.function(*arrays)
        failure = None
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # the call as a whole: placement, lowering, compiling
        results, failure = None, e
    if compiled.records is None:  # it failed before its trace was complete
        _CACHE.drop(key)
        for i in traced:
            outcomes[i] = raised(failure) if failure is not None else \
                adapter_error(RuntimeError("jax.jit returned without tracing the program"))
        return
    # The trace wrote tracers into outputs: from here on, only the inputs and concrete results.
    for i in traced:
        outputs[i] = None
    for i, array in zip(arguments, arrays):
        outputs[i] = [array]
    for i, (kind, *record) in zip(traced, compiled.records):
        step = steps[i]
        if kind == "done":
            outcomes[i] = record[0]
        elif kind == "after":
            outcomes[i], outputs[i] = run._step(step)
        elif failure is not None:
            outcomes[i] = run.refused(step.env or run.env, failure)[0]
        else:
            treedef, slots = record
            leaves = [results[slot] if type(slot) is int else slot.value for slot in slots]
            outcomes[i], outputs[i] = run.report(step, jax.tree_util.tree_unflatten(treedef,
                                                                                    leaves), ())


class Static:
    """A leaf of a step's answer that is no array, kept from the trace as it was."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


def _body(jax, run, steps, traced, arguments, values, compiled):
    """The program as one function of its inputs, run by jax.jit while it traces."""
    outputs = run.outputs
    for i, value in zip(arguments, values):
        outputs[i] = [value]
    records, results = [], []
    for i in traced:
        step = steps[i]
        if isinstance(step, Exception):  # it did not decode
            records.append(("done", adapter_error(step)))
            continue
        if step.op == "harness.compare_devices":  # device objects: of the results, after
            records.append(("after", None))
            continue
        try:
            if step.op == "harness.observe":
                called = _observed(step, outputs)
            elif step.op == "array.device":
                called = _device_of(step, outputs)
            else:
                called = run.call(step)
        except KeyboardInterrupt:
            raise
        except BaseException as e:
            called = adapter_error(e), None
        if not isinstance(called, Called):
            records.append(("done", called[0]))
            continue
        result = called.result
        if step.op == "array.__setitem__" and result is None:
            result = called.args[0]
        leaves, treedef = jax.tree_util.tree_flatten(result)
        slots = []
        for leaf in leaves:
            if isinstance(leaf, jax.Array):
                slots.append(len(results))
                results.append(leaf)
            else:
                slots.append(Static(leaf))
        records.append(("called", treedef, slots))
        # What later steps read, as the eager route keeps it (report_result).
        outputs[i] = list(result) if isinstance(result, (tuple, list)) else \
            ([] if result is None else [result])
    compiled.records = records
    return tuple(results)


def _first_array(step, outputs):
    """The traced value the step's first argument refers to, or None."""
    first = step.args[0] if step.args else None
    if first is None or first[0] != "ref" or outputs[first[1]] is None:
        return None
    return outputs[first[1]][first[2]]


def _observed(step, outputs):
    """harness.observe of a traced value: the value itself, reported once it is a result."""
    value = _first_array(step, outputs)
    if value is None:
        return {"status": "unsupported", "message": "harness.observe needs an array"}, None
    return Called(value, ())


def _device_of(step, outputs):
    """array.device of a traced value. Where the tracer has none (JAX: jax-ml/jax#26000) that is
    the answer, AttributeError, as code written against the standard meets it inside jax.jit."""
    value = _first_array(step, outputs)
    if value is None:
        return {"status": "unsupported", "message": "array.device needs an array"}, None
    try:
        return Called(value.device, ())
    except AttributeError as e:
        return raised(e), None
