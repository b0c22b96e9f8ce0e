// Whether a torch test can run: the build made the plugin. Skipped with the reason otherwise,
// unless ADC_REQUIRE_TORCH_ADAPTER is set (tools/test sets it for the build that must have it).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>

#include "conformance/torch_adapter.hpp"

#define ADC_REQUIRE_TORCH_PLUGIN_OR_SKIP()                                                 \
  do {                                                                                     \
    if (conformance::find_torch_adapter_plugin().empty()) {                                \
      if (std::getenv("ADC_REQUIRE_TORCH_ADAPTER") != nullptr)                             \
        FAIL() << "ADC_REQUIRE_TORCH_ADAPTER is set, but this build has no torch adapter"; \
      GTEST_SKIP() << "this build has no torch adapter (CMake found no libtorch, or "      \
                      "-DADC_WITH_TORCH=OFF)";                                             \
    }                                                                                      \
  } while (false)
