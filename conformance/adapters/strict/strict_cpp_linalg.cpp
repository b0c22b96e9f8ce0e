// Reproduction writers for the linalg extension (issue #4): the strict::linalg calls that
// strict_dispatch_linalg.cpp makes, as C++ text.
#include "strict_writer_table.hpp"

namespace conformance::strict_internal {

namespace {

// "strict::linalg::name(arguments)".
std::string linalg_call(std::string_view name, std::initializer_list<std::string> arguments) {
  return function_call(fmt::format("linalg::{}", name), arguments);
}

}  // namespace

void add_linalg_writers(WriterTable& table) {
  // One array in, one array out, no keywords.
  for (const char* name : {"det", "eigvals", "eigvalsh", "inv", "matrix_transpose", "svdvals"}) {
    table[fmt::format("linalg.{}", name)] = [name](const CppCall& call) {
      return array(linalg_call(name, {call.array("x")}));
    };
  }
  // Two arrays in, no keywords.
  for (const char* name : {"matmul", "outer", "solve"}) {
    table[fmt::format("linalg.{}", name)] = [name](const CppCall& call) {
      return array(linalg_call(name, {call.array("x1"), call.array("x2")}));
    };
  }
  // Several results: the result struct's arrays(), as the dispatch reports them.
  for (const char* name : {"eig", "eigh", "slogdet"}) {
    table[fmt::format("linalg.{}", name)] = [name](const CppCall& call) {
      return arrays(linalg_call(name, {call.array("x")}) + ".arrays()");
    };
  }
  table["linalg.qr"] = [](const CppCall& call) {
    if (call.given("mode")) throw Unsupported("mode= is a string, which programs cannot carry");
    return arrays(linalg_call("qr", {call.array("x")}) + ".arrays()");
  };
  table["linalg.svd"] = [](const CppCall& call) {
    return arrays(
        linalg_call("svd", {call.array("x"),
                            designated({{"full_matrices", call.boolean("full_matrices")}})}) +
        ".arrays()");
  };
  table["linalg.cholesky"] = [](const CppCall& call) {
    return array(
        linalg_call("cholesky", {call.array("x"), designated({{"upper", call.boolean("upper")}})}));
  };
  for (const char* name : {"cross", "vecdot"}) {
    table[fmt::format("linalg.{}", name)] = [name](const CppCall& call) {
      return array(linalg_call(name, {call.array("x1"), call.array("x2"),
                                      designated({{"axis", call.integer("axis")}})}));
    };
  }
  table["linalg.diagonal"] = [](const CppCall& call) {
    return array(linalg_call("diagonal",
                             {call.array("x"), designated({{"offset", call.integer("offset")}})}));
  };
  table["linalg.matrix_norm"] = [](const CppCall& call) {
    return array(linalg_call("matrix_norm",
                             {call.array("x"), designated({{"keepdims", call.boolean("keepdims")},
                                                           {"ord", call.number("ord")}})}));
  };
  table["linalg.matrix_power"] = [](const CppCall& call) {
    const auto n = call.integer("n");
    if (!n) throw Unsupported("linalg.matrix_power needs n");
    return array(linalg_call("matrix_power", {call.array("x"), *n}));
  };
  for (const char* name : {"matrix_rank", "pinv"}) {
    table[fmt::format("linalg.{}", name)] = [name](const CppCall& call) {
      return array(linalg_call(
          name, {call.array("x"), designated({{"rtol", call.optional_operand("rtol")}})}));
    };
  }
  table["linalg.tensordot"] = [](const CppCall& call) {
    return array(linalg_call("tensordot", {call.array("x1"), call.array("x2"),
                                           designated({{"axes", call.integer("axes")}})}));
  };
  table["linalg.trace"] = [](const CppCall& call) {
    return array(linalg_call(
        "trace", {call.array("x"),
                  designated({{"offset", call.integer("offset")}, {"dtype", call.dtype()}})}));
  };
  table["linalg.vector_norm"] = [](const CppCall& call) {
    return array(linalg_call("vector_norm",
                             {call.array("x"), designated({{"axis", call.axes("axis")},
                                                           {"keepdims", call.boolean("keepdims")},
                                                           {"ord", call.number("ord")}})}));
  };
}

}  // namespace conformance::strict_internal
