// The array object's members: to_device, the attributes (device, dtype, shape, ndim, size) and
// __dlpack_device__; each strict call and its C++ text.
#include <fmt/format.h>

#include <functional>
#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "strict_arguments.hpp"
#include "strict_operation_table.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {

void add_array_members(OperationTable& table) {
  table.add(
      "array.to_device",
      [](const Call& call) {
        const strict::Array& x = call.array("self");
        const std::optional<strict::Device> device = call.device("device");
        if (!device) throw Unsupported("strict's to_device needs a device, not None");
        return one(x.to_device(*device, call.stream("stream")));
      },
      [](const CppCall& call) {
        const auto device = call.device("device");
        if (!device) throw Unsupported("strict's to_device needs a device, not None");
        return array_text(
            fmt::format("{}.to_device({})", call.array("self"),
                        argument_list({*device, call.stream("stream").value_or("")})));
      });
  // The attributes: strict's member function of the same name.
  const std::pair<const char*, Run> attributes[] = {
      {"device",
       [](const Call& call) {
         return value(device_index(call.array("self").device(), call.session().devices));
       }},
      {"dtype",
       [](const Call& call) {
         return value(std::string(strict::name(call.array("self").dtype())));
       }},
      {"shape", [](const Call& call) { return value(call.array("self").shape()); }},
      {"ndim", [](const Call& call) { return value(call.array("self").ndim()); }},
      {"size", [](const Call& call) { return value(call.array("self").size()); }},
  };
  for (const auto& [member, run] : attributes) {
    table.add(fmt::format("array.{}", member), run, [member](const CppCall& call) {
      return value_text(fmt::format("{}.{}()", call.array("self"), member));
    });
  }
  table.add(
      "array.__dlpack_device__",
      [](const Call& call) {
        const strict::DLPackDevice dlpack = strict::dlpack_device(call.array("self"));
        return value({dlpack.device_type, dlpack.device_id});
      },
      [](const CppCall& call) {
        return value_text(function_call("dlpack_device", {call.array("self")}));
      });
}

}  // namespace conformance::strict_internal
