// Each element-wise function accepts exactly the dtype category its spec text names, raises
// DTypeError outside it, and gives results of the dtype the standard says.
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;

Array zeros_of(DType dtype) {
  return zeros({2}, {.dtype = dtype, .device = std::nullopt});
}

using Unary = std::function<Array(const Array&)>;
using Binary = std::function<Array(const ArrayOrScalar&, const ArrayOrScalar&)>;

struct UnaryCase {
  std::string name;
  Unary function;
  std::vector<DType> rejected;
  std::vector<DType> accepted;
};

struct BinaryDTypeCase {
  std::string name;
  Binary function;
  std::vector<DType> rejected;
  std::vector<DType> accepted;
};

const std::vector<DType> floating_only_rejects = {bool_, int8, uint64, int64};
const std::vector<DType> floating_accepts = {float32, float64, complex64, complex128};
const std::vector<DType> real_floating_rejects = {bool_, int32, complex64, complex128};
const std::vector<DType> real_floating_accepts = {float32, float64};
const std::vector<DType> numeric_rejects = {bool_};
const std::vector<DType> numeric_accepts = {int8, uint32, float64, complex128};
const std::vector<DType> real_rejects = {bool_, complex64, complex128};
const std::vector<DType> real_accepts = {int16, uint8, float32, float64};

std::vector<UnaryCase> unary_cases() {
  std::vector<UnaryCase> cases = {
      {"abs", abs, numeric_rejects, numeric_accepts},
      {"negative", negative, numeric_rejects, numeric_accepts},
      {"positive", positive, numeric_rejects, numeric_accepts},
      {"square", square, numeric_rejects, numeric_accepts},
      {"sign", sign, numeric_rejects, numeric_accepts},
      {"round", round, numeric_rejects, numeric_accepts},
      {"conj", conj, numeric_rejects, numeric_accepts},
      {"real", real, numeric_rejects, numeric_accepts},
      {"isnan", isnan, numeric_rejects, numeric_accepts},
      {"isinf", isinf, numeric_rejects, numeric_accepts},
      {"isfinite", isfinite, numeric_rejects, numeric_accepts},
      {"imag", imag, {bool_, int8, float32, float64}, {complex64, complex128}},
      {"ceil", ceil, real_rejects, real_accepts},
      {"floor", floor, real_rejects, real_accepts},
      {"trunc", trunc, real_rejects, real_accepts},
      {"signbit", signbit, real_floating_rejects, real_floating_accepts},
      {"logical_not", logical_not, {int8, float64, complex64}, {bool_}},
      {"bitwise_invert", bitwise_invert, {float32, float64, complex128}, {bool_, int8, uint64}},
  };
  const std::vector<std::pair<std::string, Unary>> floating = {
      {"exp", exp},     {"expm1", expm1}, {"log", log},     {"log1p", log1p},
      {"log2", log2},   {"log10", log10}, {"sqrt", sqrt},   {"sin", sin},
      {"cos", cos},     {"tan", tan},     {"asin", asin},   {"acos", acos},
      {"atan", atan},   {"sinh", sinh},   {"cosh", cosh},   {"tanh", tanh},
      {"asinh", asinh}, {"acosh", acosh}, {"atanh", atanh}, {"reciprocal", reciprocal}};
  for (const auto& [name, function] : floating) {
    cases.push_back({name, function, floating_only_rejects, floating_accepts});
  }
  return cases;
}

std::vector<BinaryDTypeCase> binary_dtype_cases() {
  const std::vector<DType> any = {bool_, int8, uint64, float32, complex128};
  return {
      {"add", add, numeric_rejects, numeric_accepts},
      {"subtract", subtract, numeric_rejects, numeric_accepts},
      {"multiply", multiply, numeric_rejects, numeric_accepts},
      {"pow", pow, numeric_rejects, numeric_accepts},
      {"divide", divide, floating_only_rejects, floating_accepts},
      {"floor_divide", floor_divide, real_rejects, real_accepts},
      {"remainder", remainder, real_rejects, real_accepts},
      {"maximum", maximum, real_rejects, real_accepts},
      {"minimum", minimum, real_rejects, real_accepts},
      {"less", less, real_rejects, real_accepts},
      {"less_equal", less_equal, real_rejects, real_accepts},
      {"greater", greater, real_rejects, real_accepts},
      {"greater_equal", greater_equal, real_rejects, real_accepts},
      {"equal", equal, {}, any},
      {"not_equal", not_equal, {}, any},
      {"atan2", atan2, real_floating_rejects, real_floating_accepts},
      {"copysign", copysign, real_floating_rejects, real_floating_accepts},
      {"hypot", hypot, real_floating_rejects, real_floating_accepts},
      {"logaddexp", logaddexp, real_floating_rejects, real_floating_accepts},
      {"nextafter", nextafter, real_floating_rejects, real_floating_accepts},
      {"logical_and", logical_and, {int8, float64}, {bool_}},
      {"logical_or", logical_or, {int8, float64}, {bool_}},
      {"logical_xor", logical_xor, {int8, float64}, {bool_}},
      {"bitwise_and", bitwise_and, {float32, complex64}, {bool_, int8, uint64}},
      {"bitwise_or", bitwise_or, {float32, complex64}, {bool_, int8, uint64}},
      {"bitwise_xor", bitwise_xor, {float32, complex64}, {bool_, int8, uint64}},
      {"bitwise_left_shift", bitwise_left_shift, {bool_, float32}, {int8, uint64}},
      {"bitwise_right_shift", bitwise_right_shift, {bool_, float64}, {int16, uint8}},
  };
}

TEST(ElementwiseDTypes, UnaryFunctionsRejectDtypesOutsideTheirCategory) {
  for (const UnaryCase& c : unary_cases()) {
    for (const DType dtype : c.rejected) {
      try {
        (void)c.function(zeros_of(dtype));
        ADD_FAILURE() << c.name << " accepted " << name(dtype);
      } catch (const DTypeError& e) {
        EXPECT_TRUE(contains(e.what(), c.name + "()"));
        EXPECT_TRUE(contains(e.what(), std::string(name(dtype))));
      }
    }
    for (const DType dtype : c.accepted) {
      EXPECT_NO_THROW((void)c.function(zeros_of(dtype))) << c.name << " on " << name(dtype);
    }
  }
}

TEST(ElementwiseDTypes, BinaryFunctionsRejectDtypesOutsideTheirCategory) {
  for (const BinaryDTypeCase& c : binary_dtype_cases()) {
    for (const DType dtype : c.rejected) {
      try {
        (void)c.function(zeros_of(dtype), zeros_of(dtype));
        ADD_FAILURE() << c.name << " accepted " << name(dtype);
      } catch (const DTypeError& e) {
        EXPECT_TRUE(contains(e.what(), c.name + "()"));
      }
    }
    for (const DType dtype : c.accepted) {
      EXPECT_NO_THROW((void)c.function(zeros_of(dtype), zeros_of(dtype)))
          << c.name << " on " << name(dtype);
    }
  }
}

TEST(ElementwiseDTypes, DtypesWithoutPromotionRaise) {
  // type_promotion.rst defines no promotion between kinds, nor between uint64 and signed ints.
  EXPECT_THROW(add(zeros_of(int8), zeros_of(float32)), DTypeError);
  EXPECT_THROW(add(zeros_of(uint64), zeros_of(int64)), DTypeError);
  EXPECT_THROW(equal(zeros_of(bool_), zeros_of(int8)), DTypeError);
  EXPECT_THROW(bitwise_and(zeros_of(bool_), zeros_of(uint8)), DTypeError);
}

TEST(ElementwiseDTypes, ResultDtypes) {
  // Same dtype as the (promoted) input, except: comparisons and tests give bool; abs, real and
  // imag of complex give the real dtype of the same precision.
  EXPECT_EQ(add(zeros_of(int8), zeros_of(int16)).dtype(), int16);
  EXPECT_EQ(divide(zeros_of(float32), zeros_of(float32)).dtype(), float32);
  EXPECT_EQ(less(zeros_of(float32), zeros_of(float64)).dtype(), bool_);
  EXPECT_EQ(equal(zeros_of(complex64), zeros_of(complex64)).dtype(), bool_);
  EXPECT_EQ(isnan(zeros_of(float32)).dtype(), bool_);
  EXPECT_EQ(signbit(zeros_of(float64)).dtype(), bool_);
  EXPECT_EQ(abs(zeros_of(complex64)).dtype(), float32);
  EXPECT_EQ(abs(zeros_of(int16)).dtype(), int16);
  EXPECT_EQ(real(zeros_of(complex128)).dtype(), float64);
  EXPECT_EQ(imag(zeros_of(complex64)).dtype(), float32);
  EXPECT_EQ(conj(zeros_of(complex64)).dtype(), complex64);
  EXPECT_EQ(sign(zeros_of(complex128)).dtype(), complex128);
  EXPECT_EQ(round(zeros_of(complex64)).dtype(), complex64);
  EXPECT_EQ(sqrt(zeros_of(float32)).dtype(), float32);
  EXPECT_EQ(bitwise_invert(zeros_of(bool_)).dtype(), bool_);
}

}  // namespace
}  // namespace strict
