// The array object's in-place operators (array_object.rst, "In-place operators": +=, -=, *=, /=,
// //=, **=, @=, %=, &=, |=, ^=, <<=, >>=), each with the binary operator it applies: the one list
// the generator, the oracle, the checks and the adapters read.
#include <algorithm>

#include "catalogue/catalogue.hpp"

namespace catalogue {

const std::vector<InPlaceOperator>& in_place_operators() {
  static const std::vector<InPlaceOperator> all{
      {"array.__iadd__", "array.__add__"},           {"array.__isub__", "array.__sub__"},
      {"array.__imul__", "array.__mul__"},           {"array.__itruediv__", "array.__truediv__"},
      {"array.__ifloordiv__", "array.__floordiv__"}, {"array.__ipow__", "array.__pow__"},
      {"array.__imatmul__", "array.__matmul__"},     {"array.__imod__", "array.__mod__"},
      {"array.__iand__", "array.__and__"},           {"array.__ior__", "array.__or__"},
      {"array.__ixor__", "array.__xor__"},           {"array.__ilshift__", "array.__lshift__"},
      {"array.__irshift__", "array.__rshift__"},
  };
  return all;
}

std::string_view in_place_base(std::string_view op) {
  const auto& all = in_place_operators();
  const auto found = std::find_if(all.begin(), all.end(),
                                  [op](const InPlaceOperator& entry) { return entry.name == op; });
  return found == all.end() ? std::string_view{} : std::string_view{found->base};
}

}  // namespace catalogue
