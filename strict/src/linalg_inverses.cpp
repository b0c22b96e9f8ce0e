// strict::linalg determinants, inverses and linear systems: det, slogdet, inv, solve,
// matrix_power, matrix_rank, pinv.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/broadcast.hpp"
#include "internal/elementwise.hpp"
#include "internal/linalg_kernels.hpp"
#include "internal/linalg_support.hpp"
#include "internal/placement.hpp"
#include "strict/errors.hpp"
#include "strict/linalg.hpp"

namespace strict::linalg {
namespace {

using internal::linalg::conjugate;
using internal::linalg::LuFactors;
using internal::linalg::magnitude;
using internal::linalg::matrix_name;
using internal::linalg::MatrixStack;
using internal::linalg::read_as;
using internal::linalg::result_like;
using internal::linalg::stacked;
using internal::linalg::write_into;

[[noreturn]] void throw_singular(std::string_view function, const std::string& matrix,
                                 std::string_view consequence) {
  throw LinAlgError(fmt::format(
      "{}(): {} is singular (Gaussian elimination with partial pivoting found an exactly zero "
      "pivot), so {}",
      function, matrix, consequence));
}

template <class C>
std::vector<C> identity(std::int64_t n) {
  std::vector<C> out(static_cast<std::size_t>(n * n), C(0));
  for (std::int64_t i = 0; i < n; ++i)
    out[static_cast<std::size_t>(i * n + i)] = C(1);
  return out;
}

// The inverse of the n x n matrix `a`; LinAlgError naming `matrix` when it is singular.
template <class C>
std::vector<C> inverse(std::string_view function, const std::string& matrix, const C* a,
                       std::int64_t n) {
  const LuFactors<C> factors = internal::linalg::lu_factor(a, n);
  if (factors.singular) throw_singular(function, matrix, "it has no inverse");
  std::vector<C> result = identity<C>(n);
  internal::linalg::lu_solve(factors, n, result.data(), n);
  return result;
}

// rtol of matrix_rank and pinv, resolved: one value, or an array broadcast against the stack.
struct Tolerance {
  Shape batch;                 // the result's batch dimensions
  std::vector<double> values;  // one per position of `batch` (C order)
};

Tolerance resolve_tolerance(std::string_view function, const Array& x, const MatrixStack& stack,
                            const std::optional<ArrayOrScalar>& rtol) {
  Tolerance tolerance{.batch = stack.batch, .values = {}};
  const std::int64_t count = stack.count();
  if (!rtol) {
    // linalg.py: "If None, the default value is max(M, N) * eps, where eps must be the machine
    // epsilon associated with the real-valued floating-point data type" of x.
    const double eps = real_dtype_of(x.dtype()) == DType::float32
                           ? static_cast<double>(std::numeric_limits<float>::epsilon())
                           : std::numeric_limits<double>::epsilon();
    tolerance.values.assign(static_cast<std::size_t>(count),
                            static_cast<double>(std::max(stack.rows, stack.columns)) * eps);
    return tolerance;
  }
  if (!rtol->is_array()) {
    const Scalar& value = rtol->scalar();
    if (value.is_bool() || value.is_complex()) {
      throw DTypeError(
          fmt::format("{}(): rtol must be a real number or an array of a real "
                      "floating-point dtype",
                      function));
    }
    tolerance.values.assign(static_cast<std::size_t>(count), value.as<double>());
    return tolerance;
  }
  // "If an array, must have a real-valued floating-point data type and must be compatible with
  // shape(x)[:-2]".
  const Array& array = rtol->array();
  internal::require_category(function, "rtol", array.dtype(), internal::Category::real_floating);
  try {
    tolerance.batch = internal::broadcast_shapes(function, stack.batch, array.shape());
  } catch (const InvalidArgumentError&) {
    throw InvalidArgumentError(fmt::format(
        "{}(): rtol of shape ({}) cannot be broadcast against the stack dimensions ({}) of x",
        function, fmt::join(array.shape(), ", "), fmt::join(stack.batch, ", ")));
  }
  const std::vector<double> rtol_values = read_as<double>(array);
  const Shape strides = internal::broadcast_strides(array.shape(), tolerance.batch);
  tolerance.values.resize(static_cast<std::size_t>(element_count(tolerance.batch)));
  internal::for_each_broadcast<1>(tolerance.batch, std::array<Shape, 1>{strides},
                                  [&](std::int64_t i, const std::array<std::int64_t, 1>& offset) {
                                    tolerance.values[static_cast<std::size_t>(i)] =
                                        rtol_values[static_cast<std::size_t>(offset[0])];
                                  });
  return tolerance;
}

// The matrix of x that position `i` of a broadcast batch reads.
std::vector<std::int64_t> source_matrices(const MatrixStack& stack, const Shape& batch) {
  std::vector<std::int64_t> sources(static_cast<std::size_t>(element_count(batch)));
  internal::for_each_broadcast<1>(
      batch, std::array<Shape, 1>{internal::broadcast_strides(stack.batch, batch)},
      [&](std::int64_t i, const std::array<std::int64_t, 1>& offset) {
        sources[static_cast<std::size_t>(i)] = offset[0];
      });
  return sources;
}

// Checks rtol's device (with x's) before anything else.
void require_one_device(std::string_view function, const Array& x,
                        const std::optional<ArrayOrScalar>& rtol) {
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices"; an array rtol is an array input.
  if (rtol && rtol->is_array())
    internal::common_device(function, {{"x", &x}, {"rtol", &rtol->array()}});
}

}  // namespace

Array det(const Array& x) {
  constexpr std::string_view name = "linalg.det";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, true);
  Array out = result_like(name, x, stack.batch, x.dtype());
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::int64_t n = stack.rows;
    const std::vector<C> a = read_as<C>(x);
    std::vector<C> determinants(static_cast<std::size_t>(stack.count()));
    for (std::int64_t b = 0; b < stack.count(); ++b) {
      const LuFactors<C> f = internal::linalg::lu_factor(a.data() + b * n * n, n);
      // det(A) = det(P) * prod(diag(U)); a singular matrix has a zero on U's diagonal.
      C product(f.odd_swaps ? -1 : 1);
      for (std::int64_t i = 0; i < n; ++i)
        product *= f.lu[static_cast<std::size_t>(i * n + i)];
      determinants[static_cast<std::size_t>(b)] = product;
    }
    write_into(out, determinants);
  });
  return out;
}

SlogdetResult slogdet(const Array& x) {
  constexpr std::string_view name = "linalg.slogdet";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, true);
  // linalg.py, slogdet: sign "Must have the same data type as x"; logabsdet "a real-valued
  // floating-point data type" of x's precision.
  SlogdetResult result{.sign = result_like(name, x, stack.batch, x.dtype()),
                       .logabsdet = result_like(name, x, stack.batch, real_dtype_of(x.dtype()))};
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::int64_t n = stack.rows;
    const std::vector<C> a = read_as<C>(x);
    std::vector<C> signs(static_cast<std::size_t>(stack.count()));
    std::vector<double> logs(static_cast<std::size_t>(stack.count()));
    for (std::int64_t b = 0; b < stack.count(); ++b) {
      const LuFactors<C> f = internal::linalg::lu_factor(a.data() + b * n * n, n);
      C sign(f.odd_swaps ? -1 : 1);
      double log_magnitude = 0;
      for (std::int64_t i = 0; i < n; ++i) {
        const C pivot = f.lu[static_cast<std::size_t>(i * n + i)];
        const double size = magnitude(pivot);
        if (size == 0) {
          // "If the determinant is zero, the sign should be 0 and logabsdet should be -infinity."
          sign = C(0);
          log_magnitude = -std::numeric_limits<double>::infinity();
          break;
        }
        sign *= pivot / size;
        log_magnitude += std::log(size);
      }
      signs[static_cast<std::size_t>(b)] = sign;
      logs[static_cast<std::size_t>(b)] = log_magnitude;
    }
    write_into(result.sign, signs);
    write_into(result.logabsdet, logs);
  });
  return result;
}

Array inv(const Array& x) {
  constexpr std::string_view name = "linalg.inv";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, true);
  Array out = result_like(name, x, x.shape(), x.dtype());
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::int64_t n = stack.rows;
    const std::vector<C> a = read_as<C>(x);
    std::vector<C> result(a.size());
    for (std::int64_t b = 0; b < stack.count(); ++b) {
      const std::vector<C> inverted =
          inverse(name, matrix_name("x", stack.batch, b), a.data() + b * n * n, n);
      std::copy(inverted.begin(), inverted.end(), result.begin() + b * n * n);
    }
    write_into(out, result);
  });
  return out;
}

Array solve(const Array& x1, const Array& x2) {
  constexpr std::string_view name = "linalg.solve";
  const Device device = internal::common_device(name, {{"x1", &x1}, {"x2", &x2}});
  internal::linalg::require_floating(name, "x1", x1);
  internal::linalg::require_floating(name, "x2", x2);
  const DType dtype = internal::linalg::promoted_dtype(name, x1, x2);
  const MatrixStack a_stack = internal::linalg::matrix_stack(name, "x1", x1, true);
  const std::int64_t n = a_stack.rows;
  if (x2.ndim() == 0) {
    throw InvalidArgumentError(
        fmt::format("{}(): x2 must have shape (M,) or (..., M, K); it is 0-dimensional", name));
  }
  // linalg.py, solve (2024.12): "If x2 has shape (M,), x2 is equivalent to an array having shape
  // (..., M, 1)" and the result has shape "shape(x1)[:-2] + shape(x2)[-1:]"; otherwise x2 is a
  // stack (..., M, K) whose batch "must be compatible with shape(x1)[:-2]".
  const bool vector = x2.ndim() == 1;
  const std::int64_t rows2 = vector ? x2.shape()[0] : x2.shape()[x2.shape().size() - 2];
  const std::int64_t columns = vector ? 1 : x2.shape().back();
  if (rows2 != n) {
    throw InvalidArgumentError(fmt::format(
        "{}(): x1 of shape ({}) and x2 of shape ({}) do not match: x1 holds {} x {} matrices but "
        "x2 has {} rows",
        name, fmt::join(x1.shape(), ", "), fmt::join(x2.shape(), ", "), n, n, rows2));
  }
  const Shape b_batch = vector ? Shape{} : Shape(x2.shape().begin(), x2.shape().end() - 2);
  Shape batch;
  try {
    batch = internal::broadcast_shapes(name, a_stack.batch, b_batch);
  } catch (const InvalidArgumentError&) {
    throw InvalidArgumentError(fmt::format(
        "{}(): x1 of shape ({}) and x2 of shape ({}) have stack dimensions ({}) and ({}) that "
        "cannot be broadcast",
        name, fmt::join(x1.shape(), ", "), fmt::join(x2.shape(), ", "),
        fmt::join(a_stack.batch, ", "), fmt::join(b_batch, ", ")));
  }
  const Shape result_shape = vector ? stacked(batch, n) : stacked(batch, n, columns);
  Array out =
      ArrayAccess::allocate(result_shape, dtype, device, propagated_from(name, x1.provenance()));
  const std::array<Shape, 2> strides = {internal::broadcast_strides(a_stack.batch, batch),
                                        internal::broadcast_strides(b_batch, batch)};
  internal::linalg::visit_compute_type(dtype, [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::vector<C> a = read_as<C>(x1);
    const std::vector<C> b = read_as<C>(x2);
    std::vector<C> result(static_cast<std::size_t>(out.size()));
    const std::int64_t block = n * columns;
    internal::for_each_broadcast<2>(
        batch, strides, [&](std::int64_t i, const std::array<std::int64_t, 2>& offsets) {
          const LuFactors<C> f = internal::linalg::lu_factor(a.data() + offsets[0] * n * n, n);
          if (f.singular) {
            throw_singular(name, matrix_name("x1", a_stack.batch, offsets[0]),
                           "the system has no unique solution");
          }
          C* solution = result.data() + i * block;
          std::copy(b.begin() + offsets[1] * block, b.begin() + (offsets[1] + 1) * block, solution);
          internal::linalg::lu_solve(f, n, solution, columns);
        });
    write_into(out, result);
  });
  return out;
}

Array matrix_power(const Array& x, std::int64_t n) {
  constexpr std::string_view name = "linalg.matrix_power";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, true);
  Array out = result_like(name, x, x.shape(), x.dtype());
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::int64_t size = stack.rows;
    const std::vector<C> a = read_as<C>(x);
    std::vector<C> result(a.size());
    // |n| without overflow for the most negative n.
    const std::uint64_t exponent =
        n < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n);
    for (std::int64_t b = 0; b < stack.count(); ++b) {
      const C* matrix = a.data() + b * size * size;
      // "If n is less than zero, an array containing the inverse of each square matrix raised to
      // the absolute value of n, provided that each square matrix is invertible."
      std::vector<C> base = n < 0 ? inverse(name, matrix_name("x", stack.batch, b), matrix, size)
                                  : std::vector<C>(matrix, matrix + size * size);
      std::vector<C> power = identity<C>(size);
      for (std::uint64_t e = exponent; e != 0; e >>= 1) {  // binary exponentiation
        if ((e & 1U) != 0)
          power = internal::linalg::multiply(power.data(), base.data(), size, size, size);
        if (e > 1) base = internal::linalg::multiply(base.data(), base.data(), size, size, size);
      }
      std::copy(power.begin(), power.end(), result.begin() + b * size * size);
    }
    write_into(out, result);
  });
  return out;
}

Array matrix_rank(const Array& x, const ToleranceOptions& options) {
  constexpr std::string_view name = "linalg.matrix_rank";
  require_one_device(name, x, options.rtol);
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, false);
  const Tolerance tolerance = resolve_tolerance(name, x, stack, options.rtol);
  // linalg.py, matrix_rank: "The returned array must have the default integer data type"; the
  // default of x's device.
  Array out = result_like(name, x, tolerance.batch, x.device().spec().default_dtypes.integral);
  const std::vector<std::int64_t> sources = source_matrices(stack, tolerance.batch);
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::vector<C> a = read_as<C>(x);
    std::vector<std::int64_t> ranks(sources.size());
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const std::vector<double> s = internal::linalg::singular_values(
          a.data() + sources[i] * stack.matrix_size(), stack.rows, stack.columns);
      // "Singular values approximately less than or equal to rtol * largest_singular_value are
      // set to zero."
      const double cutoff = s.empty() ? 0 : tolerance.values[i] * s.front();
      ranks[i] = std::count_if(s.begin(), s.end(), [&](double sigma) { return sigma > cutoff; });
    }
    write_into(out, ranks);
  });
  return out;
}

Array pinv(const Array& x, const ToleranceOptions& options) {
  constexpr std::string_view name = "linalg.pinv";
  require_one_device(name, x, options.rtol);
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, false);
  const Tolerance tolerance = resolve_tolerance(name, x, stack, options.rtol);
  const std::int64_t m = stack.rows;
  const std::int64_t n = stack.columns;
  const std::int64_t k = std::min(m, n);
  // linalg.py, pinv: shape "(..., N, M)", "a floating-point data type determined by type
  // promotion" (of x alone: rtol is a tolerance, not an operand).
  Array out = result_like(name, x, stacked(tolerance.batch, n, m), x.dtype());
  const std::vector<std::int64_t> sources = source_matrices(stack, tolerance.batch);
  internal::linalg::visit_compute_type(x.dtype(), [&](auto tag) {
    using C = typename decltype(tag)::type;
    const std::vector<C> a = read_as<C>(x);
    std::vector<C> result(static_cast<std::size_t>(out.size()));
    std::vector<double> s;
    std::vector<C> u;   // m x k: the thin SVD is all pinv needs
    std::vector<C> vh;  // k x n
    std::vector<C> left(static_cast<std::size_t>(n * k));
    std::vector<C> right(static_cast<std::size_t>(k * m));
    for (std::size_t b = 0; b < sources.size(); ++b) {
      internal::linalg::singular_value_decomposition(a.data() + sources[b] * m * n, m, n,
                                                     /*full=*/false, s, u, vh);
      const double cutoff = s.empty() ? 0 : tolerance.values[b] * s.front();
      // x+ = V diag(1/s) U^H over the singular values above the cutoff: left = V diag(1/s)
      // (n x k) times right = U^H (k x m), a dropped value's column and row zero in both (so
      // that a NaN vector adds nothing).
      for (std::int64_t j = 0; j < k; ++j) {
        const double sigma = s[static_cast<std::size_t>(j)];
        const bool kept = sigma > cutoff;
        for (std::int64_t row = 0; row < n; ++row) {
          left[static_cast<std::size_t>(row * k + j)] =
              kept ? conjugate(vh[static_cast<std::size_t>(j * n + row)]) / sigma : C(0);
        }
        for (std::int64_t column = 0; column < m; ++column) {
          right[static_cast<std::size_t>(j * m + column)] =
              kept ? conjugate(u[static_cast<std::size_t>(column * k + j)]) : C(0);
        }
      }
      const std::vector<C> pseudo_inverse =
          internal::linalg::multiply(left.data(), right.data(), n, k, m);
      std::copy(pseudo_inverse.begin(), pseudo_inverse.end(),
                result.begin() + static_cast<std::int64_t>(b) * n * m);
    }
    write_into(out, result);
  });
  return out;
}

}  // namespace strict::linalg
