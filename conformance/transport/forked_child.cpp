// fork, a socket pair for requests and frames, a pipe for stderr, and a poll loop that writes
// queued requests while it reads frames.
#include "forked_child.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace conformance::adapter_support {
namespace {

// Room for a batch of requests, and for the frames the child writes while the harness is busy
// (best effort: Linux caps it at net.core.wmem_max / rmem_max).
constexpr int kSocketBytes = 1 << 20;

using FrameSize = std::uint32_t;

bool send_all(int fd, const char* data, std::size_t size) {
  std::size_t sent = 0;
  while (sent < size) {
    const ssize_t n = ::send(fd, data + sent, size - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

// Invalid UTF-8 replaced by U+FFFD (as dump's `replace` does) in every string of the document;
// only strings with non-ASCII bytes are looked at.
void replace_invalid_utf8(nlohmann::json& document) {
  if (document.is_string()) {
    const auto& text = document.get_ref<const std::string&>();
    if (std::any_of(text.begin(), text.end(), [](char c) { return (c & 0x80) != 0; }))
      document = nlohmann::json::parse(
          document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  } else if (document.is_structured()) {
    for (auto& element : document)
      replace_invalid_utf8(element);
  }
}

}  // namespace

std::string cbor_frame(nlohmann::json document) {
  replace_invalid_utf8(document);
  std::string frame;
  nlohmann::json::to_cbor(document, frame);
  return frame;
}

bool send_frame(int channel, std::string_view bytes) {
  const auto size = static_cast<FrameSize>(bytes.size());
  char header[sizeof size];
  std::memcpy(header, &size, sizeof size);
  return send_all(channel, header, sizeof header) && send_all(channel, bytes.data(), bytes.size());
}

void ForkedChild::start(const Serve& serve) {
  stop();
  int sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    throw std::runtime_error(fmt::format("socketpair: {}", std::strerror(errno)));
  for (const int fd : sockets) {
    ::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &kSocketBytes, sizeof kSocketBytes);
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &kSocketBytes, sizeof kSocketBytes);
  }
  int errors[2];
  if (::pipe2(errors, O_CLOEXEC) != 0) {
    ::close(sockets[0]);
    ::close(sockets[1]);
    throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {sockets[0], sockets[1], errors[0], errors[1]})
      ::close(fd);
    throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
  }
  if (pid == 0) {
    // The child ends when the harness closes the socket, or dies: another forked child may hold
    // a copy of the harness's end (fork copies every descriptor), so the end of input alone does
    // not say the harness is gone.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(0);
    ::signal(SIGINT, SIG_IGN);
    ::close(sockets[0]);
    ::close(errors[0]);
    ::dup2(errors[1], STDERR_FILENO);
    serve(sockets[1]);
    ::_exit(0);
  }
  ::close(sockets[1]);
  ::close(errors[1]);
  // A child that dies while we write must not kill the harness with SIGPIPE: the write fails.
  ::signal(SIGPIPE, SIG_IGN);
  pid_ = pid;
  channel_ = sockets[0];
  ::fcntl(channel_, F_SETFL, ::fcntl(channel_, F_GETFL) | O_NONBLOCK);
  stderr_.watch(errors[0]);
  to_child_ = {};
  pending_.clear();
  read_ = 0;
  child_wrote_all_ = false;
}

void ForkedChild::post(std::string_view bytes) {
  to_child_.add(bytes);
  to_child_.write_to(channel_);
}

ForkedChild::Next ForkedChild::next(int timeout_ms, std::string& frame) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    const std::size_t unread = pending_.size() - read_;
    if (FrameSize size = 0; unread >= sizeof size) {
      std::memcpy(&size, pending_.data() + read_, sizeof size);
      if (unread - sizeof size >= size) {
        frame.assign(pending_, read_ + sizeof size, size);
        read_ += sizeof size + size;
        return Next::frame;
      }
    }
    if (child_wrote_all_) return Next::closed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return Next::timeout;
    exchange(static_cast<int>(left.count()) + 1);
  }
}

std::string ForkedChild::reap() {
  if (pid_ < 0) return describe_wait_status(wait_status_);
  // Reap first: the exit status says how it died, and its stderr is complete.
  wait_status_ = adapter_support::reap(pid_);
  stderr_.drain(100);
  close_fd(channel_);
  stderr_.close();
  pid_ = -1;
  return describe_wait_status(wait_status_);
}

void ForkedChild::stop() {
  if (pid_ < 0) return;
  stderr_.drain(0);
  close_fd(channel_);  // a child waiting for the next request ends at EOF
  ::kill(pid_, SIGKILL);
  wait_status_ = adapter_support::reap(pid_);
  stderr_.close();
  pid_ = -1;
}

bool ForkedChild::exchange(int timeout_ms) {
  const bool writing = to_child_.waiting();
  const short events = writing ? POLLIN | POLLOUT : POLLIN;
  pollfd fds[2] = {{channel_, events, 0}, {stderr_.fd(), POLLIN, 0}};  // poll skips fd -1
  const int ready = ::poll(fds, 2, timeout_ms);
  if (ready < 0) return errno == EINTR;
  if (ready == 0) return false;
  // A child blocked writing its stderr would never answer: keep draining it.
  if (fds[1].revents != 0) stderr_.drain(0);
  if (writing && (fds[0].revents & POLLOUT) != 0) to_child_.write_to(channel_);
  if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) == 0) return true;
  if (read_ == pending_.size()) {
    pending_.clear();
    read_ = 0;
  }
  const auto take = [this](std::string_view bytes) { pending_.append(bytes); };
  // At the end of file, or an error, the child is gone.
  if (!read_available(channel_, take)) child_wrote_all_ = true;
  return true;
}

}  // namespace conformance::adapter_support
