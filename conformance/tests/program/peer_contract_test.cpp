// The contract additions for --peer, each optional so that everything written before
// reads and writes as it did: a step's "namespace": "peer", and the handshake's "peer".
#include <memory>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "conformance/adapter.hpp"
#include "conformance/program.hpp"
#include "conformance/program_json.hpp"

namespace conformance {
namespace {

Program across_two_libraries() {
  Step made{.op = "asarray",
            .args = {Data{.values = {1, 2}, .shape = {2}}},
            .kwargs = {{"dtype", DTypeName{"float32"}}, {"device", DeviceIndex{1}}},
            .under_test = false};
  made.peer = true;
  const Step imported{.op = "from_dlpack",
                      .args = {StepRef{0, 0}},
                      .kwargs = {{"device", DeviceIndex{0}}, {"copy", false}},
                      .under_test = true};
  return Program{{made, imported}};
}

TEST(PeerContract, AStepInThePeerSaysSoAndNoOtherStepChanges) {
  const Program program = across_two_libraries();
  const nlohmann::json json = program;
  EXPECT_EQ(json["steps"][0]["namespace"], "peer");
  EXPECT_FALSE(json["steps"][1].contains("namespace"));  // the implementation's: as before --peer
  EXPECT_EQ(json.get<Program>(), program);
  std::string direct;
  append_json(direct, program);
  EXPECT_EQ(direct, json.dump());
  // A program written before the field existed reads as all in the implementation.
  const auto old = nlohmann::json::parse(
      R"({"steps":[{"op":"zeros","args":[{"int":2}],"kwargs":[],"under_test":true}]})");
  EXPECT_FALSE(old.get<Program>().steps[0].peer);
  auto unknown = json;
  unknown["steps"][0]["namespace"] = "elsewhere";
  EXPECT_THROW((void)unknown.get<Program>(), std::exception);
}

TEST(PeerContract, APeerStepIsSpelledWithThePeersNamespaceAndDevices) {
  const Program program = across_two_libraries();
  EXPECT_EQ(to_string(program.steps[0], 0),
            "x0 = peer.asarray([1, 2], dtype=peer.float32, device=peer_devices[1])");
  EXPECT_EQ(to_string(program.steps[1], 1),
            "x1 = xp.from_dlpack(x0, device=devices[0], copy=False)");
}

Handshake library(std::string name) {
  Handshake handshake;
  handshake.implementation = "python:" + name;
  handshake.library = name;
  handshake.library_version = "1.0";
  handshake.devices = {{.repr = "cpu",
                        .dtypes = {"float32"},
                        .default_float_dtype = "float32",
                        .default_integer_dtype = "int64"}};
  handshake.default_device = 0;
  return handshake;
}

TEST(PeerContract, TheHandshakeRecordsItsPeerOrWhyItDidNotLoad) {
  const Handshake alone = library("numpy");
  EXPECT_FALSE(nlohmann::json(alone).contains("peer"));

  Handshake pair = library("numpy");
  pair.peer = std::make_shared<const Handshake>(library("torch"));
  const nlohmann::json json = pair;
  EXPECT_EQ(json["peer"]["implementation"], "python:torch");
  const auto read = json.get<Handshake>();
  ASSERT_NE(read.peer, nullptr);
  EXPECT_EQ(read.peer->library, "torch");
  EXPECT_TRUE(read.peer_error.empty());

  Handshake unloaded = library("numpy");
  Handshake missing;
  missing.implementation = "python:nope";
  unloaded.peer = std::make_shared<const Handshake>(missing);
  unloaded.peer_error = "python:nope: the module does not import: No module named 'nope'";
  const nlohmann::json failed = unloaded;
  EXPECT_EQ(failed["peer"],
            (nlohmann::json{{"implementation", "python:nope"}, {"error", unloaded.peer_error}}));
  const auto reread = failed.get<Handshake>();
  ASSERT_NE(reread.peer, nullptr);
  EXPECT_EQ(reread.peer->implementation, "python:nope");
  EXPECT_EQ(reread.peer_error, unloaded.peer_error);
}

}  // namespace
}  // namespace conformance
