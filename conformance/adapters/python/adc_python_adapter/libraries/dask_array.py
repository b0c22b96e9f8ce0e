"""The hint for dask.array: what the standard does not say about it (libraries/__init__.py lists
the keys)."""

MODULE = "dask.array"

HINT = {
    "array_modules": ["dask"],
    "array_type": "lib.Array",
    "to_host": "x.compute()",
}
