// The linalg extension: every linalg.* operation of 2024.12, each strict::linalg call
// and its C++ text. String keywords (qr's mode=, matrix_norm's ord='fro') have no program value
// kind, so only their defaults and numeric ord values are reachable.
#include <strict/linalg.hpp>

#include <fmt/format.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "strict_operation_table.hpp"

namespace conformance::strict_internal {

namespace {

namespace linalg = strict::linalg;

// ord= of matrix_norm: left out means 'fro'; otherwise a number (1, -1, 2, -2, inf, -inf).
linalg::MatrixNormOrder matrix_norm_order(const Call& call) {
  if (!call.given("ord")) return linalg::MatrixNormOrder("fro");
  return linalg::MatrixNormOrder(call.number("ord", 0.0));
}

// "strict::linalg::name(arguments)".
std::string linalg_call(std::string_view name, std::initializer_list<std::string> arguments) {
  return function_call(fmt::format("linalg::{}", name), arguments);
}

void add_without_keywords(OperationTable& table) {
  // One array in, one array out, no keywords.
  using Unary = strict::Array (*)(const strict::Array&);
  const std::pair<const char*, Unary> unary[] = {{"det", &linalg::det},
                                                 {"eigvals", &linalg::eigvals},
                                                 {"eigvalsh", &linalg::eigvalsh},
                                                 {"inv", &linalg::inv},
                                                 {"matrix_transpose", &linalg::matrix_transpose},
                                                 {"svdvals", &linalg::svdvals}};
  for (const auto& [name, function] : unary) {
    table.add(
        fmt::format("linalg.{}", name),
        [function](const Call& call) { return one(function(call.array("x"))); },
        [name](const CppCall& call) { return array_text(linalg_call(name, {call.array("x")})); });
  }
  // Two arrays in, no keywords.
  using Binary = strict::Array (*)(const strict::Array&, const strict::Array&);
  const std::pair<const char*, Binary> binary[] = {
      {"matmul", &linalg::matmul}, {"outer", &linalg::outer}, {"solve", &linalg::solve}};
  for (const auto& [name, function] : binary) {
    table.add(
        fmt::format("linalg.{}", name),
        [function](const Call& call) { return one(function(call.array("x1"), call.array("x2"))); },
        [name](const CppCall& call) {
          return array_text(linalg_call(name, {call.array("x1"), call.array("x2")}));
        });
  }
}

// Several results: the result struct's arrays(), as the run reports them.
void add_decompositions(OperationTable& table) {
  table.add(
      "linalg.eig", [](const Call& call) { return many(linalg::eig(call.array("x")).arrays()); },
      [](const CppCall& call) {
        return arrays_text(linalg_call("eig", {call.array("x")}) + ".arrays()");
      });
  table.add(
      "linalg.eigh", [](const Call& call) { return many(linalg::eigh(call.array("x")).arrays()); },
      [](const CppCall& call) {
        return arrays_text(linalg_call("eigh", {call.array("x")}) + ".arrays()");
      });
  table.add(
      "linalg.slogdet",
      [](const Call& call) { return many(linalg::slogdet(call.array("x")).arrays()); },
      [](const CppCall& call) {
        return arrays_text(linalg_call("slogdet", {call.array("x")}) + ".arrays()");
      });
  table.add(
      "linalg.qr",
      [](const Call& call) {
        if (call.given("mode")) throw Unsupported("mode= is a string, which programs cannot carry");
        return many(linalg::qr(call.array("x")).arrays());
      },
      [](const CppCall& call) {
        if (call.given("mode")) throw Unsupported("mode= is a string, which programs cannot carry");
        return arrays_text(linalg_call("qr", {call.array("x")}) + ".arrays()");
      });
  table.add(
      "linalg.svd",
      [](const Call& call) {
        return many(
            linalg::svd(call.array("x"), {.full_matrices = call.boolean("full_matrices", true)})
                .arrays());
      },
      [](const CppCall& call) {
        return arrays_text(
            linalg_call("svd", {call.array("x"),
                                designated({{"full_matrices", call.boolean("full_matrices")}})}) +
            ".arrays()");
      });
}

void add_with_keywords(OperationTable& table) {
  table.add(
      "linalg.cholesky",
      [](const Call& call) {
        return one(linalg::cholesky(call.array("x"), {.upper = call.boolean("upper", false)}));
      },
      [](const CppCall& call) {
        return array_text(linalg_call(
            "cholesky", {call.array("x"), designated({{"upper", call.boolean("upper")}})}));
      });
  table.add(
      "linalg.cross",
      [](const Call& call) {
        return one(
            linalg::cross(call.array("x1"), call.array("x2"), {.axis = call.integer("axis", -1)}));
      },
      [](const CppCall& call) {
        return array_text(linalg_call("cross", {call.array("x1"), call.array("x2"),
                                                designated({{"axis", call.integer("axis")}})}));
      });
  table.add(
      "linalg.vecdot",
      [](const Call& call) {
        return one(
            linalg::vecdot(call.array("x1"), call.array("x2"), {.axis = call.integer("axis", -1)}));
      },
      [](const CppCall& call) {
        return array_text(linalg_call("vecdot", {call.array("x1"), call.array("x2"),
                                                 designated({{"axis", call.integer("axis")}})}));
      });
  table.add(
      "linalg.diagonal",
      [](const Call& call) {
        return one(linalg::diagonal(call.array("x"), {.offset = call.integer("offset", 0)}));
      },
      [](const CppCall& call) {
        return array_text(linalg_call(
            "diagonal", {call.array("x"), designated({{"offset", call.integer("offset")}})}));
      });
  table.add(
      "linalg.matrix_norm",
      [](const Call& call) {
        return one(linalg::matrix_norm(
            call.array("x"),
            {.keepdims = call.boolean("keepdims", false), .ord = matrix_norm_order(call)}));
      },
      [](const CppCall& call) {
        return array_text(linalg_call(
            "matrix_norm", {call.array("x"), designated({{"keepdims", call.boolean("keepdims")},
                                                         {"ord", call.number("ord")}})}));
      });
  table.add(
      "linalg.matrix_power",
      [](const Call& call) {
        const auto n = call.optional_integer("n");
        if (!n) throw Unsupported("linalg.matrix_power needs n");
        return one(linalg::matrix_power(call.array("x"), *n));
      },
      [](const CppCall& call) {
        const auto n = call.integer("n");
        if (!n) throw Unsupported("linalg.matrix_power needs n");
        return array_text(linalg_call("matrix_power", {call.array("x"), *n}));
      });
  using Tolerance = strict::Array (*)(const strict::Array&, const linalg::ToleranceOptions&);
  const std::pair<const char*, Tolerance> tolerances[] = {{"matrix_rank", &linalg::matrix_rank},
                                                          {"pinv", &linalg::pinv}};
  for (const auto& [name, function] : tolerances) {
    table.add(
        fmt::format("linalg.{}", name),
        [function](const Call& call) {
          return one(function(call.array("x"), {.rtol = call.optional_operand("rtol")}));
        },
        [name](const CppCall& call) {
          return array_text(linalg_call(
              name, {call.array("x"), designated({{"rtol", call.optional_operand("rtol")}})}));
        });
  }
  table.add(
      "linalg.tensordot",
      [](const Call& call) {
        // axes= as a pair of sequences has no program value kind: an int only.
        return one(linalg::tensordot(call.array("x1"), call.array("x2"),
                                     {.axes = call.integer("axes", 2)}));
      },
      [](const CppCall& call) {
        return array_text(linalg_call("tensordot", {call.array("x1"), call.array("x2"),
                                                    designated({{"axes", call.integer("axes")}})}));
      });
  table.add(
      "linalg.trace",
      [](const Call& call) {
        return one(linalg::trace(call.array("x"),
                                 {.offset = call.integer("offset", 0), .dtype = call.dtype()}));
      },
      [](const CppCall& call) {
        return array_text(linalg_call(
            "trace", {call.array("x"),
                      designated({{"offset", call.integer("offset")}, {"dtype", call.dtype()}})}));
      });
  table.add(
      "linalg.vector_norm",
      [](const Call& call) {
        return one(
            linalg::vector_norm(call.array("x"), {.axis = call.axes("axis"),
                                                  .keepdims = call.boolean("keepdims", false),
                                                  .ord = call.number("ord", 2.0)}));
      },
      [](const CppCall& call) {
        return array_text(linalg_call(
            "vector_norm", {call.array("x"), designated({{"axis", call.axes("axis")},
                                                         {"keepdims", call.boolean("keepdims")},
                                                         {"ord", call.number("ord")}})}));
      });
}

}  // namespace

void add_linalg(OperationTable& table) {
  add_without_keywords(table);
  add_decompositions(table);
  add_with_keywords(table);
}

}  // namespace conformance::strict_internal
