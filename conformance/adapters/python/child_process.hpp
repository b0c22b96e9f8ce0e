// A child process with its stdin and stdout as pipes, read line by line under a deadline. Its
// stderr goes to a pipe too; the last few kilobytes are kept to explain a crash or a failed start.
// Input can be queued without waiting (post): it goes out while the harness waits for replies
// later, and replies are read while input goes out, so neither side blocks the other.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <vector>

#include "child_ending.hpp"
#include "child_io.hpp"
#include "json_lines.hpp"

namespace conformance::python_internal {

class ChildProcess {
 public:
  // Starts `argv[0]` (a path, or a name looked up in PATH) with `extra_environment` entries
  // ("NAME=value") added. Throws std::runtime_error when it cannot be started at all.
  ChildProcess(const std::vector<std::string>& argv,
               const std::vector<std::string>& extra_environment);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  enum class Wait { line, timeout, closed, too_long };
  struct Reply {
    Wait wait = Wait::closed;
    std::string line{};  // for Wait::line
  };

  // Queues `line` and a newline and writes what the pipe takes now, without waiting; the rest
  // goes out during later calls. False when the child no longer reads (it died).
  bool post(const std::string& line);
  // Writes `line` and a newline, and anything queued before it, within `timeout_ms`. False when
  // the child no longer reads (it died) or did not take it in time.
  bool send(const std::string& line, int timeout_ms);
  // The next line of stdout within `timeout_ms`; lines longer than `max_bytes` are too_long.
  // Queued input goes on being written meanwhile.
  Reply receive(int timeout_ms, std::size_t max_bytes);

  // Kills the child (SIGKILL) if it still runs and reaps it. Idempotent.
  void kill();
  // After closed: reaps the child and describes how it ended ("killed by signal 11 (Segmentation
  // fault)", "exited with status 3").
  std::string exit_description();
  // The child's stderr so far (its tail).
  const std::string& stderr_tail();

 private:
  // Waits up to `timeout_ms` for the pipes, then writes what the child's stdin takes and reads
  // what its stdout and stderr hold. False when nothing was ready in time.
  bool exchange(int timeout_ms);
  // Reads what the child's stdout holds now into its lines.
  void read_available();

  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  LineBuffer stdout_lines_{};
  adapter_support::OutgoingBytes input_{};  // for the child's stdin, until it no longer reads
  adapter_support::StderrTail stderr_{8192};
  int wait_status_ = 0;
  bool reaped_ = false;
};

}  // namespace conformance::python_internal
