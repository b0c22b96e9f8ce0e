#include "child_ending.hpp"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

namespace conformance::adapter_support {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

int reap(pid_t pid) {
  int wait_status = 0;
  while (::waitpid(pid, &wait_status, 0) < 0 && errno == EINTR) {
  }
  return wait_status;
}

std::string describe_wait_status(int wait_status) {
  if (WIFSIGNALED(wait_status)) {
    const int signal = WTERMSIG(wait_status);
    return fmt::format("killed by signal {} ({})", signal, ::strsignal(signal));
  }
  if (WIFEXITED(wait_status)) return fmt::format("exited with status {}", WEXITSTATUS(wait_status));
  return "ended";
}

void StderrTail::watch(int fd) {
  close();
  fd_ = fd;
  text_.clear();
}

void StderrTail::drain(int timeout_ms) {
  char buffer[8192];
  while (fd_ >= 0) {
    pollfd ready{fd_, POLLIN, 0};
    if (::poll(&ready, 1, timeout_ms) <= 0) return;
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close();
      return;
    }
    text_.append(buffer, static_cast<std::size_t>(n));
    if (text_.size() > limit_) text_.erase(0, text_.size() - limit_);
  }
}

}  // namespace conformance::adapter_support
