"""What the compiled routes share: a program runs as one function of its inputs. The inputs (the
steps that only make an array from literal data) are made first, eagerly, on their devices, and
are the function's arguments; a program that cannot be one function is unsupported in every
step, with the reason. The compiled functions are kept per program shape (ProgramCache)."""

import collections


def inexpressible(env, steps, route):
    """Why the program cannot be written as one function, or None."""
    for step in steps:
        if getattr(step, "op", None) == "harness.set_default_device":
            return (f"the {route} route runs the program as one function: the default device "
                    "cannot be set between its steps")
        if getattr(step, "env", None) not in (None, env):
            return f"the {route} route runs one namespace: a --peer step is not part of it"
    return None


def arrays_not_of(env, array_type, takes):
    """Why env's library cannot take a route that takes only `array_type` arrays (`takes` says
    so: "jax.jit compiles functions of JAX arrays"), or None."""
    if env.fresh is not None and isinstance(env.fresh, array_type):
        return None
    kind = "none" if env.fresh is None else \
        f"{type(env.fresh).__module__}.{type(env.fresh).__qualname__}"
    return f"{takes}, and {env.module}'s arrays are {kind}"


class ProgramCache:
    """The compiled functions of the last `size` program shapes, the least recently used
    dropped first."""

    def __init__(self, size):
        self.size = size
        self.entries = collections.OrderedDict()

    def get(self, key):
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
        return found

    def put(self, key, value):
        self.entries[key] = value
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)

    def drop(self, key):
        self.entries.pop(key, None)

    def __len__(self):
        return len(self.entries)


def is_input(step):
    return not isinstance(step, Exception) and step.input_only


def run_as_one_function(env, steps, run, route, run_the_rest):
    """Each step's outcome: the inputs made here, the rest by
    run_the_rest(traced, inputs_made, their_arrays, outcomes), which fills in their outcomes."""
    reason = inexpressible(env, steps, route)
    if reason is not None:
        return [{"status": "unsupported", "message": reason} for _ in steps]
    count = len(steps)
    outputs = run.outputs = [None] * count
    outcomes = [None] * count
    inputs = [i for i in range(count) if is_input(steps[i])]
    traced = [i for i in range(count) if not is_input(steps[i])]
    try:
        for i in inputs:  # outside the function: its arguments, on their devices
            outcomes[i], outputs[i] = run._step(steps[i])
        made = [i for i in inputs if outputs[i] is not None]
        if traced:
            run_the_rest(traced, made, [outputs[i][0] for i in made], outcomes)
    finally:
        run.finish()
    return outcomes
