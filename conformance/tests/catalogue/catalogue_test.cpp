// Checks the op catalogue against the standard's signatures file, so that a function added to the
// spec (or a typo in the table) fails the build's tests instead of silently going untested.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "build_locations.hpp"
#include "catalogue/catalogue.hpp"

namespace {

using nlohmann::json;

// The versions whose whole signatures (parameters included) the catalogue must match: the newest,
// which it describes, and the one before, which it described until 2025.12 came. Older versions
// are checked for names, since-versions, device keywords and scalar operands only, since their
// keyword lists differ in ways no check depends on.
const std::vector<std::string> kCheckedVersions = {"2024.12", "2025.12"};

const json& signatures() {
  static const json doc = [] {
    std::ifstream in(adc::build_locations::signatures_json);
    if (!in)
      throw std::runtime_error(std::string("cannot open ") + adc::build_locations::signatures_json);
    return json::parse(in);
  }();
  return doc;
}

const json& spec(const std::string& version) {
  return signatures().at(version);
}

const json& newest() {
  return spec(std::string(catalogue::newest_spec_version()));
}

// The operations that exist in `version`.
std::vector<const catalogue::Operation*> operations_in(const std::string& version) {
  std::vector<const catalogue::Operation*> ops;
  for (const auto& op : catalogue::operations())
    if (op.since_version <= version) ops.push_back(&op);
  return ops;
}

const json& params(const std::string& version, std::string_view op) {
  return spec(version).at(std::string(op)).at("params");
}

// A parameter's annotation; "" where older stubs leave it out (2021.12's `self`).
std::string annotation_of(const json& p) {
  const auto it = p.find("annotation");
  return it != p.end() && it->is_string() ? it->get<std::string>() : "";
}

// An array parameter of the spec: annotated with `array` anywhere (array, Optional[array],
// Union[int, array], Tuple[array, ...]) or, for from_dlpack, `object` ("input (array) object").
bool is_array_param(const json& p) {
  static const std::regex word(R"(\barray\b)");
  const auto annotation = annotation_of(p);
  return std::regex_search(annotation, word) || annotation == "object";
}

bool allows_python_scalar(const json& p) {
  static const std::regex scalar(R"(\b(int|float|complex|bool)\b)");
  return std::regex_search(annotation_of(p), scalar);
}

bool is_variadic(const json& p) {
  return p.at("kind") == "var-positional" ||
         annotation_of(p).find("Tuple[array") != std::string::npos;
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

TEST(Catalogue, VersionsAreTheSignatureFilesReleases) {
  std::vector<std::string_view> released;
  for (const auto& [version, _] : signatures().items())
    if (version != "draft") released.push_back(version);
  EXPECT_EQ(catalogue::spec_versions(), released);
  EXPECT_EQ(catalogue::newest_spec_version(), "2025.12");
}

TEST(Catalogue, CoversEverySpecFunctionOfEveryVersion) {
  for (const auto version : catalogue::spec_versions()) {
    std::vector<std::string> missing;
    for (const auto& [name, _] : spec(std::string(version)).items()) {
      const auto* op = catalogue::find_operation(name);
      if (op == nullptr || op->since_version > version) missing.push_back(name);
    }
    EXPECT_TRUE(missing.empty()) << "missing from the catalogue for " << version << ": "
                                 << join(missing);
  }
}

TEST(Catalogue, InventsNoName) {
  for (const auto version : catalogue::spec_versions()) {
    std::vector<std::string> invented;
    for (const auto* op : operations_in(std::string(version))) {
      if (!spec(std::string(version)).contains(std::string(op->name)))
        invented.emplace_back(op->name);
    }
    EXPECT_TRUE(invented.empty()) << "not in the " << version << " signatures: " << join(invented);
  }
}

TEST(Catalogue, Has2025Additions) {
  for (const auto* name : {"isin", "broadcast_shapes", "linalg.eig", "linalg.eigvals"}) {
    const auto* op = catalogue::find_operation(name);
    ASSERT_NE(op, nullptr) << name;
    EXPECT_EQ(op->since_version, "2025.12") << name;
  }
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

TEST(Catalogue, SpecSectionIsTheNewestStubOfItsModule) {
  for (const auto& op : catalogue::operations()) {
    const auto& sig = newest().at(std::string(op.name));
    const auto expected =
        "src/array_api_stubs/_2025_12/" + sig.at("module").get<std::string>() + ".py";
    EXPECT_EQ(op.spec_section, expected) << op.name;
  }
}

// In every version: the catalogue's device keyword (and the version it came in) is the
// signature's keyword-only `device`.
TEST(Catalogue, DeviceKeywordMatchesSignatureOfEveryVersion) {
  for (const auto version : catalogue::spec_versions()) {
    for (const auto* op : operations_in(std::string(version))) {
      bool has_device = false;
      for (const auto& p : params(std::string(version), op->name)) {
        has_device = has_device || (p.at("name") == "device" && p.at("kind") == "keyword-only");
      }
      const bool catalogued =
          op->has_device_keyword && catalogue::device_keyword_since(*op) <= version;
      EXPECT_EQ(catalogued, has_device) << op->name << " in " << version;
    }
  }
}

// In every version: a parameter takes a Python scalar exactly from the catalogue's scalar_since.
TEST(Catalogue, ScalarOperandsMatchSignatureOfEveryVersion) {
  for (const auto version : catalogue::spec_versions()) {
    for (const auto* op : operations_in(std::string(version))) {
      for (const auto& p : params(std::string(version), op->name)) {
        if (!is_array_param(p)) continue;
        const auto a = std::find_if(op->arrays.begin(), op->arrays.end(),
                                    [&](const auto& a) { return a.name == p.at("name"); });
        if (a == op->arrays.end()) continue;  // renamed since; the newest names are checked below
        const bool catalogued = a->may_be_scalar && catalogue::scalar_since(*op, *a) <= version;
        EXPECT_EQ(catalogued, allows_python_scalar(p))
            << op->name << " " << a->name << " in " << version;
      }
    }
  }
}

TEST(Catalogue, ArrayParametersMatchSignature) {
  for (const auto& version : kCheckedVersions) {
    for (const auto* op : operations_in(version)) {
      std::vector<const json*> expected;
      for (const auto& p : params(version, op->name)) {
        if (is_array_param(p)) expected.push_back(&p);
      }
      ASSERT_EQ(op->arrays.size(), expected.size()) << op->name << " in " << version;
      for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto& p = *expected[i];
        const auto& a = op->arrays[i];
        EXPECT_EQ(a.name, p.at("name").get<std::string>()) << op->name << " in " << version;
        EXPECT_EQ(a.variadic, is_variadic(p)) << op->name << " " << a.name;
        EXPECT_EQ(a.optional, p.contains("default")) << op->name << " " << a.name;
        EXPECT_GE(a.min_ndim, 0) << op->name;
      }
    }
  }
}

// The non-array parameters of `op` in `version`: keywords and positionals, with defaults.
void expect_other_parameters(const std::string& version, const catalogue::Operation& op) {
  {
    std::map<std::string, std::string> keywords, positionals;
    for (const auto& p : params(version, op.name)) {
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
    EXPECT_EQ(got_keywords, keywords) << op.name << " in " << version;
    EXPECT_EQ(got_positionals, positionals) << op.name << " in " << version;
  }
}

TEST(Catalogue, OtherParametersMatchSignature) {
  for (const auto& version : kCheckedVersions) {
    for (const auto* op : operations_in(version)) {
      expect_other_parameters(version, *op);
    }
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
      const bool property = newest().at(std::string(op.name)).value("property", false);
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

// The in-place operators are the catalogue's (array_object.rst: +=, -=, *=, /=, //=, **=, @=, %=,
// &=, |=, ^=, <<=, >>=), each applying a binary operator the catalogue has.
TEST(Catalogue, InPlaceOperatorsMapToTheirBinaryOperator) {
  const auto& all = catalogue::in_place_operators();
  EXPECT_EQ(all.size(), 13u);
  for (const auto& [op, base] : all) {
    EXPECT_EQ(catalogue::in_place_base(op), base);
    ASSERT_NE(catalogue::find_operation(base), nullptr) << op;
    EXPECT_EQ(catalogue::find_operation(op), nullptr) << op << " is no catalogue entry";
    EXPECT_EQ("array.__i" + base.substr(std::string("array.__").size()), op);
  }
  EXPECT_EQ(catalogue::in_place_base("array.__add__"), "");
  EXPECT_EQ(catalogue::in_place_base("add"), "");
}

// The element-wise groups are the newest stubs' element-wise functions of one parameter and of two
// array parameters, in the catalogue's order; clip (keywords) is in neither.
TEST(Catalogue, ElementwiseGroupsAreTheSignaturesOneAndTwoArrayFunctions) {
  std::vector<std::string_view> unary;
  std::vector<std::string_view> binary;
  for (const auto& op : catalogue::operations()) {
    const json& signature = newest().at(std::string(op.name));
    if (signature.value("module", "") != "elementwise_functions") continue;
    const json& ps = signature.at("params");
    const auto arrays = std::count_if(ps.begin(), ps.end(), is_array_param);
    if (ps.size() == 1 && arrays == 1) unary.push_back(op.name);
    if (ps.size() == 2 && arrays == 2) binary.push_back(op.name);
  }
  EXPECT_EQ(catalogue::unary_elementwise_functions(), unary);
  EXPECT_EQ(catalogue::binary_elementwise_functions(), binary);
  // Known members rather than counts, so that a new element-wise function changes no number here.
  EXPECT_NE(std::ranges::find(unary, "abs"), unary.end());
  EXPECT_NE(std::ranges::find(binary, "atan2"), binary.end());
  EXPECT_EQ(std::ranges::find(unary, "clip"), unary.end());
  EXPECT_EQ(std::ranges::find(binary, "clip"), binary.end());
}

// An operation returns several arrays exactly when its newest signature returns a tuple of them.
TEST(Catalogue, SeveralArrayResultsAreTheSignaturesTuplesOfArrays) {
  std::vector<std::string_view> tuples;
  for (const auto& op : catalogue::operations()) {
    const std::string returns = newest().at(std::string(op.name)).value("returns", "");
    const bool tuple = returns.starts_with("Tuple[array");
    if (tuple) tuples.push_back(op.name);
    EXPECT_EQ(catalogue::returns_several_arrays(op.name), tuple) << op.name << ": " << returns;
  }
  for (std::string_view name : {"linalg.svd", "unique_all", "meshgrid"})
    EXPECT_NE(std::ranges::find(tuples, name), tuples.end()) << name;
  EXPECT_FALSE(catalogue::returns_several_arrays("array.shape"));
}

// No second list: the harness's generic code (generator, oracle, checks, the command, the shared
// adapter code, the Python adapter) lists no in-place operators; it reads them from the catalogue.
// Only the catalogue's own list, and each backend's table of how to run one, spell them out.
// The text of every file below these folders of conformance/.
std::vector<std::pair<std::filesystem::path, std::string>> sources_in(
    const std::vector<std::string>& folders) {
  const std::string root = std::string(adc::build_locations::source_dir) + "/conformance/";
  std::vector<std::pair<std::filesystem::path, std::string>> files;
  for (const auto& folder : folders)
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root + folder)) {
      if (!entry.is_regular_file()) continue;
      std::ifstream in(entry.path());
      files.emplace_back(entry.path(), std::string((std::istreambuf_iterator<char>(in)),
                                                   std::istreambuf_iterator<char>()));
    }
  return files;
}

// The names of `names` that `text` quotes.
template <class Names>
std::vector<std::string> quoted(const std::string& text, const Names& names) {
  std::vector<std::string> found;
  for (const auto& name : names)
    if (text.find('"' + std::string(name) + '"') != std::string::npos) found.emplace_back(name);
  return found;
}

TEST(Catalogue, OnlyTheCatalogueListsTheInPlaceOperators) {
  std::vector<std::string> in_place;
  for (const auto& [op, base] : catalogue::in_place_operators())
    in_place.push_back(op);
  const auto files = sources_in(
      {"src", "properties", "app", "transport", "adapters/common", "adapters/python", "include"});
  for (const auto& [path, text] : files) {
    // One named on its own is a rule about that operator (@= follows matmul's shapes); two or
    // more are a list.
    const std::vector<std::string> named = quoted(text, in_place);
    EXPECT_LE(named.size(), 1u) << path << " lists in-place operators (" << named.front() << ", "
                                << named.back() << ", ...): read catalogue::in_place_operators()";
  }
  EXPECT_GT(files.size(), 50u);
}

// The same for the element-wise functions, over the adapters too: a backend names them only in
// its table of how to run each (a name and a function of that library, side by side).
TEST(Catalogue, OnlyTheCatalogueListsTheElementwiseFunctions) {
  const std::vector<std::string> run_tables = {"strict_operations_elementwise.cpp",
                                               "torch_operations_elementwise.cpp"};
  const auto files = sources_in({"src", "properties", "app", "transport", "adapters", "include"});
  for (const auto& [path, text] : files) {
    if (std::find(run_tables.begin(), run_tables.end(), path.filename()) != run_tables.end())
      continue;
    // A rule or a choice names some (the generator's per-dtype picks, the operators' functions);
    // a copy of a group names nearly all of it.
    for (const auto* group :
         {&catalogue::unary_elementwise_functions(), &catalogue::binary_elementwise_functions()}) {
      const std::vector<std::string> named = quoted(text, *group);
      EXPECT_LE(named.size() * 4, group->size() * 3)
          << path << " copies a group of element-wise functions (" << named.size() << " of "
          << group->size() << "): read catalogue::unary_elementwise_functions() or "
          << "catalogue::binary_elementwise_functions()";
    }
  }
  EXPECT_GT(files.size(), 100u);
}

}  // namespace
