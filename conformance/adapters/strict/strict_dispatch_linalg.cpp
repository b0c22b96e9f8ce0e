// Handlers for the linalg extension (issue #4): every linalg.* operation of 2024.12, calling
// strict::linalg. String keywords (qr's mode=, matrix_norm's ord='fro') have no program value
// kind, so only their defaults and numeric ord values are reachable.
#include <strict/linalg.hpp>

#include "strict_handler_table.hpp"

namespace conformance::strict_internal {

namespace {

namespace linalg = strict::linalg;

// ord= of matrix_norm: left out means 'fro'; otherwise a number (1, -1, 2, -2, inf, -inf).
linalg::MatrixNormOrder matrix_norm_order(const Call& call) {
  if (!call.given("ord")) return linalg::MatrixNormOrder("fro");
  return linalg::MatrixNormOrder(call.number("ord", 0.0));
}

}  // namespace

void add_linalg_handlers(HandlerTable& table) {
  table["linalg.cholesky"] = [](const Call& call) {
    return one(linalg::cholesky(call.array("x"), {.upper = call.boolean("upper", false)}));
  };
  table["linalg.cross"] = [](const Call& call) {
    return one(
        linalg::cross(call.array("x1"), call.array("x2"), {.axis = call.integer("axis", -1)}));
  };
  table["linalg.det"] = [](const Call& call) { return one(linalg::det(call.array("x"))); };
  table["linalg.diagonal"] = [](const Call& call) {
    return one(linalg::diagonal(call.array("x"), {.offset = call.integer("offset", 0)}));
  };
  table["linalg.eig"] = [](const Call& call) {
    return many(linalg::eig(call.array("x")).arrays());
  };
  table["linalg.eigvals"] = [](const Call& call) { return one(linalg::eigvals(call.array("x"))); };
  table["linalg.eigh"] = [](const Call& call) {
    return many(linalg::eigh(call.array("x")).arrays());
  };
  table["linalg.eigvalsh"] = [](const Call& call) {
    return one(linalg::eigvalsh(call.array("x")));
  };
  table["linalg.inv"] = [](const Call& call) { return one(linalg::inv(call.array("x"))); };
  table["linalg.matmul"] = [](const Call& call) {
    return one(linalg::matmul(call.array("x1"), call.array("x2")));
  };
  table["linalg.matrix_norm"] = [](const Call& call) {
    return one(linalg::matrix_norm(call.array("x"), {.keepdims = call.boolean("keepdims", false),
                                                     .ord = matrix_norm_order(call)}));
  };
  table["linalg.matrix_power"] = [](const Call& call) {
    const auto n = call.optional_integer("n");
    if (!n) throw Unsupported("linalg.matrix_power needs n");
    return one(linalg::matrix_power(call.array("x"), *n));
  };
  table["linalg.matrix_rank"] = [](const Call& call) {
    return one(linalg::matrix_rank(call.array("x"), {.rtol = call.optional_operand("rtol")}));
  };
  table["linalg.matrix_transpose"] = [](const Call& call) {
    return one(linalg::matrix_transpose(call.array("x")));
  };
  table["linalg.outer"] = [](const Call& call) {
    return one(linalg::outer(call.array("x1"), call.array("x2")));
  };
  table["linalg.pinv"] = [](const Call& call) {
    return one(linalg::pinv(call.array("x"), {.rtol = call.optional_operand("rtol")}));
  };
  table["linalg.qr"] = [](const Call& call) {
    if (call.given("mode")) throw Unsupported("mode= is a string, which programs cannot carry");
    return many(linalg::qr(call.array("x")).arrays());
  };
  table["linalg.slogdet"] = [](const Call& call) {
    return many(linalg::slogdet(call.array("x")).arrays());
  };
  table["linalg.solve"] = [](const Call& call) {
    return one(linalg::solve(call.array("x1"), call.array("x2")));
  };
  table["linalg.svd"] = [](const Call& call) {
    return many(linalg::svd(call.array("x"), {.full_matrices = call.boolean("full_matrices", true)})
                    .arrays());
  };
  table["linalg.svdvals"] = [](const Call& call) { return one(linalg::svdvals(call.array("x"))); };
  table["linalg.tensordot"] = [](const Call& call) {
    // axes= as a pair of sequences has no program value kind: an int only.
    return one(
        linalg::tensordot(call.array("x1"), call.array("x2"), {.axes = call.integer("axes", 2)}));
  };
  table["linalg.trace"] = [](const Call& call) {
    return one(linalg::trace(call.array("x"),
                             {.offset = call.integer("offset", 0), .dtype = call.dtype()}));
  };
  table["linalg.vecdot"] = [](const Call& call) {
    return one(
        linalg::vecdot(call.array("x1"), call.array("x2"), {.axis = call.integer("axis", -1)}));
  };
  table["linalg.vector_norm"] = [](const Call& call) {
    return one(linalg::vector_norm(call.array("x"), {.axis = call.axes("axis"),
                                                     .keepdims = call.boolean("keepdims", false),
                                                     .ord = call.number("ord", 2.0)}));
  };
}

}  // namespace conformance::strict_internal
