// Uses the installed strict: a mixed-device add must raise DeviceMismatchError.
#include <cstdio>

#include "strict/strict.hpp"

int main() {
  const strict::Array x = strict::zeros({2}, {.device = strict::Device("device1")});
  const strict::Array y = strict::zeros({2});
  try {
    (void)strict::add(x, y);
  } catch (const strict::DeviceMismatchError& e) {
    std::printf("uses_strict: %s\n", e.what());
    return 0;
  }
  std::puts("uses_strict: add() of device1 and cpu arrays did not raise");
  return 1;
}
