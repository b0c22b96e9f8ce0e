// Dtypes: names, sizes, kinds and the promotion table of
// spec/2024.12/API_specification/type_promotion.rst.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "strict/strict.hpp"

namespace strict {
namespace {

TEST(DType, NamesRoundTrip) {
  for (DType d : all_dtypes)
    EXPECT_EQ(parse_dtype(name(d)), d);
  EXPECT_EQ(name(bool_), "bool");
  EXPECT_EQ(parse_dtype("float128"), std::nullopt);
  EXPECT_EQ(fmt::format("{}", complex64), "complex64");
}

TEST(DType, ItemSizes) {
  EXPECT_EQ(item_size(bool_), 1u);
  EXPECT_EQ(item_size(uint16), 2u);
  EXPECT_EQ(item_size(float32), 4u);
  EXPECT_EQ(item_size(complex64), 8u);
  EXPECT_EQ(item_size(complex128), 16u);
}

TEST(DType, Kinds) {
  EXPECT_TRUE(is_kind(int8, DTypeKind::signed_integer));
  EXPECT_FALSE(is_kind(uint8, DTypeKind::signed_integer));
  EXPECT_TRUE(is_kind(uint8, DTypeKind::integral));
  EXPECT_FALSE(is_kind(bool_, DTypeKind::integral));
  EXPECT_FALSE(is_kind(bool_, DTypeKind::numeric));
  EXPECT_TRUE(is_kind(complex64, DTypeKind::numeric));
  EXPECT_TRUE(is_kind(float32, DTypeKind::real_floating));
  EXPECT_FALSE(is_kind(complex64, DTypeKind::real_floating));
  EXPECT_EQ(real_dtype_of(complex128), float64);
  EXPECT_EQ(complex_dtype_of(float32), complex64);
}

TEST(DType, IntegerDtypeOfSize) {
  EXPECT_EQ(integer_dtype_of_size(1, true), int8);
  EXPECT_EQ(integer_dtype_of_size(2, false), uint16);
  EXPECT_EQ(integer_dtype_of_size(4, true), int32);
  EXPECT_EQ(integer_dtype_of_size(8, false), uint64);
}

struct Promotion {
  DType a, b;
  std::optional<DType> result;
};

// Rows of the standard's tables, written out by hand.
const Promotion promotions[] = {
    {bool_, bool_, bool_},
    {bool_, int8, std::nullopt},
    {int8, int16, int16},
    {int8, int64, int64},
    {uint8, uint32, uint32},
    {uint8, int8, int16},
    {uint8, int16, int16},
    {uint8, int32, int32},
    {uint8, int64, int64},
    {uint16, int8, int32},
    {uint16, int16, int32},
    {uint16, int64, int64},
    {uint32, int8, int64},
    {uint32, int32, int64},
    {uint32, int64, int64},
    {uint64, int8, std::nullopt},
    {uint64, int64, std::nullopt},
    {uint64, uint8, uint64},
    {float32, float64, float64},
    {float32, complex64, complex64},
    {float32, complex128, complex128},
    {float64, complex64, complex128},
    {complex64, complex128, complex128},
    {int32, float32, std::nullopt},
    {uint8, float64, std::nullopt},
    {bool_, float32, std::nullopt},
};

TEST(DType, PromotionTable) {
  for (const Promotion& p : promotions) {
    EXPECT_EQ(promote_types(p.a, p.b), p.result) << name(p.a) << " + " << name(p.b);
    EXPECT_EQ(promote_types(p.b, p.a), p.result) << name(p.b) << " + " << name(p.a);
  }
}

rc::Gen<DType> any_dtype() {
  return rc::gen::elementOf(all_dtypes);
}

RC_GTEST_PROP(DTypeProperties, PromotionIsSymmetricAndIdempotent, ()) {
  const DType a = *any_dtype();
  const DType b = *any_dtype();
  RC_ASSERT(promote_types(a, b) == promote_types(b, a));
  RC_ASSERT(promote_types(a, a) == std::optional<DType>(a));
}

RC_GTEST_PROP(DTypeProperties, PromotionIsAssociativeWhereDefined, ()) {
  const DType a = *any_dtype();
  const DType b = *any_dtype();
  const DType c = *any_dtype();
  const auto ab = promote_types(a, b);
  const auto bc = promote_types(b, c);
  RC_PRE(ab.has_value() && bc.has_value());
  const auto left = promote_types(*ab, c);
  const auto right = promote_types(a, *bc);
  RC_PRE(left.has_value() && right.has_value());
  RC_ASSERT(*left == *right);
}

RC_GTEST_PROP(DTypeProperties, PromotionResultHoldsBothKinds, ()) {
  const DType a = *any_dtype();
  const DType b = *any_dtype();
  const auto r = promote_types(a, b);
  RC_PRE(r.has_value());
  RC_ASSERT(item_size(*r) >= std::max(item_size(a), item_size(b)) ||
            (is_complex_floating(*r) && item_size(*r) >= 2 * item_size(real_dtype_of(*r)) / 2));
  RC_ASSERT(is_floating(*r) == (is_floating(a) || is_floating(b)));
}

}  // namespace
}  // namespace strict
