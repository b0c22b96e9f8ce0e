// Programs as JSON lines to a ForkedChild, outcomes back in CBOR frames, a deadline per program.
#include "forked_worker.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "conformance/program_json.hpp"

namespace conformance::adapter_support {
namespace {

// The child: a program per line in, its outcome's frame out, until the parent closes.
void serve(const RunProgram& run, int channel) {
  std::string pending;
  std::size_t start = 0;  // lines before it are served
  char buffer[65536];
  for (;;) {
    std::size_t newline;
    while ((newline = pending.find('\n', start)) == std::string::npos) {
      pending.erase(0, start);
      start = 0;
      const ssize_t n = ::read(channel, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) ::_exit(0);  // _exit: the parent's atexit handlers and destructors run once
      pending.append(buffer, static_cast<std::size_t>(n));
    }
    ProgramOutcome outcome;
    try {
      outcome = run(nlohmann::json::parse(std::string_view(pending).substr(start, newline - start))
                        .get<Program>());
    } catch (const std::exception& error) {
      outcome = {
          .status = RunStatus::protocol_error,
          .detail = fmt::format("the forked child could not run the program: {}", error.what())};
    }
    start = newline + 1;
    if (!send_frame(channel, cbor_frame(outcome))) ::_exit(3);
  }
}

}  // namespace

ProgramOutcome ForkedWorker::ended(RunStatus status, std::string detail) {
  if (!child_.stderr_tail().empty()) detail += "; its stderr ended: " + child_.stderr_tail();
  ProgramOutcome outcome;
  outcome.status = status;
  outcome.detail = std::move(detail);
  return outcome;
}

std::optional<ProgramOutcome> ForkedWorker::next_outcome(ProgramOutcome& failure) {
  std::string frame;
  switch (child_.next(timeout_ms_, frame)) {
    case ForkedChild::Next::frame:
      try {
        ProgramOutcome outcome = nlohmann::json::from_cbor(frame);
        return outcome;
      } catch (const std::exception& error) {
        child_.stop();
        failure = ended(RunStatus::protocol_error,
                        fmt::format("unreadable outcome from the forked child: {}", error.what()));
        return std::nullopt;
      }
    case ForkedChild::Next::closed: {
      const std::string how = child_.reap();
      failure =
          ended(RunStatus::crash, fmt::format("the forked child running the program was {}", how));
      return std::nullopt;
    }
    case ForkedChild::Next::timeout:
      child_.stop();
      failure = ended(RunStatus::timeout,
                      fmt::format("the program ran past {} ms in the forked child", timeout_ms_));
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<ProgramOutcome> ForkedWorker::post(const std::vector<Program>& programs) {
  if (programs.empty()) return std::nullopt;
  if (!child_.running()) {
    try {
      child_.start([this](int channel) { serve(run_, channel); });
    } catch (const std::exception& error) {
      ProgramOutcome failed;
      failed.status = RunStatus::crash;
      failed.detail = fmt::format("could not isolate the program: {}", error.what());
      return failed;
    }
    outstanding_ = 0;
  }
  std::string lines;
  for (const Program& program : programs) {
    append_json(lines, program);
    lines += '\n';
  }
  outstanding_ += programs.size();
  child_.post(lines);
  return std::nullopt;
}

ForkedBatch ForkedWorker::collect(std::size_t count) {
  ForkedBatch batch;
  for (std::size_t i = 0; i < count; ++i) {
    if (!child_.running()) {
      // It ended in a program before these: they were never run.
      ProgramOutcome lost;
      lost.status = RunStatus::crash;
      lost.detail = "the forked child ended before the program ran";
      batch.failed = std::move(lost);
      return batch;
    }
    ProgramOutcome failure;
    std::optional<ProgramOutcome> outcome = next_outcome(failure);
    if (!outcome) {
      batch.failed = std::move(failure);
      return batch;
    }
    --outstanding_;
    batch.completed.push_back(std::move(*outcome));
  }
  return batch;
}

ForkedBatch ForkedWorker::run(const std::vector<Program>& programs) {
  ForkedBatch batch;
  if (programs.empty()) return batch;
  // Their outcomes would come first, answering these programs with another's.
  if (outstanding_ > 0 && child_.running())
    throw std::logic_error("ForkedWorker::run with programs posted and not collected");
  if (auto failed = post(programs)) {
    batch.failed = std::move(failed);
    return batch;
  }
  return collect(programs.size());
}

}  // namespace conformance::adapter_support
