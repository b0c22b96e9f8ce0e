// Integers read from JSON that may come from outside (an adapter's reply, a tracker file). A
// number that is not an integer, or does not fit, is an error: nlohmann's get<int>() of 1e300
// would be a float-to-int conversion out of range, which is undefined behaviour.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace conformance::detail {

template <class Int>
Int json_integer(const nlohmann::json& j) {
  if (j.is_number_unsigned()) {
    const auto value = j.get<std::uint64_t>();
    if (value <= static_cast<std::uint64_t>(std::numeric_limits<Int>::max()))
      return static_cast<Int>(value);
  } else if (j.is_number_integer()) {
    const auto value = j.get<std::int64_t>();
    if (value >= static_cast<std::int64_t>(std::numeric_limits<Int>::min()) &&
        (value < 0 || static_cast<std::uint64_t>(value) <=
                          static_cast<std::uint64_t>(std::numeric_limits<Int>::max())))
      return static_cast<Int>(value);
  }
  throw std::runtime_error("expected an integer that fits, got " + j.dump());
}

template <class Int>
std::vector<Int> json_integers(const nlohmann::json& j) {
  if (!j.is_array()) throw std::runtime_error("expected a list of integers, got " + j.dump());
  std::vector<Int> out;
  out.reserve(j.size());
  for (const auto& element : j)
    out.push_back(json_integer<Int>(element));
  return out;
}

}  // namespace conformance::detail
