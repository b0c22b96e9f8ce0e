// broadcast_arrays, broadcast_shapes, broadcast_to, expand_dims, squeeze, moveaxis, permute_dims,
// matrix_transpose and unstack: shapes, values, bad axes and the device rules.
#include <span>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "strict/shape_manipulation.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using testing::zeros_of;

TEST(BroadcastTo, StretchesDimensionsOfSizeOneAndAddsLeadingOnes) {
  const Array x = make({{1}, {2}}, int32);  // shape (2, 1)
  const Array y = broadcast_to(x, {2, 2, 3});
  EXPECT_EQ(y.shape(), (Shape{2, 2, 3}));
  EXPECT_EQ(y.dtype(), int32);
  EXPECT_EQ(host_values<int>(y), (std::vector<int>{1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2}));
  EXPECT_EQ(host_values<int>(broadcast_to(make(7, int32), {2})), (std::vector<int>{7, 7}));
  EXPECT_EQ(broadcast_to(make({5}, int8), {3, 0}).shape(), (Shape{3, 0}));
  EXPECT_EQ(broadcast_to(zeros({0}), {2, 0}).shape(), (Shape{2, 0}));
}

TEST(BroadcastTo, IncompatibleShapesRaise) {
  try {
    broadcast_to(zeros({2, 3}), {2, 4});
    FAIL() << "shape (2, 3) was broadcast to (2, 4)";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "broadcast_to(): x has shape (2, 3)"));
  }
  EXPECT_THROW(broadcast_to(zeros({2, 3}), {3}), InvalidArgumentError);  // fewer dimensions
  EXPECT_THROW(broadcast_to(zeros({0}), {2}), InvalidArgumentError);
  EXPECT_THROW(broadcast_to(zeros({1}), {-1}), InvalidArgumentError);
}

TEST(BroadcastArrays, EveryArrayGetsTheCommonShape) {
  const std::vector<Array> out =
      broadcast_arrays({make({1, 2, 3}, int16), make({{10}, {20}}, int16), make(5, int16)});
  ASSERT_EQ(out.size(), 3U);
  for (const Array& a : out) {
    EXPECT_EQ(a.shape(), (Shape{2, 3}));
    EXPECT_EQ(a.dtype(), int16);
  }
  EXPECT_EQ(host_values<int>(out[0]), (std::vector<int>{1, 2, 3, 1, 2, 3}));
  EXPECT_EQ(host_values<int>(out[1]), (std::vector<int>{10, 10, 10, 20, 20, 20}));
  EXPECT_EQ(host_values<int>(out[2]), (std::vector<int>{5, 5, 5, 5, 5, 5}));
  // Dtypes are kept, not promoted.
  const std::vector<Array> mixed = broadcast_arrays({zeros_of({2}, uint8), zeros_of({}, bool_)});
  EXPECT_EQ(mixed[0].dtype(), uint8);
  EXPECT_EQ(mixed[1].dtype(), bool_);
  EXPECT_EQ(mixed[1].shape(), Shape{2});
  EXPECT_TRUE(broadcast_arrays(std::vector<Array>{}).empty());
  EXPECT_THROW(broadcast_arrays({zeros({2}), zeros({3})}), InvalidArgumentError);
}

TEST(BroadcastArrays, AClashNamesTwoOfTheGivenShapes) {
  // (2, 1) and (1, 3) broadcast to (2, 3), which (4) does not fit: the message names (1, 3), the
  // shape that holds the clashing 3, not the intermediate (2, 3).
  try {
    broadcast_arrays({zeros({2, 1}), zeros({1, 3}), zeros({4})});
    FAIL() << "(1, 3) and (4) were broadcast together";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "broadcast_arrays(): shapes (1, 3) and (4)"));
  }
}

TEST(BroadcastShapes, TheShapeArraysOfTheseShapesBroadcastTo) {
  EXPECT_EQ(broadcast_shapes(std::vector<Shape>{{2, 1}, {3}}), (Shape{2, 3}));
  EXPECT_EQ(broadcast_shapes(std::vector<Shape>{{1, 4, 1}, {5, 1, 1}, {6}}), (Shape{5, 4, 6}));
  EXPECT_EQ(broadcast_shapes(std::vector<Shape>{{3, 1, 2}}), (Shape{3, 1, 2}));
  EXPECT_EQ(broadcast_shapes(std::vector<Shape>{{}, {2, 3}}), (Shape{2, 3}));
  // A 1-extent stretches, to 0 too; a 0-extent meets only 0 or 1.
  EXPECT_EQ(broadcast_shapes(std::vector<Shape>{{0}, {1}}), Shape{0});
  EXPECT_EQ(broadcast_shapes(std::vector<Shape>{{1, 1}, {0, 1}, {1, 7}}), (Shape{0, 7}));
  EXPECT_THROW(broadcast_shapes(std::vector<Shape>{{0}, {2}}), InvalidArgumentError);
  // "If not provided one or more arguments, the function must return an empty tuple."
  EXPECT_EQ(broadcast_shapes(std::vector<Shape>{}), Shape{});
  EXPECT_EQ(broadcast_shapes(std::vector<Shape>{{}, {}}), Shape{});
  const std::vector<Shape> shapes = {{4, 1}, {1, 5}};
  EXPECT_EQ(broadcast_shapes(std::span<const Shape>(shapes)), (Shape{4, 5}));
}

TEST(BroadcastShapes, IncompatibleShapesAreNamed) {
  try {
    broadcast_shapes(std::vector<Shape>{{2, 3}, {4}});
    FAIL() << "(2, 3) and (4) were broadcast together";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "broadcast_shapes(): shapes (2, 3) and (4)"));
  }
  try {
    broadcast_shapes(std::vector<Shape>{{2, 1}, {1, 3}, {4}});
    FAIL() << "(1, 3) and (4) were broadcast together";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "shapes (1, 3) and (4)"));
  }
}

TEST(BroadcastShapes, NegativeExtentsRaise) {
  try {
    broadcast_shapes(std::vector<Shape>{{2}, {3, -1}});
    FAIL() << "a negative extent was accepted";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "broadcast_shapes(): shapes[1] is (3, -1)"));
  }
  EXPECT_THROW(broadcast_shapes(std::vector<Shape>{{-1}}), InvalidArgumentError);
}

// broadcast_shapes and broadcast_arrays agree, on success and on failure.
RC_GTEST_PROP(BroadcastShapes, AgreesWithBroadcastArrays, ()) {
  const auto extents = rc::gen::container<Shape>(rc::gen::inRange<std::int64_t>(0, 4));
  // Up to 4 shapes of up to 3 dimensions of up to 3: small arrays, and many that broadcast.
  const auto shapes =
      *rc::gen::resize(4, rc::gen::container<std::vector<Shape>>(rc::gen::resize(3, extents)));
  std::vector<Array> arrays;
  for (const Shape& shape : shapes)
    arrays.push_back(zeros(shape));
  bool shapes_raised = false;
  Shape common;
  try {
    common = broadcast_shapes(shapes);
  } catch (const InvalidArgumentError&) {
    shapes_raised = true;
  }
  bool arrays_raised = false;
  std::vector<Array> broadcast;
  try {
    broadcast = broadcast_arrays(arrays);
  } catch (const InvalidArgumentError&) {
    arrays_raised = true;
  }
  RC_ASSERT(shapes_raised == arrays_raised);
  for (const Array& a : broadcast)
    RC_ASSERT(a.shape() == common);
}

TEST(ExpandDims, InsertsADimensionOfSizeOne) {
  const Array x = make({{1, 2, 3}, {4, 5, 6}}, float64);
  EXPECT_EQ(expand_dims(x, 0).shape(), (Shape{1, 2, 3}));
  EXPECT_EQ(expand_dims(x, 1).shape(), (Shape{2, 1, 3}));
  EXPECT_EQ(expand_dims(x, 2).shape(), (Shape{2, 3, 1}));
  EXPECT_EQ(expand_dims(x, -1).shape(), (Shape{2, 3, 1}));
  EXPECT_EQ(expand_dims(x, -3).shape(), (Shape{1, 2, 3}));
  EXPECT_EQ(host_values<double>(expand_dims(x, 1)), (std::vector<double>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(expand_dims(make(4, int8), 0).shape(), Shape{1});
  // "If provided an invalid axis position, an IndexError should be raised" (2023.12 on).
  EXPECT_THROW(expand_dims(x, 3), IndexError);
  EXPECT_THROW(expand_dims(x, -4), IndexError);
  EXPECT_TRUE(expand_dims(x, 0).is_view());  // as NumPy's; views_test.cpp
}

TEST(Squeeze, RemovesNamedDimensionsOfSizeOne) {
  const Array x = make({{{1, 2}}}, int32);  // shape (1, 1, 2)
  EXPECT_EQ(squeeze(x, {0}).shape(), (Shape{1, 2}));
  EXPECT_EQ(squeeze(x, {-2}).shape(), (Shape{1, 2}));
  EXPECT_EQ(squeeze(x, {0, 1}).shape(), Shape{2});
  EXPECT_EQ(squeeze(x, {}).shape(), (Shape{1, 1, 2}));
  EXPECT_EQ(host_values<int>(squeeze(x, {1, 0})), (std::vector<int>{1, 2}));
  EXPECT_EQ(squeeze(make({3}, int8), {0}).shape(), Shape{});
  try {
    squeeze(x, {2});
    FAIL() << "a dimension of size 2 was squeezed";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "squeeze(): dimension 2 of x (shape (1, 1, 2)) has size 2"));
  }
  EXPECT_THROW(squeeze(x, {3}), InvalidArgumentError);
  EXPECT_THROW(squeeze(x, {0, -3}), InvalidArgumentError);  // the same axis twice
}

TEST(PermuteDims, ReordersTheAxes) {
  const Array x = make({{1, 2, 3}, {4, 5, 6}}, int32);
  const Array t = permute_dims(x, {1, 0});
  EXPECT_EQ(t.shape(), (Shape{3, 2}));
  EXPECT_EQ(host_values<int>(t), (std::vector<int>{1, 4, 2, 5, 3, 6}));
  // shape (2, 1, 3) -> axes (2, 0, 1) -> shape (3, 2, 1)
  const Array y = permute_dims(make({{{1, 2, 3}}, {{4, 5, 6}}}, int32), {2, 0, 1});
  EXPECT_EQ(y.shape(), (Shape{3, 2, 1}));
  EXPECT_EQ(host_values<int>(y), (std::vector<int>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(host_values<int>(permute_dims(x, {-1, 0})), (std::vector<int>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(permute_dims(make(1, int8), {}).shape(), Shape{});
  EXPECT_THROW(permute_dims(x, {0}), InvalidArgumentError);
  EXPECT_THROW(permute_dims(x, {0, 0}), InvalidArgumentError);
  EXPECT_THROW(permute_dims(x, {0, 2}), InvalidArgumentError);
}

TEST(MoveAxis, MovesAxesKeepingTheOthersInOrder) {
  const Array x = zeros({2, 3, 4});
  EXPECT_EQ(moveaxis(x, {0}, {2}).shape(), (Shape{3, 4, 2}));
  EXPECT_EQ(moveaxis(x, {-1}, {0}).shape(), (Shape{4, 2, 3}));
  EXPECT_EQ(moveaxis(x, {0, 1}, {2, 0}).shape(), (Shape{3, 4, 2}));
  EXPECT_EQ(moveaxis(x, {1}, {1}).shape(), (Shape{2, 3, 4}));
  const Array m = make({{1, 2, 3}, {4, 5, 6}}, int32);
  EXPECT_EQ(host_values<int>(moveaxis(m, {0}, {1})), (std::vector<int>{1, 4, 2, 5, 3, 6}));
  EXPECT_THROW(moveaxis(x, {0, 1}, {2}), InvalidArgumentError);
  EXPECT_THROW(moveaxis(x, {0, 0}, {1, 2}), InvalidArgumentError);
  EXPECT_THROW(moveaxis(x, {3}, {0}), InvalidArgumentError);
  EXPECT_THROW(moveaxis(x, {0}, {-4}), InvalidArgumentError);
}

TEST(MatrixTranspose, SwapsTheLastTwoDimensions) {
  const Array x = make({{{1, 2}, {3, 4}, {5, 6}}, {{7, 8}, {9, 10}, {11, 12}}}, int64);
  const Array t = matrix_transpose(x);
  EXPECT_EQ(t.shape(), (Shape{2, 2, 3}));
  EXPECT_EQ(host_values<std::int64_t>(t),
            (std::vector<std::int64_t>{1, 3, 5, 2, 4, 6, 7, 9, 11, 8, 10, 12}));
  EXPECT_EQ(matrix_transpose(zeros({0, 3})).shape(), (Shape{3, 0}));
  EXPECT_THROW(matrix_transpose(zeros({3})), InvalidArgumentError);
  EXPECT_THROW(matrix_transpose(zeros({})), InvalidArgumentError);
}

TEST(Unstack, SplitsAlongAnAxis) {
  const Array x = make({{1, 2, 3}, {4, 5, 6}}, int32);
  const std::vector<Array> rows = unstack(x);
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].shape(), Shape{3});
  EXPECT_EQ(host_values<int>(rows[0]), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(host_values<int>(rows[1]), (std::vector<int>{4, 5, 6}));
  const std::vector<Array> columns = unstack(x, -1);
  ASSERT_EQ(columns.size(), 3U);
  EXPECT_EQ(host_values<int>(columns[0]), (std::vector<int>{1, 4}));
  EXPECT_EQ(host_values<int>(columns[2]), (std::vector<int>{3, 6}));
  const std::vector<Array> scalars = unstack(make({7, 8}, int8));
  ASSERT_EQ(scalars.size(), 2U);
  EXPECT_EQ(scalars[1].shape(), Shape{});
  EXPECT_EQ(host_values<int>(scalars[1]), std::vector<int>{8});
  EXPECT_TRUE(unstack(zeros({0, 2})).empty());
  EXPECT_EQ(unstack(zeros({2, 0}), 1).size(), 0U);
  EXPECT_THROW(unstack(x, 2), InvalidArgumentError);
  EXPECT_THROW(unstack(make(1, int8)), InvalidArgumentError);
}

TEST(ShapeManipulationDevices, ResultsStayOnTheInputDevice) {
  for (const Device device : {device1(), device2()}) {
    const Array x = make({{1, 2}}, int32, device);  // shape (1, 2)
    const std::vector<Array> results = {
        broadcast_to(x, {2, 2}), expand_dims(x, 0),   squeeze(x, {0}), moveaxis(x, {0}, {1}),
        permute_dims(x, {1, 0}), matrix_transpose(x), unstack(x)[0],   broadcast_arrays({x, x})[1]};
    for (const Array& r : results) {
      EXPECT_EQ(r.device(), device);
      EXPECT_EQ(r.provenance().rule, PlacementRule::input_arrays);
      EXPECT_THROW(r.values<int>(), HostAccessError);
    }
    EXPECT_EQ(host_values<int>(matrix_transpose(x)), (std::vector<int>{1, 2}));
  }
  EXPECT_EQ(broadcast_to(zeros_of({1}, float64, device1()), {2}).provenance().operation,
            "broadcast_to");
  EXPECT_EQ(unstack(zeros_of({1}, float64, device1()))[0].provenance().operation, "unstack");
}

TEST(ShapeManipulationDevices, BroadcastArraysOnMixedDevicesRaise) {
  try {
    broadcast_arrays({zeros_of({2}, float64, device1()), zeros_of({2}, float64, device1()),
                      zeros_of({2}, float64, device2())});
    FAIL() << "arrays on device1 and device2 were broadcast together";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "broadcast_arrays()"));
    EXPECT_TRUE(contains(e.what(), "arrays[0] is on device1"));
    EXPECT_TRUE(contains(e.what(), "arrays[2] is on device2"));
  }
  // 0-d arrays are not exempt, and the device check comes before the shape check.
  EXPECT_THROW(broadcast_arrays({zeros({2}), zeros_of({}, float64, device1())}),
               DeviceMismatchError);
  EXPECT_THROW(broadcast_arrays({zeros({2}), zeros_of({3}, float64, device1())}),
               DeviceMismatchError);
}

}  // namespace
}  // namespace strict
