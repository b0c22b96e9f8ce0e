"""The routes a program can take through a library. Eager (the default): a call at a time, each
step's answer read as it comes. Compiled: the whole program as one function of its inputs, as
users of the libraries with compilers run their code (jit: jax.jit; compile: torch.compile). Lazy:
every step builds dask's graph, and the results are computed once, at the end. The handshake
request names the route; a library that cannot take it says why in its handshake."""

from ..execute import run_program as run_eagerly
from . import jit, lazy, torch_compile

ROUTES = {jit.NAME: jit, torch_compile.NAME: torch_compile, lazy.NAME: lazy}


def names():
    return ["eager", *ROUTES]


def route_problem(env, name):
    """Why env's library cannot take route `name`, or None."""
    if name == "eager":
        return None
    route = ROUTES.get(name)
    if route is None:
        return f"no route {name!r}: the routes are {', '.join(names())}"
    return route.problem(env)


def program_runner(name):
    """The function that runs a decoded program on route `name` (eager when it is unknown)."""
    route = ROUTES.get(name)
    return run_eagerly if route is None else route.run_program
