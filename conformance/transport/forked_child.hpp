// A forked child of this process that serves requests over a socket: bytes in, frames out (a
// length, then that many bytes), its stderr kept to explain how it ended. Neither side blocks the
// other: requests wait in a queue while frames are read. The transport under ForkedWorker (one
// program per request) and the runner's check worker (one whole check per request).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "child_ending.hpp"
#include "child_io.hpp"

namespace conformance::adapter_support {

class ForkedChild {
 public:
  // Runs in the child on its end of the socket, and must end it with _exit (never return):
  // the parent's destructors and atexit handlers are the parent's to run.
  using Serve = std::function<void(int channel)>;

  explicit ForkedChild(std::size_t stderr_bytes) : stderr_(stderr_bytes) {}
  ~ForkedChild() { stop(); }
  ForkedChild(const ForkedChild&) = delete;
  ForkedChild& operator=(const ForkedChild&) = delete;

  bool running() const { return pid_ >= 0; }
  // Forks a child that runs `serve` with SIGINT ignored (Ctrl-C is the harness's to handle) and
  // its stderr in a pipe. Throws std::runtime_error when it cannot.
  void start(const Serve& serve);
  // Queues `bytes` for the child, written as far as the socket takes them now and the rest while
  // frames are awaited.
  void post(std::string_view bytes);

  enum class Next { frame, timeout, closed };
  // The next frame's bytes into `frame`, waiting up to `timeout_ms`. `closed`: the child closed
  // its end (it died); call reap().
  Next next(int timeout_ms, std::string& frame);

  // After `closed`: waits for the child to end and reads the rest of its stderr. How it ended, in
  // words ("killed by signal 6 (Aborted)").
  std::string reap();
  // Kills the child if it runs (its stderr read as far as it is there) and reaps it.
  void stop();
  // The end of the child's stderr, as far as read.
  const std::string& stderr_tail() const { return stderr_.text(); }

 private:
  // Waits up to `timeout_ms` for the socket, writes what it takes of the queue and reads what
  // the child wrote (and its stderr). False when nothing was ready in time.
  bool exchange(int timeout_ms);

  pid_t pid_ = -1;
  int channel_ = -1;  // our end of the socket (never blocks)
  StderrTail stderr_;
  OutgoingBytes to_child_{};
  std::string pending_{};  // the child's output; bytes before `read_` are consumed
  std::size_t read_ = 0;
  bool child_wrote_all_ = false;  // its end of the socket is closed
  int wait_status_ = 0;
};

// In the child: writes one frame, blocking; false when the parent is gone.
bool send_frame(int channel, std::string_view bytes);

// A document as a child sends it in a frame (the parent reads it with nlohmann::json::from_cbor):
// CBOR, not JSON text, which has no NaN or infinity (an in-process library reports the values it
// computed: strict's acos(2) is NaN, and the harness must see what it would see unforked), with
// invalid UTF-8 in its strings replaced by U+FFFD, as the harness writes them out as JSON again.
std::string cbor_frame(nlohmann::json document);

}  // namespace conformance::adapter_support
