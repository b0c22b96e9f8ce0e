// A usage or setup error of the `conformance` command: printed as one line
// "conformance: error: <message>" and the command exits 2 (docs/DESIGN.md section 4).
#pragma once

#include <stdexcept>

namespace conformance::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUnexpected = 1;     // an unexpected failure or an unexpected pass
inline constexpr int kExitUsage = 2;          // usage or setup error
inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace conformance::app
