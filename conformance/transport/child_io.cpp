#include "child_io.hpp"

#include <unistd.h>

#include <cerrno>

namespace conformance::adapter_support {

void OutgoingBytes::add(std::string_view bytes) {
  if (written_ == bytes_.size()) {
    bytes_.clear();
    written_ = 0;
  }
  bytes_ += bytes;
}

void OutgoingBytes::write_to(int fd) {
  while (waiting()) {
    const ssize_t n = ::write(fd, bytes_.data() + written_, bytes_.size() - written_);
    if (n > 0) {
      written_ += static_cast<std::size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return;  // full: the rest goes out while the harness waits for what the child writes
    } else {
      closed_ = true;  // EPIPE: the child is gone, which reading what it wrote finds out
    }
  }
}

bool read_available(int fd, const std::function<void(std::string_view)>& take) {
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      take(std::string_view(buffer, static_cast<std::size_t>(n)));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return true;
    } else {
      return false;
    }
  }
}

}  // namespace conformance::adapter_support
