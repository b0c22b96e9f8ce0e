// Reductions read their input through strided loops chosen by the layout of the reduced axes
// (internal/reduction_kernels.hpp): one contiguous line per output, rows of outputs side by side,
// or a copy with the reduced axes last. Every layout must give the bits a plain loop gives: the
// loop here gathers each output's elements in C order and reduces them the way the standard and
// strict's headers define (pairwise sums as NumPy's, products in order, the first NaN or the first
// of equal extremes), on random shapes (0-size axes too), random axes, keepdims, views (flipped,
// transposed) and several dtypes; and on lines long enough to cross the kernels' block sizes.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "test_helpers.hpp"

namespace strict::reduction_layouts {
namespace {

template <class T>
inline constexpr bool is_complex = false;
template <class T>
inline constexpr bool is_complex<std::complex<T>> = true;

// ---- the reference: a plain loop over the elements of each output, in C order ---------------

// The elements of each output of a reduction of `shape` over `axes` (ascending), each list in C
// order over the reduced axes: what every reduction below reduces.
template <class T>
std::vector<std::vector<T>> lines_of(const Shape& shape, const std::vector<T>& values,
                                     const std::vector<std::int64_t>& axes) {
  const auto ndim = shape.size();
  std::vector<bool> reduced(ndim, false);
  for (const std::int64_t a : axes)
    reduced[static_cast<std::size_t>(a)] = true;
  std::int64_t outputs = 1;
  for (std::size_t d = 0; d < ndim; ++d)
    if (!reduced[d]) outputs *= shape[d];
  std::vector<std::vector<T>> lines(static_cast<std::size_t>(outputs));
  Shape index(ndim, 0);
  for (const T& value : values) {
    std::int64_t o = 0;
    for (std::size_t d = 0; d < ndim; ++d)
      if (!reduced[d]) o = o * shape[d] + index[d];
    lines[static_cast<std::size_t>(o)].push_back(value);
    for (std::size_t d = ndim; d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  return lines;
}

// NumPy's pairwise_sum, written out on a list.
template <class Acc>
Acc pairwise(const Acc* v, std::size_t n) {
  if (n < 8) {
    Acc total{};
    for (std::size_t i = 0; i < n; ++i)
      total += v[i];
    return total;
  }
  if (n <= 128) {
    Acc r[8];
    for (std::size_t j = 0; j < 8; ++j)
      r[j] = v[j];
    std::size_t i = 8;
    for (; i + 8 <= n; i += 8)
      for (std::size_t j = 0; j < 8; ++j)
        r[j] += v[i + j];
    Acc total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i)
      total += v[i];
    return total;
  }
  std::size_t half = n / 2;
  half -= half % 8;
  return pairwise(v, half) + pairwise(v + half, n - half);
}

template <class Out, class T>
std::vector<Out> converted(const std::vector<T>& line) {
  std::vector<Out> out;
  for (const T& value : line) {
    if constexpr (is_complex<Out>) {
      out.push_back(Out(value));
    } else {
      out.push_back(static_cast<Out>(value));
    }
  }
  return out;
}

// Integers wrap around as in strict (and NumPy): through the unsigned type.
template <class T>
T wrap_add(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  } else {
    return a + b;
  }
}
template <class T>
T wrap_multiply(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::conditional_t<sizeof(T) < sizeof(unsigned), unsigned, std::make_unsigned_t<T>>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
  } else {
    return a * b;
  }
}

template <class Out, class T>
Out reference_sum(const std::vector<T>& line) {
  const std::vector<Out> values = converted<Out>(line);
  if constexpr (std::is_integral_v<Out>) {
    Out total = 0;
    for (const Out v : values)
      total = wrap_add(total, v);
    return total;
  } else {
    return Out(0) + pairwise(values.data(), values.size());
  }
}

template <class Out, class T>
Out reference_prod(const std::vector<T>& line) {
  Out total = Out(1);
  for (const Out v : converted<Out>(line))
    total = wrap_multiply(total, v);
  return total;
}

// The index a scan in order keeps: the first NaN, else the first strictly better value.
template <class T>
std::int64_t reference_arg_extreme(const std::vector<T>& line, bool maximum) {
  std::size_t best = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(line[i])) return static_cast<std::int64_t>(i);
    }
    if (maximum ? line[i] > line[best] : line[i] < line[best]) best = i;
  }
  return static_cast<std::int64_t>(best);
}

// ---- comparing bits: NaN with NaN, -0.0 apart from 0.0 --------------------------------------

template <class T>
bool same_bits(T a, T b) {
  if constexpr (is_complex<T>) {
    return same_bits(a.real(), b.real()) && same_bits(a.imag(), b.imag());
  } else if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return a == b && std::signbit(a) == std::signbit(b);
  } else {
    return a == b;
  }
}

template <class T>
std::string text(T value) {
  if constexpr (is_complex<T>) {
    return "(" + text(value.real()) + ", " + text(value.imag()) + ")";
  } else {
    return fmt::format("{}", value);
  }
}

// The values of `actual` (read as R) must be `expected`, bit for bit, in `shape`.
template <class R>
void require_values(const Array& actual, const Shape& shape, const std::vector<R>& expected,
                    const std::string& what) {
  RC_ASSERT(actual.shape() == shape);
  const std::vector<R> values = actual.values<R>();
  RC_ASSERT(values.size() == expected.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const R value = values[i];
    if (!same_bits<R>(value, expected[i])) {
      RC_FAIL(fmt::format("{}: element {} is {}, a loop in order gives {}", what, i, text<R>(value),
                          text<R>(expected[i])));
    }
  }
}

// A random permutation of `items` (Fisher-Yates, drawn through RapidCheck so that it shrinks).
template <class T>
std::vector<T> shuffled(std::vector<T> items) {
  for (std::size_t k = items.size(); k > 1; --k)
    std::swap(items[k - 1], items[*rc::gen::inRange<std::size_t>(0, k)]);
  return items;
}

// ---- the cases ------------------------------------------------------------------------------

// A case: x (perhaps a view) of random shape and values, and the axes of a reduction.
template <class S>
struct Case {
  Array x = zeros({0});
  Shape shape;                     // x's
  std::vector<S> values;           // x's, in C order of its own shape
  std::optional<Axes> axis;        // None, or a tuple of axes (perhaps negative)
  std::vector<std::int64_t> axes;  // the same, normalised and ascending
  bool keepdims = false;
  Shape result_shape;
};

// Elements of type S (uint8 for bool) drawn from few values, so that ties, zeros of both signs,
// NaN and infinities meet in one reduction.
template <class S>
rc::Gen<S> random_element() {
  if constexpr (std::is_floating_point_v<S>) {
    const S inf = std::numeric_limits<S>::infinity();
    const S nan = std::numeric_limits<S>::quiet_NaN();
    return rc::gen::weightedOneOf<S>(
        {{12, rc::gen::map(rc::gen::inRange(-4, 5), [](int v) { return static_cast<S>(v) / 2; })},
         {4, rc::gen::map(rc::gen::inRange(0, 1000), [](int v) { return static_cast<S>(v) / 7; })},
         {2, rc::gen::element(S(0), -S(0))},
         {1, rc::gen::element(inf, -inf, nan)}});
  } else if constexpr (is_complex<S>) {
    using R = typename S::value_type;
    return rc::gen::map(rc::gen::pair(random_element<R>(), random_element<R>()),
                        [](std::pair<R, R> p) { return S(p.first, p.second); });
  } else {
    return rc::gen::arbitrary<S>();
  }
}

// An extent: mostly small (0 and 1 too), sometimes long enough for several blocks of the
// pairwise sum (128) and of the kernels' chunks.
rc::Gen<std::int64_t> extent() {
  return rc::gen::weightedOneOf<std::int64_t>({{10, rc::gen::inRange<std::int64_t>(0, 5)},
                                               {2, rc::gen::inRange<std::int64_t>(5, 40)},
                                               {1, rc::gen::inRange<std::int64_t>(100, 300)}});
}

Shape random_shape(std::size_t max_ndim) {
  const auto ndim = *rc::gen::inRange<std::size_t>(0, max_ndim + 1);
  Shape shape;
  std::int64_t total = 1;
  for (std::size_t d = 0; d < ndim; ++d) {
    std::int64_t e = *extent();
    if (total * std::max<std::int64_t>(e, 1) > 3000) e = *rc::gen::inRange<std::int64_t>(0, 3);
    shape.push_back(e);
    total *= std::max<std::int64_t>(e, 1);
  }
  return shape;
}

// Makes x of `shape` from `values`, as the contiguous array or as a view with those elements:
// flip of an array with the flipped values, or permute_dims of an array laid out transposed.
template <class S>
Array array_of(const Shape& shape, const std::vector<S>& values, DType dtype) {
  const auto strides = [](const Shape& s) {
    std::vector<std::int64_t> out(s.size(), static_cast<std::int64_t>(sizeof(S)));
    for (std::size_t d = s.size(); d-- > 1;)
      out[d - 1] = out[d] * s[d];
    return out;
  };
  const auto from = [&](const Shape& s, const std::vector<S>& v) {
    return asarray_from_host_elements(reinterpret_cast<const std::byte*>(v.data()), s, strides(s),
                                      dtype);
  };
  const int how = shape.empty() ? 0 : *rc::gen::inRange(0, 3);
  if (how == 0) return from(shape, values);
  if (how == 1) {  // flip(base, axis) where base holds the values flipped along that axis
    const auto axis = *rc::gen::inRange<std::int64_t>(0, static_cast<std::int64_t>(shape.size()));
    const Array base = asarray(flip(from(shape, values), Axes{axis}), {.copy = true});
    const Array view = flip(base, Axes{axis});
    RC_ASSERT(view.is_view());
    return view;
  }
  // permute_dims(base, order) where base = the values transposed by the inverse order.
  std::vector<std::int64_t> order(shape.size());
  std::iota(order.begin(), order.end(), 0);
  order = shuffled(order);
  std::vector<std::int64_t> inverse(order.size());
  for (std::size_t k = 0; k < order.size(); ++k)
    inverse[static_cast<std::size_t>(order[k])] = static_cast<std::int64_t>(k);
  const Array base = permute_dims(from(shape, values), inverse);
  const Array copy = asarray(base, {.copy = true});
  const Array view = permute_dims(copy, order);
  RC_ASSERT(view.is_view());
  return view;
}

template <class S>
Case<S> random_case(DType dtype, std::size_t max_ndim = 4) {
  Case<S> c;
  c.shape = random_shape(max_ndim);
  c.values = *rc::gen::container<std::vector<S>>(static_cast<std::size_t>(element_count(c.shape)),
                                                 random_element<S>());
  if constexpr (std::is_integral_v<S>) {
    if (dtype == DType::bool_) {  // bytes of 0 and 1
      for (S& v : c.values)
        v = static_cast<S>(v % 2);
    }
  }
  c.x = array_of(c.shape, c.values, dtype);
  RC_ASSERT(c.x.shape() == c.shape);
  const auto ndim = static_cast<std::int64_t>(c.shape.size());
  c.keepdims = *rc::gen::arbitrary<bool>();
  if (*rc::gen::inRange(0, 4) == 0) {
    for (std::int64_t d = 0; d < ndim; ++d)
      c.axes.push_back(d);
  } else {
    Axes given;
    for (std::int64_t d = 0; d < ndim; ++d) {
      if (*rc::gen::arbitrary<bool>()) {
        c.axes.push_back(d);
        given.push_back(*rc::gen::arbitrary<bool>() ? d - ndim : d);
      }
    }
    c.axis = shuffled(given);
  }
  for (std::int64_t d = 0; d < ndim; ++d) {
    const bool reduced = std::find(c.axes.begin(), c.axes.end(), d) != c.axes.end();
    if (!reduced) c.result_shape.push_back(c.shape[static_cast<std::size_t>(d)]);
    if (reduced && c.keepdims) c.result_shape.push_back(1);
  }
  return c;
}

template <class S>
std::vector<std::vector<S>> lines_of(const Case<S>& c) {
  return lines_of(c.shape, c.values, c.axes);
}

bool has_empty_line(const Shape& shape, const std::vector<std::int64_t>& axes, std::size_t lines) {
  std::int64_t reduced = 1;
  for (const std::int64_t a : axes)
    reduced *= shape[static_cast<std::size_t>(a)];
  return reduced == 0 && lines > 0;
}

// ---- the properties -------------------------------------------------------------------------

template <class S, class Out>
void check_sum_and_prod(DType dtype, std::optional<DType> out_dtype) {
  const Case<S> c = random_case<S>(dtype);
  const auto lines = lines_of(c);
  std::vector<Out> sums;
  std::vector<Out> products;
  for (const auto& line : lines) {
    sums.push_back(reference_sum<Out>(line));
    products.push_back(reference_prod<Out>(line));
  }
  const ReductionOptions options{.axis = c.axis, .keepdims = c.keepdims, .dtype = out_dtype};
  require_values(sum(c.x, options), c.result_shape, sums, "sum");
  require_values(prod(c.x, options), c.result_shape, products, "prod");
}

RC_GTEST_PROP(ReductionLayouts, SumAndProdGiveTheBitsOfALoopInOrder, ()) {
  switch (*rc::gen::inRange(0, 7)) {
    case 0:
      return check_sum_and_prod<double, double>(float64, std::nullopt);
    case 1:
      return check_sum_and_prod<float, float>(float32, std::nullopt);
    case 2:
      return check_sum_and_prod<float, double>(float32, float64);
    case 3:
      return check_sum_and_prod<std::complex<double>, std::complex<double>>(complex128,
                                                                            std::nullopt);
    case 4:  // int8 widens to the default int64
      return check_sum_and_prod<std::int8_t, std::int64_t>(int8, std::nullopt);
    case 5:  // and wraps around when asked to stay int8
      return check_sum_and_prod<std::int8_t, std::int8_t>(int8, int8);
    default:
      return check_sum_and_prod<std::uint32_t, std::uint32_t>(uint32, uint32);
  }
}

template <class T>
void check_extremes(DType dtype) {
  const Case<T> c = random_case<T>(dtype);
  const auto lines = lines_of(c);
  const AxisOptions options{.axis = c.axis, .keepdims = c.keepdims};
  if (has_empty_line(c.shape, c.axes, lines.size())) {
    RC_ASSERT_THROWS_AS(max(c.x, options), InvalidArgumentError);
    RC_ASSERT_THROWS_AS(min(c.x, options), InvalidArgumentError);
    return;
  }
  std::vector<T> maxima;
  std::vector<T> minima;
  for (const auto& line : lines) {
    maxima.push_back(line[static_cast<std::size_t>(reference_arg_extreme(line, true))]);
    minima.push_back(line[static_cast<std::size_t>(reference_arg_extreme(line, false))]);
  }
  require_values(max(c.x, options), c.result_shape, maxima, "max");
  require_values(min(c.x, options), c.result_shape, minima, "min");
}

RC_GTEST_PROP(ReductionLayouts, MaxAndMinKeepTheFirstNaNAndTheFirstOfEqualValues, ()) {
  switch (*rc::gen::inRange(0, 4)) {
    case 0:
      return check_extremes<double>(float64);
    case 1:
      return check_extremes<float>(float32);
    case 2:
      return check_extremes<std::int16_t>(int16);
    default:
      return check_extremes<std::uint8_t>(uint8);
  }
}

template <class T>
void check_arg_extremes(DType dtype) {
  Case<T> c = random_case<T>(dtype);
  // One axis or None.
  std::optional<std::int64_t> axis;
  if (!c.shape.empty() && *rc::gen::arbitrary<bool>()) {
    axis = *rc::gen::inRange<std::int64_t>(0, static_cast<std::int64_t>(c.shape.size()));
    c.axes = {*axis};
    c.result_shape = c.shape;
    if (c.keepdims) {
      c.result_shape[static_cast<std::size_t>(*axis)] = 1;
    } else {
      c.result_shape.erase(c.result_shape.begin() + *axis);
    }
  } else {
    c.axes.resize(c.shape.size());
    std::iota(c.axes.begin(), c.axes.end(), 0);
    c.result_shape = c.keepdims ? Shape(c.shape.size(), 1) : Shape{};
  }
  const auto lines = lines_of(c);
  const ArgExtremumOptions options{.axis = axis, .keepdims = c.keepdims};
  if (has_empty_line(c.shape, c.axes, lines.size())) {
    RC_ASSERT_THROWS_AS(argmax(c.x, options), InvalidArgumentError);
    return;
  }
  std::vector<std::int64_t> first_max;
  std::vector<std::int64_t> first_min;
  for (const auto& line : lines) {
    first_max.push_back(reference_arg_extreme(line, true));
    first_min.push_back(reference_arg_extreme(line, false));
  }
  require_values(argmax(c.x, options), c.result_shape, first_max, "argmax");
  require_values(argmin(c.x, options), c.result_shape, first_min, "argmin");
}

RC_GTEST_PROP(ReductionLayouts, ArgmaxAndArgminFindTheFirstNaNOrTheFirstExtreme, ()) {
  switch (*rc::gen::inRange(0, 3)) {
    case 0:
      return check_arg_extremes<double>(float64);
    case 1:
      return check_arg_extremes<float>(float32);
    default:
      return check_arg_extremes<std::int32_t>(int32);
  }
}

template <class T>
void check_mean_var_std(DType dtype) {
  const Case<T> c = random_case<T>(dtype);
  const auto lines = lines_of(c);
  const double correction = *rc::gen::element(0.0, 1.0);
  std::vector<T> means;
  std::vector<T> variances;
  std::vector<T> deviations;
  for (const auto& line : lines) {
    const auto n = static_cast<double>(line.size());
    if (line.empty()) {
      means.push_back(T(std::numeric_limits<double>::quiet_NaN()));
    } else {
      means.push_back(pairwise(line.data(), line.size()) / static_cast<T>(line.size()));
    }
    const std::vector<double> wide = converted<double>(line);
    const double average = pairwise(wide.data(), wide.size()) / n;
    std::vector<double> squares;
    for (const double v : wide)
      squares.push_back((v - average) * (v - average));
    const double variance = n - correction <= 0
                                ? std::numeric_limits<double>::quiet_NaN()
                                : pairwise(squares.data(), squares.size()) / (n - correction);
    variances.push_back(static_cast<T>(variance));
    deviations.push_back(static_cast<T>(std::sqrt(variance)));
  }
  require_values(mean(c.x, {.axis = c.axis, .keepdims = c.keepdims}), c.result_shape, means,
                 "mean");
  const VarianceOptions options{.axis = c.axis, .correction = correction, .keepdims = c.keepdims};
  require_values(var(c.x, options), c.result_shape, variances, "var");
  require_values(strict::std(c.x, options), c.result_shape, deviations, "std");
}

RC_GTEST_PROP(ReductionLayouts, MeanVarAndStdSumPairwiseInEveryLayout, ()) {
  if (*rc::gen::arbitrary<bool>()) {
    check_mean_var_std<double>(float64);
  } else {
    check_mean_var_std<float>(float32);
  }
}

RC_GTEST_PROP(ReductionLayouts, MeanOfComplexValues, ()) {
  const Case<std::complex<double>> c = random_case<std::complex<double>>(complex128);
  std::vector<std::complex<double>> means;
  for (const auto& line : lines_of(c)) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    means.push_back(line.empty()
                        ? std::complex<double>(nan, nan)
                        : pairwise(line.data(), line.size()) / static_cast<double>(line.size()));
  }
  require_values(mean(c.x, {.axis = c.axis, .keepdims = c.keepdims}), c.result_shape, means,
                 "mean");
}

template <class S>
void check_truth(DType dtype) {
  const Case<S> c = random_case<S>(dtype);
  std::vector<bool> every;
  std::vector<bool> some;
  std::vector<std::int64_t> counts;
  for (const auto& line : lines_of(c)) {
    std::int64_t nonzero = 0;
    for (const S& v : line)
      nonzero += v != S{} ? 1 : 0;  // NaN != 0, so NaN counts as true
    every.push_back(nonzero == static_cast<std::int64_t>(line.size()));
    some.push_back(nonzero > 0);
    counts.push_back(nonzero);
  }
  const AxisOptions options{.axis = c.axis, .keepdims = c.keepdims};
  require_values(all(c.x, options), c.result_shape, every, "all");
  require_values(any(c.x, options), c.result_shape, some, "any");
  require_values(count_nonzero(c.x, options), c.result_shape, counts, "count_nonzero");
}

RC_GTEST_PROP(ReductionLayouts, AllAnyAndCountNonzeroAgreeWithALoop, ()) {
  switch (*rc::gen::inRange(0, 4)) {
    case 0:
      return check_truth<std::uint8_t>(DType::bool_);
    case 1:
      return check_truth<double>(float64);
    case 2:
      return check_truth<std::complex<double>>(complex128);
    default:
      return check_truth<std::int8_t>(int8);
  }
}

template <class S, class Out>
void check_cumulative(DType dtype, std::optional<DType> out_dtype) {
  const Shape shape = random_shape(3);
  if (shape.empty()) return;
  const auto values = *rc::gen::container<std::vector<S>>(
      static_cast<std::size_t>(element_count(shape)), random_element<S>());
  const Array x = array_of(shape, values, dtype);
  const auto axis = *rc::gen::inRange<std::int64_t>(0, static_cast<std::int64_t>(shape.size()));
  const bool initial = *rc::gen::arbitrary<bool>();
  Shape result_shape = shape;
  result_shape[static_cast<std::size_t>(axis)] += initial ? 1 : 0;
  // Each line along `axis`, in order, with its running sum (product) in the same places.
  std::vector<Out> sums(static_cast<std::size_t>(element_count(result_shape)));
  std::vector<Out> products(sums.size());
  std::int64_t outer = 1;
  std::int64_t inner = 1;
  for (std::int64_t d = 0; d < static_cast<std::int64_t>(shape.size()); ++d) {
    if (d < axis) outer *= shape[static_cast<std::size_t>(d)];
    if (d > axis) inner *= shape[static_cast<std::size_t>(d)];
  }
  const std::int64_t n = shape[static_cast<std::size_t>(axis)];
  const std::int64_t m = n + (initial ? 1 : 0);
  for (std::int64_t o = 0; o < outer; ++o) {
    for (std::int64_t i = 0; i < inner; ++i) {
      Out running_sum = Out(0);
      Out running_product = Out(1);
      if (initial) {
        sums[static_cast<std::size_t>(o * m * inner + i)] = Out(0);
        products[static_cast<std::size_t>(o * m * inner + i)] = Out(1);
      }
      for (std::int64_t k = 0; k < n; ++k) {
        const Out v = static_cast<Out>(values[static_cast<std::size_t>((o * n + k) * inner + i)]);
        running_sum = wrap_add(running_sum, v);
        running_product = wrap_multiply(running_product, v);
        const auto place = static_cast<std::size_t>((o * m + k + (initial ? 1 : 0)) * inner + i);
        sums[place] = running_sum;
        products[place] = running_product;
      }
    }
  }
  const CumulativeOptions options{.axis = axis, .dtype = out_dtype, .include_initial = initial};
  require_values(cumulative_sum(x, options), result_shape, sums, "cumulative_sum");
  require_values(cumulative_prod(x, options), result_shape, products, "cumulative_prod");
}

RC_GTEST_PROP(ReductionLayouts, CumulativeSumsAndProductsRunInOrderAlongAnyAxis, ()) {
  switch (*rc::gen::inRange(0, 3)) {
    case 0:
      return check_cumulative<double, double>(float64, std::nullopt);
    case 1:
      return check_cumulative<float, float>(float32, std::nullopt);
    default:
      return check_cumulative<std::int8_t, std::int8_t>(int8, int8);
  }
}

template <class S>
void check_vecdot(DType dtype) {
  const Shape shape = random_shape(3);
  if (shape.empty()) return;
  const auto count = static_cast<std::size_t>(element_count(shape));
  const auto a = *rc::gen::container<std::vector<S>>(count, random_element<S>());
  const auto b = *rc::gen::container<std::vector<S>>(count, random_element<S>());
  const Array x1 = array_of(shape, a, dtype);
  const Array x2 = array_of(shape, b, dtype);
  const auto ndim = static_cast<std::int64_t>(shape.size());
  const std::int64_t axis = *rc::gen::inRange<std::int64_t>(-ndim, 0);
  const std::vector<std::int64_t> axes{axis + ndim};
  const auto lines1 = lines_of(shape, a, axes);
  const auto lines2 = lines_of(shape, b, axes);
  // The products conj(a_i) * b_i, summed as sum() sums: pairwise (integers wrap around).
  std::vector<S> expected;
  for (std::size_t o = 0; o < lines1.size(); ++o) {
    std::vector<S> products;
    for (std::size_t k = 0; k < lines1[o].size(); ++k) {
      S left = lines1[o][k];
      if constexpr (is_complex<S>) left = std::conj(left);
      products.push_back(wrap_multiply(left, lines2[o][k]));
    }
    expected.push_back(reference_sum<S>(products));
  }
  Shape result_shape = shape;
  result_shape.erase(result_shape.begin() + (axis + ndim));
  require_values(vecdot(x1, x2, {.axis = axis}), result_shape, expected, "vecdot");
}

RC_GTEST_PROP(ReductionLayouts, VecdotSumsProductsAsSumDoesAlongAnyAxis, ()) {
  switch (*rc::gen::inRange(0, 3)) {
    case 0:
      return check_vecdot<double>(float64);
    case 1:
      return check_vecdot<std::complex<double>>(complex128);
    default:
      return check_vecdot<std::int32_t>(int32);
  }
}

template <class S>
void check_vector_norm(DType dtype) {
  const Case<S> c = random_case<S>(dtype);
  const double ord =
      *rc::gen::element(2.0, 1.0, 0.0, 3.0, -1.0, std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity());
  const auto lines = lines_of(c);
  const linalg::VectorNormOptions options{.axis = c.axis, .keepdims = c.keepdims, .ord = ord};
  if (std::isinf(ord) && has_empty_line(c.shape, c.axes, lines.size())) {
    RC_ASSERT_THROWS_AS(linalg::vector_norm(c.x, options), InvalidArgumentError);
    return;
  }
  using Real =
      std::conditional_t<std::is_same_v<S, float> || std::is_same_v<S, std::complex<float>>, float,
                         double>;
  std::vector<Real> expected;
  for (const auto& line : lines) {
    std::vector<double> sizes;
    for (const S& v : line) {
      if constexpr (is_complex<S>) {
        sizes.push_back(std::abs(std::complex<double>(v)));
      } else {
        sizes.push_back(std::abs(static_cast<double>(v)));
      }
    }
    double norm = 0;
    if (std::isinf(ord)) {
      norm = sizes[static_cast<std::size_t>(reference_arg_extreme(sizes, ord > 0))];
    } else {
      std::vector<double> terms;
      for (const double m : sizes)
        terms.push_back(ord == 0   ? (m != 0 ? 1.0 : 0.0)
                        : ord == 1 ? m
                        : ord == 2 ? m * m
                                   : std::pow(m, ord));
      norm = pairwise(terms.data(), terms.size());
      if (ord == 2) norm = std::sqrt(norm);
      if (ord != 0 && ord != 1 && ord != 2) norm = std::pow(norm, 1 / ord);
    }
    expected.push_back(static_cast<Real>(norm));
  }
  require_values(linalg::vector_norm(c.x, options), c.result_shape, expected, "vector_norm");
}

RC_GTEST_PROP(ReductionLayouts, VectorNormSumsPairwiseAndPropagatesNaN, ()) {
  switch (*rc::gen::inRange(0, 3)) {
    case 0:
      return check_vector_norm<double>(float64);
    case 1:
      return check_vector_norm<float>(float32);
    default:
      return check_vector_norm<std::complex<double>>(complex128);
  }
}

// ---- long lines: the blocks of the pairwise sum and the kernels' chunks ----------------------

std::vector<double> random_values(std::size_t n, unsigned seed) {
  std::mt19937_64 generator(seed);
  std::normal_distribution<double> normal;
  std::vector<double> values(n);
  for (double& v : values)
    v = normal(generator);
  return values;
}

Array float64_array(const Shape& shape, const std::vector<double>& values) {
  const std::vector<std::int64_t> strides = [&] {
    std::vector<std::int64_t> out(shape.size(), 8);
    for (std::size_t d = shape.size(); d-- > 1;)
      out[d - 1] = out[d] * shape[d];
    return out;
  }();
  return asarray_from_host_elements(reinterpret_cast<const std::byte*>(values.data()), shape,
                                    strides, float64);
}

TEST(ReductionLayouts, LongLinesAndLongColumnsSumPairwise) {
  // 10007 values: 78 blocks of 128 and an uneven rest, as one line, as columns of a 10007 x 3
  // array, and as the middle axis of a 2 x 10007 x 2 array.
  const std::vector<double> values = random_values(10007 * 6, 7);
  const std::vector<double> line(values.begin(), values.begin() + 10007);
  const double expected = 0.0 + pairwise(line.data(), line.size());
  EXPECT_TRUE(same_bits(sum(float64_array({10007}, line)).values<double>()[0], expected));
  const Array columns = float64_array({10007, 6}, values);
  const std::vector<double> sums = sum(columns, {.axis = Axes{0}}).values<double>();
  const auto column_lines = lines_of(Shape{10007, 6}, values, {0});
  for (std::size_t j = 0; j < 6; ++j)
    EXPECT_TRUE(same_bits(sums[j], 0.0 + pairwise(column_lines[j].data(), 10007)))
        << "column " << j;
  const Array middle = float64_array({2, 10007, 3}, values);
  const std::vector<double> middle_sums = sum(middle, {.axis = Axes{1}}).values<double>();
  const auto middle_lines = lines_of(Shape{2, 10007, 3}, values, {1});
  for (std::size_t j = 0; j < 6; ++j)
    EXPECT_TRUE(same_bits(middle_sums[j], 0.0 + pairwise(middle_lines[j].data(), 10007)));
}

TEST(ReductionLayouts, ANaNOrAnExtremeBeyondTheFirstChunkIsFound) {
  // Lines of 20000 elements: the kernels look at chunks of a few thousand.
  std::vector<double> values = random_values(20000, 3);
  values[15001] = 100;
  values[17003] = 100;  // equal later: the first stays
  values[9000] = -0.0;
  EXPECT_EQ(argmax(float64_array({20000}, values)).values<std::int64_t>()[0], 15001);
  EXPECT_EQ(max(float64_array({20000}, values)).values<double>()[0], 100);
  values[18000] = testing::nan;
  values[19000] = testing::nan;
  EXPECT_EQ(argmax(float64_array({20000}, values)).values<std::int64_t>()[0], 18000);
  EXPECT_EQ(argmin(float64_array({20000}, values)).values<std::int64_t>()[0], 18000);
  EXPECT_TRUE(std::isnan(min(float64_array({20000}, values)).values<double>()[0]));
  // A zero's sign: the first of the equal extremes, as a scan in order keeps it, here beyond
  // the first chunk, along a line and down columns.
  std::vector<double> zeros(9000, -0.0);
  zeros[6000] = 0.0;
  EXPECT_TRUE(std::signbit(max(float64_array({9000}, zeros)).values<double>()[0]));
  EXPECT_TRUE(std::signbit(min(float64_array({9000}, zeros)).values<double>()[0]));
  zeros[0] = 0.0;
  EXPECT_FALSE(std::signbit(max(float64_array({9000}, zeros)).values<double>()[0]));
  EXPECT_FALSE(std::signbit(min(float64_array({9000}, zeros)).values<double>()[0]));
  const std::vector<double> column_max =
      max(float64_array({3000, 3}, zeros), {.axis = Axes{0}}).values<double>();
  EXPECT_FALSE(std::signbit(column_max[0]));
  EXPECT_TRUE(std::signbit(column_max[1]));
}

TEST(ReductionLayouts, AllAndAnyLookAtEveryChunk) {
  std::vector<double> values(30000, 1.0);
  EXPECT_TRUE(all(float64_array({30000}, values)).values<bool>()[0]);
  values[29999] = 0.0;
  EXPECT_FALSE(all(float64_array({30000}, values)).values<bool>()[0]);
  std::vector<double> zeros(30000, 0.0);
  EXPECT_FALSE(any(float64_array({30000}, zeros)).values<bool>()[0]);
  zeros[25000] = testing::nan;
  EXPECT_TRUE(any(float64_array({30000}, zeros)).values<bool>()[0]);
  EXPECT_EQ(count_nonzero(float64_array({30000}, zeros)).values<std::int64_t>()[0], 1);
  EXPECT_EQ(count_nonzero(float64_array({100, 300}, zeros), {.axis = Axes{0}})
                .values<std::int64_t>()[25000 % 300],
            1);
}

TEST(ReductionLayouts, VecdotOfBroadcastOperandsSumsAsTheFastPathDoes) {
  // x2 broadcast against x1 takes the general path; the same x2 made full size the strided one.
  const std::vector<double> values = random_values(5 * 300 + 300, 11);
  const std::vector<double> rows(values.begin(), values.begin() + 1500);
  const std::vector<double> vector(values.begin() + 1500, values.end());
  const Array x1 = float64_array({5, 300}, rows);
  const Array x2 = float64_array({300}, vector);
  const std::vector<double> broadcast = vecdot(x1, x2).values<double>();
  const std::vector<double> full = vecdot(x1, broadcast_to(x2, {5, 300})).values<double>();
  const std::vector<double> products = [&] {
    std::vector<double> out;
    for (std::size_t k = 0; k < 300; ++k)
      out.push_back(rows[600 + k] * vector[k]);
    return out;
  }();
  ASSERT_EQ(broadcast.size(), 5U);
  for (std::size_t i = 0; i < 5; ++i)
    EXPECT_TRUE(same_bits(broadcast[i], full[i])) << i;
  EXPECT_TRUE(same_bits(broadcast[2], 0.0 + pairwise(products.data(), products.size())));
  // And down columns: x1 (300, 5) with x2 (300, 1) along axis -2.
  const Array columns = float64_array({300, 5}, rows);
  const Array column = float64_array({300, 1}, vector);
  const std::vector<double> down = vecdot(columns, column, {.axis = -2}).values<double>();
  const std::vector<double> down_full =
      vecdot(columns, broadcast_to(column, {300, 5}), {.axis = -2}).values<double>();
  for (std::size_t i = 0; i < 5; ++i)
    EXPECT_TRUE(same_bits(down[i], down_full[i])) << i;
}

TEST(ReductionLayouts, ReducingNoAxisKeepsEveryElement) {
  const std::vector<double> values = random_values(24, 5);
  const Array x = float64_array({2, 3, 4}, values);
  const std::vector<double> sums = sum(x, {.axis = Axes{}}).values<double>();
  ASSERT_EQ(sums.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i)
    EXPECT_TRUE(same_bits(sums[i], 0.0 + values[i]));
  EXPECT_EQ(max(x, {.axis = Axes{}}).values<double>(), values);
  EXPECT_EQ(sum(x, {.axis = Axes{}}).shape(), (Shape{2, 3, 4}));
}

}  // namespace
}  // namespace strict::reduction_layouts
