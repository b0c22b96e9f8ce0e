// A program generator that remembers what it drew. With a library across a process boundary a
// check's search runs two or more times (the planning rounds, then the search itself: property.cpp)
// and draws the same cases each time, from the same random state and size; generating them was the
// largest part of the harness's own time there. The remembered case is the same program with the
// same shrinks, so the search is unchanged.
#pragma once

#include <memory>

#include <rapidcheck.h>

#include "conformance/program.hpp"

namespace conformance::detail {

// What a remembered generator drew. A check planned ahead of its turn (planned_ahead.hpp) hands
// its draws to the check's own run, which draws the same cases again.
class DrawnCases;
std::shared_ptr<DrawnCases> nothing_drawn();

// `generator`, drawing each (random state, size) once for as long as `drawn` lives: a draw kept
// there is handed back instead of generated again.
rc::Gen<Program> remembered(rc::Gen<Program> generator,
                            std::shared_ptr<DrawnCases> drawn = nothing_drawn());

}  // namespace conformance::detail
