// The fft extension over ATen's at::fft_* functions: the transforms and shifts of one tensor
// (axis/axes -> dim), and the frequency helpers, which are factories (dtype=/device= as options).
// No C++ text is written for them yet.
#include <variant>

#include "torch_operations.hpp"

namespace conformance::torch_internal {
namespace {

using OneAxis = at::Tensor (*)(const at::Tensor&, c10::optional<std::int64_t>, std::int64_t);
using ManyAxes = at::Tensor (*)(const at::Tensor&, at::OptionalIntArrayRef,
                                at::OptionalIntArrayRef);
using Shift = at::Tensor (*)(const at::Tensor&, at::OptionalIntArrayRef);
using Frequencies = at::Tensor (*)(std::int64_t, double, at::TensorOptions);

// norm= is a string (Literal['backward', 'ortho', 'forward']), which programs cannot carry: only
// the default "backward" (ATen's nullopt) is reachable.
void require_default_norm(const Call& call) {
  if (call.given("norm")) throw Unsupported("norm= is a string, which programs cannot carry");
}

// s: Optional[Sequence[int]]; ATen's int[1]? also takes one int as a length-1 list, as torch's
// Python binding does.
std::optional<std::vector<std::int64_t>> lengths(const Call& call) {
  const Value* value = call.arguments().find("s");
  if (value == nullptr || std::holds_alternative<std::monostate>(*value)) return std::nullopt;
  if (const auto* tuple = std::get_if<IntTuple>(value)) return tuple->values;
  if (const auto* n = std::get_if<std::int64_t>(value)) return std::vector<std::int64_t>{*n};
  throw Unsupported("argument 's' is not a tuple of ints, where libtorch takes a list of lengths");
}

at::OptionalIntArrayRef optional_ref(const std::optional<std::vector<std::int64_t>>& values) {
  return values ? at::OptionalIntArrayRef(*values) : at::OptionalIntArrayRef();
}

}  // namespace

void add_fft_operations(OperationTable& table) {
  const std::pair<const char*, OneAxis> one_axis[] = {
      {"fft.fft", [](const at::Tensor& x, c10::optional<std::int64_t> n,
                     std::int64_t dim) { return at::fft_fft(x, n, dim); }},
      {"fft.ifft", [](const at::Tensor& x, c10::optional<std::int64_t> n,
                      std::int64_t dim) { return at::fft_ifft(x, n, dim); }},
      {"fft.rfft", [](const at::Tensor& x, c10::optional<std::int64_t> n,
                      std::int64_t dim) { return at::fft_rfft(x, n, dim); }},
      {"fft.irfft", [](const at::Tensor& x, c10::optional<std::int64_t> n,
                       std::int64_t dim) { return at::fft_irfft(x, n, dim); }},
      {"fft.hfft", [](const at::Tensor& x, c10::optional<std::int64_t> n,
                      std::int64_t dim) { return at::fft_hfft(x, n, dim); }},
      {"fft.ihfft", [](const at::Tensor& x, c10::optional<std::int64_t> n,
                       std::int64_t dim) { return at::fft_ihfft(x, n, dim); }},
  };
  for (const auto& [name, function] : one_axis) {
    table.add(
        name,
        [function](const Call& call) {
          require_default_norm(call);
          return one(function(call.tensor("x"), c10_optional(call.optional_integer("n")),
                              call.integer("axis", -1)));
        },
        adapter_support::not_spelled);
  }
  const std::pair<const char*, ManyAxes> many_axes[] = {
      {"fft.fftn", [](const at::Tensor& x, at::OptionalIntArrayRef s,
                      at::OptionalIntArrayRef dim) { return at::fft_fftn(x, s, dim); }},
      {"fft.ifftn", [](const at::Tensor& x, at::OptionalIntArrayRef s,
                       at::OptionalIntArrayRef dim) { return at::fft_ifftn(x, s, dim); }},
      {"fft.rfftn", [](const at::Tensor& x, at::OptionalIntArrayRef s,
                       at::OptionalIntArrayRef dim) { return at::fft_rfftn(x, s, dim); }},
      {"fft.irfftn", [](const at::Tensor& x, at::OptionalIntArrayRef s,
                        at::OptionalIntArrayRef dim) { return at::fft_irfftn(x, s, dim); }},
  };
  for (const auto& [name, function] : many_axes) {
    table.add(
        name,
        [function](const Call& call) {
          require_default_norm(call);
          const auto s = lengths(call);
          const auto axes = call.axes("axes");
          return one(function(call.tensor("x"), optional_ref(s), optional_ref(axes)));
        },
        adapter_support::not_spelled);
  }
  const std::pair<const char*, Shift> shifts[] = {
      {"fft.fftshift",
       [](const at::Tensor& x, at::OptionalIntArrayRef dim) { return at::fft_fftshift(x, dim); }},
      {"fft.ifftshift",
       [](const at::Tensor& x, at::OptionalIntArrayRef dim) { return at::fft_ifftshift(x, dim); }},
  };
  for (const auto& [name, function] : shifts) {
    table.add(
        name,
        [function](const Call& call) {
          const auto axes = call.axes("axes");
          return one(function(call.tensor("x"), optional_ref(axes)));
        },
        adapter_support::not_spelled);
  }
  const std::pair<const char*, Frequencies> frequencies[] = {
      {"fft.fftfreq",
       [](std::int64_t n, double d, at::TensorOptions o) { return at::fft_fftfreq(n, d, o); }},
      {"fft.rfftfreq",
       [](std::int64_t n, double d, at::TensorOptions o) { return at::fft_rfftfreq(n, d, o); }},
  };
  for (const auto& [name, function] : frequencies) {
    table.add(
        name,
        [function, name = std::string(name)](const Call& call) {
          const auto n = call.optional_integer("n");
          if (!n) throw Unsupported(name + " needs n");
          return one(function(*n, call.number("d", 1.0), call.options()));
        },
        adapter_support::not_spelled);
  }
}

}  // namespace conformance::torch_internal
