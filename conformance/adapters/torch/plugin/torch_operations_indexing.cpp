// Indexing (__getitem__, __setitem__), the transposes T and mT, conversion to Python scalars,
// __dlpack__, and the data type functions ATen has (can_cast, result_type, isdtype). No C++ text
// is written for them yet.
//
// finfo and iinfo are left unmapped: they are torch.finfo/torch.iinfo of torch's Python binding,
// which ATen and c10 have no C++ function for (only std::numeric_limits over c10's types).
#include <ATen/DLConvertor.h>
#include <ATen/TensorIndexing.h>
#include <ATen/native/TypeProperties.h>

#include <cmath>
#include <complex>
#include <string>
#include <variant>

#include "torch_names.hpp"
#include "torch_operations.hpp"

namespace conformance::torch_internal {
namespace {

using at::indexing::TensorIndex;

// A program's key as the TensorIndex list torch's Python binding builds: an int (x[1]), a tuple
// of ints (x[1, 2], x[()]), an index array or mask (x[i]), a bool, or None (x[None]). Programs
// have no slice or ellipsis values.
std::vector<TensorIndex> index_key(const Call& call) {
  const Value& key = call.arguments().at("key");
  // Built in place: copying a TensorIndex out of an initializer list makes gcc 12 -O2 warn
  // about fields of libtorch's type that the copy reads uninitialised.
  std::vector<TensorIndex> items;
  if (const auto* index = std::get_if<std::int64_t>(&key)) {
    items.emplace_back(*index);
  } else if (const auto* flag = std::get_if<bool>(&key)) {
    items.emplace_back(*flag);
  } else if (const auto* tuple = std::get_if<IntTuple>(&key)) {
    for (std::int64_t index : tuple->values)
      items.emplace_back(index);
  } else if (std::holds_alternative<StepRef>(key)) {
    items.emplace_back(call.tensor("key"));
  } else if (std::holds_alternative<std::monostate>(key)) {
    items.emplace_back(at::indexing::None);
  } else {
    throw Unsupported("key must be an int, a tuple of ints, an index array or None");
  }
  return items;
}

void add_indexing(OperationTable& table) {
  table.add(
      "array.__getitem__",
      [](const Call& call) { return one(call.tensor("self").index(index_key(call))); },
      adapter_support::not_spelled);
  table.add(
      "array.__setitem__",
      [](const Call& call) {
        at::Tensor& target = call.tensor("self");  // the stored tensor: later steps see the change
        // A Python scalar value takes the Scalar overload, which makes it a tensor of self's dtype
        // and device, as the Python binding does.
        if (call.is_scalar("value"))
          target.index_put_(index_key(call), call.scalar("value"));
        else
          target.index_put_(index_key(call), call.tensor("value"));
        return one(target);
      },
      adapter_support::not_spelled);
}

// The Python binding's check before item() (dispatch_to in python_variable_methods.cpp).
const at::Tensor& single_element(const at::Tensor& x) {
  TORCH_CHECK_VALUE(x.numel() == 1, "only one element tensors can be converted to Python scalars");
  return x;
}

void add_members(OperationTable& table) {
  // Python's x.T is Tensor::numpy_T (every dim reversed); x.mT swaps the last two.
  table.add(
      "array.T", [](const Call& call) { return one(call.tensor("self").numpy_T()); },
      adapter_support::not_spelled);
  table.add(
      "array.mT", [](const Call& call) { return one(call.tensor("self").mT()); },
      adapter_support::not_spelled);
  // bool(x) is Tensor::is_nonzero, as in the Python binding.
  table.add(
      "array.__bool__", [](const Call& call) { return value(call.tensor("self").is_nonzero()); },
      adapter_support::not_spelled);
  table.add(
      "array.__int__",
      [](const Call& call) {
        const at::Tensor& x = single_element(call.tensor("self"));
        // A floating tensor converts through double and truncates, as Python's int(float) does.
        if (at::isFloatingType(x.scalar_type()))
          return value(static_cast<std::int64_t>(std::trunc(x.item<double>())));
        return value(x.item<std::int64_t>());
      },
      adapter_support::not_spelled);
  table.add(
      "array.__index__",
      [](const Call& call) {
        const at::Tensor& x = call.tensor("self");
        TORCH_CHECK_TYPE(
            at::isIntegralType(x.scalar_type(), /*includeBool=*/true) && x.numel() == 1,
            "only integer tensors of a single element can be converted to an index");
        return value(x.item<std::int64_t>());
      },
      adapter_support::not_spelled);
  table.add(
      "array.__float__",
      [](const Call& call) { return value(single_element(call.tensor("self")).item<double>()); },
      adapter_support::not_spelled);
  table.add(
      "array.__complex__",
      [](const Call& call) {
        const auto z = single_element(call.tensor("self")).item<c10::complex<double>>();
        return value({z.real(), z.imag()});
      },
      adapter_support::not_spelled);
  table.add(
      "array.__dlpack__",
      [](const Call& call) {
        // at::toDLPack takes no stream, max_version, dl_device or copy.
        for (const char* name : {"stream", "max_version", "dl_device", "copy"})
          if (call.given(name))
            throw Unsupported(std::string("at::toDLPack takes no ") + name + "=");
        DLManagedTensor* managed = at::toDLPack(call.tensor("self"));
        const DLDevice device = managed->dl_tensor.device;
        managed->deleter(managed);
        // An unversioned DLManagedTensor: no version and no is_copied flag, reported as null.
        return value({{"device", {static_cast<int>(device.device_type), device.device_id}},
                      {"version", nullptr},
                      {"is_copied", nullptr}});
      },
      adapter_support::not_spelled);
}

// The scalar type of a Union[array, dtype] parameter.
at::ScalarType type_of(const Call& call, std::string_view name) {
  if (std::holds_alternative<StepRef>(call.arguments().at(name)))
    return call.tensor(name).scalar_type();
  return call.required_dtype(name);
}

// The standard's dtype kinds as c10's type predicates.
bool is_kind(at::ScalarType type, std::string_view kind) {
  const bool integral = at::isIntegralType(type, /*includeBool=*/false);
  if (kind == "bool") return type == at::kBool;
  if (kind == "signed integer") return integral && at::isSignedType(type);
  if (kind == "unsigned integer") return integral && !at::isSignedType(type);
  if (kind == "integral") return integral;
  if (kind == "real floating") return at::isFloatingType(type);
  if (kind == "complex floating") return at::isComplexType(type);
  if (kind == "numeric") return integral || at::isFloatingType(type) || at::isComplexType(type);
  throw Unsupported("isdtype: unknown kind '" + std::string(kind) + "'");
}

void add_data_type_functions(OperationTable& table) {
  table.add(
      "can_cast",
      [](const Call& call) {
        return value(at::can_cast(type_of(call, "from_"), call.required_dtype("to")));
      },
      adapter_support::not_spelled);
  table.add(
      "result_type",
      [](const Call& call) {
        // torch.result_type takes two operands; ATen's list form folds the same promotion state
        // over any number of tensors.
        const std::vector<at::Tensor> tensors = call.tensors("arrays_and_dtypes");
        return value(dtype_name(at::native::result_type(at::ArrayRef<at::Tensor>(tensors))));
      },
      adapter_support::not_spelled);
  table.add(
      "isdtype",
      [](const Call& call) {
        const at::ScalarType type = call.required_dtype("dtype");
        // kind: a dtype name or a kind name ("real floating"); both travel as DTypeName.
        const auto* kind = std::get_if<DTypeName>(&call.arguments().at("kind"));
        if (kind == nullptr) throw Unsupported("isdtype: kind must be a dtype or a kind name");
        if (const auto named = scalar_type_named(kind->name)) return value(type == *named);
        return value(is_kind(type, kind->name));
      },
      adapter_support::not_spelled);
}

}  // namespace

void add_indexing_operations(OperationTable& table) {
  add_indexing(table);
  add_members(table);
  add_data_type_functions(table);
}

}  // namespace conformance::torch_internal
