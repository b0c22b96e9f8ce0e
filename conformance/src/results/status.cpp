// Check statuses by their docs/DESIGN.md section 4 names, the spelling used in trackers, journals,
// expectation files and JUnit.
#include <array>
#include <utility>

#include "conformance/check.hpp"

namespace conformance {
namespace {

constexpr std::array<std::pair<Status, std::string_view>, 9> kStatusNames{{
    {Status::pass, "pass"},
    {Status::fail, "fail"},
    {Status::skip, "skip"},
    {Status::unsupported, "unsupported"},
    {Status::error, "error"},
    {Status::crash, "crash"},
    {Status::timeout, "timeout"},
    {Status::xfail, "xfail"},
    {Status::xpass, "xpass"},
}};

}  // namespace

std::string_view name(Status status) {
  for (const auto& [value, text] : kStatusNames) {
    if (value == status) return text;
  }
  return "unknown";
}

std::optional<Status> status_from_name(std::string_view name) {
  for (const auto& [value, text] : kStatusNames) {
    if (text == name) return value;
  }
  return std::nullopt;
}

}  // namespace conformance
