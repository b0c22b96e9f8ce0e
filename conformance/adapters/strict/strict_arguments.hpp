// The shared argument binder (adapters/common/call_arguments.hpp) under the names the strict
// adapter's files use.
#pragma once

#include "call_arguments.hpp"
#include "catalogue/catalogue.hpp"

namespace conformance::strict_internal {

using adapter_support::Arguments;
using adapter_support::bind;
using adapter_support::parameter_names;
using adapter_support::Unsupported;
using catalogue::in_place_base;

}  // namespace conformance::strict_internal
