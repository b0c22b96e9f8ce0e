// The table of every mapped operation, assembled from the group files, and the step call.
#include "torch_dispatch.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "catalogue/catalogue.hpp"

namespace conformance::torch_internal {
namespace {

const HandlerTable& handlers() {
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

}  // namespace

const std::vector<std::string>& torch_operations() {
  static const std::vector<std::string> operations = [] {
    std::vector<std::string> names;
    for (const auto& [name, handler] : handlers())
      names.push_back(name);
    return adapter_support::operations_in_catalogue_order(names);
  }();
  return operations;
}

CallResult call_torch(const Step& step, Session& session) {
  const auto handler = handlers().find(step.op);
  if (handler == handlers().end())
    throw Unsupported(fmt::format("the torch adapter maps no {} to libtorch", step.op));
  const Arguments arguments = adapter_support::bind(step);
  return handler->second(Call(arguments, session));
}

}  // namespace conformance::torch_internal
