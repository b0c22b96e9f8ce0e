// The Python adapter: one child interpreter at a time, one JSON line per program. Anything the
// child does wrong (dies, hangs, prints something else, replies too much) ends that program's run
// as crash / timeout / protocol_error, and the next program starts a fresh child.
#include "conformance/python_adapter.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <utility>

#include <fmt/format.h>

#include "batches_ahead.hpp"
#include "build_locations.hpp"
#include "catalogue/catalogue.hpp"
#include "child_process.hpp"
#include "conformance/generate.hpp"
#include "conformance/installed_files.hpp"
#include "conformance/program_json.hpp"
#include "conformance/python_reproduction.hpp"
#include "json_lines.hpp"

namespace conformance {
namespace {

using python_internal::ChildProcess;
using python_internal::HandshakeReply;
using python_internal::ProtocolError;
using python_internal::StartupError;

// Importing a library can take far longer than running a program (torch: about 1.3 s).
constexpr int kMinimumHandshakeMs = 60000;
constexpr int kSendTimeoutMs = 10000;

// Every name a program may use: the catalogue, the in-place operators and the harness's own.
std::vector<std::string> known_operations() {
  std::vector<std::string> names;
  for (const auto& op : catalogue::operations())
    names.emplace_back(op.name);
  for (const auto& [op, base] : catalogue::in_place_operators())
    names.push_back(op);
  names.emplace_back(harness_op::set_default_device);
  names.emplace_back(harness_op::observe);
  names.emplace_back(harness_op::compare_devices);
  return names;
}

// The last non-empty line of the child's stderr: usually the exception that ended it.
std::string last_line(const std::string& text) {
  std::size_t end = text.find_last_not_of("\r\n ");
  if (end == std::string::npos) return "";
  const std::size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1,
                     end - (start == std::string::npos ? 0 : start + 1) + 1);
}

std::string with_stderr(std::string detail, const std::string& stderr_tail) {
  const std::string line = last_line(stderr_tail);
  if (!line.empty()) detail += fmt::format("; its last stderr line: {}", line);
  return detail;
}

class PythonAdapter final : public Adapter {
 public:
  explicit PythonAdapter(PythonAdapterOptions options) : options_(std::move(options)) {
    if (options_.script.empty()) options_.script = find_python_adapter_script();
    if (!std::filesystem::exists(options_.script))
      throw PythonSetupError(fmt::format("the adapter script {} does not exist", options_.script));
    record_path_ = std::getenv("ADC_PYTHON_RECORD") ? std::getenv("ADC_PYTHON_RECORD") : "";
    auto reply = start();
    if (auto* error = std::get_if<std::string>(&reply)) throw PythonSetupError(*error);
    handshake_ = std::move(std::get<HandshakeReply>(reply).handshake);
    handshake_.implementation = implementation();
    // Results of peer steps index the peer's devices: outcomes are checked against the longer list.
    device_count_ = handshake_.devices.size();
    if (handshake_.peer) device_count_ = std::max(device_count_, handshake_.peer->devices.size());
  }

  const Handshake& handshake() const override { return handshake_; }

  ProgramOutcome run(const Program& program) override {
    sent_ahead_.read_all();  // the child answers in order: those come first
    if (!child_) {
      auto reply = start();
      if (auto* error = std::get_if<std::string>(&reply))
        return ended(RunStatus::crash, "the adapter could not be restarted: " + *error);
    }
    // {"program": ..., "type": "run"}, the keys in nlohmann's order, as everywhere.
    std::string line = R"({"program":)";
    append_json(line, program);
    line += R"(,"type":"run"})";
    record(program);
    if (!child_->send(line, kSendTimeoutMs)) return child_ended("while receiving a program");

    const auto reply = child_->receive(options_.timeout_ms, options_.max_reply_bytes);
    switch (reply.wait) {
      case ChildProcess::Wait::timeout:
        child_.reset();
        return ended(RunStatus::timeout,
                     fmt::format("no reply within {} ms; the adapter was killed and restarted",
                                 options_.timeout_ms));
      case ChildProcess::Wait::too_long:
        child_.reset();
        return ended(RunStatus::protocol_error,
                     fmt::format("a reply longer than {} bytes", options_.max_reply_bytes));
      case ChildProcess::Wait::closed:
        return child_ended("while running the program");
      case ChildProcess::Wait::line:
        break;
    }
    auto decoded = python_internal::decode_outcome(reply.line, program.steps.size(), device_count_);
    if (auto* outcome = std::get_if<ProgramOutcome>(&decoded)) return std::move(*outcome);
    child_.reset();  // out of step with us: a fresh child for the next program
    if (auto* error = std::get_if<ProtocolError>(&decoded))
      return ended(RunStatus::protocol_error, error->reason);
    const auto& startup = std::get<StartupError>(decoded);
    return ended(RunStatus::protocol_error,
                 fmt::format("the adapter reported {}: {}", startup.kind, startup.message));
  }

  bool prefers_batches() const override { return true; }
  bool runs_ahead() const override { return true; }

  void send_ahead(const std::vector<Program>& programs) override {
    if (programs.empty()) return;
    if (!child_ && std::holds_alternative<std::string>(start())) return;
    // A child that no longer reads is found out when its replies are read.
    if (child_->post(batch_request(programs))) sent_ahead_.sent(programs);
  }

  std::vector<ProgramOutcome> run_batch(const std::vector<Program>& programs) override {
    if (auto answered = sent_ahead_.take(programs)) return std::move(*answered);
    std::vector<ProgramOutcome> outcomes;
    if (programs.empty()) return outcomes;
    if (!child_ && std::holds_alternative<std::string>(start())) return outcomes;
    // Queued behind the batches sent ahead, so that the child goes on to it without waiting for
    // their replies to be read. If the child ends in one of those (read_all() then drops it),
    // this batch ends with it.
    const bool posted = child_->post(batch_request(programs));
    sent_ahead_.read_all();
    if (!posted || !child_ || !read_outcomes(programs, outcomes))
      child_.reset();  // out of step: a fresh child next
    return outcomes;
  }

  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    // Replayed so the script knows which earlier steps raised (those are wrapped) and which did
    // not run (those are left out).
    auto* self = const_cast<PythonAdapter*>(this);
    Program prefix;
    prefix.steps.assign(
        program.steps.begin(),
        program.steps.begin() +
            std::min<std::size_t>(program.steps.size(), static_cast<std::size_t>(step)));
    std::vector<StepOutcome> replayed;
    if (!prefix.steps.empty()) {
      ProgramOutcome outcome = self->run(prefix);
      if (outcome.status == RunStatus::completed) replayed = std::move(outcome.steps);
    }
    return python_reproduction(setup_, handshake_, program, replayed, step, expectation);
  }

 private:
  std::string batch_request(const std::vector<Program>& programs) {
    std::string request = R"({"programs":[)";
    for (std::size_t i = 0; i < programs.size(); ++i) {
      if (i > 0) request += ',';
      append_json(request, programs[i]);
      record(programs[i]);
    }
    request += R"(],"type":"run_batch"})";
    return request;
  }

  // Reads one reply per program not answered yet in `outcomes`, each within the per-program
  // timeout. False at the first that does not come back complete: the child is out of step, and
  // run() meets that program alone and reports it.
  bool read_outcomes(const std::vector<Program>& programs, std::vector<ProgramOutcome>& outcomes) {
    while (outcomes.size() < programs.size()) {
      const auto reply = child_->receive(options_.timeout_ms, options_.max_reply_bytes);
      if (reply.wait != ChildProcess::Wait::line) return false;
      auto decoded = python_internal::decode_outcome(
          reply.line, programs[outcomes.size()].steps.size(), device_count_);
      auto* outcome = std::get_if<ProgramOutcome>(&decoded);
      if (outcome == nullptr) return false;
      outcomes.push_back(std::move(*outcome));
    }
    return true;
  }

  // The --impl spec this adapter answers to.
  std::string implementation() const {
    return options_.route.empty() ? "python:" + options_.module
                                  : fmt::format("python:{}@{}", options_.module, options_.route);
  }

  // A fresh child and its handshake; a one-line reason when that fails.
  std::variant<HandshakeReply, std::string> start() {
    child_.reset();
    try {
      std::vector<std::string> environment{"PYTHONDONTWRITEBYTECODE=1"};
      if (const std::string quiet = find_quiet_torch_errors_library(); !quiet.empty())
        environment.push_back("ADC_QUIET_TORCH_ERRORS=" + quiet);
      std::vector<std::string> command{options_.python, "-u", options_.script, options_.module};
      if (!options_.peer.empty()) command.insert(command.end(), {"--peer", options_.peer});
      child_ = std::make_unique<ChildProcess>(command, environment);
    } catch (const std::exception& error) {
      return fmt::format("--python {}: {}", options_.python, error.what());
    }
    nlohmann::json request = {{"type", "handshake"},
                              {"implementation", implementation()},
                              {"operations", known_operations()}};
    // Only on a compiled route, so that an eager handshake request reads as before.
    if (!options_.route.empty()) request["route"] = options_.route;
    const int timeout = std::max(options_.timeout_ms, kMinimumHandshakeMs);
    if (!child_->send(request.dump(), kSendTimeoutMs))
      return failed_start("stopped before the handshake");
    const auto reply = child_->receive(timeout, options_.max_reply_bytes);
    switch (reply.wait) {
      case ChildProcess::Wait::timeout:
        child_.reset();
        return fmt::format("python:{}: no handshake within {} ms", options_.module, timeout);
      case ChildProcess::Wait::too_long:
        child_.reset();
        return fmt::format("python:{}: the handshake reply is longer than {} bytes",
                           options_.module, options_.max_reply_bytes);
      case ChildProcess::Wait::closed:
        return failed_start("ended before its handshake");
      case ChildProcess::Wait::line:
        break;
    }
    auto decoded = python_internal::decode_handshake(reply.line);
    if (auto* error = std::get_if<StartupError>(&decoded)) {
      child_.reset();
      if (error->kind == "not_a_namespace")
        return fmt::format("python:{} is not an array namespace: {}", options_.module,
                           error->message);
      return fmt::format("python:{}: the module does not import: {}", options_.module,
                         error->message);
    }
    if (auto* error = std::get_if<ProtocolError>(&decoded)) {
      child_.reset();
      return fmt::format("python:{}: unreadable handshake: {}", options_.module, error->reason);
    }
    auto& handshake = std::get<HandshakeReply>(decoded);
    setup_ = handshake.setup;
    // A restarted child must describe the same library: the checks index its devices.
    if (!handshake_.devices.empty() &&
        handshake.handshake.devices.size() != handshake_.devices.size()) {
      child_.reset();
      return "the restarted adapter lists a different number of devices";
    }
    return std::move(handshake);
  }

  // ADC_PYTHON_RECORD=FILE appends every program the child runs, one JSON line each, for
  // tools/bench to replay in a plain Python loop.
  void record(const Program& program) {
    if (record_path_.empty()) return;
    std::string line;
    append_json(line, program);
    std::ofstream(record_path_, std::ios::app) << line << '\n';
  }

  std::string failed_start(std::string_view when) {
    const std::string how = child_->exit_description();
    const std::string detail =
        with_stderr(fmt::format("python:{}: the adapter {} ({})", options_.module, when, how),
                    child_->stderr_tail());
    child_.reset();
    return detail;
  }

  ProgramOutcome child_ended(std::string_view when) {
    const std::string how = child_->exit_description();
    const std::string detail =
        with_stderr(fmt::format("the Python process {} {}", how, when), child_->stderr_tail());
    child_.reset();
    return ended(RunStatus::crash, detail);
  }

  static ProgramOutcome ended(RunStatus status, std::string detail) {
    ProgramOutcome outcome;
    outcome.status = status;
    outcome.detail = std::move(detail);
    return outcome;
  }

  PythonAdapterOptions options_;
  std::unique_ptr<ChildProcess> child_;
  Handshake handshake_;
  std::size_t device_count_ = 0;
  PythonSetup setup_;
  std::string record_path_;
  // A reply that does not come back complete ends the child: that batch's programs not answered
  // run alone when asked for, and the batches behind it run again, in a fresh child.
  adapter_support::BatchesAhead sent_ahead_{
      [this](const std::vector<Program>& programs, std::vector<ProgramOutcome>& outcomes) {
        if (child_ && read_outcomes(programs, outcomes)) return true;
        child_.reset();
        return false;
      }};
};

}  // namespace

std::unique_ptr<Adapter> make_python_adapter(const PythonAdapterOptions& options) {
  return std::make_unique<PythonAdapter>(options);
}

std::string find_python_adapter_script() {
  return find_program_file("ADC_PYTHON_ADAPTER", "array_api_adapter.py",
                           adc::build_locations::python_adapter_script);
}

std::string find_quiet_torch_errors_library() {
  const std::string path =
      find_program_file("ADC_QUIET_TORCH_ERRORS", "libadc_quiet_torch_errors.so",
                        adc::build_locations::quiet_torch_errors_library);
  return !path.empty() && std::filesystem::exists(path) ? path : std::string();
}

}  // namespace conformance
