// The names of levels and expectation kinds, as trackers and reproductions print them. In the
// harness's core, so that adapter plugins print them too.
#include "conformance/expectation.hpp"

namespace conformance {

std::string_view name(Level level) {
  switch (level) {
    case Level::must:
      return "must";
    case Level::should:
      return "should";
    case Level::informational:
      return "informational";
  }
  return "?";
}

std::string_view name(ExpectKind kind) {
  switch (kind) {
    case ExpectKind::on_device:
      return "on_device";
    case ExpectKind::raises:
      return "raises";
    case ExpectKind::either:
      return "either";
    case ExpectKind::no_array:
      return "no_array";
  }
  return "?";
}

}  // namespace conformance
