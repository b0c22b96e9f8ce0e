"""Running a decoded program against the namespace: each step's call, what the library raised
and whether it means "this device cannot run this" (unsupported) or a real error, and the
outcome of each step."""

import inspect
import re
import sys

from .protocol import LibraryRaised, NotRun, Unsupported, adapter_error, one_line, raised
from .values import report_array, report_result
from .program import EmptyInput, check_produced, resolve
from .environment import safe_hasattr


# array.X that are attributes, not methods (catalogue namespace array_attribute).
ARRAY_ATTRIBUTES = ("device", "dtype", "shape", "ndim", "size", "T", "mT")


# Ops taking *arrays: a RefList argument is spread into positional arguments.
SPREAD_OPS = ("meshgrid", "broadcast_arrays", "result_type")


_SIGNATURES = {}


def takes_keyword(function, name):
    """True: the signature names it; False: it cannot take it; "varkw": only through **kwargs;
    None: no signature (builtins), find out by calling."""
    key = getattr(function, "__func__", function)  # bound methods are new objects each time
    try:
        parameters = _SIGNATURES[key]
    except (KeyError, TypeError):
        try:
            parameters = inspect.signature(function).parameters
        except (TypeError, ValueError):
            parameters = None
        try:
            _SIGNATURES[key] = parameters
        except TypeError:
            pass
    if parameters is None:
        return None
    if name in parameters and parameters[name].kind != inspect.Parameter.POSITIONAL_ONLY:
        return True
    if any(p.kind == inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return "varkw"
    return False


def compare_hashes(a, b):
    """{"hash_equal": hash(a) == hash(b)} for hashable devices. An unhashable one (hash() raises
    TypeError: a class with __eq__ and no __hash__, CuPy's Device) is reported as such: Python's
    data model asks equal hashes only of hashable objects, and the standard asks only for ==."""
    try:
        return {"hash_equal": hash(a) == hash(b)}
    except TypeError as e:
        return {"hashable": False, "hash_error": one_line(f"TypeError: {e}")}
    except Exception as e:
        return {"hash_error": one_line(f"{type(e).__name__}: {e}")}


# How libraries say a keyword is unknown: Python, numpy's ufuncs, dask's backend dispatch.
UNEXPECTED_KEYWORD = re.compile(r"unexpected keyword argument '(\w+)'|'(\w+)' is an invalid "
                                r"keyword|[Uu]nexpected keyword argument\(s\): ([\w, ]+)")


_KEYWORD_VERDICTS = {}


def refused_keywords(op, function, names):
    """Why `function` cannot be called with keywords `names`, or None."""
    for name in names:
        taken = takes_keyword(function, name)
        if taken is False:
            return f"{op} takes no keyword {name}="
        if taken == "varkw" and name == "device":
            # dask's zeros(**kwargs) swallows device= and computes garbage: not a real keyword.
            return f"{op} names no device= parameter (only **kwargs)"
    return None


def call_library(env, op, function, args, kwargs, keywords=None):
    """Calls function(*args, **kwargs); a keyword it cannot take raises Unsupported."""
    if kwargs:
        # Signatures are read once per function and set of keywords.
        key = (op, getattr(function, "__func__", function), keywords or tuple(kwargs))
        try:
            refused = _KEYWORD_VERDICTS[key]
        except (KeyError, TypeError):
            refused = refused_keywords(op, function, kwargs)
            try:
                _KEYWORD_VERDICTS[key] = refused
            except TypeError:
                pass
        if refused is not None:
            raise Unsupported(refused)
    try:
        return function(*args, **kwargs)
    except TypeError as e:
        refused = keyword_refused_by(env, op, kwargs, e)
        if refused is not None:
            raise Unsupported(refused) from None
        raise


def keyword_refused_by(env, op, names, error):
    """Why a TypeError the call raised means it takes no keyword of `names`, or None."""
    text = str(error)
    for match in UNEXPECTED_KEYWORD.finditer(text):
        for name in re.split(r"[, ]+", match.group(1) or match.group(2) or match.group(3)):
            if name in names:
                return f"{op} takes no keyword {name}=: {one_line(text)[:300]}"
    # torch's overload errors: a keyword named in none of the signatures it lists.
    if "invalid combination of arguments" in text and "expected one of" in text:
        listed = text.split("expected one of", 1)[1]
        aliases = env.hint.get("keyword_aliases", {})
        for name in names:
            spellings = (name, aliases.get(name, name))
            if not any(re.search(rf"\b{re.escape(n)}\b", listed) for n in spellings):
                return f"{op} takes no keyword {name}=: {one_line(text)[:300]}"
    return None


def find_callable(env, op, args):
    """The function a step calls and the positional arguments it gets, or an attribute value."""
    target = env._callables.get(op)  # a namespace function looked up before
    if target is not None:
        return target, args, False
    xp = env.xp
    if op.startswith("array."):
        name = op[6:]
        if not args:
            raise Unsupported(f"{op} without an array")
        if not safe_hasattr(args[0], name):
            raise Unsupported(f"{type(args[0]).__name__} has no {name}")
        if name in ARRAY_ATTRIBUTES:  # read in the caller: reading may raise (x.T of 1-d)
            return (args[0], name), args[1:], True
        return getattr(args[0], name), args[1:], False
    if op == "info.__array_namespace_info__":
        if not hasattr(xp, "__array_namespace_info__"):
            raise Unsupported(f"{env.module} has no __array_namespace_info__")
        return xp.__array_namespace_info__, args, False
    if op.startswith("info."):
        if not hasattr(xp, "__array_namespace_info__"):
            raise Unsupported(f"{env.module} has no __array_namespace_info__")
        try:
            info = xp.__array_namespace_info__()
        except Exception as e:
            raise LibraryRaised(e) from None
        if not hasattr(info, op[5:]):
            raise Unsupported(f"{env.module}'s __array_namespace_info__() has no {op[5:]}")
        return getattr(info, op[5:]), args, False
    target = xp
    for part in op.split("."):
        if not hasattr(target, part):
            raise Unsupported(f"{env.module} has no {op}")
        target = getattr(target, part)
    env._callables[op] = target  # a namespace's functions are looked up once
    return target, args, False


class Called:
    """A step's call that answered: its result, and the arguments it was called with."""

    __slots__ = ("result", "args")

    def __init__(self, result, args):
        self.result, self.args = result, args


class Run:
    """One program from a fresh state: the results of its steps and whether it moved the
    default device."""

    def __init__(self, env, read_values=True):
        self.env = env
        self.read_values = read_values
        self.outputs = []  # per step: a list of results, or None (raised / unsupported / not run)
        self.moved_default = []  # the environments whose default device a step set
        self.raw_errors = False

    def _step(self, step):
        """(outcome, outputs) of one step, run now."""
        called = self.call(step)
        if isinstance(called, Called):
            return self.report(step, called.result, called.args)
        return called

    def call(self, step):
        """The step's call: Called(result, args) when the library answered, else the finished
        (outcome, outputs) of a step that raised, was refused, or is the harness's own."""
        env, op, outputs = step.env or self.env, step.op, self.outputs
        try:
            args = step.ready_args
            if args is not None:  # literals and single results: fill in the results
                kwargs = step.ready_kwargs
                if step.fills or step.keyword_fills:
                    try:
                        if step.fills:
                            args = args.copy()
                            for position, source, output in step.fills:
                                args[position] = outputs[source][output]
                        if step.keyword_fills:
                            kwargs = kwargs.copy()
                            for name, source, output in step.keyword_fills:
                                kwargs[name] = outputs[source][output]
                    except (IndexError, TypeError):  # not produced (None), or not yet
                        check_produced(step.refs, outputs)
                        raise
            else:
                if step.refs:
                    check_produced(step.refs, outputs)
                args = []
                for value in step.args:
                    tag = value[0]
                    if tag == "lit":
                        args.append(value[1])
                    elif tag == "ref":
                        args.append(outputs[value[1]][value[2]])
                    elif tag == "refs" and op in SPREAD_OPS:
                        args.extend(resolve(env, value, outputs))
                    else:
                        args.append(resolve(env, value, outputs))
                kwargs = {name: value[1] if value[0] == "lit" else resolve(env, value, outputs)
                          for name, value in step.kwargs}
            if step.harness:
                return self._harness(op, args, kwargs, env)
            function = env._callables.get(op)  # a namespace function looked up before
            if step.input_only and env.make_input is not None:
                function, attribute = env.make_input, False
                data = args[0]
                if isinstance(data, EmptyInput):
                    data = __import__("numpy").zeros(tuple(data))
                call_args, kwargs = (data, kwargs["dtype"], kwargs.get("device")), None
            elif function is not None:
                call_args, attribute = args, False
            else:
                function, call_args, attribute = find_callable(env, op, args)
        except NotRun as e:
            return {"status": "not_run", "message": str(e)}, None
        except Unsupported as e:
            return {"status": "unsupported", "message": str(e)}, None
        except LibraryRaised as e:
            return raised(e.error), None
        try:
            if attribute:
                if call_args or kwargs:
                    raise Unsupported(f"{op} is an attribute: it takes no arguments")
                result = getattr(*function)
            elif kwargs:
                result = call_library(env, op, function, call_args, kwargs, step.keywords)
            else:  # call_library without keywords to check or to find in its errors
                result = function(*call_args)
        except Unsupported as e:
            return {"status": "unsupported", "message": str(e)}, None
        except KeyboardInterrupt:
            raise
        except BaseException as e:
            return self.refused(env, e)
        return Called(result, args)

    def refused(self, env, e):
        """The outcome of a call that raised e: a device limit the hint table names is
        unsupported, anything else raised."""
        limit = None if self.raw_errors else device_limit(env, e)
        if limit is not None:
            return {"status": "unsupported", "message": limit}, None
        return raised(e), None

    def report(self, step, result, args):
        """(outcome, outputs) of a call that answered `result`."""
        env, op = step.env or self.env, step.op
        if op == "array.__setitem__" and result is None:
            result = args[0]  # like strict: the step's result is its target, changed
        if env.array_types and isinstance(result, env.array_types):  # one array: most steps
            return {"status": "ok", "arrays": [report_array(env, result, self.read_values)]}, \
                [result]
        return report_result(env, op, result, self.read_values)

    def _harness(self, op, args, kwargs, env):
        if op == "harness.set_default_device":
            if env.set_default_template is None:
                raise Unsupported(f"{env.module} has no way to set the default device")
            device = kwargs.get("device", args[0] if args else None)
            if env not in self.moved_default:
                self.moved_default.append(env)
            try:
                env.set_default_device(device)
            except Unsupported:
                raise
            except Exception as e:
                return raised(e), None
            return {"status": "ok"}, []
        if op == "harness.observe":
            if not args:
                raise Unsupported("harness.observe needs an array")
            return report_result(env, op, args[0], self.read_values)
        if op == "harness.compare_devices":
            if len(args) != 2:
                raise Unsupported("harness.compare_devices needs two arrays")
            for x in args:
                if not safe_hasattr(x, "device"):
                    raise Unsupported(f"{type(x).__name__} has no device")
            try:
                a, b = args[0].device, args[1].device
                value = {"eq": bool(a == b), "eq_swapped": bool(b == a), "ne": bool(a != b)}
            except Exception as e:
                return raised(e), None
            value.update(compare_hashes(a, b))
            return {"status": "ok", "value": value}, [value]
        raise Unsupported(f"unknown harness operation {op}")

    def finish(self):
        """Back to the state of the handshake."""
        for env in self.moved_default:
            try:
                env.restore_default_device()
            except Exception as e:
                print(f"array_api_adapter: restoring the default device failed: {e!r}",
                      file=sys.stderr)


def run_program(env, steps):
    run = Run(env, getattr(steps, "read_values", True))
    run.raw_errors = getattr(steps, "raw_errors", False)
    return run_steps(run, steps)


def run_steps(run, steps):
    """Each step's outcome, run one at a time by `run` (its outputs kept in run.outputs)."""
    outputs = run.outputs  # per step: a list of results, or None (raised / unsupported / not run)
    outcomes = []
    try:
        for step in steps:
            if isinstance(step, Unsupported):  # a peer step without a peer
                outcome, produced = {"status": "unsupported", "message": str(step)}, None
            elif isinstance(step, Exception):  # it did not decode
                outcome, produced = adapter_error(step), None
            else:
                try:
                    outcome, produced = run._step(step)
                except KeyboardInterrupt:
                    raise
                except BaseException as e:
                    outcome, produced = adapter_error(e), None
            outputs.append(produced)
            outcomes.append(outcome)
    finally:
        run.finish()
    return outcomes


def device_limit(env, e):
    """The unsupported message for an error the hint table says means "this device cannot run
    this operation at all", or None."""
    text = str(e)
    for fragment in env.hint.get("device_limits", ()):
        if fragment in text:
            return one_line(f"a device cannot run this: {type(e).__name__}: {text}")
    return None
