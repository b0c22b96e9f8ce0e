// The shared argument binder (adapters/common/call_arguments.hpp) under the names the strict
// adapter's files use.
#pragma once

#include "call_arguments.hpp"

namespace conformance::strict_internal {

using adapter_support::Arguments;
using adapter_support::bind;
using adapter_support::in_place_base;
using adapter_support::parameter_names;
using adapter_support::Unsupported;

}  // namespace conformance::strict_internal
