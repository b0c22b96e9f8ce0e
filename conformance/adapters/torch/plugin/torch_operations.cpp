// The table of every mapped operation, assembled from the group files.
#include "torch_operations.hpp"

namespace conformance::torch_internal {

const OperationTable& torch_table() {
  static const auto table = [] {
    OperationTable table;
    add_elementwise_operations(table);
    add_creation_operations(table);
    add_member_operations(table);
    add_manipulation_operations(table);
    add_searching_sorting_operations(table);
    add_statistical_operations(table);
    add_indexing_operations(table);
    add_linalg_operations(table);
    add_fft_operations(table);
    return table;
  }();
  return table;
}

const std::vector<std::string>& torch_operations() {
  static const std::vector<std::string> operations = torch_table().mapped_operations();
  return operations;
}

}  // namespace conformance::torch_internal
