// Catalogue entries for the inspection API: `__array_namespace_info__()` and the methods of its
// result. Written from the 2024.12 signatures (catalogue/data/array-api-signatures.json) and
// maintained by hand; catalogue_test checks names, versions, parameters and device keywords against
// that file.
#include "tables.hpp"

namespace catalogue::detail {

std::vector<Operation> info_operations() {
  return {
      {.name = "info.__array_namespace_info__",
       .ns = Namespace::info,
       .since_version = "2023.12",
       .spec_section = "src/array_api_stubs/_2025_12/info.py",
       .rule = DeviceRule::info},
      {.name = "info.capabilities",
       .ns = Namespace::info,
       .since_version = "2023.12",
       .spec_section = "src/array_api_stubs/_2025_12/info.py",
       .rule = DeviceRule::info},
      {.name = "info.default_device",
       .ns = Namespace::info,
       .since_version = "2023.12",
       .spec_section = "src/array_api_stubs/_2025_12/info.py",
       .rule = DeviceRule::info},
      {.name = "info.default_dtypes",
       .ns = Namespace::info,
       .since_version = "2023.12",
       .spec_section = "src/array_api_stubs/_2025_12/info.py",
       .rule = DeviceRule::info,
       .keywords = {{.name = "device", .default_value = "None"}},
       .has_device_keyword = true},
      {.name = "info.devices",
       .ns = Namespace::info,
       .since_version = "2023.12",
       .spec_section = "src/array_api_stubs/_2025_12/info.py",
       .rule = DeviceRule::info},
      {.name = "info.dtypes",
       .ns = Namespace::info,
       .since_version = "2023.12",
       .spec_section = "src/array_api_stubs/_2025_12/info.py",
       .rule = DeviceRule::info,
       .keywords = {{.name = "device", .default_value = "None"},
                    {.name = "kind", .default_value = "None"}},
       .has_device_keyword = true},
  };
}

}  // namespace catalogue::detail
