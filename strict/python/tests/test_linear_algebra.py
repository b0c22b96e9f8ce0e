"""Linear algebra: matmul, matrix_transpose, tensordot, vecdot and the linalg extension."""

import math

import pytest

import strict_xp as xp
from values import D1, approx_list, to_list


def matrix(rows, dtype=xp.float64, device=None):
    return xp.asarray(rows, dtype=dtype, device=device)


# ---- matmul -------------------------------------------------------------------------------------


def test_matmul_values():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    b = matrix([[5.0, 6.0], [7.0, 8.0]])
    assert to_list(xp.matmul(a, b)) == approx_list([[19.0, 22.0], [43.0, 50.0]])


def test_matmul_vector_and_matrix_drops_the_added_dimension():
    v = matrix([1.0, 1.0])
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    y = xp.matmul(v, a)
    assert y.shape == (2,)
    assert to_list(y) == approx_list([4.0, 6.0])


def test_matmul_integers():
    a = xp.asarray([[1, 2], [3, 4]], dtype=xp.int64)
    y = xp.matmul(a, a)
    assert y.dtype == xp.int64
    assert to_list(y, int) == [[7, 10], [15, 22]]


def test_matmul_keeps_device():
    a = matrix([[1.0, 2.0], [3.0, 4.0]], device=D1)
    assert xp.matmul(a, a).device == D1


def test_matmul_mixed_devices_raise():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(xp.DeviceMismatchError):
        xp.matmul(a, a.to_device(D1))


def test_matmul_rejects_a_list():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(TypeError, match="matmul"):
        xp.matmul(a, [[1.0, 0.0], [0.0, 1.0]])


def test_matmul_mismatched_inner_dimensions_raise_value_error():
    with pytest.raises(ValueError):
        xp.matmul(xp.ones((2, 3)), xp.ones((2, 3)))


def test_matmul_arguments_are_positional_only():
    a = matrix([[1.0]])
    with pytest.raises(TypeError):
        xp.matmul(x1=a, x2=a)


# ---- matrix_transpose ---------------------------------------------------------------------------


def test_matrix_transpose_values():
    a = matrix([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    y = xp.matrix_transpose(a)
    assert y.shape == (3, 2)
    assert to_list(y) == [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]


def test_matrix_transpose_of_a_stack():
    assert xp.matrix_transpose(xp.zeros((4, 2, 3))).shape == (4, 3, 2)


def test_matrix_transpose_keeps_device():
    assert xp.matrix_transpose(xp.zeros((2, 3), device=D1)).device == D1


def test_matrix_transpose_rejects_a_non_array():
    with pytest.raises(TypeError, match="matrix_transpose"):
        xp.matrix_transpose([[1, 2]])


# ---- tensordot ----------------------------------------------------------------------------------


def test_tensordot_default_axes_is_a_full_contraction_of_matrices():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    y = xp.tensordot(a, a)
    assert y.shape == ()
    assert float(y) == pytest.approx(1.0 + 4.0 + 9.0 + 16.0)


def test_tensordot_axes_int_one_is_matmul():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    b = matrix([[5.0, 6.0], [7.0, 8.0]])
    assert to_list(xp.tensordot(a, b, axes=1)) == approx_list([[19.0, 22.0], [43.0, 50.0]])


def test_tensordot_axes_zero_is_the_outer_product():
    assert xp.tensordot(xp.ones((2,)), xp.ones((3,)), axes=0).shape == (2, 3)


def test_tensordot_axes_pair_of_sequences():
    # Contract axis 0 of a with axis 0 of b: a.T @ b.
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    b = matrix([[1.0, 0.0], [0.0, 1.0]])
    y = xp.tensordot(a, b, axes=((0,), (0,)))
    assert to_list(y) == approx_list([[1.0, 3.0], [2.0, 4.0]])


def test_tensordot_axes_pair_of_lists():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    b = matrix([[1.0, 0.0], [0.0, 1.0]])
    assert xp.tensordot(a, b, axes=([1], [0])).shape == (2, 2)


def test_tensordot_axes_of_a_wrong_type_raise_type_error():
    a = matrix([[1.0]])
    with pytest.raises(TypeError, match="tensordot"):
        xp.tensordot(a, a, axes="all")


def test_tensordot_axes_is_keyword_only():
    a = matrix([[1.0]])
    with pytest.raises(TypeError):
        xp.tensordot(a, a, 1)


def test_tensordot_keeps_device():
    a = xp.ones((2, 2), device=D1)
    assert xp.tensordot(a, a, axes=1).device == D1


def test_tensordot_mixed_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.tensordot(xp.ones((2, 2)), xp.ones((2, 2), device=D1), axes=1)


# ---- vecdot -------------------------------------------------------------------------------------


def test_vecdot_values():
    y = xp.vecdot(matrix([1.0, 2.0, 3.0]), matrix([4.0, 5.0, 6.0]))
    assert float(y) == pytest.approx(32.0)


def test_vecdot_conjugates_the_first_argument():
    a = xp.asarray([1j], dtype=xp.complex128)
    # conj(1j) * 1j = 1
    assert complex(xp.vecdot(a, a)) == pytest.approx(1.0 + 0.0j)


def test_vecdot_axis():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    y = xp.vecdot(a, a, axis=-2)
    assert to_list(y) == approx_list([10.0, 20.0])


def test_vecdot_keeps_device():
    a = xp.ones((3,), device=D1)
    assert xp.vecdot(a, a).device == D1


def test_vecdot_mixed_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.vecdot(xp.ones((3,)), xp.ones((3,), device=D1))


def test_vecdot_axis_must_be_an_int():
    a = xp.ones((3,))
    with pytest.raises(TypeError, match="vecdot"):
        xp.vecdot(a, a, axis=1.0)


# ---- linalg aliases of the main namespace -------------------------------------------------------


def test_linalg_matmul():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    assert to_list(xp.linalg.matmul(a, a)) == approx_list([[7.0, 10.0], [15.0, 22.0]])


def test_linalg_matmul_mixed_devices_raise():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(xp.DeviceMismatchError):
        xp.linalg.matmul(a.to_device(D1), a)


def test_linalg_matrix_transpose():
    assert xp.linalg.matrix_transpose(xp.zeros((2, 5))).shape == (5, 2)


def test_linalg_tensordot():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    assert float(xp.linalg.tensordot(a, a, axes=2)) == pytest.approx(30.0)


def test_linalg_vecdot():
    y = xp.linalg.vecdot(matrix([1.0, 2.0]), matrix([3.0, 4.0]), axis=-1)
    assert float(y) == pytest.approx(11.0)


def test_linalg_rejects_a_non_array_naming_the_function():
    with pytest.raises(TypeError, match="linalg.vecdot"):
        xp.linalg.vecdot(xp.ones((2,)), (1.0, 2.0))


# ---- outer, cross, diagonal, trace --------------------------------------------------------------


def test_outer_values():
    y = xp.linalg.outer(matrix([1.0, 2.0]), matrix([3.0, 4.0, 5.0]))
    assert to_list(y) == approx_list([[3.0, 4.0, 5.0], [6.0, 8.0, 10.0]])


def test_outer_mixed_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.linalg.outer(xp.ones((2,)), xp.ones((2,), device=D1))


def test_cross_values():
    y = xp.linalg.cross(matrix([1.0, 0.0, 0.0]), matrix([0.0, 1.0, 0.0]))
    assert to_list(y) == approx_list([0.0, 0.0, 1.0])


def test_cross_axis():
    a = matrix([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]])  # two vectors, along axis 0
    b = matrix([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    y = xp.linalg.cross(a, b, axis=0)
    # (1,0,0) x (0,1,0) = (0,0,1); (0,1,0) x (0,0,1) = (1,0,0)
    assert to_list(y) == approx_list([[0.0, 1.0], [0.0, 0.0], [1.0, 0.0]])


def test_cross_keeps_device():
    a = xp.ones((3,), device=D1)
    assert xp.linalg.cross(a, a).device == D1


def test_diagonal_values_and_offset():
    a = matrix([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    assert to_list(xp.linalg.diagonal(a)) == [1.0, 5.0]
    assert to_list(xp.linalg.diagonal(a, offset=1)) == [2.0, 6.0]
    assert to_list(xp.linalg.diagonal(a, offset=-1)) == [4.0]


def test_diagonal_offset_is_keyword_only():
    with pytest.raises(TypeError):
        xp.linalg.diagonal(xp.zeros((2, 2)), 1)


def test_trace_values():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    assert float(xp.linalg.trace(a)) == pytest.approx(5.0)
    assert float(xp.linalg.trace(a, offset=1)) == pytest.approx(2.0)


def test_trace_dtype():
    a = xp.asarray([[1, 2], [3, 4]], dtype=xp.int32)
    y = xp.linalg.trace(a, dtype=xp.float64)
    assert y.dtype == xp.float64
    assert float(y) == pytest.approx(5.0)


def test_trace_dtype_must_be_a_dtype():
    with pytest.raises(TypeError, match="linalg.trace"):
        xp.linalg.trace(xp.zeros((2, 2)), dtype="float64")


def test_trace_keeps_device():
    assert xp.linalg.trace(xp.zeros((2, 2), device=D1)).device == D1


# ---- cholesky -----------------------------------------------------------------------------------


def test_cholesky_lower():
    a = matrix([[4.0, 2.0], [2.0, 3.0]])
    assert to_list(xp.linalg.cholesky(a)) == approx_list([[2.0, 0.0], [1.0, math.sqrt(2.0)]])


def test_cholesky_upper():
    a = matrix([[4.0, 2.0], [2.0, 3.0]])
    y = xp.linalg.cholesky(a, upper=True)
    assert to_list(y) == approx_list([[2.0, 1.0], [0.0, math.sqrt(2.0)]])


def test_cholesky_not_positive_definite_raises_linalg_error():
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.cholesky(matrix([[1.0, 2.0], [2.0, 1.0]]))


def test_cholesky_upper_must_be_a_bool():
    with pytest.raises(TypeError, match="linalg.cholesky"):
        xp.linalg.cholesky(matrix([[1.0]]), upper=1)


def test_cholesky_keeps_device():
    assert xp.linalg.cholesky(matrix([[4.0]], device=D1)).device == D1


# ---- eigh, eigvalsh -----------------------------------------------------------------------------


def test_eigh_is_a_named_tuple():
    result = xp.linalg.eigh(matrix([[2.0, 1.0], [1.0, 2.0]]))
    assert isinstance(result, tuple)
    assert type(result).__name__ == "EighResult"
    assert type(result)._fields == ("eigenvalues", "eigenvectors")
    eigenvalues, eigenvectors = result
    assert eigenvalues.shape == (2,)
    assert eigenvectors.shape == (2, 2)


def test_eigh_values_ascending():
    result = xp.linalg.eigh(matrix([[2.0, 1.0], [1.0, 2.0]]))
    assert to_list(result.eigenvalues) == approx_list([1.0, 3.0])


def test_eigh_eigenvectors_satisfy_the_equation():
    a = matrix([[2.0, 1.0], [1.0, 2.0]])
    w, v = xp.linalg.eigh(a)
    av = to_list(xp.matmul(a, v))
    vw = to_list(v)
    lam = to_list(w)
    for i in range(2):
        for j in range(2):
            assert av[i][j] == pytest.approx(vw[i][j] * lam[j], abs=1e-12)


def test_eigh_of_complex_input_gives_real_eigenvalues():
    result = xp.linalg.eigh(xp.asarray([[2.0, 1j], [-1j, 2.0]], dtype=xp.complex128))
    assert result.eigenvalues.dtype == xp.float64
    assert result.eigenvectors.dtype == xp.complex128
    assert to_list(result.eigenvalues) == approx_list([1.0, 3.0])


def test_eigh_keeps_device():
    result = xp.linalg.eigh(matrix([[2.0, 1.0], [1.0, 2.0]], device=D1))
    assert result.eigenvalues.device == D1
    assert result.eigenvectors.device == D1


def test_eigvalsh_values():
    y = xp.linalg.eigvalsh(matrix([[2.0, 1.0], [1.0, 2.0]]))
    assert to_list(y) == approx_list([1.0, 3.0])


def test_eigh_rejects_an_integer_matrix():
    with pytest.raises(TypeError):
        xp.linalg.eigh(xp.asarray([[1, 0], [0, 1]]))


# ---- qr -----------------------------------------------------------------------------------------


def test_qr_is_a_named_tuple():
    result = xp.linalg.qr(matrix([[1.0, 0.0], [0.0, 1.0]]))
    assert type(result).__name__ == "QRResult"
    assert type(result)._fields == ("Q", "R")


def test_qr_of_a_diagonal_matrix():
    # R's diagonal is real with LAPACK's signs (NumPy's): a column with nothing below its
    # diagonal has nothing to reflect, so Q = I and R keeps the -2.
    q, r = xp.linalg.qr(matrix([[3.0, 0.0], [0.0, -2.0]]))
    assert to_list(q) == approx_list([[1.0, 0.0], [0.0, 1.0]])
    assert to_list(r) == approx_list([[3.0, 0.0], [0.0, -2.0]])


def test_qr_product_is_the_input():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    result = xp.linalg.qr(a)
    assert to_list(xp.matmul(result.Q, result.R)) == approx_list([[1.0, 2.0], [3.0, 4.0]])


def test_qr_modes_shapes():
    a = xp.ones((3, 2))
    reduced = xp.linalg.qr(a)
    assert (reduced.Q.shape, reduced.R.shape) == ((3, 2), (2, 2))
    complete = xp.linalg.qr(a, mode="complete")
    assert (complete.Q.shape, complete.R.shape) == ((3, 3), (3, 2))


def test_qr_unknown_mode_raises_value_error():
    with pytest.raises(ValueError, match="linalg.qr.*mode"):
        xp.linalg.qr(xp.ones((2, 2)), mode="full")


def test_qr_mode_must_be_a_str():
    with pytest.raises(TypeError, match="linalg.qr"):
        xp.linalg.qr(xp.ones((2, 2)), mode=1)


def test_qr_keeps_device():
    q, r = xp.linalg.qr(xp.eye(2, device=D1))
    assert q.device == D1 and r.device == D1


# ---- svd, svdvals -------------------------------------------------------------------------------


def test_svd_is_a_named_tuple():
    result = xp.linalg.svd(matrix([[3.0, 0.0], [0.0, -2.0]]))
    assert type(result).__name__ == "SVDResult"
    assert type(result)._fields == ("U", "S", "Vh")


def test_svd_singular_values_descending():
    result = xp.linalg.svd(matrix([[2.0, 0.0], [0.0, -3.0]]))
    assert to_list(result.S) == approx_list([3.0, 2.0])


def test_svd_full_matrices_shapes():
    a = xp.ones((3, 2))
    full = xp.linalg.svd(a)
    assert (full.U.shape, full.S.shape, full.Vh.shape) == ((3, 3), (2,), (2, 2))
    reduced = xp.linalg.svd(a, full_matrices=False)
    assert (reduced.U.shape, reduced.S.shape, reduced.Vh.shape) == ((3, 2), (2,), (2, 2))


def test_svd_full_matrices_must_be_a_bool():
    with pytest.raises(TypeError, match="linalg.svd"):
        xp.linalg.svd(xp.ones((2, 2)), full_matrices=None)


def test_svd_keeps_device():
    u, s, vh = xp.linalg.svd(xp.eye(2, device=D1))
    assert u.device == D1 and s.device == D1 and vh.device == D1


def test_svdvals_values():
    y = xp.linalg.svdvals(matrix([[0.0, 2.0], [1.0, 0.0]]))
    assert to_list(y) == approx_list([2.0, 1.0])


# ---- det, slogdet -------------------------------------------------------------------------------


def test_det_values():
    assert float(xp.linalg.det(matrix([[1.0, 2.0], [3.0, 4.0]]))) == pytest.approx(-2.0)


def test_det_of_a_stack():
    y = xp.linalg.det(xp.asarray([[[2.0, 0.0], [0.0, 3.0]], [[1.0, 0.0], [0.0, 1.0]]]))
    assert to_list(y) == approx_list([6.0, 1.0])


def test_det_keeps_device():
    assert xp.linalg.det(xp.eye(2, device=D1)).device == D1


def test_slogdet_is_a_named_tuple():
    result = xp.linalg.slogdet(matrix([[1.0, 2.0], [3.0, 4.0]]))
    assert type(result).__name__ == "SlogdetResult"
    assert type(result)._fields == ("sign", "logabsdet")


def test_slogdet_values():
    sign, logabsdet = xp.linalg.slogdet(matrix([[1.0, 2.0], [3.0, 4.0]]))
    assert float(sign) == pytest.approx(-1.0)
    assert float(logabsdet) == pytest.approx(math.log(2.0))


def test_slogdet_of_a_singular_matrix():
    result = xp.linalg.slogdet(matrix([[1.0, 2.0], [2.0, 4.0]]))
    assert float(result.sign) == 0.0
    assert float(result.logabsdet) == -math.inf


def test_slogdet_keeps_device():
    result = xp.linalg.slogdet(xp.eye(2, device=D1))
    assert result.sign.device == D1 and result.logabsdet.device == D1


# ---- inv, solve, matrix_power -------------------------------------------------------------------


def test_inv_values():
    y = xp.linalg.inv(matrix([[4.0, 7.0], [2.0, 6.0]]))
    assert to_list(y) == approx_list([[0.6, -0.7], [-0.2, 0.4]])


def test_inv_of_a_singular_matrix_raises_linalg_error():
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.inv(matrix([[1.0, 2.0], [2.0, 4.0]]))


def test_linalg_error_is_a_value_error():
    with pytest.raises(ValueError):
        xp.linalg.inv(matrix([[0.0, 0.0], [0.0, 0.0]]))


def test_inv_rejects_a_non_array():
    with pytest.raises(TypeError, match="linalg.inv"):
        xp.linalg.inv([[1.0, 0.0], [0.0, 1.0]])


def test_inv_of_a_non_square_matrix_raises_value_error():
    with pytest.raises(ValueError):
        xp.linalg.inv(xp.ones((2, 3)))


def test_inv_keeps_device():
    assert xp.linalg.inv(xp.eye(2, device=D1)).device == D1


def test_solve_vector():
    y = xp.linalg.solve(matrix([[2.0, 0.0], [0.0, 4.0]]), matrix([2.0, 8.0]))
    assert y.shape == (2,)
    assert to_list(y) == approx_list([1.0, 2.0])


def test_solve_matrix():
    a = matrix([[1.0, 1.0], [0.0, 1.0]])
    b = matrix([[3.0, 1.0], [1.0, 1.0]])
    # x1 X = x2: X = [[2, 0], [1, 1]]
    assert to_list(xp.linalg.solve(a, b)) == approx_list([[2.0, 0.0], [1.0, 1.0]])


def test_solve_singular_raises_linalg_error():
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.solve(matrix([[1.0, 2.0], [2.0, 4.0]]), matrix([1.0, 1.0]))


def test_solve_mixed_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.linalg.solve(xp.eye(2), xp.ones((2,), device=D1))


def test_solve_keeps_device():
    assert xp.linalg.solve(xp.eye(2, device=D1), xp.ones((2,), device=D1)).device == D1


def test_matrix_power_positive():
    a = matrix([[1.0, 1.0], [0.0, 1.0]])
    assert to_list(xp.linalg.matrix_power(a, 3)) == approx_list([[1.0, 3.0], [0.0, 1.0]])


def test_matrix_power_zero_is_the_identity():
    a = matrix([[1.0, 1.0], [0.0, 1.0]])
    assert to_list(xp.linalg.matrix_power(a, 0)) == approx_list([[1.0, 0.0], [0.0, 1.0]])


def test_matrix_power_negative_is_a_power_of_the_inverse():
    a = matrix([[2.0, 0.0], [0.0, 4.0]])
    assert to_list(xp.linalg.matrix_power(a, -1)) == approx_list([[0.5, 0.0], [0.0, 0.25]])


def test_matrix_power_n_must_be_an_int():
    with pytest.raises(TypeError, match="linalg.matrix_power"):
        xp.linalg.matrix_power(xp.eye(2), 2.0)


def test_matrix_power_keeps_device():
    assert xp.linalg.matrix_power(xp.eye(2, device=D1), 2).device == D1


# ---- matrix_rank, pinv --------------------------------------------------------------------------


def test_matrix_rank_values():
    assert int(xp.linalg.matrix_rank(matrix([[1.0, 2.0], [2.0, 4.0]]))) == 1
    assert int(xp.linalg.matrix_rank(matrix([[1.0, 0.0], [0.0, 1.0]]))) == 2


def test_matrix_rank_rtol_float():
    # Singular values 1 and 0.01: rtol=0.1 drops the small one.
    a = matrix([[1.0, 0.0], [0.0, 0.01]])
    assert int(xp.linalg.matrix_rank(a, rtol=0.1)) == 1
    assert int(xp.linalg.matrix_rank(a, rtol=0.001)) == 2


def test_matrix_rank_rtol_array():
    a = matrix([[1.0, 0.0], [0.0, 0.01]])
    assert int(xp.linalg.matrix_rank(a, rtol=xp.asarray(0.1))) == 1


def test_matrix_rank_rtol_of_a_wrong_type_raises_type_error():
    with pytest.raises(TypeError, match="linalg.matrix_rank"):
        xp.linalg.matrix_rank(xp.eye(2), rtol="small")


def test_matrix_rank_rtol_array_on_another_device_raises():
    with pytest.raises(xp.DeviceMismatchError):
        xp.linalg.matrix_rank(xp.eye(2), rtol=xp.asarray(0.1, device=D1))


def test_matrix_rank_keeps_device():
    assert xp.linalg.matrix_rank(xp.eye(2, device=D1)).device == D1


def test_pinv_of_a_diagonal_matrix():
    y = xp.linalg.pinv(matrix([[2.0, 0.0], [0.0, 4.0]]))
    assert to_list(y) == approx_list([[0.5, 0.0], [0.0, 0.25]])


def test_pinv_shape():
    assert xp.linalg.pinv(xp.ones((3, 2))).shape == (2, 3)


def test_pinv_keeps_device():
    assert xp.linalg.pinv(xp.eye(2, device=D1), rtol=1e-10).device == D1


# ---- matrix_norm --------------------------------------------------------------------------------


def test_matrix_norm_default_is_frobenius():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    assert float(xp.linalg.matrix_norm(a)) == pytest.approx(math.sqrt(30.0))


def test_matrix_norm_ord_none_is_frobenius():
    a = matrix([[1.0, 2.0], [3.0, 4.0]])
    assert float(xp.linalg.matrix_norm(a, ord=None)) == pytest.approx(math.sqrt(30.0))


def test_matrix_norm_numeric_orders():
    a = matrix([[1.0, -2.0], [3.0, 4.0]])
    assert float(xp.linalg.matrix_norm(a, ord=1)) == pytest.approx(6.0)  # max column sum
    assert float(xp.linalg.matrix_norm(a, ord=-1)) == pytest.approx(4.0)  # min column sum
    assert float(xp.linalg.matrix_norm(a, ord=math.inf)) == pytest.approx(7.0)  # max row sum
    assert float(xp.linalg.matrix_norm(a, ord=-math.inf)) == pytest.approx(3.0)  # min row sum


def test_matrix_norm_spectral_and_nuclear():
    a = matrix([[3.0, 0.0], [0.0, -2.0]])
    assert float(xp.linalg.matrix_norm(a, ord=2)) == pytest.approx(3.0)
    assert float(xp.linalg.matrix_norm(a, ord=-2)) == pytest.approx(2.0)
    assert float(xp.linalg.matrix_norm(a, ord="nuc")) == pytest.approx(5.0)


def test_matrix_norm_accepts_xp_inf():
    a = matrix([[1.0, -2.0], [3.0, 4.0]])
    assert float(xp.linalg.matrix_norm(a, ord=xp.inf)) == pytest.approx(7.0)


def test_matrix_norm_keepdims():
    assert xp.linalg.matrix_norm(xp.ones((4, 2, 3)), keepdims=True).shape == (4, 1, 1)


def test_matrix_norm_unknown_name_raises_value_error():
    with pytest.raises(ValueError, match="linalg.matrix_norm.*ord"):
        xp.linalg.matrix_norm(xp.eye(2), ord="max")


def test_matrix_norm_ord_of_a_wrong_type_raises_type_error():
    with pytest.raises(TypeError, match="linalg.matrix_norm"):
        xp.linalg.matrix_norm(xp.eye(2), ord=[1])


def test_matrix_norm_keeps_device():
    assert xp.linalg.matrix_norm(xp.eye(2, device=D1)).device == D1


# ---- vector_norm --------------------------------------------------------------------------------


def test_vector_norm_default_is_euclidean():
    assert float(xp.linalg.vector_norm(matrix([3.0, -4.0]))) == pytest.approx(5.0)


def test_vector_norm_orders():
    x = matrix([3.0, -4.0])
    assert float(xp.linalg.vector_norm(x, ord=1)) == pytest.approx(7.0)
    assert float(xp.linalg.vector_norm(x, ord=math.inf)) == pytest.approx(4.0)
    assert float(xp.linalg.vector_norm(x, ord=-math.inf)) == pytest.approx(3.0)
    assert float(xp.linalg.vector_norm(x, ord=0)) == pytest.approx(2.0)


def test_vector_norm_axis_and_keepdims():
    a = matrix([[3.0, 4.0], [6.0, 8.0]])
    assert to_list(xp.linalg.vector_norm(a, axis=1)) == approx_list([5.0, 10.0])
    assert xp.linalg.vector_norm(a, axis=1, keepdims=True).shape == (2, 1)


def test_vector_norm_of_every_element():
    a = matrix([[1.0, 1.0], [1.0, 1.0]])
    y = xp.linalg.vector_norm(a)
    assert y.shape == ()
    assert float(y) == pytest.approx(2.0)


def test_vector_norm_of_complex_input_is_real():
    y = xp.linalg.vector_norm(xp.asarray([3j, 4.0], dtype=xp.complex64))
    assert y.dtype == xp.float32
    assert float(y) == pytest.approx(5.0)


def test_vector_norm_ord_of_a_wrong_type_raises_type_error():
    with pytest.raises(TypeError, match="linalg.vector_norm"):
        xp.linalg.vector_norm(xp.ones((2,)), ord="fro")


def test_vector_norm_keeps_device():
    assert xp.linalg.vector_norm(xp.ones((2,), device=D1)).device == D1


# ---- eig, eigvals (2025.12) ---------------------------------------------------------------------


def sorted_eigenvalues(x):
    """The complex elements of a 1-D cpu array, by real part then imaginary part (the standard
    leaves the order unspecified)."""
    return sorted(to_list(x), key=lambda v: (round(v.real, 6), v.imag))


def test_eig_is_a_named_tuple_of_complex_arrays():
    result = xp.linalg.eig(matrix([[2.0, 0.0], [0.0, 3.0]]))
    assert isinstance(result, tuple)
    assert type(result).__name__ == "EigResult"
    assert type(result)._fields == ("eigenvalues", "eigenvectors")
    eigenvalues, eigenvectors = result
    assert eigenvalues.dtype == xp.complex128 and eigenvalues.shape == (2,)
    assert eigenvectors.dtype == xp.complex128 and eigenvectors.shape == (2, 2)
    assert sorted_eigenvalues(eigenvalues) == approx_list([2.0, 3.0])


def test_eig_of_a_quarter_turn_is_plus_and_minus_i():
    a = matrix([[0.0, -1.0], [1.0, 0.0]])
    w, v = xp.linalg.eig(a)
    assert sorted_eigenvalues(w) == [pytest.approx(-1j, abs=1e-12), pytest.approx(1j, abs=1e-12)]
    # x v = l v, column by column, and each column has unit norm.
    av = to_list(xp.matmul(xp.astype(a, xp.complex128), v))
    vectors, values = to_list(v), to_list(w)
    for j in range(2):
        assert math.isclose(math.hypot(*(abs(vectors[i][j]) for i in range(2))), 1.0)
        for i in range(2):
            assert av[i][j] == pytest.approx(vectors[i][j] * values[j], abs=1e-12)


def test_eigvals_of_a_three_by_three():
    # A block [[3, 4], [4, 9]] (trace 12, determinant 11) beside 2: eigenvalues 1, 2 and 11.
    out = xp.linalg.eigvals(matrix([[2.0, 0.0, 0.0], [0.0, 3.0, 4.0], [0.0, 4.0, 9.0]]))
    assert out.dtype == xp.complex128
    assert sorted_eigenvalues(out) == approx_list([1.0, 2.0, 11.0], abs=1e-12)


def test_eig_keeps_float32_precision_and_complex_dtypes():
    single = matrix([[1.0, 2.0], [0.0, 4.0]], dtype=xp.float32)
    assert xp.linalg.eig(single).eigenvalues.dtype == xp.complex64
    assert xp.linalg.eig(single).eigenvectors.dtype == xp.complex64
    assert sorted_eigenvalues(xp.linalg.eigvals(single)) == approx_list([1.0, 4.0], abs=1e-6)
    assert xp.linalg.eigvals(xp.astype(single, xp.complex128)).dtype == xp.complex128


def test_eig_of_a_stack():
    stack = matrix([[[1.0, 0.0], [0.0, 2.0]], [[0.0, 1.0], [1.0, 0.0]]])
    w, v = xp.linalg.eig(stack)
    assert w.shape == (2, 2) and v.shape == (2, 2, 2)
    assert sorted_eigenvalues(w[0, ...]) == approx_list([1.0, 2.0])
    assert sorted_eigenvalues(w[1, ...]) == approx_list([-1.0, 1.0])


def test_eigvals_agrees_with_eig():
    a = matrix([[1.0, 2.0, 0.5], [-3.0, 4.0, 1.0], [2.0, 0.0, -1.0]])
    assert to_list(xp.linalg.eigvals(a)) == approx_list(to_list(xp.linalg.eig(a).eigenvalues))


def test_eig_keeps_device():
    a = matrix([[1.0, 2.0], [3.0, 4.0]], device=D1)
    result = xp.linalg.eig(a)
    assert result.eigenvalues.device == D1 and result.eigenvectors.device == D1
    assert xp.linalg.eigvals(a).device == D1


def test_eig_on_no_float64_computes_float32_in_complex64():
    enabled = [d.name for d in xp.__array_namespace_info__().devices()]
    device = xp.enable_device("no_float64")
    try:
        a = matrix([[0.0, -1.0], [1.0, 0.0]], dtype=xp.float32, device=device)
        result = xp.linalg.eig(a)
        assert result.eigenvalues.dtype == xp.complex64 and result.eigenvalues.device == device
    finally:
        if "no_float64" not in enabled:
            xp.disable_device("no_float64")


def test_eig_raises_where_the_device_lacks_the_complex_result_dtype():
    # float64 without complex128: no built-in device is like that, so one is registered.
    device = xp.register_device("eig_float64_without_complex128",
                                dtypes=[xp.float32, xp.float64, xp.complex64, xp.int64, xp.bool],
                                default_dtypes={"real floating": xp.float64,
                                                "complex floating": xp.complex64,
                                                "integral": xp.int64, "indexing": xp.int64})
    a = matrix([[1.0, 2.0], [3.0, 4.0]], device=device)
    with pytest.raises(xp.UnsupportedDTypeError, match=r"linalg\.eig\(\).*complex128"):
        xp.linalg.eig(a)
    with pytest.raises(xp.UnsupportedDTypeError, match=r"linalg\.eigvals\(\).*complex128"):
        xp.linalg.eigvals(a)
    assert xp.linalg.eigvals(xp.astype(a, xp.float32)).dtype == xp.complex64


def test_eig_rejects_bad_input():
    with pytest.raises(TypeError, match=r"linalg\.eig\(\): x has dtype int64"):
        xp.linalg.eig(xp.asarray([[1, 0], [0, 1]]))
    with pytest.raises(ValueError, match=r"linalg\.eigvals\(\)"):
        xp.linalg.eigvals(matrix([[1.0, 2.0, 3.0]]))
    with pytest.raises(TypeError, match="eig"):
        xp.linalg.eig([[1.0, 0.0], [0.0, 1.0]])
    with pytest.raises(xp.linalg.LinAlgError, match=r"linalg\.eig\(\): x\[1\] holds a NaN"):
        xp.linalg.eig(matrix([[[1.0, 0.0], [0.0, 1.0]], [[float("nan"), 0.0], [0.0, 1.0]]]))
    with pytest.raises(xp.linalg.LinAlgError, match="infinity"):
        xp.linalg.eigvals(matrix([[float("inf"), 1.0], [2.0, 3.0]]))
