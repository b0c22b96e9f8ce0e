// The rules that turn a signature and its facts into a catalogue entry (derive.hpp).
#include "derive.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <tuple>

namespace catalogue::derive {
namespace {

using nlohmann::json;

// The spec's wordings of dtype categories (catalogue.hpp, ArrayParameter::dtype_category).
constexpr std::array<std::string_view, 9> kDtypeCategories = {
    "any",          "boolean",  "integer",       "integer or boolean", "numeric",
    "real numeric", "floating", "real floating", "complex floating"};
constexpr std::array<std::string_view, 4> kPythonScalars = {"int", "float", "complex", "bool"};

bool is_word_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Whether `text` holds `word` as a whole word: "array" in "Optional[array]", not in "NDArray".
bool has_word(std::string_view text, std::string_view word) {
  for (auto at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const auto end = at + word.size();
    if ((at == 0 || !is_word_character(text[at - 1])) &&
        (end == text.size() || !is_word_character(text[end])))
      return true;
  }
  return false;
}

// "" where older stubs leave it out (2021.12's `self`).
std::string annotation_of(const json& parameter) {
  const auto found = parameter.find("annotation");
  return found != parameter.end() && found->is_string() ? found->get<std::string>() : "";
}

const std::string& name_of(const json& parameter) {
  return parameter.at("name").get_ref<const std::string&>();
}

// An array parameter: annotated with `array` anywhere (array, Optional[array], Union[int, array],
// Tuple[array, ...]) or, for from_dlpack's x, `object` ("input (array) object").
bool is_array(const json& parameter) {
  const std::string annotation = annotation_of(parameter);
  return has_word(annotation, "array") || annotation == "object";
}

// A Python scalar may stand for the array (2024.12's binary functions: Union[array, int, float]).
bool allows_python_scalar(const json& parameter) {
  const std::string annotation = annotation_of(parameter);
  return std::any_of(kPythonScalars.begin(), kPythonScalars.end(),
                     [&](std::string_view type) { return has_word(annotation, type); });
}

bool is_variadic(const json& parameter) {
  return parameter.at("kind") == "var-positional" ||
         annotation_of(parameter).find("Tuple[array") != std::string::npos;
}

bool is_device_keyword(const json& parameter) {
  return name_of(parameter) == "device" && parameter.at("kind") == "keyword-only";
}

const json* parameter_named(const json& signature, std::string_view name) {
  for (const json& parameter : signature.at("params"))
    if (name_of(parameter) == name) return &parameter;
  return nullptr;
}

// Catalogue order: the main namespace, linalg, fft, info, the array object; each by name.
int group_of(std::string_view name) {
  constexpr std::array<std::string_view, 4> kPrefixes = {"linalg.", "fft.", "info.", "array."};
  for (std::size_t i = 0; i < kPrefixes.size(); ++i)
    if (name.starts_with(kPrefixes[i])) return static_cast<int>(i) + 1;
  return 0;
}

// The device rule the signature gives: no array returned is inspection (info) or, for the array
// object, a host read; a device keyword makes creation (no array in) or *_like (one array in);
// several arrays in must share a device; one array in passes its device on.
std::optional<DeviceRule> rule_of(std::string_view name, const json& signature,
                                  const std::vector<const json*>& arrays, bool device_keyword) {
  const bool returns_array = has_word(signature.value("returns", ""), "array");
  if (name.starts_with("info.") || !returns_array)
    return name.starts_with("array.") ? DeviceRule::host : DeviceRule::info;
  if (device_keyword) return arrays.empty() ? DeviceRule::creation : DeviceRule::like;
  const bool variadic = std::any_of(arrays.begin(), arrays.end(),
                                    [](const json* parameter) { return is_variadic(*parameter); });
  if (arrays.size() >= 2 || variadic) return DeviceRule::multi_input;
  if (arrays.size() == 1) return DeviceRule::propagate;
  return std::nullopt;  // an array from nothing: the facts must say where it goes
}

// An array member is an attribute (a property of the stubs), an operator (a dunder that makes or
// writes an array: __add__, __getitem__, __setitem__) or a method (to_device, and the conversions
// and protocols that read the array on the host: __bool__, __dlpack__, ...).
Namespace namespace_of(std::string_view name, const json& signature, DeviceRule rule) {
  if (name.starts_with("linalg.")) return Namespace::linalg;
  if (name.starts_with("fft.")) return Namespace::fft;
  if (name.starts_with("info.")) return Namespace::info;
  if (!name.starts_with("array.")) return Namespace::main;
  if (signature.value("property", false)) return Namespace::array_attribute;
  const bool dunder = name.substr(std::string_view("array.").size()).starts_with("__");
  return dunder && rule != DeviceRule::host ? Namespace::array_operator : Namespace::array_method;
}

// Problems found while deriving, reported together so that one build names them all.
class Problems {
 public:
  void add(std::string_view operation, std::string_view problem) {
    text_ += "\n  " + std::string(operation) + ": " + std::string(problem);
  }
  void throw_if_any() const {
    if (!text_.empty())
      throw std::invalid_argument("the catalogue's facts do not fit the signatures:" + text_);
  }

 private:
  std::string text_;
};

void check_array_facts(std::string_view category, int min_ndim, std::string_view operation,
                       Problems& problems) {
  if (std::find(kDtypeCategories.begin(), kDtypeCategories.end(), category) ==
      kDtypeCategories.end())
    problems.add(operation, "unknown dtype category \"" + std::string(category) + "\"");
  if (min_ndim < 0) problems.add(operation, "a negative rank");
}

}  // namespace

std::string_view DerivedCatalogue::keep(std::string text) {
  return texts_.emplace_back(std::move(text));
}

DerivedCatalogue::DerivedCatalogue(const json& signatures,
                                   const std::vector<OperationFacts>& facts) {
  // Release versions, oldest first (the file's keys sort so), and the newest, which the
  // catalogue describes; "draft" is no release.
  std::vector<std::string> versions;
  for (const auto& [version, _] : signatures.items())
    if (version != "draft") versions.push_back(version);
  if (versions.empty()) throw std::invalid_argument("the signatures hold no release");
  const json& newest = signatures.at(versions.back());
  std::string stubs = "src/array_api_stubs/_" + versions.back() + "/";
  std::replace(stubs.begin(), stubs.end(), '.', '_');

  Problems problems;
  std::map<std::string_view, const OperationFacts*> facts_of;
  for (const auto& entry : facts) {
    if (!facts_of.emplace(entry.name, &entry).second) problems.add(entry.name, "facts given twice");
    if (!newest.contains(std::string(entry.name)))
      problems.add(entry.name, "has facts but no signature in " + versions.back());
  }

  // The first release that lists `name` and in which `holds(signature)`; "" when that is the
  // operation's own first release.
  const auto first_release = [&](const std::string& name, const auto& holds) -> std::string {
    for (const auto& version : versions) {
      const json& release = signatures.at(version);
      if (release.contains(name) && holds(release.at(name))) return version;
    }
    return "";
  };

  for (const auto& [name, signature] : newest.items()) {
    const auto found = facts_of.find(name);
    if (found == facts_of.end()) {
      problems.add(name, "has a signature but no line in facts.cpp");
      continue;
    }
    const OperationFacts& fact = *found->second;
    const std::string since = first_release(name, [](const json&) { return true; });
    const auto unless_since = [&](std::string version) {
      return version == since ? std::string_view{} : keep(std::move(version));
    };

    Operation op{.name = keep(name),
                 .since_version = keep(since),
                 .spec_section = keep(stubs + signature.at("module").get<std::string>() + ".py")};
    std::vector<const json*> arrays;
    for (const json& parameter : signature.at("params")) {
      const std::string& parameter_name = name_of(parameter);
      const auto kind = parameter.at("kind").get<std::string>();
      std::string default_value = parameter.value("default", "");
      if (is_array(parameter)) {
        arrays.push_back(&parameter);
        ArrayParameter array{.name = keep(parameter_name),
                             .dtype_category = fact.dtype_category,
                             .min_ndim = fact.min_ndim,
                             .variadic = is_variadic(parameter),
                             .optional = parameter.contains("default")};
        for (const auto& exception : fact.arrays) {
          if (exception.name != parameter_name) continue;
          array.dtype_category = exception.dtype_category;
          array.min_ndim = exception.min_ndim;
          if (exception.dtype_category == fact.dtype_category &&
              exception.min_ndim == fact.min_ndim)
            problems.add(name, "the facts of " + parameter_name + " repeat the operation's");
        }
        if (allows_python_scalar(parameter)) {
          array.may_be_scalar = true;
          array.scalar_since = unless_since(first_release(name, [&](const json& earlier) {
            const json* same = parameter_named(earlier, parameter_name);
            return same != nullptr && is_array(*same) && allows_python_scalar(*same);
          }));
        }
        op.arrays.push_back(array);
      } else if (kind == "keyword-only" || kind == "positional-or-keyword") {
        op.keywords.push_back({keep(parameter_name), keep(std::move(default_value))});
      } else {
        op.positionals.push_back({keep(parameter_name), keep(std::move(default_value))});
      }
    }

    const json& parameters = signature.at("params");
    op.has_device_keyword = std::any_of(parameters.begin(), parameters.end(), is_device_keyword);
    if (op.has_device_keyword) {
      op.device_since = unless_since(first_release(name, [](const json& earlier) {
        const json& ps = earlier.at("params");
        return std::any_of(ps.begin(), ps.end(), is_device_keyword);
      }));
    }

    const auto given = rule_of(name, signature, arrays, op.has_device_keyword);
    if (fact.rule.has_value() && fact.rule == given)
      problems.add(name, "its rule fact repeats the signature's rule");
    if (!fact.rule.has_value() && !given.has_value())
      problems.add(name, "returns an array from no array and no device keyword: give its rule");
    op.rule = fact.rule.value_or(given.value_or(DeviceRule::propagate));
    op.ns = namespace_of(name, signature, op.rule);

    for (const auto& exception : fact.arrays) {
      const json* parameter = parameter_named(signature, exception.name);
      if (parameter == nullptr || !is_array(*parameter))
        problems.add(name, "its facts name " + std::string(exception.name) +
                               ", which is no array parameter");
      check_array_facts(exception.dtype_category, exception.min_ndim, name, problems);
    }
    check_array_facts(fact.dtype_category, fact.min_ndim, name, problems);
    if (arrays.empty() && (fact.dtype_category != "any" || fact.min_ndim != 0))
      problems.add(name, "has array facts but no array parameter");

    if (signature.value("returns", "").starts_with("Tuple[array"))
      several_array_results_.push_back(op.name);
    operations_.push_back(std::move(op));
  }
  problems.throw_if_any();

  std::stable_sort(
      operations_.begin(), operations_.end(), [](const Operation& a, const Operation& b) {
        return std::tuple(group_of(a.name), a.name) < std::tuple(group_of(b.name), b.name);
      });
}

}  // namespace catalogue::derive
