// Release numbers as a library's handshake reports them ("2.4.6", "2.13.0+cpu", "0.4.38",
// "2022.12.1+dfsg"): their order, and which are an older release line.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tracker {

// How two release numbers order: numeric parts as numbers ("2.10" after "2.9"), a missing part
// as 0, a local label ignored ("2.13.0+cpu" is 2.13.0), a pre-release before its release
// ("2.0rc1" before "2.0"). Negative, zero or positive, as strcmp.
int compare_versions(std::string_view a, std::string_view b);

// Whether `version` is an older release line than `newest`: an earlier major version (NumPy 1.24
// against 2.4, dask 2022.12 against 2026.8), or for a 0.x library three minor versions or more
// behind (JAX 0.4 against 0.11). Other releases are today's, though not the newest: the newest
// a platform can install differs (NumPy 2.5 and JAX 0.11 need Python 3.12; the GPU host has
// torch 2.11).
bool is_older_release(std::string_view version, std::string_view newest);

// One library's runs as the public pages show them, by the index of each run's version in
// `versions`: newest first, today's release lines in `current` and older ones (is_older_release
// against the newest) in `older`; runs of equal versions keep their order.
struct ReleaseLines {
  std::vector<std::size_t> current{};
  std::vector<std::size_t> older{};
};
ReleaseLines by_release_line(const std::vector<std::string>& versions);

}  // namespace tracker
