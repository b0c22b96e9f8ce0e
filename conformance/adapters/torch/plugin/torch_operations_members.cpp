// Transfers, the array attributes that describe placement, DLPack devices and the harness's own
// operations: each call and its C++ text.
#include <ATen/DLConvertor.h>
#include <fmt/format.h>

#include <functional>

#include "torch_names.hpp"
#include "torch_operations.hpp"

namespace conformance::torch_internal {
namespace {

void add_placement(OperationTable& table) {
  table.add(
      "array.to_device",
      [](const Call& call) {
        if (call.given("stream")) throw Unsupported("Tensor::to takes no stream");
        const std::optional<at::Device> device = call.device("device");
        if (!device) throw Unsupported("to_device needs a device, not None");
        return one(call.tensor("self").to(*device));
      },
      [](const CppCall& call) {
        // The text is written for the call without stream= only.
        if (call.given("stream")) throw adapter_support::no_spelling("array.to_device");
        const auto device = call.device("device");
        if (!device) throw Unsupported("to_device needs a device");
        return tensor_text(fmt::format("{}.to({})", call.tensor("self"), *device));
      });
  table.add(
      "array.device",
      [](const Call& call) {
        return value(device_index(call.tensor("self").device(), call.session().devices));
      },
      [](const CppCall& call) { return value_text(call.tensor("self") + ".device()"); });
  table.add(
      "array.dtype",
      [](const Call& call) { return value(dtype_name(call.tensor("self").scalar_type())); },
      adapter_support::not_spelled);
  table.add(
      "array.shape",
      [](const Call& call) {
        const at::IntArrayRef sizes = call.tensor("self").sizes();
        return value(std::vector<std::int64_t>(sizes.begin(), sizes.end()));
      },
      adapter_support::not_spelled);
  table.add(
      "array.ndim", [](const Call& call) { return value(call.tensor("self").dim()); },
      adapter_support::not_spelled);
  table.add(
      "array.size", [](const Call& call) { return value(call.tensor("self").numel()); },
      adapter_support::not_spelled);
  table.add(
      "array.__dlpack_device__",
      [](const Call& call) {
        DLManagedTensor* managed = at::toDLPack(call.tensor("self"));
        const DLDevice device = managed->dl_tensor.device;
        managed->deleter(managed);
        return value({static_cast<int>(device.device_type), device.device_id});
      },
      adapter_support::not_spelled);
}

void add_harness(OperationTable& table) {
  table.add(
      std::string(harness_op::set_default_device),
      [](const Call&) -> CallResult {
        throw Unsupported(
            "libtorch 1.13's C++ API has no default device to set (torch.set_default_device is "
            "Python's, from torch 2.0)");
      },
      adapter_support::not_spelled);
  table.add(
      std::string(harness_op::observe), [](const Call& call) { return one(call.tensor("x")); },
      [](const CppCall& call) { return tensor_text(call.tensor("x")); });
  table.add(
      std::string(harness_op::compare_devices),
      [](const Call& call) {
        const at::Device a = call.tensor("x1").device();
        const at::Device b = call.tensor("x2").device();
        const std::hash<at::Device> hash;
        return value({{"eq", a == b},
                      {"eq_swapped", b == a},
                      {"ne", a != b},
                      {"hash_equal", hash(a) == hash(b)}});
      },
      adapter_support::not_spelled);
}

}  // namespace

void add_member_operations(OperationTable& table) {
  add_placement(table);
  add_harness(table);
}

}  // namespace conformance::torch_internal
