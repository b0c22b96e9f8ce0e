// fork, a socket pair for programs and outcomes, a pipe for stderr, and a poll loop with a
// deadline per program.
#include "forked_worker.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace conformance::adapter_support {
namespace {

// Sends all of `text`; false when the peer is gone (no SIGPIPE).
bool send_all(int fd, const std::string& text) {
  std::size_t sent = 0;
  while (sent < text.size()) {
    const ssize_t n = ::send(fd, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

std::string json_line(const nlohmann::json& json) {
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
}

// The child: a program per line in, its outcome per line out, until the parent closes.
[[noreturn]] void serve(const RunProgram& run, int channel) {
  std::string pending;
  char buffer[65536];
  for (;;) {
    std::size_t newline;
    while ((newline = pending.find('\n')) == std::string::npos) {
      const ssize_t n = ::read(channel, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) ::_exit(0);  // _exit: the parent's atexit handlers and destructors run once
      pending.append(buffer, static_cast<std::size_t>(n));
    }
    ProgramOutcome outcome;
    try {
      outcome = run(nlohmann::json::parse(pending.substr(0, newline)).get<Program>());
    } catch (const std::exception& error) {
      outcome = {
          .status = RunStatus::protocol_error,
          .detail = fmt::format("the forked child could not run the program: {}", error.what())};
    }
    pending.erase(0, newline + 1);
    if (!send_all(channel, json_line(outcome))) ::_exit(3);
  }
}

}  // namespace

ForkedWorker::~ForkedWorker() {
  stop();
}

void ForkedWorker::start() {
  int sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    throw std::runtime_error(fmt::format("socketpair: {}", std::strerror(errno)));
  int errors[2];
  if (::pipe2(errors, O_CLOEXEC) != 0) {
    ::close(sockets[0]);
    ::close(sockets[1]);
    throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {sockets[0], sockets[1], errors[0], errors[1]})
      ::close(fd);
    throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
  }
  if (pid == 0) {
    // Ctrl-C is the harness's to handle (it stops between checks and writes what finished); the
    // child ends when the harness closes the socket.
    ::signal(SIGINT, SIG_IGN);
    ::close(sockets[0]);
    ::close(errors[0]);
    ::dup2(errors[1], STDERR_FILENO);
    serve(run_, sockets[1]);
  }
  ::close(sockets[1]);
  ::close(errors[1]);
  pid_ = pid;
  channel_ = sockets[0];
  stderr_.watch(errors[0]);
  pending_.clear();
}

void ForkedWorker::stop() {
  if (pid_ < 0) return;
  close_fd(channel_);  // a child waiting for the next program ends at EOF
  ::kill(pid_, SIGKILL);
  wait_status_ = reap(pid_);
  stderr_.close();
  pid_ = -1;
}

ProgramOutcome ForkedWorker::ended(RunStatus status, const std::string& what) {
  if (status == RunStatus::crash) {
    // Reap first: the exit status says how it died, and its stderr is complete.
    wait_status_ = reap(pid_);
    stderr_.drain(100);
    close_fd(channel_);
    stderr_.close();
    pid_ = -1;
  } else {
    stderr_.drain(0);
    stop();
  }
  std::string detail = status == RunStatus::crash
                           ? fmt::format("the forked child running the program was {}",
                                         describe_wait_status(wait_status_))
                           : what;
  if (!stderr_.text().empty()) detail += "; its stderr ended: " + stderr_.text();
  ProgramOutcome outcome;
  outcome.status = status;
  outcome.detail = std::move(detail);
  return outcome;
}

std::optional<ProgramOutcome> ForkedWorker::exchange(const Program& program,
                                                     ProgramOutcome& failure) {
  if (!send_all(channel_, json_line(program))) {
    failure = ended(RunStatus::crash, "");
    return std::nullopt;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms_);
  char buffer[65536];
  for (;;) {
    if (const std::size_t newline = pending_.find('\n'); newline != std::string::npos) {
      try {
        ProgramOutcome outcome = nlohmann::json::parse(pending_.substr(0, newline));
        pending_.erase(0, newline + 1);
        return outcome;
      } catch (const std::exception& error) {
        failure = ended(RunStatus::protocol_error,
                        fmt::format("unreadable outcome from the forked child: {}", error.what()));
        return std::nullopt;
      }
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      failure = ended(RunStatus::timeout,
                      fmt::format("the program ran past {} ms in the forked child", timeout_ms_));
      return std::nullopt;
    }
    pollfd fds[2] = {{channel_, POLLIN, 0}, {stderr_.fd(), POLLIN, 0}};
    const int ready = ::poll(fds, stderr_.fd() >= 0 ? 2 : 1, static_cast<int>(left.count()) + 1);
    if (ready < 0 && errno == EINTR) continue;
    if (stderr_.fd() >= 0 && (fds[1].revents & (POLLIN | POLLHUP)) != 0) stderr_.drain(0);
    if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
    const ssize_t n = ::read(channel_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      failure = ended(RunStatus::crash, "");
      return std::nullopt;
    }
    pending_.append(buffer, static_cast<std::size_t>(n));
  }
}

ForkedBatch ForkedWorker::run(const std::vector<Program>& programs) {
  ForkedBatch batch;
  for (const Program& program : programs) {
    if (pid_ < 0) {
      try {
        start();
      } catch (const std::exception& error) {
        ProgramOutcome failed;
        failed.status = RunStatus::crash;
        failed.detail = fmt::format("could not isolate the program: {}", error.what());
        batch.failed = std::move(failed);
        return batch;
      }
    }
    ProgramOutcome failure;
    std::optional<ProgramOutcome> outcome = exchange(program, failure);
    if (!outcome) {
      batch.failed = std::move(failure);
      return batch;
    }
    batch.completed.push_back(std::move(*outcome));
  }
  return batch;
}

}  // namespace conformance::adapter_support
