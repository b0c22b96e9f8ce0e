"""The lazy route: dask as its users run it. Calling a dask function computes nothing, it adds
to a graph; a user's code builds the whole program and computes its results once, at the end.
So here every step is called as on the eager route, no value is read on the way, and the
results of every step are computed together by one dask.compute after the last step. An error
that only shows there (a chunk function that raises, devices that only meet when the graph
runs) is the error of each step whose results need it: after a failed compute each step's
results are computed alone, to say whose it is. Where a result lands is read from the lazy
array, before any compute, as a user's code reads it; its values from the one compute."""

from ..execute import Run, run_steps
from ..protocol import raised
from ..values import host_values
from .one_function import arrays_not_of

NAME = "lazy"


def problem(env):
    """Why this library's programs cannot take the route, or None."""
    try:
        import dask.array
    except Exception as e:
        return f"dask does not import: {type(e).__name__}: {e}"
    return arrays_not_of(env, dask.array.Array, "the lazy route computes dask graphs of dask "
                         "arrays")


def run_program(env, steps):
    import dask
    import dask.array

    read_values = getattr(steps, "read_values", True)
    run = Run(env, read_values=False)
    run.raw_errors = getattr(steps, "raw_errors", False)
    outcomes = run_steps(run, steps)
    lazy = {}  # step -> its dask arrays
    for i, produced in enumerate(run.outputs):
        arrays = [x for x in produced or () if isinstance(x, dask.array.Array)]
        if arrays and outcomes[i].get("status") == "ok":
            lazy[i] = arrays
    if not lazy:
        return outcomes
    try:  # one compute of every step's list: dask hands back the lists, computed
        computed = dict(zip(lazy, dask.compute(*lazy.values())))
    except KeyboardInterrupt:
        raise
    except BaseException:
        computed = {}
        for i, arrays in lazy.items():  # whose error it is
            try:
                computed[i] = dask.compute(*arrays)
            except KeyboardInterrupt:
                raise
            except BaseException as e:
                outcomes[i] = raised(e)
    if read_values:
        for i, values in computed.items():
            reports = outcomes[i].get("arrays", ())
            if len(reports) == len(values):  # an array of each report, in order
                for report, value in zip(reports, values):
                    report["values"] = _values(env, value)
    return outcomes


def _values(env, computed):
    try:
        return host_values(env, computed)
    except Exception:  # values that cannot be read are none, as on the eager route
        return None

