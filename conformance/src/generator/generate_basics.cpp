// The generators' building blocks: shapes, integer-valued data, dtype categories, the in-place
// operator table, and the small draws every recipe uses.
#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <string>

#include "conformance/generate.hpp"
#include "recipes.hpp"
#include "shape_palette.hpp"

namespace conformance::generate {

namespace detail {

namespace {

// RapidCheck's nominal largest size: a generator resized to it draws from its whole range.
constexpr int kFullSize = 100;

// Candidate values in shrinking order: 0 first, then growing magnitudes.
const std::vector<double>& candidates(Domain domain, bool allow_negative) {
  static const std::vector<double> any_signed{0, 1, -1, 2, -2, 3, -3};
  static const std::vector<double> non_zero_signed{1, -1, 2, -2, 3, -3};
  static const std::vector<double> non_negative{0, 1, 2, 3};
  static const std::vector<double> positive{1, 2, 3};
  if (domain == Domain::non_zero) return allow_negative ? non_zero_signed : positive;
  if (domain == Domain::non_negative || !allow_negative) return non_negative;
  return any_signed;
}

rc::Gen<double> element(std::string_view dtype, Domain domain) {
  static const std::vector<double> booleans{0, 1};
  static const std::vector<double> true_only{1};
  const std::vector<double>& values = is_bool(dtype)
                                          ? (domain == Domain::non_zero ? true_only : booleans)
                                          : candidates(domain, !is_unsigned(dtype));
  return rc::gen::map(index_below(static_cast<int>(values.size())),
                      [&values](int i) { return values[static_cast<std::size_t>(i)]; });
}

}  // namespace

rc::Gen<int> index_below(int count) {
  return rc::gen::resize(kFullSize, rc::gen::inRange(0, count));
}

int draw_index(int count) {
  return *index_below(count);
}

bool coin(int percent) {
  return *index_below(100) >= 100 - percent;
}

std::int64_t draw_dim(std::int64_t low, std::int64_t high) {
  return *rc::gen::inRange<std::int64_t>(low, high + 1);
}

Shape draw_shape(int min_ndim, int max_ndim, std::int64_t min_dim, std::int64_t max_dim) {
  const int ndim = *rc::gen::inRange(min_ndim, std::max(min_ndim, max_ndim) + 1);
  if (ShapePalette::active()) {
    auto shapes = ShapePalette::shapes(ndim, min_dim, max_dim);
    if (!shapes.empty())
      return std::move(
          shapes[static_cast<std::size_t>(draw_index(static_cast<int>(shapes.size())))]);
  }
  Shape shape;
  for (int i = 0; i < ndim; ++i)
    shape.push_back(draw_dim(min_dim, max_dim));
  return shape;
}

std::int64_t draw_axis(std::int64_t ndim) {
  const auto k = static_cast<std::int64_t>(draw_index(static_cast<int>(2 * ndim)));
  return k < ndim ? k : ndim - 1 - k;  // 0, 1, ..., ndim-1, then -1, -2, ..., -ndim
}

std::vector<std::int64_t> draw_axes(std::int64_t ndim) {
  std::vector<std::int64_t> axes;
  for (std::int64_t axis = 0; axis < ndim; ++axis)
    if (coin(50)) axes.push_back(axis);
  if (axes.empty()) axes.push_back(static_cast<std::int64_t>(draw_index(static_cast<int>(ndim))));
  return axes;
}

std::int64_t draw_small_integer(Domain domain, bool allow_negative) {
  const auto& values = candidates(domain, allow_negative);
  return static_cast<std::int64_t>(
      values[static_cast<std::size_t>(draw_index(static_cast<int>(values.size())))]);
}

std::int64_t element_count(const Shape& shape) {
  return std::accumulate(shape.begin(), shape.end(), std::int64_t{1}, std::multiplies<>());
}

rc::Gen<Data> data_in(const Shape& shape, std::string_view dtype, Domain domain) {
  const auto count = static_cast<std::size_t>(element_count(shape));
  return rc::gen::map(rc::gen::container<std::vector<double>>(count, element(dtype, domain)),
                      [shape](std::vector<double> values) {
                        return Data{.values = std::move(values), .shape = shape};
                      });
}

Data literal(const Shape& shape, std::vector<double> values) {
  return Data{.values = std::move(values), .shape = shape};
}

bool is_bool(std::string_view dtype) {
  return dtype == "bool";
}
bool is_unsigned(std::string_view dtype) {
  return dtype.starts_with("uint");
}
bool is_integer(std::string_view dtype) {
  return dtype.starts_with("int") || is_unsigned(dtype);
}
bool is_real_floating(std::string_view dtype) {
  return dtype.starts_with("float");
}
bool is_complex(std::string_view dtype) {
  return dtype.starts_with("complex");
}
bool is_floating(std::string_view dtype) {
  return is_real_floating(dtype) || is_complex(dtype);
}

const std::vector<std::string>& standard_dtypes() {
  static const std::vector<std::string> all{
      "bool",   "int8",   "int16",   "int32",   "int64",     "uint8",     "uint16",
      "uint32", "uint64", "float32", "float64", "complex64", "complex128"};
  return all;
}

bool in_category(std::string_view dtype, std::string_view category) {
  if (category == "any") return true;
  if (category == "boolean" || category == "bool") return is_bool(dtype);
  if (category == "integer" || category == "integral") return is_integer(dtype);
  if (category == "signed integer") return is_integer(dtype) && !is_unsigned(dtype);
  if (category == "unsigned integer") return is_unsigned(dtype);
  if (category == "integer or boolean") return is_integer(dtype) || is_bool(dtype);
  if (category == "numeric") return !is_bool(dtype);
  if (category == "real numeric") return is_integer(dtype) || is_real_floating(dtype);
  if (category == "floating") return is_floating(dtype);
  if (category == "real floating") return is_real_floating(dtype);
  if (category == "complex floating") return is_complex(dtype);
  return false;
}

}  // namespace detail

rc::Gen<std::vector<std::int64_t>> shape(int min_ndim, int max_ndim) {
  return rc::gen::mapcat(
      rc::gen::inRange(min_ndim, std::max(min_ndim, max_ndim) + 1), [](int ndim) {
        return rc::gen::container<std::vector<std::int64_t>>(static_cast<std::size_t>(ndim),
                                                             rc::gen::inRange<std::int64_t>(0, 4));
      });
}

rc::Gen<Data> data(const std::vector<std::int64_t>& shape, std::string_view dtype) {
  return detail::data_in(shape, dtype, detail::Domain::any);
}

std::vector<std::string> dtypes_in_category(std::string_view category) {
  std::vector<std::string> out;
  for (const auto& dtype : detail::standard_dtypes())
    if (detail::in_category(dtype, category)) out.push_back(dtype);
  return out;
}

}  // namespace conformance::generate
