#include "tracker/error.hpp"

namespace tracker {
namespace {

std::string one_line(std::string_view message) {
  std::string line(message);
  for (char& c : line) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  }
  return line;
}

}  // namespace

TrackerError::TrackerError(std::string_view message) : std::runtime_error(one_line(message)) {}

}  // namespace tracker
