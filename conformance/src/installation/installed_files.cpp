// Finding the files a program needs, beside it or in the installed tree.
#include "conformance/installed_files.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace conformance {

std::string find_program_file(const char* environment_variable, std::string_view file_name,
                              std::string_view build_path) {
  if (const char* path = std::getenv(environment_variable); path != nullptr && *path != '\0')
    return path;
  std::error_code error;
  const auto executable = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const auto directory = executable.parent_path();
    for (const auto& candidate :
         {directory / file_name, directory / kInstalledFilesDir / file_name})
      if (std::filesystem::exists(candidate, error)) return candidate.lexically_normal().string();
  }
  return std::string(build_path);
}

}  // namespace conformance
