// Stopping a long computation from outside. A binding installs a check that throws when the call
// must end now (strict_xp's: a Python signal handler's exception, from Ctrl-C or a test timeout);
// strict's long kernels call interruption_point with the work they are about to do, and the
// check runs about every ten milliseconds of work. Without a check (C++ alone) nothing stops.
#pragma once

#include <cstdint>

namespace strict {

// The check: returns to go on, throws to end the call (the exception leaves strict's function
// as any error does). nullptr removes it.
using InterruptionCheck = void (*)();
void set_interruption_check(InterruptionCheck check);

// Counts `work` (about one unit per element operation) on this thread and calls the check once
// the count since the last call passes about ten milliseconds' worth. Cheap to call often.
void interruption_point(std::int64_t work = 1);

}  // namespace strict
