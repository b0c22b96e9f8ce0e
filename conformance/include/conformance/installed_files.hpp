// Files a program needs at run time (the Python adapter script, the torch plugin, known issues),
// found the same way in a build tree and in an installed one.
#pragma once

#include <string>
#include <string_view>

namespace conformance {

// Where `cmake --install` puts such files, relative to the directory of the installed programs.
inline constexpr std::string_view kInstalledFilesDir = "../lib/array-api-device-conformance";

// The path of `file_name`: $`environment_variable` if set; else beside the running program (a
// build tree); else in kInstalledFilesDir from it (an installed tree); else `build_path` (where
// the build that made this program put or found it).
std::string find_program_file(const char* environment_variable, std::string_view file_name,
                              std::string_view build_path);

}  // namespace conformance
