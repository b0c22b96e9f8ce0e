// The derivation of the catalogue (catalogue/generator/): the facts table fits the signatures file
// exactly, the rules read a signature as the spec means it, and a facts table that does not fit is
// refused with every problem named.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "build_locations.hpp"
#include "catalogue/catalogue.hpp"
#include "derive.hpp"

namespace {

using catalogue::DeviceRule;
using catalogue::Namespace;
using catalogue::derive::DerivedCatalogue;
using catalogue::derive::OperationFacts;
using nlohmann::json;
using ::testing::HasSubstr;

const json& signatures_json() {
  static const json doc = [] {
    std::ifstream in(adc::build_locations::signatures_json);
    return json::parse(in);
  }();
  return doc;
}

const json& newest_release() {
  return signatures_json().at(std::string(catalogue::newest_spec_version()));
}

// Every field, so that two operations compare whole.
std::string describe_operation(const catalogue::Operation& op) {
  std::string out = std::string(op.name) + " " + std::string(catalogue::name(op.ns)) + " " +
                    std::string(op.since_version) + " " + std::string(op.spec_section) + " " +
                    std::string(catalogue::name(op.rule)) + " device " +
                    std::to_string(op.has_device_keyword) + " " + std::string(op.device_since);
  for (const auto& a : op.arrays)
    out += " | array " + std::string(a.name) + " " + std::string(a.dtype_category) + " " +
           std::to_string(a.min_ndim) + " " + std::to_string(a.may_be_scalar) + " " +
           std::string(a.scalar_since) + " " + std::to_string(a.variadic) + " " +
           std::to_string(a.optional);
  for (const auto& p : op.positionals)
    out += " | positional " + std::string(p.name) + "=" + std::string(p.default_value);
  for (const auto& k : op.keywords)
    out += " | keyword " + std::string(k.name) + "=" + std::string(k.default_value);
  return out;
}

// The message of the derivation's refusal, or "" when it derives.
std::string derivation_refusal(const json& sigs, const std::vector<OperationFacts>& facts) {
  try {
    const DerivedCatalogue derived(sigs, facts);
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "";
}

// The build compiles in what the derivation gives for the repository's signatures file.
TEST(CatalogueDerivation, TheCompiledTableIsTheDerivationOfTheSignaturesFile) {
  const DerivedCatalogue derived(signatures_json(), catalogue::derive::operation_facts());
  const auto& compiled = catalogue::operations();
  ASSERT_EQ(derived.operations().size(), compiled.size());
  for (std::size_t i = 0; i < compiled.size(); ++i)
    EXPECT_EQ(describe_operation(derived.operations()[i]), describe_operation(compiled[i]));
  for (const auto& op : compiled) {
    const auto& tuples = derived.several_array_results();
    EXPECT_EQ(std::find(tuples.begin(), tuples.end(), op.name) != tuples.end(),
              catalogue::returns_several_arrays(op.name))
        << op.name;
  }
}

TEST(CatalogueDerivation, FactsNameEachOperationOfTheNewestSignaturesOnce) {
  std::multiset<std::string> facts;
  for (const auto& entry : catalogue::derive::operation_facts())
    facts.emplace(entry.name);
  std::multiset<std::string> operations;
  for (const auto& [name, _] : newest_release().items())
    operations.insert(name);
  EXPECT_EQ(facts, operations);
}

// Each array named in the facts is an array parameter of its operation (annotated `array`), and
// the categories are the spec's wordings.
TEST(CatalogueDerivation, EveryArrayFactNamesAnArrayParameter) {
  const std::set<std::string_view> categories = {
      "any",          "boolean",  "integer",       "integer or boolean", "numeric",
      "real numeric", "floating", "real floating", "complex floating"};
  for (const auto& entry : catalogue::derive::operation_facts()) {
    EXPECT_TRUE(categories.contains(entry.dtype_category)) << entry.name;
    for (const auto& array : entry.arrays) {
      EXPECT_TRUE(categories.contains(array.dtype_category)) << entry.name << " " << array.name;
      const json& params = newest_release().at(std::string(entry.name)).at("params");
      const auto parameter = std::find_if(
          params.begin(), params.end(), [&](const json& p) { return p.at("name") == array.name; });
      ASSERT_NE(parameter, params.end()) << entry.name << " has no parameter " << array.name;
      EXPECT_THAT(parameter->value("annotation", ""), HasSubstr("array")) << entry.name;
    }
  }
}

// A small signatures file with what the rules must read: a scalar operand and a device keyword
// that came later, positionals and keywords, variadic and optional arrays, an array member, a
// draft that is no release.
const json& sample_signatures() {
  static const json doc = json::parse(R"({
    "2021.12": {
      "add": {"module": "elementwise_functions", "returns": "array", "params": [
        {"name": "x1", "kind": "positional-only", "annotation": "array"},
        {"name": "x2", "kind": "positional-only", "annotation": "array"}]},
      "astype": {"module": "data_type_functions", "returns": "array", "params": [
        {"name": "x", "kind": "positional-only", "annotation": "array"},
        {"name": "dtype", "kind": "positional-only", "annotation": "dtype"},
        {"name": "copy", "kind": "keyword-only", "annotation": "bool", "default": "True"}]},
      "array.__bool__": {"module": "array_object", "returns": "bool", "property": false,
        "params": [{"name": "self", "kind": "positional-only"}]}
    },
    "2024.12": {
      "add": {"module": "elementwise_functions", "returns": "array", "params": [
        {"name": "x1", "kind": "positional-only", "annotation": "Union[array, int, float]"},
        {"name": "x2", "kind": "positional-only", "annotation": "Union[array, int, float]"}]},
      "astype": {"module": "data_type_functions", "returns": "array", "params": [
        {"name": "x", "kind": "positional-only", "annotation": "array"},
        {"name": "dtype", "kind": "positional-only", "annotation": "dtype"},
        {"name": "copy", "kind": "keyword-only", "annotation": "bool", "default": "True"},
        {"name": "device", "kind": "keyword-only", "annotation": "Optional[device]",
         "default": "None"}]},
      "array.__bool__": {"module": "array_object", "returns": "bool", "property": false,
        "params": [{"name": "self", "kind": "positional-only", "annotation": "array"}]},
      "array.__abs__": {"module": "array_object", "returns": "array", "property": false,
        "params": [{"name": "self", "kind": "positional-only", "annotation": "array"}]},
      "linalg.matrix_rank": {"module": "linalg", "returns": "array", "params": [
        {"name": "x", "kind": "positional-only", "annotation": "array"},
        {"name": "rtol", "kind": "keyword-only", "annotation": "Optional[Union[float, array]]",
         "default": "None"}]},
      "stack": {"module": "manipulation_functions", "returns": "array", "params": [
        {"name": "arrays", "kind": "positional-only",
         "annotation": "Union[Tuple[array, ...], List[array]]"},
        {"name": "axis", "kind": "keyword-only", "annotation": "int", "default": "0"}]}
    },
    "draft": {
      "tile": {"module": "manipulation_functions", "returns": "array", "params": []}
    }
  })");
  return doc;
}

const std::vector<OperationFacts>& sample_facts() {
  static const std::vector<OperationFacts> facts = {
      {"add", "numeric"},  {"astype"},
      {"array.__bool__"},  {"array.__abs__", "numeric"},
      {"stack", "any", 1}, {"linalg.matrix_rank", "floating", 2, {{"rtol", "real floating"}}}};
  return facts;
}

TEST(CatalogueDerivation, ReadsASignatureAsTheSpecMeansIt) {
  const DerivedCatalogue derived(sample_signatures(), sample_facts());
  std::vector<std::string> described;
  for (const auto& op : derived.operations())
    described.push_back(describe_operation(op));
  const std::string stubs = "src/array_api_stubs/_2024_12/";
  EXPECT_THAT(
      described,
      ::testing::ElementsAre(
          // Scalars from 2024.12, later than the function.
          "add main 2021.12 " + stubs +
              "elementwise_functions.py multi_input device 0  | array x1 numeric 0 1 2024.12 0 0 "
              "| array x2 numeric 0 1 2024.12 0 0",
          // The device keyword from 2024.12; dtype a positional, copy a keyword.
          "astype main 2021.12 " + stubs +
              "data_type_functions.py like device 1 2024.12 | array x any 0 0  0 0 | positional "
              "dtype= | keyword copy=True | keyword device=None",
          // A sequence of arrays: variadic, so several inputs.
          "stack main 2024.12 " + stubs +
              "manipulation_functions.py multi_input device 0  | array arrays any 1 0  1 0 | "
              "keyword axis=0",
          // An optional array that may be a scalar from the start, with its own facts.
          "linalg.matrix_rank linalg 2024.12 " + stubs +
              "linalg.py multi_input device 0  | array x floating 2 0  0 0 | array rtol real "
              "floating 0 1  0 1",
          // A dunder making an array is an operator; one read on the host a method.
          "array.__abs__ array_operator 2024.12 " + stubs +
              "array_object.py propagate device 0  | array self numeric 0 0  0 0",
          "array.__bool__ array_method 2021.12 " + stubs +
              "array_object.py host device 0  | array self any 0 0  0 0"));
  EXPECT_TRUE(derived.several_array_results().empty());
}

TEST(CatalogueDerivation, RefusesFactsThatDoNotFit) {
  auto facts = sample_facts();
  facts.erase(facts.begin());  // add
  EXPECT_THAT(derivation_refusal(sample_signatures(), facts),
              HasSubstr("add: has a signature but no line in facts.cpp"));

  facts = sample_facts();
  facts.push_back({"tile"});  // only in the draft
  EXPECT_THAT(derivation_refusal(sample_signatures(), facts),
              HasSubstr("tile: has facts but no signature"));
  facts.push_back({"tile"});
  EXPECT_THAT(derivation_refusal(sample_signatures(), facts), HasSubstr("tile: facts given twice"));

  facts = sample_facts();
  facts[5].arrays = {{"tol", "real floating"}};
  EXPECT_THAT(derivation_refusal(sample_signatures(), facts),
              HasSubstr("linalg.matrix_rank: its facts name tol, which is no array parameter"));

  facts = sample_facts();
  facts[0].dtype_category = "real";
  EXPECT_THAT(derivation_refusal(sample_signatures(), facts),
              HasSubstr("add: unknown dtype category \"real\""));

  facts = sample_facts();
  facts[1] = {.name = "astype", .rule = DeviceRule::like};
  EXPECT_THAT(derivation_refusal(sample_signatures(), facts),
              HasSubstr("astype: its rule fact repeats the signature's rule"));

  facts = sample_facts();
  facts[5].arrays = {{"rtol", "floating", 2}};
  EXPECT_THAT(derivation_refusal(sample_signatures(), facts),
              HasSubstr("linalg.matrix_rank: the facts of rtol repeat the operation's"));
}

TEST(CatalogueDerivation, NamesEveryProblemAtOnce) {
  auto facts = sample_facts();
  facts[0].min_ndim = -1;
  facts[3].dtype_category = "numerical";
  const std::string message = derivation_refusal(sample_signatures(), facts);
  EXPECT_THAT(message, HasSubstr("add: a negative rank"));
  EXPECT_THAT(message, HasSubstr("array.__abs__: unknown dtype category \"numerical\""));
}

TEST(CatalogueDerivation, RefusesArrayFactsForAnOperationWithoutArrays) {
  json sigs = sample_signatures();
  sigs["2024.12"]["zeros"] = json::parse(R"({"module": "creation_functions", "returns": "array",
    "params": [{"name": "shape", "kind": "positional-or-keyword", "annotation": "int"},
               {"name": "device", "kind": "keyword-only", "annotation": "Optional[device]",
                "default": "None"}]})");
  auto facts = sample_facts();
  facts.push_back({"zeros"});
  EXPECT_EQ(derivation_refusal(sigs, facts), "");
  const DerivedCatalogue derived(sigs, facts);
  const auto zeros = std::find_if(derived.operations().begin(), derived.operations().end(),
                                  [](const auto& op) { return op.name == "zeros"; });
  ASSERT_NE(zeros, derived.operations().end());
  EXPECT_EQ(zeros->rule, DeviceRule::creation);
  EXPECT_EQ(zeros->ns, Namespace::main);
  facts.back() = {"zeros", "numeric"};
  EXPECT_THAT(derivation_refusal(sigs, facts),
              HasSubstr("zeros: has array facts but no array parameter"));
}

}  // namespace
