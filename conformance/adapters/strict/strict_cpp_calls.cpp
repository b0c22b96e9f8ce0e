// Operation names to C++ source text. Each writer reads the step's arguments by the catalogue's
// parameter names, as its strict_dispatch.cpp counterpart does, and writes the same call.
#include "strict_cpp_calls.hpp"

#include <fmt/format.h>

#include <functional>
#include <map>

#include "catalogue/catalogue.hpp"
#include "strict_arguments.hpp"
#include "strict_writer_table.hpp"

namespace conformance::strict_internal {
namespace {

using Table = WriterTable;

void add_elementwise(Table& table) {
  for (std::string_view name : catalogue::unary_elementwise_functions()) {
    table[std::string(name)] = [name](const CppCall& call) {
      return array(function_call(name, {call.array("x")}));
    };
  }
  for (std::string_view name : catalogue::binary_elementwise_functions()) {
    table[std::string(name)] = [name](const CppCall& call) {
      return array(function_call(name, {call.operand("x1"), call.operand("x2")}));
    };
  }
  table["clip"] = [](const CppCall& call) {
    const auto min = call.optional_operand("min");
    const auto max = call.optional_operand("max");
    return array(function_call(
        "clip", {call.array("x"), min || max ? or_nullopt(min) : "", max.value_or("")}));
  };
  table["where"] = [](const CppCall& call) {
    return array(
        function_call("where", {call.array("condition"), call.operand("x1"), call.operand("x2")}));
  };
}

void add_operators(Table& table) {
  struct Operator {
    const char* op;
    const char* symbol;
    const char* function;  // for two Python scalars, as the dispatch does
  };
  for (const Operator& o : std::initializer_list<Operator>{
           {"array.__add__", "+", "add"},
           {"array.__sub__", "-", "subtract"},
           {"array.__mul__", "*", "multiply"},
           {"array.__truediv__", "/", "divide"},
           {"array.__mod__", "%", "remainder"},
           {"array.__and__", "&", "bitwise_and"},
           {"array.__or__", "|", "bitwise_or"},
           {"array.__xor__", "^", "bitwise_xor"},
           {"array.__lshift__", "<<", "bitwise_left_shift"},
           {"array.__rshift__", ">>", "bitwise_right_shift"},
           {"array.__eq__", "==", "equal"},
           {"array.__ne__", "!=", "not_equal"},
           {"array.__lt__", "<", "less"},
           {"array.__le__", "<=", "less_equal"},
           {"array.__gt__", ">", "greater"},
           {"array.__ge__", ">=", "greater_equal"},
       }) {
    table[o.op] = [o](const CppCall& call) {
      const std::string self = call.operand("self");
      const std::string other = call.operand("other");
      if (!call.is_array("self") && !call.is_array("other"))
        return array(function_call(o.function, {self, other}));
      return array(fmt::format("{} {} {}", self, o.symbol, other));
    };
    const std::string in_place = fmt::format("array.__i{}", std::string_view(o.op).substr(8));
    if (in_place_base(in_place).empty()) continue;  // comparisons have no in-place form
    table[in_place] = [o](const CppCall& call) {
      return CppExpression{
          .result = CppResult::in_place,
          .text = fmt::format("{} {}= {}", call.array("self"), o.symbol, call.operand("other"))};
    };
  }
  for (const Operator& o : std::initializer_list<Operator>{
           {"array.__pow__", "", "pow"}, {"array.__floordiv__", "", "floor_divide"}}) {
    table[o.op] = [o](const CppCall& call) {
      return array(function_call(o.function, {call.operand("self"), call.operand("other")}));
    };
  }
  table["array.__matmul__"] = [](const CppCall& call) {
    return array(function_call("matmul", {call.array("self"), call.array("other")}));
  };
  // **=, //= and @=: strict's named in-place functions (operators.hpp).
  for (const auto& [op, function] : std::initializer_list<std::pair<const char*, const char*>>{
           {"array.__ipow__", "pow_in_place"}, {"array.__ifloordiv__", "floor_divide_in_place"}}) {
    table[op] = [function](const CppCall& call) {
      return CppExpression{
          .result = CppResult::in_place,
          .text = function_call(function, {call.array("self"), call.operand("other")})};
    };
  }
  table["array.__imatmul__"] = [](const CppCall& call) {
    return CppExpression{
        .result = CppResult::in_place,
        .text = function_call("matmul_in_place", {call.array("self"), call.array("other")})};
  };
  table["array.__abs__"] = [](const CppCall& call) {
    return array(function_call("abs", {call.array("self")}));
  };
  table["array.__neg__"] = [](const CppCall& call) {
    return array(fmt::format("-{}", call.array("self")));
  };
  table["array.__pos__"] = [](const CppCall& call) {
    return array(fmt::format("+{}", call.array("self")));
  };
  table["array.__invert__"] = [](const CppCall& call) {
    return array(fmt::format("~{}", call.array("self")));
  };
}

void add_creation(Table& table) {
  for (const char* name : {"empty", "ones", "zeros"}) {
    table[name] = [name](const CppCall& call) {
      return array(function_call(
          name,
          {call.shape("shape"), designated({{"dtype", call.dtype()}, {"device", call.device()}})}));
    };
  }
  for (const char* name : {"empty_like", "ones_like", "zeros_like"}) {
    table[name] = [name](const CppCall& call) {
      return array(function_call(name, {call.array("x"), designated({{"dtype", call.dtype()},
                                                                     {"device", call.device()}})}));
    };
  }
  table["full"] = [](const CppCall& call) {
    return array(
        function_call("full", {call.shape("shape"), call.scalar("fill_value"),
                               designated({{"dtype", call.dtype()}, {"device", call.device()}})}));
  };
  table["full_like"] = [](const CppCall& call) {
    return array(function_call("full_like",
                               {call.array("x"), call.scalar("fill_value"),
                                designated({{"dtype", call.dtype()}, {"device", call.device()}})}));
  };
  table["arange"] = [](const CppCall& call) {
    const auto stop = call.optional_scalar("stop");
    const auto step = call.optional_scalar("step");
    const std::string options = designated({{"dtype", call.dtype()}, {"device", call.device()}});
    // The shortest of strict's three forms that says the same.
    if (!step)
      return array(function_call("arange", {call.scalar("start"), stop.value_or(""), options}));
    return array(function_call("arange", {call.scalar("start"), or_nullopt(stop), *step, options}));
  };
  table["linspace"] = [](const CppCall& call) {
    const auto num = call.integer("num");
    if (!num) throw Unsupported("linspace needs num");
    return array(function_call("linspace", {call.scalar("start"), call.scalar("stop"), *num,
                                            designated({{"dtype", call.dtype()},
                                                        {"device", call.device()},
                                                        {"endpoint", call.boolean("endpoint")}})}));
  };
  table["eye"] = [](const CppCall& call) {
    const auto n_rows = call.integer("n_rows");
    if (!n_rows) throw Unsupported("eye needs n_rows");
    const auto n_cols = call.integer("n_cols");
    const std::string options =
        designated({{"k", call.integer("k")}, {"dtype", call.dtype()}, {"device", call.device()}});
    return array(function_call(
        "eye", {*n_rows, n_cols || !options.empty() ? or_nullopt(n_cols) : "", options}));
  };
  table["asarray"] = [](const CppCall& call) {
    const std::string options = designated(
        {{"dtype", call.dtype()}, {"device", call.device()}, {"copy", call.boolean("copy")}});
    if (auto literal = call.literal("obj"))
      return array(function_call("asarray", {*literal, options}));
    return array(function_call("asarray", {call.operand("obj"), options}));
  };
  table["from_dlpack"] = [](const CppCall& call) {
    return array(function_call(
        "from_dlpack", {call.array("x"),
                        designated({{"device", call.device()}, {"copy", call.boolean("copy")}})}));
  };
  table["meshgrid"] = [](const CppCall& call) {
    if (call.given("indexing")) throw Unsupported("indexing= has no program value kind");
    return CppExpression{.result = CppResult::arrays,
                         .text = function_call("meshgrid", {call.arrays("arrays")})};
  };
  for (const char* name : {"tril", "triu"}) {
    table[name] = [name](const CppCall& call) {
      return array(function_call(name, {call.array("x"), call.integer("k").value_or("")}));
    };
  }
  table["astype"] = [](const CppCall& call) {
    const auto dtype = call.dtype("dtype");
    if (!dtype) throw Unsupported("astype needs a dtype");
    return array(function_call(
        "astype", {call.array("x"), *dtype,
                   designated({{"copy", call.boolean("copy")}, {"device", call.device()}})}));
  };
}

void add_statistical_and_manipulation(Table& table) {
  for (const char* name : {"max", "mean", "min"}) {
    table[name] = [name](const CppCall& call) {
      return array(function_call(
          name, {call.array("x"), designated({{"axis", call.axes("axis")},
                                              {"keepdims", call.boolean("keepdims")}})}));
    };
  }
  for (const char* name : {"prod", "sum"}) {
    table[name] = [name](const CppCall& call) {
      return array(
          function_call(name, {call.array("x"), designated({{"axis", call.axes("axis")},
                                                            {"keepdims", call.boolean("keepdims")},
                                                            {"dtype", call.dtype()}})}));
    };
  }
  for (const char* name : {"std", "var"}) {
    table[name] = [name](const CppCall& call) {
      return array(function_call(
          name, {call.array("x"), designated({{"axis", call.axes("axis")},
                                              {"correction", call.number("correction")},
                                              {"keepdims", call.boolean("keepdims")}})}));
    };
  }
  for (const char* name : {"cumulative_prod", "cumulative_sum"}) {
    table[name] = [name](const CppCall& call) {
      return array(function_call(
          name,
          {call.array("x"), designated({{"axis", call.integer("axis")},
                                        {"dtype", call.dtype()},
                                        {"include_initial", call.boolean("include_initial")}})}));
    };
  }
  table["matmul"] = [](const CppCall& call) {
    return array(function_call("matmul", {call.array("x1"), call.array("x2")}));
  };
  table["concat"] = [](const CppCall& call) {
    // axis left out means 0 (strict's default too); axis=None means flatten first.
    const bool axis_left_out = call.arguments().find("axis") == nullptr;
    return array(function_call(
        "concat", {call.arrays("arrays"), axis_left_out ? "" : or_nullopt(call.integer("axis"))}));
  };
  table["stack"] = [](const CppCall& call) {
    return array(
        function_call("stack", {call.arrays("arrays"), call.integer("axis").value_or("")}));
  };
  table["reshape"] = [](const CppCall& call) {
    return array(function_call(
        "reshape", {call.array("x"), call.shape("shape"), call.boolean("copy").value_or("")}));
  };
}

void add_inspection(Table& table) {
  const std::string info = "strict::array_namespace_info()";
  table["info.__array_namespace_info__"] = [info](const CppCall&) { return value(info); };
  table["info.capabilities"] = [info](const CppCall&) { return value(info + ".capabilities()"); };
  table["info.default_device"] = [info](const CppCall&) {
    return value(info + ".default_device()");
  };
  table["info.devices"] = [info](const CppCall&) { return value(info + ".devices()"); };
  table["info.dtypes"] = [info](const CppCall& call) {
    const auto device = call.device();
    const auto kind = call.dtype_kind("kind");
    return value(
        fmt::format("{}.dtypes({})", info,
                    argument_list({kind || device ? or_nullopt(device) : "", kind.value_or("")})));
  };
  table["info.default_dtypes"] = [info](const CppCall& call) {
    return value(fmt::format("{}.default_dtypes({})", info, call.device().value_or("")));
  };
}

void add_array_members(Table& table) {
  table["array.to_device"] = [](const CppCall& call) {
    const auto device = call.device("device");
    if (!device) throw Unsupported("strict's to_device needs a device, not None");
    return array(fmt::format("{}.to_device({})", call.array("self"),
                             argument_list({*device, call.stream("stream").value_or("")})));
  };
  for (const char* member : {"device", "dtype", "shape", "ndim", "size"}) {
    table[fmt::format("array.{}", member)] = [member](const CppCall& call) {
      return value(fmt::format("{}.{}()", call.array("self"), member));
    };
  }
  table["array.__dlpack_device__"] = [](const CppCall& call) {
    return value(function_call("dlpack_device", {call.array("self")}));
  };
}

void add_harness(Table& table) {
  table[std::string(harness_op::set_default_device)] = [](const CppCall& call) {
    const auto device = call.device("device");
    if (!device) throw Unsupported("a guard cannot be taken back in the middle of main()");
    return CppExpression{.result = CppResult::default_guard, .text = *device};
  };
  table[std::string(harness_op::observe)] = [](const CppCall& call) {
    return array(call.array("x"));  // the same array, as it is now
  };
  table[std::string(harness_op::compare_devices)] = [](const CppCall& call) {
    return value(fmt::format("{}.device() == {}.device()", call.array("x1"), call.array("x2")));
  };
}

const Table& writers() {
  static const Table table = [] {
    Table table;
    add_elementwise(table);
    add_operators(table);
    add_creation(table);
    add_statistical_and_manipulation(table);
    add_inspection(table);
    add_array_members(table);
    add_harness(table);
    add_manipulation_writers(table);
    add_searching_sorting_writers(table);
    add_indexing_member_writers(table);
    add_linalg_writers(table);
    add_fft_writers(table);
    return table;
  }();
  return table;
}

}  // namespace

CppExpression cpp_call(const Step& step, const CppNames& names) {
  const auto writer = writers().find(step.op);
  if (writer == writers().end()) throw Unsupported(fmt::format("strict has no {}", step.op));
  const Arguments arguments = bind(step);
  return writer->second(CppCall(arguments, names));
}

}  // namespace conformance::strict_internal
