// Which extreme a reduction looks for: max/min and argmax/argmin share their loops.
#pragma once

#include <type_traits>

namespace strict::internal {

enum class Extremum { max, min };

// Calls f(std::integral_constant<Extremum, which>{}), so that loops know `which` when compiled.
template <class F>
void visit_extremum(Extremum which, F&& f) {
  if (which == Extremum::max) {
    f(std::integral_constant<Extremum, Extremum::max>{});
  } else {
    f(std::integral_constant<Extremum, Extremum::min>{});
  }
}

}  // namespace strict::internal
