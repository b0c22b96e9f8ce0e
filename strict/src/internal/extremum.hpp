// Which extreme a reduction looks for: max/min and argmax/argmin share their loops.
#pragma once

namespace strict::internal {

enum class Extremum { max, min };

}  // namespace strict::internal
