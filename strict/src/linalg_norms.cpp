// strict::linalg norms: matrix_norm and vector_norm.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "internal/axes.hpp"
#include "internal/convert.hpp"
#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/extremum.hpp"
#include "internal/linalg_kernels.hpp"
#include "internal/linalg_support.hpp"
#include "internal/pairwise_sum.hpp"
#include "internal/reduction_kernels.hpp"
#include "strict/errors.hpp"
#include "strict/interruption.hpp"
#include "strict/linalg.hpp"

namespace strict::linalg {
namespace {

using internal::linalg::magnitude;
using internal::linalg::MatrixStack;
using internal::linalg::read_as;
using internal::linalg::result_like;
using internal::linalg::write_into;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

enum class MatrixNorm {
  frobenius,
  nuclear,
  max_column,
  min_column,
  max_row,
  min_row,
  max_singular,
  min_singular
};

MatrixNorm parse_order(std::string_view function, const MatrixNormOrder& order) {
  if (order.is_name()) {
    if (order.name() == "fro") return MatrixNorm::frobenius;
    if (order.name() == "nuc") return MatrixNorm::nuclear;
  } else {
    const double p = order.number();
    // linalg.py, matrix_norm: 1 "max(sum(abs(x), axis=0))", 2 "largest singular value", inf
    // "max(sum(abs(x), axis=1))", and their negative counterparts with min.
    if (p == 1) return MatrixNorm::max_column;
    if (p == -1) return MatrixNorm::min_column;
    if (p == 2) return MatrixNorm::max_singular;
    if (p == -2) return MatrixNorm::min_singular;
    if (p == kInfinity) return MatrixNorm::max_row;
    if (p == -kInfinity) return MatrixNorm::min_row;
  }
  throw InvalidArgumentError(fmt::format(
      "{}(): ord={} is not a matrix norm order; use 'fro', 'nuc', 1, -1, 2, -2, inf or -inf",
      function,
      order.is_name() ? fmt::format("'{}'", order.name()) : fmt::format("{}", order.number())));
}

// The norm of one rows x columns matrix.
template <class C>
double matrix_norm_of(MatrixNorm norm, const C* a, std::int64_t rows, std::int64_t columns) {
  const auto sums = [&](bool of_columns) {
    std::vector<double> totals(static_cast<std::size_t>(of_columns ? columns : rows), 0.0);
    for (std::int64_t i = 0; i < rows; ++i)
      for (std::int64_t j = 0; j < columns; ++j)
        totals[static_cast<std::size_t>(of_columns ? j : i)] += magnitude(a[i * columns + j]);
    return totals;
  };
  // Only the values: no singular vectors are computed.
  const auto singular_values = [&] { return internal::linalg::singular_values(a, rows, columns); };
  switch (norm) {
    case MatrixNorm::frobenius: {
      double total = 0;
      for (std::int64_t i = 0; i < rows * columns; ++i)
        total += magnitude(a[i]) * magnitude(a[i]);
      return std::sqrt(total);
    }
    case MatrixNorm::nuclear: {
      const std::vector<double> s = singular_values();
      double total = 0;
      for (double sigma : s)
        total += sigma;
      return total;
    }
    case MatrixNorm::max_column: {
      const std::vector<double> totals = sums(true);
      return *std::max_element(totals.begin(), totals.end());
    }
    case MatrixNorm::min_column: {
      const std::vector<double> totals = sums(true);
      return *std::min_element(totals.begin(), totals.end());
    }
    case MatrixNorm::max_row: {
      const std::vector<double> totals = sums(false);
      return *std::max_element(totals.begin(), totals.end());
    }
    case MatrixNorm::min_row: {
      const std::vector<double> totals = sums(false);
      return *std::min_element(totals.begin(), totals.end());
    }
    case MatrixNorm::max_singular:
      return singular_values().front();  // descending
    case MatrixNorm::min_singular:
      return singular_values().back();
  }
  return 0;
}

// norms[o] = finish(the sum of term(x_i) over output o's elements), added pairwise as NumPy's
// add.reduce (and sum() here) adds.
template <class In, class Term, class Finish>
void sum_norms(const In* data, const internal::ReductionPlan& plan, const Term& term,
               const Finish& finish, double* norms) {
  internal::PairwiseLanes<double> columns(plan.extent, plan.inner);
  internal::for_each_reduction(
      data, plan, internal::kPairwiseLanes,
      [&](const In* line, std::int64_t o) {
        norms[o] = finish(internal::pairwise_sum<double>(line, plan.extent, term));
      },
      [&](const In* rows, std::int64_t o, std::int64_t lanes) {
        columns.sum(
            rows, plan.extent, plan.inner, lanes,
            [&](In value, std::int64_t) { return term(value); }, norms + o);
        for (std::int64_t l = 0; l < lanes; ++l)
          norms[o + l] = finish(norms[o + l]);
      });
}

// norms[o] = the maximum (minimum) of size(x_i) over output o's elements, as a scan in order
// finds it: a NaN propagates, as in max() and min().
template <internal::Extremum e, class In, class Size>
void extreme_norms(const In* data, const internal::ReductionPlan& plan, const Size& size,
                   double* norms) {
  internal::for_each_reduction(
      data, plan, internal::kLaneBlock,
      [&](const In* line, std::int64_t o) {
        double sizes[internal::kReductionChunk];
        double best = 0;
        for (std::int64_t start = 0; start < plan.extent; start += internal::kReductionChunk) {
          const std::int64_t length = std::min(internal::kReductionChunk, plan.extent - start);
          for (std::int64_t i = 0; i < length; ++i)
            sizes[i] = size(line[start + i]);
          const double value = internal::extreme_line<e>(sizes, length);
          if (start == 0 || internal::replaces<e>(value, best)) best = value;
        }
        norms[o] = best;
      },
      [&](const In* rows, std::int64_t o, std::int64_t lanes) {
        double* best = norms + o;
        for (std::int64_t l = 0; l < lanes; ++l)
          best[l] = size(rows[l]);
        for (std::int64_t r = 1; r < plan.extent; ++r) {
          interruption_point(lanes);
          const In* row = rows + r * plan.inner;
          for (std::int64_t l = 0; l < lanes; ++l) {
            const double value = size(row[l]);
            best[l] = internal::replaces<e>(value, best[l]) ? value : best[l];
          }
        }
      });
}

}  // namespace

Array matrix_norm(const Array& x, const MatrixNormOptions& options) {
  constexpr std::string_view name = "linalg.matrix_norm";
  internal::linalg::require_floating(name, "x", x);
  const MatrixStack stack = internal::linalg::matrix_stack(name, "x", x, false);
  const MatrixNorm norm = parse_order(name, options.ord);
  // A maximum or minimum over nothing has no value.
  const bool empty_columns =
      stack.columns == 0 && (norm == MatrixNorm::max_column || norm == MatrixNorm::min_column);
  const bool empty_rows =
      stack.rows == 0 && (norm == MatrixNorm::max_row || norm == MatrixNorm::min_row);
  const bool no_singular_values =
      std::min(stack.rows, stack.columns) == 0 &&
      (norm == MatrixNorm::max_singular || norm == MatrixNorm::min_singular);
  if (empty_columns || empty_rows || no_singular_values) {
    throw InvalidArgumentError(
        fmt::format("{}(): x of shape ({}) holds empty matrices, which have no norm of this order "
                    "(a maximum or minimum over nothing)",
                    name, fmt::join(x.shape(), ", ")));
  }
  // linalg.py, matrix_norm: keepdims keeps "the last two axes (dimensions) ... as singleton
  // dimensions"; the dtype is real floating with x's precision.
  const Shape shape = options.keepdims ? internal::linalg::stacked(stack.batch, 1, 1) : stack.batch;
  Array out = result_like(name, x, shape, real_dtype_of(x.dtype()));
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::vector<C> a = read_as<C>(x);
    std::vector<double> norms(static_cast<std::size_t>(stack.count()));
    for (std::int64_t b = 0; b < stack.count(); ++b) {
      norms[static_cast<std::size_t>(b)] =
          matrix_norm_of(norm, a.data() + b * stack.matrix_size(), stack.rows, stack.columns);
    }
    write_into(out, norms);
  });
  return out;
}

Array vector_norm(const Array& x, const VectorNormOptions& options) {
  constexpr std::string_view name = "linalg.vector_norm";
  internal::linalg::require_floating(name, "x", x);
  const std::vector<std::int64_t> axes = internal::normalize_axes(name, options.axis, x.ndim());
  const internal::ReductionPlan plan = internal::plan_reduction(x.shape(), axes, options.keepdims);
  const double p = options.ord;
  // A maximum (minimum) of no elements has no value, as max() and min() raise; an empty result
  // (no line at all, as for x of shape (0, 0, 0) over axis 0) asks for none.
  if (std::isinf(p) && plan.reduced_count() == 0 && plan.output_count() > 0) {
    throw InvalidArgumentError(
        fmt::format("{}(): ord={}inf takes a {} of |x| over no elements (x of shape ({}))", name,
                    p > 0 ? "" : "-", p > 0 ? "maximum" : "minimum", fmt::join(x.shape(), ", ")));
  }
  Array out = result_like(name, x, plan.result_shape, real_dtype_of(x.dtype()));
  std::vector<double> norms(static_cast<std::size_t>(plan.output_count()));
  internal::linalg::visit_compute_type(x.dtype(), [&](auto compute_tag) {
    using C = typename decltype(compute_tag)::type;
    internal::visit_dtype(x.dtype(), [&](auto tag) {
      using In = typename decltype(tag)::type;
      if constexpr (internal::category_allows_v<internal::Category::floating, In>) {
        const internal::ReductionInput<In> input(x, plan);
        // |x_i| in double, of x_i in the compute type (double, or complex<double>).
        const auto size = [](In value) { return magnitude(internal::convert_element<C>(value)); };
        if (std::isinf(p)) {
          // linalg.py, vector_norm: inf is the "infinity norm" max(abs(x)); -inf is min(abs(x)).
          internal::visit_extremum(p > 0 ? internal::Extremum::max : internal::Extremum::min,
                                   [&](auto extremum) {
                                     constexpr internal::Extremum e = decltype(extremum)::value;
                                     extreme_norms<e>(input.data(), plan, size, norms.data());
                                   });
        } else if (p == 2) {
          sum_norms(
              input.data(), plan,
              [&](In value) {
                const double m = size(value);
                return m * m;
              },
              [](double total) { return std::sqrt(total); }, norms.data());
        } else if (p == 1) {
          sum_norms(
              input.data(), plan, size, [](double total) { return total; }, norms.data());
        } else if (p == 0) {
          // "sum(a != 0)".
          sum_norms(
              input.data(), plan, [&](In value) { return size(value) != 0 ? 1.0 : 0.0; },
              [](double total) { return total; }, norms.data());
        } else {
          // "sum(abs(a)**ord)**(1./ord)", for positive and negative ord alike.
          sum_norms(
              input.data(), plan, [&](In value) { return std::pow(size(value), p); },
              [&](double total) { return std::pow(total, 1 / p); }, norms.data());
        }
      }
    });
  });
  write_into(out, norms);
  return out;
}

}  // namespace strict::linalg
