// append_json writes exactly what nlohmann::json(program).dump() writes, for every
// program the generators draw and for the values they never draw (fractions, huge and negative
// zero doubles, non-finite ones, names that need escaping), so the child reads the same bytes.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cmath>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "conformance/generate.hpp"
#include "conformance/program.hpp"
#include "conformance/program_json.hpp"
#include "conformance/strict_adapter.hpp"

namespace conformance {
namespace {

std::string written(const Program& program) {
  std::string out = "prefix:";
  append_json(out, program);
  return out.substr(7);
}

TEST(ProgramJson, WritesWhatNlohmannDumpsForEveryGeneratedCall) {
  const auto adapter = make_strict_adapter();
  const Handshake& handshake = adapter->handshake();
  for (const auto& op : handshake.operations) {
    const bool ok = rc::check(op, [&] {
      generate::CallOptions options;
      options.device_keyword =
          *rc::gen::element(generate::DeviceKeyword::omitted, generate::DeviceKeyword::drawn,
                            generate::DeviceKeyword::invalid);
      Program program = *generate::call(op, options, handshake);
      program.read_values = *rc::gen::arbitrary<bool>();
      RC_ASSERT(written(program) == nlohmann::json(program).dump());
    });
    if (!ok) ADD_FAILURE() << op;
  }
}

TEST(ProgramJson, WritesWhatNlohmannDumpsForRandomPrograms) {
  const auto adapter = make_strict_adapter();
  EXPECT_TRUE(rc::check([&] {
    const Program program = *generate::random_program(adapter->handshake());
    RC_ASSERT(written(program) == nlohmann::json(program).dump());
  }));
}

TEST(ProgramJson, WritesWhatNlohmannDumpsForValuesNoGeneratorDraws) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  Program program;
  Step step{.op = "we\"ird\\op\n\x01", .args = {}, .kwargs = {}, .under_test = false};
  for (const double d : {0.5, -0.0, 0.0, -3.0, 1e15, -1e15, 999999999999999.0, 1e300, 1e-300, 0.1,
                         2.5e-7, nan, inf, -inf, std::nextafter(1.0, 2.0)}) {
    step.args.emplace_back(d);
    step.kwargs.push_back(Keyword{.name = "kw", .value = Data{{d, 1.0, -1.0}, {3}}});
  }
  step.args.emplace_back(std::numeric_limits<std::int64_t>::min());
  step.args.emplace_back(std::monostate{});
  step.args.emplace_back(true);
  step.args.emplace_back(InvalidDevice{});
  step.args.emplace_back(DTypeName{"\xc3\xa9t\xc3\xa9"});  // UTF-8 passes through
  step.args.emplace_back(RefList{});
  step.args.emplace_back(IntTuple{});
  step.args.emplace_back(Data{});
  program.steps.push_back(step);
  EXPECT_EQ(written(program), nlohmann::json(program).dump());
  EXPECT_EQ(written(Program{}), nlohmann::json(Program{}).dump());
}

}  // namespace
}  // namespace conformance
