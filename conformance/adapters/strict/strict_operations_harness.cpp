// The harness's own steps (set the default device, observe an array, compare two devices),
// done with strict's calls: their C++ text.
#include <fmt/format.h>

#include <functional>
#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "strict_arguments.hpp"
#include "strict_operation_table.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {

void add_harness(OperationTable& table) {
  table.add(
      std::string(harness_op::set_default_device),
      [](const Call& call) {
        // The device first: an invalid one raises and leaves the default as it was.
        const std::optional<strict::Device> device = call.device("device");
        Session& session = call.session();
        session.state.default_device_guard.reset();
        if (device) session.state.default_device_guard.emplace(*device);
        return value(nullptr);
      },
      [](const CppCall& call) {
        const auto device = call.device("device");
        if (!device) throw Unsupported("a guard cannot be taken back in the middle of main()");
        return CppExpression{.result = CppResult::default_guard, .text = *device};
      });
  table.add(
      std::string(harness_op::observe), [](const Call& call) { return one(call.array("x")); },
      [](const CppCall& call) {
        return array_text(call.array("x"));  // the same array, as it is now
      });
  table.add(
      std::string(harness_op::compare_devices),
      [](const Call& call) {
        const strict::Device a = call.array("x1").device();
        const strict::Device b = call.array("x2").device();
        const std::hash<strict::Device> hash;
        return value({{"eq", a == b},
                      {"eq_swapped", b == a},
                      {"ne", a != b},
                      {"hash_equal", hash(a) == hash(b)}});
      },
      [](const CppCall& call) {
        return value_text(
            fmt::format("{}.device() == {}.device()", call.array("x1"), call.array("x2")));
      });
}

}  // namespace conformance::strict_internal
