"""A namespace over jax.numpy that is right eagerly and wrong only under jax.jit, by the mechanism
of jax-ml/jax#26040: while it is being traced, ones_like(x) and full_like(x, v) are built from
x's shape alone, so x is dead in the compiled function and the result lands on the default
device instead of x's. Eagerly they keep x's device. The jit route must catch it
(like.ones_like, like.full_like), the eager route must not."""

import jax
import jax.numpy as _jnp


def _tracing():
    """Whether jax.jit is tracing: inside a trace even a constant is a tracer."""
    return isinstance(_jnp.zeros(()), jax.core.Tracer)


def ones_like(x, /, *, dtype=None, device=None):
    if _tracing() and device is None:
        return _jnp.ones(x.shape, dtype=dtype or x.dtype)
    return _jnp.ones_like(x, dtype=dtype, device=device)


def full_like(x, /, fill_value, *, dtype=None, device=None):
    if _tracing() and device is None:
        return _jnp.full(x.shape, fill_value, dtype=dtype or x.dtype)
    return _jnp.full_like(x, fill_value, dtype=dtype, device=device)


def __getattr__(name):  # every other name is jax.numpy's (PEP 562)
    return getattr(_jnp, name)
