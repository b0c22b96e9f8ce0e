// The signature changes of the standard's 2025.12 to functions strict had: expand_dims with a
// tuple of axes, searchsorted with a Python-scalar x2. (The functions 2025.12 adds have their own
// tests: isin_test, linalg_eig_test, shape_manipulation_test's broadcast_shapes.)
#include <vector>

#include <gtest/gtest.h>

#include "strict/strict.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::device1;
using testing::host_values;
using testing::make;

// ---- expand_dims with a tuple, searchsorted with a scalar ---------------------------------------

TEST(ExpandDims, ATupleOfAxesCountsPositionsInTheResult) {
  const Array x = zeros({2, 3}, {.dtype = float32, .device = device1()});
  EXPECT_EQ(expand_dims(x, std::vector<std::int64_t>{0, -1}).shape(), (Shape{1, 2, 3, 1}));
  EXPECT_EQ(expand_dims(x, std::vector<std::int64_t>{1, 2}).shape(), (Shape{2, 1, 1, 3}));
  EXPECT_EQ(expand_dims(x, std::vector<std::int64_t>{0}).device(), device1());
  EXPECT_THROW(expand_dims(x, std::vector<std::int64_t>{1, -3}), InvalidArgumentError);
  EXPECT_ANY_THROW(expand_dims(x, std::vector<std::int64_t>{4, 0}));
}

TEST(Searchsorted, APythonScalarX2GivesAZeroDimensionalIndexOnX1sDevice) {
  const Array x1 = make({1.0, 2.0, 3.0}, float64, device1());
  const Array out = searchsorted(x1, 2.5);
  EXPECT_EQ(out.shape(), Shape{});
  EXPECT_EQ(out.device(), device1());
  EXPECT_EQ(host_values<std::int64_t>(out), std::vector<std::int64_t>{2});
  EXPECT_EQ(host_values<std::int64_t>(searchsorted(make({1, 5}, int32), 5)),
            std::vector<std::int64_t>{1});
  EXPECT_THROW(searchsorted(make({1, 5}, int32), 2.5), DTypeError);
  EXPECT_THROW(searchsorted(x1, true), DTypeError);
}

}  // namespace
}  // namespace strict
