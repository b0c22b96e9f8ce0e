// __getitem__, __setitem__, T, mT, __bool__, __int__, __float__, __complex__, __index__,
// __dlpack__, __array_namespace__, can_cast, finfo, iinfo, isdtype, broadcast_shapes, result_type,
// tensordot, vecdot: each strict call and its C++ text.
#include <fmt/format.h>

#include <strict/array_members.hpp>
#include <strict/data_type_functions.hpp>
#include <strict/dtype.hpp>
#include <strict/item_access.hpp>
#include <strict/tensor_products.hpp>

#include <complex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "strict_operation_table.hpp"

namespace conformance::strict_internal {
namespace {

// A program's key: an int (x[1]), a tuple of ints (x[1, 2], x[()]), an index array or mask
// (x[i]), or None (x[None]). Programs have no slice or ellipsis values.
strict::IndexKey index_key(const Call& call) {
  const Value& key = call.arguments().at("key");
  if (const auto* index = std::get_if<std::int64_t>(&key)) return strict::IndexKey(*index);
  if (const auto* tuple = std::get_if<IntTuple>(&key)) {
    std::vector<strict::IndexItem> items;
    for (std::int64_t index : tuple->values)
      items.emplace_back(index);
    return strict::IndexKey(std::move(items));
  }
  if (std::holds_alternative<StepRef>(key)) return strict::IndexKey(call.array("key"));
  if (std::holds_alternative<std::monostate>(key)) return strict::IndexKey(strict::newaxis);
  throw Unsupported("key must be an int, a tuple of ints, an index array or None");
}
// The key as strict::getitem's argument: 1, {1, 2}, strict::IndexKey{} for (), x1, strict::newaxis.
std::string key_text(const CppCall& call) {
  const Value& key = call.arguments().at("key");
  if (const auto* index = std::get_if<std::int64_t>(&key)) return fmt::format("{}", *index);
  if (const auto* tuple = std::get_if<IntTuple>(&key)) {
    if (tuple->values.empty()) return "strict::IndexKey{}";
    return fmt::format("{{{}}}", fmt::join(tuple->values, ", "));
  }
  if (std::holds_alternative<StepRef>(key)) return call.array("key");
  if (std::holds_alternative<std::monostate>(key)) return "strict::newaxis";
  throw Unsupported("key must be an int, a tuple of ints, an index array or None");
}

// The array or dtype a parameter of Union[dtype, array] names.
template <class F>
auto with_array_or_dtype(const Call& call, std::string_view name, F&& f) {
  if (std::holds_alternative<StepRef>(call.arguments().at(name))) return f(call.array(name));
  return f(call.required_dtype(name));
}
// A Union[dtype, array] argument: the array's variable or the dtype.
std::string array_or_dtype(const CppCall& call, std::string_view name) {
  if (call.is_array(name)) return call.array(name);
  const auto dtype = call.dtype(name);
  if (!dtype) throw Unsupported(fmt::format("{} must be an array or a dtype", name));
  return *dtype;
}

nlohmann::json dtype_name(strict::DType dtype) {
  return std::string(strict::name(dtype));
}

// A pair of ints (max_version=, dl_device=) given as a tuple; spelled `type{a, b}`.
std::optional<std::pair<int, int>> int_pair(const Call& call, std::string_view name) {
  const Value* value = call.arguments().find(name);
  if (value == nullptr || std::holds_alternative<std::monostate>(*value)) return std::nullopt;
  const auto* tuple = std::get_if<IntTuple>(value);
  if (tuple == nullptr || tuple->values.size() != 2)
    throw Unsupported(fmt::format("{} must be a tuple of two ints", name));
  return std::pair<int, int>(static_cast<int>(tuple->values[0]),
                             static_cast<int>(tuple->values[1]));
}
std::optional<std::string> int_pair(const CppCall& call, std::string_view name,
                                    std::string_view type) {
  const Value* value = call.arguments().find(name);
  if (value == nullptr || std::holds_alternative<std::monostate>(*value)) return std::nullopt;
  const auto* tuple = std::get_if<IntTuple>(value);
  if (tuple == nullptr || tuple->values.size() != 2)
    throw Unsupported(fmt::format("{} must be a tuple of two ints", name));
  return fmt::format("{}{{{}, {}}}", type, tuple->values[0], tuple->values[1]);
}

void add_indexing(OperationTable& table) {
  table.add(
      "array.__getitem__",
      [](const Call& call) { return one(strict::getitem(call.array("self"), index_key(call))); },
      [](const CppCall& call) {
        return array_text(function_call("getitem", {call.array("self"), key_text(call)}));
      });
  table.add(
      "array.__setitem__",
      [](const Call& call) {
        strict::Array& target = call.array("self");  // the stored array: later steps see the change
        return one(strict::setitem(target, index_key(call), call.operand("value")));
      },
      [](const CppCall& call) {
        // strict::setitem returns its target, as the in-place operators do.
        return CppExpression{.result = CppResult::in_place,
                             .text = function_call("setitem", {call.array("self"), key_text(call),
                                                               call.operand("value")})};
      });
}

void add_members(OperationTable& table) {
  table.add(
      "array.T", [](const Call& call) { return one(strict::T(call.array("self"))); },
      [](const CppCall& call) { return array_text(function_call("T", {call.array("self")})); });
  table.add(
      "array.mT", [](const Call& call) { return one(strict::mT(call.array("self"))); },
      [](const CppCall& call) { return array_text(function_call("mT", {call.array("self")})); });
  table.add(
      "array.__bool__", [](const Call& call) { return value(strict::to_bool(call.array("self"))); },
      [](const CppCall& call) {
        return value_text(function_call("to_bool", {call.array("self")}));
      });
  table.add(
      "array.__int__", [](const Call& call) { return value(strict::to_int(call.array("self"))); },
      [](const CppCall& call) {
        return value_text(function_call("to_int", {call.array("self")}));
      });
  table.add(
      "array.__index__",
      [](const Call& call) { return value(strict::to_index(call.array("self"))); },
      [](const CppCall& call) {
        return value_text(function_call("to_index", {call.array("self")}));
      });
  table.add(
      "array.__float__",
      [](const Call& call) { return value(strict::to_float(call.array("self"))); },
      [](const CppCall& call) {
        return value_text(function_call("to_float", {call.array("self")}));
      });
  table.add(
      "array.__complex__",
      [](const Call& call) {
        const std::complex<double> z = strict::to_complex(call.array("self"));
        return value({z.real(), z.imag()});
      },
      [](const CppCall& call) {
        return value_text(function_call("to_complex", {call.array("self")}));
      });
  table.add(
      "array.__dlpack__",
      [](const Call& call) {
        strict::DLPackExportOptions options{.stream = call.stream("stream"),
                                            .max_version = std::nullopt,
                                            .dl_device = std::nullopt,
                                            .copy = call.optional_boolean("copy")};
        if (const auto version = int_pair(call, "max_version"))
          options.max_version = strict::DLPackVersion{version->first, version->second};
        // dl_device: a (device type, device id) tuple, or a device of the program.
        const Value* dl_device = call.arguments().find("dl_device");
        if (dl_device != nullptr && std::holds_alternative<DeviceIndex>(*dl_device)) {
          options.dl_device = strict::dlpack_device(*call.device("dl_device"));
        } else if (const auto pair = int_pair(call, "dl_device")) {
          options.dl_device = strict::DLPackDevice{pair->first, pair->second};
        }
        const strict::DLPackExport exported = strict::dlpack_export(call.array("self"), options);
        // The legacy capsule has no version and no flags (as the Python adapter reports it).
        nlohmann::json version = nullptr;
        nlohmann::json is_copied = nullptr;
        if (exported.version) {
          version = {exported.version->major, exported.version->minor};
          is_copied = exported.is_copied;
        }
        return value({{"device", {exported.device.device_type, exported.device.device_id}},
                      {"version", version},
                      {"is_copied", is_copied}});
      },
      [](const CppCall& call) {
        std::optional<std::string> dl_device;
        const Value* device = call.arguments().find("dl_device");
        if (device != nullptr && std::holds_alternative<DeviceIndex>(*device)) {
          dl_device = fmt::format("strict::dlpack_device({})", *call.device("dl_device"));
        } else {
          dl_device = int_pair(call, "dl_device", "strict::DLPackDevice");
        }
        return value_text(function_call(
            "dlpack_export",
            {call.array("self"),
             designated({{"stream", call.stream("stream")},
                         {"max_version", int_pair(call, "max_version", "strict::DLPackVersion")},
                         {"dl_device", dl_device},
                         {"copy", call.boolean("copy")}})}));
      });
  table.add(
      "array.__array_namespace__",
      [](const Call& call) {
        // api_version is a string, which programs cannot carry: only None is reachable.
        if (call.given("api_version")) throw Unsupported("api_version= has no program value kind");
        return value(std::string(strict::array_namespace(call.array("self")).api_version));
      },
      [](const CppCall& call) {
        if (call.given("api_version")) throw Unsupported("api_version= has no program value kind");
        return value_text(function_call("array_namespace", {call.array("self")}));
      });
}

void add_data_type_functions(OperationTable& table) {
  table.add(
      "can_cast",
      [](const Call& call) {
        const strict::DType to = call.required_dtype("to");
        return value(with_array_or_dtype(
            call, "from_", [&](const auto& from) { return strict::can_cast(from, to); }));
      },
      [](const CppCall& call) {
        const auto to = call.dtype("to");
        if (!to) throw Unsupported("can_cast needs a dtype to cast to");
        return value_text(function_call("can_cast", {array_or_dtype(call, "from_"), *to}));
      });
  table.add(
      "finfo",
      [](const Call& call) {
        const strict::FInfo info =
            with_array_or_dtype(call, "type", [](const auto& type) { return strict::finfo(type); });
        return value({{"bits", info.bits},
                      {"eps", info.eps},
                      {"max", info.max},
                      {"min", info.min},
                      {"smallest_normal", info.smallest_normal},
                      {"dtype", dtype_name(info.dtype)}});
      },
      [](const CppCall& call) {
        return value_text(function_call("finfo", {array_or_dtype(call, "type")}));
      });
  table.add(
      "iinfo",
      [](const Call& call) {
        const strict::IInfo info =
            with_array_or_dtype(call, "type", [](const auto& type) { return strict::iinfo(type); });
        return value({{"bits", info.bits},
                      {"max", info.max},
                      {"min", info.min},
                      {"dtype", dtype_name(info.dtype)}});
      },
      [](const CppCall& call) {
        return value_text(function_call("iinfo", {array_or_dtype(call, "type")}));
      });
  table.add(
      "isdtype",
      [](const Call& call) {
        const strict::DType dtype = call.required_dtype("dtype");
        // kind: a dtype name, or a kind name ("real floating"); both travel as DTypeName.
        const auto* kind = std::get_if<DTypeName>(&call.arguments().at("kind"));
        if (kind != nullptr && dtype_named(kind->name))
          return value(strict::isdtype(dtype, *dtype_named(kind->name)));
        const std::optional<strict::DTypeKind> named_kind = call.dtype_kind("kind");
        if (!named_kind) throw Unsupported("isdtype needs a kind");
        return value(strict::isdtype(dtype, *named_kind));
      },
      [](const CppCall& call) {
        const auto dtype = call.dtype("dtype");
        if (!dtype) throw Unsupported("isdtype needs a dtype");
        const auto* kind = std::get_if<DTypeName>(&call.arguments().at("kind"));
        const std::optional<std::string> kind_text =
            kind != nullptr && strict::parse_dtype(kind->name) ? call.dtype("kind")
                                                               : call.dtype_kind("kind");
        if (!kind_text) throw Unsupported("isdtype needs a kind");
        return value_text(function_call("isdtype", {*dtype, *kind_text}));
      });
  // broadcast_shapes(*shapes): programs carry one shape at most (an IntTuple argument).
  table.add(
      "broadcast_shapes",
      [](const Call& call) {
        std::vector<strict::Shape> shapes;
        if (call.given("shapes")) shapes.push_back(call.shape("shapes"));
        return value(nlohmann::json(strict::broadcast_shapes(shapes)));
      },
      [](const CppCall& call) {
        // call.shape() spells "{2, 3}": a vector of one Shape, or of none.
        const std::string shapes = call.given("shapes") ? call.shape("shapes") : "";
        return value_text(
            function_call("broadcast_shapes", {"std::vector<strict::Shape>{" + shapes + "}"}));
      });
  table.add(
      "result_type",
      [](const Call& call) {
        std::vector<strict::ResultTypeArgument> arguments;
        for (const strict::Array& array : call.arrays("arrays_and_dtypes"))
          arguments.emplace_back(array);
        return value(dtype_name(strict::result_type(arguments)));
      },
      [](const CppCall& call) {
        const auto* list = std::get_if<RefList>(&call.arguments().at("arrays_and_dtypes"));
        if (list == nullptr) throw Unsupported("result_type takes a list of arrays here");
        // "std::vector<strict::Array>{x0, x1}" -> "{x0, x1}": result_type takes a braced list.
        const std::string arrays = call.arrays("arrays_and_dtypes");
        return value_text(function_call("result_type", {arrays.substr(arrays.find('{'))}));
      });
}

void add_tensor_products(OperationTable& table) {
  table.add(
      "tensordot",
      [](const Call& call) {
        return one(strict::tensordot(call.array("x1"), call.array("x2"),
                                     {.axes = call.integer("axes", 2)}));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "tensordot",
            {call.array("x1"), call.array("x2"), designated({{"axes", call.integer("axes")}})}));
      });
  table.add(
      "vecdot",
      [](const Call& call) {
        return one(
            strict::vecdot(call.array("x1"), call.array("x2"), {.axis = call.integer("axis", -1)}));
      },
      [](const CppCall& call) {
        return array_text(function_call("vecdot", {call.array("x1"), call.array("x2"),
                                                   designated({{"axis", call.integer("axis")}})}));
      });
}

}  // namespace

void add_indexing_member(OperationTable& table) {
  add_indexing(table);
  add_members(table);
  add_data_type_functions(table);
  add_tensor_products(table);
}

}  // namespace conformance::strict_internal
