// The transforms of the fft extension: values of small hand-computed transforms, n, axis, s, axes
// and norm, result dtypes, the device rules and bad input.
#include <complex>
#include <vector>

#include <gtest/gtest.h>

#include "strict/fft.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using Complex = std::complex<double>;
using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using testing::zeros_of;

using testing::kTolerance;
constexpr double float32_tolerance = 1e-5;

// sqrt(3)/2, the imaginary part of e^{2 pi i/3}.
constexpr double half_root_three = 0.8660254037844386;

void expect_complex_values(const Array& x, const std::vector<Complex>& expected,
                           double within = kTolerance) {
  const std::vector<Complex> actual = host_values<Complex>(x);
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(actual[i].real(), expected[i].real(), within) << "element " << i;
    EXPECT_NEAR(actual[i].imag(), expected[i].imag(), within) << "element " << i;
  }
}

void expect_real_values(const Array& x, const std::vector<double>& expected,
                        double within = kTolerance) {
  const std::vector<double> actual = host_values<double>(x);
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_NEAR(actual[i], expected[i], within) << "element " << i;
}

Array complex_vector(const std::vector<Complex>& values, DType dtype = complex128,
                     Device device = Device::cpu()) {
  std::vector<NestedSequence> items(values.begin(), values.end());
  return asarray(NestedSequence(items), {.dtype = dtype, .device = device});
}

// -- fft and ifft ---------------------------------------------------------------------------------

TEST(FftValues, ImpulseGivesAFlatSpectrum) {
  const Array spectrum = fft::fft(make({1, 0, 0, 0}, complex128));
  EXPECT_EQ(spectrum.dtype(), complex128);
  EXPECT_EQ(spectrum.shape(), Shape{4});
  expect_complex_values(spectrum, {1, 1, 1, 1});
}

TEST(FftValues, ConstantGivesOnlyTheZeroFrequency) {
  expect_complex_values(fft::fft(make({1, 1, 1, 1}, complex128)), {4, 0, 0, 0});
}

TEST(FftValues, SineGivesTwoOppositeFrequencies) {
  // X[k] = e^{-i pi k/2} - e^{-3i pi k/2}: 0, -2i, 0, 2i.
  expect_complex_values(fft::fft(make({0, 1, 0, -1}, complex128)),
                        {{0, 0}, {0, -2}, {0, 0}, {0, 2}});
}

TEST(FftValues, IfftInvertsFft) {
  expect_complex_values(fft::ifft(complex_vector({{0, 0}, {0, -2}, {0, 0}, {0, 2}})),
                        {0, 1, 0, -1});
  expect_complex_values(fft::ifft(make({4, 0, 0, 0}, complex128)), {1, 1, 1, 1});
}

TEST(FftValues, NormScalesEachDirection) {
  const Array ones = make({1, 1, 1, 1}, complex128);
  // backward: forward unscaled, inverse 1/n; ortho: 1/sqrt(n) both; forward: forward 1/n.
  expect_complex_values(fft::fft(ones, {.norm = "ortho"}), {2, 0, 0, 0});
  expect_complex_values(fft::fft(ones, {.norm = "forward"}), {1, 0, 0, 0});
  expect_complex_values(fft::ifft(ones), {1, 0, 0, 0});
  expect_complex_values(fft::ifft(ones, {.norm = "ortho"}), {2, 0, 0, 0});
  expect_complex_values(fft::ifft(ones, {.norm = "forward"}), {4, 0, 0, 0});
}

TEST(FftValues, NPadsWithZerosOrTrims) {
  // [1, 1, 0, 0]: X[k] = 1 + e^{-i pi k/2}.
  const Array padded = fft::fft(make({1, 1}, complex128), {.n = 4});
  EXPECT_EQ(padded.shape(), Shape{4});
  expect_complex_values(padded, {{2, 0}, {1, -1}, {0, 0}, {1, 1}});
  // [1, 2]: sum and difference.
  expect_complex_values(fft::fft(make({1, 2, 3, 4}, complex128), {.n = 2}), {3, -1});
}

TEST(FftValues, AxisChoosesTheTransformedDimension) {
  const Array x = make({{1, 2}, {3, 4}}, complex128);
  expect_complex_values(fft::fft(x, {.axis = 0}), {4, 6, -2, -2});
  expect_complex_values(fft::fft(x), {3, -1, 7, -1});
  expect_complex_values(fft::fft(x, {.axis = -2}), {4, 6, -2, -2});
  const Array trimmed = fft::fft(make({{1, 2, 3}, {4, 5, 6}}, complex128), {.n = 1, .axis = 1});
  EXPECT_EQ(trimmed.shape(), (Shape{2, 1}));
  expect_complex_values(trimmed, {1, 4});
}

TEST(FftDTypes, RealFloatingInputGivesComplexOfItsPrecision) {
  const Array from_float32 = fft::fft(make({1, 1, 1, 1}, float32));
  EXPECT_EQ(from_float32.dtype(), complex64);
  expect_complex_values(from_float32, {4, 0, 0, 0}, float32_tolerance);
  EXPECT_EQ(fft::fft(make({1, 2}, float64)).dtype(), complex128);
  EXPECT_EQ(fft::ifft(make({1, 2}, complex64)).dtype(), complex64);
}

TEST(FftDTypes, NonFloatingInputRaises) {
  EXPECT_THROW(fft::fft(make({1, 2}, int64)), DTypeError);
  EXPECT_THROW(fft::ifft(make({true, false}, bool_)), DTypeError);
  EXPECT_THROW(fft::fftn(make({1, 2}, int32)), DTypeError);
  EXPECT_THROW(fft::irfft(make({1, 2}, uint8)), DTypeError);
  EXPECT_THROW(fft::hfft(make({1, 2}, int8)), DTypeError);
}

TEST(FftErrors, BadArgumentsRaiseNamingTheFunction) {
  const Array x = make({1, 2, 3, 4}, complex128);
  try {
    (void)fft::fft(x, {.n = 0});
    FAIL() << "fft() accepted n=0";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "fft.fft(): n must be a positive number"));
  }
  EXPECT_THROW(fft::ifft(x, {.n = -3}), InvalidArgumentError);
  EXPECT_THROW(fft::fft(x, {.axis = 1}), InvalidArgumentError);
  EXPECT_THROW(fft::fft(x, {.axis = -2}), InvalidArgumentError);
  try {
    (void)fft::fft(x, {.norm = "none"});
    FAIL() << "fft() accepted norm=\"none\"";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "norm must be \"backward\", \"ortho\" or \"forward\""));
  }
  // A 0-d array has no axis to transform.
  EXPECT_THROW(fft::fft(zeros_of({}, complex128)), InvalidArgumentError);
}

TEST(FftEmpty, EmptyOuterDimensionsGiveEmptyResults) {
  const Array result = fft::fft(zeros_of({0, 4}, complex128));
  EXPECT_EQ(result.shape(), (Shape{0, 4}));
  EXPECT_EQ(result.dtype(), complex128);
  // No points along the axis: a transform of 0 points is not defined unless n pads.
  EXPECT_THROW(fft::fft(zeros_of({3, 0}, complex128)), InvalidArgumentError);
  const Array padded = fft::fft(zeros_of({3, 0}, complex128), {.n = 2});
  EXPECT_EQ(padded.shape(), (Shape{3, 2}));
  expect_complex_values(padded, {0, 0, 0, 0, 0, 0});
}

// -- fftn and ifftn -------------------------------------------------------------------------------

TEST(FftnValues, TransformsEveryAxisByDefault) {
  // Rows: [3, -1], [7, -1]; then columns: [10, -4], [-2, 0].
  const Array spectrum = fft::fftn(make({{1, 2}, {3, 4}}, complex128));
  EXPECT_EQ(spectrum.shape(), (Shape{2, 2}));
  expect_complex_values(spectrum, {10, -2, -4, 0});
  expect_complex_values(fft::ifftn(make({{10, -2}, {-4, 0}}, complex128)), {1, 2, 3, 4});
  // ortho: 1/sqrt(4) = 1/2 in all.
  expect_complex_values(fft::fftn(make({{1, 2}, {3, 4}}, complex128), {.norm = "ortho"}),
                        {5, -1, -2, 0});
}

TEST(FftnValues, SPairsWithAxes) {
  const Array padded =
      fft::fftn(make({1, 1}, complex128), {.s = fft::Lengths{4}, .axes = fft::Axes{0}});
  expect_complex_values(padded, {{2, 0}, {1, -1}, {0, 0}, {1, 1}});
  // -1 keeps the axis as it is.
  expect_complex_values(
      fft::fftn(make({1, 2, 3, 4}, complex128), {.s = fft::Lengths{-1}, .axes = fft::Axes{-1}}),
      {{10, 0}, {-2, 2}, {-2, 0}, {-2, -2}});
  // Only the axes listed are transformed: axis 1 here.
  expect_complex_values(fft::fftn(make({{1, 2}, {3, 4}}, complex128), {.axes = fft::Axes{1}}),
                        {3, -1, 7, -1});
  // s=(1, 2) with axes=(1, 0): axis 1 trimmed to one point, axis 0 kept.
  const Array trimmed = fft::fftn(make({{1, 2}, {3, 4}}, complex128),
                                  {.s = fft::Lengths{1, 2}, .axes = fft::Axes{1, 0}});
  EXPECT_EQ(trimmed.shape(), (Shape{2, 1}));
  expect_complex_values(trimmed, {4, -2});
}

TEST(FftnValues, NoAxesGivesAComplexCopy) {
  const Array copy = fft::fftn(make({1, 2}, float64), {.axes = fft::Axes{}});
  EXPECT_EQ(copy.dtype(), complex128);
  expect_complex_values(copy, {1, 2});
}

TEST(FftnErrors, BadSAndAxesRaise) {
  const Array x = zeros_of({2, 3}, complex128);
  // "If s is not None, axes must not be None either".
  EXPECT_THROW(fft::fftn(x, {.s = fft::Lengths{2, 3}}), InvalidArgumentError);
  EXPECT_THROW(fft::fftn(x, {.s = fft::Lengths{2}, .axes = fft::Axes{0, 1}}), InvalidArgumentError);
  EXPECT_THROW(fft::fftn(x, {.s = fft::Lengths{0}, .axes = fft::Axes{0}}), InvalidArgumentError);
  EXPECT_THROW(fft::fftn(x, {.s = fft::Lengths{-2}, .axes = fft::Axes{0}}), InvalidArgumentError);
  EXPECT_THROW(fft::ifftn(x, {.axes = fft::Axes{2}}), InvalidArgumentError);
  try {
    (void)fft::fftn(x, {.axes = fft::Axes{1, -1}});
    FAIL() << "fftn() accepted axes=(1, -1)";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "fft.fftn(): axes=(1, -1) names dimension 1 more than once"));
  }
  EXPECT_THROW(fft::fftn(x, {.norm = "backwards"}), InvalidArgumentError);
}

// -- rfft, irfft, rfftn, irfftn -------------------------------------------------------------------

TEST(RfftValues, KeepsTheNonNegativeFrequencies) {
  // fft([1, 2, 3, 4]) = [10, -2+2i, -2, -2-2i]; rfft keeps n//2+1 = 3 of them.
  const Array spectrum = fft::rfft(make({1, 2, 3, 4}, float64));
  EXPECT_EQ(spectrum.dtype(), complex128);
  EXPECT_EQ(spectrum.shape(), Shape{3});
  expect_complex_values(spectrum, {{10, 0}, {-2, 2}, {-2, 0}});
  // n=3 trims to [1, 2, 3]: X[1] = 1 + 2e^{-2 pi i/3} + 3e^{-4 pi i/3} = -1.5 + i sqrt(3)/2.
  const Array trimmed = fft::rfft(make({1, 2, 3, 4}, float64), {.n = 3});
  EXPECT_EQ(trimmed.shape(), Shape{2});
  expect_complex_values(trimmed, {{6, 0}, {-1.5, half_root_three}});
  const Array single = fft::rfft(make({1, 2, 3, 4}, float32));
  EXPECT_EQ(single.dtype(), complex64);
  expect_complex_values(single, {{10, 0}, {-2, 2}, {-2, 0}}, float32_tolerance);
}

TEST(RfftDTypes, ComplexInputRaises) {
  EXPECT_THROW(fft::rfft(make({1, 2}, complex128)), DTypeError);
  EXPECT_THROW(fft::rfftn(make({1, 2}, complex64)), DTypeError);
  EXPECT_THROW(fft::ihfft(make({1, 2}, complex128)), DTypeError);
  EXPECT_THROW(fft::rfft(make({1, 2}, int64)), DTypeError);
}

TEST(IrfftValues, RebuildsTheRealSignal) {
  // n = 2*(3-1) = 4 by default.
  const Array signal = fft::irfft(complex_vector({{10, 0}, {-2, 2}, {-2, 0}}));
  EXPECT_EQ(signal.dtype(), float64);
  EXPECT_EQ(signal.shape(), Shape{4});
  expect_real_values(signal, {1, 2, 3, 4});
  // An odd length needs n.
  const Array odd = fft::irfft(complex_vector({{6, 0}, {-1.5, half_root_three}}), {.n = 3});
  EXPECT_EQ(odd.shape(), Shape{3});
  expect_real_values(odd, {1, 2, 3});
  // The imaginary part of the zero frequency does not contribute.
  expect_real_values(fft::irfft(complex_vector({{4, 7}, {0, 0}, {0, 0}})), {1, 1, 1, 1});
  // "forward": the inverse is unscaled.
  expect_real_values(fft::irfft(complex_vector({{1, 0}, {0, 0}, {0, 0}}), {.norm = "forward"}),
                     {1, 1, 1, 1});
  const Array single = fft::irfft(complex_vector({{10, 0}, {-2, 2}, {-2, 0}}, complex64));
  EXPECT_EQ(single.dtype(), float32);
  expect_real_values(single, {1, 2, 3, 4}, float32_tolerance);
}

TEST(IrfftErrors, OnePointNeedsN) {
  // 2*(1-1) = 0 points.
  EXPECT_THROW(fft::irfft(complex_vector({{1, 0}})), InvalidArgumentError);
  expect_real_values(fft::irfft(complex_vector({{2, 0}}), {.n = 2}), {1, 1});
  EXPECT_THROW(fft::irfft(complex_vector({{1, 0}, {2, 0}}), {.n = 0}), InvalidArgumentError);
}

TEST(RfftnValues, RealTransformAlongTheLastAxisListed) {
  const Array x = make({{1, 2, 3, 4}, {0, 0, 0, 0}}, float64);
  // Rows: rfft gives [10, -2+2i, -2] and [0, 0, 0]; then axis 0: sums and differences.
  const Array spectrum = fft::rfftn(x);
  EXPECT_EQ(spectrum.shape(), (Shape{2, 3}));
  EXPECT_EQ(spectrum.dtype(), complex128);
  expect_complex_values(spectrum, {{10, 0}, {-2, 2}, {-2, 0}, {10, 0}, {-2, 2}, {-2, 0}});
  // axes=(1, 0): the real transform runs along axis 0 ([1, 0] -> [1, 1], ...), then axis 1.
  const Array reordered = fft::rfftn(x, {.axes = fft::Axes{1, 0}});
  EXPECT_EQ(reordered.shape(), (Shape{2, 4}));
  expect_complex_values(reordered,
                        {{10, 0}, {-2, 2}, {-2, 0}, {-2, -2}, {10, 0}, {-2, 2}, {-2, 0}, {-2, -2}});
  const Array trimmed = fft::rfftn(x, {.s = fft::Lengths{1, 3}, .axes = fft::Axes{0, 1}});
  EXPECT_EQ(trimmed.shape(), (Shape{1, 2}));
  expect_complex_values(trimmed, {{6, 0}, {-1.5, half_root_three}});
}

TEST(IrfftnValues, InvertsRfftn) {
  const Array spectrum = asarray({{Complex(10, 0), Complex(-2, 2), Complex(-2, 0)},
                                  {Complex(10, 0), Complex(-2, 2), Complex(-2, 0)}},
                                 {.dtype = complex128});
  const Array signal = fft::irfftn(spectrum);
  EXPECT_EQ(signal.dtype(), float64);
  EXPECT_EQ(signal.shape(), (Shape{2, 4}));
  expect_real_values(signal, {1, 2, 3, 4, 0, 0, 0, 0});
  const Array odd = fft::irfftn(complex_vector({{6, 0}, {-1.5, half_root_three}}),
                                {.s = fft::Lengths{3}, .axes = fft::Axes{0}});
  expect_real_values(odd, {1, 2, 3});
}

TEST(RealNErrors, TheRealTransformNeedsAnAxis) {
  EXPECT_THROW(fft::rfftn(make({1, 2}, float64), {.axes = fft::Axes{}}), InvalidArgumentError);
  EXPECT_THROW(fft::irfftn(make({1, 2}, complex128), {.axes = fft::Axes{}}), InvalidArgumentError);
  EXPECT_THROW(fft::irfftn(zeros_of({3, 1}, complex128)), InvalidArgumentError);
}

// -- hfft and ihfft -------------------------------------------------------------------------------

TEST(HfftValues, TransformsAHermitianSignalToReal) {
  // The full signal [1, 2i, 0, -2i]; y[j] = 1 + 2i e^{-i pi j/2} - 2i e^{-3i pi j/2}.
  const Array spectrum = fft::hfft(complex_vector({{1, 0}, {0, 2}, {0, 0}}));
  EXPECT_EQ(spectrum.dtype(), float64);
  EXPECT_EQ(spectrum.shape(), Shape{4});
  expect_real_values(spectrum, {1, 5, 1, -3});
  // "forward": 1/n on the forward transform.
  expect_real_values(fft::hfft(complex_vector({{1, 0}, {0, 2}, {0, 0}}), {.norm = "forward"}),
                     {0.25, 1.25, 0.25, -0.75});
}

TEST(IhfftValues, IsTheConjugateOfTheScaledRfft) {
  // conj([10, -2+2i, -2]) / 4.
  const Array spectrum = fft::ihfft(make({1, 2, 3, 4}, float64));
  EXPECT_EQ(spectrum.dtype(), complex128);
  EXPECT_EQ(spectrum.shape(), Shape{3});
  expect_complex_values(spectrum, {{2.5, 0}, {-0.5, -0.5}, {-0.5, 0}});
  expect_complex_values(fft::ihfft(make({1, 2, 3, 4}, float32), {.norm = "forward"}),
                        {{10, 0}, {-2, -2}, {-2, 0}}, float32_tolerance);
}

// -- Devices --------------------------------------------------------------------------------------

TEST(FftDevices, ResultsStayOnTheInputsDevice) {
  const Array on_device1 = make({1, 0, 0, 0}, complex128, device1());
  const Array on_device2 = make({1, 2, 3, 4}, float32, device2());
  const std::vector<Array> results = {
      fft::fft(on_device1),   fft::ifft(on_device1), fft::fftn(on_device1),  fft::ifftn(on_device1),
      fft::irfft(on_device1), fft::hfft(on_device1), fft::irfftn(on_device1)};
  for (const Array& result : results)
    EXPECT_EQ(result.device(), device1());
  for (const Array& result :
       {fft::rfft(on_device2), fft::ihfft(on_device2), fft::rfftn(on_device2)})
    EXPECT_EQ(result.device(), device2());
  expect_complex_values(fft::fft(on_device1), {1, 1, 1, 1});
}

TEST(FftDevices, ResultsOffTheHostAreReadOnlyThroughATransfer) {
  const Array spectrum = fft::fft(make({1, 1}, complex128, device1()));
  EXPECT_THROW((void)spectrum.scalars(), HostAccessError);
  expect_complex_values(spectrum, {2, 0});
}

TEST(FftDevices, ProvenanceNamesTheTransform) {
  const Array spectrum = fft::rfft(make({1, 2}, float64, device1()));
  EXPECT_TRUE(contains(spectrum.provenance().describe(spectrum.device()), "fft.rfft"));
}

// A device that holds float64 but not complex128, so a float64 transform has nowhere to go.
Device device_without_complex128() {
  static const Device device = [] {
    std::vector<DType> supported;
    for (DType dtype : {bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32,
                        float64, complex64})
      supported.push_back(dtype);
    return register_device({.name = "fft_no_complex128",
                            .supported_dtypes = supported,
                            .default_dtypes = {float64, complex64, int64, int64}});
  }();
  return device;
}

TEST(FftDevices, AResultDTypeTheDeviceCannotHoldRaises) {
  enable_device(device_without_complex128().name());
  {
    const Array doubles = make({1, 2, 3, 4}, float64, device_without_complex128());
    EXPECT_THROW(fft::rfft(doubles), UnsupportedDTypeError);
    EXPECT_THROW(fft::fft(doubles), UnsupportedDTypeError);
    EXPECT_THROW(fft::rfftn(doubles), UnsupportedDTypeError);
    EXPECT_THROW(fft::ihfft(doubles), UnsupportedDTypeError);
    // float32 transforms give complex64, which it holds.
    const Array singles = make({1, 2, 3, 4}, float32, device_without_complex128());
    const Array spectrum = fft::rfft(singles);
    EXPECT_EQ(spectrum.dtype(), complex64);
    EXPECT_EQ(spectrum.device(), device_without_complex128());
    expect_complex_values(spectrum, {{10, 0}, {-2, 2}, {-2, 0}}, float32_tolerance);
  }
  // Off again: the tests of devices() see the default set, whatever order the tests run in.
  set_device_enabled(device_without_complex128().name(), false);
}

TEST(FftDevices, Float32TransformsWorkOnNoFloat64) {
  enable_device("no_float64");
  const Device no_float64("no_float64");
  const Array spectrum = fft::fft(make({1, 1, 1, 1}, float32, no_float64));
  EXPECT_EQ(spectrum.dtype(), complex64);
  EXPECT_EQ(spectrum.device(), no_float64);
  expect_complex_values(spectrum, {4, 0, 0, 0}, float32_tolerance);
  EXPECT_EQ(fft::irfft(spectrum).dtype(), float32);
  set_device_enabled("no_float64", false);
}

}  // namespace
}  // namespace strict
