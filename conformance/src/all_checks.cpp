// The list of every check, family by family, in the order runs and reports use.
#include "../properties/family.hpp"

namespace conformance {

const std::vector<Check>& all_checks() {
  static const std::vector<Check> checks = [] {
    std::vector<Check> all;
    for (auto family :
         {families::info_checks, families::inspection_checks, families::device_object_checks,
          families::explicit_checks, families::like_checks, families::default_checks,
          families::propagate_checks, families::mixed_checks, families::mixed_0d_checks,
          families::transfer_checks, families::dlpack_checks, families::dtype_function_checks,
          families::host_checks, families::program_checks}) {
      auto checks = family();
      all.insert(all.end(), std::make_move_iterator(checks.begin()),
                 std::make_move_iterator(checks.end()));
    }
    return all;
  }();
  return checks;
}

}  // namespace conformance
