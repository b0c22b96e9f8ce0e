// The run loop: one Session per program, one StepOutcome per step.
#pragma once

#include <ATen/ATen.h>

#include <vector>

#include "conformance/outcome.hpp"
#include "conformance/program.hpp"

namespace conformance::torch_internal {

ProgramOutcome run_program(const Program& program, const std::vector<at::Device>& devices);

}  // namespace conformance::torch_internal
