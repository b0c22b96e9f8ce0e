"""Programs as the harness sends them (the wire format of conformance/src/program/program.cpp),
decoded once into steps whose arguments are references to earlier results, literals or arrays to
make, so that running one does no parsing; resolve() turns decoded values into call arguments."""

from .protocol import LibraryRaised, NotRun, Unsupported


# isdtype/info.dtypes kinds that are no dtype name: passed on as strings.
DTYPE_KINDS = ("signed integer", "unsigned integer", "integral", "real floating",
               "complex floating", "numeric")


class InvalidDevice:
    """Something passed as device= that is no device of any library."""

    def __repr__(self):
        return "INVALID_DEVICE"


# Named as in the reproduction scripts, which define it in __main__ (a library's error message
# may print the type), and as when the adapter was one script.
InvalidDevice.__module__ = "__main__"
INVALID_DEVICE = InvalidDevice()


def python_number(value):
    if type(value) is float:  # what JSON gives, first
        return int(value) if value.is_integer() else value
    if type(value) is int:
        return value
    return int(value) if float(value).is_integer() else float(value)


def nested_list(values, shape):
    if not shape:
        return python_number(values[0])
    if len(shape) == 1:
        return [python_number(v) for v in values]
    stride = len(values) // shape[0] if shape[0] else 0
    return [nested_list(values[i * stride:(i + 1) * stride], shape[1:]) for i in range(shape[0])]


def decode_value(j, env=None):
    """A program value as (tag, ...). With the environment, a listed device and a dtype the
    namespace has become literals here, once per program instead of once per step run."""
    if not isinstance(j, dict) or len(j) != 1:
        raise ValueError(f"a program value must be an object with one key: {j!r}")
    (kind, body), = j.items()
    if kind == "ref":
        return ("ref", int(body[0]), int(body[1]))
    if kind == "device":
        index = int(body)
        if env is not None and 0 <= index < len(env.devices):
            return ("lit", env.devices[index])
        return ("device", index)
    if kind == "dtype":
        name = str(body)
        if env is not None:
            dtype = getattr(env.xp, name, None)
            if dtype is not None:
                return ("lit", dtype)
            if name in DTYPE_KINDS:
                return ("lit", name)
        return ("dtype", name)
    if kind == "data":
        shape = [int(n) for n in body["shape"]]
        if len(shape) > 1 and 0 in shape:
            return ("empty", tuple(shape))  # a nested list would lose the shape
        return ("lit", nested_list(list(body["values"]), shape))
    if kind == "none":
        return ("lit", None)
    if kind == "bool":
        return ("lit", bool(body))
    if kind == "int":
        return ("lit", int(body))
    if kind == "float":
        return ("lit", float(body))
    if kind == "refs":
        return ("refs", [(int(r[0]), int(r[1])) for r in body])
    if kind == "invalid_device":
        return ("lit", INVALID_DEVICE)
    if kind == "tuple":
        return ("lit", tuple(int(v) for v in body))
    raise ValueError(f"unknown program value kind: {kind}")


class DecodedStep:
    """One step: its operation, its values as decoded, and what it reads (checked before it
    runs). A step whose values are all literals or single results (most steps) also keeps its
    arguments ready, with the positions its results fill at run time (ready_args is None for
    the others). Built in one pass: decoding is on the harness's path too."""

    __slots__ = ("op", "harness", "args", "kwargs", "keywords", "refs", "ready_args",
                 "ready_kwargs", "fills", "keyword_fills", "input_only", "env")


def note_reads(value, refs):
    """Adds the (step, output) pairs a decoded value reads to refs; whether the value can sit in
    a ready argument list (a literal, or a single result at non-negative indexes: a negative one
    would read from the end instead of failing)."""
    tag = value[0]
    if tag == "lit":
        return True
    if tag == "ref":
        refs.append(value[1:])
        return value[1] >= 0 and value[2] >= 0
    if tag == "refs":
        refs.extend(value[1])
    return False


def decode_step(j, env=None):
    if "namespace" in j:
        env = peer_of(env, j["namespace"])
    step = DecodedStep()
    step.env = env  # the namespace it runs in; None: the run's
    step.op = op = str(j["op"])
    step.harness = op.startswith("harness.")
    ready = True
    args, refs, ready_args, fills = [], [], [], []
    builds_input = only_builds_an_input(j)
    # Its n-d empty data goes to make_input as a host array too (EmptyInput).
    empty_input = builds_input and getattr(env, "make_input", None) is not None
    for raw in j.get("args", ()):
        value = decode_value(raw, env)
        if value[0] == "empty" and empty_input:
            value = ("lit", EmptyInput(value[1]))
        ready = note_reads(value, refs) and ready
        if value[0] == "ref":
            fills.append((len(args), value[1], value[2]))
        ready_args.append(value[1] if value[0] == "lit" else None)
        args.append(value)
    kwargs, ready_kwargs, keyword_fills = [], {}, []
    for pair in j.get("kwargs", ()):
        name, value = str(pair[0]), decode_value(pair[1], env)
        ready = note_reads(value, refs) and ready and name not in ready_kwargs
        if value[0] == "ref":
            keyword_fills.append((name, value[1], value[2]))
        ready_kwargs[name] = value[1] if value[0] == "lit" else None
        kwargs.append((name, value))
    step.args, step.kwargs, step.refs = args, kwargs, refs
    step.keywords = tuple(ready_kwargs) if ready else None  # None: call_library works them out
    step.ready_args, step.ready_kwargs = (ready_args, ready_kwargs) if ready else (None, None)
    step.fills, step.keyword_fills = fills, keyword_fills
    # Literal data, and every keyword known: made by the hint's make_input where it has one.
    step.input_only = builds_input and args[0][0] == "lit" and ready
    if empty_input and isinstance(args[0][1], EmptyInput) and not step.input_only:
        # Not made by make_input after all (a dtype or device the library lacks): the library's
        # own empty array, as for every other library, and the error that follows.
        args[0] = ("empty", tuple(args[0][1]))
        step.ready_args = step.ready_kwargs = step.keywords = None
    return step


class EmptyInput(tuple):
    """The shape of an n-d empty input (data of shape (0, k) has no nested-list form) that
    make_input makes from a host array of that shape."""


def only_builds_an_input(j):
    """Whether the raw step j only builds an input: an asarray of one value with dtype= (and
    device=) that is not under test. The library's hint may make it more cheaply (make_input),
    n-d empty data included: as a host array of that shape it is made on the device asked for,
    as every other input is (JAX: committed, with nothing compiled), instead of by the library's
    own reshape(asarray([]), shape) (JAX: an uncommitted array, which asarray(device=) left
    uncommitted, D2: explicit.asarray.of_an_array checks that on its own)."""
    names = [str(pair[0]) for pair in j.get("kwargs", ())]
    return (j.get("op") == "asarray" and not j.get("under_test", True)
            and len(j.get("args", ())) == 1 and "dtype" in names
            and set(names) <= {"dtype", "device"})


def peer_of(env, namespace):
    """The environment a step with "namespace" runs in: only "peer" is known."""
    if namespace != "peer":
        raise ValueError(f"unknown step namespace {namespace!r}")
    if env is None:
        return None
    if getattr(env, "peer", None) is None:
        raise Unsupported(getattr(env, "peer_error", None) or "no --peer namespace was loaded")
    return env.peer


class DecodedProgram(list):
    """Each step, or the error that kept it from decoding (reported as AdapterError), and
    whether the check compares array values (the program's read_values: only then are they read
    back, which was a third of the executor's time)."""

    def __init__(self, steps, read_values, raw_errors=False, raw=None):
        super().__init__(steps)
        self.raw = raw  # the program as the harness wrote it (a compiled route keys on it)
        self.read_values = read_values
        # A program across two namespaces (dlpack_between.*) reports every error as raised: its
        # checks judge refusals by exception type (torch's "Cannot pack tensors on meta" is a
        # BufferError there, not a device limit of the hint table).
        self.raw_errors = raw_errors


def decode_program(j, env=None):
    steps = []
    for raw in j.get("steps", []):
        try:
            steps.append(decode_step(raw, env))
        except Exception as e:
            steps.append(e)
    raw_errors = any(isinstance(raw, dict) and "namespace" in raw for raw in j.get("steps", []))
    return DecodedProgram(steps, bool(j.get("read_values", False)), raw_errors, j)


def check_produced(refs, outputs):
    """Raises NotRun when a step reads a result that was not produced."""
    for step, output in refs:
        if not (0 <= step < len(outputs)) or outputs[step] is None or \
                not (0 <= output < len(outputs[step])):
            raise NotRun(f"x{step}[{output}] was not produced")


def resolve(env, value, outputs):
    tag = value[0]
    if tag == "lit":
        return value[1]
    if tag == "ref":
        return outputs[value[1]][value[2]]
    if tag == "refs":
        return [outputs[s][o] for s, o in value[1]]
    if tag == "device":
        if not 0 <= value[1] < len(env.devices):
            raise Unsupported(f"no device {value[1]}: the handshake lists {len(env.devices)}")
        return env.devices[value[1]]
    if tag == "dtype":
        dtype = getattr(env.xp, value[1], None)
        if dtype is not None:
            return dtype
        if value[1] in DTYPE_KINDS:
            return value[1]
        raise Unsupported(f"{env.module} has no dtype {value[1]}")
    if tag == "empty":
        try:
            return env.xp.reshape(env.xp.asarray([]), value[1])
        except Exception as e:
            raise LibraryRaised(e) from None
    raise ValueError(f"unknown decoded value {tag}")
