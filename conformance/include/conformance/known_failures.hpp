// Expectations files (`--expectations FILE`, docs/DESIGN.md section 4): the known failures of an
// implementation, each a check-id glob with the expected status and the upstream bug URL. A
// matching result becomes xfail; a pass where a failure is expected becomes xpass, which is
// unexpected. (What the standard expects of a step is another thing: expectation.hpp.)
//
// File format (JSON):
//   {"schema": "adc-expectations/1",
//    "expectations": [{"check": "mixed.matmul", "status": "fail",
//                      "bug": "https://github.com/pytorch/pytorch/issues/...",
//                      "implementation": "python:torch",   (optional glob, default "*")
//                      "note": "one line"}]}                 (optional)
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "conformance/check.hpp"

namespace conformance {

struct KnownFailure {
  std::string check{};               // glob over check ids (fnmatch: *, ?, [...])
  std::string implementation = "*";  // glob over --impl specs
  Status status = Status::fail;      // fail, error, crash or timeout
  std::string bug{};                 // required: a waiver needs a bug URL
  std::string note{};
};

class ExpectationsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads an expectations file; throws ExpectationsError with the path and what is wrong
// (unreadable, not JSON, wrong schema, a missing bug URL, an unknown status).
std::vector<KnownFailure> load_expectations(const std::string& path);

// The first known failure matching (implementation, check id), or nullptr.
const KnownFailure* find_known_failure(const std::vector<KnownFailure>& known,
                                       const std::string& implementation,
                                       const std::string& check_id);

// Applies expectations to a result: a result whose status is the expected one becomes xfail,
// a pass becomes xpass; `bug` is filled from the match. Other results are unchanged.
void apply_expectations(const std::vector<KnownFailure>& known, CheckResult& result);

// Whether a status is unexpected, i.e. makes the run exit 1: fail, error, crash, timeout, xpass.
bool is_unexpected(Status status);

// fnmatch-style glob matching, used for --filter as well.
bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace conformance
