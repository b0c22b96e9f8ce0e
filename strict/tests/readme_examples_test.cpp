// strict/README.md's examples, compiled and run, so the documentation cannot drift from the code.
#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;

TEST(ReadmeExamples, StrictInOneExample) {
  const strict::Device device1("device1");
  strict::Array x = strict::zeros({2, 3}, {.device = device1});
  strict::Array y = strict::sin(x) + 1.0;
  strict::Array z = strict::zeros({2, 3});
  EXPECT_EQ(y.device(), device1);
  EXPECT_EQ(z.device(), strict::Device::cpu());
  try {
    strict::add(y, z);
    FAIL() << "the README promises a DeviceMismatchError";
  } catch (const strict::DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "add(): arrays on different devices cannot be combined"));
    EXPECT_TRUE(contains(e.what(),
                         "x1 is on device1 (__add__() kept its input's device device1, "
                         "which came from zeros() with device=device1"));
    EXPECT_TRUE(contains(e.what(),
                         "x2 is on cpu (zeros() with device=None -> global default "
                         "device cpu"));
  }
  EXPECT_THROW(y.scalars(), strict::HostAccessError);
  strict::reset_transfer_counts();
  strict::Array h = y.to_device(strict::Device::cpu());
  EXPECT_EQ(strict::transfer_count(device1, strict::Device::cpu()), 1u);
  EXPECT_EQ(h.values<double>(), std::vector<double>(6, 1.0));
}

TEST(ReadmeExamples, KeywordArgumentsAsOptionStructs) {
  strict::Array x = strict::asarray({{1, 2}, {3, 4}}, {.dtype = strict::int32});
  strict::Array s = strict::sum(x, {.axis = strict::Axes{0}, .keepdims = true});
  EXPECT_EQ(s.shape(), (Shape{1, 2}));
  EXPECT_EQ(s.values<int>(), (std::vector<int>{4, 6}));
}

}  // namespace
}  // namespace strict
