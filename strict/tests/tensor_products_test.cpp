// tensordot and vecdot: contractions, dtypes, bad axes and shapes, and the device rules.
#include "strict/tensor_products.hpp"

#include "strict/linalg.hpp"

#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <vector>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using testing::zeros_of;

// ---- tensordot ------------------------------------------------------------------------------

TEST(Tensordot, OneAxisIsTheMatrixProduct) {
  // [[1, 2], [3, 4]] . [[5, 6], [7, 8]] = [[19, 22], [43, 50]]
  const Array product =
      tensordot(make({{1, 2}, {3, 4}}, int64), make({{5, 6}, {7, 8}}, int64), {.axes = 1});
  EXPECT_EQ(product.shape(), (Shape{2, 2}));
  EXPECT_EQ(product.dtype(), int64);
  EXPECT_EQ(host_values<std::int64_t>(product), (std::vector<std::int64_t>{19, 22, 43, 50}));
}

TEST(Tensordot, TwoAxesByDefaultAndZeroForTheOuterProduct) {
  // The double contraction: 1*5 + 2*6 + 3*7 + 4*8 = 70.
  const Array full = tensordot(make({{1, 2}, {3, 4}}, float64), make({{5, 6}, {7, 8}}, float64));
  EXPECT_EQ(full.shape(), Shape{});
  EXPECT_EQ(host_values<double>(full), (std::vector<double>{70}));
  const Array outer = tensordot(make({1, 2}, int32), make({3, 4, 5}, int32), {.axes = 0});
  EXPECT_EQ(outer.shape(), (Shape{2, 3}));
  EXPECT_EQ(host_values<int>(outer), (std::vector<int>{3, 4, 5, 6, 8, 10}));
}

TEST(Tensordot, ExplicitAxisSequences) {
  // x1 (2, 3), x2 (2, 2): contract x1's axis 0 with x2's axis 0 -> (3, 2) = x1^T x2.
  const Array x1 = make({{1, 2, 3}, {4, 5, 6}}, int64);
  const Array x2 = make({{1, 0}, {0, 1}}, int64);
  const Array product = tensordot(x1, x2, {.axes = {{0}, {-2}}});
  EXPECT_EQ(product.shape(), (Shape{3, 2}));
  EXPECT_EQ(host_values<std::int64_t>(product), (std::vector<std::int64_t>{1, 4, 2, 5, 3, 6}));
  // Both axes, in a crossed order: sum x1[i, j] * y[j, i] over i, j with y = x1^T.
  const Array y = make({{1, 4}, {2, 5}, {3, 6}}, int64);
  EXPECT_EQ(host_values<std::int64_t>(tensordot(x1, y, {.axes = {{0, 1}, {1, 0}}})),
            (std::vector<std::int64_t>{91}));
}

TEST(Tensordot, PromotesAndWrapsIntegers) {
  EXPECT_EQ(tensordot(zeros_of({2}, int8), zeros_of({2}, int16), {.axes = 1}).dtype(), int16);
  EXPECT_EQ(tensordot(zeros_of({2}, float32), zeros_of({2}, complex64), {.axes = 1}).dtype(),
            complex64);
  // 100 * 2 = 200 wraps to -56 in int8.
  EXPECT_EQ(host_values<int>(tensordot(make({100}, int8), make({2}, int8), {.axes = 1})),
            (std::vector<int>{-56}));
  EXPECT_THROW(tensordot(zeros_of({2}, bool_), zeros_of({2}, bool_), {.axes = 1}), DTypeError);
  EXPECT_THROW(tensordot(zeros_of({2}, int8), zeros_of({2}, float32), {.axes = 1}), DTypeError);
}

TEST(Tensordot, BadAxesRaise) {
  const Array a = zeros({2, 3});
  EXPECT_THROW(tensordot(a, zeros({2, 3}), {.axes = 1}), InvalidArgumentError);  // 3 vs 2
  EXPECT_THROW(tensordot(a, zeros({3}), {.axes = 2}), InvalidArgumentError);     // N > rank
  EXPECT_THROW(tensordot(a, zeros({3}), {.axes = -1}), InvalidArgumentError);
  EXPECT_THROW(tensordot(a, zeros({3, 2}), {.axes = {{0, 1}, {1}}}), InvalidArgumentError);
  EXPECT_THROW(tensordot(a, zeros({3, 3}), {.axes = {{1, 1}, {0, 1}}}), InvalidArgumentError);
  EXPECT_THROW(tensordot(a, zeros({3, 2}), {.axes = {{2}, {0}}}), InvalidArgumentError);
  // Contracted axes "must not be broadcasted": a size 1 does not stretch.
  EXPECT_THROW(tensordot(zeros({2, 1}), zeros({3}), {.axes = 1}), InvalidArgumentError);
}

TEST(Tensordot, DevicesMustMatchAndTheResultStaysThere) {
  const Array product =
      tensordot(make({1, 2}, int64, device1()), make({3, 4}, int64, device1()), {.axes = 1});
  EXPECT_EQ(product.device(), device1());
  EXPECT_EQ(product.provenance().operation, "tensordot");
  EXPECT_EQ(host_values<std::int64_t>(product), (std::vector<std::int64_t>{11}));
  EXPECT_THROW(tensordot(zeros({2}, {.device = device1()}), zeros({2}), {.axes = 1}),
               DeviceMismatchError);
  // 0-d arrays are not exempt; the device check comes before the (bad) axes.
  try {
    tensordot(zeros({}, {.device = device1()}), zeros({}, {.device = device2()}), {.axes = 5});
    FAIL() << "no exception";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "tensordot()"));
  }
}

// ---- vecdot ---------------------------------------------------------------------------------

TEST(Vecdot, DotProductsOverTheLastAxis) {
  // [1, 2, 3] . [4, 5, 6] = 32; [[1, 2, 3], [0, 1, 0]] . [4, 5, 6] = [32, 5] (broadcast).
  const Array single = vecdot(make({1, 2, 3}, int64), make({4, 5, 6}, int64));
  EXPECT_EQ(single.shape(), Shape{});
  EXPECT_EQ(host_values<std::int64_t>(single), (std::vector<std::int64_t>{32}));
  const Array rows = vecdot(make({{1, 2, 3}, {0, 1, 0}}, float64), make({4, 5, 6}, float64));
  EXPECT_EQ(rows.shape(), Shape{2});
  EXPECT_EQ(host_values<double>(rows), (std::vector<double>{32, 5}));
}

TEST(Vecdot, OtherAxes) {
  // Columns of [[1, 2], [3, 4]] dotted with columns of [[1, 1], [0, 2]]: [1, 10].
  const Array x1 = make({{1, 2}, {3, 4}}, int32);
  const Array x2 = make({{1, 1}, {0, 2}}, int32);
  EXPECT_EQ(host_values<int>(vecdot(x1, x2, {.axis = -2})), (std::vector<int>{1, 10}));
  // A nonnegative axis counts as axis - N: 0 is -2 here.
  EXPECT_EQ(host_values<int>(vecdot(x1, x2, {.axis = 0})), (std::vector<int>{1, 10}));
  EXPECT_EQ(host_values<int>(vecdot(x1, x2, {.axis = 1})), (std::vector<int>{3, 8}));
}

TEST(Vecdot, ConjugatesComplexX1) {
  // conj(1 + 1j) * (1 + 1j) + conj(2j) * 1 = 2 - 2j.
  using C = std::complex<double>;
  const Array dot =
      vecdot(make({C(1, 1), C(0, 2)}, complex128), make({C(1, 1), C(1, 0)}, complex128));
  EXPECT_EQ(host_values<C>(dot), (std::vector<C>{C(2, -2)}));
}

TEST(Vecdot, BadShapesAndAxesRaise) {
  EXPECT_THROW(vecdot(zeros({3}), zeros({4})), InvalidArgumentError);
  EXPECT_THROW(vecdot(zeros({2, 3}), zeros({3, 3}), {.axis = -2}), InvalidArgumentError);
  EXPECT_THROW(vecdot(zeros({2, 3}), zeros({3}), {.axis = -2}), InvalidArgumentError);
  EXPECT_THROW(vecdot(zeros({3}), zeros({3}), {.axis = 1}), InvalidArgumentError);
  EXPECT_THROW(vecdot(zeros({}), zeros({})), InvalidArgumentError);
  // The contracted axis does not broadcast; the others must.
  EXPECT_THROW(vecdot(zeros({1}), zeros({3})), InvalidArgumentError);
  EXPECT_THROW(vecdot(zeros({2, 3}), zeros({4, 3})), InvalidArgumentError);
  EXPECT_THROW(vecdot(zeros_of({3}, bool_), zeros_of({3}, bool_)), DTypeError);
}

TEST(Vecdot, DevicesMustMatchAndTheResultStaysThere) {
  const Array dot =
      vecdot(make({1.0, 2.0}, float32, device2()), make({3.0, 4.0}, float32, device2()));
  EXPECT_EQ(dot.device(), device2());
  EXPECT_EQ(dot.provenance().operation, "vecdot");
  EXPECT_EQ(host_values<float>(dot), (std::vector<float>{11}));
  EXPECT_THROW(dot.scalars(), HostAccessError);
  EXPECT_THROW(vecdot(zeros({2}), zeros({2}, {.device = device1()})), DeviceMismatchError);
  EXPECT_THROW(vecdot(zeros({3}, {.device = device1()}), zeros({4}, {.device = device2()})),
               DeviceMismatchError);
}

TEST(Vecdot, ANonNegativeAxisNeedsEqualRanks) {
  // axis=0 of a (2, 3) and a (3,) array could mean dimension 0 of x1 or of x2: it raises.
  try {
    vecdot(zeros_of({2, 3}, float64), zeros_of({3}, float64), {.axis = 0});
    FAIL() << "vecdot accepted axis=0 for ranks 2 and 1";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "vecdot(): axis=0 is ambiguous"));
    EXPECT_FALSE(contains(e.what(), "linalg."));
  }
  // The same call with the standard's negative axis works: [0, 0] (zeros).
  EXPECT_EQ(vecdot(zeros_of({2, 3}, float64), zeros_of({3}, float64), {.axis = -1}).shape(),
            Shape{2});
}

// ---- linalg.tensordot and linalg.vecdot: the same kernels, under their own names -------------

TEST(TensorProducts, TheLinalgFormsGiveTheSameResultsUnderTheirOwnNames) {
  const Array a = make({{1, 2}, {3, 4}}, int64, device1());
  const Array b = make({{5, 6}, {7, 8}}, int64, device1());
  // [[1, 2], [3, 4]] . [[5, 6], [7, 8]] row by row: [1*5 + 2*6, 3*7 + 4*8] = [17, 53].
  const Array main_dot = vecdot(a, b);
  const Array linalg_dot = linalg::vecdot(a, b);
  EXPECT_EQ(host_values<std::int64_t>(linalg_dot), (std::vector<std::int64_t>{17, 53}));
  EXPECT_EQ(host_values<std::int64_t>(main_dot), host_values<std::int64_t>(linalg_dot));
  EXPECT_EQ(main_dot.provenance().operation, "vecdot");
  EXPECT_EQ(linalg_dot.provenance().operation, "linalg.vecdot");
  EXPECT_EQ(linalg_dot.device(), device1());
  // Full contraction: 1*5 + 2*6 + 3*7 + 4*8 = 70.
  const Array full = linalg::tensordot(a, b, {.axes = std::int64_t{2}});
  EXPECT_EQ(host_values<std::int64_t>(full), (std::vector<std::int64_t>{70}));
  EXPECT_EQ(full.provenance().operation, "linalg.tensordot");
  // Axis pairs ((0,), (1,)): out[j, k] = sum_i a[i, j] * b[k, i] = [[23, 31], [34, 46]].
  const Array pairs = linalg::tensordot(a, b, {.axes = linalg::AxisPairs{{0}, {1}}});
  EXPECT_EQ(host_values<std::int64_t>(pairs), (std::vector<std::int64_t>{23, 31, 34, 46}));
}

TEST(TensorProducts, ErrorsNameTheFunctionCalled) {
  const auto message = [](auto&& call) {
    try {
      call();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  const std::string linalg_axes =
      message([] { linalg::tensordot(zeros_of({2}, float64), zeros_of({3}, float64)); });
  EXPECT_TRUE(contains(linalg_axes, "linalg.tensordot(): axes=2"));
  const std::string main_axes =
      message([] { tensordot(zeros_of({2}, float64), zeros_of({3}, float64)); });
  EXPECT_TRUE(contains(main_axes, "tensordot(): axes=2"));
  EXPECT_FALSE(contains(main_axes, "linalg."));
  const std::string linalg_sizes =
      message([] { linalg::vecdot(zeros_of({3}, float64), zeros_of({4}, float64)); });
  EXPECT_TRUE(contains(linalg_sizes, "linalg.vecdot(): x1 of shape (3)"));
  const std::string main_devices =
      message([] { vecdot(zeros_of({3}, float64, device1()), zeros_of({3}, float64, device2())); });
  EXPECT_TRUE(contains(main_devices, "vecdot()"));
  EXPECT_FALSE(contains(main_devices, "linalg."));
}

}  // namespace
}  // namespace strict
