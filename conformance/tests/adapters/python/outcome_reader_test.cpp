// The one-pass outcome reader reads a reply exactly as the document decoder does, or
// gives up and leaves it to that decoder: random outcomes agree field for field, and whatever it
// accepts of truncated, corrupted or unusual replies, the document decoder reads the same way.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/outcome.hpp"
#include "json_lines.hpp"
#include "outcome_reader.hpp"

namespace conformance::python_internal {
namespace {

using nlohmann::json;

// What the document decoder makes of a reply, or nullopt where it refuses it.
std::optional<ProgramOutcome> read_as_document(const std::string& line) {
  try {
    const json message = json::parse(line);
    if (message.at("type") != "outcome") return std::nullopt;
    return message.at("outcome").get<ProgramOutcome>();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

rc::Gen<std::string> text() {
  return rc::gen::container<std::string>(
      rc::gen::oneOf(rc::gen::inRange<char>(' ', '~'), rc::gen::element('"', '\\', '\n', '\t')));
}

rc::Gen<json> any_value() {
  return rc::gen::oneOf(
      rc::gen::just(json()),
      rc::gen::map(rc::gen::arbitrary<bool>(), [](bool b) { return json(b); }),
      rc::gen::map(rc::gen::arbitrary<std::int64_t>(), [](std::int64_t i) { return json(i); }),
      rc::gen::map(rc::gen::arbitrary<std::uint64_t>(), [](std::uint64_t u) { return json(u); }),
      rc::gen::map(rc::gen::inRange(-1000, 1000), [](int i) { return json(i / 8.0); }),
      rc::gen::map(text(), [](std::string s) { return json(s); }),
      rc::gen::map(rc::gen::container<std::vector<int>>(rc::gen::inRange(-3, 4)),
                   [](std::vector<int> v) { return json(v); }),
      rc::gen::map(rc::gen::pair(text(), rc::gen::inRange(0, 9)), [](auto entry) {
        return json{{entry.first, entry.second}, {"list", {1, {{"nested", true}}}}};
      }));
}

rc::Gen<ArrayReport> array_report() {
  return rc::gen::exec([] {
    ArrayReport report;
    report.device = *rc::gen::inRange(-1, 4);
    report.device_repr = *text();
    report.dtype = *rc::gen::element<std::string>("float32", "int8", "bool", "complex64");
    report.shape =
        *rc::gen::container<std::vector<std::int64_t>>(rc::gen::inRange<std::int64_t>(0, 4));
    if (*rc::gen::arbitrary<bool>()) {
      auto values = *rc::gen::container<std::vector<double>>(rc::gen::arbitrary<double>());
      for (double& v : values)
        if (!std::isfinite(v)) v = 0;  // JSON has no NaN or infinity
      report.values = values;
    }
    return report;
  });
}

rc::Gen<ProgramOutcome> program_outcome() {
  return rc::gen::exec([] {
    ProgramOutcome outcome;
    if (*rc::gen::arbitrary<bool>()) outcome.detail = *text();
    const int steps = *rc::gen::inRange(0, 5);
    for (int i = 0; i < steps; ++i) {
      StepOutcome step;
      step.status = *rc::gen::element(StepStatus::ok, StepStatus::raised, StepStatus::unsupported,
                                      StepStatus::not_run);
      step.arrays = *rc::gen::container<std::vector<ArrayReport>>(
          *rc::gen::inRange<std::size_t>(0, 3), array_report());
      if (*rc::gen::arbitrary<bool>()) step.value = *any_value();
      if (*rc::gen::arbitrary<bool>()) step.exception_type = *text();
      if (*rc::gen::arbitrary<bool>()) step.message = *text();
      outcome.steps.push_back(std::move(step));
    }
    return outcome;
  });
}

std::string reply_line(const ProgramOutcome& outcome, int indent) {
  return json{{"type", "outcome"}, {"outcome", outcome}}.dump(indent);
}

RC_GTEST_PROP(OutcomeReader, ReadsEveryWellFormedReplyAsTheDocumentDecoderDoes, ()) {
  const ProgramOutcome outcome = *program_outcome();
  for (const int indent : {-1, 1}) {  // compact, and with whitespace everywhere
    const std::string line = reply_line(outcome, indent);
    const auto one_pass = read_outcome_in_one_pass(line);
    RC_ASSERT(one_pass.has_value());
    RC_ASSERT(*one_pass == outcome);
    RC_ASSERT(*one_pass == read_as_document(line));
  }
}

RC_GTEST_PROP(OutcomeReader, AcceptsOfDamagedRepliesOnlyWhatTheDocumentDecoderReadsTheSame, ()) {
  const std::string valid = reply_line(*program_outcome(), -1);
  std::string line = valid.substr(0, *rc::gen::inRange<std::size_t>(0, valid.size() + 1));
  const int corruptions = *rc::gen::inRange(0, 4);
  for (int i = 0; i < corruptions && !line.empty(); ++i)
    line[*rc::gen::inRange<std::size_t>(0, line.size())] =
        *rc::gen::element(',', ':', '[', ']', '{', '}', '"', '1', '-', 'e', '.', 'n', ' ');
  const auto one_pass = read_outcome_in_one_pass(line);
  if (one_pass) RC_ASSERT(one_pass == read_as_document(line));
}

RC_GTEST_PROP(OutcomeReader, NeverThrowsOnRandomInput, (const std::string& line)) {
  const auto one_pass = read_outcome_in_one_pass(line);
  if (one_pass) RC_ASSERT(one_pass == read_as_document(line));
}

// Replies the document decoder reads differently (or refuses) are left to it, whole.
TEST(OutcomeReader, LeavesUnusualRepliesToTheDocumentDecoder) {
  const std::string steps =
      R"("steps": [{"status": "ok", "arrays": [{"device": 0, "dtype": "int8", "shape": [2]}]}])";
  const auto reply = [&](const std::string& outcome_body, const std::string& extra = "") {
    return R"({"type": "outcome", "outcome": {)" + outcome_body + "}" + extra + "}";
  };
  ASSERT_TRUE(read_outcome_in_one_pass(reply(R"("status": "completed", )" + steps)));
  for (const std::string& line : std::vector<std::string>{
           reply(R"("status": "crash", )" + steps),                             // not completed
           reply(R"("status": "completed", )" + steps, R"(, "extra": 1)"),      // another key
           reply(R"("status": "completed", "status": "completed", )" + steps),  // repeated key
           reply(R"("status": "completed", "detail": null, )" + steps),
           reply(R"("status": "completed", "steps": [{"status": "maybe"}])"),
           reply(R"("status": "completed", "steps": [{"arrays": []}])"),  // no status
           reply(R"("status": "completed", "steps": [{"status": "ok", "arrays": [)"
                 R"({"device": 0.0, "dtype": "int8", "shape": [2]}]}])"),
           reply(R"("status": "completed", "steps": [{"status": "ok", "arrays": [)"
                 R"({"device": 3000000000, "dtype": "int8", "shape": [2]}]}])"),
           reply(R"("status": "completed", "steps": [{"status": "ok", "arrays": [)"
                 R"({"device": 0, "dtype": "int8"}]}])"),  // no shape
           reply(R"("status": "completed", "steps": [{"status": "ok", "arrays": [)"
                 R"({"device": 0, "dtype": "int8", "shape": [2], "values": [[1]]}]}])"),
           reply(R"("status": "completed", )" + steps) + " trailing",
           R"({"type": "error", "kind": "adapter_error", "message": "no"})",
           R"({"outcome": {"status": "completed", "steps": []}})",  // no type
       }) {
    EXPECT_FALSE(read_outcome_in_one_pass(line).has_value()) << line;
  }
}

// decode_outcome reads what the one pass reads; its checks and messages apply either way.
TEST(OutcomeReader, DecodeOutcomeChecksStepsAndDevicesAfterTheOnePass) {
  const std::string line =
      R"({"type":"outcome","outcome":{"status":"completed","steps":[{"status":"ok","arrays":)"
      R"([{"device":4,"device_repr":"d4","dtype":"int8","shape":[],"values":[true]}]}]}})";
  ASSERT_TRUE(read_outcome_in_one_pass(line).has_value());
  EXPECT_EQ(read_outcome_in_one_pass(line)->steps[0].arrays[0].values, std::vector<double>{1.0});
  const auto wrong_device = decode_outcome(line, 1, 2);
  ASSERT_TRUE(std::holds_alternative<ProtocolError>(wrong_device));
  EXPECT_NE(std::get<ProtocolError>(wrong_device).reason.find("device index 4"), std::string::npos);
  const auto wrong_count = decode_outcome(line, 2, 5);
  ASSERT_TRUE(std::holds_alternative<ProtocolError>(wrong_count));
  EXPECT_NE(std::get<ProtocolError>(wrong_count).reason.find("1 step outcomes"), std::string::npos);
  EXPECT_TRUE(std::holds_alternative<ProgramOutcome>(decode_outcome(line, 1, 5)));
}

}  // namespace
}  // namespace conformance::python_internal
