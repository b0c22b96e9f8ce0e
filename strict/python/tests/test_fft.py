"""The fft extension: transforms, sample frequencies and shifts."""

import functools

import pytest

import strict_xp as xp
import values
from values import CPU, D1, to_list

# fft results are compared with an absolute tolerance only.
approx_list = functools.partial(values.approx_list, abs=1e-12)


def signal(values, dtype=xp.float64, device=None):
    return xp.asarray(values, dtype=dtype, device=device)


# ---- fft, ifft ----------------------------------------------------------------------------------


def test_fft_of_an_impulse_is_flat():
    y = xp.fft.fft(signal([1.0, 0.0, 0.0, 0.0]))
    assert to_list(y) == approx_list([1, 1, 1, 1])


def test_fft_values():
    y = xp.fft.fft(signal([1.0, 2.0, 3.0, 4.0]))
    assert to_list(y) == approx_list([10, -2 + 2j, -2, -2 - 2j])


def test_fft_of_real_input_is_complex_of_its_precision():
    assert xp.fft.fft(signal([1.0, 2.0])).dtype == xp.complex128
    assert xp.fft.fft(signal([1.0, 2.0], dtype=xp.float32)).dtype == xp.complex64


def test_ifft_inverts_fft():
    x = signal([10, -2 + 2j, -2, -2 - 2j], dtype=xp.complex128)
    assert to_list(xp.fft.ifft(x)) == approx_list([1, 2, 3, 4])


def test_fft_norm_ortho():
    y = xp.fft.fft(signal([1.0, 1.0, 1.0, 1.0]), norm="ortho")
    assert to_list(y) == approx_list([2, 0, 0, 0])


def test_fft_norm_forward():
    y = xp.fft.fft(signal([1.0, 1.0, 1.0, 1.0]), norm="forward")
    assert to_list(y) == approx_list([1, 0, 0, 0])


def test_ifft_norm_forward_does_not_scale():
    y = xp.fft.ifft(signal([1.0, 0.0, 0.0, 0.0]), norm="forward")
    assert to_list(y) == approx_list([1, 1, 1, 1])


def test_fft_n_pads_with_zeros():
    y = xp.fft.fft(signal([1.0, 0.0]), n=4)
    assert y.shape == (4,)
    assert to_list(y) == approx_list([1, 1, 1, 1])


def test_fft_n_trims():
    y = xp.fft.fft(signal([1.0, 2.0, 3.0, 4.0]), n=2)
    assert to_list(y) == approx_list([3, -1])


def test_fft_axis():
    x = signal([[1.0, 2.0], [3.0, 4.0]])
    y = xp.fft.fft(x, axis=0)
    assert to_list(y) == approx_list([[4, 6], [-2, -2]])


def test_fft_unknown_norm_raises_value_error():
    with pytest.raises(ValueError, match="fft.fft.*norm"):
        xp.fft.fft(signal([1.0, 2.0]), norm="unitary")


def test_fft_norm_must_be_a_str():
    with pytest.raises(TypeError, match="fft.fft"):
        xp.fft.fft(signal([1.0, 2.0]), norm=None)


def test_fft_n_must_be_an_int():
    with pytest.raises(TypeError, match="fft.ifft"):
        xp.fft.ifft(signal([1.0, 2.0]), n=2.0)


def test_fft_non_positive_n_raises_value_error():
    with pytest.raises(ValueError):
        xp.fft.fft(signal([1.0, 2.0]), n=0)


def test_fft_rejects_a_list():
    with pytest.raises(TypeError, match="fft.fft"):
        xp.fft.fft([1.0, 2.0])


def test_fft_rejects_an_integer_array():
    with pytest.raises(TypeError):
        xp.fft.fft(xp.asarray([1, 2]))


def test_fft_keywords_are_keyword_only():
    with pytest.raises(TypeError):
        xp.fft.fft(signal([1.0, 2.0]), 2)


def test_fft_keeps_device():
    assert xp.fft.fft(signal([1.0, 2.0], device=D1)).device == D1


def test_ifft_keeps_device():
    assert xp.fft.ifft(signal([1.0, 2.0], device=D1)).device == D1


# ---- fftn, ifftn --------------------------------------------------------------------------------


def test_fftn_values():
    y = xp.fft.fftn(signal([[1.0, 2.0], [3.0, 4.0]]))
    assert to_list(y) == approx_list([[10, -2], [-4, 0]])


def test_ifftn_inverts_fftn():
    x = signal([[10, -2], [-4, 0]], dtype=xp.complex128)
    assert to_list(xp.fft.ifftn(x)) == approx_list([[1, 2], [3, 4]])


def test_fftn_axes_one_axis_only():
    y = xp.fft.fftn(signal([[1.0, 2.0], [3.0, 4.0]]), axes=(1,))
    assert to_list(y) == approx_list([[3, -1], [7, -1]])


def test_fftn_s_and_axes():
    y = xp.fft.fftn(signal([[1.0, 0.0], [0.0, 0.0]]), s=(4, 2), axes=(0, 1))
    assert y.shape == (4, 2)
    assert to_list(y) == approx_list([[1, 1]] * 4)


def test_fftn_axes_as_a_list():
    assert xp.fft.fftn(signal([[1.0, 2.0], [3.0, 4.0]]), axes=[0]).shape == (2, 2)


def test_fftn_s_without_axes_raises_value_error():
    with pytest.raises(ValueError):
        xp.fft.fftn(signal([[1.0, 2.0], [3.0, 4.0]]), s=(2, 2))


def test_fftn_axes_must_be_a_sequence():
    with pytest.raises(TypeError, match="fft.fftn"):
        xp.fft.fftn(signal([[1.0, 2.0], [3.0, 4.0]]), axes=0)


def test_fftn_unknown_norm_raises_value_error():
    with pytest.raises(ValueError, match="fft.ifftn.*norm"):
        xp.fft.ifftn(signal([[1.0]]), norm="none")


def test_fftn_keeps_device():
    assert xp.fft.fftn(xp.ones((2, 2), device=D1)).device == D1


# ---- rfft, irfft, rfftn, irfftn -----------------------------------------------------------------


def test_rfft_values():
    y = xp.fft.rfft(signal([1.0, 2.0, 3.0, 4.0]))
    assert y.shape == (3,)
    assert y.dtype == xp.complex128
    assert to_list(y) == approx_list([10, -2 + 2j, -2])


def test_rfft_float32_gives_complex64():
    assert xp.fft.rfft(signal([1.0, 2.0], dtype=xp.float32)).dtype == xp.complex64


def test_rfft_rejects_complex_input():
    with pytest.raises(TypeError):
        xp.fft.rfft(signal([1.0, 2.0], dtype=xp.complex128))


def test_irfft_inverts_rfft():
    y = xp.fft.irfft(signal([10, -2 + 2j, -2], dtype=xp.complex128))
    assert y.shape == (4,)
    assert y.dtype == xp.float64
    assert to_list(y, float) == approx_list([1, 2, 3, 4])


def test_irfft_n():
    y = xp.fft.irfft(signal([10, -2 + 2j, -2], dtype=xp.complex128), n=5)
    assert y.shape == (5,)


def test_rfftn_values():
    y = xp.fft.rfftn(signal([[1.0, 2.0], [3.0, 4.0]]))
    assert y.shape == (2, 2)
    assert to_list(y) == approx_list([[10, -2], [-4, 0]])


def test_rfftn_halves_the_last_axis():
    assert xp.fft.rfftn(xp.ones((4, 6))).shape == (4, 4)


def test_irfftn_inverts_rfftn():
    x = signal([[10, -2], [-4, 0]], dtype=xp.complex128)
    y = xp.fft.irfftn(x, s=(2, 2), axes=(0, 1))
    assert y.dtype == xp.float64
    assert to_list(y, float) == approx_list([[1, 2], [3, 4]])


def test_rfft_keeps_device():
    assert xp.fft.rfft(xp.ones((4,), device=D1)).device == D1


def test_irfftn_keeps_device():
    assert xp.fft.irfftn(xp.ones((2, 2), dtype=xp.complex128, device=D1)).device == D1


# ---- hfft, ihfft --------------------------------------------------------------------------------


def test_hfft_values():
    # The spectrum [1, 2, 3] with Hermitian symmetry is [1, 2, 3, 2]; its transform is real.
    y = xp.fft.hfft(signal([1.0, 2.0, 3.0], dtype=xp.complex128))
    assert y.shape == (4,)
    assert y.dtype == xp.float64
    assert to_list(y, float) == approx_list([8, -2, 0, -2])


def test_ihfft_values():
    y = xp.fft.ihfft(signal([1.0, 2.0, 3.0, 4.0]))
    assert y.dtype == xp.complex128
    assert to_list(y) == approx_list([2.5, -0.5 - 0.5j, -0.5])


def test_hfft_keeps_device():
    assert xp.fft.hfft(xp.ones((3,), dtype=xp.complex128, device=D1)).device == D1


# ---- fftfreq, rfftfreq --------------------------------------------------------------------------


def test_fftfreq_values():
    y = xp.fft.fftfreq(4)
    assert y.dtype == xp.float64
    assert to_list(y, float) == approx_list([0.0, 0.25, -0.5, -0.25])


def test_fftfreq_odd_n():
    assert to_list(xp.fft.fftfreq(5, d=0.2), float) == approx_list([0.0, 1.0, 2.0, -2.0, -1.0])


def test_fftfreq_d():
    assert to_list(xp.fft.fftfreq(4, d=0.5), float) == approx_list([0.0, 0.5, -1.0, -0.5])


def test_fftfreq_d_may_be_an_int():
    assert to_list(xp.fft.fftfreq(4, d=2), float) == approx_list([0.0, 0.125, -0.25, -0.125])


def test_rfftfreq_values():
    assert to_list(xp.fft.rfftfreq(4), float) == approx_list([0.0, 0.25, 0.5])


def test_fftfreq_dtype():
    assert xp.fft.fftfreq(4, dtype=xp.float32).dtype == xp.float32


def test_fftfreq_device():
    assert xp.fft.fftfreq(4, device=D1).device == D1
    assert xp.fft.rfftfreq(4, device=D1).device == D1


def test_fftfreq_default_device():
    assert xp.fft.fftfreq(4).device == CPU


def test_fftfreq_device_as_a_string_raises_type_error():
    with pytest.raises(TypeError, match="fft.fftfreq"):
        xp.fft.fftfreq(4, device="device1")


def test_fftfreq_n_must_be_an_int():
    with pytest.raises(TypeError, match="fft.rfftfreq"):
        xp.fft.rfftfreq(4.0)


def test_fftfreq_d_must_be_a_number():
    with pytest.raises(TypeError, match="fft.fftfreq"):
        xp.fft.fftfreq(4, d="1")


def test_fftfreq_integer_dtype_raises_type_error():
    with pytest.raises(TypeError):
        xp.fft.fftfreq(4, dtype=xp.int64)


def test_fftfreq_d_is_keyword_only():
    with pytest.raises(TypeError):
        xp.fft.fftfreq(4, 0.5)


# ---- fftshift, ifftshift ------------------------------------------------------------------------


def test_fftshift_values():
    y = xp.fft.fftshift(signal([0.0, 1.0, 2.0, -2.0, -1.0]))
    assert to_list(y, float) == [-2.0, -1.0, 0.0, 1.0, 2.0]


def test_ifftshift_undoes_fftshift():
    y = xp.fft.ifftshift(signal([-2.0, -1.0, 0.0, 1.0, 2.0]))
    assert to_list(y, float) == [0.0, 1.0, 2.0, -2.0, -1.0]


def test_fftshift_axes_int():
    y = xp.fft.fftshift(signal([[0.0, 1.0], [2.0, 3.0]]), axes=1)
    assert to_list(y, float) == [[1.0, 0.0], [3.0, 2.0]]


def test_fftshift_axes_tuple():
    y = xp.fft.fftshift(signal([[0.0, 1.0], [2.0, 3.0]]), axes=(0,))
    assert to_list(y, float) == [[2.0, 3.0], [0.0, 1.0]]


def test_fftshift_every_axis_by_default():
    y = xp.fft.fftshift(signal([[0.0, 1.0], [2.0, 3.0]]))
    assert to_list(y, float) == [[3.0, 2.0], [1.0, 0.0]]


def test_fftshift_keeps_dtype_and_device():
    y = xp.fft.fftshift(signal([0.0, 1.0], dtype=xp.float32, device=D1))
    assert y.dtype == xp.float32
    assert y.device == D1


def test_fftshift_axes_of_a_wrong_type_raise_type_error():
    with pytest.raises(TypeError, match="fft.ifftshift"):
        xp.fft.ifftshift(signal([0.0, 1.0]), axes="0")
