"""Data type functions: astype, can_cast, finfo, iinfo, isdtype, result_type."""

import pytest

import strict_xp as xp
from values import D1, to_list


# ---- astype -------------------------------------------------------------------------------------


def test_astype_int_to_float():
    y = xp.astype(xp.asarray([1, 2, 3], dtype=xp.int32), xp.float64)
    assert y.dtype == xp.float64
    assert to_list(y) == [1.0, 2.0, 3.0]


def test_astype_float_to_int_truncates():
    y = xp.astype(xp.asarray([1.7, -2.7]), xp.int64)
    assert to_list(y, int) == [1, -2]


def test_astype_copies_by_default():
    x = xp.asarray([1.0, 2.0])
    y = xp.astype(x, xp.float64)
    assert y is not x
    x[0] = 5.0
    assert float(y[0]) == 1.0


def test_astype_copy_false_without_a_change_returns_x():
    x = xp.asarray([1.0, 2.0])
    assert xp.astype(x, xp.float64, copy=False) is x


def test_astype_keeps_device():
    y = xp.astype(xp.asarray([1, 2], device=D1), xp.float32)
    assert y.device == D1
    assert y.dtype == xp.float32


def test_astype_device_moves_the_result():
    y = xp.astype(xp.asarray([1, 2]), xp.float64, device=D1)
    assert y.device == D1


def test_astype_complex_to_real_raises_type_error():
    with pytest.raises(TypeError):
        xp.astype(xp.asarray([1 + 1j]), xp.float64)


def test_astype_dtype_as_a_string_raises_type_error():
    with pytest.raises(TypeError, match="astype"):
        xp.astype(xp.asarray([1, 2]), "float64")


def test_astype_rejects_a_non_array():
    with pytest.raises(TypeError, match="astype"):
        xp.astype([1, 2], xp.float64)


def test_astype_copy_must_be_a_bool():
    with pytest.raises(TypeError, match="astype"):
        xp.astype(xp.asarray([1, 2]), xp.float64, copy=None)


def test_astype_device_as_a_string_raises_type_error():
    with pytest.raises(TypeError, match="astype"):
        xp.astype(xp.asarray([1, 2]), xp.float64, device="device1")


def test_astype_copy_is_keyword_only():
    with pytest.raises(TypeError):
        xp.astype(xp.asarray([1, 2]), xp.float64, True)


# ---- can_cast -----------------------------------------------------------------------------------


def test_can_cast_dtypes():
    assert xp.can_cast(xp.int8, xp.int32) is True
    assert xp.can_cast(xp.float32, xp.complex64) is True
    assert xp.can_cast(xp.int32, xp.float32) is False
    assert xp.can_cast(xp.float64, xp.float32) is False
    assert xp.can_cast(xp.bool, xp.int8) is False


def test_can_cast_array():
    x = xp.asarray([1, 2], dtype=xp.int16)
    assert xp.can_cast(x, xp.int64) is True
    assert xp.can_cast(x, xp.int8) is False


def test_can_cast_array_on_a_device_without_float64():
    enabled = [d.name for d in xp.__array_namespace_info__().devices()]
    device = xp.enable_device("no_float64")
    try:
        x = xp.asarray([1.0], dtype=xp.float32, device=device)
        assert xp.can_cast(x, xp.float64) is False
        assert xp.can_cast(xp.float32, xp.float64) is True
    finally:
        if "no_float64" not in enabled:
            xp.disable_device("no_float64")


def test_can_cast_from_must_be_a_dtype_or_array():
    with pytest.raises(TypeError, match="can_cast"):
        xp.can_cast("int8", xp.int32)


def test_can_cast_to_must_be_a_dtype():
    with pytest.raises(TypeError, match="can_cast"):
        xp.can_cast(xp.int8, xp.asarray([1]))


# ---- finfo --------------------------------------------------------------------------------------


def test_finfo_float64():
    info = xp.finfo(xp.float64)
    assert info.bits == 64
    assert info.eps == 2.0**-52
    assert info.max == 1.7976931348623157e308
    assert info.min == -1.7976931348623157e308
    assert info.smallest_normal == 2.0**-1022
    assert info.dtype == xp.float64


def test_finfo_float32():
    info = xp.finfo(xp.float32)
    assert info.bits == 32
    assert info.eps == 2.0**-23
    assert info.max == pytest.approx(3.4028234663852886e38)
    assert info.smallest_normal == 2.0**-126
    assert info.dtype == xp.float32


def test_finfo_values_are_python_floats():
    info = xp.finfo(xp.float32)
    assert all(type(v) is float for v in (info.eps, info.max, info.min, info.smallest_normal))
    assert type(info.bits) is int


def test_finfo_of_complex_describes_its_real_component():
    info = xp.finfo(xp.complex64)
    assert info.bits == 32
    assert info.dtype == xp.float32


def test_finfo_of_an_array():
    assert xp.finfo(xp.asarray([1.0], dtype=xp.float32)).bits == 32


def test_finfo_of_an_array_on_another_device():
    assert xp.finfo(xp.asarray([1.0], device=D1)).dtype == xp.float64


def test_finfo_of_an_integer_dtype_raises_type_error():
    with pytest.raises(TypeError):
        xp.finfo(xp.int32)


def test_finfo_of_a_string_raises_type_error():
    with pytest.raises(TypeError, match="finfo"):
        xp.finfo("float64")


def test_finfo_attributes_are_read_only():
    info = xp.finfo(xp.float64)
    with pytest.raises(AttributeError):
        info.bits = 1


# ---- iinfo --------------------------------------------------------------------------------------


def test_iinfo_int8():
    info = xp.iinfo(xp.int8)
    assert (info.bits, info.min, info.max) == (8, -128, 127)
    assert info.dtype == xp.int8


def test_iinfo_int64():
    info = xp.iinfo(xp.int64)
    assert (info.min, info.max) == (-(2**63), 2**63 - 1)


def test_iinfo_uint64_max_is_exact():
    info = xp.iinfo(xp.uint64)
    assert (info.bits, info.min, info.max) == (64, 0, 2**64 - 1)
    assert info.dtype == xp.uint64


def test_iinfo_of_an_array():
    assert xp.iinfo(xp.asarray([1], dtype=xp.uint16)).max == 65535


def test_iinfo_of_a_float_dtype_raises_type_error():
    with pytest.raises(TypeError):
        xp.iinfo(xp.float32)


def test_iinfo_of_bool_raises_type_error():
    with pytest.raises(TypeError):
        xp.iinfo(xp.bool)


def test_iinfo_of_an_int_raises_type_error():
    with pytest.raises(TypeError, match="iinfo"):
        xp.iinfo(8)


# ---- isdtype ------------------------------------------------------------------------------------


def test_isdtype_kind_names():
    assert xp.isdtype(xp.bool, "bool") is True
    assert xp.isdtype(xp.int8, "signed integer") is True
    assert xp.isdtype(xp.uint8, "signed integer") is False
    assert xp.isdtype(xp.uint8, "unsigned integer") is True
    assert xp.isdtype(xp.int64, "integral") is True
    assert xp.isdtype(xp.float32, "real floating") is True
    assert xp.isdtype(xp.complex64, "real floating") is False
    assert xp.isdtype(xp.complex128, "complex floating") is True
    assert xp.isdtype(xp.complex64, "numeric") is True
    assert xp.isdtype(xp.bool, "numeric") is False


def test_isdtype_dtype_kind():
    assert xp.isdtype(xp.float32, xp.float32) is True
    assert xp.isdtype(xp.float32, xp.float64) is False


def test_isdtype_tuple_kind():
    assert xp.isdtype(xp.float32, ("integral", xp.float32)) is True
    assert xp.isdtype(xp.float32, ("integral", "complex floating")) is False


def test_isdtype_keywords():
    assert xp.isdtype(dtype=xp.int8, kind="integral") is True


def test_isdtype_unknown_kind_raises_value_error():
    with pytest.raises(ValueError, match="isdtype"):
        xp.isdtype(xp.float32, "floating")


def test_isdtype_kind_of_a_wrong_type_raises_type_error():
    with pytest.raises(TypeError, match="isdtype"):
        xp.isdtype(xp.float32, 1)


def test_isdtype_tuple_entry_of_a_wrong_type_raises_type_error():
    with pytest.raises(TypeError, match="isdtype"):
        xp.isdtype(xp.float32, ("integral", None))


def test_isdtype_dtype_must_be_a_dtype():
    with pytest.raises(TypeError, match="isdtype"):
        xp.isdtype("float32", "real floating")


# ---- result_type --------------------------------------------------------------------------------


def test_result_type_dtypes():
    assert xp.result_type(xp.int8, xp.int16) == xp.int16
    assert xp.result_type(xp.float32, xp.complex64, xp.float64) == xp.complex128
    assert xp.result_type(xp.uint8, xp.int8) == xp.int16


def test_result_type_one_dtype():
    assert xp.result_type(xp.float32) == xp.float32


def test_result_type_arrays_and_dtypes():
    x = xp.asarray([1], dtype=xp.int32)
    assert xp.result_type(x, xp.int64) == xp.int64


def test_result_type_python_scalars_do_not_promote():
    assert xp.result_type(xp.float32, 1.0) == xp.float32
    assert xp.result_type(xp.int8, 1) == xp.int8
    assert xp.result_type(xp.complex64, 1j) == xp.complex64


def test_result_type_returns_the_dtype_object():
    assert xp.result_type(xp.int8, xp.int16) is xp.int16


def test_result_type_of_nothing_raises_value_error():
    with pytest.raises(ValueError):
        xp.result_type()


def test_result_type_of_only_scalars_raises_value_error():
    with pytest.raises(ValueError):
        xp.result_type(1, 2.0)


def test_result_type_mixed_kinds_raise_type_error():
    with pytest.raises(TypeError):
        xp.result_type(xp.int32, xp.float32)


def test_result_type_float_scalar_with_an_integer_dtype_raises_type_error():
    with pytest.raises(TypeError):
        xp.result_type(xp.int32, 1.5)


def test_result_type_rejects_a_string():
    with pytest.raises(TypeError, match="result_type"):
        xp.result_type(xp.int8, "int16")


def test_result_type_arrays_on_different_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.result_type(xp.asarray([1]), xp.asarray([1], device=D1))
