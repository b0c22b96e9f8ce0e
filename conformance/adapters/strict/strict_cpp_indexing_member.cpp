// Reproduction writers for __getitem__, __setitem__, T, mT, __bool__, __int__, __float__,
// __complex__, __index__, __dlpack__, __array_namespace__, can_cast, finfo, iinfo, isdtype,
// result_type, tensordot, vecdot (issue #4): the counterparts of
// strict_dispatch_indexing_member.cpp.
#include <strict/dtype.hpp>

#include "strict_writer_table.hpp"

namespace conformance::strict_internal {
namespace {

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

// A Union[dtype, array] argument: the array's variable or the dtype.
std::string array_or_dtype(const CppCall& call, std::string_view name) {
  if (call.is_array(name)) return call.array(name);
  const auto dtype = call.dtype(name);
  if (!dtype) throw Unsupported(fmt::format("{} must be an array or a dtype", name));
  return *dtype;
}

// A tuple of two ints as `type{a, b}`.
std::optional<std::string> int_pair(const CppCall& call, std::string_view name,
                                    std::string_view type) {
  const Value* value = call.arguments().find(name);
  if (value == nullptr || std::holds_alternative<std::monostate>(*value)) return std::nullopt;
  const auto* tuple = std::get_if<IntTuple>(value);
  if (tuple == nullptr || tuple->values.size() != 2)
    throw Unsupported(fmt::format("{} must be a tuple of two ints", name));
  return fmt::format("{}{{{}, {}}}", type, tuple->values[0], tuple->values[1]);
}

void add_indexing(WriterTable& table) {
  table["array.__getitem__"] = [](const CppCall& call) {
    return array(function_call("getitem", {call.array("self"), key_text(call)}));
  };
  table["array.__setitem__"] = [](const CppCall& call) {
    // strict::setitem returns its target, as the in-place operators do.
    return CppExpression{.result = CppResult::in_place,
                         .text = function_call("setitem", {call.array("self"), key_text(call),
                                                           call.operand("value")})};
  };
}

void add_members(WriterTable& table) {
  table["array.T"] = [](const CppCall& call) {
    return array(function_call("T", {call.array("self")}));
  };
  table["array.mT"] = [](const CppCall& call) {
    return array(function_call("mT", {call.array("self")}));
  };
  for (const auto& [op, function] : std::initializer_list<std::pair<const char*, const char*>>{
           {"array.__bool__", "to_bool"},
           {"array.__int__", "to_int"},
           {"array.__index__", "to_index"},
           {"array.__float__", "to_float"},
           {"array.__complex__", "to_complex"}}) {
    table[op] = [function](const CppCall& call) {
      return value(function_call(function, {call.array("self")}));
    };
  }
  table["array.__dlpack__"] = [](const CppCall& call) {
    std::optional<std::string> dl_device;
    const Value* device = call.arguments().find("dl_device");
    if (device != nullptr && std::holds_alternative<DeviceIndex>(*device)) {
      dl_device = fmt::format("strict::dlpack_device({})", *call.device("dl_device"));
    } else {
      dl_device = int_pair(call, "dl_device", "strict::DLPackDevice");
    }
    return value(function_call(
        "dlpack_export",
        {call.array("self"),
         designated({{"stream", call.stream("stream")},
                     {"max_version", int_pair(call, "max_version", "strict::DLPackVersion")},
                     {"dl_device", dl_device},
                     {"copy", call.boolean("copy")}})}));
  };
  table["array.__array_namespace__"] = [](const CppCall& call) {
    if (call.given("api_version")) throw Unsupported("api_version= has no program value kind");
    return value(function_call("array_namespace", {call.array("self")}));
  };
}

void add_data_type_functions(WriterTable& table) {
  table["can_cast"] = [](const CppCall& call) {
    const auto to = call.dtype("to");
    if (!to) throw Unsupported("can_cast needs a dtype to cast to");
    return value(function_call("can_cast", {array_or_dtype(call, "from_"), *to}));
  };
  for (const char* name : {"finfo", "iinfo"}) {
    table[name] = [name](const CppCall& call) {
      return value(function_call(name, {array_or_dtype(call, "type")}));
    };
  }
  table["isdtype"] = [](const CppCall& call) {
    const auto dtype = call.dtype("dtype");
    if (!dtype) throw Unsupported("isdtype needs a dtype");
    // kind: a dtype name, or a kind name; both travel as DTypeName.
    const auto* kind = std::get_if<DTypeName>(&call.arguments().at("kind"));
    const std::optional<std::string> kind_text = kind != nullptr && strict::parse_dtype(kind->name)
                                                     ? call.dtype("kind")
                                                     : call.dtype_kind("kind");
    if (!kind_text) throw Unsupported("isdtype needs a kind");
    return value(function_call("isdtype", {*dtype, *kind_text}));
  };
  table["broadcast_shapes"] = [](const CppCall& call) {
    // call.shape() spells "{2, 3}": a vector of one Shape, or of none.
    const std::string shapes = call.given("shapes") ? call.shape("shapes") : "";
    return value(function_call("broadcast_shapes", {"std::vector<strict::Shape>{" + shapes + "}"}));
  };
  table["result_type"] = [](const CppCall& call) {
    const auto* list = std::get_if<RefList>(&call.arguments().at("arrays_and_dtypes"));
    if (list == nullptr) throw Unsupported("result_type takes a list of arrays here");
    // "std::vector<strict::Array>{x0, x1}" -> "{x0, x1}": result_type takes a braced list.
    const std::string arrays = call.arrays("arrays_and_dtypes");
    return value(function_call("result_type", {arrays.substr(arrays.find('{'))}));
  };
}

void add_tensor_products(WriterTable& table) {
  table["tensordot"] = [](const CppCall& call) {
    return array(function_call("tensordot", {call.array("x1"), call.array("x2"),
                                             designated({{"axes", call.integer("axes")}})}));
  };
  table["vecdot"] = [](const CppCall& call) {
    return array(function_call("vecdot", {call.array("x1"), call.array("x2"),
                                          designated({{"axis", call.integer("axis")}})}));
  };
}

}  // namespace

void add_indexing_member_writers(WriterTable& table) {
  add_indexing(table);
  add_members(table);
  add_data_type_functions(table);
  add_tensor_products(table);
}

}  // namespace conformance::strict_internal
