#include "tracker/versions.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

namespace tracker {
namespace {

// A release's version split into comparable parts: numbers, and words ("rc", "dev") that mark
// a pre-release.
struct VersionParts {
  std::vector<long long> numbers{};
  std::string pre{};  // the first word after the numbers began: "" for a release
};

VersionParts parts_of(std::string_view version) {
  VersionParts parts;
  version = version.substr(0, version.find('+'));  // a local label names a build, not a release
  std::size_t i = 0;
  while (i < version.size()) {
    if (std::isdigit(static_cast<unsigned char>(version[i]))) {
      std::size_t j = i;
      while (j < version.size() && std::isdigit(static_cast<unsigned char>(version[j])))
        ++j;
      long long value = 0;
      std::from_chars(version.data() + i, version.data() + j, value);
      if (parts.pre.empty()) parts.numbers.push_back(value);
      i = j;
    } else if (std::isalpha(static_cast<unsigned char>(version[i]))) {
      std::size_t j = i;
      while (j < version.size() && std::isalpha(static_cast<unsigned char>(version[j])))
        ++j;
      if (parts.pre.empty() && !parts.numbers.empty()) parts.pre = std::string(version.substr(i));
      i = j;
    } else {
      ++i;
    }
  }
  return parts;
}

}  // namespace

int compare_versions(std::string_view a, std::string_view b) {
  const VersionParts x = parts_of(a), y = parts_of(b);
  const std::size_t n = std::max(x.numbers.size(), y.numbers.size());
  for (std::size_t i = 0; i < n; ++i) {
    const long long p = i < x.numbers.size() ? x.numbers[i] : 0;
    const long long q = i < y.numbers.size() ? y.numbers[i] : 0;
    if (p != q) return p < q ? -1 : 1;
  }
  if (x.pre.empty() != y.pre.empty()) return x.pre.empty() ? 1 : -1;  // 2.0rc1 < 2.0
  return x.pre.compare(y.pre) < 0 ? -1 : (x.pre == y.pre ? 0 : 1);
}

bool is_older_release(std::string_view version, std::string_view newest) {
  const VersionParts a = parts_of(version), b = parts_of(newest);
  const auto part = [](const VersionParts& v, std::size_t i) {
    return i < v.numbers.size() ? v.numbers[i] : 0;
  };
  if (part(a, 0) != part(b, 0)) return part(a, 0) < part(b, 0);
  // 0.x libraries (JAX) count their minor releases as others count major ones.
  return part(b, 0) == 0 && part(a, 1) + 3 <= part(b, 1);
}

ReleaseLines by_release_line(const std::vector<std::string>& versions) {
  std::vector<std::size_t> order(versions.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return compare_versions(versions[a], versions[b]) > 0;
  });
  ReleaseLines lines;
  for (std::size_t i : order)
    (is_older_release(versions[i], versions[order.front()]) ? lines.older : lines.current)
        .push_back(i);
  return lines;
}

}  // namespace tracker
