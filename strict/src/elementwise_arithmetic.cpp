// Element-wise arithmetic without an operator of its own: floor_divide, pow, abs, square, sign,
// reciprocal, maximum, minimum, clip, and the real-valued floating-point binary functions.
#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "internal/elementwise.hpp"
#include "internal/elementwise_kernels.hpp"
#include "internal/placement.hpp"
#include "strict/elementwise.hpp"
#include "strict/errors.hpp"

namespace strict {

using internal::Category;
using internal::RealDType;
using internal::SameDType;
namespace kernels = internal::kernels;

Array floor_divide(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::real_numeric, SameDType>("floor_divide", x1, x2,
                                                             kernels::FloorDivide{});
}

Array pow(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::numeric, SameDType>("pow", x1, x2, kernels::Pow{});
}

Array abs(const Array& x) {
  return internal::unary<Category::numeric, RealDType>("abs", x, kernels::Abs{});
}

Array square(const Array& x) {
  return internal::unary<Category::numeric, SameDType>("square", x, kernels::Square{});
}

Array sign(const Array& x) {
  return internal::unary<Category::numeric, SameDType>("sign", x, kernels::Sign{});
}

Array reciprocal(const Array& x) {
  return internal::unary<Category::floating, SameDType>("reciprocal", x, kernels::Reciprocal{});
}

Array maximum(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::real_numeric, SameDType>("maximum", x1, x2, kernels::Maximum{});
}

Array minimum(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::real_numeric, SameDType>("minimum", x1, x2, kernels::Minimum{});
}

Array atan2(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::real_floating, SameDType>("atan2", x1, x2, kernels::Atan2{});
}

Array copysign(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::real_floating, SameDType>("copysign", x1, x2,
                                                              kernels::Copysign{});
}

Array hypot(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::real_floating, SameDType>("hypot", x1, x2, kernels::Hypot{});
}

Array logaddexp(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::real_floating, SameDType>("logaddexp", x1, x2,
                                                              kernels::Logaddexp{});
}

Array nextafter(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::real_floating, SameDType>("nextafter", x1, x2,
                                                              kernels::Nextafter{});
}

namespace {

// A bound of clip must have x's dtype: the standard leaves other dtypes unspecified
// (elementwise_functions.rst, clip: "If either min or max is an array having a different data
// type than x, behavior is unspecified"), and strict raises rather than guess.
void require_bound_fits(std::string_view parameter, const ArrayOrScalar& bound, DType dtype) {
  if (!bound.is_array()) {
    // "For scalar min and/or max, the scalar values should follow type promotion rules for
    // operations involving arrays and scalar operands".
    internal::require_scalar_fits("clip", bound.scalar(), dtype);
    return;
  }
  if (bound.array().dtype() != dtype) {
    throw DTypeError(fmt::format(
        "clip(): {} has dtype {} but x has dtype {}; the standard defines clip only for bounds of "
        "x's dtype, so convert {} with astype() first",
        parameter, bound.array().dtype(), dtype, parameter));
  }
}

}  // namespace

Array clip(const Array& x, const std::optional<ArrayOrScalar>& min,
           const std::optional<ArrayOrScalar>& max) {
  constexpr std::string_view function = "clip";
  // Devices first: spec/2024.12/design_topics/device_support.rst, "Raise an exception if an
  // operation involves arrays on different devices".
  std::vector<internal::NamedArray> arrays = {{"x", &x}};
  if (min && min->is_array()) arrays.push_back({"min", &min->array()});
  if (max && max->is_array()) arrays.push_back({"max", &max->array()});
  const Device device = internal::common_device(function, arrays);

  internal::require_category(function, "x", x.dtype(), Category::real_numeric);
  if (min) require_bound_fits("min", *min, x.dtype());
  if (max) require_bound_fits("max", *max, x.dtype());

  // "Must be compatible with x and max (see Broadcasting)": x, min and max broadcast together.
  Shape shape = x.shape();
  if (min && min->is_array())
    shape = internal::broadcast_shapes(function, shape, min->array().shape());
  if (max && max->is_array())
    shape = internal::broadcast_shapes(function, shape, max->array().shape());

  // "Preserve device assignment": the result is on x's device.
  Array out =
      ArrayAccess::allocate(shape, x.dtype(), device, propagated_from(function, x.provenance()));
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!internal::category_allows_v<Category::real_numeric, T>) {
      __builtin_unreachable();  // require_category rejected it
    } else {
      const T* values = ArrayAccess::data<T>(x);
      // A bound's element: absent, an array's data, or a scalar (read once).
      struct Bound {
        bool present = false;
        const T* data = nullptr;
        T scalar{};
      };
      const auto bound_of = [](const std::optional<ArrayOrScalar>& operand) {
        if (!operand) return Bound{};
        if (operand->is_array()) {
          // One element (a 0-d bound, as a Python scalar often arrives) broadcasts as a scalar.
          const T* data = ArrayAccess::data<T>(operand->array());
          if (operand->array().size() == 1) return Bound{true, nullptr, data[0]};
          return Bound{true, data, T{}};
        }
        return Bound{true, nullptr, operand->scalar().as<T>()};
      };
      const Bound lower = bound_of(min);
      const Bound upper = bound_of(max);
      const auto strides_of = [&](const std::optional<ArrayOrScalar>& operand) {
        return operand && operand->is_array()
                   ? internal::broadcast_strides(operand->array().shape(), shape)
                   : Shape(shape.size(), 0);
      };
      const std::array<Shape, 3> strides = {internal::broadcast_strides(x.shape(), shape),
                                            strides_of(min), strides_of(max)};
      T* result = ArrayAccess::data<T>(out);
      // Special cases: "If min_i is NaN, the result is NaN" (likewise max_i); a NaN x_i fails
      // both comparisons and stays.
      const auto clipped = [&](T value, std::int64_t lower_at, std::int64_t upper_at) {
        if (lower.present) {
          const T bound = lower.data ? lower.data[lower_at] : lower.scalar;
          if (value < bound || bound != bound) value = bound;
        }
        if (upper.present) {
          const T bound = upper.data ? upper.data[upper_at] : upper.scalar;
          if (value > bound || bound != bound) value = bound;
        }
        return value;
      };
      const auto full = [&](const std::optional<ArrayOrScalar>& operand) {
        return !operand || !operand->is_array() || operand->array().size() == 1 ||
               operand->array().shape() == shape;
      };
      const std::int64_t n = element_count(shape);
      if (x.shape() == shape && lower.data == nullptr && upper.data == nullptr) {
        // Scalar bounds (or one-element arrays): a NaN bound makes every element NaN; otherwise
        // selects without branches, which the compiler vectorises.
        const bool nan_bound = (lower.present && lower.scalar != lower.scalar) ||
                               (upper.present && upper.scalar != upper.scalar);
        if (nan_bound) {
          std::fill(result, result + n, clipped(T{}, 0, 0));  // the NaN, whichever bound it is
          return;
        }
        const T low = lower.scalar;
        const T high = upper.scalar;
        const bool has_low = lower.present;
        const bool has_high = upper.present;
        for (std::int64_t i = 0; i < n; ++i) {
          T value = values[i];
          value = has_low && value < low ? low : value;
          value = has_high && value > high ? high : value;
          result[i] = value;
        }
        return;
      }
      if (x.shape() == shape && full(min) && full(max)) {
        // Nothing broadcast (bounds of one element, or arrays of x's shape): one flat loop.
        for (std::int64_t i = 0; i < n; ++i)
          result[i] = clipped(values[i], i, i);
        return;
      }
      internal::for_each_broadcast<3>(shape, strides, [&](std::int64_t i, const auto& offsets) {
        result[i] = clipped(values[offsets[0]], offsets[1], offsets[2]);
      });
    }
  });
  return out;
}

}  // namespace strict
