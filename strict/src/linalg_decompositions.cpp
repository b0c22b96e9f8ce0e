// strict::linalg decompositions: cholesky, eigh, eigvalsh, qr, svd, svdvals.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "internal/linalg_kernels.hpp"
#include "internal/linalg_support.hpp"
#include "strict/errors.hpp"
#include "strict/linalg.hpp"

namespace strict::linalg {
namespace {

using internal::linalg::conjugate;
using internal::linalg::MatrixStack;
using internal::linalg::read_as;
using internal::linalg::result_like;
using internal::linalg::stacked;
using internal::linalg::write_into;

}  // namespace

Array cholesky(const Array& x, const CholeskyOptions& options) {
  constexpr std::string_view name = "linalg.cholesky";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, true);
  Array out = result_like(name, x, x.shape(), x.dtype());
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::int64_t n = stack.rows;
    const std::vector<C> a = read_as<C>(x);
    std::vector<C> result(a.size());
    std::vector<C> lower;
    for (std::int64_t b = 0; b < stack.count(); ++b) {
      const std::int64_t base = b * n * n;
      if (!internal::linalg::cholesky_lower(a.data() + base, n, lower)) {
        throw LinAlgError(
            fmt::format("{}(): {} is not positive-definite (a non-positive pivot in the Cholesky "
                        "factorisation), so it has no Cholesky factor",
                        name, internal::linalg::matrix_name("x", stack.batch, b)));
      }
      for (std::int64_t i = 0; i < n; ++i) {
        for (std::int64_t j = 0; j < n; ++j) {
          // U = L^H for upper=true (x = U^H U).
          result[static_cast<std::size_t>(base + i * n + j)] =
              options.upper ? conjugate(lower[static_cast<std::size_t>(j * n + i)])
                            : lower[static_cast<std::size_t>(i * n + j)];
        }
      }
    }
    write_into(out, result);
  });
  return out;
}

namespace {

// eigh and eigvalsh: eigenvectors only when `vectors_out` is given.
void hermitian_eigen_stack(const MatrixStack& stack, const Array& x, const Array& values_out,
                           const Array* vectors_out) {
  const std::int64_t n = stack.rows;
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::vector<C> a = read_as<C>(x);
    std::vector<double> all_values(static_cast<std::size_t>(stack.count() * n));
    std::vector<C> all_vectors(vectors_out != nullptr ? a.size() : 0);
    std::vector<double> values;
    std::vector<C> vectors;
    for (std::int64_t b = 0; b < stack.count(); ++b) {
      internal::linalg::hermitian_eigen(a.data() + b * n * n, n, values,
                                        vectors_out != nullptr ? &vectors : nullptr);
      std::copy(values.begin(), values.end(), all_values.begin() + b * n);
      if (vectors_out != nullptr)
        std::copy(vectors.begin(), vectors.end(), all_vectors.begin() + b * n * n);
    }
    write_into(values_out, all_values);
    if (vectors_out != nullptr) write_into(*vectors_out, all_vectors);
  });
}

}  // namespace

EighResult eigh(const Array& x) {
  constexpr std::string_view name = "linalg.eigh";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, true);
  // linalg.py, eigh: eigenvalues "must have a real-valued floating-point data type whose
  // precision matches the precision of x"; eigenvectors "the same data type as x".
  EighResult result{.eigenvalues = result_like(name, x, stacked(stack.batch, stack.rows),
                                               real_dtype_of(x.dtype())),
                    .eigenvectors = result_like(name, x, x.shape(), x.dtype())};
  hermitian_eigen_stack(stack, x, result.eigenvalues, &result.eigenvectors);
  return result;
}

Array eigvalsh(const Array& x) {
  constexpr std::string_view name = "linalg.eigvalsh";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, true);
  Array values = result_like(name, x, stacked(stack.batch, stack.rows), real_dtype_of(x.dtype()));
  hermitian_eigen_stack(stack, x, values, nullptr);
  return values;
}

QrResult qr(const Array& x, const QrOptions& options) {
  constexpr std::string_view name = "linalg.qr";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, false);
  const std::int64_t m = stack.rows;
  const std::int64_t n = stack.columns;
  const std::int64_t k = std::min(m, n);
  const bool complete = options.mode == QrMode::complete;
  const std::int64_t q_columns = complete ? m : k;
  const std::int64_t r_rows = complete ? m : k;
  QrResult result{.Q = result_like(name, x, stacked(stack.batch, m, q_columns), x.dtype()),
                  .R = result_like(name, x, stacked(stack.batch, r_rows, n), x.dtype())};
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::vector<C> a = read_as<C>(x);
    std::vector<C> all_q(static_cast<std::size_t>(stack.count() * m * q_columns));
    std::vector<C> all_r(static_cast<std::size_t>(stack.count() * r_rows * n));
    std::vector<C> q;
    std::vector<C> r;
    for (std::int64_t b = 0; b < stack.count(); ++b) {
      internal::linalg::householder_qr(a.data() + b * m * n, m, n, complete, q, r);
      std::copy(q.begin(), q.end(), all_q.begin() + b * m * q_columns);
      std::copy(r.begin(), r.end(), all_r.begin() + b * r_rows * n);
    }
    write_into(result.Q, all_q);
    write_into(result.R, all_r);
  });
  return result;
}

SvdResult svd(const Array& x, const SvdOptions& options) {
  constexpr std::string_view name = "linalg.svd";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, false);
  const std::int64_t m = stack.rows;
  const std::int64_t n = stack.columns;
  const std::int64_t k = std::min(m, n);
  const std::int64_t u_columns = options.full_matrices ? m : k;
  const std::int64_t vh_rows = options.full_matrices ? n : k;
  // linalg.py, svd: U and Vh "Must have the same data type as x"; S "a real-valued
  // floating-point data type having the same precision as x".
  SvdResult result{.U = result_like(name, x, stacked(stack.batch, m, u_columns), x.dtype()),
                   .S = result_like(name, x, stacked(stack.batch, k), real_dtype_of(x.dtype())),
                   .Vh = result_like(name, x, stacked(stack.batch, vh_rows, n), x.dtype())};
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::vector<C> a = read_as<C>(x);
    std::vector<C> all_u(static_cast<std::size_t>(stack.count() * m * u_columns));
    std::vector<double> all_s(static_cast<std::size_t>(stack.count() * k));
    std::vector<C> all_vh(static_cast<std::size_t>(stack.count() * vh_rows * n));
    std::vector<double> s;
    std::vector<C> u;
    std::vector<C> vh;
    for (std::int64_t b = 0; b < stack.count(); ++b) {
      internal::linalg::singular_value_decomposition(a.data() + b * m * n, m, n,
                                                     options.full_matrices, s, u, vh);
      std::copy(u.begin(), u.end(), all_u.begin() + b * m * u_columns);
      std::copy(s.begin(), s.end(), all_s.begin() + b * k);
      std::copy(vh.begin(), vh.end(), all_vh.begin() + b * vh_rows * n);
    }
    write_into(result.U, all_u);
    write_into(result.S, all_s);
    write_into(result.Vh, all_vh);
  });
  return result;
}

Array svdvals(const Array& x) {
  constexpr std::string_view name = "linalg.svdvals";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, false);
  const std::int64_t k = std::min(stack.rows, stack.columns);
  Array out = result_like(name, x, stacked(stack.batch, k), real_dtype_of(x.dtype()));
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::vector<C> a = read_as<C>(x);
    std::vector<double> all_s(static_cast<std::size_t>(stack.count() * k));
    for (std::int64_t b = 0; b < stack.count(); ++b) {
      const std::vector<double> s = internal::linalg::singular_values(
          a.data() + b * stack.matrix_size(), stack.rows, stack.columns);
      std::copy(s.begin(), s.end(), all_s.begin() + b * k);
    }
    write_into(out, all_s);
  });
  return out;
}

}  // namespace strict::linalg
