// `conformance --impl python:<fake>` over the fake namespaces of tests/support/python_fakes/, with
// the environment that configures them (FAKEXP_VERSION, FAKEXP_LIKE, FAKEXP_BUG), and what it
// wrote.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "build_locations.hpp"
#include "conformance/tracker.hpp"

namespace conformance::testing {

struct FakeRun {
  int status = -1;
  std::string output{};
  Tracker tracker{};
  std::map<std::string, CheckResult> results{};  // check id -> result
};

// Runs `conformance --impl python:<module> <args> --json ...` with `environment` ("NAME=value
// ..."), seeded; `label` names its temporary directory.
inline FakeRun run_fake(const std::string& module, const std::string& environment,
                        const std::string& args, const std::string& label) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(::testing::TempDir()) / ("fake_run_" + label);
  fs::create_directories(dir);
  const fs::path json = dir / "tracker.json";
  const fs::path out = dir / "out.txt";
  fs::remove(json);
  const std::string command = "PYTHONPATH='" + std::string(adc::build_locations::python_fakes) +
                              "' " + environment + " '" + adc::build_locations::conformance_binary +
                              "' --impl python:" + module + " " + args + " --seed 3 --json '" +
                              json.string() + "' >'" + out.string() + "' 2>&1";
  const int raw = std::system(command.c_str());
  FakeRun run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream text(out);
  run.output.assign(std::istreambuf_iterator<char>(text), std::istreambuf_iterator<char>());
  std::ifstream in(json);
  if (!in) return run;
  run.tracker = tracker_from_json(nlohmann::json::parse(in));
  for (const auto& result : run.tracker.implementations.at(0).results)
    run.results[result.info.id] = result;
  return run;
}

}  // namespace conformance::testing
