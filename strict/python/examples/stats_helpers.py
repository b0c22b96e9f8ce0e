"""A helper written the array-API way, as SciPy or scikit-learn write them, with a device bug:
`standardise_buggy` makes its epsilon with asarray() and no device=, so on any device but the
default one it mixes devices. `standardise` is the fix."""


def standardise_buggy(x):
    xp = x.__array_namespace__()
    centred = x - xp.mean(x)
    eps = xp.asarray(1e-6, dtype=x.dtype)  # the bug: no device=, so the default device
    return centred / (xp.std(x) + eps)


def standardise(x):
    xp = x.__array_namespace__()
    centred = x - xp.mean(x)
    eps = xp.asarray(1e-6, dtype=x.dtype, device=x.device)
    return centred / (xp.std(x) + eps)
