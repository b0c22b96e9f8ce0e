"""Thin SVD and reduced QR of tall and wide matrices (the shapes downstream fits use), checked by
their definitions and against NumPy; and that NaN or infinite input neither hangs nor aborts."""

import numpy
import pytest

import strict_xp as xp

RNG = numpy.random.default_rng(20240611)
SHAPES = [(1000, 5), (5, 1000), (300, 40), (40, 300)]


def random_matrix(shape, complex_input):
    a = RNG.uniform(-1.0, 1.0, shape)
    if complex_input:
        a = a + 1j * RNG.uniform(-1.0, 1.0, shape)
    return a


def assert_orthonormal_columns(q):
    k = q.shape[1]
    assert numpy.allclose(q.conj().T @ q, numpy.eye(k), rtol=0, atol=1e-12)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("complex_input", [False, True])
def test_thin_svd_is_thin_orthonormal_and_reconstructs(shape, complex_input):
    a = random_matrix(shape, complex_input)
    m, n = shape
    k = min(m, n)
    u, s, vh = xp.linalg.svd(xp.asarray(a), full_matrices=False)
    assert (u.shape, s.shape, vh.shape) == ((m, k), (k,), (k, n))
    assert u.dtype == vh.dtype == (xp.complex128 if complex_input else xp.float64)
    assert s.dtype == xp.float64
    u, s, vh = numpy.asarray(u), numpy.asarray(s), numpy.asarray(vh)
    assert numpy.all(numpy.diff(s) <= 0)
    assert_orthonormal_columns(u)
    assert_orthonormal_columns(vh.conj().T)
    assert numpy.allclose((u * s) @ vh, a, rtol=0, atol=1e-12)
    assert numpy.allclose(s, numpy.linalg.svd(a, compute_uv=False), rtol=1e-12, atol=1e-12)
    assert numpy.allclose(numpy.asarray(xp.linalg.svdvals(xp.asarray(a))), s, rtol=0, atol=1e-12)


@pytest.mark.parametrize("shape", [(60, 5), (5, 60)])
def test_full_svd_remains_available(shape):
    a = random_matrix(shape, False)
    m, n = shape
    u, s, vh = xp.linalg.svd(xp.asarray(a), full_matrices=True)
    assert (u.shape, vh.shape) == ((m, m), (n, n))
    u, s, vh = numpy.asarray(u), numpy.asarray(s), numpy.asarray(vh)
    assert_orthonormal_columns(u)
    assert_orthonormal_columns(vh.T)
    k = min(m, n)
    assert numpy.allclose((u[:, :k] * s) @ vh[:k], a, rtol=0, atol=1e-12)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("complex_input", [False, True])
def test_reduced_qr_is_thin_with_a_real_diagonal_of_numpys_signs(shape, complex_input):
    a = random_matrix(shape, complex_input)
    m, n = shape
    k = min(m, n)
    q, r = xp.linalg.qr(xp.asarray(a))
    assert (q.shape, r.shape) == ((m, k), (k, n))
    q, r = numpy.asarray(q), numpy.asarray(r)
    assert_orthonormal_columns(q)
    assert numpy.array_equal(r, numpy.triu(r))
    diagonal = numpy.diagonal(r)
    assert numpy.all(diagonal.imag == 0)
    assert numpy.allclose(q @ r, a, rtol=0, atol=1e-12)
    # The standard asks a real diagonal; its signs are LAPACK's, so Q and R are NumPy's.
    nq, nr = numpy.linalg.qr(a)
    assert numpy.allclose(q, nq, rtol=0, atol=1e-10)
    assert numpy.allclose(r, nr, rtol=0, atol=1e-10 * numpy.abs(a).max())


def test_complete_qr_remains_available():
    a = random_matrix((60, 5), True)
    q, r = xp.linalg.qr(xp.asarray(a), mode="complete")
    assert (q.shape, r.shape) == ((60, 60), (60, 5))
    q, r = numpy.asarray(q), numpy.asarray(r)
    assert_orthonormal_columns(q)
    assert numpy.allclose(q @ r, a, rtol=0, atol=1e-12)


def numpy_pinv(a):
    # NumPy given the standard's default cutoff, "max(M, N) * eps" (linalg.pinv, rtol): NumPy's
    # own, rcond=1e-15, is so tight that a rank-deficient matrix's zero singular value (about
    # 1e-15 of the largest here) is cut by one LAPACK build and not by another (NumPy 2.5.2 on a
    # GPU host gave entries of 1e13, reports/gpu/).
    cutoff = max(a.shape) * numpy.finfo(a.dtype).eps
    try:
        return numpy.linalg.pinv(a, rtol=cutoff)
    except TypeError:  # NumPy 1.x: rcond, relative to the largest singular value too
        return numpy.linalg.pinv(a, rcond=cutoff)


def test_pinv_and_matrix_rank_of_a_tall_matrix_agree_with_numpy():
    a = random_matrix((1000, 50), False)
    a[:, 49] = a[:, 0] + a[:, 1]  # rank 49
    assert numpy.allclose(
        numpy.asarray(xp.linalg.pinv(xp.asarray(a))), numpy_pinv(a), rtol=0, atol=1e-10
    )
    assert int(xp.linalg.matrix_rank(xp.asarray(a))) == 49


def test_eigh_agrees_with_numpy_reading_the_lower_triangle():
    a = random_matrix((120, 120), True)
    lower = numpy.tril(a, -1)
    hermitian = lower + lower.conj().T + numpy.diag(a.diagonal().real)
    given = numpy.tril(a, -1) + numpy.diag(a.diagonal().real) + numpy.triu(numpy.full_like(a, 5), 1)
    values, vectors = xp.linalg.eigh(xp.asarray(given))
    values, vectors = numpy.asarray(values), numpy.asarray(vectors)
    assert numpy.allclose(values, numpy.linalg.eigvalsh(hermitian), rtol=0, atol=1e-12)
    assert numpy.allclose(hermitian @ vectors, vectors * values, rtol=0, atol=1e-12)


NON_FINITE = [float("nan"), float("inf"), -float("inf")]


@pytest.mark.parametrize("bad", NON_FINITE)
@pytest.mark.parametrize("dtype", [xp.float64, xp.complex128, xp.float32])
def test_non_finite_input_neither_hangs_nor_aborts(bad, dtype):
    """Each function returns (NaN where the value is unknown) or raises LinAlgError."""
    a = numpy.eye(20) + 0.5
    a[7, 3] = bad
    x = xp.asarray(a, dtype=dtype)
    tall = xp.asarray(numpy.vstack([a, a]), dtype=dtype)
    calls = [
        lambda: xp.linalg.svd(x),
        lambda: xp.linalg.svd(tall, full_matrices=False),
        lambda: xp.linalg.svdvals(tall),
        lambda: xp.linalg.qr(tall),
        lambda: xp.linalg.qr(x, mode="complete"),
        lambda: xp.linalg.eigh(x),
        lambda: xp.linalg.eigvalsh(x),
        lambda: xp.linalg.cholesky(x),
        lambda: xp.linalg.det(x),
        lambda: xp.linalg.slogdet(x),
        lambda: xp.linalg.inv(x),
        lambda: xp.linalg.solve(x, x),
        lambda: xp.linalg.pinv(tall),
        lambda: xp.linalg.matrix_rank(tall),
        lambda: xp.linalg.matrix_norm(tall, ord="nuc"),
        lambda: xp.linalg.matrix_norm(tall, ord=2),
        lambda: xp.linalg.matrix_power(x, 3),
    ]
    for call in calls:
        try:
            call()
        except xp.linalg.LinAlgError:
            pass


@pytest.mark.parametrize("bad", NON_FINITE)
def test_non_finite_input_gives_nan_factors(bad):
    a = numpy.eye(20) + 0.5
    a[7, 3] = bad
    u, s, vh = (numpy.asarray(r) for r in xp.linalg.svd(xp.asarray(a), full_matrices=False))
    assert numpy.isnan(s).all() and numpy.isnan(vh).all()
    assert numpy.array_equal(u, numpy.eye(20))  # no direction to normalise: the identity's columns
    assert numpy.isnan(numpy.asarray(xp.linalg.svdvals(xp.asarray(a)))).all()
    assert numpy.isnan(numpy.asarray(xp.linalg.eigvalsh(xp.asarray(a)))).all()
    # Only the lower triangle is read: a NaN above the diagonal changes nothing.
    assert not numpy.isnan(numpy.asarray(xp.linalg.eigvalsh(xp.asarray(a.T)))).any()
    with pytest.raises(xp.linalg.LinAlgError, match="not positive-definite"):
        xp.linalg.cholesky(xp.asarray(a))


def test_qr_and_svd_near_overflow_agree_with_numpy():
    # The standard's test_qr (array-api-tests, 200 examples) found NaN in R for this matrix:
    # Householder's norms and complex division square elements of 1e154. LAPACK scales; strict too.
    a = numpy.array([[8.940358888539265e153, 0], [8.4601155453369e153j, 0]])
    q, r = xp.linalg.qr(xp.asarray(a))
    nq, nr = numpy.linalg.qr(a)
    assert numpy.allclose(numpy.asarray(q), nq, rtol=0, atol=1e-14)
    assert numpy.allclose(numpy.asarray(r), nr, rtol=1e-14, atol=0)
    tall = random_matrix((40, 5), True) * 1e200
    assert numpy.allclose(numpy.asarray(xp.linalg.svdvals(xp.asarray(tall))),
                          numpy.linalg.svd(tall, compute_uv=False), rtol=1e-12, atol=0)
