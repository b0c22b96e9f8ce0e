// The inspection namespace of spec/2024.12/API_specification/inspection.rst:
// `xp.__array_namespace_info__()` is strict::array_namespace_info() (a C++ name may not contain
// a double underscore).
#pragma once

#include <optional>
#include <vector>

#include "strict/device.hpp"
#include "strict/dtype.hpp"

namespace strict {

// capabilities(): the "boolean indexing", "data-dependent shapes" and "max dimensions" keys.
struct Capabilities {
  bool boolean_indexing = true;
  bool data_dependent_shapes = true;
  // "If a conforming implementation supports arrays having an arbitrary number of dimensions
  // (potentially infinite), the corresponding dictionary value must be None" (info.py,
  // capabilities, 2024.12). strict's shapes have no limit, so None.
  std::optional<int> max_dimensions;
};

class Info {
 public:
  Capabilities capabilities() const;
  // strict::default_device(): the innermost DefaultDeviceGuard of this thread, else the global
  // default (see info.cpp for why).
  Device default_device() const;
  // The enabled devices, "cpu" first; each is a valid device= argument.
  std::vector<Device> devices() const;
  // The default dtypes of `device`; None: of default_device().
  DefaultDTypes default_dtypes(std::optional<Device> device = std::nullopt) const;
  // The dtypes `device` supports (None: default_device()), in the order of all_dtypes, limited
  // to `kind` when given.
  std::vector<DType> dtypes(std::optional<Device> device = std::nullopt,
                            std::optional<DTypeKind> kind = std::nullopt) const;
  // As above for a tuple of kinds: the dtypes "belonging to at least one of the specified data
  // type kinds".
  std::vector<DType> dtypes(std::optional<Device> device,
                            const std::vector<DTypeKind>& kinds) const;
};

Info array_namespace_info();

}  // namespace strict
