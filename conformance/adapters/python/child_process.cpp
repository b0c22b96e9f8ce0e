// fork + exec with three pipes. The child runs in its own process group, so a terminal's Ctrl-C
// reaches the harness only (which then stops between checks) and a kill takes the library's own
// helper processes with it.
#include "child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

extern char** environ;

namespace conformance::python_internal {
namespace {

using Clock = std::chrono::steady_clock;

// Linux's limit for an unprivileged process (/proc/sys/fs/pipe-max-size).
constexpr int kPipeBytes = 1 << 20;

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() < 0 ? 0 : static_cast<int>(left.count());
}

using adapter_support::close_fd;

struct Pipe {
  int read = -1;
  int write = -1;
};

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
  return {fds[0], fds[1]};
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (auto& s : strings)
    out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv,
                           const std::vector<std::string>& extra_environment) {
  // A child that dies while we write must not kill the harness with SIGPIPE: write() then fails
  // with EPIPE, which send() reports.
  ::signal(SIGPIPE, SIG_IGN);

  std::vector<std::string> arguments = argv;
  std::vector<std::string> environment = extra_environment;
  for (char** entry = environ; *entry != nullptr; ++entry)
    environment.emplace_back(*entry);
  std::vector<char*> argument_pointers = pointers(arguments);
  std::vector<char*> environment_pointers = pointers(environment);

  Pipe input = make_pipe();
  Pipe output = make_pipe();
  Pipe errors = make_pipe();
  Pipe exec_status = make_pipe();  // stays open (CLOEXEC) until exec succeeds

  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
  if (pid_ == 0) {
    ::setpgid(0, 0);
    ::signal(SIGPIPE, SIG_DFL);
    ::dup2(input.read, STDIN_FILENO);
    ::dup2(output.write, STDOUT_FILENO);
    ::dup2(errors.write, STDERR_FILENO);
    ::execvpe(argument_pointers[0], argument_pointers.data(), environment_pointers.data());
    const int error = errno;
    [[maybe_unused]] const auto written = ::write(exec_status.write, &error, sizeof error);
    ::_exit(127);
  }
  ::close(input.read);
  ::close(output.write);
  ::close(errors.write);
  ::close(exec_status.write);
  to_child_ = input.write;
  from_child_ = output.read;
  // Our ends never block: input waits in input_ and replies are read when they are there.
  // Larger pipes let a batch sent ahead go out whole (best effort: the default is 64 KiB).
  for (const int fd : {to_child_, from_child_}) {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    ::fcntl(fd, F_SETPIPE_SZ, kPipeBytes);
  }
  stderr_.watch(errors.read);

  int exec_error = 0;
  ssize_t got = 0;
  do {
    got = ::read(exec_status.read, &exec_error, sizeof exec_error);
  } while (got < 0 && errno == EINTR);
  ::close(exec_status.read);
  if (got == static_cast<ssize_t>(sizeof exec_error)) {
    kill();
    close_fd(to_child_);
    close_fd(from_child_);
    stderr_.close();
    throw std::runtime_error(
        fmt::format("cannot run {}: {}", arguments.front(), std::strerror(exec_error)));
  }
}

ChildProcess::~ChildProcess() {
  close_fd(to_child_);
  kill();
  close_fd(from_child_);
  stderr_.close();
}

bool ChildProcess::post(const std::string& line) {
  if (input_.closed() || to_child_ < 0) return false;
  input_.add(line);
  input_.add("\n");
  input_.write_to(to_child_);
  // The child may be blocked writing replies nobody reads yet: take what it has written.
  read_available();
  return !input_.closed();
}

bool ChildProcess::send(const std::string& line, int timeout_ms) {
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  if (!post(line)) return false;
  while (input_.waiting()) {
    if (!exchange(remaining_ms(deadline))) return false;
  }
  return !input_.closed();
}

ChildProcess::Reply ChildProcess::receive(int timeout_ms, std::size_t max_bytes) {
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    std::string line;
    switch (stdout_lines_.next(line, max_bytes)) {
      case LineBuffer::Next::line:
        return {Wait::line, std::move(line)};
      case LineBuffer::Next::too_long:
        return {Wait::too_long, {}};
      case LineBuffer::Next::incomplete:
        break;
    }
    if (from_child_ < 0) return {Wait::closed, {}};
    if (!exchange(remaining_ms(deadline))) return {Wait::timeout, {}};
  }
}

bool ChildProcess::exchange(int timeout_ms) {
  const bool writing = input_.waiting();
  // poll() skips negative descriptors: a closed pipe is simply not watched.
  pollfd fds[3] = {
      {writing ? to_child_ : -1, POLLOUT, 0}, {from_child_, POLLIN, 0}, {stderr_.fd(), POLLIN, 0}};
  const int ready = ::poll(fds, 3, timeout_ms);
  if (ready < 0) return errno == EINTR;
  if (ready == 0) return false;
  // A child blocked writing its stderr would never read or answer: keep draining it.
  if (fds[2].revents != 0) stderr_.drain(0);
  if (fds[0].revents & (POLLERR | POLLHUP))
    input_.close();
  else if (fds[0].revents & POLLOUT)
    input_.write_to(to_child_);
  if (fds[1].revents != 0) read_available();
  return true;
}

void ChildProcess::read_available() {
  const auto take = [this](std::string_view bytes) { stdout_lines_.append(bytes); };
  if (from_child_ >= 0 && !adapter_support::read_available(from_child_, take))
    close_fd(from_child_);  // end of file, or an error: the child is gone
}

void ChildProcess::kill() {
  if (pid_ <= 0 || reaped_) return;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  wait_status_ = adapter_support::reap(pid_);
  reaped_ = true;
}

std::string ChildProcess::exit_description() {
  if (!reaped_ && pid_ > 0) {
    // Its stdout closed: it is exiting. Give it a moment before forcing the issue.
    for (int i = 0; i < 100 && !reaped_; ++i) {
      const pid_t done = ::waitpid(pid_, &wait_status_, WNOHANG);
      if (done == pid_)
        reaped_ = true;
      else
        ::usleep(10000);
    }
    if (!reaped_) return "closed its output but did not exit";
  }
  stderr_.drain(100);
  return adapter_support::describe_wait_status(wait_status_);
}

const std::string& ChildProcess::stderr_tail() {
  stderr_.drain(0);
  return stderr_.text();
}

}  // namespace conformance::python_internal
