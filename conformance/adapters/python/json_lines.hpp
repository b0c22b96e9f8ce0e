// The adapter protocol's framing and decoding: newline-delimited JSON, one reply per line. The
// decoder never throws on bad input: anything it cannot read is a ProtocolError with a reason,
// which becomes a `protocol_error` outcome (RapidCheck feeds it random and truncated input).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

#include "conformance/adapter.hpp"
#include "conformance/outcome.hpp"
#include "conformance/python_reproduction.hpp"

namespace conformance::python_internal {

// Splits a byte stream into lines. A line longer than the limit is reported once, and its
// remaining bytes are skipped up to the next newline.
class LineBuffer {
 public:
  void append(std::string_view bytes);
  enum class Next { line, incomplete, too_long };
  // The next complete line (without its newline) into `line`.
  Next next(std::string& line, std::size_t max_bytes);

 private:
  std::string pending_{};
  std::size_t start_ = 0;  // lines before this offset are consumed (erased in bulk, not one by one)
  bool skipping_ = false;  // inside an over-long line
};

struct ProtocolError {
  std::string reason{};
};

// The adapter script could not set the namespace up (kind "import_failed" or "not_a_namespace").
struct StartupError {
  std::string kind{};
  std::string message{};
};

struct HandshakeReply {
  Handshake handshake{};
  PythonSetup setup{};
};

using HandshakeDecoding = std::variant<HandshakeReply, StartupError, ProtocolError>;
using OutcomeDecoding = std::variant<ProgramOutcome, StartupError, ProtocolError>;

// The reply to a handshake request.
HandshakeDecoding decode_handshake(std::string_view line);
// The reply to a run request for a program of `steps` steps: exactly one outcome per step, and
// every array's device an index below `devices` (or kUnlistedDevice).
OutcomeDecoding decode_outcome(std::string_view line, std::size_t steps, std::size_t devices);

}  // namespace conformance::python_internal
