// T, mT, the host conversions (__bool__ ... __index__), __dlpack__ and __array_namespace__.
#include "strict/array_members.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "strict/errors.hpp"
#include "strict/transfer.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using testing::zeros_of;

// ---- T and mT -------------------------------------------------------------------------------

TEST(Transpose, TSwapsTheTwoDimensionsOfAMatrix) {
  const Array t = T(make({{1, 2, 3}, {4, 5, 6}}, int32));
  EXPECT_EQ(t.shape(), (Shape{3, 2}));
  EXPECT_EQ(t.dtype(), int32);
  EXPECT_EQ(host_values<int>(t), (std::vector<int>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(T(zeros({0, 2})).shape(), (Shape{2, 0}));
}

TEST(Transpose, TNeedsExactlyTwoDimensions) {
  EXPECT_THROW(T(zeros({3})), InvalidArgumentError);
  EXPECT_THROW(T(zeros({2, 2, 2})), InvalidArgumentError);
  EXPECT_THROW(T(make(1.0, float64)), InvalidArgumentError);
}

TEST(Transpose, MTSwapsTheLastTwoDimensionsOfEachMatrix) {
  const Array stack = make({{{1, 2}, {3, 4}, {5, 6}}, {{7, 8}, {9, 10}, {11, 12}}}, int64);
  const Array t = mT(stack);
  EXPECT_EQ(t.shape(), (Shape{2, 2, 3}));
  EXPECT_EQ(host_values<std::int64_t>(t),
            (std::vector<std::int64_t>{1, 3, 5, 2, 4, 6, 7, 9, 11, 8, 10, 12}));
  EXPECT_EQ(host_values<int>(mT(make({{1, 2}, {3, 4}}, int8))), (std::vector<int>{1, 3, 2, 4}));
  EXPECT_THROW(mT(zeros({4})), InvalidArgumentError);
}

TEST(Transpose, ResultsStayOnTheArraysDevice) {
  const Array t = T(make({{1.0, 2.0}}, float32, device1()));
  EXPECT_EQ(t.device(), device1());
  EXPECT_EQ(t.provenance().operation, "T");
  EXPECT_EQ(host_values<float>(t), (std::vector<float>{1, 2}));
  const Array m = mT(zeros_of({1, 2, 3}, complex64, device2()));
  EXPECT_EQ(m.device(), device2());
  EXPECT_EQ(m.provenance().operation, "mT");
  EXPECT_EQ(m.shape(), (Shape{1, 3, 2}));
}

// ---- Host conversions -----------------------------------------------------------------------

TEST(HostConversions, Bool) {
  EXPECT_TRUE(to_bool(make(true, bool_)));
  EXPECT_FALSE(to_bool(make(0, int8)));
  EXPECT_TRUE(to_bool(make(-3, int64)));
  EXPECT_FALSE(to_bool(make(-0.0, float64)));
  EXPECT_TRUE(to_bool(make(std::nan(""), float32)));
  EXPECT_TRUE(to_bool(make(std::complex<double>(0, 2), complex128)));
  EXPECT_FALSE(to_bool(make(std::complex<double>(0, 0), complex64)));
}

TEST(HostConversions, Int) {
  EXPECT_EQ(to_int(make(true, bool_)), 1);
  EXPECT_EQ(to_int(make(-7, int16)), -7);
  EXPECT_EQ(to_int(make(-2.75, float64)), -2);
  EXPECT_EQ(to_int(make(2.75, float32)), 2);
  // "If self is either +infinity or -infinity, raise OverflowError. If self is NaN, raise
  // ValueError"; complex: "must raise a TypeError".
  EXPECT_THROW(to_int(make(std::numeric_limits<double>::infinity(), float64)),
               InvalidArgumentError);
  EXPECT_THROW(to_int(make(std::nan(""), float64)), InvalidArgumentError);
  EXPECT_THROW(to_int(make(1e19, float64)), InvalidArgumentError);
  EXPECT_THROW(to_int(astype(make(-1, int64), uint64)), InvalidArgumentError);
  EXPECT_THROW(to_int(make(std::complex<double>(1, 0), complex128)), DTypeError);
}

// Python's ints are unbounded: to_int_value gives __int__'s exact value for a binding, where C++'s
// to_int raises outside int64 ("If self is a finite number, the result is the integer part of
// self").
TEST(HostConversions, IntegerIsExactBeyondInt64) {
  EXPECT_EQ(to_int_value(make(2.891138567361032e20, float64)).as<double>(), 2.891138567361032e20);
  EXPECT_TRUE(to_int_value(make(-1e19, float64)).is_float());
  EXPECT_EQ(to_int_value(make(-2.75, float64)).as<std::int64_t>(), -2);
  EXPECT_FALSE(to_int_value(make(-2.75, float64)).is_float());
  EXPECT_EQ(to_int_value(astype(make(-1, int64), uint64)).as<std::uint64_t>(),
            18446744073709551615ULL);
  EXPECT_EQ(to_int_value(make(true, bool_)).as<std::int64_t>(), 1);
  EXPECT_FALSE(to_int_value(make(true, bool_)).is_bool());
  EXPECT_THROW(to_int_value(make(std::nan(""), float64)), InvalidArgumentError);
  EXPECT_THROW(to_int_value(make(std::complex<double>(1, 0), complex128)), DTypeError);
  // __index__'s twin: the whole uint64 range, an integer dtype only.
  EXPECT_EQ(to_index_value(astype(make(-1, int64), uint64)).as<std::uint64_t>(),
            18446744073709551615ULL);
  EXPECT_THROW(to_index(astype(make(-1, int64), uint64)), InvalidArgumentError);
  EXPECT_THROW(to_index_value(make(2.0, float64)), DTypeError);
}

TEST(HostConversions, FloatAndComplex) {
  EXPECT_EQ(to_float(make(true, bool_)), 1.0);
  EXPECT_EQ(to_float(make(-4, int32)), -4.0);
  EXPECT_EQ(to_float(make(0.5, float32)), 0.5);
  EXPECT_EQ(to_float(astype(make(-1, int64), uint64)), 18446744073709551616.0);
  EXPECT_THROW(to_float(make(std::complex<double>(1, 0), complex64)), DTypeError);
  EXPECT_EQ(to_complex(make(false, bool_)), std::complex<double>(0, 0));
  EXPECT_EQ(to_complex(make(3, uint8)), std::complex<double>(3, 0));
  EXPECT_EQ(to_complex(make(std::complex<double>(1.5, -2), complex64)),
            std::complex<double>(1.5, -2));
}

TEST(HostConversions, Index) {
  EXPECT_EQ(to_index(make(5, uint16)), 5);
  EXPECT_EQ(to_index(make(-5, int8)), -5);
  // "If self has a floating-point data type, the function must raise a TypeError"; strict
  // treats bool the same way.
  EXPECT_THROW(to_index(make(1.0, float64)), DTypeError);
  EXPECT_THROW(to_index(make(true, bool_)), DTypeError);
  EXPECT_THROW(to_index(astype(make(-1, int64), uint64)), InvalidArgumentError);
}

TEST(HostConversions, NeedAZeroDimensionalArray) {
  EXPECT_THROW(to_bool(make({true}, bool_)), InvalidArgumentError);
  EXPECT_THROW(to_int(zeros({1, 1})), InvalidArgumentError);
  EXPECT_THROW(to_float(zeros({0})), InvalidArgumentError);
  EXPECT_THROW(to_complex(zeros({2})), InvalidArgumentError);
  EXPECT_THROW(to_index(zeros_of({1}, int64)), InvalidArgumentError);
}

// The standard says nothing of devices for __bool__ and its siblings, and CuPy, torch, JAX and
// array-api-strict's device1 all read the element: strict does, counted as a transfer to cpu.
TEST(HostConversions, OffTheHostReadTheElementAsACountedTransfer) {
  reset_transfer_counts();
  const Array on_device = make(3, int64, device1());
  EXPECT_TRUE(to_bool(on_device));
  EXPECT_EQ(to_int(on_device), 3);
  EXPECT_EQ(to_float(on_device), 3.0);
  EXPECT_EQ(to_complex(on_device), std::complex<double>(3, 0));
  EXPECT_EQ(to_index(on_device), 3);
  EXPECT_EQ(to_scalar(on_device), Scalar(3));
  EXPECT_EQ(transfer_count(device1(), Device::cpu()), 6u);
  const Array large = astype(make(-1, int64, device2()), uint64);
  EXPECT_EQ(to_scalar(large), Scalar(std::numeric_limits<std::uint64_t>::max()));
  EXPECT_THROW(to_index(large), InvalidArgumentError);  // int64 cannot hold it
  EXPECT_EQ(transfer_count(device2(), Device::cpu()), 2u);
  // On the host nothing moves.
  EXPECT_TRUE(to_bool(make(true, bool_)));
  EXPECT_EQ(transfer_count(Device::cpu(), Device::cpu()), 0u);
  // Wrong dtypes and shapes raise the same error on every device, before any read.
  EXPECT_THROW(to_index(make(1.0, float64, device1())), DTypeError);
  EXPECT_THROW(to_bool(zeros_of({2}, bool_, device1())), InvalidArgumentError);
  EXPECT_EQ(transfer_count(device1(), Device::cpu()), 6u);
}

TEST(HostConversions, OffTheHostAreRefusedUnderADisallowGuardAndLoggedUnderLog) {
  reset_transfer_counts();
  clear_transfer_log();
  const Array on_device = make(1, int64, device1());
  {
    TransferGuard guard(TransferPolicy::disallow);
    try {
      (void)to_bool(on_device);
      FAIL() << "no exception";
    } catch (const TransferError& e) {
      EXPECT_TRUE(contains(e.what(), "__bool__")) << e.what();
      EXPECT_TRUE(contains(e.what(), "device1")) << e.what();
    }
    EXPECT_THROW((void)to_int(on_device), TransferError);
    EXPECT_TRUE(to_bool(make(true, bool_)));  // a host array is no transfer
  }
  EXPECT_EQ(transfer_count(device1(), Device::cpu()), 0u);
  {
    TransferGuard guard(TransferPolicy::log);
    EXPECT_EQ(to_float(on_device), 1.0);
  }
  const auto log = transfer_log();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].operation, "__float__");
  EXPECT_EQ(log[0].source, device1());
}

// ---- __dlpack__ -----------------------------------------------------------------------------

TEST(DLPackExport, WithoutKeywordsExportsAHostArrayItself) {
  const Array x = make({1, 2}, int32);
  const DLPackExport exported = dlpack_export(x);
  EXPECT_TRUE(exported.array.shares_storage_with(x));
  EXPECT_EQ(exported.device, (DLPackDevice{dlpack_cpu, 0}));
  EXPECT_FALSE(exported.is_copied);
}

// A fake device's memory is exported only to a consumer that names that device in dl_device: no
// other library can read it, and one that did not ask would read it as its own device's memory
// ("Implementations should raise BufferError when the data cannot be exported as DLPack").
TEST(DLPackExport, AFakeDevicesMemoryGoesOnlyWhereDlDeviceNamesThatDevice) {
  const Array x = make({1, 2}, int32, device1());
  try {
    (void)dlpack_export(x);
    ADD_FAILURE() << "exported device1's memory to a consumer that did not ask for it";
  } catch (const BufferError& e) {
    EXPECT_TRUE(contains(e.what(), "device1"));
    EXPECT_TRUE(contains(e.what(), "to_device"));  // the way to the host
  }
  EXPECT_THROW(dlpack_export(x, {.copy = true}), BufferError);
  const DLPackExport exported =
      dlpack_export(x, {.dl_device = DLPackDevice{dlpack_simulated, 0}, .copy = false});
  EXPECT_TRUE(exported.array.shares_storage_with(x));
  EXPECT_EQ(exported.device, (DLPackDevice{dlpack_simulated, 0}));
  EXPECT_FALSE(exported.is_copied);
}

// array_object.py::__dlpack__ (2023.12), the producer's recommended logic: "if max_version is
// None: Keep and use the DLPack 0.X implementation"; a 1.x consumer gets the producer's own
// version; a 0.y one the older implementation where the producer kept it (strict did).
TEST(DLPackExport, TheCapsulesVersionFollowsTheConsumersMaxVersion) {
  const Array x = make({1, 2}, int32);
  EXPECT_EQ(dlpack_export(x).version, std::nullopt);
  EXPECT_EQ(dlpack_export(x, {.max_version = DLPackVersion{0, 8}}).version, std::nullopt);
  EXPECT_EQ(dlpack_export(x, {.max_version = DLPackVersion{1, 0}}).version, (DLPackVersion{1, 0}));
  EXPECT_EQ(dlpack_export(x, {.max_version = DLPackVersion{1, 3}}).version, (DLPackVersion{1, 0}));
}

TEST(DLPackExport, CopyTrueCopiesOnTheSameDevice) {
  const Array x = make({1, 2}, int32, device2());
  const DLPackExport exported =
      dlpack_export(x, {.dl_device = DLPackDevice{dlpack_simulated, 1}, .copy = true});
  EXPECT_FALSE(exported.array.shares_storage_with(x));
  EXPECT_EQ(exported.array.device(), device2());
  EXPECT_EQ(exported.device, (DLPackDevice{dlpack_simulated, 1}));
  EXPECT_TRUE(exported.is_copied);
  EXPECT_EQ(host_values<int>(exported.array), (std::vector<int>{1, 2}));
}

TEST(DLPackExport, DlDeviceOnAnotherDeviceCopiesThereAsATransfer) {
  const Array x = make({1.5, 2.5}, float64, device1());
  reset_transfer_counts();
  const DLPackExport exported = dlpack_export(x, {.dl_device = DLPackDevice{dlpack_cpu, 0}});
  EXPECT_TRUE(exported.is_copied);
  EXPECT_EQ(exported.array.device(), Device::cpu());
  EXPECT_EQ(exported.device, (DLPackDevice{dlpack_cpu, 0}));
  EXPECT_EQ(exported.array.values<double>(), (std::vector<double>{1.5, 2.5}));
  EXPECT_EQ(transfer_count(device1(), Device::cpu()), 1u);
}

TEST(DLPackExport, AHostCopyIsRefusedUnderTransferGuardDisallow) {
  const Array x = make({1.5, 2.5}, float64, device1());
  TransferGuard guard(TransferPolicy::disallow);
  EXPECT_THROW(dlpack_export(x, {.dl_device = DLPackDevice{dlpack_cpu, 0}}), TransferError);
}

TEST(DLPackExport, ImpossibleExportsRaiseBufferError) {
  const Array x = make({1, 2}, int32, device1());
  // "If a copy must be made to enable this support but copy is set to False, the function must
  // raise BufferError."
  EXPECT_THROW(dlpack_export(x, {.dl_device = DLPackDevice{dlpack_cpu, 0}, .copy = false}),
               BufferError);
  // "If the device type cannot be handled by the producer, this function must raise
  // BufferError" (2 is kDLCUDA).
  try {
    (void)dlpack_export(x, {.dl_device = DLPackDevice{2, 0}});
    ADD_FAILURE() << "dl_device (2, 0) was exported";
  } catch (const BufferError& e) {
    // Named by the function, with the way to the host.
    const std::string message = e.what();
    EXPECT_TRUE(message.starts_with("__dlpack__(): x, on device1, cannot be exported")) << message;
    EXPECT_NE(message.find("to_device"), std::string::npos) << message;
  }
  // "On CPU and other device types without streams, only None is accepted."
  EXPECT_THROW(dlpack_export(make({1, 2}, int32), {.stream = Stream{1}}), InvalidArgumentError);
}

// ---- __array_namespace__ ----------------------------------------------------------------------

TEST(ArrayNamespace, AcceptsNone2025_12Or2024_12) {
  const Array x = zeros({1}, {.device = device1()});
  EXPECT_EQ(array_namespace(x).api_version, "2025.12");
  EXPECT_EQ(array_namespace(x, "2025.12").api_version, "2025.12");
  EXPECT_EQ(array_namespace(x, "2024.12").api_version, "2024.12");
  EXPECT_THROW(array_namespace(x, "2023.12"), InvalidArgumentError);
  EXPECT_THROW(array_namespace(x, "latest"), InvalidArgumentError);
}

}  // namespace
}  // namespace strict
