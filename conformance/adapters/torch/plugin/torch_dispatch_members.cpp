// Transfers, the array attributes that describe placement, DLPack devices and the harness's own
// operations.
#include <ATen/DLConvertor.h>

#include <functional>

#include "torch_dispatch.hpp"
#include "torch_names.hpp"

namespace conformance::torch_internal {
namespace {

void add_placement(HandlerTable& table) {
  table["array.to_device"] = [](const Call& call) {
    if (call.given("stream")) throw Unsupported("Tensor::to takes no stream");
    const std::optional<at::Device> device = call.device("device");
    if (!device) throw Unsupported("to_device needs a device, not None");
    return one(call.tensor("self").to(*device));
  };
  table["array.device"] = [](const Call& call) {
    return value(device_index(call.tensor("self").device(), call.session().devices));
  };
  table["array.dtype"] = [](const Call& call) {
    return value(dtype_name(call.tensor("self").scalar_type()));
  };
  table["array.shape"] = [](const Call& call) {
    const at::IntArrayRef sizes = call.tensor("self").sizes();
    return value(std::vector<std::int64_t>(sizes.begin(), sizes.end()));
  };
  table["array.ndim"] = [](const Call& call) { return value(call.tensor("self").dim()); };
  table["array.size"] = [](const Call& call) { return value(call.tensor("self").numel()); };
  table["array.__dlpack_device__"] = [](const Call& call) {
    DLManagedTensor* managed = at::toDLPack(call.tensor("self"));
    const DLDevice device = managed->dl_tensor.device;
    managed->deleter(managed);
    return value({static_cast<int>(device.device_type), device.device_id});
  };
}

void add_harness(HandlerTable& table) {
  table[std::string(harness_op::set_default_device)] = [](const Call&) -> CallResult {
    throw Unsupported(
        "libtorch 1.13's C++ API has no default device to set (torch.set_default_device is "
        "Python's, from torch 2.0)");
  };
  table[std::string(harness_op::observe)] = [](const Call& call) { return one(call.tensor("x")); };
  table[std::string(harness_op::compare_devices)] = [](const Call& call) {
    const at::Device a = call.tensor("x1").device();
    const at::Device b = call.tensor("x2").device();
    const std::hash<at::Device> hash;
    return value({{"eq", a == b},
                  {"eq_swapped", b == a},
                  {"ne", a != b},
                  {"hash_equal", hash(a) == hash(b)}});
  };
}

}  // namespace

void add_member_handlers(HandlerTable& table) {
  add_placement(table);
  add_harness(table);
}

}  // namespace conformance::torch_internal
