// The table of an in-process backend: for each operation, how to run the call and how to spell
// it in a C++ reproduction, side by side in one entry. add() takes both halves, so an operation
// a backend runs without saying how it is written does not compile; a backend that has not
// written a spelling yet says so with `not_spelled`, and its reproductions leave the step out
// with that reason.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "call_arguments.hpp"
#include "cpp_reproduction.hpp"

namespace conformance::adapter_support {

// What one call gave: arrays, or a value that is no array (info queries, attributes).
template <class Array>
struct CallResult {
  std::vector<Array> arrays{};
  nlohmann::json value{};
};

// The spelling of an operation whose C++ text is not written yet.
struct NotSpelled {};
inline constexpr NotSpelled not_spelled{};

// What a spelling throws for a call it has no text for.
inline Unsupported no_spelling(std::string_view op) {
  return Unsupported(fmt::format("no C++ spelling is written for {} yet", op));
}

template <class Backend>
class OperationTable {
 public:
  // Runs the call; throws Unsupported, NotRun, or whatever the library throws.
  using Run = std::function<CallResult<typename Backend::Array>(const typename Backend::Call&)>;
  // The call's C++ expression; throws Unsupported where it has none.
  using Spell = std::function<CppExpression(const typename Backend::CppCall&)>;
  struct Entry {
    Run run;
    Spell spell;
  };

  // Throws std::logic_error for a name already in the table: one entry per operation.
  void add(std::string name, Run run, Spell spell) {
    const auto [where, added] =
        entries_.try_emplace(std::move(name), Entry{std::move(run), std::move(spell)});
    if (!added) throw std::logic_error(fmt::format("{} is in the table twice", where->first));
  }
  void add(std::string name, Run run, NotSpelled) {
    Spell spell = [op = name](const typename Backend::CppCall&) -> CppExpression {
      throw no_spelling(op);
    };
    add(std::move(name), std::move(run), std::move(spell));
  }

  // nullptr for an operation the backend does not map.
  const Entry* find(std::string_view name) const {
    const auto entry = entries_.find(name);
    return entry == entries_.end() ? nullptr : &entry->second;
  }

  // The operations the table maps, as catalogue names in catalogue order, then the in-place
  // operators; the harness's own operations are left out (every adapter has them).
  std::vector<std::string> mapped_operations() const {
    std::vector<std::string> names;
    for (const auto& [name, entry] : entries_)
      names.push_back(name);
    return operations_in_catalogue_order(names);
  }

 private:
  std::map<std::string, Entry, std::less<>> entries_;
};

// The C++ expression for one step of a program, as the backend's table spells it. Throws
// Unsupported for a step it cannot spell (the reproduction then leaves it out, saying why).
template <class Backend>
CppExpression spell_step(const OperationTable<Backend>& table, const Step& step,
                         const CppNames& names) {
  const auto* entry = table.find(step.op);
  if (entry == nullptr) throw Unsupported(Backend::unmapped(step.op));
  const Arguments arguments = bind(step);
  return entry->spell(typename Backend::CppCall(arguments, names));
}

}  // namespace conformance::adapter_support
