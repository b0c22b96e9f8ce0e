// A program generator that remembers what it drew. With a library across a process boundary a
// check's search runs two or more times (the planning rounds, then the search itself: property.cpp)
// and draws the same cases each time, from the same random state and size; generating them was the
// largest part of the harness's own time there. The remembered case is the same program with the
// same shrinks, so the search is unchanged.
#pragma once

#include <rapidcheck.h>

#include "conformance/program.hpp"

namespace conformance::detail {

// `generator`, drawing each (random state, size) once for the life of the returned generator and
// its copies.
rc::Gen<Program> remembered(rc::Gen<Program> generator);

}  // namespace conformance::detail
