// strict's operation table: each operation's strict call, read by the catalogue's parameter names
// (so positional and keyword forms both work), beside the C++ text a reproduction writes for it.
// Each group of operations fills its part of the table from its own
// strict_operations_<group>.cpp (strict_operation_table.hpp lists them); here, the table itself
// and the functions of an array and AxisOptions several groups share.
#include "strict_operations.hpp"

#include "strict_operation_table.hpp"

namespace conformance::strict_internal {

void add_axis_functions(OperationTable& table,
                        std::initializer_list<std::pair<const char*, AxisFunction>> functions) {
  for (const auto& [name, function] : functions) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), {.axis = call.axes("axis"),
                                                .keepdims = call.boolean("keepdims", false)}));
        },
        [name](const CppCall& call) {
          return array_text(function_call(
              name, {call.array("x"), designated({{"axis", call.axes("axis")},
                                                  {"keepdims", call.boolean("keepdims")}})}));
        });
  }
}

const OperationTable& strict_table() {
  static const OperationTable table = [] {
    OperationTable table;
    add_elementwise(table);
    add_operators(table);
    add_creation(table);
    add_statistical(table);
    add_joining(table);
    add_inspection(table);
    add_array_members(table);
    add_harness(table);
    add_manipulation(table);
    add_searching_sorting(table);
    add_indexing_member(table);
    add_linalg(table);
    add_fft(table);
    return table;
  }();
  return table;
}

const std::vector<std::string>& strict_operations() {
  static const std::vector<std::string> operations = strict_table().mapped_operations();
  return operations;
}

}  // namespace conformance::strict_internal
