// Talking to a child process without blocking: bytes for it wait in a queue and go out as far as
// its pipe or socket takes them, and what it wrote is read as far as it is there. Shared by the
// Python adapter's interpreter (pipes) and the forked children (a socket), so that neither side
// ever waits for the other on a full buffer.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace conformance::adapter_support {

class OutgoingBytes {
 public:
  // Queues `bytes` behind those not written yet.
  void add(std::string_view bytes);
  // Writes what `fd` (non-blocking) takes now. The harness ignores SIGPIPE: a child that is gone
  // makes the write fail, and the queue closed.
  void write_to(int fd);
  // Bytes wait and the child still reads.
  bool waiting() const { return written_ < bytes_.size() && !closed_; }
  // The child's end is gone (a write failed with EPIPE or another error, or poll said so).
  bool closed() const { return closed_; }
  void close() { closed_ = true; }

 private:
  std::string bytes_{};  // those before `written_` are written
  std::size_t written_ = 0;
  bool closed_ = false;
};

// Reads what `fd` (non-blocking) holds now, handing each piece to `take`. False at its end (the
// child closed it, or an error); true when it is merely empty for now.
bool read_available(int fd, const std::function<void(std::string_view)>& take);

}  // namespace conformance::adapter_support
