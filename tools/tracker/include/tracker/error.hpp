// The one error type of the `tracker` tools: a bad input (missing file, not JSON, wrong schema,
// missing field, conflicting merge). Its message is one line naming the file and the cause; the
// command prints it and exits 2.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace tracker {

class TrackerError : public std::runtime_error {
 public:
  // Control characters in `message` (a JSON string quoted into it, say) become spaces, so that
  // the message stays one line.
  explicit TrackerError(std::string_view message);
};

}  // namespace tracker
