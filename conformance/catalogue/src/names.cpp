// The names of device rules and namespaces, as reports print them; catalogue_generator spells the
// enumerators with them too.
#include "catalogue/catalogue.hpp"

namespace catalogue {

std::string_view name(DeviceRule rule) {
  switch (rule) {
    case DeviceRule::creation:
      return "creation";
    case DeviceRule::like:
      return "like";
    case DeviceRule::propagate:
      return "propagate";
    case DeviceRule::multi_input:
      return "multi_input";
    case DeviceRule::transfer:
      return "transfer";
    case DeviceRule::info:
      return "info";
    case DeviceRule::host:
      return "host";
  }
  return "unknown";
}

std::string_view name(Namespace ns) {
  switch (ns) {
    case Namespace::main:
      return "main";
    case Namespace::linalg:
      return "linalg";
    case Namespace::fft:
      return "fft";
    case Namespace::array_method:
      return "array_method";
    case Namespace::array_operator:
      return "array_operator";
    case Namespace::array_attribute:
      return "array_attribute";
    case Namespace::info:
      return "info";
  }
  return "unknown";
}

}  // namespace catalogue
