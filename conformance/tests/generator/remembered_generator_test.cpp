// The remembered generator draws each (random state, size) once and gives back the same program
// with the same shrinks; a draw that fails keeps failing.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>

#include "program_builders.hpp"
#include "remembered_generator.hpp"

// Its own namespace: in the unity build it shares a file with other tests.
namespace conformance::remembered_generator_test {
namespace {

using detail::remembered;

// Programs of `size` zeros steps, counting its draws; size 0 fails to generate.
rc::Gen<Program> counting(std::shared_ptr<int> draws) {
  return rc::Gen<Program>([draws](const rc::Random&, int size) {
    ++*draws;
    if (size == 0) throw rc::GenerationFailure("nothing to draw at size 0");
    Program program;
    for (int i = 0; i < size; ++i)
      program.steps.push_back(testing::zeros_on(0, {2}));
    return rc::shrinkable::shrinkRecur(program, [](const Program& p) {
      if (p.steps.empty()) return rc::Seq<Program>();
      Program shorter = p;
      shorter.steps.pop_back();
      return rc::seq::just(shorter);
    });
  });
}

TEST(RememberedGenerator, DrawsEachCaseOnce) {
  auto draws = std::make_shared<int>(0);
  const rc::Gen<Program> cases = remembered(counting(draws));
  const rc::Random first(1), second(2);
  const Program a = cases(first, 3).value();
  const Program b = cases(second, 2).value();
  EXPECT_EQ(*draws, 2);
  EXPECT_EQ(cases(first, 3).value(), a);
  EXPECT_EQ(cases(second, 2).value(), b);
  EXPECT_EQ(*draws, 2) << "asked again, the cases were not drawn again";
  EXPECT_EQ(cases(first, 4).value().steps.size(), 4u) << "another size is another case";
  EXPECT_EQ(*draws, 3);
}

TEST(RememberedGenerator, KeepsTheShrinks) {
  auto draws = std::make_shared<int>(0);
  const rc::Gen<Program> cases = remembered(counting(draws));
  const rc::Random random(7);
  (void)cases(random, 3).value();
  auto shrinks = cases(random, 3).shrinks();
  const auto first = shrinks.next();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->value().steps.size(), 2u);
}

TEST(RememberedGenerator, ADrawThatFailsKeepsFailing) {
  auto draws = std::make_shared<int>(0);
  const rc::Gen<Program> cases = remembered(counting(draws));
  const rc::Random random(3);
  EXPECT_THROW((void)cases(random, 0).value(), rc::GenerationFailure);
  EXPECT_THROW((void)cases(random, 0).value(), rc::GenerationFailure);
}

}  // namespace
}  // namespace conformance::remembered_generator_test
