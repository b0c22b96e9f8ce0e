// Small helpers shared by strict's tests.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "strict/strict.hpp"

namespace strict::testing {

inline constexpr double nan = std::numeric_limits<double>::quiet_NaN();
// How far hand-computed float64 results may be from strict's.
inline constexpr double kTolerance = 1e-12;

inline Device cpu() {
  return Device::cpu();
}
inline Device device1() {
  return Device("device1");
}
inline Device device2() {
  return Device("device2");
}

// The values of an array on any device, read through an explicit transfer to the host.
template <class T>
std::vector<T> host_values(const Array& x) {
  return x.to_device(Device::cpu()).values<T>();
}

// An array of literal data with an explicit dtype, on `device`.
inline Array make(const NestedSequence& data, DType dtype, Device device = Device::cpu()) {
  return asarray(data, {.dtype = dtype, .device = device});
}

inline Array zeros_of(const Shape& shape, DType dtype, Device device = Device::cpu()) {
  return zeros(shape, {.dtype = dtype, .device = device});
}

// Element-wise EXPECT_NEAR of two equally long value lists.
inline void expect_near(const std::vector<double>& actual, const std::vector<double>& expected,
                        double tolerance = kTolerance) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i)
    EXPECT_NEAR(actual[i], expected[i], tolerance) << "element " << i;
}

// Whether `text` contains `part`, with a readable failure message.
inline ::testing::AssertionResult contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

}  // namespace strict::testing
