// Derives the op catalogue from the standard's signatures (data/array-api-signatures.json) and the
// short table of facts they cannot say (facts.cpp). It runs at build time, in catalogue_generator,
// which writes the result as C++, and in the tests; the programs never read the JSON file.
//
// From the signatures: names, namespaces, first versions, stub files, which parameters are arrays
// (and which take Python scalars, since when, variadic or optional), the other parameters as
// positionals or keywords with their defaults, the device keyword and its version, and the device
// rule (from the return annotation, the device keyword and the array count). From the facts: each
// array's dtype category and least rank, and the two rules the signatures get wrong.
#pragma once

#include <deque>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalogue/catalogue.hpp"

namespace catalogue::derive {

// An array parameter whose facts differ from the rest of its operation's.
struct ArrayFacts {
  std::string_view name{};
  std::string_view dtype_category = "any";
  int min_ndim = 0;
};

// What the signatures cannot say about one operation.
struct OperationFacts {
  std::string_view name{};
  std::string_view dtype_category = "any";  // of every array parameter not in `arrays`
  int min_ndim = 0;                         // likewise
  std::vector<ArrayFacts> arrays{};
  std::optional<DeviceRule> rule{};  // only where the rule the signature gives is not the spec's
};

// One entry per operation of the newest signatures (facts.cpp).
const std::vector<OperationFacts>& operation_facts();

// The catalogue of `signatures` with `facts`, in catalogue order (namespace group, then name).
// Throws std::invalid_argument listing every problem: an operation without facts or facts without
// an operation, a fact naming no array parameter, an unknown dtype category, a fact that only
// repeats what the signature says. Its string_views point into itself: it is neither copied nor
// moved.
class DerivedCatalogue {
 public:
  DerivedCatalogue(const nlohmann::json& signatures, const std::vector<OperationFacts>& facts);
  DerivedCatalogue(const DerivedCatalogue&) = delete;
  DerivedCatalogue& operator=(const DerivedCatalogue&) = delete;

  const std::vector<Operation>& operations() const { return operations_; }
  // The operations whose newest signature returns a tuple of arrays, by name.
  const std::vector<std::string_view>& several_array_results() const {
    return several_array_results_;
  }

 private:
  std::string_view keep(std::string text);

  std::deque<std::string> texts_;  // a deque never moves what it holds
  std::vector<Operation> operations_;
  std::vector<std::string_view> several_array_results_;
};

}  // namespace catalogue::derive
