// matmul, tensordot, vecdot and the linalg extension over ATen's at::linalg_* functions. String
// keywords (qr's mode=, matrix_norm's ord='fro') have no program value kind, so only their
// defaults and numeric ord values are reachable. Each call with its C++ text.
#include <fmt/format.h>

#include <numeric>

#include "torch_operations.hpp"

namespace conformance::torch_internal {
namespace {

// axes= as an int N, as torch.tensordot reads it: the last N axes of x1 against the first N of
// x2. axes= as a pair of sequences has no program value kind (IntTuple holds ints only).
at::Tensor tensordot(const Call& call) {
  const std::int64_t n = call.integer("axes", 2);
  // torch.tensordot (Python, torch/functional.py) raises RuntimeError here, before ATen.
  TORCH_CHECK(n >= 0, "tensordot expects dims >= 0, but got dims=", n);
  std::vector<std::int64_t> first(static_cast<std::size_t>(n));
  std::vector<std::int64_t> second(static_cast<std::size_t>(n));
  std::iota(first.begin(), first.end(), -n);
  std::iota(second.begin(), second.end(), 0);
  return at::tensordot(call.tensor("x1"), call.tensor("x2"), first, second);
}

// torch 1.13 has no main-namespace vecdot (torch.vdot is 1-d only): at::linalg_vecdot is the
// same operation. It takes floating and complex tensors only, and 1-d inputs go through
// aten::vdot, which has no meta kernel.
at::Tensor vecdot(const Call& call) {
  return at::linalg_vecdot(call.tensor("x1"), call.tensor("x2"), call.integer("axis", -1));
}

// rtol= of matrix_rank and pinv: a Python float picks the double overload (as torch's Python
// binding does), an array the Tensor one; atol= is not in the standard.
template <class TensorOverload, class DoubleOverload>
at::Tensor with_rtol(const Call& call, TensorOverload tensor_overload,
                     DoubleOverload double_overload) {
  const at::Tensor& x = call.tensor("x");
  if (call.is_scalar("rtol")) {
    return double_overload(x, c10::optional<double>(),
                           c10::optional<double>(call.number("rtol", 0.0)));
  }
  return tensor_overload(x, c10::optional<at::Tensor>(),
                         c10_optional(call.optional_operand("rtol")));
}

// matmul and linalg.matmul: at::linalg_matmul is an alias of at::matmul.
CppExpression matmul_text(const CppCall& call) {
  return tensor_text(fmt::format("at::matmul({}, {})", call.tensor("x1"), call.tensor("x2")));
}

void add_main_namespace(OperationTable& table) {
  table.add(
      "matmul",
      [](const Call& call) { return one(at::matmul(call.tensor("x1"), call.tensor("x2"))); },
      matmul_text);
  table.add(
      "tensordot", [](const Call& call) { return one(tensordot(call)); },
      adapter_support::not_spelled);
  table.add(
      "vecdot", [](const Call& call) { return one(vecdot(call)); }, adapter_support::not_spelled);
}

void add_decompositions(OperationTable& table) {
  table.add(
      "linalg.cholesky",
      [](const Call& call) {
        return one(at::linalg_cholesky(call.tensor("x"), call.boolean("upper", false)));
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.eigh",
      [](const Call& call) {
        auto [eigenvalues, eigenvectors] = at::linalg_eigh(call.tensor("x"));
        return many({eigenvalues, eigenvectors});
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.eig",
      [](const Call& call) {
        auto [eigenvalues, eigenvectors] = at::linalg_eig(call.tensor("x"));
        return many({eigenvalues, eigenvectors});
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.eigvals", [](const Call& call) { return one(at::linalg_eigvals(call.tensor("x"))); },
      adapter_support::not_spelled);
  table.add(
      "linalg.eigvalsh",
      [](const Call& call) { return one(at::linalg_eigvalsh(call.tensor("x"))); },
      adapter_support::not_spelled);
  table.add(
      "linalg.qr",
      [](const Call& call) {
        if (call.given("mode")) throw Unsupported("mode= is a string, which programs cannot carry");
        auto [q, r] = at::linalg_qr(call.tensor("x"));
        return many({q, r});
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.slogdet",
      [](const Call& call) {
        auto [sign, logabsdet] = at::linalg_slogdet(call.tensor("x"));
        return many({sign, logabsdet});
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.svd",
      [](const Call& call) {
        auto [u, s, vh] = at::linalg_svd(call.tensor("x"), call.boolean("full_matrices", true));
        return many({u, s, vh});
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.svdvals", [](const Call& call) { return one(at::linalg_svdvals(call.tensor("x"))); },
      adapter_support::not_spelled);
}

void add_matrix_functions(OperationTable& table) {
  table.add(
      "linalg.det", [](const Call& call) { return one(at::linalg_det(call.tensor("x"))); },
      adapter_support::not_spelled);
  table.add(
      "linalg.inv", [](const Call& call) { return one(at::linalg_inv(call.tensor("x"))); },
      adapter_support::not_spelled);
  table.add(
      "linalg.matrix_power",
      [](const Call& call) {
        const auto n = call.optional_integer("n");
        if (!n) throw Unsupported("linalg.matrix_power needs n");
        return one(at::linalg_matrix_power(call.tensor("x"), *n));
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.matrix_rank",
      [](const Call& call) {
        return one(with_rtol(
            call,
            [](const at::Tensor& x, const c10::optional<at::Tensor>& atol,
               const c10::optional<at::Tensor>& rtol) {
              return at::linalg_matrix_rank(x, atol, rtol);
            },
            [](const at::Tensor& x, c10::optional<double> atol, c10::optional<double> rtol) {
              return at::linalg_matrix_rank(x, atol, rtol);
            }));
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.pinv",
      [](const Call& call) {
        return one(with_rtol(
            call,
            [](const at::Tensor& x, const c10::optional<at::Tensor>& atol,
               const c10::optional<at::Tensor>& rtol) { return at::linalg_pinv(x, atol, rtol); },
            [](const at::Tensor& x, c10::optional<double> atol, c10::optional<double> rtol) {
              return at::linalg_pinv(x, atol, rtol);
            }));
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.solve",
      [](const Call& call) { return one(at::linalg_solve(call.tensor("x1"), call.tensor("x2"))); },
      adapter_support::not_spelled);
  table.add(
      "linalg.matrix_norm",
      [](const Call& call) {
        const bool keepdims = call.boolean("keepdims", false);
        // Left out, ord is 'fro' (a string, ATen's string overload); given, a number.
        if (const auto ord = call.optional_scalar("ord"))
          return one(at::linalg_matrix_norm(call.tensor("x"), *ord, {-2, -1}, keepdims));
        return one(at::linalg_matrix_norm(call.tensor("x"), "fro", {-2, -1}, keepdims));
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.vector_norm",
      [](const Call& call) {
        const auto axes = call.axes("axis");
        return one(at::linalg_vector_norm(
            call.tensor("x"), call.optional_scalar("ord").value_or(at::Scalar(2)),
            axes ? at::OptionalIntArrayRef(*axes) : at::OptionalIntArrayRef(),
            call.boolean("keepdims", false)));
      },
      adapter_support::not_spelled);
}

void add_products_and_views(OperationTable& table) {
  table.add(
      "linalg.cross",
      [](const Call& call) {
        return one(
            at::linalg_cross(call.tensor("x1"), call.tensor("x2"), call.integer("axis", -1)));
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.diagonal",
      [](const Call& call) {
        return one(at::linalg_diagonal(call.tensor("x"), call.integer("offset", 0)));
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.matmul",
      [](const Call& call) { return one(at::linalg_matmul(call.tensor("x1"), call.tensor("x2"))); },
      matmul_text);
  table.add(
      "linalg.matrix_transpose", [](const Call& call) { return one(call.tensor("x").mT()); },
      adapter_support::not_spelled);
  // torch.linalg has no outer in 1.13: torch.outer is the same operation.
  table.add(
      "linalg.outer",
      [](const Call& call) { return one(at::outer(call.tensor("x1"), call.tensor("x2"))); },
      adapter_support::not_spelled);
  table.add(
      "linalg.tensordot", [](const Call& call) { return one(tensordot(call)); },
      adapter_support::not_spelled);
  // at::trace takes one 2-d matrix only (no offset, no batch, no dtype): the nearest is the sum of
  // the last two axes' diagonal, as array-api-compat spells linalg.trace for torch.
  table.add(
      "linalg.trace",
      [](const Call& call) {
        const at::Tensor diagonal =
            at::diagonal(call.tensor("x"), call.integer("offset", 0), -2, -1);
        return one(at::sum(diagonal, {-1}, /*keepdim=*/false, c10_optional(call.dtype())));
      },
      adapter_support::not_spelled);
  table.add(
      "linalg.vecdot", [](const Call& call) { return one(vecdot(call)); },
      adapter_support::not_spelled);
}

}  // namespace

void add_linalg_operations(OperationTable& table) {
  add_main_namespace(table);
  add_decompositions(table);
  add_matrix_functions(table);
  add_products_and_views(table);
}

}  // namespace conformance::torch_internal
