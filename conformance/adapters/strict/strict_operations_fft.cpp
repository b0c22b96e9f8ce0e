// The fft extension: the transforms and shifts of one array, and the frequency
// helpers, which are creation functions: each strict call and its C++ text.
#include <source_location>
#include <variant>

#include <strict/fft.hpp>

#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "strict_operation_table.hpp"

namespace conformance::strict_internal {
namespace {

using strict::fft::ShiftOptions;
using strict::fft::TransformNOptions;
using strict::fft::TransformOptions;

// norm= is a string (Literal['backward', 'ortho', 'forward']), which programs cannot carry: only
// the default "backward" is reachable.
void require_default_norm(const Call& call) {
  if (call.given("norm")) throw Unsupported("norm= is a string, which programs cannot carry");
}
void require_default_norm(const CppCall& call) {
  if (call.given("norm")) throw Unsupported("norm= is a string, which programs cannot carry");
}

// s: Optional[Sequence[int]]; spelled "strict::fft::Lengths{1, 2}".
std::optional<strict::fft::Lengths> lengths(const Call& call) {
  const Value* value = call.arguments().find("s");
  if (value == nullptr || std::holds_alternative<std::monostate>(*value)) return std::nullopt;
  if (const auto* tuple = std::get_if<IntTuple>(value)) return tuple->values;
  throw Unsupported(
      "argument 's' is not a tuple of ints, where strict takes a sequence of lengths");
}
std::optional<std::string> lengths(const CppCall& call) {
  const Value* value = call.arguments().find("s");
  if (value == nullptr || std::holds_alternative<std::monostate>(*value)) return std::nullopt;
  if (const auto* tuple = std::get_if<IntTuple>(value))
    return fmt::format("strict::fft::Lengths{{{}}}", fmt::join(tuple->values, ", "));
  throw Unsupported(
      "argument 's' is not a tuple of ints, where strict takes a sequence of lengths");
}

// "strict::fft::fft" for the catalogue's "fft.fft".
std::string function_name(std::string_view op) {
  return "fft::" + std::string(op.substr(op.find('.') + 1));
}

using OneAxis = strict::Array (*)(const strict::Array&, const TransformOptions&);
using ManyAxes = strict::Array (*)(const strict::Array&, const TransformNOptions&);
using Shift = strict::Array (*)(const strict::Array&, const ShiftOptions&);
using Frequencies = strict::Array (*)(std::int64_t, const strict::fft::FrequencyOptions&,
                                      const std::source_location&);

}  // namespace

void add_fft(OperationTable& table) {
  const std::pair<const char*, OneAxis> one_axis[] = {
      {"fft.fft", &strict::fft::fft},   {"fft.ifft", &strict::fft::ifft},
      {"fft.rfft", &strict::fft::rfft}, {"fft.irfft", &strict::fft::irfft},
      {"fft.hfft", &strict::fft::hfft}, {"fft.ihfft", &strict::fft::ihfft}};
  for (const auto& [op, function] : one_axis) {
    table.add(
        op,
        [function](const Call& call) {
          require_default_norm(call);
          return one(function(call.array("x"),
                              {.n = call.optional_integer("n"), .axis = call.integer("axis", -1)}));
        },
        [name = function_name(op)](const CppCall& call) {
          require_default_norm(call);
          return array_text(function_call(
              name, {call.array("x"),
                     designated({{"n", call.integer("n")}, {"axis", call.integer("axis")}})}));
        });
  }
  const std::pair<const char*, ManyAxes> many_axes[] = {{"fft.fftn", &strict::fft::fftn},
                                                        {"fft.ifftn", &strict::fft::ifftn},
                                                        {"fft.rfftn", &strict::fft::rfftn},
                                                        {"fft.irfftn", &strict::fft::irfftn}};
  for (const auto& [op, function] : many_axes) {
    table.add(
        op,
        [function](const Call& call) {
          require_default_norm(call);
          return one(function(call.array("x"), {.s = lengths(call), .axes = call.axes("axes")}));
        },
        [name = function_name(op)](const CppCall& call) {
          require_default_norm(call);
          return array_text(function_call(
              name,
              {call.array("x"), designated({{"s", lengths(call)}, {"axes", call.axes("axes")}})}));
        });
  }
  const std::pair<const char*, Shift> shifts[] = {{"fft.fftshift", &strict::fft::fftshift},
                                                  {"fft.ifftshift", &strict::fft::ifftshift}};
  for (const auto& [op, function] : shifts) {
    table.add(
        op,
        [function](const Call& call) {
          return one(function(call.array("x"), {.axes = call.axes("axes")}));
        },
        [name = function_name(op)](const CppCall& call) {
          return array_text(
              function_call(name, {call.array("x"), designated({{"axes", call.axes("axes")}})}));
        });
  }
  const std::pair<const char*, Frequencies> frequencies[] = {
      {"fft.fftfreq", &strict::fft::fftfreq}, {"fft.rfftfreq", &strict::fft::rfftfreq}};
  for (const auto& [op, function] : frequencies) {
    table.add(
        op,
        [function, name = std::string(op)](const Call& call) {
          const auto n = call.optional_integer("n");
          if (!n) throw Unsupported(name + " needs n");
          return one(function(
              *n, {.d = call.number("d", 1.0), .dtype = call.dtype(), .device = call.device()},
              std::source_location::current()));
        },
        [op, name = function_name(op)](const CppCall& call) {
          const auto n = call.integer("n");
          if (!n) throw Unsupported(std::string(op) + " needs n");
          return array_text(function_call(name, {*n, designated({{"d", call.number("d")},
                                                                 {"dtype", call.dtype()},
                                                                 {"device", call.device()}})}));
        });
  }
}

}  // namespace conformance::strict_internal
