// The check worker's child: a check's index in (4 bytes), signs of life and the check's result
// out, each a frame whose first byte says which.
#include "check_worker.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "conformance/tracker.hpp"

namespace conformance::detail {
namespace {

using Clock = std::chrono::steady_clock;
using CheckIndex = std::uint32_t;

constexpr char kSignOfLife = 'l';
constexpr char kResult = 'r';

// Reads exactly `size` bytes; false at the end of input (the parent closed) or an error.
bool read_exactly(int fd, char* data, std::size_t size) {
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::read(fd, data + got, size - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    got += static_cast<std::size_t>(n);
  }
  return true;
}

// The adapter the check runs against in the child: the real one, with a sign of life to the
// parent before a program when the last was a while ago.
class SignsOfLife final : public Adapter {
 public:
  SignsOfLife(Adapter& inner, int channel) : inner_(inner), channel_(channel) {}

  const Handshake& handshake() const override { return inner_.handshake(); }
  ProgramOutcome run(const Program& program) override {
    show_life();
    return inner_.run(program);
  }
  std::vector<ProgramOutcome> run_batch(const std::vector<Program>& programs) override {
    show_life();
    return inner_.run_batch(programs);
  }
  bool prefers_batches() const override { return inner_.prefers_batches(); }
  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    return inner_.reproduction(program, step, expectation);
  }

 private:
  void show_life() {
    const auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(CheckWorker::kSignOfLifeMs)) return;
    last_ = now;
    if (!adapter_support::send_frame(channel_, std::string(1, kSignOfLife))) ::_exit(3);
  }

  Adapter& inner_;
  int channel_;
  Clock::time_point last_{};
};

}  // namespace

void CheckWorker::serve(int channel) {
  adapter_.run_in_this_process();
  SignsOfLife adapter(adapter_, channel);
  for (;;) {
    CheckIndex index = 0;
    if (!read_exactly(channel, reinterpret_cast<char*>(&index), sizeof index)) ::_exit(0);
    const CheckResult result = run_(index, adapter);
    std::string frame(1, kResult);
    frame += adapter_support::cbor_frame(result);
    if (!adapter_support::send_frame(channel, frame)) ::_exit(3);
  }
}

std::optional<CheckResult> CheckWorker::run(std::size_t index) {
  if (!child_.running()) {
    try {
      child_.start([this](int channel) { serve(channel); });
    } catch (const std::exception&) {
      return std::nullopt;  // the careful way forks too, and reports why it cannot
    }
  }
  const auto request = static_cast<CheckIndex>(index);
  child_.post(std::string_view(reinterpret_cast<const char*>(&request), sizeof request));
  std::string frame;
  for (;;) {
    switch (child_.next(silence_ms_, frame)) {
      case adapter_support::ForkedChild::Next::frame:
        if (frame.size() == 1 && frame[0] == kSignOfLife) continue;
        if (!frame.empty() && frame[0] == kResult) {
          try {
            CheckResult result = nlohmann::json::from_cbor(std::string_view(frame).substr(1));
            return result;
          } catch (const std::exception&) {
          }
        }
        child_.stop();  // out of step with us
        return std::nullopt;
      case adapter_support::ForkedChild::Next::closed:
        child_.reap();
        return std::nullopt;
      case adapter_support::ForkedChild::Next::timeout:
        child_.stop();
        return std::nullopt;
    }
  }
}

}  // namespace conformance::detail
