// A wrapper namespace's handshake names the library under it (array_api_compat.numpy over NumPy
// 1.26): the backend survives the JSON both ways, and every other handshake reads as before.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "conformance/adapter.hpp"

namespace conformance {
namespace {

Handshake wrapper() {
  Handshake handshake;
  handshake.implementation = "python:array_api_compat.numpy";
  handshake.library = "array_api_compat.numpy";
  handshake.library_version = "1.16.0";
  handshake.backend_library = "numpy";
  handshake.backend_version = "1.26.4";
  return handshake;
}

TEST(HandshakeBackend, SurvivesTheJsonBothWays) {
  const nlohmann::json json = wrapper();
  EXPECT_EQ(json.at("backend"), (nlohmann::json{{"library", "numpy"}, {"version", "1.26.4"}}));
  const auto read = json.get<Handshake>();
  EXPECT_EQ(read.backend_library, "numpy");
  EXPECT_EQ(read.backend_version, "1.26.4");
  EXPECT_EQ(read.library_version, "1.16.0");
}

TEST(HandshakeBackend, IsAbsentForANamespaceWithArraysOfItsOwn) {
  Handshake own = wrapper();
  own.backend_library.clear();
  own.backend_version.clear();
  const nlohmann::json json = own;
  EXPECT_FALSE(json.contains("backend"));
  EXPECT_EQ(json.get<Handshake>().backend_library, "");
}

}  // namespace
}  // namespace conformance
