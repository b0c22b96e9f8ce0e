// Reproductions in C++: a complete program using only <ATen/ATen.h> (and <ATen/DLConvertor.h>)
// that rebuilds a program's steps as the libtorch calls the adapter makes (torch_dispatch_*.cpp)
// and exits 1, printing the broken rule, when the expectation is broken at the step under test
// (0 otherwise). No torch header is needed to write one.
#pragma once

#include <string>
#include <vector>

#include "conformance/oracle.hpp"
#include "conformance/outcome.hpp"
#include "conformance/program.hpp"

namespace conformance::torch_internal {

// `devices` are the handshake's devices as c10::Device strings ("cpu", "meta"), in order;
// `replay` the outcomes of the program's steps before `step` (which raised, which did not run).
std::string write_reproduction(const Program& program, int step, const Expectation& expectation,
                               const std::vector<std::string>& devices,
                               const std::vector<StepOutcome>& replay);

}  // namespace conformance::torch_internal
