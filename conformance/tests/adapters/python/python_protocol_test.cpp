// The Python adapter's protocol decoding: framing of JSON lines, and the decoder's promise never
// to throw, whatever arrives (random bytes, truncated replies, valid JSON of the wrong shape).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "conformance/program.hpp"
#include "json_lines.hpp"

namespace conformance::python_internal {
namespace {

const std::string kValidOutcome =
    R"({"type": "outcome", "outcome": {"status": "completed", "steps": [)"
    R"({"status": "ok", "arrays": [{"device": 0, "device_repr": "cpu", "dtype": "float32",)"
    R"( "shape": [2], "values": [1.0, 2.0]}]},)"
    R"({"status": "raised", "exception_type": "ValueError", "message": "mixed devices"}]}})";

const std::string kValidHandshake =
    R"json({"type": "handshake", "handshake": {"implementation": "python:fakexp", )json"
    R"json("library": "fakexp", "library_version": "1.0", "spec_version": "2024.12", )json"
    R"json("devices": [{"repr": "cpu", "dtypes": ["float64"], "default_float_dtype": )json"
    R"json("float64", "default_integer_dtype": "int64"}], "default_device": 0, )json"
    R"json("features": {"device_attribute": true, "to_device": true, "namespace_info": )json"
    R"json(true, "set_default_device": false, "dlpack": true}, "operations": ["add"]}, )json"
    R"json("python": {"module": "fakexp", "setup": "import fakexp as xp", "devices": )json"
    R"json("xp.__array_namespace_info__().devices()", "set_default_device": null}})json";

std::string reason(const OutcomeDecoding& decoding) {
  if (const auto* error = std::get_if<ProtocolError>(&decoding)) return error->reason;
  return "";
}

TEST(LineBuffer, SplitsLinesAcrossChunks) {
  LineBuffer buffer;
  std::string line;
  buffer.append("{\"a\"");
  EXPECT_EQ(buffer.next(line, 100), LineBuffer::Next::incomplete);
  buffer.append(": 1}\n{\"b\": 2}\n");
  ASSERT_EQ(buffer.next(line, 100), LineBuffer::Next::line);
  EXPECT_EQ(line, "{\"a\": 1}");
  ASSERT_EQ(buffer.next(line, 100), LineBuffer::Next::line);
  EXPECT_EQ(line, "{\"b\": 2}");
  EXPECT_EQ(buffer.next(line, 100), LineBuffer::Next::incomplete);
}

TEST(LineBuffer, ReportsAnOverlongLineOnceAndResynchronises) {
  LineBuffer buffer;
  std::string line;
  buffer.append(std::string(50, 'x'));
  EXPECT_EQ(buffer.next(line, 10), LineBuffer::Next::too_long);
  buffer.append(std::string(50, 'x'));
  EXPECT_EQ(buffer.next(line, 10), LineBuffer::Next::incomplete);
  buffer.append("xx\nok\n");
  ASSERT_EQ(buffer.next(line, 10), LineBuffer::Next::line);
  EXPECT_EQ(line, "ok");
}

// A program says whether its check compares values; programs written before say nothing (false).
TEST(ProgramJson, CarriesReadValuesOnlyWhenSet) {
  Program program{{Step{.op = "zeros", .args = {std::int64_t{2}}, .kwargs = {}}}};
  EXPECT_FALSE(nlohmann::json(program).contains("read_values"));
  program.read_values = true;
  const nlohmann::json j = program;
  EXPECT_EQ(j.at("read_values"), true);
  EXPECT_EQ(j.get<Program>(), program);
  EXPECT_FALSE(nlohmann::json::parse(R"({"steps": []})").get<Program>().read_values);
}

TEST(DecodeOutcome, ReadsAValidReply) {
  const auto decoded = decode_outcome(kValidOutcome, 2, 1);
  const auto* outcome = std::get_if<ProgramOutcome>(&decoded);
  ASSERT_NE(outcome, nullptr) << reason(decoded);
  ASSERT_EQ(outcome->steps.size(), 2u);
  EXPECT_EQ(outcome->steps[0].arrays.at(0).dtype, "float32");
  EXPECT_EQ(outcome->steps[1].exception_type, "ValueError");
}

TEST(DecodeOutcome, RejectsTheWrongNumberOfSteps) {
  EXPECT_NE(reason(decode_outcome(kValidOutcome, 3, 1)).find("2 step outcomes"), std::string::npos);
}

TEST(DecodeOutcome, RejectsADeviceIndexTheHandshakeDidNotList) {
  std::string reply = kValidOutcome;
  reply.replace(reply.find("\"device\": 0"), 11, "\"device\": 4");
  EXPECT_NE(reason(decode_outcome(reply, 2, 1)).find("device index 4"), std::string::npos);
}

TEST(DecodeOutcome, RejectsANonIntegerOrHugeDeviceIndex) {
  for (const std::string index : {"1e300", "0.5", "-1e300", "99999999999999999999"}) {
    std::string reply = kValidOutcome;
    reply.replace(reply.find("\"device\": 0"), 11, "\"device\": " + index);
    EXPECT_THAT(reason(decode_outcome(reply, 2, 1)), ::testing::HasSubstr("integer")) << index;
  }
}

TEST(DecodeOutcome, NamesANonJsonLine) {
  EXPECT_NE(reason(decode_outcome("garbage", 1, 1)).find("not a JSON line: garbage"),
            std::string::npos);
}

TEST(DecodeOutcome, PassesOnAStartupError) {
  const auto decoded =
      decode_outcome(R"({"type": "error", "kind": "import_failed", "message": "no"})", 1, 1);
  ASSERT_TRUE(std::holds_alternative<StartupError>(decoded));
  EXPECT_EQ(std::get<StartupError>(decoded).kind, "import_failed");
}

TEST(DecodeHandshake, ReadsTheHandshakeAndThePythonSetup) {
  const auto decoded = decode_handshake(kValidHandshake);
  const auto* reply = std::get_if<HandshakeReply>(&decoded);
  ASSERT_NE(reply, nullptr);
  EXPECT_EQ(reply->handshake.library, "fakexp");
  EXPECT_EQ(reply->setup.setup, "import fakexp as xp");
  EXPECT_FALSE(reply->setup.set_default_device.has_value());
}

TEST(DecodeHandshake, RejectsADefaultDeviceOutsideTheList) {
  std::string reply = kValidHandshake;
  reply.replace(reply.find("\"default_device\": 0"), 19, "\"default_device\": 3");
  EXPECT_TRUE(std::holds_alternative<ProtocolError>(decode_handshake(reply)));
}

// Random bytes, and every prefix and single-byte corruption of valid replies, decode to a value
// (mostly a ProtocolError) without throwing or crashing (the sanitizer build runs this too).
RC_GTEST_PROP(DecoderProperty, NeverThrowsOnRandomInput, (const std::string& line)) {
  decode_outcome(line, 2, 1);
  decode_handshake(line);
}

RC_GTEST_PROP(DecoderProperty, NeverThrowsOnTruncatedOrCorruptedReplies, ()) {
  const bool handshake = *rc::gen::arbitrary<bool>();
  const std::string& valid = handshake ? kValidHandshake : kValidOutcome;
  std::string line = valid.substr(0, *rc::gen::inRange<std::size_t>(0, valid.size() + 1));
  const int corruptions = *rc::gen::inRange(0, 4);
  for (int i = 0; i < corruptions && !line.empty(); ++i)
    line[*rc::gen::inRange<std::size_t>(0, line.size())] = *rc::gen::arbitrary<char>();
  if (handshake) {
    const auto decoded = decode_handshake(line);
    if (line.size() < valid.size()) RC_ASSERT(!std::holds_alternative<HandshakeReply>(decoded));
  } else {
    const auto decoded = decode_outcome(line, 2, 1);
    if (line.size() < valid.size()) RC_ASSERT(!std::holds_alternative<ProgramOutcome>(decoded));
  }
}

// Valid JSON of random shapes: objects with a valid "type" but arbitrary bodies.
RC_GTEST_PROP(DecoderProperty, NeverThrowsOnWellFormedJsonOfTheWrongShape, ()) {
  const auto type = *rc::gen::element<std::string>("outcome", "handshake", "error", "other");
  const auto body = *rc::gen::element<std::string>(
      "null", "1", "\"x\"", "[]", "{}", R"({"status": "completed", "steps": [1]})",
      R"({"status": "crash", "steps": []})", R"({"steps": [{"status": "ok", "arrays": [{}]}]})",
      R"({"status": "completed", "steps": [{"status": "ok", "arrays": [{"device": "a"}]}]})");
  const std::string line = R"({"type": ")" + type + R"(", "outcome": )" + body +
                           R"(, "handshake": )" + body + R"(, "python": )" + body + "}";
  decode_outcome(line, 1, 1);
  decode_handshake(line);
}

}  // namespace
}  // namespace conformance::python_internal
