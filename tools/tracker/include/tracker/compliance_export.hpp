// A run in the report format of the data-apis compliance-data dashboard (schema v1 of
// data-apis/array-api-tests-compliance-data, reports/schema/compliance-data-v1.schema.json), so
// device results can sit beside the rest of the standard's compliance data: one report per
// implementation run, each check a test ("device/<check id>") with a pytest-style outcome.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "conformance/tracker.hpp"

namespace tracker {

struct ComplianceExportOptions {
  std::string suite_commit{};  // this suite's revision: 40 hexadecimal digits (git rev-parse HEAD)
  std::string python = "unknown";  // the interpreter's version, platform.python_version()
};

// The report of `run`, one implementation of `tracker`. Throws TrackerError for a commit that is
// not 40 hexadecimal digits.
nlohmann::ordered_json compliance_report(const conformance::Tracker& tracker,
                                         const conformance::ImplementationRun& run,
                                         const ComplianceExportOptions& options);

// "python:torch" -> "python-torch": a file name for an implementation's report.
std::string report_file_name(const std::string& implementation);

}  // namespace tracker
