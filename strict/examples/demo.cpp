// A downstream bug strict is built to catch: a helper creates an array without device= and so
// drops the caller's device. strict raises at the first mixed-device operation and says where
// each operand's device was chosen.
#include <cstdio>

#include <fmt/format.h>

#include "strict/strict.hpp"

namespace {

// The bug: zeros() without device= lands on the default device, not on x's device.
strict::Array offset_for(const strict::Array& x) {
  return strict::zeros(x.shape());
}

}  // namespace

int main() {
  const strict::Device device1("device1");
  const strict::Array x = strict::zeros({2, 3}, {.device = device1});
  const strict::Array y = strict::sin(x);
  fmt::print("x is on {}; sin(x) is on {}\n", x.device(), y.device());
  try {
    strict::add(y, offset_for(y));
  } catch (const strict::DeviceMismatchError& error) {
    fmt::print("strict caught a dropped device:\n  {}\n", error.what());
  }
  try {
    (void)y.scalars();
  } catch (const strict::HostAccessError& error) {
    fmt::print("strict refuses host reads off the host:\n  {}\n", error.what());
  }
  const strict::Array on_host = y.to_device(strict::Device::cpu());
  fmt::print("after to_device(cpu): {} elements readable; transfers device1->cpu: {}\n",
             on_host.scalars().size(), strict::transfer_count(device1, strict::Device::cpu()));
  return 0;
}
