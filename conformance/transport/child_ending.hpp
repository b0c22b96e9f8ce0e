// What the harness keeps of a child process to say why it ended: the tail of its stderr and its
// wait status in words. Shared by the Python adapter's interpreter (child_process.cpp in
// adapters/python/) and the in-process adapters' forked worker (forked_worker.cpp).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>

namespace conformance::adapter_support {

// Closes `fd` if it is open, and marks it closed (-1).
void close_fd(int& fd);

// Waits for child `pid` to end (through interrupted waits) and returns its wait status.
int reap(pid_t pid);

// "killed by signal 11 (Segmentation fault)", "exited with status 3", or "ended".
std::string describe_wait_status(int wait_status);

// The read end of a child's stderr pipe, read whenever it has something (so a child never
// blocks on a full pipe), keeping its last `limit` bytes.
class StderrTail {
 public:
  explicit StderrTail(std::size_t limit) : limit_(limit) {}
  ~StderrTail() { close(); }
  StderrTail(const StderrTail&) = delete;
  StderrTail& operator=(const StderrTail&) = delete;

  // Reads from `fd` from now on (and owns it), with an empty tail.
  void watch(int fd);
  // The descriptor to poll; -1 once the child closed its end (or before watch()).
  int fd() const { return fd_; }
  // Reads what there is, waiting up to `timeout_ms` for each more; stops at a quiet pipe or at
  // its end (then closes it).
  void drain(int timeout_ms);
  const std::string& text() const { return text_; }
  void close() { close_fd(fd_); }

 private:
  std::size_t limit_;
  int fd_ = -1;
  std::string text_{};
};

}  // namespace conformance::adapter_support
