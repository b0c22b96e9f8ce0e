// Checks the op catalogue against the standard's signatures file, so that a function added to the
// spec (or a typo in the table) fails the build's tests instead of silently going untested.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"

namespace {

using nlohmann::json;

constexpr const char* kVersion = "2024.12";

const json& signatures() {
  static const json doc = [] {
    std::ifstream in(ADC_SIGNATURES_JSON);
    if (!in) throw std::runtime_error("cannot open " ADC_SIGNATURES_JSON);
    return json::parse(in);
  }();
  return doc;
}

const json& spec() {
  return signatures().at(kVersion);
}

// An array parameter of the spec: annotated with `array` anywhere (array, Optional[array],
// Union[int, array], Tuple[array, ...]) or, for from_dlpack, `object` ("input (array) object").
bool is_array_param(const json& p) {
  static const std::regex word(R"(\barray\b)");
  const auto annotation = p.at("annotation").get<std::string>();
  return std::regex_search(annotation, word) || annotation == "object";
}

bool allows_python_scalar(const json& p) {
  static const std::regex scalar(R"(\b(int|float|complex|bool)\b)");
  return std::regex_search(p.at("annotation").get<std::string>(), scalar);
}

bool is_variadic(const json& p) {
  return p.at("kind") == "var-positional" ||
         p.at("annotation").get<std::string>().find("Tuple[array") != std::string::npos;
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

TEST(Catalogue, CoversEverySpecFunction) {
  std::vector<std::string> missing;
  for (const auto& [name, _] : spec().items()) {
    if (catalogue::find_operation(name) == nullptr) missing.push_back(name);
  }
  EXPECT_TRUE(missing.empty()) << "missing from the catalogue: " << join(missing);
}

TEST(Catalogue, InventsNoName) {
  std::vector<std::string> invented;
  for (const auto& op : catalogue::operations()) {
    if (!spec().contains(std::string(op.name))) invented.emplace_back(op.name);
  }
  EXPECT_TRUE(invented.empty()) << "not in the " << kVersion << " signatures: " << join(invented);
}

TEST(Catalogue, NamesAreUnique) {
  std::set<std::string_view> seen;
  for (const auto& op : catalogue::operations()) {
    EXPECT_TRUE(seen.insert(op.name).second) << "duplicate: " << op.name;
  }
}

TEST(Catalogue, FindOperationFindsEachEntry) {
  for (const auto& op : catalogue::operations())
    EXPECT_EQ(catalogue::find_operation(op.name), &op);
  EXPECT_EQ(catalogue::find_operation("no_such_function"), nullptr);
}

TEST(Catalogue, SinceVersionIsTheEarliestVersionListingIt) {
  for (const auto& op : catalogue::operations()) {
    std::string earliest;
    // The file's version keys are in release order ("2021.12" ... "draft").
    for (const auto& [version, functions] : signatures().items()) {
      if (functions.contains(std::string(op.name))) {
        earliest = version;
        break;
      }
    }
    EXPECT_EQ(op.since_version, earliest) << op.name;
  }
}

TEST(Catalogue, SpecSectionIsTheStubOfItsModule) {
  for (const auto& op : catalogue::operations()) {
    const auto& sig = spec().at(std::string(op.name));
    const auto expected =
        "src/array_api_stubs/_2024_12/" + sig.at("module").get<std::string>() + ".py";
    EXPECT_EQ(op.spec_section, expected) << op.name;
  }
}

TEST(Catalogue, DeviceKeywordMatchesSignature) {
  for (const auto& op : catalogue::operations()) {
    bool has_device = false;
    for (const auto& p : spec().at(std::string(op.name)).at("params")) {
      has_device = has_device || (p.at("name") == "device" && p.at("kind") == "keyword-only");
    }
    EXPECT_EQ(op.has_device_keyword, has_device) << op.name;
  }
}

TEST(Catalogue, ArrayParametersMatchSignature) {
  for (const auto& op : catalogue::operations()) {
    std::vector<const json*> expected;
    for (const auto& p : spec().at(std::string(op.name)).at("params")) {
      if (is_array_param(p)) expected.push_back(&p);
    }
    ASSERT_EQ(op.arrays.size(), expected.size()) << op.name;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const auto& p = *expected[i];
      const auto& a = op.arrays[i];
      EXPECT_EQ(a.name, p.at("name").get<std::string>()) << op.name;
      EXPECT_EQ(a.may_be_scalar, allows_python_scalar(p)) << op.name << " " << a.name;
      EXPECT_EQ(a.variadic, is_variadic(p)) << op.name << " " << a.name;
      EXPECT_EQ(a.optional, p.contains("default")) << op.name << " " << a.name;
      EXPECT_GE(a.min_ndim, 0) << op.name;
    }
  }
}

TEST(Catalogue, OtherParametersMatchSignature) {
  for (const auto& op : catalogue::operations()) {
    std::map<std::string, std::string> keywords, positionals;
    for (const auto& p : spec().at(std::string(op.name)).at("params")) {
      if (is_array_param(p)) continue;
      const auto kind = p.at("kind").get<std::string>();
      auto& into =
          (kind == "keyword-only" || kind == "positional-or-keyword") ? keywords : positionals;
      into[p.at("name")] = p.value("default", "");
    }
    std::map<std::string, std::string> got_keywords, got_positionals;
    for (const auto& k : op.keywords)
      got_keywords[std::string(k.name)] = k.default_value;
    for (const auto& k : op.positionals)
      got_positionals[std::string(k.name)] = k.default_value;
    EXPECT_EQ(got_keywords, keywords) << op.name;
    EXPECT_EQ(got_positionals, positionals) << op.name;
  }
}

TEST(Catalogue, DeviceRuleFitsTheArrayParameters) {
  for (const auto& op : catalogue::operations()) {
    const bool variadic =
        std::any_of(op.arrays.begin(), op.arrays.end(), [](const auto& a) { return a.variadic; });
    switch (op.rule) {
      case catalogue::DeviceRule::multi_input:
        EXPECT_TRUE(op.arrays.size() >= 2 || variadic) << op.name;
        break;
      case catalogue::DeviceRule::propagate:
        EXPECT_TRUE(op.arrays.size() == 1 && !variadic) << op.name;
        break;
      case catalogue::DeviceRule::creation:
        EXPECT_TRUE(op.arrays.empty() && op.has_device_keyword) << op.name;
        break;
      case catalogue::DeviceRule::like:
        EXPECT_TRUE(op.arrays.size() == 1 && op.has_device_keyword) << op.name;
        break;
      case catalogue::DeviceRule::transfer:
        EXPECT_EQ(op.name, "array.to_device");
        break;
      case catalogue::DeviceRule::info:
      case catalogue::DeviceRule::host:
        break;
    }
  }
}

TEST(Catalogue, NamespaceMatchesName) {
  for (const auto& op : catalogue::operations()) {
    const auto prefix = op.name.substr(0, op.name.find('.') + 1);
    using catalogue::Namespace;
    if (prefix == "linalg.")
      EXPECT_EQ(op.ns, Namespace::linalg) << op.name;
    else if (prefix == "fft.")
      EXPECT_EQ(op.ns, Namespace::fft) << op.name;
    else if (prefix == "info.")
      EXPECT_EQ(op.ns, Namespace::info) << op.name;
    else if (prefix == "array.") {
      const bool property = spec().at(std::string(op.name)).value("property", false);
      EXPECT_EQ(op.ns == Namespace::array_attribute, property) << op.name;
      EXPECT_TRUE(op.ns == Namespace::array_attribute || op.ns == Namespace::array_method ||
                  op.ns == Namespace::array_operator)
          << op.name;
    } else
      EXPECT_EQ(op.ns, Namespace::main) << op.name;
  }
}

TEST(Catalogue, RuleNamesAreDistinct) {
  using catalogue::DeviceRule;
  std::set<std::string_view> names;
  for (auto rule :
       {DeviceRule::creation, DeviceRule::like, DeviceRule::propagate, DeviceRule::multi_input,
        DeviceRule::transfer, DeviceRule::info, DeviceRule::host}) {
    names.insert(catalogue::name(rule));
  }
  EXPECT_EQ(names.size(), 7u);
  EXPECT_EQ(catalogue::name(DeviceRule::multi_input), "multi_input");
}

}  // namespace
