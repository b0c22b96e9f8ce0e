"""A namespace over dask.array whose abs builds its graph without complaint and raises only when
the graph is computed (a chunk function that refuses its chunk, as a device mismatch inside a
graph does): the eager route reads the step's array and sees nothing wrong, the lazy route's one
compute at the end raises it, as a user's compute() would."""

import dask.array as _da


class ChunkRefused(ValueError):
    pass


def _refuse(chunk):
    raise ChunkRefused("lazyfail: this chunk cannot be computed here")


def abs(x, /):
    return x.map_blocks(_refuse, dtype=x.dtype)


def __getattr__(name):  # every other name is dask.array's (PEP 562)
    return getattr(_da, name)
