// Framing and decoding of the adapter protocol. nlohmann's parser and typed getters throw on
// malformed input; every such throw is caught here and becomes a ProtocolError.
#include "json_lines.hpp"

#include <fmt/format.h>

#include <exception>
#include <utility>

#include "outcome_reader.hpp"

namespace conformance::python_internal {
namespace {

// The start of a line, for messages: enough to recognise it, never the whole of a huge line.
std::string excerpt(std::string_view line) {
  constexpr std::size_t kMax = 120;
  if (line.size() <= kMax) return std::string(line);
  return fmt::format("{}... ({} bytes)", line.substr(0, kMax), line.size());
}

struct Parsed {
  nlohmann::json message{};
  std::optional<ProtocolError> error{};
};

// A JSON object with a string "type", or why not.
Parsed parse_message(std::string_view line) {
  Parsed parsed;
  parsed.message = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (parsed.message.is_discarded()) {
    parsed.error = ProtocolError{fmt::format("not a JSON line: {}", excerpt(line))};
  } else if (!parsed.message.is_object() || !parsed.message.contains("type") ||
             !parsed.message.at("type").is_string()) {
    parsed.error = ProtocolError{fmt::format("a reply without a \"type\": {}", excerpt(line))};
  }
  return parsed;
}

std::optional<StartupError> startup_error(const nlohmann::json& message) {
  if (message.at("type") != "error") return std::nullopt;
  return StartupError{.kind = message.value("kind", "unknown"),
                      .message = message.value("message", "(no message)")};
}

PythonSetup setup_from_json(const nlohmann::json& j) {
  PythonSetup setup;
  j.at("module").get_to(setup.module);
  j.at("setup").get_to(setup.setup);
  j.at("devices").get_to(setup.devices);
  if (const auto& setter = j.at("set_default_device"); !setter.is_null())
    setup.set_default_device = setter.get<std::string>();
  if (const auto peer = j.find("peer"); peer != j.end()) {
    peer->at("module").get_to(setup.peer_module);
    peer->at("setup").get_to(setup.peer_setup);
    peer->at("devices").get_to(setup.peer_devices);
  }
  return setup;
}

// Checks what the oracle relies on: device indices in range.
std::optional<std::string> invalid_devices(const ProgramOutcome& outcome, std::size_t devices) {
  for (std::size_t i = 0; i < outcome.steps.size(); ++i) {
    for (const ArrayReport& array : outcome.steps[i].arrays) {
      const bool listed = array.device >= 0 && static_cast<std::size_t>(array.device) < devices;
      if (!listed && array.device != kUnlistedDevice)
        return fmt::format("step {} reports device index {}, but the handshake listed {} devices",
                           i, array.device, devices);
    }
  }
  return std::nullopt;
}

// What the oracle relies on beyond the reply's shape: one outcome per step, listed devices.
OutcomeDecoding checked(ProgramOutcome outcome, std::size_t steps, std::size_t devices) {
  if (outcome.steps.size() != steps)
    return ProtocolError{fmt::format("the reply has {} step outcomes for a program of {} steps",
                                     outcome.steps.size(), steps)};
  if (auto invalid = invalid_devices(outcome, devices)) return ProtocolError{*invalid};
  return outcome;
}

}  // namespace

void LineBuffer::append(std::string_view bytes) {
  if (start_ > 0) {
    pending_.erase(0, start_);
    start_ = 0;
  }
  pending_.append(bytes);
}

LineBuffer::Next LineBuffer::next(std::string& line, std::size_t max_bytes) {
  for (;;) {
    const std::size_t newline = pending_.find('\n', start_);
    const std::size_t available = pending_.size() - start_;
    if (skipping_) {
      if (newline == std::string::npos) {
        pending_.clear();
        start_ = 0;
        return Next::incomplete;
      }
      start_ = newline + 1;
      skipping_ = false;
      continue;
    }
    if (newline == std::string::npos) {
      if (available <= max_bytes) return Next::incomplete;
      pending_.clear();
      start_ = 0;
      skipping_ = true;
      return Next::too_long;
    }
    const std::size_t length = newline - start_;
    const std::size_t begin = start_;
    start_ = newline + 1;
    if (length > max_bytes) return Next::too_long;
    line.assign(pending_, begin, length);
    return Next::line;
  }
}

HandshakeDecoding decode_handshake(std::string_view line) {
  Parsed parsed = parse_message(line);
  if (parsed.error) return *parsed.error;
  if (auto error = startup_error(parsed.message)) return *error;
  if (parsed.message.at("type") != "handshake")
    return ProtocolError{fmt::format("expected a handshake reply, got: {}", excerpt(line))};
  try {
    HandshakeReply reply{.handshake = parsed.message.at("handshake").get<Handshake>(),
                         .setup = setup_from_json(parsed.message.at("python"))};
    if (reply.handshake.devices.empty()) return ProtocolError{"the handshake lists no devices"};
    if (reply.handshake.default_device &&
        (*reply.handshake.default_device < 0 ||
         static_cast<std::size_t>(*reply.handshake.default_device) >=
             reply.handshake.devices.size()))
      return ProtocolError{"the handshake's default device is not an index into its devices"};
    return reply;
  } catch (const std::exception& error) {
    return ProtocolError{
        fmt::format("a malformed handshake ({}): {}", error.what(), excerpt(line))};
  }
}

OutcomeDecoding decode_outcome(std::string_view line, std::size_t steps, std::size_t devices) {
  // Nearly every reply: read in one pass. The rest, wrong or unusual, as a document.
  if (auto outcome = read_outcome_in_one_pass(line))
    return checked(std::move(*outcome), steps, devices);
  Parsed parsed = parse_message(line);
  if (parsed.error) return *parsed.error;
  if (auto error = startup_error(parsed.message)) return *error;
  if (parsed.message.at("type") != "outcome")
    return ProtocolError{fmt::format("expected an outcome reply, got: {}", excerpt(line))};
  try {
    auto outcome = parsed.message.at("outcome").get<ProgramOutcome>();
    if (outcome.status != RunStatus::completed)
      return ProtocolError{"the adapter script may only report completed runs"};
    return checked(std::move(outcome), steps, devices);
  } catch (const std::exception& error) {
    return ProtocolError{fmt::format("a malformed outcome ({}): {}", error.what(), excerpt(line))};
  }
}

}  // namespace conformance::python_internal
