// The table of every mapped operation, assembled from the group files.
#include "torch_dispatch.hpp"

namespace conformance::torch_internal {

const HandlerTable& torch_handlers() {
  static const auto table = [] {
    HandlerTable table;
    add_elementwise_handlers(table);
    add_creation_handlers(table);
    add_member_handlers(table);
    add_manipulation_handlers(table);
    add_searching_sorting_handlers(table);
    add_statistical_handlers(table);
    add_indexing_handlers(table);
    add_linalg_handlers(table);
    add_fft_handlers(table);
    return table;
  }();
  return table;
}

const std::vector<std::string>& torch_operations() {
  static const std::vector<std::string> operations =
      adapter_support::mapped_operations<TorchBackend>(torch_handlers());
  return operations;
}

}  // namespace conformance::torch_internal
