// The Adapter of an in-process backend: the handshake (the backend's devices and the operations
// its table maps), each program run through the kit's run loop, in this process or in a forked
// child, and reproductions written in the backend's C++ dialect after replaying the program. A
// backend gives what is its own (InProcessParts); an adapter with more to say (strict's injected
// faults) derives from this class. Isolated, it says so (isolation_timeout_ms), and the runner
// runs each check whole in a forked child where the adapter runs programs in that process; its own
// forked child, which takes batches ahead as the Python adapter's interpreter does, serves a check
// whose whole-check child crashed or hung, program by program.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "batches_ahead.hpp"
#include "conformance/adapter.hpp"
#include "cpp_reproduction.hpp"
#include "forked_worker.hpp"
#include "in_process_backend.hpp"
#include "operation_table.hpp"

namespace conformance::adapter_support {

template <class Backend>
struct InProcessParts {
  using Device = typename Backend::Device;

  const OperationTable<Backend>& table;
  const CppDialect& dialect;
  // The handshake without its devices and operations, which the kit fills in.
  Handshake identity;
  // The devices programs may name, in order: DeviceIndex i is devices[i].
  std::vector<Device> devices;
  // What the handshake says of one device: its name, dtypes and default dtypes.
  std::function<DeviceDescription(const Device&)> describe;
  // Where a program without a device puts its arrays; nullopt where the library says None.
  std::optional<Device> default_device;
  // Statements a reproduction runs before its first step (registering the devices, setting the
  // default device), as the backend's setup for the handshake's device names.
  std::function<std::string(const std::vector<std::string>& device_names)> setup = {};
  // When set, programs run in a forked child (forked_worker.hpp) with this timeout per program.
  std::optional<int> isolation_timeout_ms = std::nullopt;
};

template <class Backend>
class InProcessAdapter : public Adapter {
 public:
  explicit InProcessAdapter(InProcessParts<Backend> parts)
      : table_(parts.table),
        dialect_(parts.dialect),
        devices_(std::move(parts.devices)),
        handshake_(std::move(parts.identity)) {
    for (std::size_t i = 0; i < devices_.size(); ++i) {
      handshake_.devices.push_back(parts.describe(devices_[i]));
      device_names_.push_back(handshake_.devices.back().repr);
      if (parts.default_device && devices_[i] == *parts.default_device)
        handshake_.default_device = static_cast<int>(i);
    }
    handshake_.operations = table_.mapped_operations();
    if (parts.setup) setup_ = parts.setup(device_names_);
    if (parts.isolation_timeout_ms) {
      worker_.emplace(
          [this](const Program& program) {
            return run_program<Backend>(table_, program, devices_);
          },
          *parts.isolation_timeout_ms);
    }
  }

  const Handshake& handshake() const override { return handshake_; }

  ProgramOutcome run(const Program& program) override {
    if (!forked()) return run_program<Backend>(table_, program, devices_);
    sent_ahead_.read_all();  // the child answers in order: those come first
    ForkedBatch batch = worker_->run({program});
    if (!batch.completed.empty()) return std::move(batch.completed.front());
    return std::move(*batch.failed);
  }

  bool prefers_batches() const override { return forked(); }
  bool runs_ahead() const override { return forked(); }
  std::optional<int> isolation_timeout_ms() const override {
    return forked() ? std::optional(worker_->timeout_ms()) : std::nullopt;
  }
  void run_in_this_process() override { in_this_process_ = true; }

  void send_ahead(const std::vector<Program>& programs) override {
    if (!forked() || programs.empty()) return;
    if (!worker_->post(programs)) sent_ahead_.sent(programs);
  }

  std::vector<ProgramOutcome> run_batch(const std::vector<Program>& programs) override {
    if (!forked()) return Adapter::run_batch(programs);
    if (auto answered = sent_ahead_.take(programs)) return std::move(*answered);
    // Queued behind the batches sent ahead, so that the child goes on to it while their replies
    // are read. If the child ends in one of those, this batch ends with it (collect() says so).
    if (worker_->post(programs)) return {};
    sent_ahead_.read_all();
    return std::move(worker_->collect(programs.size()).completed);
  }

  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    return write_cpp_reproduction(dialect_, program, step, expectation, device_names_,
                                  replay(program, step), setup_);
  }

 private:
  // The outcomes of the program's steps through `step` (in the child, when isolated), so that
  // a reproduction knows which steps raised and which did not run. Where the step under test
  // ends the child, the steps before it still tell.
  std::vector<StepOutcome> replay(const Program& program, int step) const {
    if (!forked())
      return run_program<Backend>(table_, program_through(program, step), devices_).steps;
    sent_ahead_.read_all();
    ForkedBatch batch = worker_->run({program_through(program, step)});
    if (batch.completed.empty() && step > 0)
      batch = worker_->run({program_through(program, step - 1)});
    if (batch.completed.empty()) return {};
    return std::move(batch.completed.front().steps);
  }

  const OperationTable<Backend>& table_;
  const CppDialect& dialect_;
  std::vector<typename Backend::Device> devices_;
  std::vector<std::string> device_names_;  // as the handshake names them
  Handshake handshake_;
  std::string setup_;
  // Whether programs go to the forked child: isolated, and not in a child of the harness already.
  bool forked() const { return worker_.has_value() && !in_this_process_; }

  // The forked child, when isolated; a reproduction's replay uses it too, hence mutable.
  mutable std::optional<ForkedWorker> worker_;
  bool in_this_process_ = false;  // run_in_this_process() was called
  // Batches posted to the child ahead of their run_batch(); a child that ends in one has lost
  // the rest (collect() found that out and ended it).
  mutable BatchesAhead sent_ahead_{
      [this](const std::vector<Program>& programs, std::vector<ProgramOutcome>& outcomes) {
        ForkedBatch batch = worker_->collect(programs.size() - outcomes.size());
        for (auto& outcome : batch.completed)
          outcomes.push_back(std::move(outcome));
        return !batch.failed;
      }};
};

}  // namespace conformance::adapter_support
