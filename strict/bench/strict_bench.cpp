// Per-call cost and throughput of strict's element-wise kernels, next to memcpy as the memory
// bandwidth ceiling measured in the same run; and the fft extension's line transform at a
// power-of-two length and at a prime one (Bluestein), which should cost the same order.
#include <cstring>
#include <vector>

#include <benchmark/benchmark.h>

#include "strict/strict.hpp"

namespace {

strict::Array filled(std::int64_t n, double value) {
  return strict::add(strict::zeros({n}, {.dtype = strict::float64}), value);
}

// Overhead of one small call: device check, promotion, allocation, provenance, the loop.
void BM_AddSmallFloat64(benchmark::State& state) {
  const strict::Array a = filled(8, 1.0);
  const strict::Array b = filled(8, 2.0);
  for (auto _ : state) {
    strict::Array c = strict::add(a, b);
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_AddSmallFloat64);

constexpr std::int64_t large = 10'000'000;

// Bytes touched per element: two reads and one write of 8 bytes.
void BM_AddLargeFloat64(benchmark::State& state) {
  const strict::Array a = filled(large, 1.0);
  const strict::Array b = filled(large, 2.0);
  for (auto _ : state) {
    strict::Array c = strict::add(a, b);
    benchmark::DoNotOptimize(c);
  }
  state.SetBytesProcessed(state.iterations() * large * 3 * 8);
}
BENCHMARK(BM_AddLargeFloat64)->Unit(benchmark::kMillisecond)->UseRealTime();

// The ceiling: memcpy of one operand's bytes (one read, one write per element) into a buffer
// allocated and touched once, so it pays no allocation or page faults, which add does pay.
void BM_MemcpyLargeFloat64(benchmark::State& state) {
  const std::vector<double> source(large, 1.0);
  std::vector<double> destination(large, 0.0);
  for (auto _ : state) {
    std::memcpy(destination.data(), source.data(), large * sizeof(double));
    benchmark::DoNotOptimize(destination.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * large * 2 * 8);
}
BENCHMARK(BM_MemcpyLargeFloat64)->Unit(benchmark::kMillisecond)->UseRealTime();

// One complex128 fft of n points: n = 4096 (mixed radix) and 4093 (prime: Bluestein, three
// transforms of 8192 = 2^13 points, the smallest 5-smooth length >= 2n - 1). The direct DFT this
// replaced took n^2 steps.
void BM_FftLine(benchmark::State& state) {
  const strict::Array x = strict::astype(filled(state.range(0), 1.0), strict::complex128);
  for (auto _ : state) {
    strict::Array spectrum = strict::fft::fft(x);
    benchmark::DoNotOptimize(spectrum);
  }
}
BENCHMARK(BM_FftLine)->Arg(4096)->Arg(4093)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
