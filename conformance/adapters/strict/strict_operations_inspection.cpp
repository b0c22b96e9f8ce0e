// The inspection API: __array_namespace_info__ and its methods (capabilities, default_device,
// devices, dtypes, default_dtypes); each strict call and its C++ text.
#include <fmt/format.h>

#include <functional>
#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "strict_arguments.hpp"
#include "strict_operation_table.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {
namespace {

nlohmann::json dtype_names(const std::vector<strict::DType>& dtypes) {
  nlohmann::json names = nlohmann::json::array();
  for (strict::DType dtype : dtypes)
    names.push_back(std::string(strict::name(dtype)));
  return names;
}

}  // namespace

void add_inspection(OperationTable& table) {
  const std::string info = "strict::array_namespace_info()";
  table.add(
      "info.__array_namespace_info__",
      [](const Call&) {
        (void)strict::array_namespace_info();
        return value(nullptr);  // the namespace object itself: nothing to report
      },
      [info](const CppCall&) { return value_text(info); });
  table.add(
      "info.capabilities",
      [](const Call&) {
        const strict::Capabilities capabilities = strict::array_namespace_info().capabilities();
        return value({{"boolean indexing", capabilities.boolean_indexing},
                      {"data-dependent shapes", capabilities.data_dependent_shapes},
                      {"max dimensions", capabilities.max_dimensions
                                             ? nlohmann::json(*capabilities.max_dimensions)
                                             : nlohmann::json(nullptr)}});
      },
      [info](const CppCall&) { return value_text(info + ".capabilities()"); });
  table.add(
      "info.default_device",
      [](const Call& call) {
        return value(
            device_index(strict::array_namespace_info().default_device(), call.session().devices));
      },
      [info](const CppCall&) { return value_text(info + ".default_device()"); });
  table.add(
      "info.devices",
      [](const Call& call) {
        nlohmann::json indices = nlohmann::json::array();
        for (strict::Device device : strict::array_namespace_info().devices())
          indices.push_back(device_index(device, call.session().devices));
        return value(std::move(indices));
      },
      [info](const CppCall&) { return value_text(info + ".devices()"); });
  table.add(
      "info.dtypes",
      [](const Call& call) {
        return value(dtype_names(
            strict::array_namespace_info().dtypes(call.device(), call.dtype_kind("kind"))));
      },
      [info](const CppCall& call) {
        const auto device = call.device();
        const auto kind = call.dtype_kind("kind");
        return value_text(fmt::format(
            "{}.dtypes({})", info,
            argument_list({kind || device ? or_nullopt(device) : "", kind.value_or("")})));
      });
  table.add(
      "info.default_dtypes",
      [](const Call& call) {
        const strict::DefaultDTypes defaults =
            strict::array_namespace_info().default_dtypes(call.device());
        auto name = [](strict::DType dtype) { return std::string(strict::name(dtype)); };
        return value({{"real floating", name(defaults.real_floating)},
                      {"complex floating", name(defaults.complex_floating)},
                      {"integral", name(defaults.integral)},
                      {"indexing", name(defaults.indexing)}});
      },
      [info](const CppCall& call) {
        return value_text(fmt::format("{}.default_dtypes({})", info, call.device().value_or("")));
      });
}

}  // namespace conformance::strict_internal
