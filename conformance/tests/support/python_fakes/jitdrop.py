"""A namespace over jax.numpy that is right eagerly and wrong only under jax.jit: while it is being
traced, arange and linspace drop the device= they were given (a wrapper that forgets a keyword
on its compiled path), so their results land on the default device. JAX's own arange and
linspace keep device= inside jax.jit (jax.numpy's zeros, full, eye ... do not: the known JAX
divergence this fake is not about). The jit route must catch it (explicit.arange,
explicit.linspace), the eager route must not."""

import jax
import jax.numpy as _jnp


def _tracing():
    """Whether jax.jit is tracing: inside a trace even a constant is a tracer."""
    return isinstance(_jnp.zeros(()), jax.core.Tracer)


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    return _jnp.arange(start, stop, step, dtype=dtype, device=None if _tracing() else device)


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    return _jnp.linspace(start, stop, num, dtype=dtype, device=None if _tracing() else device,
                         endpoint=endpoint)


def __getattr__(name):  # every other name is jax.numpy's (PEP 562)
    return getattr(_jnp, name)
