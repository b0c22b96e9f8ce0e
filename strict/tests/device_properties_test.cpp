// RapidCheck properties of strict's device rules, over random devices, dtypes, shapes and data:
// results stay on their inputs' device, explicit device= is obeyed, mixed devices raise,
// transfers round-trip, and per-device byte accounting returns to zero.
#include <functional>
#include <string>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

rc::Gen<Device> any_device() {
  return rc::gen::elementOf(enabled_devices());
}

rc::Gen<Shape> small_shape() {
  return rc::gen::container<Shape>(*rc::gen::inRange<std::size_t>(0, 4),
                                   rc::gen::inRange<std::int64_t>(0, 4));
}

// Dtypes of a kind the operations below accept, that `device` can hold.
rc::Gen<DType> numeric_dtype_on(Device device) {
  std::vector<DType> dtypes;
  for (DType d : {int8, int16, int32, int64, uint8, float32, float64}) {
    if (device.supports(d)) dtypes.push_back(d);
  }
  return rc::gen::elementOf(dtypes);
}

// An array of small integer values (exact in every numeric dtype) on `device`.
Array random_array(Device device, DType dtype, const Shape& shape) {
  const auto values = *rc::gen::container<std::vector<int>>(
      static_cast<std::size_t>(element_count(shape)), rc::gen::inRange(0, 5));
  std::vector<Scalar> scalars(values.begin(), values.end());
  return asarray(scalars, shape, {.dtype = dtype, .device = device});
}

struct UnaryOp {
  std::string name;
  std::function<Array(const Array&)> apply;
};

const std::vector<UnaryOp>& unary_ops() {
  static const std::vector<UnaryOp> ops = {
      {"negative", [](const Array& x) { return negative(x); }},
      {"abs", [](const Array& x) { return abs(x); }},
      {"square", [](const Array& x) { return square(x); }},
      {"add scalar", [](const Array& x) { return add(x, 1); }},
      {"scalar multiply", [](const Array& x) { return multiply(2, x); }},
      {"equal scalar", [](const Array& x) { return equal(x, 1); }},
      {"sum", [](const Array& x) { return sum(x); }},
      {"cumulative_sum", [](const Array& x) { return cumulative_sum(reshape(x, {-1})); }},
      {"reshape", [](const Array& x) { return reshape(x, {-1}); }},
      {"zeros_like", [](const Array& x) { return zeros_like(x); }},
      {"asarray", [](const Array& x) { return asarray(x); }},
      {"astype", [](const Array& x) { return astype(x, x.dtype()); }},
      {"concat self",
       [](const Array& x) {
         return concat({x, x}, std::nullopt);
       }},
      {"stack self",
       [](const Array& x) {
         return stack({x, x});
       }},
      {"where", [](const Array& x) { return where(equal(x, 1), x, x); }},
  };
  return ops;
}

struct BinaryOp {
  std::string name;
  std::function<Array(const Array&, const Array&)> apply;
};

const std::vector<BinaryOp>& binary_ops() {
  static const std::vector<BinaryOp> ops = {
      {"add", [](const Array& a, const Array& b) { return add(a, b); }},
      {"subtract", [](const Array& a, const Array& b) { return subtract(a, b); }},
      {"multiply", [](const Array& a, const Array& b) { return multiply(a, b); }},
      {"maximum", [](const Array& a, const Array& b) { return maximum(a, b); }},
      {"less", [](const Array& a, const Array& b) { return less(a, b); }},
      {"equal", [](const Array& a, const Array& b) { return equal(a, b); }},
      {"operator+", [](const Array& a, const Array& b) { return a + b; }},
      {"operator*", [](const Array& a, const Array& b) { return a * b; }},
      {"where", [](const Array& a, const Array& b) { return where(equal(a, a), a, b); }},
      {"concat",
       [](const Array& a, const Array& b) {
         return concat({a, b}, std::nullopt);
       }},
  };
  return ops;
}

// spec/2024.12/design_topics/device_support.rst: "Preserve device assignment as much as possible
// (e.g. output arrays from a function are expected to be on the same device as input arrays)".
RC_GTEST_PROP(DeviceProperties, ResultsStayOnTheInputsDevice, ()) {
  const Device device = *any_device();
  const DType dtype = *numeric_dtype_on(device);
  const Array x = random_array(device, dtype, *small_shape());
  const UnaryOp& op = *rc::gen::elementOf(unary_ops());
  RC_TAG(op.name);
  const Array y = op.apply(x);
  RC_ASSERT(y.device() == device);
  // Binary ops on two arrays of one device, including broadcasting against a 0-d array.
  const BinaryOp& binary = *rc::gen::elementOf(binary_ops());
  const Array z = binary.apply(x, random_array(device, dtype, {}));
  RC_ASSERT(z.device() == device);
}

// "Respect explicit device assignment (i.e. if the input to the device= keyword is not None,
// guarantee that the array is created on the given device, and raise an exception otherwise)."
RC_GTEST_PROP(DeviceProperties, ExplicitDeviceIsObeyed, ()) {
  const Device device = *any_device();
  const Device elsewhere = *any_device();
  const DType dtype = *numeric_dtype_on(device);
  const Shape shape = *small_shape();
  const DefaultDeviceGuard guard(elsewhere);  // the explicit device must beat the default too
  const Array x = random_array(elsewhere, *numeric_dtype_on(elsewhere), shape);
  const std::vector<std::pair<std::string, Array>> made = {
      {"zeros", zeros(shape, {.dtype = dtype, .device = device})},
      {"ones", ones(shape, {.dtype = dtype, .device = device})},
      {"empty", empty(shape, {.dtype = dtype, .device = device})},
      {"full", full(shape, 3, {.dtype = dtype, .device = device})},
      {"arange", arange(0, 4, 1, {.dtype = dtype, .device = device})},
      {"zeros_like", zeros_like(x, {.dtype = dtype, .device = device})},
      {"asarray", asarray(x, {.dtype = dtype, .device = device})},
      {"astype", astype(x, dtype, {.device = device})},
  };
  for (const auto& [name, array] : made) {
    RC_ASSERT(array.device() == device);
    RC_ASSERT(array.dtype() == dtype);
  }
}

// "Raise an exception if an operation involves arrays on different devices (i.e. avoid implicit
// data transfer between devices)." 0-d arrays get no exemption.
RC_GTEST_PROP(DeviceProperties, MixedDevicesRaise, ()) {
  const Device d1 = *any_device();
  const Device d2 = *any_device().as("second device");
  RC_PRE(d1 != d2);
  const DType dtype = *numeric_dtype_on(d1);
  RC_PRE(d2.supports(dtype));
  const Shape shape = *small_shape();
  const bool second_is_0d = *rc::gen::arbitrary<bool>();
  const Array a = random_array(d1, dtype, shape);
  const Array b = random_array(d2, dtype, second_is_0d ? Shape{} : shape);
  const BinaryOp& op = *rc::gen::elementOf(binary_ops());
  RC_TAG(op.name);
  RC_ASSERT_THROWS_AS(op.apply(a, b), DeviceMismatchError);
  RC_ASSERT_THROWS_AS(op.apply(b, a), DeviceMismatchError);
}

// spec array_object.to_device: "an array with the same data and data type as self and located
// on the specified device".
RC_GTEST_PROP(DeviceProperties, TransferRoundTripKeepsValuesAndDtype, ()) {
  const Device source = *any_device();
  const Device target = *any_device();
  const DType dtype = *numeric_dtype_on(source);
  RC_PRE(target.supports(dtype));
  const Array x = random_array(source, dtype, *small_shape());
  const Array moved = x.to_device(target);
  RC_ASSERT(moved.device() == target);
  RC_ASSERT(moved.dtype() == dtype);
  RC_ASSERT(moved.shape() == x.shape());
  const Array back = moved.to_device(source);
  RC_ASSERT(back.device() == source);
  RC_ASSERT(testing::host_values<double>(back) == testing::host_values<double>(x));
}

RC_GTEST_PROP(DeviceProperties, ByteAccountingReturnsToZeroWhenArraysDie, ()) {
  const std::vector<Device> devices = enabled_devices();
  std::vector<std::int64_t> before;
  for (Device d : devices)
    before.push_back(bytes_in_use(d));
  {
    std::vector<Array> live;
    const int steps = *rc::gen::inRange(1, 8);
    for (int i = 0; i < steps; ++i) {
      const Device d = *any_device();
      const Array x = random_array(d, *numeric_dtype_on(d), *small_shape());
      live.push_back(x);
      live.push_back(x.to_device(*any_device()));
      live.push_back(add(x, 1));
    }
    std::int64_t held = 0;
    for (std::size_t i = 0; i < devices.size(); ++i)
      held += bytes_in_use(devices[i]) - before[i];
    // Every distinct storage counts once, however many handles share it.
    std::int64_t expected = 0;
    for (std::size_t i = 0; i < live.size(); ++i) {
      bool seen = false;
      for (std::size_t j = 0; j < i; ++j)
        seen = seen || live[i].shares_storage_with(live[j]);
      if (!seen) expected += live[i].size() * static_cast<std::int64_t>(item_size(live[i].dtype()));
    }
    RC_ASSERT(held == expected);
  }
  for (std::size_t i = 0; i < devices.size(); ++i)
    RC_ASSERT(bytes_in_use(devices[i]) == before[i]);
}

}  // namespace
}  // namespace strict
