// The handshake as JSON: how the Python adapter announces itself and how trackers record what each
// implementation offered. Every field is required on reading, so a stale or partial handshake is
// an error rather than a silent default.
#include <nlohmann/json.hpp>

#include "conformance/adapter.hpp"
#include "json_integers.hpp"

namespace conformance {
namespace {

nlohmann::json device_to_json(const DeviceDescription& device) {
  return {{"repr", device.repr},
          {"dtypes", device.dtypes},
          {"default_float_dtype", device.default_float_dtype},
          {"default_integer_dtype", device.default_integer_dtype}};
}

DeviceDescription device_from_json(const nlohmann::json& j) {
  DeviceDescription device;
  j.at("repr").get_to(device.repr);
  j.at("dtypes").get_to(device.dtypes);
  j.at("default_float_dtype").get_to(device.default_float_dtype);
  j.at("default_integer_dtype").get_to(device.default_integer_dtype);
  return device;
}

nlohmann::json features_to_json(const Features& features) {
  return {{"device_attribute", features.device_attribute},
          {"to_device", features.to_device},
          {"namespace_info", features.namespace_info},
          {"set_default_device", features.set_default_device},
          {"dlpack", features.dlpack}};
}

Features features_from_json(const nlohmann::json& j) {
  Features features;
  j.at("device_attribute").get_to(features.device_attribute);
  j.at("to_device").get_to(features.to_device);
  j.at("namespace_info").get_to(features.namespace_info);
  j.at("set_default_device").get_to(features.set_default_device);
  j.at("dlpack").get_to(features.dlpack);
  return features;
}

}  // namespace

void to_json(nlohmann::json& j, const Handshake& handshake) {
  nlohmann::json devices = nlohmann::json::array();
  for (const auto& device : handshake.devices)
    devices.push_back(device_to_json(device));
  j = {{"implementation", handshake.implementation},
       {"library", handshake.library},
       {"library_version", handshake.library_version},
       {"spec_version", handshake.spec_version},
       {"devices", std::move(devices)},
       // null: the library's default device is None (allowed from 2025.12).
       {"default_device", handshake.default_device ? nlohmann::json(*handshake.default_device)
                                                   : nlohmann::json(nullptr)},
       {"features", features_to_json(handshake.features)},
       {"operations", handshake.operations},
       {"devices_container", handshake.devices_container}};
  // Only for a wrapper namespace, so that every other handshake reads as before.
  if (!handshake.backend_library.empty())
    j["backend"] = {{"library", handshake.backend_library}, {"version", handshake.backend_version}};
  // Only when true, so that every other handshake reads as before.
  if (handshake.compiles_per_shape) j["compiles_per_shape"] = true;
  // Only on a compiled route, so that every eager handshake reads as before.
  if (!handshake.route.empty()) j["route"] = handshake.route;
  if (!handshake.route_unavailable.empty()) j["route_unavailable"] = handshake.route_unavailable;
  // Only with --peer, so that every other handshake reads as before.
  if (handshake.peer && handshake.peer_error.empty())
    j["peer"] = *handshake.peer;
  else if (handshake.peer)
    j["peer"] = {{"implementation", handshake.peer->implementation},
                 {"error", handshake.peer_error}};
}

void from_json(const nlohmann::json& j, Handshake& handshake) {
  Handshake read;
  j.at("implementation").get_to(read.implementation);
  j.at("library").get_to(read.library);
  j.at("library_version").get_to(read.library_version);
  j.at("spec_version").get_to(read.spec_version);
  for (const auto& device : j.at("devices"))
    read.devices.push_back(device_from_json(device));
  const auto& default_device = j.at("default_device");
  if (!default_device.is_null()) read.default_device = detail::json_integer<int>(default_device);
  read.features = features_from_json(j.at("features"));
  j.at("operations").get_to(read.operations);
  // Optional: handshakes and trackers written before these keys existed lack them.
  read.devices_container = j.value("devices_container", "");
  read.compiles_per_shape = j.value("compiles_per_shape", false);
  if (const auto backend = j.find("backend"); backend != j.end()) {
    backend->at("library").get_to(read.backend_library);
    backend->at("version").get_to(read.backend_version);
  }
  read.route = j.value("route", "");
  read.route_unavailable = j.value("route_unavailable", "");
  if (const auto peer = j.find("peer"); peer != j.end()) {
    if (peer->contains("error")) {
      Handshake unloaded;
      peer->at("implementation").get_to(unloaded.implementation);
      peer->at("error").get_to(read.peer_error);
      read.peer = std::make_shared<const Handshake>(std::move(unloaded));
    } else {
      read.peer = std::make_shared<const Handshake>(peer->get<Handshake>());
    }
  }
  handshake = std::move(read);
}

}  // namespace conformance
