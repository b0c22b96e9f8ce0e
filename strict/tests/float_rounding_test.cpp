// ceil, floor, trunc and round of real floating-point arrays equal std::ceil, std::floor,
// std::trunc and std::nearbyint element for element, bit for bit apart from NaN's payload
// (strict computes them by arithmetic: internal/float_rounding.hpp). Arrays of many lengths, so
// that both the vectorised loop and its remainder are reached.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::host_values;

// Values of every kind: signed zeros, halves and their neighbours, the edges where every value
// is an integer (2^23, 2^52), subnormals, the largest finite values, infinities and NaN.
template <class T>
std::vector<T> edge_values() {
  constexpr T all_integers = std::is_same_v<T, float> ? T(0x1p23f) : T(0x1p52);
  std::vector<T> values = {T(0),
                           -T(0),
                           T(0.5),
                           T(1.5),
                           T(2.5),
                           T(0.49999997),
                           std::nextafter(T(0.5), T(1)),
                           T(0.7),
                           T(1),
                           all_integers,
                           std::nextafter(all_integers, T(0)),
                           all_integers - T(0.5),
                           all_integers / 2 + T(0.5),
                           2 * all_integers + T(2),
                           std::numeric_limits<T>::denorm_min(),
                           std::numeric_limits<T>::min(),
                           std::numeric_limits<T>::max(),
                           std::numeric_limits<T>::infinity(),
                           std::numeric_limits<T>::quiet_NaN()};
  const std::size_t count = values.size();
  for (std::size_t i = 0; i < count; ++i)
    values.push_back(-values[i]);
  return values;
}

struct Rounding {
  std::string name;
  Array (*strict_function)(const Array&);
  double (*reference)(double);
  float (*reference_float)(float);
};

std::vector<Rounding> roundings() {
  return {
      {"ceil", &ceil, [](double a) { return std::ceil(a); }, [](float a) { return std::ceil(a); }},
      {"floor", &floor, [](double a) { return std::floor(a); },
       [](float a) { return std::floor(a); }},
      {"trunc", &trunc, [](double a) { return std::trunc(a); },
       [](float a) { return std::trunc(a); }},
      {"round", &round, [](double a) { return std::nearbyint(a); },
       [](float a) { return std::nearbyint(a); }},
  };
}

template <class T>
bool same(T actual, T expected) {
  if (std::isnan(expected)) return std::isnan(actual);
  return std::bit_cast<std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>>(actual) ==
         std::bit_cast<std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>>(expected);
}

// The first element of `values` whose rounding by strict differs from the reference's, as text;
// empty when none does.
template <class T>
std::string first_difference(const Rounding& rounding, const std::vector<T>& values) {
  const std::vector<Scalar> scalars(values.begin(), values.end());
  const DType dtype = std::is_same_v<T, float> ? float32 : float64;
  const Shape shape{static_cast<std::int64_t>(values.size())};
  const std::vector<T> actual =
      host_values<T>(rounding.strict_function(asarray(scalars, shape, {.dtype = dtype})));
  for (std::size_t i = 0; i < values.size(); ++i) {
    T expected;
    if constexpr (std::is_same_v<T, float>) {
      expected = rounding.reference_float(values[i]);
    } else {
      expected = rounding.reference(values[i]);
    }
    if (!same(actual[i], expected)) {
      return rounding.name + "(" + std::to_string(values[i]) + ") at " + std::to_string(i) + ": " +
             std::to_string(actual[i]) + ", std gives " + std::to_string(expected);
    }
  }
  return {};
}

TEST(FloatRounding, EdgeValuesEqualTheStandardLibrarys) {
  for (const Rounding& rounding : roundings()) {
    for (std::size_t length = 1; length <= 24; ++length) {
      // Each edge value at each position of arrays of this length.
      const auto doubles = edge_values<double>();
      const auto floats = edge_values<float>();
      for (std::size_t start = 0; start < doubles.size(); ++start) {
        std::vector<double> d(length);
        std::vector<float> f(length);
        for (std::size_t i = 0; i < length; ++i) {
          d[i] = doubles[(start + i) % doubles.size()];
          f[i] = floats[(start + i) % floats.size()];
        }
        EXPECT_EQ(first_difference(rounding, d), "");
        EXPECT_EQ(first_difference(rounding, f), "");
      }
    }
  }
}

RC_GTEST_PROP(FloatRounding, AnyBitPatternRoundsAsTheStandardLibraryRoundsIt, ()) {
  // Every bit pattern is a double or float: all exponents, both signs, NaN payloads.
  const auto bits =
      *rc::gen::container<std::vector<std::uint64_t>>(rc::gen::arbitrary<std::uint64_t>());
  RC_PRE(!bits.empty());
  std::vector<double> doubles;
  std::vector<float> floats;
  for (const std::uint64_t b : bits) {
    doubles.push_back(std::bit_cast<double>(b));
    floats.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(b >> 17)));
    // And values near the integers, where rounding decides something.
    doubles.push_back(static_cast<double>(static_cast<std::int32_t>(b)) / 4.0);
    floats.push_back(static_cast<float>(static_cast<std::int16_t>(b)) / 4.0f);
  }
  for (const Rounding& rounding : roundings()) {
    RC_ASSERT(first_difference(rounding, doubles) == "");
    RC_ASSERT(first_difference(rounding, floats) == "");
  }
}

}  // namespace
}  // namespace strict
