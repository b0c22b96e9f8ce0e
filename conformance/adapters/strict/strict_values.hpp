// Program values as strict arguments (StepRef -> the Array, DeviceIndex -> strict::Device, ...),
// and strict arrays as ArrayReports.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <strict/strict.hpp>

#include "conformance/outcome.hpp"
#include "strict_arguments.hpp"
#include "strict_session.hpp"

namespace conformance::strict_internal {

// One call's arguments, read as the strict types a parameter needs. Every reader throws
// Unsupported for a value strict cannot take there (a dtype where a shape belongs), NotRun for a
// reference to a missing result, and lets strict's own errors through (an invalid device).
class Call : public adapter_support::ValueReader {
 public:
  Call(const Arguments& arguments, Session& session)
      : ValueReader(arguments, "strict"), session_(session) {}

  Session& session() const { return session_; }

  // The array itself (not a copy), so in-place operators change what later steps read.
  strict::Array& array(std::string_view name) const;
  std::vector<strict::Array> arrays(std::string_view name) const;  // a RefList
  strict::ArrayOrScalar operand(std::string_view name) const;      // array or Python scalar
  std::optional<strict::ArrayOrScalar> optional_operand(std::string_view name) const;
  strict::Scalar scalar(std::string_view name) const;
  std::optional<strict::Scalar> optional_scalar(std::string_view name) const;
  std::optional<strict::Device> device(std::string_view name = "device") const;
  std::optional<strict::DType> dtype(std::string_view name = "dtype") const;
  strict::DType required_dtype(std::string_view name) const;
  std::optional<strict::DTypeKind> dtype_kind(std::string_view name) const;
  std::optional<strict::Stream> stream(std::string_view name = "stream") const;

 private:
  Session& session_;
};

// The array a reference names; throws NotRun when that step produced no such array.
strict::Array& resolve(const StepRef& ref, Session& session);

// The element values of literal data, typed as Python literals would be (ints where integral,
// bools for a bool dtype).
std::vector<strict::Scalar> literal_values(const Data& data, std::optional<strict::DType> dtype);

// Index of `device` in the handshake's devices, or kUnlistedDevice.
int device_index(strict::Device device, const std::vector<strict::Device>& devices);

// Device, dtype, shape and (read through a copy to cpu) values of an array.
ArrayReport report(const strict::Array& array, const std::vector<strict::Device>& devices);

// The strict dtype of a standard dtype name, or nullopt.
std::optional<strict::DType> dtype_named(std::string_view name);

}  // namespace conformance::strict_internal
